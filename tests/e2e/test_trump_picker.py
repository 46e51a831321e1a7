"""Issue 23, point 10, on a phone: the trump picker is one row of equal choices in every game, at
320, 360 and 390 px (a wrapping row left ♣ alone on a second row at 360 px)."""

from __future__ import annotations

import pytest

from tests.e2e.klaberjass_table import seed_klaberjass
from tests.e2e.sviten_table import seed_sviten
from tests.e2e.table import seed_game

#: Each trump picker's choices: how many rows they take and how wide each is.
SUITS = """() => [...document.querySelectorAll('fieldset.suits')].map(f => {
  const boxes = [...f.querySelectorAll('.choice')].map(c => c.getBoundingClientRect());
  return {rows: new Set(boxes.map(b => Math.round(b.top))).size,
          widths: boxes.map(b => Math.round(b.width)), right: Math.max(...boxes.map(b => b.right))};
})"""


@pytest.mark.parametrize("game", ["bismarck", "klaberjass", "sviten"])
def test_the_suits_are_one_row(game, new_phone, server):
    token = {
        "bismarck": lambda: seed_game(server, 0),
        "klaberjass": lambda: seed_klaberjass(server, 0),
        "sviten": lambda: seed_sviten(server, 0),
    }[game]()
    phone = new_phone()
    problems = []
    for width in (320, 360, 390):
        phone.set_viewport_size({"width": width, "height": 740})
        phone.goto(f"/g/{token}")
        if game == "bismarck":  # the suits show for a contract with trumps
            phone.locator("label.choice", has_text="Valfri").first.tap()
        pickers = phone.evaluate(SUITS)
        said = f"{game} {width} px: {pickers}"
        if not pickers:
            problems.append(f"no trump picker: {said}")
        for picker in pickers:
            if picker["rows"] != 1 or max(picker["widths"]) - min(picker["widths"]) > 1:
                problems.append(f"not one row of equal choices: {said}")
            if picker["right"] > width or min(picker["widths"]) < 44:
                problems.append(f"past the edge or narrower than a thumb: {said}")
    assert not problems, "\n".join(problems)
