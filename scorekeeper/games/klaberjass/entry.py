"""A Klaberjass hand as the score keeper enters it at the table, turned into the hand record the
engine reads (:func:`scorekeeper.games.klaberjass.parse_hand`).

At the table a sequence is said as "four to the king in spades" (a length, a suit and a top
card), and card points are either typed or counted from the cards a player captured. These rules
turn such entries into cards and points, and refuse, with a sentence for the player, what
cannot become a hand: an incomplete sequence, a run that would fall off the bottom of the pack,
an odd number of captured cards, typed points that do not match the cards tapped, or one
player's points missing. Whatever they pass, the engine then checks as it checks a record.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.games.cards import Card, Suit
from scorekeeper.games.events import RuleError
from scorekeeper.games.klaberjass.pack import PACK_RANKS, count_card_points
from scorekeeper.games.text import T_, Possessive, Text, whole_number

Seats = tuple[int | None, int | None]


def _half_filled(name: str) -> RuleError:
    return RuleError(
        T_("Choose the length, suit and top card of %(name)s sequence.", name=Possessive(name)),
        field="sequences",
    )


def run_cards(length: str, suit: str, top: str, name: str) -> list[str] | None:
    """The card codes of a sequence said as its length, suit and top card (``"4"``, ``"♠"``,
    ``"K"``); None for a row left empty. RuleError (field ``sequences``) when it is half filled
    in or falls off the bottom of the pack."""
    if not (length or suit or top):
        return None
    if not (length and suit and top):
        raise _half_filled(name)
    try:
        n, start, shown = whole_number(length), PACK_RANKS.index(top), Suit.from_name(suit)
    except ValueError:
        raise _half_filled(name) from None
    if n is None:
        raise _half_filled(name)
    if not 3 <= n <= len(PACK_RANKS):
        raise RuleError(
            T_(
                "A sequence has 3 to %(most)s cards: %(name)s has %(n)s.",
                most=len(PACK_RANKS),
                name=Possessive(name),
                n=n,
            ),
            field="sequences",
        )
    if start + n > len(PACK_RANKS):
        lowest = PACK_RANKS[len(PACK_RANKS) - n]
        raise RuleError(
            T_(
                "%(name)s %(n)s-card run cannot start at the %(top)s: the top card of a run of "
                "%(n)s is %(lowest)s or higher.",
                name=Possessive(name),
                n=n,
                top=top,
                lowest=lowest,
            ),
            field="sequences",
        )
    return [Card(rank, shown).code for rank in PACK_RANKS[start : start + n]]


def sequences(
    rows: Sequence[Sequence[tuple[str, str, str]]], players: Sequence[str]
) -> list[list[list[str]]]:
    """Each player's declared sequences (card codes) from their rows of (length, suit, top)."""
    return [
        [cards for row in rows[seat] if (cards := run_cards(*row, players[seat])) is not None]
        for seat in range(len(players))
    ]


def _count(codes: Sequence[str], trump: Suit) -> int:
    return count_card_points([Card(code[:-1], Suit(code[-1])) for code in codes], trump)


def _missing(name: str) -> RuleError:
    text: Text = T_(
        "Enter %(owner)s card points, or tap the cards %(name)s captured.",
        owner=Possessive(name),
        name=name,
    )
    return RuleError(text, field="card_points")


def card_points(
    piles: Sequence[Sequence[str]],
    typed: Sequence[int | None],
    trump: Suit | None,
    players: Sequence[str],
) -> dict[str, Any]:
    """The card points of a hand's record: typed, or counted from the cards captured (codes),
    per player. Both piles tapped: the record keeps the cards (with any typed number, which the
    engine checks against them). One pile: its count and the other player's typed number.
    Nothing at all: an empty dict (the engine asks for them)."""
    if piles[0] and piles[1]:
        if list(typed) == [None, None] or trump is None:
            return {"captured": [list(p) for p in piles]}
        counts = [_count(pile, trump) for pile in piles]
        points = [counts[i] if t is None else t for i, t in enumerate(typed)]
        return {"captured": [list(p) for p in piles], "card_points": points}
    if not (piles[0] or piles[1]):
        if typed[0] is None and typed[1] is None:
            return {}
        if None in typed:
            raise _missing(players[list(typed).index(None)])
        return {"card_points": list(typed)}
    seat = 0 if piles[0] else 1
    other = 1 - seat
    name = players[seat]
    if len(piles[seat]) % 2:
        raise RuleError(
            T_(
                "%(name)s captured %(n)s cards, but tricks have two cards each: it must be an "
                "even number.",
                name=name,
                n=len(piles[seat]),
            ),
            field="captured",
        )
    entered: list[int | None] = list(typed)
    if trump is not None:
        counted = _count(piles[seat], trump)
        if typed[seat] is not None and typed[seat] != counted:
            raise RuleError(
                T_(
                    "%(owner)s card points (%(typed)s) do not match the cards %(name)s captured "
                    "(%(counted)s).",
                    owner=Possessive(name),
                    typed=typed[seat],
                    name=name,
                    counted=counted,
                ),
                field="card_points",
            )
        entered[seat] = counted
    if typed[other] is None:
        raise _missing(players[other])
    return {"card_points": entered}


def hand_record(
    *,
    thrown_in: bool,
    maker: int | None,
    trump: str | None,
    bella: int | None,
    last_trick: int | None,
    runs: Sequence[Sequence[tuple[str, str, str]]],
    piles: Sequence[Sequence[str]],
    typed: Sequence[int | None],
    players: Sequence[str],
) -> dict[str, Any]:
    """The hand record (``klaberjass.parse_hand``'s input) of what was entered, in table order:
    while the maker, trumps or the last trick are missing, the engine is left to say so first.
    RuleError for what cannot be asked of the engine."""
    if thrown_in:
        return {"thrown_in": True}
    data: dict[str, Any] = {
        "maker": maker,
        "trump": trump or None,
        "bella": bella,
        "last_trick": last_trick,
    }
    if maker is None or not trump:
        return data
    data["sequences"] = sequences(runs, players)
    if last_trick is None:
        return data
    try:
        suit: Suit | None = Suit.from_name(trump)
    except ValueError:
        suit = None
    return {**data, **card_points(piles, typed, suit, players)}
