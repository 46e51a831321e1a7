"""The Sviten Special table: four seats N, E, S, W in two fixed pairs (N–S and E–W), 13 tricks
of a 52-card pack, and the numbers its rules count with."""

from __future__ import annotations

from scorekeeper.games.text import T_, Possessive, Tc_, Text, Tn_

#: The seats' letters and the pairs' names: English as strings (records, code), and each a
#: :class:`~scorekeeper.games.text.Text` that pages and printouts say in their reader's language.
SEATS: tuple[Text, ...] = (Tc_("seat", "N"), Tc_("seat", "E"), Tc_("seat", "S"), Tc_("seat", "W"))
PAIR_NAMES: tuple[Text, Text] = (Tc_("pair", "N–S"), Tc_("pair", "E–W"))
PLAYERS = 4
TRICKS = 13
PACK_SIZE = 52
TARGET = 100
MIN_BID, MAX_BID = 1, 6
FAILED_BID_PENALTY = 10  # points per meld bid
SLAM_BONUS = 25
MAX_JOKERS = 2
MAX_HAND_CAP = 1000
FAILED_BID_RULES = ("minus_bid", "keep_points")

Meld = tuple[str, ...]


def pair_of(seat: int) -> int:
    """The pair a seat plays in: 0 for N and S, 1 for E and W."""
    return seat % 2


def tricks_text(n: int) -> Text:
    return Tn_("%(num)s trick", "%(num)s tricks", n)


def melds_count_text(n: int) -> Text:
    return Tn_("%(num)s meld", "%(num)s melds", n)


def of_pair(pair: int, what: Text) -> Text:
    """``N–S's tricks``."""
    return T_("%(owner)s %(what)s", owner=Possessive(PAIR_NAMES[pair]), what=what)
