"""Klaberjass (Klabberjass, Bela): two players, 32 cards (7 to A), 9 cards each, 9 tricks.

The rules (see ``shared/rules/README.md`` and the Swedish seed text):

* The deal alternates: hand *k* is dealt by seat ``(d + k - 1) % 2``; the other player is the
  elder hand. After the bidding (spel, pass, kast, färgbud) the score keeper records the
  outcome: the **maker** and the trump suit, or that the hand was **thrown in** (no score; the
  other player deals next).
* **Sequences** (natural order A K Q J 10 9 8 7, in trumps too): three in a row score 20, four
  or more 50 (a 7-card run is one sequence worth 50). Only the player with the best sequence
  scores, and then all of their sequences. Best = longest; at equal length one in trumps beats
  one that is not; otherwise the higher top card; still equal: the non-dealer's.
* **Bella** (kungaparet): trump K + Q in one player's hand, 20.
* **Card points** won in tricks: trump J 20, trump 9 14, A 11, 10 10, K 4, Q 3, other J 2, the
  rest 0; the last trick 10. Only 18 of the 32 cards are played, so each player's points are
  entered (or counted from the cards they captured); no player can have more than the 18 best
  cards hold (146). Only totals some deal produces are accepted (:mod:`.trick_points`): the 18
  played cards split into tricks of two, the last trick's taker holding one, every declared card
  (sequences, bella) among them: e.g. 143 and 3, or 0 and 0, are refused.
* A player's **hand total** = sequences + bella + card points + last trick. Settlement: the
  maker's total greater → each scores their own; equal → the opponent scores their own, the
  maker 0; the opponent's greater → the opponent scores both totals, the maker 0.
* The first to the target (500) or more after a hand wins; if both reach it in the same hand the
  higher total wins; if they are equal, play on.

The engine folds a game's setup and its *effective* events (undo applied) into a :class:`State`.
Event kinds: ``hand`` (the current hand, in the record format of :func:`parse_hand`),
``correct`` (an earlier hand replaced; later hands are re-derived and re-validated) and
``undo``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cache
from typing import Any

from scorekeeper.games.cards import Card, Suit, parse_card
from scorekeeper.games.events import Event, RuleError
from scorekeeper.games.game import Game
from scorekeeper.games.hand_log import EventKind, HandRules, HandsState, Pair, hand_event_of
from scorekeeper.games.klaberjass import trick_points
from scorekeeper.games.players import checked_names
from scorekeeper.games.scoreboard import Scoreboard
from scorekeeper.games.text import T_, Possessive, Text, Tn_

KIND = "klaberjass"
PLAYERS = 2
TRICKS = 9
PLAYED_CARDS = 2 * TRICKS
HAND_SIZE = 9
DEFAULT_TARGET = 500
MAX_TARGET = 100_000
BELLA_POINTS = 20
LAST_TRICK_POINTS = 10

#: The ranks of the 32-card pack in natural order, high to low (sequences use this order).
PACK_RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7")

_PLAIN_VALUES = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
_TRUMP_VALUES = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3}


class Outcome(Enum):
    """How a hand was settled."""

    THROWN_IN = "thrown_in"
    MAKER_AHEAD = "maker_ahead"
    TIE = "tie"
    OPPONENT_AHEAD = "opponent_ahead"


# --- cards and their values ------------------------------------------------------------------


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
def _possible_card_points(trump: Suit) -> frozenset[int]:
    """Every card-point total that an even number (at most 18) of the pack's cards can make."""
    reachable: set[tuple[int, int]] = {(0, 0)}  # (points, number of cards)
    for card in pack():
        value = card_value(card, trump)
        reachable |= {(p + value, n + 1) for p, n in reachable if n < PLAYED_CARDS}
    return frozenset(p for p, n in reachable if n % 2 == 0)


def _rank_index(card: Card) -> int:
    """0 for the ace, 7 for the seven: the position in the natural order."""
    return PACK_RANKS.index(card.rank)


def _pair(values: Iterable[int]) -> Pair:
    first, second = values
    return (first, second)


