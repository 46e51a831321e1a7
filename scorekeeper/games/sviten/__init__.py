"""Sviten Special, its rules in one package: :mod:`.rules` (the state and its log),
:mod:`.table` (seats, pairs and the numbers of the rules), :mod:`.setup` (players and options),
:mod:`.hand` and :mod:`.parse` (a hand as recorded, and reading its record), :mod:`.scoring`
(a hand scored), :mod:`.melds` (the meld solver and the checks of laid melds),
:mod:`.meld_bounds` (what typed meld points are possible) and :mod:`.proposal` (the melds the
page proposes for a hand).

The names other layers use are re-exported here (``from scorekeeper.games import sviten``)."""

from scorekeeper.games.sviten.hand import (
    Hand,
    hand_to_dict,
)
from scorekeeper.games.sviten.parse import (
    parse_hand,
)
from scorekeeper.games.sviten.rules import (
    GAME,
    HANDS,
    KIND,
    State,
    correct_event,
    hand_event,
    melds_text,
    new_game,
    scoreboard,
)
from scorekeeper.games.sviten.scoring import (
    HandResult,
    derived_hand_dict,
    match_winner,
    score_hand,
)
from scorekeeper.games.sviten.setup import (
    Options,
    Setup,
)
from scorekeeper.games.sviten.table import (
    FAILED_BID_PENALTY,
    FAILED_BID_RULES,
    MAX_BID,
    MAX_HAND_CAP,
    MAX_JOKERS,
    MIN_BID,
    PACK_SIZE,
    PAIR_NAMES,
    PLAYERS,
    SEATS,
    SLAM_BONUS,
    TARGET,
    TRICKS,
    Meld,
    pair_of,
)

__all__ = [
    "FAILED_BID_PENALTY",
    "FAILED_BID_RULES",
    "GAME",
    "HANDS",
    "KIND",
    "MAX_BID",
    "MAX_HAND_CAP",
    "MAX_JOKERS",
    "MIN_BID",
    "PACK_SIZE",
    "PAIR_NAMES",
    "PLAYERS",
    "SEATS",
    "SLAM_BONUS",
    "TARGET",
    "TRICKS",
    "Hand",
    "HandResult",
    "Meld",
    "Options",
    "Setup",
    "State",
    "correct_event",
    "derived_hand_dict",
    "hand_event",
    "hand_to_dict",
    "match_winner",
    "melds_text",
    "new_game",
    "pair_of",
    "parse_hand",
    "score_hand",
    "scoreboard",
]
