"""Reading a Klaberjass hand's record: each field on its own, then the checks of several
(:mod:`.checks`). Every refusal is a RuleError naming the field and the hand."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from scorekeeper.games.cards import Card, Suit, card_in, take_cards
from scorekeeper.games.events import RuleError, Where
from scorekeeper.games.hand_log import Pair, blank
from scorekeeper.games.klaberjass.checks import check_hand
from scorekeeper.games.klaberjass.hand import DERIVED_FIELDS, HAND_FIELDS, Hand
from scorekeeper.games.klaberjass.pack import (
    PACK_RANKS,
    PLAYED_CARDS,
    PLAYERS,
    TRICKS,
    max_card_points,
    possible_card_points,
)
from scorekeeper.games.klaberjass.sequences import Sequences, parse_sequences
from scorekeeper.games.text import T_, Possessive, Text, Tn_


def parse_hand(d: Mapping[str, Any], number: int, players: Sequence[str] | None = None) -> Hand:
    """Read and validate one hand in the record format; ``number`` is the hand's number.

    ``{"thrown_in": true}``, or ``{"maker": 0, "trump": "hearts", "sequences": [[["7H", "8H",
    "9H"]], []], "bella": 1, "last_trick": 0, "card_points": [81, 62]}`` with ``"captured":
    [[codes...], [codes...]]`` instead of (or as well as) ``card_points``. ``sequences`` and
    ``bella`` may be left out. ``players`` names the seats in messages.
    """
    names: tuple[str, ...] = (
        tuple(players) if players is not None else (T_("Player 1"), T_("Player 2"))
    )
    if not isinstance(d, Mapping):
        raise RuleError(T_("A hand must be a record of fields."), field="hand", deal=number)
    unknown = sorted(
        str(key) for key in d if key not in (*HAND_FIELDS, *DERIVED_FIELDS, "thrown_in")
    )
    if unknown:
        raise RuleError(
            T_("Unknown hand field: %(names)s.", names=", ".join(unknown)),
            field=unknown[0],
            deal=number,
        )
    if _thrown_in(d, number):
        return Hand(thrown_in=True)
    hand = _played(d, number, names)
    check_hand(hand, names, number)
    return hand


def _thrown_in(d: Mapping[str, Any], number: int) -> bool:
    """Whether the hand was thrown in (then it records nothing else)."""
    thrown_in = d.get("thrown_in", False)
    if not isinstance(thrown_in, bool):
        raise RuleError(T_("thrown_in must be true or false."), field="thrown_in", deal=number)
    if thrown_in:
        for key in HAND_FIELDS:
            if not blank(d.get(key)):
                raise RuleError(
                    T_(
                        "A thrown-in hand scores nothing: leave out %(field)s.",
                        field=key.replace("_", " "),
                    ),
                    field=key,
                    deal=number,
                )
    return thrown_in


def _played(d: Mapping[str, Any], number: int, names: Sequence[str]) -> Hand:
    """A hand that was played, each field read on its own, in the order of the table."""
    if d.get("maker") is None:
        raise RuleError(
            T_("Who made trumps? Record the maker, or that the hand was thrown in."),
            field="maker",
            deal=number,
        )
    maker = _parse_seat(d.get("maker"), T_("The maker"), "maker", number)
    if d.get("trump") is None:
        raise RuleError(T_("Record the trump suit."), field="trump", deal=number)
    trump = _parse_trump(d.get("trump"), number)
    sequences = _parse_sequences(d.get("sequences"), names, number)
    bella = d.get("bella")
    if bella is not None:
        bella = _parse_seat(bella, T_("Bella"), "bella", number)
    if d.get("last_trick") is None:
        raise RuleError(T_("Record who took the last trick."), field="last_trick", deal=number)
    last_trick = _parse_seat(d.get("last_trick"), T_("The last trick"), "last_trick", number)
    # Empty lists (a form's untouched fields) count as not given.
    if blank(d.get("card_points")) and blank(d.get("captured")):
        raise RuleError(
            T_("Record each player's card points, or the cards each captured."),
            field="card_points",
            deal=number,
        )
    captured = None if blank(d.get("captured")) else _parse_captured(d["captured"], names, number)
    card_points = None
    if not blank(d.get("card_points")):
        card_points = _parse_card_points(d["card_points"], trump, names, number)
    return Hand(False, maker, trump, sequences, bella, last_trick, card_points, captured)


def _parse_seat(value: Any, what: Text, field_name: str, deal: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in (0, 1):
        raise RuleError(
            T_("%(what)s must be one of the two players (seat 0 or 1).", what=what),
            field=field_name,
            deal=deal,
        )
    return value


def _parse_trump(value: Any, deal: int) -> Suit:
    if isinstance(value, Suit):
        return value
    message = T_("The trump suit must be spades, hearts, diamonds or clubs.")
    if not isinstance(value, str):
        raise RuleError(message, field="trump", deal=deal)
    try:
        return Suit.from_name(value)
    except ValueError:
        raise RuleError(message, field="trump", deal=deal) from None


def _parse_pack_card(code: Any, field_name: str, deal: int) -> Card:
    card = card_in(code, field_name, deal)
    if card.rank not in PACK_RANKS:
        raise RuleError(
            T_("%(card)s is not in a 32-card pack.", card=card.label), field=field_name, deal=deal
        )
    return card


def _per_player(value: Any, field_name: str, example: Text, deal: int) -> tuple[Any, Any]:
    if not isinstance(value, list | tuple) or len(value) != PLAYERS:
        raise RuleError(
            T_("%(field)s must give both players' %(example)s.", field=field_name, example=example),
            field=field_name,
            deal=deal,
        )
    return value[0], value[1]


def _parse_sequences(value: Any, names: Sequence[str], deal: int) -> Sequences:
    if value is None:
        return ((), ())
    example = T_("sequences, like %(example)s", example='[[["7H", "8H", "9H"]], []]')
    per_player = _per_player(value, "sequences", example, deal)
    return parse_sequences(
        per_player, names, deal, lambda code: _parse_pack_card(code, "sequences", deal)
    )


def _parse_captured(
    value: Any, names: Sequence[str], deal: int
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    example = T_("captured cards, like %(example)s", example='[["JH", "7S"], []]')
    per_player = _per_player(value, "captured", example, deal)
    owner: dict[Card, int] = {}
    piles = [_captured_pile(raw, seat, names, owner, deal) for seat, raw in enumerate(per_player)]
    _check_captured_count(piles, {"field": "captured", "deal": deal})
    return piles[0], piles[1]


def _captured_pile(
    raw_cards: Any, seat: int, names: Sequence[str], owner: dict[Card, int], deal: int
) -> tuple[Card, ...]:
    """The cards one player captured, whole tricks of two (``owner``: the seat of each card
    read so far)."""
    where: Where = {"field": "captured", "deal": deal}
    name = names[seat]
    if raw_cards is None:
        raw_cards = []
    if not isinstance(raw_cards, list | tuple):
        raise RuleError(
            T_("%(name)s captured cards must be a list of cards.", name=Possessive(name)),
            **where,
        )

    def listed_twice(card: Card, again: bool) -> RuleError:
        if again:
            return RuleError(
                T_(
                    "%(card)s is listed twice in %(name)s captured cards.",
                    card=card.label,
                    name=Possessive(name),
                ),
                **where,
            )
        return RuleError(
            T_(
                "%(card)s is in both %(first)s and %(second)s captured cards.",
                card=card.label,
                first=Possessive(names[0]),
                second=Possessive(names[1]),
            ),
            **where,
        )

    read = partial(_parse_pack_card, field_name="captured", deal=deal)
    cards = take_cards(raw_cards, seat, owner, read, listed_twice)
    if len(cards) % 2:
        raise RuleError(
            T_(
                "%(name)s captured %(cards)s, but tricks have two cards each: it must be "
                "an even number.",
                name=name,
                cards=Tn_("%(num)s card", "%(num)s cards", len(cards)),
            ),
            **where,
        )
    return tuple(cards)


def _check_captured_count(piles: Sequence[Sequence[Card]], where: Where) -> None:
    total = sum(len(pile) for pile in piles)
    if total > PLAYED_CARDS:
        raise RuleError(
            T_(
                "The captured cards number %(total)s, but only %(n)s cards (%(tricks)s tricks) "
                "are played.",
                total=total,
                n=PLAYED_CARDS,
                tricks=TRICKS,
            ),
            **where,
        )


def _parse_card_points(value: Any, trump: Suit, names: Sequence[str], deal: int) -> Pair:
    where: Where = {"field": "card_points", "deal": deal}
    example = T_("card points, like %(example)s", example="[81, 62]")
    first, second = _per_player(value, "card_points", example, deal)
    for seat, points in enumerate((first, second)):
        _check_card_points(points, trump, Possessive(names[seat]), where)
    most = max_card_points(trump)
    total = first + second
    if total > most:
        raise RuleError(
            T_(
                "%(first)s and %(second)s card points add up to %(total)s, more than the %(n)s "
                "played cards hold (%(most)s at most).",
                first=names[0],
                second=Possessive(names[1]),
                total=total,
                n=PLAYED_CARDS,
                most=most,
            ),
            **where,
        )
    return first, second


def _check_card_points(points: Any, trump: Suit, owner: Possessive, where: Where) -> None:
    """One player's typed card points: a whole number that some cards make, within reach."""
    if isinstance(points, bool) or not isinstance(points, int):
        shown = T_("nothing") if points is None else json.dumps(points, default=str)
        raise RuleError(
            T_(
                "%(name)s card points must be a whole number, not %(shown)s.",
                name=owner,
                shown=shown,
            ),
            **where,
        )
    if points < 0:
        raise RuleError(
            T_("%(name)s card points (%(points)s) cannot be negative.", name=owner, points=points),
            **where,
        )
    most = max_card_points(trump)
    if points > most:
        raise RuleError(
            T_(
                "%(name)s card points (%(points)s) are more than %(tricks)s tricks can hold "
                "(%(most)s at most).",
                name=owner,
                points=points,
                tricks=TRICKS,
                most=most,
            ),
            **where,
        )
    if points not in possible_card_points(trump):
        raise RuleError(
            T_(
                "%(name)s card points (%(points)s) are not a total that cards can make.",
                name=owner,
                points=points,
            ),
            **where,
        )
