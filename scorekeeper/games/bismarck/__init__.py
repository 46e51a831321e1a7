"""Bismarck, its rules in one package: :mod:`.contracts` (the variants, the contracts and what
a deal scores) and :mod:`.rules` (the engine: setup, the schedule, deals and the fold).

The names other layers use are re-exported here (``from scorekeeper.games import bismarck``)."""

from scorekeeper.games.bismarck.contracts import (
    OPTIONS,
    PLAYERS,
    TRICKS,
    Contract,
    Variant,
    score,
)
from scorekeeper.games.bismarck.rules import (
    GAME,
    KIND,
    DealResult,
    EventKind,
    Line,
    ScheduledDeal,
    Setup,
    State,
    evaluate,
    new_game,
    parse_contract,
    parse_tricks,
    parse_trump,
    schedule,
    scoreboard,
)

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
