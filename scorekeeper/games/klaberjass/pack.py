"""The Klaberjass table and its 32-card pack: two players, nine tricks of two cards, and what
each card counts when won in a trick (trump J 20, trump 9 14, A 11, 10 10, K 4, Q 3, other J 2,
the rest 0; the last trick 10)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from scorekeeper.games.cards import Card, Suit
from scorekeeper.games.hand_log import Pair

PLAYERS = 2
TRICKS = 9
PLAYED_CARDS = 2 * TRICKS
HAND_SIZE = 9
BELLA_POINTS = 20
LAST_TRICK_POINTS = 10

#: The ranks of the 32-card pack in natural order, high to low (sequences use this order).
PACK_RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7")

_PLAIN_VALUES = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
_TRUMP_VALUES = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3}


def pack() -> tuple[Card, ...]:
    """The 32-card pack, suit by suit, high to low."""
    return tuple(Card(rank, suit) for suit in Suit for rank in PACK_RANKS)


def card_value(card: Card, trump: Suit) -> int:
    """What ``card`` counts when won in a trick, with ``trump`` as trumps."""
    table = _TRUMP_VALUES if card.suit is trump else _PLAIN_VALUES
    return table.get(card.rank, 0)


def count_card_points(cards: Sequence[Card], trump: Suit) -> int:
    """The card points of a pile of captured cards (without the last trick)."""
    return sum(card_value(card, trump) for card in cards)


def max_card_points(trump: Suit) -> int:
    """The most card points one player can win: the 18 most valuable cards of the pack."""
    values = sorted((card_value(card, trump) for card in pack()), reverse=True)
    return sum(values[:PLAYED_CARDS])


@cache
def possible_card_points(trump: Suit) -> frozenset[int]:
    """Every card-point total that an even number (at most 18) of the pack's cards can make."""
    reachable: set[tuple[int, int]] = {(0, 0)}  # (points, number of cards)
    for card in pack():
        value = card_value(card, trump)
        reachable |= {(p + value, n + 1) for p, n in reachable if n < PLAYED_CARDS}
    return frozenset(p for p, n in reachable if n % 2 == 0)


def rank_index(card: Card) -> int:
    """0 for the ace, 7 for the seven: the position in the natural order."""
    return PACK_RANKS.index(card.rank)


def pair(values: Iterable[int]) -> Pair:
    """Two numbers, one for each player."""
    first, second = values
    return (first, second)


def labels(cards: Sequence[Card]) -> str:
    """Cards as a player reads them: ``K♠ Q♠ J♠``."""
    return " ".join(card.label for card in cards)
