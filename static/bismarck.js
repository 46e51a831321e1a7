// Bismarck: tap to pick each player's tricks. One row of numbers (drawn by the page) writes the marked player's
// tricks and moves the mark on to the next player round the table (the last one fills itself,
// tricks.js): a deal's tricks in two taps. Typing and the steppers work as before.
(function () {
  "use strict";
  document.querySelectorAll("[data-tricks]").forEach(function (box) {
    var inputs = [].slice.call(box.querySelectorAll("input")), pad = box.querySelector(".pad"), target;
    function aim(input) {
      if (target) target.classList.remove("picking");
      target = input;
      input.classList.add("picking");
      pad.setAttribute("aria-label", input.labels[0].textContent);
    }
    pad.addEventListener("click", function (e) {
      if (e.target.tagName !== "BUTTON") return;
      target.value = e.target.textContent;
      target.dispatchEvent(new Event("input", { bubbles: true }));
      aim(inputs[(inputs.indexOf(target) + 1) % inputs.length]);
    });
    inputs.forEach(function (input) {
      input.addEventListener("focus", function () { aim(input); });
    });
    // Refused (they do not add up): the pad starts again at the first player, and the last
    // fills itself again, so that a wrong count is fixed in three taps (two counts, Record).
    if (box.classList.contains("invalid")) inputs[inputs.length - 1].setAttribute("data-auto", "");
    aim(inputs.filter(function (i) { return i.value === ""; })[0] || inputs[0]);
  });
  // The suit picker is only needed for contracts with a trump suit to name.
  document.querySelectorAll("form").forEach(function (form) {
    var suits = form.querySelector("[data-suits]"), radios = form.querySelectorAll("input[name=contract]");
    if (!suits || !radios.length) return;
    function sync() {
      var c = form.querySelector("input[name=contract]:checked");
      suits.hidden = !(c && c.hasAttribute("data-needs-trump"));
    }
    radios.forEach(function (r) { r.addEventListener("change", sync); });
    sync();
  });
})();
