// Scorekeeper: small progressive enhancements. Every page works without this file.
(function () {
  "use strict";
  // Steppers: − and + beside each tricks field; the last empty field fills itself with 16 − the others.
  document.querySelectorAll("[data-tricks]").forEach(function (box) {
    var total = +box.dataset.tricks, inputs = box.querySelectorAll("input");
    function others(input) {
      var sum = 0, empty = 0;
      inputs.forEach(function (i) { if (i !== input) { if (i.value === "") empty++; else sum += +i.value; } });
      return { sum: sum, empty: empty };
    }
    function autofill(changed) {
      var blank = [].filter.call(inputs, function (i) { return i.value === "" && i !== changed; });
      if (blank.length === 1) {
        var rest = total - others(blank[0]).sum;
        if (rest >= 0 && rest <= total) blank[0].value = rest;
      }
    }
    inputs.forEach(function (input) {
      ["−", "+"].forEach(function (sign, k) {
        var b = document.createElement("button");
        b.type = "button"; b.textContent = sign;
        b.setAttribute("aria-label", (k ? "+1 " : "−1 ") + input.labels[0].textContent);
        b.addEventListener("click", function () {
          var v = input.value === "" ? 0 : +input.value;
          input.value = Math.max(0, Math.min(total, v + (k ? 1 : -1)));
          autofill(input);
        });
        if (k) input.after(b); else input.before(b);
      });
      input.addEventListener("change", function () { autofill(input); });
    });
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
  // Live refresh: another phone wrote to this game -> reload, unless this phone is mid-entry.
  var game = document.querySelector("[data-game]");
  if (game && window.fetch) {
    var seq = game.dataset.seq, dirty = false;
    document.addEventListener("input", function () { dirty = true; });
    setInterval(function () {
      if (document.hidden) return;
      fetch(game.dataset.seqUrl, { cache: "no-store" }).then(function (r) { return r.json(); }).then(function (d) {
        if (String(d.seq) === seq) return;
        if (dirty) document.querySelector("[data-live]").hidden = false;
        else location.reload();
      }).catch(function () {});
    }, (+game.dataset.poll || 2) * 1000);
  }
  // New game: label the first-dealer choices and the seat diagram with the names typed.
  var names = document.querySelectorAll("input[name^=player_]");
  names.forEach(function (input, seat) {
    var label = document.querySelector("[data-dealer='" + seat + "'] span");
    if (!label) return;
    var orig = label.textContent;
    input.addEventListener("input", function () { label.textContent = input.value.trim() || orig; });
  });
})();
