"""Klaberjass, its rules in one package: :mod:`.rules` (setup, scoring, the state and its log),
:mod:`.pack` (the table and what the cards count), :mod:`.sequences` (declared runs and who
scores them), :mod:`.hand` and :mod:`.parse` (a hand as recorded, and reading its record),
:mod:`.checks` (what needs several fields at once), :mod:`.entry` (a hand as the page enters
it: sequences by three taps, card points counted from captured cards) and :mod:`.trick_points`
(which card-point totals some deal can produce).

The names other layers use are re-exported here (``from scorekeeper.games import klaberjass``)."""

from scorekeeper.games.klaberjass.hand import (
    Hand,
    hand_to_dict,
)
from scorekeeper.games.klaberjass.pack import (
    BELLA_POINTS,
    HAND_SIZE,
    LAST_TRICK_POINTS,
    PACK_RANKS,
    PLAYED_CARDS,
    PLAYERS,
    TRICKS,
    card_value,
    count_card_points,
    max_card_points,
    pack,
)
from scorekeeper.games.klaberjass.parse import (
    parse_hand,
)
from scorekeeper.games.klaberjass.rules import (
    DEFAULT_TARGET,
    GAME,
    HANDS,
    KIND,
    MAX_TARGET,
    HandResult,
    Options,
    Outcome,
    Setup,
    State,
    correct_event,
    derived_hand_dict,
    game_winner,
    hand_event,
    new_game,
    score_hand,
    scoreboard,
)
from scorekeeper.games.klaberjass.sequences import (
    Run,
    sequence_contest,
)

__all__ = [
    "BELLA_POINTS",
    "DEFAULT_TARGET",
    "GAME",
    "HANDS",
    "HAND_SIZE",
    "KIND",
    "LAST_TRICK_POINTS",
    "MAX_TARGET",
    "PACK_RANKS",
    "PLAYED_CARDS",
    "PLAYERS",
    "TRICKS",
    "Hand",
    "HandResult",
    "Options",
    "Outcome",
    "Run",
    "Setup",
    "State",
    "card_value",
    "correct_event",
    "count_card_points",
    "derived_hand_dict",
    "game_winner",
    "hand_event",
    "hand_to_dict",
    "max_card_points",
    "new_game",
    "pack",
    "parse_hand",
    "score_hand",
    "scoreboard",
    "sequence_contest",
]
