"""Sviten Special: four players in two fixed pairs, 13 tricks, then rummy melds.

The rules (see ``shared/rules/README.md``, which decides where the seed text is silent):

* Seats N, E, S, W clockwise; pairs N–S (pair 0: seats 0 and 2) and E–W (pair 1: seats 1 and
  3). Hand *k* is dealt by seat ``(first_dealer + k - 1) % 4``.
* The score keeper records the final bid: the declarer's seat, a number 1–6 (melds pledged) and
  a trump suit or no-trump.
* Each pair captures tricks x 4 cards; the two piles make the whole pack, so one pair's pile
  determines the other's. Melds are made from the pair's own cards (:mod:`.melds`): sets of 3
  or 4 of a rank (5, 10), runs of n >= 3 of a suit (5n - 10; trump runs double, or triple with
  *double-trump runs*). The pair may lay its melds itself; if it does not, the engine lays the
  arrangement that serves it best (declarers: at least the bid's melds first, then the most
  points).
* In quick mode (tricks and typed meld points and count) the points must be a total that some
  cards the pair's tricks can hold make with that many melds (:mod:`.meld_bounds`): one meld
  from one trick is worth at most 20 with trumps, the whole pack at most 220 in no-trump.
* A pair's hand score is its tricks (1 each) plus its meld points. Declarers who lay fewer melds
  than they bid score -10 x bid instead (option ``failed_bid="keep_points"``: tricks + melds -
  10 x bid). Slam (option, on): a pair with all 13 tricks adds 25.
* The first pair at 100 or more after a hand wins; if both get there in the same hand, the
  declarers win. Hand cap (option, off): after that many hands the leader wins; a tie plays on.

The engine folds a setup and its *effective* events (undo applied) into a :class:`State`.
Event kinds: ``hand`` (the current hand, in the record format of :func:`parse_hand` plus its
``number``), ``correct`` (an earlier hand replaced; later hands are re-derived and re-checked)
and ``undo``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache
from typing import Any

from scorekeeper.games import meld_bounds
from scorekeeper.games.cards import Card, Suit, full_pack, parse_card
from scorekeeper.games.events import UNDO, Event, HistoryEntry, RuleError
from scorekeeper.games.game import Game
from scorekeeper.games.melds import (
    JOKER,
    MeldPlan,
    best_melds,
    meld_label,
    meld_points,
    meld_tradeoff,
    parse_trump,
    validate_meld,
)
from scorekeeper.games.players import checked_names

__all__ = [
    "KIND",
    "PAIR_NAMES",
    "SEATS",
    "EventKind",
    "Hand",
    "HandResult",
    "HistoryEntry",
    "MeldPlan",
    "Options",
    "RuleError",
    "Setup",
    "State",
    "apply",
    "best_melds",
    "correct_event",
    "derived_hand_dict",
    "hand_event",
    "hand_to_dict",
    "match_winner",
    "meld_points",
    "meld_tradeoff",
    "new_game",
    "pair_of",
    "parse_hand",
    "replay",
    "score_hand",
    "validate_meld",
]

KIND = "sviten"
SEATS: tuple[str, ...] = ("N", "E", "S", "W")
PAIR_NAMES: tuple[str, str] = ("N–S", "E–W")
PLAYERS = 4
TRICKS = 13
PACK_SIZE = 52
TARGET = 100
MIN_BID, MAX_BID = 1, 6
FAILED_BID_PENALTY = 10  # points per meld bid
SLAM_BONUS = 25
MAX_JOKERS = 2
MAX_HAND_CAP = 1000
FAILED_BID_RULES = ("minus_bid", "keep_points")

Pair = tuple[int, int]
Meld = tuple[str, ...]


class EventKind(StrEnum):
    HAND = "hand"
    CORRECT = "correct"
    UNDO = UNDO


def pair_of(seat: int) -> int:
    """The pair a seat plays in: 0 for N and S, 1 for E and W."""
    return seat % 2


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


# --- setup -----------------------------------------------------------------------------------

_OPTION_DEFAULTS: dict[str, Any] = {
    "slam_bonus": True,
    "failed_bid": "minus_bid",
    "hand_cap": None,
    "no_trump_only": False,
    "open_last_three": False,
    "double_trump_runs": False,
    "jokers": False,
}


@dataclass(frozen=True)
class Options:
    """Game settings; see the module docstring. ``open_last_three`` changes no scoring."""

    slam_bonus: bool = True
    failed_bid: str = "minus_bid"
    hand_cap: int | None = None
    no_trump_only: bool = False
    open_last_three: bool = False
    double_trump_runs: bool = False
    jokers: bool = False

    def __post_init__(self) -> None:
        for name in (
            "slam_bonus",
            "no_trump_only",
            "open_last_three",
            "double_trump_runs",
            "jokers",
        ):
            if not isinstance(getattr(self, name), bool):
                raise RuleError(f"The option {name} must be true or false.", field="options")
        if self.failed_bid not in FAILED_BID_RULES:
            raise RuleError(
                "The option failed_bid must be minus_bid or keep_points.", field="options"
            )
        cap = self.hand_cap
        if cap is not None and (
            isinstance(cap, bool) or not isinstance(cap, int) or not 1 <= cap <= MAX_HAND_CAP
        ):
            raise RuleError(
                f"The hand cap must be a whole number of hands from 1 to {MAX_HAND_CAP}, or none.",
                field="options",
            )

    @property
    def trump_run_factor(self) -> int:
        """What a run in trumps counts: double, or triple with double-trump runs."""
        return 3 if self.double_trump_runs else 2

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _OPTION_DEFAULTS}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any] | None) -> Options:
        if raw is None:
            return cls()
        if not isinstance(raw, Mapping):
            raise RuleError("options must map option names to values.", field="options")
        unknown = sorted(str(key) for key in raw if key not in _OPTION_DEFAULTS)
        if unknown:
            raise RuleError(f"Unknown Sviten option: {', '.join(unknown)}.", field="options")
        return cls(**{name: raw.get(name, default) for name, default in _OPTION_DEFAULTS.items()})


@dataclass(frozen=True)
class Setup:
    """The four players in seat order N, E, S, W, who deals first (a seat), and the options."""

    players: tuple[str, str, str, str]
    first_dealer: int = 0
    options: Options = field(default_factory=Options)

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", checked_names(self.players, PLAYERS, "Sviten Special"))
        dealer = self.first_dealer
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < PLAYERS:
            raise RuleError(
                "The first dealer must be one of the four seats (0 to 3: N, E, S, W).",
                field="first_dealer",
            )
        if isinstance(self.options, Mapping):
            object.__setattr__(self, "options", Options.from_dict(self.options))
        if not isinstance(self.options, Options):
            raise RuleError("options must be Sviten Special options.", field="options")

    def dealer_of(self, number: int) -> int:
        """The seat that deals hand ``number`` (1-based): the deal goes clockwise."""
        return (self.first_dealer + number - 1) % PLAYERS

    def pair_label(self, pair: int) -> str:
        """``N–S (Anna & Carla)``."""
        return f"{PAIR_NAMES[pair]} ({self.players[pair]} & {self.players[pair + 2]})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "options": self.options.to_dict(),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Setup:
        if not isinstance(raw, Mapping):
            raise RuleError("A Sviten Special setup must be a record of fields.", field="players")
        players = raw.get("players")
        if not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players):
            raise RuleError("players must be a list of four names.", field="players")
        return cls(
            players=tuple(players),  # type: ignore[arg-type]
            first_dealer=raw.get("first_dealer", 0),
            options=Options.from_dict(raw.get("options")),
        )


# --- a hand as recorded ----------------------------------------------------------------------


@dataclass(frozen=True)
class Hand:
    """One hand as the score keeper records it.

    Either ``captured`` (both pairs' piles; the engine fills in a pile left out) or ``tricks``
    (counts by pair). ``melds`` by pair: the melds the pair laid, or None to let the engine
    choose (needs ``captured``). In quick mode (``tricks`` only) a pair's meld points and meld
    count may be typed instead (``meld_points``, ``meld_counts``). ``jokers``: how many of the
    two jokers each pair holds (joker variant only).
    """

    declarer: int
    bid: int
    trump: Suit | None
    captured: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None
    tricks: Pair | None = None
    melds: tuple[tuple[Meld, ...] | None, tuple[Meld, ...] | None] = (None, None)
    meld_points: tuple[int | None, int | None] = (None, None)
    meld_counts: tuple[int | None, int | None] = (None, None)
    jokers: Pair = (0, 0)

    @property
    def declarers(self) -> int:
        """The declaring pair."""
        return pair_of(self.declarer)

    @property
    def trick_counts(self) -> Pair:
        if self.captured is not None:
            return (len(self.captured[0]) // 4, len(self.captured[1]) // 4)
        assert self.tricks is not None
        return self.tricks


def _blank(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, list | tuple):
        return all(_blank(item) for item in value)
    return False


def _shown(value: Any) -> str:
    return "nothing" if value is None else json.dumps(value, default=str)


def _whole(value: Any, what: str, field_name: str, deal: int, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(
            f"{what} must be a whole number, not {_shown(value)}.", field=field_name, deal=deal
        )
    if not low <= value <= high:
        raise RuleError(
            f"{what} must be from {low} to {high}, not {value}.", field=field_name, deal=deal
        )
    return value


def _by_pair(value: Any, field_name: str, example: str, deal: int) -> tuple[Any, Any]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise RuleError(
            f"{field_name} must give both pairs' {example} (N–S first, then E–W).",
            field=field_name,
            deal=deal,
        )
    return value[0], value[1]


def _parse_trump(value: Any, deal: int) -> Suit | None:
    if value is None or isinstance(value, Suit):
        return value
    message = "The trump suit must be spades, hearts, diamonds or clubs (or null for no-trump)."
    if not isinstance(value, str):
        raise RuleError(message, field="trump", deal=deal)
    try:
        return parse_trump(value)
    except ValueError:
        raise RuleError(message, field="trump", deal=deal) from None


def _parse_card(code: Any, field_name: str, deal: int) -> Card:
    if isinstance(code, Card):
        return code
    try:
        return parse_card(code)
    except ValueError as error:
        raise RuleError(str(error), field=field_name, deal=deal) from None


def _parse_captured(value: Any, deal: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    where = {"field": "captured", "deal": deal}
    raw = _by_pair(value, "captured", 'captured cards, like [["QS", "10H", ...], null]', deal)
    owner: dict[Card, int] = {}
    piles: list[tuple[Card, ...] | None] = []
    for pair, cards in enumerate(raw):
        if cards is None:
            piles.append(None)  # the rest of the pack
            continue
        if not isinstance(cards, list | tuple):
            raise RuleError(f"{PAIR_NAMES[pair]}'s captured cards must be a list.", **where)
        pile: list[Card] = []
        for code in cards:
            card = _parse_card(code, "captured", deal)
            if card in owner:
                if owner[card] == pair:
                    raise RuleError(
                        f"{card.label} is listed twice in {PAIR_NAMES[pair]}'s cards.", **where
                    )
                raise RuleError(f"{card.label} is in both pairs' cards.", **where)
            owner[card] = pair
            pile.append(card)
        if len(pile) % 4:
            raise RuleError(
                f"{PAIR_NAMES[pair]} captured {len(pile)} cards: that is not a whole number "
                "of tricks",
                **where,
            )
        piles.append(tuple(pile))
    first, second = piles
    if first is None and second is None:
        raise RuleError("Record the cards at least one pair captured.", **where)
    pack = full_pack()
    if first is None or second is None:
        given = first if first is not None else second
        assert given is not None
        taken = set(given)
        rest = tuple(card for card in pack if card not in taken)
        first, second = (given, rest) if first is not None else (rest, given)
    elif len(first) + len(second) != PACK_SIZE:
        missing = [card.label for card in pack if card not in owner]
        raise RuleError(
            f"The two piles hold {len(first) + len(second)} cards, but all {PACK_SIZE} are "
            f"played (missing: {' '.join(missing)}).",
            **where,
        )
    return first, second


def _parse_tricks(value: Any, deal: int) -> Pair:
    where = {"field": "tricks", "deal": deal}
    raw = _by_pair(value, "tricks", "tricks, like [8, 5]", deal)
    counts = [
        _whole(n, f"{PAIR_NAMES[pair]}'s tricks", "tricks", deal, 0, TRICKS)
        for pair, n in enumerate(raw)
    ]
    if sum(counts) != TRICKS:
        raise RuleError(
            f"The tricks add up to {sum(counts)}, but every hand has {TRICKS}.", **where
        )
    return counts[0], counts[1]


def _parse_melds(value: Any, deal: int) -> tuple[tuple[Meld, ...] | None, tuple[Meld, ...] | None]:
    if value is None:
        return (None, None)
    where = {"field": "melds", "deal": deal}
    raw = _by_pair(value, "melds", 'melds, like [[["7C", "8C", "9C"]], null]', deal)
    result: list[tuple[Meld, ...] | None] = []
    for pair, melds in enumerate(raw):
        if melds is None:
            result.append(None)
            continue
        if not isinstance(melds, list | tuple):
            raise RuleError(f"{PAIR_NAMES[pair]}'s melds must be a list of melds.", **where)
        laid: list[Meld] = []
        for meld in melds:
            if isinstance(meld, str) or not isinstance(meld, list | tuple):
                raise RuleError(
                    f"Each of {PAIR_NAMES[pair]}'s melds must be a list of cards.", **where
                )
            codes: list[str] = []
            for code in meld:
                if isinstance(code, str) and code.strip().upper() in ("JOKER", "JK", "*"):
                    codes.append(JOKER)
                else:
                    codes.append(_parse_card(code, "melds", deal).code)
            laid.append(tuple(codes))
        result.append(tuple(laid))
    return result[0], result[1]


def _parse_optional_numbers(
    value: Any, field_name: str, what: str, deal: int, high: int
) -> tuple[int | None, int | None]:
    if value is None:
        return (None, None)
    raw = _by_pair(value, field_name, f"{what}, like [25, null]", deal)
    result = [
        None if n is None else _whole(n, f"{PAIR_NAMES[p]}'s {what}", field_name, deal, 0, high)
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
        raise RuleError("A hand must be a record of fields.", deal=number)
    declarer = _whole(d.get("declarer"), "The declarer's seat", "declarer", number, 0, 3)
    bid = _whole(d.get("bid"), "The bid", "bid", number, MIN_BID, MAX_BID)
    trump = _parse_trump(d.get("trump"), number)
    raw_captured = d.get("captured")
    # Nothing, or two empty piles (a form left blank): not given.
    given = not _blank(raw_captured) or (
        isinstance(raw_captured, list | tuple) and None in raw_captured and [] in raw_captured
    )
    captured = _parse_captured(raw_captured, number) if given else None
    tricks = None if _blank(d.get("tricks")) else _parse_tricks(d.get("tricks"), number)
    if captured is not None and tricks is not None:
        counted = (len(captured[0]) // 4, len(captured[1]) // 4)
        if counted != tricks:
            raise RuleError(
                f"The tricks {tricks[0]}–{tricks[1]} do not match the captured cards "
                f"({counted[0]}–{counted[1]}).",
                field="tricks",
                deal=number,
            )
        tricks = None
    if captured is None and tricks is None:
        raise RuleError(
            "Record the cards each pair captured, or each pair's tricks.",
            field="captured",
            deal=number,
        )
    melds = _parse_melds(d.get("melds"), number)
    meld_points = _parse_optional_numbers(
        d.get("meld_points"), "meld_points", "meld points", number, 10_000
    )
    meld_counts = _parse_optional_numbers(
        d.get("meld_counts"), "meld_counts", "meld count", number, 100
    )
    jokers: Pair = (0, 0)
    if not _blank(d.get("jokers")):
        raw = _by_pair(d.get("jokers"), "jokers", "jokers, like [1, 0]", number)
        counts = [
            0 if n is None else _whole(n, f"{PAIR_NAMES[p]}'s jokers", "jokers", number, 0, 2)
            for p, n in enumerate(raw)
        ]
        if sum(counts) > MAX_JOKERS:
            raise RuleError(
                f"There are only {MAX_JOKERS} jokers, not {sum(counts)}.",
                field="jokers",
                deal=number,
            )
        jokers = (counts[0], counts[1])
    hand = Hand(
        declarer=declarer,
        bid=bid,
        trump=trump,
        captured=captured,
        tricks=tricks,
        melds=melds,
        meld_points=meld_points,
        meld_counts=meld_counts,
        jokers=jokers,
    )
    _check_hand(hand, number)
    if setup is not None:
        score_hand(setup, hand, number)
    return hand


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
                f"Record {name}'s melds, or their meld points and meld count.",
                field=missing,
                deal=number,
            )
        where = {"field": "meld_points", "deal": number}
        if points is not None and points % 5:
            raise RuleError(f"{name}'s meld points ({points}) must be a multiple of 5.", **where)
        if points is None or count is None:
            continue
        if (count == 0) != (points == 0) or points < 5 * count:
            raise RuleError(
                f"{name} cannot score {points} points with {_count(count, 'meld')}: every meld "
                "is worth at least 5.",
                **where,
            )
        held = 4 * hand.trick_counts[pair] + hand.jokers[pair]
        if 3 * count > held:
            raise RuleError(
                f"{name} cannot lay {_count(count, 'meld')} with "
                f"{_count(hand.trick_counts[pair], 'trick')}.",
                field="meld_counts",
                deal=number,
            )


def _check_typed_melds(options: Options, hand: Hand, pair: int, number: int) -> None:
    """Quick entry: refuse meld points that no cards the pair's tricks can hold make with the
    meld count given (:mod:`.meld_bounds`; trump runs count as the options say)."""
    points, count = hand.meld_points[pair], hand.meld_counts[pair]
    assert points is not None and count is not None
    tricks, jokers = hand.trick_counts[pair], hand.jokers[pair]
    possible = meld_bounds.possible_points(
        4 * tricks,
        jokers,
        count,
        trumps=hand.trump is not None,
        factor=options.trump_run_factor,
    )
    if points in possible:
        return
    held = _count(4 * tricks, "card") + (f" and {_count(jokers, 'joker')}" if jokers else "")
    took = f"{PAIR_NAMES[pair]} took {_count(tricks, 'trick')} ({held})"
    melds = _count(count, "meld")
    where = {"field": "meld_points", "deal": number}
    if not possible:
        raise RuleError(f"{took}: {melds} cannot be laid from them.", **where)
    most = max(possible)
    make = "makes" if count == 1 else "make"
    if points > most:
        raise RuleError(
            f"{took}: {melds} from them {make} at most {most} points, not {points}.", **where
        )
    raise RuleError(f"{took}: {melds} from them cannot make exactly {points} points.", **where)


def hand_to_dict(hand: Hand) -> dict[str, Any]:
    """The hand in the record format that :func:`parse_hand` reads.

    ``declarer`` (seat 0-3: N, E, S, W), ``bid`` (1-6), ``trump`` (a suit name or null), and
    ``captured`` (two card lists, N–S first; a list may be null: the rest of the pack) or
    ``tricks`` (two counts); optional ``melds`` (two lists of melds, each a list of card codes
    with ``"JOKER"`` for a joker; null for a pair lets the engine lay its melds), quick mode
    ``meld_points`` and ``meld_counts`` (two numbers each, a number may be null), ``jokers``
    (two counts).
    """
    result: dict[str, Any] = {
        "declarer": hand.declarer,
        "bid": hand.bid,
        "trump": None if hand.trump is None else hand.trump.record_name,
    }
    if hand.captured is not None:
        result["captured"] = [[card.code for card in pile] for pile in hand.captured]
    else:
        assert hand.tricks is not None
        result["tricks"] = list(hand.tricks)
    if any(melds is not None for melds in hand.melds):
        result["melds"] = [
            None if melds is None else [list(meld) for meld in melds] for melds in hand.melds
        ]
    if any(points is not None for points in hand.meld_points):
        result["meld_points"] = list(hand.meld_points)
        result["meld_counts"] = list(hand.meld_counts)
    if any(hand.jokers):
        result["jokers"] = list(hand.jokers)
    return result


# --- scoring ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandResult:
    """A hand as scored: what was recorded and everything derived from it."""

    number: int
    dealer: int
    hand: Hand
    tricks: Pair
    melds: tuple[tuple[Meld, ...], tuple[Meld, ...]]
    meld_points: Pair
    meld_counts: Pair
    chosen: tuple[bool, bool]  # the engine laid the pair's melds
    made: bool
    slam: int | None  # the pair that took all 13 tricks
    scores: Pair
    totals: Pair

    @property
    def declarer(self) -> int:
        return self.hand.declarer

    @property
    def declarers(self) -> int:
        return self.hand.declarers

    @property
    def defenders(self) -> int:
        return 1 - self.hand.declarers

    @property
    def bid(self) -> int:
        return self.hand.bid

    @property
    def trump(self) -> Suit | None:
        return self.hand.trump


@lru_cache(maxsize=1024)
def _proposed_melds(
    pile: tuple[str, ...], trump: Suit | None, bid: int, jokers: int, factor: int
) -> MeldPlan:
    """The solver's arrangement (remembered: every replay of a game asks again)."""
    return best_melds(pile, trump=trump, min_melds=bid, jokers=jokers, trump_run_factor=factor)


def _pair_melds(
    setup: Setup, hand: Hand, pair: int, number: int
) -> tuple[tuple[Meld, ...], int, int, bool]:
    """A pair's melds, their points and count, and whether the engine chose them."""
    factor = setup.options.trump_run_factor
    name = PAIR_NAMES[pair]
    laid = hand.melds[pair]
    typed_points, typed_count = hand.meld_points[pair], hand.meld_counts[pair]
    pile = hand.captured[pair] if hand.captured is not None else None
    if laid is not None:
        points = meld_points(
            laid,
            hand.trump,
            trump_run_factor=factor,
            cards=pile,
            jokers=hand.jokers[pair],
            owner=name,
            deal=number,
        )
        if pile is None:
            natural = sum(1 for meld in laid for code in meld if code != JOKER)
            if natural > 4 * hand.trick_counts[pair]:
                raise RuleError(
                    f"{name}'s melds use {natural} cards, but "
                    f"{_count(hand.trick_counts[pair], 'trick')} hold only "
                    f"{4 * hand.trick_counts[pair]}.",
                    field="melds",
                    deal=number,
                )
        result = (laid, points, len(laid), False)
    elif pile is not None:
        plan = _proposed_melds(
            tuple(sorted(card.code for card in pile)),
            hand.trump,
            hand.bid if pair == hand.declarers else 0,
            hand.jokers[pair],
            factor,
        )
        result = (plan.melds, plan.points, plan.count, True)
    else:
        assert typed_points is not None and typed_count is not None
        _check_typed_melds(setup.options, hand, pair, number)
        return ((), typed_points, typed_count, False)
    if typed_points is not None and typed_points != result[1]:
        raise RuleError(
            f"{name}'s meld points ({typed_points}) do not match their melds ({result[1]}).",
            field="meld_points",
            deal=number,
        )
    if typed_count is not None and typed_count != result[2]:
        raise RuleError(
            f"{name}'s meld count ({typed_count}) does not match their melds ({result[2]}).",
            field="meld_counts",
            deal=number,
        )
    return result


def score_hand(setup: Setup, hand: Hand, number: int, before: Pair = (0, 0)) -> HandResult:
    """Score hand ``number`` given the running totals ``before`` it; RuleError if it breaks a
    rule (its melds, or the game's options)."""
    options = setup.options
    if options.no_trump_only and hand.trump is not None:
        raise RuleError(
            "This game is played in no-trump only: the bid cannot name trumps.",
            field="trump",
            deal=number,
        )
    if not options.jokers and any(hand.jokers):
        raise RuleError("This game is played without jokers.", field="jokers", deal=number)
    tricks = hand.trick_counts
    per_pair = [_pair_melds(setup, hand, pair, number) for pair in range(2)]
    if hand.captured is None:  # with the piles known, each pair's melds come from its own
        first = {code for meld in per_pair[0][0] for code in meld if code != JOKER}
        for code in (code for meld in per_pair[1][0] for code in meld if code != JOKER):
            if code in first:
                raise RuleError(
                    f"{parse_card(code).label} is in both pairs' melds.", field="melds", deal=number
                )
    declarers = hand.declarers
    made = per_pair[declarers][2] >= hand.bid
    scores = [tricks[pair] + per_pair[pair][1] for pair in range(2)]
    if not made:
        penalty = FAILED_BID_PENALTY * hand.bid
        scores[declarers] = (
            -penalty if options.failed_bid == "minus_bid" else (scores[declarers] - penalty)
        )
    slam = next((pair for pair in range(2) if tricks[pair] == TRICKS), None)
    if slam is not None and options.slam_bonus:
        scores[slam] += SLAM_BONUS
    return HandResult(
        number=number,
        dealer=setup.dealer_of(number),
        hand=hand,
        tricks=tricks,
        melds=(per_pair[0][0], per_pair[1][0]),
        meld_points=(per_pair[0][1], per_pair[1][1]),
        meld_counts=(per_pair[0][2], per_pair[1][2]),
        chosen=(per_pair[0][3], per_pair[1][3]),
        made=made,
        slam=slam,
        scores=(scores[0], scores[1]),
        totals=(before[0] + scores[0], before[1] + scores[1]),
    )


def derived_hand_dict(result: HandResult) -> dict[str, Any]:
    """The fields a record shows next to a hand that the engine derived."""
    return {
        "number": result.number,
        "dealer": result.dealer,
        "tricks": list(result.tricks),
        "melds": [[list(meld) for meld in melds] for melds in result.melds],
        "meld_points": list(result.meld_points),
        "made": result.made,
        "slam": result.slam,
        "scores": list(result.scores),
    }


def match_winner(setup: Setup, results: Sequence[HandResult]) -> int | None:
    """The pair that has won after ``results`` (all hands so far), or None while play goes on."""
    if not results:
        return None
    last = results[-1]
    totals = last.totals
    reached = [pair for pair in range(2) if totals[pair] >= TARGET]
    if len(reached) == 2:
        return last.declarers
    if reached:
        return reached[0]
    cap = setup.options.hand_cap
    if cap is not None and last.number >= cap and totals[0] != totals[1]:
        return 0 if totals[0] > totals[1] else 1
    return None


# --- the state -------------------------------------------------------------------------------


@dataclass(frozen=True)
class State:
    setup: Setup
    hands: tuple[HandResult, ...]
    totals: Pair
    winner: int | None
    history: tuple[HistoryEntry, ...] = ()

    @property
    def kind(self) -> str:
        return KIND

    @property
    def players(self) -> tuple[str, str, str, str]:
        return self.setup.players

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def current_hand(self) -> int | None:
        """The number of the next hand to record; None once the match is over."""
        return None if self.finished else len(self.hands) + 1

    @property
    def current_dealer(self) -> int | None:
        number = self.current_hand
        return None if number is None else self.setup.dealer_of(number)

    @property
    def leader(self) -> int | None:
        """The pair ahead on points; None when level."""
        if self.totals[0] == self.totals[1]:
            return None
        return 0 if self.totals[0] > self.totals[1] else 1

    @property
    def log_length(self) -> int:
        """How many events the log holds: the position the next event is based on."""
        return len(self.history)

    @property
    def result_text(self) -> str:
        """The match's standing in a sentence."""
        a, b = self.totals
        if self.winner is not None:
            return (
                f"{PAIR_NAMES[self.winner]} wins {self.totals[self.winner]} to "
                f"{self.totals[1 - self.winner]}"
            )
        text = f"{PAIR_NAMES[0]} {a}, {PAIR_NAMES[1]} {b}; first to {TARGET}"
        cap = self.setup.options.hand_cap
        if cap is not None:
            if len(self.hands) >= cap:
                text += f"; level after hand {len(self.hands)}: play on"
            else:
                text += f" or the leader after hand {cap}"
        return text


def new_game(setup: Setup) -> State:
    """The state before the first hand."""
    return State(setup=setup, hands=(), totals=(0, 0), winner=None)


def _evaluate(setup: Setup, hands: Sequence[Hand]) -> State:
    """Score a list of hands from the start; refuse a hand after the match's end."""
    state = new_game(setup)
    for hand in hands:
        state = _extend(state, hand)
    return state


def _extend(state: State, hand: Hand) -> State:
    """The state after one more hand (checked against the options and scored here)."""
    setup = state.setup
    number = len(state.hands) + 1
    if state.winner is not None:
        raise RuleError(
            f"The match was over after hand {number - 1} ({PAIR_NAMES[state.winner]} won), "
            f"so hand {number} cannot be played.",
            field="number",
            deal=number,
        )
    result = score_hand(setup, hand, number, state.totals)
    hands = (*state.hands, result)
    return replace(state, hands=hands, totals=result.totals, winner=match_winner(setup, hands))


def _parse_number(data: Mapping[str, Any]) -> int:
    number = data.get("number")
    if isinstance(number, bool) or not isinstance(number, int):
        raise RuleError("Which hand is this for? The hand number is missing.", field="number")
    if number < 1:
        raise RuleError(
            f"There is no hand {number}: hands are numbered from 1.", field="number", deal=number
        )
    return number


def _describe(result: HandResult) -> str:
    trumps = "no-trump" if result.trump is None else f"trumps {result.trump.symbol}"
    outcome = "made" if result.made else "failed"
    return (
        f"hand {result.number}: {SEATS[result.declarer]} bid {result.bid} in {trumps} "
        f"({outcome}); {PAIR_NAMES[0]} {result.scores[0]:+d}, {PAIR_NAMES[1]} "
        f"{result.scores[1]:+d}"
    )


def _fold(state: State, event: Event) -> tuple[State, str, int]:
    """Apply one event (not an undo); return the new state, a summary and its hand number."""
    data = event.data
    if not isinstance(data, Mapping):
        raise RuleError("An event's data must be a record of fields.")
    setup = state.setup
    if event.kind == EventKind.HAND:
        number = _parse_number(data)
        if state.current_hand is None:
            assert state.winner is not None
            raise RuleError(
                f"The match is over: {PAIR_NAMES[state.winner]} won. No more hands can be "
                "recorded.",
                field="number",
                deal=number,
            )
        if number < state.current_hand:
            raise RuleError(
                f"Hand {number} is already recorded; use Correct to change it.",
                field="number",
                deal=number,
            )
        if number > state.current_hand:
            raise RuleError(
                f"This is hand {state.current_hand}, not hand {number}.",
                field="number",
                deal=number,
            )
        new = _extend(state, parse_hand(data, number))
        return new, _describe(new.hands[-1]), number

    if event.kind == EventKind.CORRECT:
        number = _parse_number(data)
        hands = [result.hand for result in state.hands]
        if not 1 <= number <= len(hands):
            raise RuleError(
                f"Hand {number} has not been played yet: there is nothing to correct.",
                field="number",
                deal=number,
            )
        hand = parse_hand(data, number)
        if hand == hands[number - 1]:
            raise RuleError(
                f"That is what hand {number} already says.", field="number", deal=number
            )
        hands[number - 1] = hand
        try:
            new = _evaluate(setup, hands)
        except RuleError as error:
            if error.deal is not None and error.deal > number:
                raise RuleError(
                    f"This correction would make hand {error.deal} illegal: {error.message}",
                    field=error.field,
                    deal=error.deal,
                ) from None
            raise
        return new, "corrected: " + _describe(new.hands[number - 1]), number

    raise RuleError(f"Unknown action {event.kind!r}.", field="kind")


def replay(setup: Setup, events: Sequence[Event]) -> State:
    """Fold the whole log into a state (an undo restores the state from before the action it
    takes back; the history keeps every event). Raises :class:`RuleError` if the log breaks a
    rule."""
    return GAME.replay(setup, events).state


def apply(setup: Setup, events: Sequence[Event], event: Event) -> State:
    """The state after appending ``event`` to ``events``; :class:`RuleError` if it is illegal."""
    return GAME.replay(setup, [*events, event]).state


GAME: Game[Setup, State] = Game(
    kind=KIND,
    title="Sviten Special",
    seats=PLAYERS,
    noun="hand",
    setup_type=Setup,
    state_type=State,
    parse_setup=Setup.from_dict,
    start=new_game,
    fold=_fold,
    pairs=True,
)


def hand_event(number: int, hand: Hand | Mapping[str, Any]) -> Event:
    """A ``hand`` event recording ``hand`` as hand ``number``."""
    data = hand_to_dict(hand) if isinstance(hand, Hand) else dict(hand)
    return Event(EventKind.HAND.value, {**data, "number": number})


def correct_event(number: int, hand: Hand | Mapping[str, Any]) -> Event:
    """A ``correct`` event replacing hand ``number`` with ``hand``."""
    data = hand_to_dict(hand) if isinstance(hand, Hand) else dict(hand)
    return Event(EventKind.CORRECT.value, {**data, "number": number})


def melds_text(melds: Iterable[Meld]) -> str:
    """How a player reads a list of melds: ``7♣ 8♣ 9♣ · Q♥ Q♠ Q♦``."""
    return " · ".join(meld_label(meld) for meld in melds)
