"""An evening's round played out through the services: every table's game to its end."""

from __future__ import annotations

from scorekeeper.data.db import db
from scorekeeper.evenings import services
from scorekeeper.games.events import Event
from scorekeeper.table import store as game_store


def play_out(evening, number: int, tables: slice = slice(None)):
    """These tables (all) of round ``number`` play their games to the end (the worked
    example's 12 deals: its tables were started with the first seat dealing)."""
    from tests.games.bismarck.examples import MODERN_GAME

    for table in evening.tables(number)[tables]:
        game = table.game
        for deal, (contract, trump, tricks) in enumerate(MODERN_GAME, start=1):
            announce = Event("announce", {"deal": deal, "contract": contract, "trump": trump})
            game = game_store.append(db.session, game, announce, game.seq)
            record = Event("record", {"deal": deal, "tricks": list(tricks)})
            game = game_store.append(db.session, game, record, game.seq)
    return services.load(evening.token)
