"""Reading a Bismarck event's fields: its contract, its trump suit and its tricks (refused with
a message that names the field)."""

from __future__ import annotations

from typing import Any

from scorekeeper.games.bismarck.contracts import PLAYERS, TRICKS, Contract
from scorekeeper.games.cards import Suit
from scorekeeper.games.events import RuleError
from scorekeeper.games.text import T_


def parse_contract(value: Any) -> Contract:
    if isinstance(value, Contract):
        return value
    try:
        return Contract(str(value).strip().lower())
    except ValueError:
        raise RuleError(
            T_("Choose a contract: Spader, Valfri, Trumf, Sang or Pass."), field="contract"
        ) from None


def parse_trump(value: Any) -> Suit | None:
    if value is None or value == "":
        return None
    if isinstance(value, Suit):
        return value
    if not isinstance(value, str):
        raise RuleError(_NOT_A_SUIT, field="trump")
    try:
        return Suit.from_name(value)
    except ValueError:
        raise RuleError(_NOT_A_SUIT, field="trump") from None


_NOT_A_SUIT = T_("The trump suit must be spades, hearts, diamonds or clubs.")


def parse_tricks(value: Any) -> tuple[int, int, int]:
    if not isinstance(value, list | tuple) or len(value) != PLAYERS:
        raise RuleError(T_("Enter the tricks of all three players."), field="tricks")
    for taken in value:
        if isinstance(taken, bool) or not isinstance(taken, int) or not 0 <= taken <= TRICKS:
            raise RuleError(T_("Tricks must be whole numbers from 0 to 16."), field="tricks")
    total = sum(value)
    if total != TRICKS:
        raise RuleError(
            T_(
                "The tricks add up to %(total)s, but a deal has %(n)s tricks.",
                total=total,
                n=TRICKS,
            ),
            field="tricks",
        )
    first, second, third = value
    return (first, second, third)
