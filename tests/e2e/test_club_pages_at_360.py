"""Issue 37, point 7: a club's pages read at a glance on a 360 px phone, in English and
Swedish, light and dark. The season table's line of places under each name is labelled and
wraps only between places; a kept season's ratings fit their box (its last column too); points
between whole numbers are written one way on a page (1.5 beside 0.17, never 1½); a rating's
history names the evening, round and table of each game.

The club is seeded straight into the store: three evenings of Bismarck scored by placings (so
that a shared place gives halves), nine members with names short and long, and a kept season of
all three evenings. Screenshots: ``artifacts/screenshots/club-*``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from scorekeeper import seasons
from scorekeeper.clubs import services as clubs
from scorekeeper.clubs import store_evenings as club_store
from scorekeeper.clubs.season import SeasonSpan
from scorekeeper.data.db import db
from scorekeeper.evenings import store as evenings
from scorekeeper.evenings.setup import EveningSetup
from scorekeeper.table import store
from tests.e2e.screens import layout_problems, overflow
from tests.e2e.table import shoot
from tests.games.bismarck.examples import MODERN_GAME, events_for

MEMBERS = (
    "Anna",
    "Ben",
    "Carla",
    "Dag",
    "Eva",
    "Fred",
    "Gus",
    "Hanna-Maria Lindqvist",
    "Bartholomew Christopher Smithe",
)
#: Who plays each evening (two tables of three), and how far each table's tricks are turned.
EVENINGS = {
    "Vecka 1": (MEMBERS[:6], 0),
    "Vecka 2": ((MEMBERS[0], *MEMBERS[2:5], MEMBERS[7], MEMBERS[8]), 1),
    "Vecka 3": ((*MEMBERS[:3], *MEMBERS[6:]), 2),
}
SCREENS: dict[str, dict[str, Any]] = {
    "en-light": {"locale": "en-GB", "color_scheme": "light"},
    "sv-dark": {"locale": "sv-SE", "color_scheme": "dark"},
    "en-dark": {"locale": "en-GB", "color_scheme": "dark"},
    "sv-light": {"locale": "sv-SE", "color_scheme": "light"},
}


def seed(server) -> tuple[str, int, int]:
    """The club's token, its kept season's id and the first member's id."""

    def made() -> tuple[str, int, int]:
        club = clubs.create("Torsdagsklubben", ["bismarck"], "4711", ["bismarck"], "seed")
        ids = {name: clubs.add_member(club, name, "seed") for name in MEMBERS}
        for name, (players, shift) in EVENINGS.items():
            setup = EveningSetup(name, "bismarck", tuple(players), 1, "placings")
            evening = evenings.create_evening(db.session, setup, seed=3)
            evening = evenings.start_round(db.session, evening, 1, [0, 0])
            for table in evening.tables(1):
                turn = (shift + table.number) % 3
                deals = [(c, t, k[turn:] + k[:turn]) for c, t, k in MODERN_GAME]
                game = table.game
                for seq, event in enumerate(events_for(deals)):
                    game = store.append(db.session, game, event, seq)
            club_store.link_evening(
                db.session, club.id, evening.id, [ids[p] for p in setup.players]
            )
            db.session.commit()
        club = clubs.load(club.token)
        rule = seasons.SeasonRule(seasons.TOTAL, seasons.NO_SCORE, 0)
        season = clubs.save_season(club, None, "Våren", rule, SeasonSpan(None, None), "seed")
        return club.token, season, ids["Anna"]

    return server.in_app(made)


#: Each line of places under a name: its text, and the lines it takes broken where.
PLACES = """() => [...document.querySelectorAll('table.season .places')].map(line => ({
  text: line.textContent.replace(/\\s+/g, ' ').trim(),
  groups: [...line.querySelectorAll('span')].map(s => s.getClientRects().length),
}))"""


@pytest.mark.parametrize("screen", SCREENS)
def test_a_clubs_pages_read_at_a_glance_at_360(screen, new_phone, server, axe):
    club, season, anna = seed(server)
    phone = new_phone(**SCREENS[screen], viewport={"width": 360, "height": 740})
    label = "places" if screen.startswith("en") else "placeringar"
    problems: list[str] = []
    for name, address in (
        ("season", f"/c/{club}/season"),
        ("kept-season", f"/c/{club}/s/{season}"),
        ("player", f"/c/{club}/p/{anna}"),
    ):
        phone.goto(address)
        problems += layout_problems(phone, f"{name} {screen}")
        problems += [f"{name} {screen}: axe {v['id']}: {v['nodes'][:2]}" for v in axe(phone, name)]
        text = phone.locator("main").inner_text()
        if re.search(r"\d½|½", text):
            problems.append(f"{name} {screen}: a half written as ½")
        shoot(phone, f"club-{name}-{screen}")
        if name != "player":
            for line in phone.evaluate(PLACES):
                if not re.fullmatch(rf"{label}( (\d+|–) ·)* (\d+|–)", line["text"]):
                    problems.append(f"{name} {screen}: places line {line['text']!r}")
                if any(rects > 1 for rects in line["groups"]):
                    problems.append(f"{name} {screen}: a place broken in two: {line}")
            boxes = phone.evaluate(BOXES)
            problems += [f"{name} {screen}: {box}" for box in boxes]
    assert not problems, "\n".join(problems)
    steps = phone.locator("ol.games[reversed] li")
    expect(steps.first).to_contain_text(re.compile(r"Vecka \d, (round|rond) 1, (table|bord) \d"))


#: Every table in a box of its own (``.scroll``) that is wider than its box: a column past its
#: edge, to be found by a sideways scroll.
BOXES = """() => [...document.querySelectorAll('.scroll')].filter(
  box => box.scrollWidth > box.clientWidth + 0.5).map(
  box => 'a table wider than its box: ' + box.scrollWidth + ' on ' + box.clientWidth + ' ('
    + (box.querySelector('caption') || box).textContent.trim().slice(0, 30) + ')')"""


def test_the_page_fits_its_screen(new_phone, server):
    """The layout check used above is a real one: a page wider than the phone is found."""
    club, _season, _anna = seed(server)
    phone = new_phone(viewport={"width": 200, "height": 740})
    phone.goto(f"/c/{club}/season")
    assert overflow(phone)["scroll"] >= 200
