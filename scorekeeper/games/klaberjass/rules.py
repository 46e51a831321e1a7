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

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, ClassVar

from scorekeeper.games.cards import Suit
from scorekeeper.games.events import RuleError
from scorekeeper.games.game import Game
from scorekeeper.games.hand_log import (
    HandRules,
    HandsSetup,
    HandsState,
    Pair,
    ScoredHand,
    derived_fields,
    option_values,
)
from scorekeeper.games.klaberjass.hand import Hand, hand_to_dict
from scorekeeper.games.klaberjass.pack import BELLA_POINTS, LAST_TRICK_POINTS, PLAYERS, pair
from scorekeeper.games.klaberjass.parse import parse_hand
from scorekeeper.games.klaberjass.sequences import Run, sequence_contest
from scorekeeper.games.text import N_, T_, Text

KIND = "klaberjass"
DEFAULT_TARGET = 500
MAX_TARGET = 100_000


class Outcome(Enum):
    """How a hand was settled."""

    THROWN_IN = "thrown_in"
    MAKER_AHEAD = "maker_ahead"
    TIE = "tie"
    OPPONENT_AHEAD = "opponent_ahead"


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
    def from_dict(cls, raw: Any) -> Options:
        unknown = N_("Unknown Klaberjass option: %(names)s.")
        return cls(**option_values(raw, {"target": DEFAULT_TARGET}, unknown))


@dataclass(frozen=True)
class Setup(HandsSetup):
    """The two players (seats 0 and 1), who deals first (the deal alternates), and the
    options."""

    options: Options = field(default_factory=Options)

    def __post_init__(self) -> None:
        dealer = T_("The first dealer must be one of the two players (seat 0 or 1).")
        self.check(
            "Klaberjass", PLAYERS, dealer, Options, T_("options must be Klaberjass options.")
        )

    @property
    def target(self) -> int:
        return self.options.target

    @classmethod
    def from_dict(cls, raw: Any) -> Setup:
        not_a_record = T_("A Klaberjass setup must be a record of fields.")
        return cls.read(raw, Options, not_a_record, T_("players must be a list of two names."))


# --- scoring ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandResult(ScoredHand[Hand]):
    """A Klaberjass hand as scored: each player's points of each kind, the settlement, and
    the running totals after it."""

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
    sequence_points = pair(
        sum(run.value for run in hand.sequences[seat]) if seat == winner else 0 for seat in seats
    )
    bella_points = pair(BELLA_POINTS if seat == hand.bella else 0 for seat in seats)
    last_trick_points = pair(LAST_TRICK_POINTS if seat == hand.last_trick else 0 for seat in seats)
    card_points = hand.points
    totals = pair(
        sequence_points[seat] + bella_points[seat] + card_points[seat] + last_trick_points[seat]
        for seat in seats
    )
    outcome, scores, settlement = _settle(totals, hand.maker, names)
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
        scores=scores,
        totals=(before[0] + scores[0], before[1] + scores[1]),
        outcome=outcome,
        settlement=settlement,
    )


def _settle(totals: Pair, maker: int, names: Sequence[str]) -> tuple[Outcome, Pair, Text]:
    """How the hand totals settle: the maker's total greater, each scores their own; equal, the
    opponent scores their own and the maker 0; the opponent's greater, the opponent scores both
    totals and the maker 0."""
    opponent = 1 - maker
    scores = [0, 0]
    facts = {"maker": names[maker], "opponent": names[opponent]}
    if totals[maker] > totals[opponent]:
        scores = list(totals)
        return (
            Outcome.MAKER_AHEAD,
            pair(scores),
            T_(
                "%(maker)s made trumps and scored more: %(maker)s takes %(mine)s, %(opponent)s "
                "takes %(theirs)s",
                mine=totals[maker],
                theirs=totals[opponent],
                **facts,
            ),
        )
    if totals[maker] == totals[opponent]:
        scores[opponent] = totals[opponent]
        return (
            Outcome.TIE,
            pair(scores),
            T_(
                "%(maker)s made trumps and tied at %(mine)s: %(opponent)s takes %(theirs)s, "
                "%(maker)s 0",
                mine=totals[maker],
                theirs=totals[opponent],
                **facts,
            ),
        )
    scores[opponent] = totals[maker] + totals[opponent]
    return (
        Outcome.OPPONENT_AHEAD,
        pair(scores),
        T_(
            "%(maker)s made trumps and scored less: %(opponent)s takes %(theirs)s",
            theirs=scores[opponent],
            **facts,
        ),
    )


def derived_hand_dict(result: HandResult) -> dict[str, Any]:
    """The fields a record shows next to a hand that the engine derived."""
    return derived_fields(
        result, sequence_winner=result.sequence_winner, hand_totals=list(result.hand_totals)
    )


def game_winner(totals: Pair, target: int) -> int | None:
    """The winner once someone has reached ``target``; None while the game goes on."""
    if max(totals) >= target and totals[0] != totals[1]:
        return 0 if totals[0] > totals[1] else 1
    return None


# --- the state -------------------------------------------------------------------------------


@dataclass(frozen=True)
class State(HandsState[Setup, HandResult]):
    """A Klaberjass game folded from its log: the hands scored, the totals, the winner."""

    kind: ClassVar[str] = KIND

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
        level = self.totals[0] == self.totals[1]
        if self.winner is None and self.totals[0] >= self.target and level:
            return T_("Both have %(total)s: play another hand", total=self.totals[0])
        return self.standing_text(self.players, self.target)


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
    to_record=hand_to_dict,
)
GAME: Game[Setup, State] = HANDS.game(KIND, "Klaberjass", (Setup, State), sides=((0,), (1,)))
#: Each player's running total hand by hand (a hand thrown in scores nothing) and the winner.
scoreboard = GAME.scoreboard
hand_event = HANDS.hand_event
correct_event = HANDS.correct_event
