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

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import ClassVar

from scorekeeper.games.game import Game
from scorekeeper.games.hand_log import HandRules, HandsState
from scorekeeper.games.sviten.hand import Hand, hand_to_dict
from scorekeeper.games.sviten.meld_check import meld_label
from scorekeeper.games.sviten.parse import parse_hand
from scorekeeper.games.sviten.scoring import HandResult, match_winner, score_hand
from scorekeeper.games.sviten.setup import Setup
from scorekeeper.games.sviten.table import PAIR_NAMES, SEATS, TARGET, Meld
from scorekeeper.games.text import T_, Signed, Text

__all__ = ["KIND", "State", "correct_event", "hand_event", "new_game"]

KIND = "sviten"


@dataclass(frozen=True)
class State(HandsState[Setup, HandResult]):
    """A Sviten Special match folded from its log: the hands scored, the pairs' totals, the
    winning pair."""

    kind: ClassVar[str] = KIND

    @property
    def result_text(self) -> Text:
        """The match's standing in a sentence."""
        text = self.standing_text(PAIR_NAMES, TARGET)
        cap = self.setup.options.hand_cap
        if self.winner is not None or cap is None:
            return text
        if len(self.hands) >= cap:
            return T_(
                "%(standing)s; level after hand %(n)s: play on", standing=text, n=len(self.hands)
            )
        return T_("%(standing)s or the leader after hand %(n)s", standing=text, n=cap)


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
    to_record=hand_to_dict,
)
GAME: Game[Setup, State] = HANDS.game(
    KIND, "Sviten Special", (Setup, State), sides=((0, 2), (1, 3)), pairs=True
)
#: Each pair's running total hand by hand (N–S: seats 0 and 2, E–W: 1 and 3) and the winner.
scoreboard = GAME.scoreboard
hand_event = HANDS.hand_event
correct_event = HANDS.correct_event


def melds_text(melds: Iterable[Meld]) -> str:
    """How a player reads a list of melds: ``7♣ 8♣ 9♣ · Q♥ Q♠ Q♦``."""
    return " · ".join(meld_label(meld) for meld in melds)
