"""Playing cards as the score keeper writes them: rank + suit letter (``QS``, ``10H``, ``2C``).

Shown to players with suit symbols (``Q♠``, ``10♥``); suit names in records are
``spades hearts diamonds clubs``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from scorekeeper.games.events import RuleError
from scorekeeper.games.text import N_, T_


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
        """Parse a suit name (``hearts``), letter (``H``) or symbol (``♥``); RuleError (a
        ValueError) for anything else."""
        text = name.strip()
        for suit in cls:
            if (
                text.lower() == suit.record_name
                or text.upper() == suit.value
                or text == suit.symbol
            ):
                return suit
        raise RuleError(
            T_("%(name)s is not a suit (spades, hearts, diamonds or clubs).", name=repr(name))
        )


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
#: The suits' names as players read them (``_(suit.record_name)``): ids for the catalogue.
SUIT_NAMES = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"))

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
        raise _not_a_card(code)
    text = code.strip().upper()
    if len(text) < 2:
        raise _not_a_card(code)
    rank, suit_letter = text[:-1], text[-1]
    if rank == "T":
        rank = "10"
    if rank not in RANKS or suit_letter not in "SHDC":
        raise _not_a_card(code)
    return Card(rank, Suit(suit_letter))


def _not_a_card(code: object) -> RuleError:
    """The refusal of something that is not a card code (a ``ValueError``, as a RuleError)."""
    return RuleError(T_("%(code)s is not a card code (like QS or 10H).", code=repr(code)))


def parse_cards(codes: Iterable[str]) -> list[Card]:
    """Parse card codes, refusing duplicates with a message that names the card."""
    seen: set[Card] = set()
    cards: list[Card] = []
    for code in codes:
        card = parse_card(code)
        if card in seen:
            raise RuleError(T_("%(card)s is listed twice.", card=card.label))
        seen.add(card)
        cards.append(card)
    return cards


def full_pack() -> list[Card]:
    """The 52-card pack, suit by suit, high to low."""
    return [Card(rank, suit) for suit in Suit for rank in RANKS]


def take_cards(
    codes: Iterable[Any],
    side: int,
    owner: dict[Card, int],
    read: Callable[[Any], Card],
    listed_twice: Callable[[Card, bool], RuleError],
) -> list[Card]:
    """The cards of one side's pile in a hand's record (read from its ``codes`` by ``read``),
    each noted in ``owner`` as that side's; ``listed_twice(card, again)`` says why a card is
    refused that is already in this pile (``again``) or another side's."""
    pile: list[Card] = []
    for code in codes:
        card = read(code)
        if card in owner:
            raise listed_twice(card, owner[card] == side)
        owner[card] = side
        pile.append(card)
    return pile


def card_in(code: Any, field: str, deal: int) -> Card:
    """A card of a hand's record (a Card, or its code); RuleError naming ``field`` and
    ``deal`` when it is not one."""
    if isinstance(code, Card):
        return code
    try:
        return parse_card(code)
    except RuleError as error:
        raise RuleError(error.text, field=field, deal=deal) from None
