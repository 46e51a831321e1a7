"""A Klaberjass hand as the score keeper records it, and its record form (what
:func:`scorekeeper.games.klaberjass.parse.parse_hand` reads)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.games.cards import Card, Suit
from scorekeeper.games.hand_log import Pair
from scorekeeper.games.klaberjass.pack import count_card_points
from scorekeeper.games.klaberjass.sequences import Sequences

#: The fields of a hand's record (besides ``thrown_in``).
HAND_FIELDS = ("maker", "trump", "sequences", "bella", "last_trick", "card_points", "captured")
#: Fields a record may carry next to a hand that the engine derives itself (ignored on input).
DERIVED_FIELDS = ("number", "dealer", "sequence_winner", "hand_totals", "scores")


@dataclass(frozen=True)
class Hand:
    """One hand as the score keeper records it: thrown in, or the maker, trumps and the points.

    Card points are given as numbers (``card_points``), as the cards each player captured
    (``captured``), or both (then they must agree).
    """

    thrown_in: bool = False
    maker: int | None = None
    trump: Suit | None = None
    sequences: Sequences = ((), ())
    bella: int | None = None
    last_trick: int | None = None
    card_points: Pair | None = None
    captured: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None

    @property
    def points(self) -> Pair:
        """Each player's card points (without the last trick), typed or counted."""
        if self.thrown_in:
            return (0, 0)
        if self.card_points is not None:
            return self.card_points
        assert self.captured is not None and self.trump is not None
        return (
            count_card_points(self.captured[0], self.trump),
            count_card_points(self.captured[1], self.trump),
        )


def hand_to_dict(hand: Hand) -> dict[str, Any]:
    """The hand in the record format that ``parse_hand`` reads."""
    if hand.thrown_in:
        return {"thrown_in": True}
    assert hand.trump is not None
    result: dict[str, Any] = {
        "maker": hand.maker,
        "trump": hand.trump.record_name,
        "sequences": [[run.codes for run in runs] for runs in hand.sequences],
        "bella": hand.bella,
        "last_trick": hand.last_trick,
    }
    if hand.card_points is not None:
        result["card_points"] = list(hand.card_points)
    if hand.captured is not None:
        result["captured"] = [[card.code for card in cards] for cards in hand.captured]
    return result