def _labels(cards: Sequence[Card]) -> str:
    return " ".join(card.label for card in cards)


# --- sequences -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """One declared sequence: three or more cards of one suit in a row, stored high to low."""

    cards: tuple[Card, ...]

    @property
    def suit(self) -> Suit:
        return self.cards[0].suit

    @property
    def length(self) -> int:
        return len(self.cards)

    @property
    def top(self) -> Card:
        return self.cards[0]

    @property
    def value(self) -> int:
        """20 for three cards, 50 for four or more."""
        return 50 if self.length >= 4 else 20

    @property
    def label(self) -> str:
        return _labels(self.cards)

    @property
    def codes(self) -> list[str]:
        return [card.code for card in self.cards]

    def strength(self, trump: Suit | None) -> tuple[int, bool, int]:
        """Compare runs by this: longer, then in trumps, then the higher top card."""
        return (self.length, self.suit is trump, -_rank_index(self.top))


def _make_run(cards: list[Card], name: str, deal: int) -> Run:
    where = {"field": "sequences", "deal": deal}
    ordered = sorted(cards, key=lambda card: (_rank_index(card), card.suit.value))
    if not ordered:
        raise RuleError(
            T_("One of %(name)s sequences has no cards.", name=Possessive(name)), **where
        )
    if len(ordered) < 3:
        raise RuleError(
            T_(
                "A sequence needs at least three cards: %(name)s %(cards)s is too short.",
                name=Possessive(name),
                cards=_labels(ordered),
            ),
            **where,
        )
    seen: set[Card] = set()
    for card in ordered:
        if card in seen:
            raise RuleError(
                T_(
                    "%(card)s is listed twice in one of %(name)s sequences.",
                    card=card.label,
                    name=Possessive(name),
                ),
                **where,
            )
        seen.add(card)
    if len({card.suit for card in ordered}) != 1:
        raise RuleError(
            T_(
                "%(cards)s is not a sequence: its cards must all be of one suit.",
                cards=_labels(ordered),
            ),
            **where,
        )
    indices = [_rank_index(card) for card in ordered]
    if indices != list(range(indices[0], indices[0] + len(indices))):
        raise RuleError(
            T_(
                "%(cards)s is not a sequence: the cards must follow each other (A K Q J 10 9 8 7).",
                cards=_labels(ordered),
            ),
            **where,
        )
    return Run(tuple(ordered))


def _best_run(runs: Sequence[Run], trump: Suit | None) -> Run | None:
    return max(runs, key=lambda run: run.strength(trump), default=None)


def sequence_contest(
    sequences: tuple[tuple[Run, ...], tuple[Run, ...]],
    trump: Suit | None,
    dealer: int,
    players: Sequence[str],
) -> tuple[int | None, Text | None]:
    """Who scores sequences (a seat, or None when nobody declared one) and why, in words."""
    best = [_best_run(sequences[seat], trump) for seat in range(PLAYERS)]
    elder = 1 - dealer
    if best[0] is None and best[1] is None:
        return None, None
    if best[0] is None or best[1] is None:
        seat = 0 if best[1] is None else 1
        return seat, T_("Only %(name)s declared a sequence", name=players[seat])
    a, b = best
    if a.strength(trump) == b.strength(trump):
        return elder, T_(
            "%(mine)s %(n)s-card run to the %(top)s ties %(theirs)s; the non-dealer wins the tie",
            mine=Possessive(players[elder]),
            n=a.length,
            top=a.top.rank,
            theirs=Possessive(players[dealer]),
        )
    winner = 0 if a.strength(trump) > b.strength(trump) else 1
    won, lost = best[winner], best[1 - winner]
    assert won is not None and lost is not None
    mine, theirs = Possessive(players[winner]), Possessive(players[1 - winner])
    if won.length != lost.length:
        reason = T_(
            "%(mine)s %(n)s-card run beats %(theirs)s %(other)s-card run",
            mine=mine,
            n=won.length,
            theirs=theirs,
            other=lost.length,
        )
    elif won.suit is trump:
        reason = T_(
            "%(mine)s %(n)s-card run in trumps beats %(theirs)s %(other)s-card run",
            mine=mine,
            n=won.length,
            theirs=theirs,
            other=lost.length,
        )
    else:
        reason = T_(
            "%(mine)s %(n)s-card run to the %(top)s beats %(theirs)s to the %(other)s",
            mine=mine,
            n=won.length,
            top=won.top.label,
            theirs=theirs,
            other=lost.top.label,
        )
    return winner, reason


