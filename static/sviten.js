// Sviten Special pages only (served after app.js as /assets/sviten.js; see web/assets.py).
(function () {
  "use strict";
  // The cards tapped, counted in tricks, and the other pair's pile (the rest of the pack).
  document.querySelectorAll("[data-deck]").forEach(function (deck) {
    var note = deck.parentNode.querySelector("[data-count]");
    function count() {
      var n = deck.querySelectorAll(":checked").length, m = 52 - n;
      note.textContent = n ? (n % 4 ? note.dataset.odd : note.dataset.count)
        .replace("{n}", n).replace("{t}", n / 4).replace("{m}", m).replace("{u}", m / 4) : "";
    }
    deck.addEventListener("change", count);
    count();
  });
})();
