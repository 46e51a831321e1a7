"""One game of each kind stored straight through the store, with one round entered."""

from __future__ import annotations

from scorekeeper.data.db import db
from scorekeeper.games import bismarck, free, klaberjass, sviten
from scorekeeper.games.events import Event
from scorekeeper.table import store
from tests.web.sviten.client import HANDS, PLAYERS


def seed_games() -> dict[str, str]:
    """One game of each kind with one round recorded; their tokens by kind."""
    bis = store.create_game(db.session, "bismarck", bismarck.Setup(("Anna", "Ben", "Carla")))
    bis = store.append(db.session, bis, Event("announce", {"deal": 1, "contract": "sang"}), 0)
    bis = store.append(db.session, bis, Event("record", {"deal": 1, "tricks": [6, 5, 5]}), 1)
    kj = store.create_game(db.session, "klaberjass", klaberjass.Setup(("Anna", "Ben")))
    kj = store.append(db.session, kj, klaberjass.hand_event(1, {"thrown_in": True}), 0)
    sv = store.create_game(db.session, "sviten", sviten.Setup(PLAYERS))
    sv = store.append(db.session, sv, sviten.hand_event(1, HANDS[0]), 0)
    fr = store.create_game(db.session, "free", free.Setup(PLAYERS, name="Chicago"))
    fr = store.append(db.session, fr, free.deal_event(1, [5, 0, 0, 2]), 0)
    return {game.kind: game.token for game in (bis, kj, sv, fr)}
