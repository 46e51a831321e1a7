"""A club evening seeded straight into the store, at some point of the evening (for
``benchmarks/page_budget.py`` and the tests that need an evening well under way)."""

from __future__ import annotations

from scorekeeper.data.db import db
from scorekeeper.evenings import store as evenings
from scorekeeper.evenings.setup import EveningSetup
from scorekeeper.table import store
from tests.e2e.live import InApp
from tests.e2e.table import example_events

#: Twelve players: four Bismarck tables of three a round.
TWELVE = (
    "Anna",
    "Ben",
    "Carla",
    "Dan",
    "Eva",
    "Fred",
    "Gus",
    "Hanna",
    "Ida",
    "Jon",
    "Kim",
    "Lena",
)


def seed_evening(
    server: InApp,
    *,
    played: int = 2,
    deals: int = 5,
    players: tuple[str, ...] = TWELVE,
    rounds: int = 4,
) -> str:
    """A Bismarck evening whose first ``played`` rounds are over (every table played the
    worked example's 12 deals) and whose next round is started, its tables at deal ``deals``
    + 1; the evening's token."""
    setup = EveningSetup("Friday club", "bismarck", players, rounds, "totals")

    def seed() -> str:
        evening = evenings.create_evening(db.session, setup, seed=7)
        for number in range(1, played + 2):
            if number > rounds:
                break
            tables = evening.tables(number)
            evening = evenings.start_round(db.session, evening, number, [0] * len(tables))
            count = 12 if number <= played else deals
            for table in evening.tables(number):
                game = table.game
                assert game is not None  # the round is started: every table has its game
                for seq, event in enumerate(example_events(count)):
                    game = store.append(db.session, game, event, seq)
        return evening.token

    return server.in_app(seed)


def table_game(server: InApp, evening: str, round_: int, table: int = 1) -> str:
    """The token of the game of ``table`` in round ``round_`` of ``evening``."""

    def find() -> str:
        game = evenings.load_evening(db.session, evening).games[round_, table]
        return game.token

    return server.in_app(find)
