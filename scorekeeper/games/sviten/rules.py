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
from functools import lru_cache
from typing import Any

from scorekeeper.games.cards import Card, Suit, full_pack, parse_card
from scorekeeper.games.events import Event, HistoryEntry, RuleError
from scorekeeper.games.game import Game
from scorekeeper.games.hand_log import EventKind, HandRules, HandsState, Pair, hand_event_of
from scorekeeper.games.players import checked_names
from scorekeeper.games.scoreboard import Scoreboard
from scorekeeper.games.sviten import meld_bounds
from scorekeeper.games.sviten.melds import (
    JOKER,
    MeldPlan,
    best_melds,
    meld_label,
    meld_points,
    meld_tradeoff,
    parse_trump,
    validate_meld,
)
from scorekeeper.games.text import T_, Possessive, Signed, Tc_, Text, Tn_

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
    "score_hand",
    "validate_meld",
]

KIND = "sviten"
#: The seats' letters and the pairs' names: English as strings (records, code), and each a
#: :class:`~scorekeeper.games.text.Text` that pages and printouts say in their reader's language.
SEATS: tuple[Text, ...] = (Tc_("seat", "N"), Tc_("seat", "E"), Tc_("seat", "S"), Tc_("seat", "W"))
PAIR_NAMES: tuple[Text, Text] = (Tc_("pair", "N–S"), Tc_("pair", "E–W"))
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

Meld = tuple[str, ...]


def pair_of(seat: int) -> int:
    """The pair a seat plays in: 0 for N and S, 1 for E and W."""
    return seat % 2


def _tricks(n: int) -> Text:
    return Tn_("%(num)s trick", "%(num)s tricks", n)


def _melds(n: int) -> Text:
    return Tn_("%(num)s meld", "%(num)s melds", n)


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
                raise RuleError(
                    T_("The option %(name)s must be true or false.", name=name), field="options"
                )
        if self.failed_bid not in FAILED_BID_RULES:
            raise RuleError(
                T_("The option failed_bid must be minus_bid or keep_points."), field="options"
            )
        cap = self.hand_cap
        if cap is not None and (
            isinstance(cap, bool) or not isinstance(cap, int) or not 1 <= cap <= MAX_HAND_CAP
        ):
            raise RuleError(
                T_(
                    "The hand cap must be a whole number of hands from 1 to %(most)s, or none.",
                    most=MAX_HAND_CAP,
                ),
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
            raise RuleError(T_("options must map option names to values."), field="options")
        unknown = sorted(str(key) for key in raw if key not in _OPTION_DEFAULTS)
        if unknown:
            raise RuleError(
                T_("Unknown Sviten option: %(names)s.", names=", ".join(unknown)),
                field="options",
            )
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
                T_("The first dealer must be one of the four seats (0 to 3: N, E, S, W)."),
                field="first_dealer",
            )
        if isinstance(self.options, Mapping):
            object.__setattr__(self, "options", Options.from_dict(self.options))
        if not isinstance(self.options, Options):
            raise RuleError(T_("options must be Sviten Special options."), field="options")

    def dealer_of(self, number: int) -> int:
        """The seat that deals hand ``number`` (1-based): the deal goes clockwise."""
        return (self.first_dealer + number - 1) % PLAYERS

    def pair_label(self, pair: int) -> Text:
        """``N–S (Anna & Carla)``."""
        return T_(
            "%(pair)s (%(first)s & %(second)s)",
            pair=PAIR_NAMES[pair],
            first=self.players[pair],
            second=self.players[pair + 2],
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "options": self.options.to_dict(),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Setup:
        if not isinstance(raw, Mapping):
            raise RuleError(
                T_("A Sviten Special setup must be a record of fields."), field="players"
            )
        players = raw.get("players")
        if not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players):
            raise RuleError(T_("players must be a list of four names."), field="players")
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


def _of_pair(pair: int, what: Text) -> Text:
    """``N–S's tricks``."""
    return T_("%(owner)s %(what)s", owner=Possessive(PAIR_NAMES[pair]), what=what)


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


def _parse_card(code: Any, field_name: str, deal: int) -> Card:
    if isinstance(code, Card):
        return code
    try:
        return parse_card(code)
    except RuleError as error:
        raise RuleError(error.text, field=field_name, deal=deal) from None