# --- setup -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    """Game settings: the target score (500)."""

    target: int = DEFAULT_TARGET

    def __post_init__(self) -> None:
        target = self.target
        if isinstance(target, bool) or not isinstance(target, int):
            raise RuleError(T_("The target must be a whole number of points."), field="target")
        if not 1 <= target <= MAX_TARGET:
            raise RuleError(
                T_("The target must be between 1 and %(most)s points.", most=MAX_TARGET),
                field="target",
            )

    def to_dict(self) -> dict[str, Any]:
        return {"target": self.target}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any] | None) -> Options:
        if raw is None:
            return cls()
        if not isinstance(raw, Mapping):
            raise RuleError(T_("options must map option names to values."), field="options")
        unknown = sorted(str(key) for key in raw if key != "target")
        if unknown:
            raise RuleError(
                T_("Unknown Klaberjass option: %(names)s.", names=", ".join(unknown)),
                field="options",
            )
        return cls(target=raw.get("target", DEFAULT_TARGET))


@dataclass(frozen=True)
class Setup:
    """The two players (seats 0 and 1), who deals first, and the options."""

    players: tuple[str, str]
    first_dealer: int = 0
    options: Options = field(default_factory=Options)

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", checked_names(self.players, PLAYERS, "Klaberjass"))
        first_dealer = self.first_dealer
        if (
            isinstance(first_dealer, bool)
            or not isinstance(first_dealer, int)
            or first_dealer not in (0, 1)
        ):
            raise RuleError(
                T_("The first dealer must be one of the two players (seat 0 or 1)."),
                field="first_dealer",
            )
        if isinstance(self.options, Mapping):
            object.__setattr__(self, "options", Options.from_dict(self.options))
        if not isinstance(self.options, Options):
            raise RuleError(T_("options must be Klaberjass options."), field="options")

    @property
    def target(self) -> int:
        return self.options.target

    def dealer_of(self, number: int) -> int:
        """The seat that deals hand ``number`` (1-based): the deal alternates."""
        return (self.first_dealer + number - 1) % PLAYERS

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "options": self.options.to_dict(),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Setup:
        if not isinstance(raw, Mapping):
            raise RuleError(T_("A Klaberjass setup must be a record of fields."), field="players")
        players = raw.get("players")
        if not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players):
            raise RuleError(T_("players must be a list of two names."), field="players")
        return cls(
            players=tuple(players),  # type: ignore[arg-type]
            first_dealer=raw.get("first_dealer", 0),
            options=Options.from_dict(raw.get("options")),
        )


# --- a hand as recorded ----------------------------------------------------------------------


@dataclass(frozen=True)
class Hand:
    """One hand as the score keeper records it: thrown in, or the maker, trumps and the points.

    Card points are given as numbers (``card_points``), as the cards each player captured
    (``captured``), or both (then they must agree).
    """

    thrown_in: bool = False
    maker: int | None = None
    trump: Suit | None = None
    sequences: tuple[tuple[Run, ...], tuple[Run, ...]] = ((), ())
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


_HAND_FIELDS = ("maker", "trump", "sequences", "bella", "last_trick", "card_points", "captured")
#: Fields a record may carry next to a hand that the engine derives itself (ignored on input).
_DERIVED_FIELDS = ("number", "dealer", "sequence_winner", "hand_totals", "scores")


def _blank(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, list | tuple):
        return all(_blank(item) for item in value)
    return False


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
    if isinstance(code, Card):
        card = code
    else:
        try:
            card = parse_card(code)
        except RuleError as error:
            raise RuleError(error.text, field=field_name, deal=deal) from None
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


