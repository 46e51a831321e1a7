"""Bismarck, its rules in one package: :mod:`.contracts` (the variants, the contracts and what
a deal scores), :mod:`.setup` (players, first dealer, variant, house rules), :mod:`.schedule`
(who deals and declares each deal), :mod:`.parse` (an event's contract, trump and tricks),
:mod:`.state` (a deal as entered and as scored, the game so far), :mod:`.sheet` (the deals
checked against the rules and scored), :mod:`.deal` (announce, record, redeal the deal in play),
:mod:`.correction` (earlier deals corrected), :mod:`.summary` (how the log says a deal) and
:mod:`.rules` (the engine: its event kinds, the fold, the scoreboard, ``GAME``).

The names other layers use are re-exported here (``from scorekeeper.games import bismarck``)."""

from scorekeeper.games.bismarck.contracts import (
    OPTIONS,
    PLAYERS,
    TRICKS,
    Contract,
    Variant,
    score,
)
from scorekeeper.games.bismarck.parse import parse_contract, parse_tricks, parse_trump
from scorekeeper.games.bismarck.rules import GAME, EventKind, scoreboard
from scorekeeper.games.bismarck.schedule import ScheduledDeal, schedule
from scorekeeper.games.bismarck.setup import Setup
from scorekeeper.games.bismarck.sheet import evaluate, new_game
from scorekeeper.games.bismarck.state import KIND, DealResult, Line, State

__all__ = [
    "GAME",
    "KIND",
    "OPTIONS",
    "PLAYERS",
    "TRICKS",
    "Contract",
    "DealResult",
    "EventKind",
    "Line",
    "ScheduledDeal",
    "Setup",
    "State",
    "Variant",
    "evaluate",
    "new_game",
    "parse_contract",
    "parse_tricks",
    "parse_trump",
    "schedule",
    "score",
    "scoreboard",
]
