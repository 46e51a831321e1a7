"""A Sviten Special hand as the score keeper records it, and its record form (what
:func:`scorekeeper.games.sviten.parse.parse_hand` reads)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.games.cards import Card, Suit
from scorekeeper.games.hand_log import Pair
from scorekeeper.games.sviten.table import Meld, pair_of


@dataclass(frozen=True)
class Hand:
    """One hand as the score keeper records it.

    Either ``captured`` (both pairs' piles; the engine fills in a pile left out) or ``tricks``
    (counts by pair). ``melds`` by pair: the melds the pair laid, or None to let the engine
    choose (needs ``captured``). In quick mode (``tricks`` only) a pair's meld points and meld
    count may be typed instead (``meld_points``, ``meld_counts``). ``jokers``: how many of the
    two jokers each pair holds (joker variant only).
    """

    declarer: int
    bid: int
    trump: Suit | None
    captured: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None
    tricks: Pair | None = None
    melds: tuple[tuple[Meld, ...] | None, tuple[Meld, ...] | None] = (None, None)
    meld_points: tuple[int | None, int | None] = (None, None)
    meld_counts: tuple[int | None, int | None] = (None, None)
    jokers: Pair = (0, 0)

    @property
    def declarers(self) -> int:
        """The declaring pair."""
        return pair_of(self.declarer)

    @property
    def trick_counts(self) -> Pair:
        if self.captured is not None:
            return (len(self.captured[0]) // 4, len(self.captured[1]) // 4)
        assert self.tricks is not None
        return self.tricks


def hand_to_dict(hand: Hand) -> dict[str, Any]:
    """The hand in the record format that :func:`parse_hand` reads.

    ``declarer`` (seat 0-3: N, E, S, W), ``bid`` (1-6), ``trump`` (a suit name or null), and
    ``captured`` (two card lists, N–S first; a list may be null: the rest of the pack) or
    ``tricks`` (two counts); optional ``melds`` (two lists of melds, each a list of card codes
    with ``"JOKER"`` for a joker; null for a pair lets the engine lay its melds), quick mode
    ``meld_points`` and ``meld_counts`` (two numbers each, a number may be null), ``jokers``
    (two counts).
    """
    result: dict[str, Any] = {
        "declarer": hand.declarer,
        "bid": hand.bid,
        "trump": None if hand.trump is None else hand.trump.record_name,
    }
    if hand.captured is not None:
        result["captured"] = [[card.code for card in pile] for pile in hand.captured]
    else:
        assert hand.tricks is not None
        result["tricks"] = list(hand.tricks)
    if any(melds is not None for melds in hand.melds):
        result["melds"] = [
            None if melds is None else [list(meld) for meld in melds] for melds in hand.melds
        ]
    if any(points is not None for points in hand.meld_points):
        result["meld_points"] = list(hand.meld_points)
        result["meld_counts"] = list(hand.meld_counts)
    if any(hand.jokers):
        result["jokers"] = list(hand.jokers)
    return result