def _parse_sequences(
    value: Any, names: Sequence[str], deal: int
) -> tuple[tuple[Run, ...], tuple[Run, ...]]:
    if value is None:
        return ((), ())
    where = {"field": "sequences", "deal": deal}
    example = T_("sequences, like %(example)s", example='[[["7H", "8H", "9H"]], []]')
    per_player = _per_player(value, "sequences", example, deal)
    holder: dict[Card, int] = {}
    result: list[tuple[Run, ...]] = []
    for seat, raw_runs in enumerate(per_player):
        name = names[seat]
        if raw_runs is None:
            raw_runs = []
        if not isinstance(raw_runs, list | tuple):
            raise RuleError(
                T_("%(name)s sequences must be a list of sequences.", name=Possessive(name)),
                **where,
            )
        runs: list[Run] = []
        for raw_run in raw_runs:
            if not isinstance(raw_run, list | tuple):
                raise RuleError(
                    T_(
                        "Each of %(name)s sequences must be a list of cards.", name=Possessive(name)
                    ),
                    **where,
                )
            cards = [_parse_pack_card(code, "sequences", deal) for code in raw_run]
            run = _make_run(cards, name, deal)
            for card in run.cards:
                if card in holder:
                    raise RuleError(T_("%(card)s is in two sequences.", card=card.label), **where)
                holder[card] = seat
            runs.append(run)
        for i, first in enumerate(runs):
            for second in runs[i + 1 :]:
                if first.suit is second.suit and (
                    _rank_index(first.cards[-1]) + 1 == _rank_index(second.top)
                    or _rank_index(second.cards[-1]) + 1 == _rank_index(first.top)
                ):
                    joined = sorted((*first.cards, *second.cards), key=_rank_index)
                    raise RuleError(
                        T_(
                            "%(first)s and %(second)s follow each other: declare %(cards)s as "
                            "one sequence.",
                            first=first.label,
                            second=second.label,
                            cards=_labels(joined),
                        ),
                        **where,
                    )
        held = sum(run.length for run in runs)
        if held > HAND_SIZE:
            raise RuleError(
                T_(
                    "%(name)s sequences use %(held)s cards, but a player holds only %(n)s.",
                    name=Possessive(name),
                    held=held,
                    n=HAND_SIZE,
                ),
                **where,
            )
        runs.sort(key=lambda run: (-run.length, _rank_index(run.top), run.suit.value))
        result.append(tuple(runs))
    return result[0], result[1]


