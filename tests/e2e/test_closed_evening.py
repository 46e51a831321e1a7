"""A closed club evening's game at 360 px (issue 35): a player's phone reads at the top, in view
as the page opens, that the evening is closed, and finds nothing to tap that would write (no ✎,
Undo, entry form or seat); the organiser's phone, with the club's PIN, reads the same notice and
keeps every control. Nothing wider than the screen, thumb-sized targets, axe clean."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from scorekeeper.clubs import services as clubs
from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.evenings import store as evening_store
from scorekeeper.table import store
from tests.e2e.screens import axe_report, layout_problems
from tests.e2e.table import example_events, shoot

SMALL_PHONE = {"viewport": {"width": 360, "height": 740}}
PIN = "4711"
CLOSED = "This evening is closed: only the organiser can change its games, with the club's PIN."


def _closed_evening(server) -> tuple[str, str]:
    """A club's Bismarck evening, its one table four deals in, closed: the club's and the
    game's tokens."""

    def seed() -> tuple[str, str]:
        club = clubs.create("Torsdagsklubben", ["bismarck"], PIN, ["bismarck"], "seed")
        members = [clubs.add_member(club, name, "seed") for name in ("Anna", "Ben", "Carla")]
        setup = {"name": "Vecka 1", "kind": "bismarck", "rounds": 1, "scoring": "totals"}
        made = clubs.new_evening(club, members, [], setup, "seed")
        (table,) = evening_store.start_round(db.session, made, 1, [0]).tables(1)
        game = table.game
        for seq, event in enumerate(example_events(4, announce_next=True)):
            game = store.append(db.session, game, event, seq)
        evenings.close(evenings.load(made.token))
        return club.token, game.token

    return server.in_app(seed)


def test_a_closed_evenings_game_on_a_players_phone_and_the_organisers(server, new_phone, axe):
    club, game = _closed_evening(server)
    problems: list[str] = []
    violations = {}
    player = new_phone(**SMALL_PHONE)
    player.goto(f"/g/{game}")
    notice = player.get_by_role("status").filter(has_text=CLOSED)
    expect(notice).to_be_in_viewport()
    for write in ("Record tricks", "Redeal", "Undo"):
        expect(player.get_by_role("button", name=write)).to_have_count(0)
        expect(player.get_by_role("link", name=write)).to_have_count(0)
    expect(player.get_by_role("link", name="Correct deal 2")).to_have_count(0)
    expect(player.get_by_role("link", name="I am …")).to_have_count(0)
    expect(player.locator("form[method=post]")).to_have_count(0)
    shoot(player, "closed-evening-game-player")
    problems += layout_problems(player, "player")
    violations["player"] = axe(player, "closed-evening-game-player")

    organiser = new_phone(**SMALL_PHONE)
    organiser.goto(f"/c/{club}/pin")
    organiser.get_by_label("Organiser PIN").fill(PIN)
    organiser.get_by_role("button", name="Manage the club").tap()
    expect(organiser).to_have_url(re.compile(rf"/c/{club}$"))
    organiser.goto(f"/g/{game}")
    expect(organiser.get_by_role("status").filter(has_text=CLOSED)).to_be_in_viewport()
    expect(organiser.get_by_role("button", name="Record tricks")).to_be_visible()
    expect(organiser.get_by_role("link", name="Correct deal 2")).to_have_count(1)
    shoot(organiser, "closed-evening-game-organiser")
    problems += layout_problems(organiser, "organiser")
    violations["organiser"] = axe(organiser, "closed-evening-game-organiser")
    assert not problems, problems
    assert not any(violations.values()), axe_report(violations)
