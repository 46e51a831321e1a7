"""Club evenings of every game seeded straight into the store, and what a test needs to tell
that nothing of them changed: for the tests of closed, locked and hidden evenings (issue 35)."""

from __future__ import annotations

import sqlalchemy as sa

from scorekeeper.clubs import services as clubs
from scorekeeper.data import models
from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.evenings import store as evening_store
from scorekeeper.games import free, klaberjass, sviten
from scorekeeper.games.events import Event
from scorekeeper.table import store
from tests.e2e.table import example_events
from tests.web.clubs.club import add, make_club, member_ids
from tests.web.free.client import CHICAGO
from tests.web.klaberjass.client import HANDS as KLABERJASS_HANDS
from tests.web.sviten.client import HANDS as SVITEN_HANDS

KINDS = ("bismarck", "klaberjass", "sviten", "free")
#: The club's members: enough for a table of every game (Sviten Special seats four).
MEMBERS = ("Anna", "Ben", "Carla", "Dan", "Eva", "Fred")
#: Players at an evening of each game: one table a round.
PLAYERS = {
    "bismarck": MEMBERS[:3],
    "klaberjass": MEMBERS[:2],
    "sviten": MEMBERS[:4],
    "free": MEMBERS[:4],
}


def game_events(kind: str) -> list[Event]:
    """Events that play a game of ``kind`` to its end (the shared worked examples)."""
    if kind == "bismarck":
        return list(example_events(12))
    if kind == "klaberjass":
        return [klaberjass.hand_event(n, hand) for n, hand in enumerate(KLABERJASS_HANDS, 1)]
    if kind == "sviten":
        return [sviten.hand_event(n, hand) for n, hand in enumerate(SVITEN_HANDS, 1)]
    # A free game the table ends (the evening's settings choose no end of their own).
    deals = [free.deal_event(n, points) for n, points in enumerate(CHICAGO, 1)]
    return [*deals, free.end_event(len(CHICAGO) + 1)]


def club_of_every_game(client) -> str:
    """A club that plays every game, with :data:`MEMBERS`, made by ``client`` (its organiser's
    phone, which holds the PIN): its token."""
    token = make_club(client, games=KINDS)
    add(client, token, *MEMBERS)
    return token


def seed_evening(
    app,
    client,
    club: str,
    kind: str,
    *,
    players: tuple[str, ...] | None = None,
    rounds: int = 2,
    hide_last: int = 0,
    started: int = 1,
    played: dict[int, int] | None = None,
    name: str | None = None,
) -> str:
    """An evening of ``club`` at ``kind`` (``players``: its members playing, by name), its first
    ``started`` rounds started with the first seat dealing at every table, and the first
    ``played[round]`` events of the worked example entered at each of that round's tables
    (every round started: played to the end unless said). Its token."""
    ids = member_ids(client, club)
    chosen = [ids[name] for name in players or PLAYERS[kind]]
    with app.app_context():
        made = clubs.new_evening(
            clubs.load(club),
            chosen,
            [],
            {
                "name": name or f"Vecka {kind}",
                "kind": kind,
                "rounds": rounds,
                "scoring": "placings",
                "hide_last": hide_last,
                "settings": {},
            },
            "test",
        )
        events = game_events(kind)
        for number in range(1, started + 1):
            loaded = evenings.load(made.token)
            dealers = [0] * len(loaded.tables(number))
            loaded = evening_store.start_round(db.session, loaded, number, dealers)
            count = (played or {}).get(number, len(events))
            for table in loaded.tables(number):
                game = table.game
                for seq, event in enumerate(events[:count]):
                    game = store.append(db.session, game, event, seq)
        return made.token


def games_of(app, evening: str) -> dict[tuple[int, int], str]:
    """The evening's games' tokens by (round, table)."""
    with app.app_context():
        return {key: game.token for key, game in evenings.load(evening).games.items()}


def everything(app) -> dict[str, object]:
    """What the database holds, table by table (every row, in a stable order): equal before and
    after means nothing was stored, changed or logged."""
    found: dict[str, object] = {}
    with app.app_context():
        for table in models.Model.metadata.sorted_tables:
            rows = db.session.execute(sa.select(table)).all()
            found[table.name] = sorted(repr(tuple(row)) for row in rows)
    return found