def _parse_captured(
    value: Any, names: Sequence[str], deal: int
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    where = {"field": "captured", "deal": deal}
    example = T_("captured cards, like %(example)s", example='[["JH", "7S"], []]')
    per_player = _per_player(value, "captured", example, deal)
    owner: dict[Card, int] = {}
    result: list[tuple[Card, ...]] = []
    for seat, raw_cards in enumerate(per_player):
        name = names[seat]
        if raw_cards is None:
            raw_cards = []
        if not isinstance(raw_cards, list | tuple):
            raise RuleError(
                T_("%(name)s captured cards must be a list of cards.", name=Possessive(name)),
                **where,
            )
        cards: list[Card] = []
        for code in raw_cards:
            card = _parse_pack_card(code, "captured", deal)
            if card in owner:
                if owner[card] == seat:
                    raise RuleError(
                        T_(
                            "%(card)s is listed twice in %(name)s captured cards.",
                            card=card.label,
                            name=Possessive(name),
                        ),
                        **where,
                    )
                raise RuleError(
                    T_(
                        "%(card)s is in both %(first)s and %(second)s captured cards.",
                        card=card.label,
                        first=Possessive(names[0]),
                        second=Possessive(names[1]),
                    ),
                    **where,
                )
            owner[card] = seat
            cards.append(card)
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
        result.append(tuple(cards))
    total = len(result[0]) + len(result[1])
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
    return result[0], result[1]


def _parse_card_points(value: Any, trump: Suit, names: Sequence[str], deal: int) -> Pair:
    where = {"field": "card_points", "deal": deal}
    example = T_("card points, like %(example)s", example="[81, 62]")
    per_player = _per_player(value, "card_points", example, deal)
    most = max_card_points(trump)
    possible = _possible_card_points(trump)
    for seat, points in enumerate(per_player):
        name = names[seat]
        if isinstance(points, bool) or not isinstance(points, int):
            shown = T_("nothing") if points is None else json.dumps(points, default=str)
            raise RuleError(
                T_(
                    "%(name)s card points must be a whole number, not %(shown)s.",
                    name=Possessive(name),
                    shown=shown,
                ),
                **where,
            )
        if points < 0:
            raise RuleError(
                T_(
                    "%(name)s card points (%(points)s) cannot be negative.",
                    name=Possessive(name),
                    points=points,
                ),
                **where,
            )
        if points > most:
            raise RuleError(
                T_(
                    "%(name)s card points (%(points)s) are more than %(tricks)s tricks can hold "
                    "(%(most)s at most).",
                    name=Possessive(name),
                    points=points,
                    tricks=TRICKS,
                    most=most,
                ),
                **where,
            )
        if points not in possible:
            raise RuleError(
                T_(
                    "%(name)s card points (%(points)s) are not a total that cards can make.",
                    name=Possessive(name),
                    points=points,
                ),
                **where,
            )
    total = per_player[0] + per_player[1]
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
    return per_player[0], per_player[1]


def _check_hand(hand: Hand, names: Sequence[str], deal: int) -> None:
    """The checks that need several fields at once."""
    assert hand.trump is not None and hand.last_trick is not None
    trump = hand.trump
    bella_cards = (Card("K", trump), Card("Q", trump))
    held: list[set[Card]] = [
        {card for run in hand.sequences[seat] for card in run.cards} for seat in range(PLAYERS)
    ]
    if hand.bella is not None:
        holder, other = hand.bella, 1 - hand.bella
        for card in bella_cards:
            if card in held[other]:
                raise RuleError(
                    T_(
                        "%(holder)s holds bella (%(cards)s), so %(other)s cannot have %(card)s "
                        "in a sequence.",
                        holder=names[holder],
                        cards=_labels(bella_cards),
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
                    "%(name)s sequences and bella need %(held)s cards, but a player holds "
                    "only %(n)s.",
                    name=Possessive(names[holder]),
                    held=len(held[holder]),
                    n=HAND_SIZE,
                ),
                field="bella",
                deal=deal,
            )
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
        if hand.card_points is not None:
            counted = (
                count_card_points(hand.captured[0], trump),
                count_card_points(hand.captured[1], trump),
            )
            for seat in range(PLAYERS):
                if counted[seat] != hand.card_points[seat]:
                    raise RuleError(
                        _points_mismatch(names[seat], hand.card_points[seat], counted[seat]),
                        field="card_points",
                        deal=deal,
                    )
    _check_points_possible(hand, held, names, deal)


def _points_mismatch(name: str, typed: int, counted: int) -> Text:
    return T_(
        "%(owner)s card points (%(typed)s) do not match the cards %(name)s captured (%(counted)s).",
        owner=Possessive(name),
        typed=typed,
        name=name,
        counted=counted,
    )


def _declared_order(card: Card) -> tuple[str, int]:
    return (card.suit.value, _rank_index(card))


def _check_points_possible(
    hand: Hand, held: Sequence[set[Card]], names: Sequence[str], deal: int
) -> None:
    """Refuse card points that no deal can produce (:mod:`.trick_points`): only 18 of the 32
    cards are played, all of them the cards in the two hands, so the declared cards (sequences,
    bella) are among them, whoever won them; each player's tricks hold two cards each, and the
    player who took the last trick has at least one."""
    assert hand.trump is not None and hand.last_trick is not None
    trump = hand.trump
    declared = sorted(held[0] | held[1], key=_declared_order)
    piles = hand.captured
    points = hand.points
    where = {"field": "card_points" if piles is None else "captured", "deal": deal}
    if piles is None:
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
        facts = {"added": added, "n": PLAYED_CARDS, "cards": _labels(declared)}
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
    if _points_possible(hand, declared, hand.last_trick):
        return
    if piles is not None:
        tapped = len(piles[0]) + len(piles[1])
        raise RuleError(
            T_(
                "%(tapped)s are tapped as captured, and the other %(rest)s of the %(n)s played "
                "cards cannot all be cards worth nothing: tap every card each player captured.",
                tapped=Tn_("%(num)s card", "%(num)s cards", tapped),
                rest=PLAYED_CARDS - tapped,
                n=PLAYED_CARDS,
            ),
            **where,
        )
    scores = T_(
        "%(first)s %(a)s and %(second)s %(b)s card points",
        first=names[0],
        a=points[0],
        second=names[1],
        b=points[1],
    )
    if _points_possible(hand, declared, 1 - hand.last_trick):
        raise RuleError(
            T_(
                "No deal gives %(scores)s when %(name)s takes the last trick.",
                scores=scores,
                name=names[hand.last_trick],
            ),
            **where,
        )
    if declared:
        raise RuleError(
            T_(
                "No deal gives %(scores)s: %(n)s played cards with the declared %(cards)s among "
                "them cannot be split into tricks of two that way.",
                scores=scores,
                n=PLAYED_CARDS,
                cards=_labels(declared),
            ),
            **where,
        )
    raise RuleError(
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
        str(key) for key in d if key not in (*_HAND_FIELDS, *_DERIVED_FIELDS, "thrown_in")
    )
    if unknown:
        raise RuleError(
            T_("Unknown hand field: %(names)s.", names=", ".join(unknown)),
            field=unknown[0],
            deal=number,
        )
    thrown_in = d.get("thrown_in", False)
    if not isinstance(thrown_in, bool):
        raise RuleError(T_("thrown_in must be true or false."), field="thrown_in", deal=number)
    if thrown_in:
        for key in _HAND_FIELDS:
            if not _blank(d.get(key)):
                raise RuleError(
                    T_(
                        "A thrown-in hand scores nothing: leave out %(field)s.",
                        field=key.replace("_", " "),
                    ),
                    field=key,
                    deal=number,
                )
        return Hand(thrown_in=True)

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
    card_points = captured = None
    # Empty lists (a form's untouched fields) count as not given.
    if _blank(d.get("card_points")) and _blank(d.get("captured")):
        raise RuleError(
            T_("Record each player's card points, or the cards each captured."),
            field="card_points",
            deal=number,
        )
    if not _blank(d.get("captured")):
        captured = _parse_captured(d.get("captured"), names, number)
    if not _blank(d.get("card_points")):
        card_points = _parse_card_points(d.get("card_points"), trump, names, number)
    hand = Hand(
        thrown_in=False,
        maker=maker,
        trump=trump,
        sequences=sequences,
        bella=bella,
        last_trick=last_trick,
        card_points=card_points,
        captured=captured,
    )
    _check_hand(hand, names, number)
    return hand


def hand_to_dict(hand: Hand) -> dict[str, Any]:
    """The hand in the record format that :func:`parse_hand` reads."""
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


# --- scoring ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandResult:
    """A hand as scored: what was recorded and everything derived from it."""

    number: int
    dealer: int
    hand: Hand
    sequence_winner: int | None
    sequence_reason: Text | None
    sequence_points: Pair
    bella_points: Pair
    card_points: Pair
    last_trick_points: Pair
    hand_totals: Pair
    scores: Pair
    totals: Pair
    outcome: Outcome
    settlement: Text

    @property
    def elder(self) -> int:
        """The non-dealer, who bids first."""
        return 1 - self.dealer

    @property
    def thrown_in(self) -> bool:
        return self.hand.thrown_in

    @property
    def maker(self) -> int | None:
        return self.hand.maker

    @property
    def opponent(self) -> int | None:
        """The maker's opponent (None when thrown in)."""
        return None if self.hand.maker is None else 1 - self.hand.maker

    @property
    def trump(self) -> Suit | None:
        return self.hand.trump

    @property
    def sequences(self) -> tuple[tuple[Run, ...], tuple[Run, ...]]:
        return self.hand.sequences

    @property
    def bella(self) -> int | None:
        return self.hand.bella

    @property
    def last_trick(self) -> int | None:
        return self.hand.last_trick


def score_hand(setup: Setup, hand: Hand, number: int, before: Pair = (0, 0)) -> HandResult:
    """Score hand ``number`` (already validated) given the running totals ``before`` it."""
    names = setup.players
    dealer = setup.dealer_of(number)
    if hand.thrown_in:
        return HandResult(
            number=number,
            dealer=dealer,
            hand=hand,
            sequence_winner=None,
            sequence_reason=None,
            sequence_points=(0, 0),
            bella_points=(0, 0),
            card_points=(0, 0),
            last_trick_points=(0, 0),
            hand_totals=(0, 0),
            scores=(0, 0),
            totals=before,
            outcome=Outcome.THROWN_IN,
            settlement=T_("Thrown in: no score; %(name)s deals next", name=names[1 - dealer]),
        )
    assert hand.maker is not None
    winner, reason = sequence_contest(hand.sequences, hand.trump, dealer, names)
    seats = range(PLAYERS)
    sequence_points = _pair(
        sum(run.value for run in hand.sequences[seat]) if seat == winner else 0 for seat in seats
    )
    bella_points = _pair(BELLA_POINTS if seat == hand.bella else 0 for seat in seats)
    last_trick_points = _pair(LAST_TRICK_POINTS if seat == hand.last_trick else 0 for seat in seats)
    card_points = hand.points
    totals = _pair(
        sequence_points[seat] + bella_points[seat] + card_points[seat] + last_trick_points[seat]
        for seat in seats
    )
    maker, opponent = hand.maker, 1 - hand.maker
    scores = [0, 0]
    if totals[maker] > totals[opponent]:
        outcome = Outcome.MAKER_AHEAD
        scores = list(totals)
        settlement = T_(
            "%(maker)s made trumps and scored more: %(maker)s takes %(mine)s, %(opponent)s "
            "takes %(theirs)s",
            maker=names[maker],
            mine=totals[maker],
            opponent=names[opponent],
            theirs=totals[opponent],
        )
    elif totals[maker] == totals[opponent]:
        outcome = Outcome.TIE
        scores[opponent] = totals[opponent]
        settlement = T_(
            "%(maker)s made trumps and tied at %(mine)s: %(opponent)s takes %(theirs)s, "
            "%(maker)s 0",
            maker=names[maker],
            mine=totals[maker],
            opponent=names[opponent],
            theirs=totals[opponent],
        )
    else:
        outcome = Outcome.OPPONENT_AHEAD
        scores[opponent] = totals[maker] + totals[opponent]
        settlement = T_(
            "%(maker)s made trumps and scored less: %(opponent)s takes %(theirs)s",
            maker=names[maker],
            opponent=names[opponent],
            theirs=scores[opponent],
        )
    return HandResult(
        number=number,
        dealer=dealer,
        hand=hand,
        sequence_winner=winner,
        sequence_reason=reason,
        sequence_points=sequence_points,
        bella_points=bella_points,
        card_points=card_points,
        last_trick_points=last_trick_points,
        hand_totals=totals,
        scores=(scores[0], scores[1]),
        totals=(before[0] + scores[0], before[1] + scores[1]),
        outcome=outcome,
        settlement=settlement,
    )


def derived_hand_dict(result: HandResult) -> dict[str, Any]:
    """The fields a record shows next to a hand that the engine derived."""
    return {
        "number": result.number,
        "dealer": result.dealer,
        "sequence_winner": result.sequence_winner,
        "hand_totals": list(result.hand_totals),
        "scores": list(result.scores),
    }


def game_winner(totals: Pair, target: int) -> int | None:
    """The winner once someone has reached ``target``; None while the game goes on."""
    if max(totals) >= target and totals[0] != totals[1]:
        return 0 if totals[0] > totals[1] else 1
    return None


# --- the state -------------------------------------------------------------------------------


@dataclass(frozen=True)
class State(HandsState[Setup, HandResult]):
    @property
    def kind(self) -> str:
        return KIND

    @property
    def players(self) -> tuple[str, str]:
        return self.setup.players

    @property
    def target(self) -> int:
        return self.setup.target

    @property
    def current_elder(self) -> int | None:
        dealer = self.current_dealer
        return None if dealer is None else 1 - dealer

    @property
    def result_text(self) -> Text:
        """The game's standing in a sentence."""
        names = self.players
        if self.winner is not None:
            return T_(
                "%(name)s wins %(total)s to %(other)s",
                name=names[self.winner],
                total=self.totals[self.winner],
                other=self.totals[1 - self.winner],
            )
        if self.totals[0] >= self.target and self.totals[0] == self.totals[1]:
            return T_("Both have %(total)s: play another hand", total=self.totals[0])
        return T_(
            "%(first)s %(a)s, %(second)s %(b)s; first to %(target)s",
            first=names[0],
            a=self.totals[0],
            second=names[1],
            b=self.totals[1],
            target=self.target,
        )


def _score(state: State, hand: Hand, number: int) -> State:
    """The state after one more (validated) hand, ``number``."""
    result = score_hand(state.setup, hand, number, state.totals)
    return replace(
        state,
        hands=(*state.hands, result),
        totals=result.totals,
        winner=game_winner(result.totals, state.setup.target),
    )


def new_game(setup: Setup) -> State:
    """The state before the first hand."""
    return State(setup=setup, hands=(), totals=(0, 0), winner=None)


def _over(state: State) -> Text:
    assert state.winner is not None
    return T_(
        "The game is over: %(name)s won. No more hands can be recorded.",
        name=state.players[state.winner],
    )


def _over_before(state: State, number: int) -> Text:
    assert state.winner is not None
    return T_(
        "The game was over after hand %(last)s (%(name)s won), so hand %(n)s cannot be played.",
        last=number - 1,
        name=state.players[state.winner],
        n=number,
    )


def _describe(result: HandResult) -> Text:
    if result.thrown_in:
        return T_("hand %(n)s thrown in", n=result.number)
    assert result.trump is not None
    return T_(
        "hand %(n)s: trumps %(trump)s; %(settlement)s",
        n=result.number,
        trump=result.trump.symbol,
        settlement=result.settlement,
    )


#: Klaberjass's part of the hand-by-hand log (:mod:`scorekeeper.games.hand_log`).
HANDS: HandRules[State, Hand] = HandRules(
    start=new_game,
    parse=lambda data, number, state: parse_hand(data, number, state.players),
    score=_score,
    describe=_describe,
    over=_over,
    over_before=_over_before,
)


def scoreboard(state: State) -> Scoreboard:
    """Each player's running total hand by hand (a hand thrown in scores nothing) and the
    winner."""
    return state.scoreboard_of(((0,), (1,)))


GAME: Game[Setup, State] = Game(
    kind=KIND,
    title="Klaberjass",
    seats=PLAYERS,
    noun="hand",
    setup_type=Setup,
    state_type=State,
    parse_setup=Setup.from_dict,
    start=new_game,
    fold=HANDS.fold,
    scoreboard=scoreboard,
)


def hand_event(number: int, hand: Hand | Mapping[str, Any]) -> Event:
    """A ``hand`` event recording ``hand`` as hand ``number``."""
    return hand_event_of(EventKind.HAND, number, _record(hand))


def correct_event(number: int, hand: Hand | Mapping[str, Any]) -> Event:
    """A ``correct`` event replacing hand ``number`` with ``hand``."""
    return hand_event_of(EventKind.CORRECT, number, _record(hand))


def _record(hand: Hand | Mapping[str, Any]) -> Mapping[str, Any]:
    return hand_to_dict(hand) if isinstance(hand, Hand) else hand
