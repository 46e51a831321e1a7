"""Scenario 6: every page on a small phone, light and dark: nothing wider than the screen, and
every tap target big enough for a thumb (44×44 CSS px). Screenshots go to artifacts/screenshots/.
"""

from __future__ import annotations

import pytest

from tests.e2e.screens import WHO_LINE, layout_problems, mid_word_breaks, overflow
from tests.e2e.sviten_table import seed_sviten
from tests.e2e.table import PLAYERS, seed_game, shoot, tour

SCREENS = {
    # scheme, screen size, players; the narrow phone also gets a long name.
    "light": ("light", (390, 844), PLAYERS),
    "dark": ("dark", (390, 844), PLAYERS),
    "dark-320": ("dark", (320, 568), ("Anna", "Bartholomew-Fitzwilliam", "Carla")),
}


@pytest.mark.parametrize("screen", SCREENS)
def test_pages_fit_a_small_phone_and_have_thumb_sized_targets(screen, new_phone, server):
    scheme, (width, height), players = SCREENS[screen]
    phone = new_phone(color_scheme=scheme, viewport={"width": width, "height": height})
    problems = []
    for name in tour(phone, server, players):
        shoot(phone, f"{name}-{screen}")
        if name in ("record", "over"):  # what the phone shows first, as in docs/
            phone.evaluate("window.scrollTo(0, 0)")
            shoot(phone, f"{name}-{screen}-top", full_page=False)
        problems += layout_problems(phone, name)
        # The skip link appears when focused (keyboard users); then it is a target too.
        skip = phone.locator("a.skip")
        skip.focus()
        box = skip.bounding_box()
        if box["width"] < 44 or box["height"] < 44:
            problems.append(f"{name}: focused skip link is {box['width']:.0f}×{box['height']:.0f}")
        skip.blur()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("locale", ["en-GB", "sv-SE"])
@pytest.mark.parametrize("width", [320, 360, 390])
def test_the_score_sheet_names_its_contracts_in_whole_words(locale, width, new_phone, server):
    """On a phone the grid's six columns fit the screen with every contract's name whole
    (they once broke as "Spade r", "Valfr i"), in English and in Swedish."""
    token = seed_game(server, 6, announce_next=True)
    phone = new_phone(locale=locale, viewport={"width": width, "height": 740})
    phone.goto(f"/g/{token}")
    assert mid_word_breaks(phone, "table.grid thead th") == []
    box = phone.locator("table.grid").locator("..")
    assert box.evaluate("box => box.scrollWidth - box.clientWidth") == 0  # nothing to scroll


LONG = ("Bartholomew-Fitzwilliam", "Maximiliana-Konstantinopel")


@pytest.mark.parametrize("width", [320, 390])
@pytest.mark.parametrize("game", ["bismarck", "sviten"])
def test_who_deals_stays_one_line_in_the_head_whatever_the_names(game, width, new_phone, server):
    """As in Klaberjass (test_klaberjass.py): the head's line of who deals and who leads is one
    line with long names, each cut short there but never to nothing, and nothing is wider than
    the screen; the names are whole in the page's text (a screen reader reads them)."""
    if game == "bismarck":  # deal 2: the second player deals, the third is forehand
        token = seed_game(server, 1, players=("Carla", *LONG))
        said = f"{LONG[0]} deals · {LONG[1]} is forehand"
    else:  # hand 3: the third player deals, the fourth bids first
        token = seed_sviten(server, 2, players=("Anna", "Ben", *LONG))
        said = f"{LONG[0]} deals · {LONG[1]} bids first"
    phone = new_phone(viewport={"width": width, "height": 740})
    phone.goto(f"/g/{token}")
    assert phone.locator("header.now .who").text_content().startswith(said)
    line = phone.evaluate(WHO_LINE)
    assert line["lines"] == 1 and line["right"] <= width, line
    assert len(line["shown"]) == 2 and min(line["shown"]) >= 40, line
    layout = overflow(phone)
    assert layout["scroll"] <= layout["client"] and not layout["wide"], layout
