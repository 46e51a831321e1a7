"""Issue 23, point 4: a long name in the sticky head does not squeeze the others. With a name of
30 letters beside "Carla", at 320 and 360 px, in every game: the line of who deals stays one
line, "Carla" gets all the width it needs, the long name is the one cut short (an ellipsis),
and the full name is still there for whoever points at it (its title)."""

from __future__ import annotations

import pytest

from tests.e2e.klaberjass_table import seed_klaberjass
from tests.e2e.long_names import LONG, NAMES_IN_HEAD
from tests.e2e.sviten_table import seed_sviten
from tests.e2e.table import seed_game, shoot


def seeded(server, game: str) -> str:
    """A game whose head names Carla and the long name as who deals and who leads."""
    if game == "bismarck":  # deal 4: Carla deals, the long name is forehand
        return seed_game(server, 3, players=("Carla", LONG, "Anna"))
    if game == "klaberjass":  # hand 3: Carla deals, the long name bids first
        return seed_klaberjass(server, 2, players=("Carla", LONG))
    # hand 2: the long name deals, Carla bids first
    return seed_sviten(server, 1, players=("Eva", LONG, "Carla", "Wilhelmina"))


@pytest.mark.parametrize("locale", ["en-GB", "sv-SE"])
@pytest.mark.parametrize("game", ["bismarck", "klaberjass", "sviten"])
def test_a_long_name_is_cut_short_first(game, locale, new_phone, server):
    token = seeded(server, game)
    phone = new_phone(locale=locale)
    problems = []
    for width in (320, 360):
        phone.set_viewport_size({"width": width, "height": 740})
        phone.goto(f"/g/{token}")
        phone.wait_for_load_state("load")
        head = phone.evaluate(NAMES_IN_HEAD)
        said = f"{game} {locale} {width} px: {head}"
        names = {name["text"]: name for name in head["names"]}
        if set(names) != {"Carla", LONG}:
            problems.append(f"not the two names in the head: {said}")
            continue
        carla, long = names["Carla"], names[LONG]
        if carla["got"] < carla["needs"]:
            problems.append(f"Carla is cut short: {said}")
        if long["got"] >= long["needs"]:
            problems.append(f"the long name is not the one cut short: {said}")
        if long["got"] < carla["needs"]:
            problems.append(f"the long name got less than a short name needs: {said}")
        if any(name["title"] != name["text"] for name in head["names"]):
            problems.append(f"a name without its full name as title: {said}")
        if head["height"] > 1.5 * head["line"]:
            problems.append(f"the line of who deals is not one line: {said}")
        shoot(phone, f"long-name-{game}-{locale}-{width}", full_page=False)
    assert not problems, "\n".join(problems)


#: Each end label of the score chart: its text and how far right it reaches, in chart units.
CHART_LABELS = """() => [...document.querySelectorAll('svg.chart text.n')].map(t => {
  const box = t.getBBox(); return {text: t.textContent, right: box.x + box.width};
})"""


@pytest.mark.parametrize("width", [320, 360])
def test_the_charts_pair_names_fit_whole_or_cut_short_inside_it(width, new_phone, server):
    """Point 10: the chart cut "Eva & Wilhelmina" to "Eva & Wilhe…"; a longer name is cut short
    inside the chart, not clipped at its edge."""
    token = seed_sviten(server, 2, players=("Eva", "Ben", "Wilhelmina", "Bartholomew-Fitzwilliam"))
    phone = new_phone(viewport={"width": width, "height": 740})
    phone.goto(f"/g/{token}")
    labels = phone.evaluate(CHART_LABELS)
    assert {label["text"] for label in labels} == {"Eva &Wilhelmina", "Ben &Bartholom…"}, labels
    assert all(label["right"] <= 340 for label in labels), labels
