"""Playing cards as the score keeper writes them: rank + suit letter (``QS``, ``10H``, ``2C``).

Shown to players with suit symbols (``Q♠``, ``10♥``); suit names in records are
``spades hearts diamonds clubs``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum


class Suit(Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def record_name(self) -> str:
        """The suit's name in records and forms: ``spades``, ``hearts`` ..."""
        return self.name.lower()

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def from_name(cls, name: str) -> Suit:
        """Parse a suit name (``hearts``), letter (``H``) or symbol (``♥``)."""
        text = name.strip()
        for suit in cls:
            if (
                text.lower() == suit.record_name
                or text.upper() == suit.value
                or text == suit.symbol
            ):
                return suit
        raise ValueError(f"{name!r} is not a suit (spades, hearts, diamonds or clubs).")


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

#: Ranks from high to low, as written in card codes.
RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")


@dataclass(frozen=True, order=True)
class Card:
    rank: str
    suit: Suit

    @property
    def code(self) -> str:
        return f"{self.rank}{self.suit.value}"

    @property
    def label(self) -> str:
        """How a player reads the card: ``K♠``."""
        return f"{self.rank}{self.suit.symbol}"

    def __str__(self) -> str:
        return self.code


def parse_card(code: str) -> Card:
    """Parse a card code such as ``QS`` or ``10H`` (case-insensitive; ``T`` is accepted for 10)."""
    if not isinstance(code, str):
        raise ValueError(f"{code!r} is not a card code (like QS or 10H).")
    text = code.strip().upper()
    if len(text) < 2:
        raise ValueError(f"{code!r} is not a card code (like QS or 10H).")
    rank, suit_letter = text[:-1], text[-1]
    if rank == "T":
        rank = "10"
    if rank not in RANKS or suit_letter not in "SHDC":
        raise ValueError(f"{code!r} is not a card code (like QS or 10H).")
    return Card(rank, Suit(suit_letter))


def parse_cards(codes: Iterable[str]) -> list[Card]:
    """Parse card codes, refusing duplicates with a message that names the card."""
    seen: set[Card] = set()
    cards: list[Card] = []
    for code in codes:
        card = parse_card(code)
        if card in seen:
            raise ValueError(f"{card.label} is listed twice.")
        seen.add(card)
        cards.append(card)
    return cards


def full_pack() -> list[Card]:
    """The 52-card pack, suit by suit, high to low."""
    return [Card(rank, suit) for suit in Suit for rank in RANKS]
