"""Issue 23, point 2: the round-by-round log fits a phone. At 320, 360 and 390 px, in English
and in Swedish, with names of 30 characters, every game's ✎ and Undo are in view without a
sideways scroll: neither the page nor the log's own box scrolls sideways."""

from __future__ import annotations

import pytest

from tests.e2e.free_table import seed_free
from tests.e2e.klaberjass_table import seed_klaberjass
from tests.e2e.screens import mid_word_breaks
from tests.e2e.sviten_table import seed_sviten
from tests.e2e.table import seed_game, shoot

#: Four names of 30 characters (the longest a name may be), broken only at a hyphen or space.
NAMES = (
    "Anna-Karin Lindqvist-Håkansson",
    "Bartholomew-Fitzwilliam-Smythe",
    "Maximiliana Konstantinopel-Öst",
    "Wilhelmina Charlotta Amundsson",
)

#: What stands out of the page or the log's box, and where every ✎ and Undo ends.
REACH = """() => {
  const root = document.documentElement, box = document.querySelector('table.log').parentElement;
  const right = sel => [...document.querySelectorAll(sel)]
    .map(a => a.getBoundingClientRect().right);
  return {page: [root.scrollWidth, root.clientWidth], box: [box.scrollWidth, box.clientWidth],
          pens: right('table.log a, .result a[href*="/correct"]'),
          undo: right('a[href$="/undo"]'), width: innerWidth};
}"""


@pytest.mark.parametrize("locale", ["en-GB", "sv-SE"])
@pytest.mark.parametrize("game", ["bismarck", "klaberjass", "sviten", "free"])
def test_pen_and_undo_are_in_view_without_a_sideways_scroll(game, locale, new_phone, server):
    if game == "bismarck":
        token = seed_game(server, 11, announce_next=True, players=NAMES[:3])
    elif game == "klaberjass":
        token = seed_klaberjass(server, 7, players=NAMES[:2])
    elif game == "sviten":
        token = seed_sviten(server, 2, players=NAMES)
    else:
        token = seed_free(server, 5, players=NAMES)
    phone = new_phone(locale=locale)
    problems = []
    for width in (320, 360, 390):
        phone.set_viewport_size({"width": width, "height": 740})
        phone.goto(f"/g/{token}")
        phone.wait_for_load_state("load")
        reach = phone.evaluate(REACH)
        said = f"{game} {locale} {width} px: {reach}"
        if reach["page"][0] > reach["page"][1] or reach["box"][0] > reach["box"][1]:
            problems.append(f"scrolls sideways: {said}")
        if not reach["pens"] or not reach["undo"]:
            problems.append(f"no ✎ or no Undo: {said}")
        if max(reach["pens"] + reach["undo"]) > width:
            problems.append(f"✎ or Undo past the edge: {said}")
        if width == 320:
            phone.locator("#log").scroll_into_view_if_needed()
            shoot(phone, f"log-{game}-{locale}-{width}", full_page=False)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("locale", ["en-GB", "sv-SE"])
@pytest.mark.parametrize("game", ["bismarck", "free"])
def test_a_short_name_in_the_logs_head_stays_whole_beside_a_long_one(
    game, locale, new_phone, server
):
    """Issue 37, point 6: "Carla" broke as "Carl/a" in the deal-by-deal table at 360 px, its
    column squeezed by a long name's; a short name keeps its head whole, the long one breaks.
    The free game's first column is a player's (Bismarck's is the deal's)."""
    players = ("Carla", NAMES[1], "Anna")
    if game == "bismarck":
        token = seed_game(server, 11, announce_next=True, players=players)
    else:
        token = seed_free(server, 5, players=(*players, "Eva"))
    phone = new_phone(locale=locale)
    for width in (320, 360, 390):
        phone.set_viewport_size({"width": width, "height": 740})
        phone.goto(f"/g/{token}")
        broken = mid_word_breaks(phone, "table.log thead th")
        assert not [b for b in broken if b.replace("|", "") in ("Carla", "Anna")], (width, broken)
        assert any(b.replace("|", "").startswith("Bartholomew") for b in broken) or width > 360
