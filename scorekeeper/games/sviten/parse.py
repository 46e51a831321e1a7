"""Reading a Sviten Special hand's record: each field on its own, then the checks that need
several (but not the game's options, which :func:`.scoring.score_hand` applies). Every refusal
is a RuleError naming the field and the hand."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import partial
from typing import Any

from scorekeeper.games.cards import Card, Suit, card_in, full_pack, take_cards
from scorekeeper.games.events import RuleError, Where
from scorekeeper.games.hand_log import Pair, blank
from scorekeeper.games.sviten.hand import Hand
from scorekeeper.games.sviten.meld_check import JOKER, parse_trump
from scorekeeper.games.sviten.scoring import score_hand
from scorekeeper.games.sviten.setup import Setup
from scorekeeper.games.sviten.table import (
    MAX_BID,
    MAX_JOKERS,
    MIN_BID,
    PACK_SIZE,
    PAIR_NAMES,
    TRICKS,
    Meld,
    melds_count_text,
    of_pair,
    tricks_text,
)
from scorekeeper.games.text import T_, Possessive, Text


def _shown(value: Any) -> str:
    return T_("nothing") if value is None else json.dumps(value, default=str)


def _whole(value: Any, what: Text, field_name: str, deal: int, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(
            T_("%(what)s must be a whole number, not %(shown)s.", what=what, shown=_shown(value)),
            field=field_name,
            deal=deal,
        )
    if not low <= value <= high:
        raise RuleError(
            T_(
                "%(what)s must be from %(low)s to %(high)s, not %(value)s.",
                what=what,
                low=low,
                high=high,
                value=value,
            ),
            field=field_name,
            deal=deal,
        )
    return value


def _by_pair(value: Any, field_name: str, example: Text, deal: int) -> tuple[Any, Any]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise RuleError(
            T_(
                "%(field)s must give both pairs' %(example)s (N–S first, then E–W).",
                field=field_name,
                example=example,
            ),
            field=field_name,
            deal=deal,
        )
    return value[0], value[1]


def _parse_trump(value: Any, deal: int) -> Suit | None:
    if value is None or isinstance(value, Suit):
        return value
    message = T_("The trump suit must be spades, hearts, diamonds or clubs (or null for no-trump).")
    if not isinstance(value, str):
        raise RuleError(message, field="trump", deal=deal)
    try:
        return parse_trump(value)
    except ValueError:
        raise RuleError(message, field="trump", deal=deal) from None


def _parse_captured(value: Any, deal: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    where: Where = {"field": "captured", "deal": deal}
    example = T_("captured cards, like %(example)s", example='[["QS", "10H", ...], null]')
    raw = _by_pair(value, "captured", example, deal)
    owner: dict[Card, int] = {}
    first, second = (_captured_pile(cards, pair, owner, deal) for pair, cards in enumerate(raw))
    if first is None and second is None:
        raise RuleError(T_("Record the cards at least one pair captured."), **where)
    pack = full_pack()
    if first is None or second is None:
        given = first if first is not None else second
        assert given is not None
        taken = set(given)
        rest = tuple(card for card in pack if card not in taken)
        return (given, rest) if first is not None else (rest, given)
    if len(first) + len(second) != PACK_SIZE:
        missing = [card.label for card in pack if card not in owner]
        raise RuleError(
            T_(
                "The two piles hold %(held)s cards, but all %(n)s are played (missing: "
                "%(missing)s).",
                held=len(first) + len(second),
                n=PACK_SIZE,
                missing=" ".join(missing),
            ),
            **where,
        )
    return first, second


def _captured_pile(
    cards: Any, pair: int, owner: dict[Card, int], deal: int
) -> tuple[Card, ...] | None:
    """The cards one pair captured, whole tricks of four (None: the rest of the pack;
    ``owner``: the pair of each card read so far)."""
    where: Where = {"field": "captured", "deal": deal}
    if cards is None:
        return None
    owner_name = Possessive(PAIR_NAMES[pair])
    if not isinstance(cards, list | tuple):
        raise RuleError(T_("%(owner)s captured cards must be a list.", owner=owner_name), **where)

    def listed_twice(card: Card, again: bool) -> RuleError:
        if again:
            return RuleError(
                T_(
                    "%(card)s is listed twice in %(owner)s cards.",
                    card=card.label,
                    owner=owner_name,
                ),
                **where,
            )
        return RuleError(T_("%(card)s is in both pairs' cards.", card=card.label), **where)

    pile = take_cards(
        cards, pair, owner, partial(card_in, field="captured", deal=deal), listed_twice
    )
    if len(pile) % 4:
        raise RuleError(
            T_(
                "%(pair)s captured %(n)s cards: that is not a whole number of tricks",
                pair=PAIR_NAMES[pair],
                n=len(pile),
            ),
            **where,
        )
    return tuple(pile)


def _parse_tricks(value: Any, deal: int) -> Pair:
    where: Where = {"field": "tricks", "deal": deal}
    raw = _by_pair(value, "tricks", T_("tricks, like %(example)s", example="[8, 5]"), deal)
    counts = [
        _whole(n, of_pair(pair, T_("tricks")), "tricks", deal, 0, TRICKS)
        for pair, n in enumerate(raw)
    ]
    if sum(counts) != TRICKS:
        raise RuleError(
            T_(
                "The tricks add up to %(total)s, but every hand has %(n)s.",
                total=sum(counts),
                n=TRICKS,
            ),
            **where,
        )
    return counts[0], counts[1]


def _parse_melds(value: Any, deal: int) -> tuple[tuple[Meld, ...] | None, tuple[Meld, ...] | None]:
    if value is None:
        return (None, None)
    where: Where = {"field": "melds", "deal": deal}
    example = T_("melds, like %(example)s", example='[[["7C", "8C", "9C"]], null]')
    raw = _by_pair(value, "melds", example, deal)
    result: list[tuple[Meld, ...] | None] = []
    for pair, melds in enumerate(raw):
        if melds is None:
            result.append(None)
            continue
        if not isinstance(melds, list | tuple):
            raise RuleError(
                T_(
                    "%(owner)s melds must be a list of melds.",
                    owner=Possessive(PAIR_NAMES[pair]),
                ),
                **where,
            )
        laid: list[Meld] = []
        for meld in melds:
            if isinstance(meld, str) or not isinstance(meld, list | tuple):
                raise RuleError(
                    T_(
                        "Each of %(owner)s melds must be a list of cards.",
                        owner=Possessive(PAIR_NAMES[pair]),
                    ),
                    **where,
                )
            codes: list[str] = []
            for code in meld:
                if isinstance(code, str) and code.strip().upper() in ("JOKER", "JK", "*"):
                    codes.append(JOKER)
                else:
                    codes.append(card_in(code, "melds", deal).code)
            laid.append(tuple(codes))
        result.append(tuple(laid))
    return result[0], result[1]


def _parse_optional_numbers(
    value: Any, field_name: str, what: Text, deal: int, high: int
) -> tuple[int | None, int | None]:
    if value is None:
        return (None, None)
    example = T_("%(what)s, like %(example)s", what=what, example="[25, null]")
    raw = _by_pair(value, field_name, example, deal)
    result = [
        None if n is None else _whole(n, of_pair(p, what), field_name, deal, 0, high)
        for p, n in enumerate(raw)
    ]
    return result[0], result[1]


def parse_hand(d: Mapping[str, Any], number: int, setup: Setup | None = None) -> Hand:
    """Read a hand record (see :func:`hand_to_dict`); RuleError naming the field if it is bad.

    Fields only the engine derives (``number``, ``dealer``, ``made``, ``slam``, ``scores``) are
    ignored; ``tricks``, ``melds`` and ``meld_points`` may come with the captured cards and are
    then checked against them (so a record with its derived fields reads back the same). With
    ``setup`` the hand is also checked against the game's options and scored once, so that
    every rule it could break is reported here.
    """
    if not isinstance(d, Mapping):
        raise RuleError(T_("A hand must be a record of fields."), deal=number)
    declarer = _whole(d.get("declarer"), T_("The declarer's seat"), "declarer", number, 0, 3)
    bid = _whole(d.get("bid"), T_("The bid"), "bid", number, MIN_BID, MAX_BID)
    trump = _parse_trump(d.get("trump"), number)
    captured, tricks = _parse_cards_or_tricks(d, number)
    melds = _parse_melds(d.get("melds"), number)
    meld_points = _parse_optional_numbers(
        d.get("meld_points"), "meld_points", T_("meld points"), number, 10_000
    )
    meld_counts = _parse_optional_numbers(
        d.get("meld_counts"), "meld_counts", T_("meld count"), number, 100
    )
    jokers = _parse_jokers(d.get("jokers"), number)
    hand = Hand(declarer, bid, trump, captured, tricks, melds, meld_points, meld_counts, jokers)
    _check_hand(hand, number)
    if setup is not None:
        score_hand(setup, hand, number)
    return hand


def _parse_cards_or_tricks(
    d: Mapping[str, Any], number: int
) -> tuple[tuple[tuple[Card, ...], tuple[Card, ...]] | None, Pair | None]:
    """The piles the pairs captured, or (when they are not given) each pair's tricks: tricks
    given with the piles must be theirs."""
    raw_captured = d.get("captured")
    # Nothing, or two empty piles (a form left blank): not given.
    given = not blank(raw_captured) or (
        isinstance(raw_captured, list | tuple) and None in raw_captured and [] in raw_captured
    )
    captured = _parse_captured(raw_captured, number) if given else None
    tricks = None if blank(d.get("tricks")) else _parse_tricks(d.get("tricks"), number)
    if captured is not None and tricks is not None:
        counted = (len(captured[0]) // 4, len(captured[1]) // 4)
        if counted != tricks:
            raise RuleError(
                T_(
                    "The tricks %(a)s–%(b)s do not match the captured cards (%(c)s–%(d)s).",
                    a=tricks[0],
                    b=tricks[1],
                    c=counted[0],
                    d=counted[1],
                ),
                field="tricks",
                deal=number,
            )
        tricks = None
    if captured is None and tricks is None:
        raise RuleError(
            T_("Record the cards each pair captured, or each pair's tricks."),
            field="captured",
            deal=number,
        )
    return captured, tricks


def _parse_jokers(value: Any, number: int) -> Pair:
    """How many jokers each pair holds (none when left out)."""
    if blank(value):
        return (0, 0)
    example = T_("jokers, like %(example)s", example="[1, 0]")
    raw = _by_pair(value, "jokers", example, number)
    counts = [
        0 if n is None else _whole(n, of_pair(p, T_("jokers")), "jokers", number, 0, 2)
        for p, n in enumerate(raw)
    ]
    if sum(counts) > MAX_JOKERS:
        raise RuleError(
            T_(
                "There are only %(most)s jokers, not %(n)s.",
                most=MAX_JOKERS,
                n=sum(counts),
            ),
            field="jokers",
            deal=number,
        )
    return (counts[0], counts[1])


def _check_hand(hand: Hand, number: int) -> None:
    """The checks that need several fields but not the game's options."""
    for pair in range(2):
        name = PAIR_NAMES[pair]
        points, count = hand.meld_points[pair], hand.meld_counts[pair]
        quick = hand.captured is None and hand.melds[pair] is None
        if quick and (points is None or count is None):
            # Quick mode: the typed points and count are all there is.
            if points is None and count is None:
                missing = "melds"
            else:
                missing = "meld_points" if points is None else "meld_counts"
            raise RuleError(
                T_(
                    "Record %(owner)s melds, or their meld points and meld count.",
                    owner=Possessive(name),
                ),
                field=missing,
                deal=number,
            )
        where: Where = {"field": "meld_points", "deal": number}
        if points is not None and points % 5:
            raise RuleError(
                T_(
                    "%(owner)s meld points (%(points)s) must be a multiple of 5.",
                    owner=Possessive(name),
                    points=points,
                ),
                **where,
            )
        if points is None or count is None:
            continue
        if (count == 0) != (points == 0) or points < 5 * count:
            raise RuleError(
                T_(
                    "%(pair)s cannot score %(points)s points with %(melds)s: every meld is worth "
                    "at least 5.",
                    pair=name,
                    points=points,
                    melds=melds_count_text(count),
                ),
                **where,
            )
        held = 4 * hand.trick_counts[pair] + hand.jokers[pair]
        if 3 * count > held:
            raise RuleError(
                T_(
                    "%(pair)s cannot lay %(melds)s with %(tricks)s.",
                    pair=name,
                    melds=melds_count_text(count),
                    tricks=tricks_text(hand.trick_counts[pair]),
                ),
                field="meld_counts",
                deal=number,
            )
