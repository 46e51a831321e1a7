// The tricks fields of Bismarck and Sviten (bundled into their pages' scripts by web/assets.py;
// see GamePages.bundle_parts): the other games' pages do without it.
(function () {
  "use strict";
  // Steppers: − and + beside each tricks field. When one field is left, it fills itself with
  // 16 − the others, and keeps following them until the player changes it.
  document.querySelectorAll("[data-tricks]").forEach(function (box) {
    var total = +box.dataset.tricks, inputs = [].slice.call(box.querySelectorAll("input"));
    function autofill(changed) {
      changed.removeAttribute("data-auto");
      var open = inputs.filter(function (i) { return i.value === "" || i.hasAttribute("data-auto"); });
      var rest = total, last = open.length === 1 && open[0];
      inputs.forEach(function (i) {
        if (i !== last) rest -= +i.value;
        if (i.hasAttribute("data-auto") && !last) i.value = "";
      });
      if (last) { last.value = rest >= 0 ? rest : ""; last.setAttribute("data-auto", ""); }
    }
    inputs.forEach(function (input) {
      ["−", "+"].forEach(function (sign, k) {
        var b = document.createElement("button");
        b.type = "button"; b.textContent = sign;
        b.setAttribute("aria-label", (k ? "+1 " : "−1 ") + input.labels[0].textContent);
        b.addEventListener("click", function () {
          input.value = Math.max(0, Math.min(total, +input.value + (k ? 1 : -1)));
          input.dispatchEvent(new Event("input", { bubbles: true }));
        });
        if (k) input.after(b); else input.before(b);
      });
      input.addEventListener("input", function () { autofill(input); });
    });
  });
})();
