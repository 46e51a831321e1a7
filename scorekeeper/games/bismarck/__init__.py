"""Bismarck, its rules in one package: :mod:`.rules` (the engine: setup, contracts, deals and
the fold).

The names other layers use are re-exported here (``from scorekeeper.games import bismarck``)."""

from scorekeeper.games.bismarck.rules import (
    GAME,
    KIND,
    OPTIONS,
    PLAYERS,
    TRICKS,
    Contract,
    DealResult,
    EventKind,
    Line,
    ScheduledDeal,
    Setup,
    State,
    Variant,
    evaluate,
    new_game,
    parse_contract,
    parse_tricks,
    parse_trump,
    schedule,
    score,
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
