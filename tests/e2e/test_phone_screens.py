"""Scenario 6: every page on a small phone, light and dark: nothing wider than the screen, and
every tap target big enough for a thumb (44×44 CSS px). Screenshots go to artifacts/screenshots/.
"""

from __future__ import annotations

import pytest

from tests.e2e.screens import layout_problems, mid_word_breaks
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