def _parse_captured(value: Any, deal: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    where = {"field": "captured", "deal": deal}
    example = T_("captured cards, like %(example)s", example='[["QS", "10H", ...], null]')
    raw = _by_pair(value, "captured", example, deal)
    owner: dict[Card, int] = {}
    piles: list[tuple[Card, ...] | None] = []
    for pair, cards in enumerate(raw):
        if cards is None:
            piles.append(None)  # the rest of the pack
            continue
        if not isinstance(cards, list | tuple):
            raise RuleError(
                T_(
                    "%(owner)s captured cards must be a list.",
                    owner=Possessive(PAIR_NAMES[pair]),
                ),
                **where,
            )
        pile: list[Card] = []
        for code in cards:
            card = _parse_card(code, "captured", deal)
            if card in owner:
                if owner[card] == pair:
                    raise RuleError(
                        T_(
                            "%(card)s is listed twice in %(owner)s cards.",
                            card=card.label,
                            owner=Possessive(PAIR_NAMES[pair]),
                        ),
                        **where,
                    )
                raise RuleError(T_("%(card)s is in both pairs' cards.", card=card.label), **where)
            owner[card] = pair
            pile.append(card)
        if len(pile) % 4:
            raise RuleError(
                T_(
                    "%(pair)s captured %(n)s cards: that is not a whole number of tricks",
                    pair=PAIR_NAMES[pair],
                    n=len(pile),
                ),
                **where,
            )
        piles.append(tuple(pile))
    first, second = piles
    if first is None and second is None:
        raise RuleError(T_("Record the cards at least one pair captured."), **where)
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


def _parse_tricks(value: Any, deal: int) -> Pair:
    where = {"field": "tricks", "deal": deal}
    raw = _by_pair(value, "tricks", T_("tricks, like %(example)s", example="[8, 5]"), deal)
    counts = [
        _whole(n, _of_pair(pair, T_("tricks")), "tricks", deal, 0, TRICKS)
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
    where = {"field": "melds", "deal": deal}
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
                    codes.append(_parse_card(code, "melds", deal).code)
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
        None if n is None else _whole(n, _of_pair(p, what), field_name, deal, 0, high)
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
    melds = _parse_melds(d.get("melds"), number)
    meld_points = _parse_optional_numbers(
        d.get("meld_points"), "meld_points", T_("meld points"), number, 10_000
    )
    meld_counts = _parse_optional_numbers(
        d.get("meld_counts"), "meld_counts", T_("meld count"), number, 100
    )
    jokers: Pair = (0, 0)
    if not _blank(d.get("jokers")):
        example = T_("jokers, like %(example)s", example="[1, 0]")
        raw = _by_pair(d.get("jokers"), "jokers", example, number)
        counts = [
            0 if n is None else _whole(n, _of_pair(p, T_("jokers")), "jokers", number, 0, 2)
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
                T_(
                    "Record %(owner)s melds, or their meld points and meld count.",
                    owner=Possessive(name),
                ),
                field=missing,
                deal=number,
            )
        where = {"field": "meld_points", "deal": number}
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
                    melds=_melds(count),
                ),
                **where,
            )
        held = 4 * hand.trick_counts[pair] + hand.jokers[pair]
        if 3 * count > held:
            raise RuleError(
                T_(
                    "%(pair)s cannot lay %(melds)s with %(tricks)s.",
                    pair=name,
                    melds=_melds(count),
                    tricks=_tricks(hand.trick_counts[pair]),
                ),
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
    held = Tn_("%(num)s card", "%(num)s cards", 4 * tricks)
    if jokers:
        held = T_(
            "%(cards)s and %(jokers)s",
            cards=held,
            jokers=Tn_("%(num)s joker", "%(num)s jokers", jokers),
        )
    took = T_(
        "%(pair)s took %(tricks)s (%(held)s)",
        pair=PAIR_NAMES[pair],
        tricks=_tricks(tricks),
        held=held,
    )
    melds = _melds(count)
    where = {"field": "meld_points", "deal": number}
    if not possible:
        raise RuleError(
            T_("%(took)s: %(melds)s cannot be laid from them.", took=took, melds=melds), **where
        )
    most = max(possible)
    if points > most:
        raise RuleError(
            Tn_(
                "%(took)s: %(melds)s from them makes at most %(most)s points, not %(points)s.",
                "%(took)s: %(melds)s from them make at most %(most)s points, not %(points)s.",
                count,
                took=took,
                melds=melds,
                most=most,
                points=points,
            ),
            **where,
        )
    raise RuleError(
        T_(
            "%(took)s: %(melds)s from them cannot make exactly %(points)s points.",
            took=took,
            melds=melds,
            points=points,
        ),
        **where,
    )


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
                    T_(
                        "%(owner)s melds use %(natural)s cards, but %(tricks)s hold only %(n)s.",
                        owner=Possessive(name),
                        natural=natural,
                        tricks=_tricks(hand.trick_counts[pair]),
                        n=4 * hand.trick_counts[pair],
                    ),
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
            T_(
                "%(owner)s meld points (%(typed)s) do not match their melds (%(laid)s).",
                owner=Possessive(name),
                typed=typed_points,
                laid=result[1],
            ),
            field="meld_points",
            deal=number,
        )
    if typed_count is not None and typed_count != result[2]:
        raise RuleError(
            T_(
                "%(owner)s meld count (%(typed)s) does not match their melds (%(laid)s).",
                owner=Possessive(name),
                typed=typed_count,
                laid=result[2],
            ),
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
            T_("This game is played in no-trump only: the bid cannot name trumps."),
            field="trump",
            deal=number,
        )
    if not options.jokers and any(hand.jokers):
        raise RuleError(T_("This game is played without jokers."), field="jokers", deal=number)
    tricks = hand.trick_counts
    per_pair = [_pair_melds(setup, hand, pair, number) for pair in range(2)]
    if hand.captured is None:  # with the piles known, each pair's melds come from its own
        first = {code for meld in per_pair[0][0] for code in meld if code != JOKER}
        for code in (code for meld in per_pair[1][0] for code in meld if code != JOKER):
            if code in first:
                raise RuleError(
                    T_("%(card)s is in both pairs' melds.", card=parse_card(code).label),
                    field="melds",
                    deal=number,
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
class State(HandsState[Setup, HandResult]):
    @property
    def kind(self) -> str:
        return KIND

    @property
    def players(self) -> tuple[str, str, str, str]:
        return self.setup.players

    @property
    def result_text(self) -> Text:
        """The match's standing in a sentence."""
        a, b = self.totals
        if self.winner is not None:
            return T_(
                "%(name)s wins %(total)s to %(other)s",
                name=PAIR_NAMES[self.winner],
                total=self.totals[self.winner],
                other=self.totals[1 - self.winner],
            )
        text = T_(
            "%(first)s %(a)s, %(second)s %(b)s; first to %(target)s",
            first=PAIR_NAMES[0],
            a=a,
            second=PAIR_NAMES[1],
            b=b,
            target=TARGET,
        )
        cap = self.setup.options.hand_cap
        if cap is not None:
            if len(self.hands) >= cap:
                text = T_(
                    "%(standing)s; level after hand %(n)s: play on",
                    standing=text,
                    n=len(self.hands),
                )
            else:
                text = T_("%(standing)s or the leader after hand %(n)s", standing=text, n=cap)
        return text


def new_game(setup: Setup) -> State:
    """The state before the first hand."""
    return State(setup=setup, hands=(), totals=(0, 0), winner=None)


def _score(state: State, hand: Hand, number: int) -> State:
    """The state after one more hand, ``number`` (checked against the options and scored here)."""
    result = score_hand(state.setup, hand, number, state.totals)
    hands = (*state.hands, result)
    return replace(
        state, hands=hands, totals=result.totals, winner=match_winner(state.setup, hands)
    )


def _over(state: State) -> Text:
    assert state.winner is not None
    return T_(
        "The match is over: %(pair)s won. No more hands can be recorded.",
        pair=PAIR_NAMES[state.winner],
    )


def _over_before(state: State, number: int) -> Text:
    assert state.winner is not None
    return T_(
        "The match was over after hand %(last)s (%(pair)s won), so hand %(n)s cannot be played.",
        last=number - 1,
        pair=PAIR_NAMES[state.winner],
        n=number,
    )


def _describe(result: HandResult) -> Text:
    trumps = (
        T_("no-trump") if result.trump is None else T_("trumps %(suit)s", suit=result.trump.symbol)
    )
    return T_(
        "hand %(n)s: %(seat)s bid %(bid)s in %(trumps)s (%(outcome)s); %(first)s %(a)s, "
        "%(second)s %(b)s",
        n=result.number,
        seat=SEATS[result.declarer],
        bid=result.bid,
        trumps=trumps,
        outcome=T_("made") if result.made else T_("failed"),
        first=PAIR_NAMES[0],
        a=Signed(result.scores[0]),
        second=PAIR_NAMES[1],
        b=Signed(result.scores[1]),
    )


#: Sviten Special's part of the hand-by-hand log (:mod:`scorekeeper.games.hand_log`).
HANDS: HandRules[State, Hand] = HandRules(
    start=new_game,
    parse=lambda data, number, _state: parse_hand(data, number),
    score=_score,
    describe=_describe,
    over=_over,
    over_before=_over_before,
)


def scoreboard(state: State) -> Scoreboard:
    """Each pair's running total hand by hand (N–S: seats 0 and 2, E–W: 1 and 3) and the
    winning pair."""
    return state.scoreboard_of(((0, 2), (1, 3)))


GAME: Game[Setup, State] = Game(
    kind=KIND,
    title="Sviten Special",
    seats=PLAYERS,
    noun="hand",
    setup_type=Setup,
    state_type=State,
    parse_setup=Setup.from_dict,
    start=new_game,
    fold=HANDS.fold,
    scoreboard=scoreboard,
    pairs=True,
)


def hand_event(number: int, hand: Hand | Mapping[str, Any]) -> Event:
    """A ``hand`` event recording ``hand`` as hand ``number``."""
    return hand_event_of(EventKind.HAND, number, _record(hand))


def correct_event(number: int, hand: Hand | Mapping[str, Any]) -> Event:
    """A ``correct`` event replacing hand ``number`` with ``hand``."""
    return hand_event_of(EventKind.CORRECT, number, _record(hand))


def _record(hand: Hand | Mapping[str, Any]) -> Mapping[str, Any]:
    return hand_to_dict(hand) if isinstance(hand, Hand) else hand


def melds_text(melds: Iterable[Meld]) -> str:
    """How a player reads a list of melds: ``7♣ 8♣ 9♣ · Q♥ Q♠ Q♦``."""
    return " · ".join(meld_label(meld) for meld in melds)
