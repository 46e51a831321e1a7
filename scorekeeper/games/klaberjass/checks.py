"""The checks of a Klaberjass hand that need several of its fields at once: bella and the
sequences held, the cards captured against the points typed, and card points that no deal can
produce (:mod:`.trick_points`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.games.cards import Card
from scorekeeper.games.events import RuleError, Where
from scorekeeper.games.klaberjass import trick_points
from scorekeeper.games.klaberjass.hand import Hand
from scorekeeper.games.klaberjass.pack import (
    HAND_SIZE,
    PLAYED_CARDS,
    PLAYERS,
    card_value,
    count_card_points,
    labels,
    pack,
    rank_index,
)
from scorekeeper.games.text import T_, Possessive, Text, Tn_


def check_hand(hand: Hand, names: Sequence[str], deal: int) -> None:
    """The checks that need several fields at once."""
    assert hand.trump is not None and hand.last_trick is not None
    held: list[set[Card]] = [
        {card for run in hand.sequences[seat] for card in run.cards} for seat in range(PLAYERS)
    ]
    if hand.bella is not None:
        _check_bella(hand, held, names, deal)
    if hand.captured is not None:
        if not hand.captured[hand.last_trick]:
            raise RuleError(
                T_(
                    "%(name)s took the last trick but has no captured cards.",
                    name=names[hand.last_trick],
                ),
                field="last_trick",
                deal=deal,
            )
        _check_declared_captured(hand, held, names, deal)
        _check_typed_against_counted(hand, names, deal)
    _check_points_possible(hand, held, names, deal)


def _check_bella(hand: Hand, held: list[set[Card]], names: Sequence[str], deal: int) -> None:
    """Bella's king and queen in its holder's hand, not in the other's sequences; ``held``
    (the cards each player is known to hold) then has them too."""
    assert hand.trump is not None and hand.bella is not None
    bella_cards = (Card("K", hand.trump), Card("Q", hand.trump))
    holder, other = hand.bella, 1 - hand.bella
    for card in bella_cards:
        if card in held[other]:
            raise RuleError(
                T_(
                    "%(holder)s holds bella (%(cards)s), so %(other)s cannot have %(card)s "
                    "in a sequence.",
                    holder=names[holder],
                    cards=labels(bella_cards),
                    other=names[other],
                    card=card.label,
                ),
                field="bella",
                deal=deal,
            )
    held[holder] |= set(bella_cards)
    if len(held[holder]) > HAND_SIZE:
        raise RuleError(
            T_(
                "%(name)s sequences and bella need %(held)s cards, but a player holds only %(n)s.",
                name=Possessive(names[holder]),
                held=len(held[holder]),
                n=HAND_SIZE,
            ),
            field="bella",
            deal=deal,
        )


def _check_typed_against_counted(hand: Hand, names: Sequence[str], deal: int) -> None:
    if hand.card_points is None:
        return
    assert hand.captured is not None and hand.trump is not None
    counted = (
        count_card_points(hand.captured[0], hand.trump),
        count_card_points(hand.captured[1], hand.trump),
    )
    for seat in range(PLAYERS):
        if counted[seat] != hand.card_points[seat]:
            raise RuleError(
                _points_mismatch(names[seat], hand.card_points[seat], counted[seat]),
                field="card_points",
                deal=deal,
            )


def _points_mismatch(name: str, typed: int, counted: int) -> Text:
    return T_(
        "%(owner)s card points (%(typed)s) do not match the cards %(name)s captured (%(counted)s).",
        owner=Possessive(name),
        typed=typed,
        name=name,
        counted=counted,
    )


def _declared_order(card: Card) -> tuple[str, int]:
    return (card.suit.value, rank_index(card))


def _check_points_possible(
    hand: Hand, held: Sequence[set[Card]], names: Sequence[str], deal: int
) -> None:
    """Refuse card points that no deal can produce (:mod:`.trick_points`): only 18 of the 32
    cards are played, all of them the cards in the two hands, so the declared cards (sequences,
    bella) are among them, whoever won them; each player's tricks hold two cards each, and the
    player who took the last trick has at least one."""
    assert hand.last_trick is not None
    declared = sorted(held[0] | held[1], key=_declared_order)
    where: Where = {"field": "card_points" if hand.captured is None else "captured", "deal": deal}
    if hand.captured is None:
        _check_total_in_reach(hand, declared, names, where)
    if _points_possible(hand, declared, hand.last_trick):
        return
    raise _no_deal(hand, declared, names, where)


def _check_total_in_reach(
    hand: Hand, declared: Sequence[Card], names: Sequence[str], where: Where
) -> None:
    """Typed points whose total the 18 played cards, the declared ones among them, cannot be
    worth: the fewest and the most they can be."""
    assert hand.trump is not None
    trump, points = hand.trump, hand.points
    total = points[0] + points[1]
    rest = sorted(card_value(c, trump) for c in pack() if c not in set(declared))
    worth = count_card_points(declared, trump)
    least = worth + sum(rest[: PLAYED_CARDS - len(declared)])
    most = worth + sum(rest[len(rest) - (PLAYED_CARDS - len(declared)) :])
    added = T_(
        "%(first)s and %(second)s card points add up to %(total)s",
        first=names[0],
        second=Possessive(names[1]),
        total=total,
    )
    facts: dict[str, Any] = {"added": added, "n": PLAYED_CARDS, "cards": labels(declared)}
    if total < least and declared:
        raise RuleError(
            T_(
                "%(added)s, but the %(n)s played cards include the declared %(cards)s and "
                "are worth at least %(least)s.",
                least=least,
                **facts,
            ),
            **where,
        )
    if total < least:
        raise RuleError(
            T_(
                "%(added)s, but any %(n)s played cards are worth at least %(least)s.",
                least=least,
                **facts,
            ),
            **where,
        )
    if total > most and declared:
        raise RuleError(
            T_(
                "%(added)s, but the %(n)s played cards include the declared %(cards)s and "
                "are worth at most %(most)s.",
                most=most,
                **facts,
            ),
            **where,
        )
    if total > most:
        raise RuleError(
            T_(
                "%(added)s, but any %(n)s played cards are worth at most %(most)s.",
                most=most,
                **facts,
            ),
            **where,
        )


def _no_deal(hand: Hand, declared: Sequence[Card], names: Sequence[str], where: Where) -> RuleError:
    """Why no deal produces the hand's card points: too few cards tapped, the last trick taken
    by the other player, or no split of the played cards into tricks of two."""
    assert hand.last_trick is not None
    piles = hand.captured
    if piles is not None:
        tapped = len(piles[0]) + len(piles[1])
        return RuleError(
            T_(
                "%(tapped)s are tapped as captured, and the other %(rest)s of the %(n)s played "
                "cards cannot all be cards worth nothing: tap every card each player captured.",
                tapped=Tn_("%(num)s card", "%(num)s cards", tapped),
                rest=PLAYED_CARDS - tapped,
                n=PLAYED_CARDS,
            ),
            **where,
        )
    points = hand.points
    scores = T_(
        "%(first)s %(a)s and %(second)s %(b)s card points",
        first=names[0],
        a=points[0],
        second=names[1],
        b=points[1],
    )
    if _points_possible(hand, declared, 1 - hand.last_trick):
        return RuleError(
            T_(
                "No deal gives %(scores)s when %(name)s takes the last trick.",
                scores=scores,
                name=names[hand.last_trick],
            ),
            **where,
        )
    if declared:
        return RuleError(
            T_(
                "No deal gives %(scores)s: %(n)s played cards with the declared %(cards)s among "
                "them cannot be split into tricks of two that way.",
                scores=scores,
                n=PLAYED_CARDS,
                cards=labels(declared),
            ),
            **where,
        )
    return RuleError(
        T_(
            "No deal gives %(scores)s: %(n)s played cards cannot be split into tricks of two "
            "that way.",
            scores=scores,
            n=PLAYED_CARDS,
        ),
        **where,
    )


def _check_declared_captured(
    hand: Hand, held: Sequence[set[Card]], names: Sequence[str], deal: int
) -> None:
    """Every card in a hand is played: a declared card that counts must be among the cards
    tapped as captured (all of them once all 18 are tapped)."""
    assert hand.captured is not None and hand.trump is not None
    captured = set(hand.captured[0]) | set(hand.captured[1])
    complete = len(captured) == PLAYED_CARDS
    for seat in range(PLAYERS):
        for card in sorted(held[seat], key=_declared_order):
            if card not in captured and (complete or card_value(card, hand.trump) > 0):
                raise RuleError(
                    T_(
                        "%(card)s was in %(name)s hand, but it is not among the captured cards.",
                        card=card.label,
                        name=Possessive(names[seat]),
                    ),
                    field="captured",
                    deal=deal,
                )


def _points_possible(hand: Hand, declared: Sequence[Card], last_trick: int) -> bool:
    assert hand.trump is not None
    piles = hand.captured or ((), ())
    where = {card: seat for seat in range(PLAYERS) for card in piles[seat]}
    must = set(declared)
    tally: dict[int, list[int]] = {}  # value -> [in pile 0, in pile 1, must, free]
    for card in pack():
        row = tally.setdefault(card_value(card, hand.trump), [0, 0, 0, 0])
        if card in where:
            row[where[card]] += 1
        else:
            row[2 if card in must else 3] += 1
    classes = [trick_points.CardClass(value, (a, b), m, f) for value, (a, b, m, f) in tally.items()]
    return trick_points.possible(
        classes, hand.points, played=PLAYED_CARDS, trick=PLAYERS, last_trick=last_trick
    )
