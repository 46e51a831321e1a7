// The new-game pages only (no game page needs this; see templates/*/new.html).
(function () {
  "use strict";
  // New game: each "deals first" choice says the name typed beside it (also names kept after
  // a refusal).
  var names = document.querySelectorAll("input[name^=player_]");
  names.forEach(function (input, seat) {
    var label = document.querySelector("[data-dealer='" + seat + "'] span");
    if (!label) return;
    var orig = label.textContent, show = function () { label.textContent = input.value.trim() || orig; };
    input.addEventListener("input", show);
    show();
  });
})();
