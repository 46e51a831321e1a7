// Klaberjass pages only (served after app.js as /assets/klaberjass.js; see web/assets.py).
(function () {
  "use strict";
  // The cards a player captured (a multiple select, named c0 or c1) become tiles to tap,
  // counted into their card points; a card tapped for one player is disabled for the other.
  document.querySelectorAll("select[multiple]").forEach(function (select) {
    var form = select.form, seat = select.name.slice(1), field = form["card_points_" + seat],
      other = form["c" + (1 - seat)], note = select.parentNode.querySelector("[data-count]"),
      words = form.querySelector("[data-count-text]").dataset.countText,
      grid = document.createElement("div"), options = [...select.options];
    grid.className = "cards";
    grid.setAttribute("role", "group");
    grid.setAttribute("aria-label", select.getAttribute("aria-label"));
    options.forEach(function (option) {
      var tile = grid.appendChild(document.createElement("button"));
      tile.type = "button";
      tile.textContent = option.text;
      tile.onclick = function () { option.selected = !option.selected; form.dispatchEvent(new Event("change")); };
    });
    select.hidden = true;
    select.after(grid);
    function tally() {
      var trump = form.querySelector("[name=trump]:checked"), n = 0, sum = 0;
      options.forEach(function (option, i) {
        var rank = option.text.slice(0, -1);
        grid.children[i].setAttribute("aria-pressed", option.selected);
        grid.children[i].disabled = other.options[i].selected;
        if (option.selected) n++, sum += (trump && option.text.slice(-1) == trump.nextSibling.textContent
          && { J: 20, 9: 14 }[rank]) || { A: 11, 10: 10, K: 4, Q: 3, J: 2 }[rank] || 0;
      });
      note.textContent = n ? words.replace("{n}", n).replace("{p}", sum) : "";
      if (n || field.readOnly) field.value = n ? sum : "";
      field.readOnly = n > 0;
    }
    form.addEventListener("change", tally);
    tally();
  });
})();
