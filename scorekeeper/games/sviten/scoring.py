"""Scoring a Sviten Special hand: each pair's melds (laid, typed, or the solver's), its tricks
and meld points, the declarers' bid made or failed, a slam, and who has won after it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from scorekeeper.games.cards import Suit, parse_card
from scorekeeper.games.events import RuleError, Where
from scorekeeper.games.hand_log import Pair, ScoredHand, derived_fields
from scorekeeper.games.sviten import meld_bounds
from scorekeeper.games.sviten.hand import Hand
from scorekeeper.games.sviten.meld_check import JOKER, meld_points
from scorekeeper.games.sviten.melds import MeldPlan, best_melds
from scorekeeper.games.sviten.setup import Options, Setup
from scorekeeper.games.sviten.table import (
    FAILED_BID_PENALTY,
    PAIR_NAMES,
    SLAM_BONUS,
    TARGET,
    TRICKS,
    Meld,
    melds_count_text,
    tricks_text,
)
from scorekeeper.games.text import T_, Possessive, Tn_


@dataclass(frozen=True)
class HandResult(ScoredHand[Hand]):
    """A Sviten Special hand as scored: each pair's tricks and melds (and whether the engine
    laid them), the bid made or failed, a slam, and the scores and running totals."""

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
    laid = hand.melds[pair]
    typed_points, typed_count = hand.meld_points[pair], hand.meld_counts[pair]
    pile = hand.captured[pair] if hand.captured is not None else None
    if laid is not None:
        result = (laid, _laid_points(hand, pair, laid, factor, number), len(laid), False)
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
    _check_typed_against_melds(hand, pair, result[1], result[2], number)
    return result


def _laid_points(hand: Hand, pair: int, laid: tuple[Meld, ...], factor: int, number: int) -> int:
    """The points of the melds a pair laid, checked against its pile (or, with tricks only, its
    tricks' cards)."""
    name = PAIR_NAMES[pair]
    pile = hand.captured[pair] if hand.captured is not None else None
    points = meld_points(
        laid,
        hand.trump,
        trump_run_factor=factor,
        cards=pile,
        jokers=hand.jokers[pair],
        owner=name,
        deal=number,
    )
    natural = sum(1 for meld in laid for code in meld if code != JOKER)
    if pile is None and natural > 4 * hand.trick_counts[pair]:
        raise RuleError(
            T_(
                "%(owner)s melds use %(natural)s cards, but %(tricks)s hold only %(n)s.",
                owner=Possessive(name),
                natural=natural,
                tricks=tricks_text(hand.trick_counts[pair]),
                n=4 * hand.trick_counts[pair],
            ),
            field="melds",
            deal=number,
        )
    return points


def _check_typed_against_melds(hand: Hand, pair: int, points: int, count: int, number: int) -> None:
    """Typed meld points and count, when given with the melds, must be theirs."""
    name = PAIR_NAMES[pair]
    typed_points, typed_count = hand.meld_points[pair], hand.meld_counts[pair]
    if typed_points is not None and typed_points != points:
        raise RuleError(
            T_(
                "%(owner)s meld points (%(typed)s) do not match their melds (%(laid)s).",
                owner=Possessive(name),
                typed=typed_points,
                laid=points,
            ),
            field="meld_points",
            deal=number,
        )
    if typed_count is not None and typed_count != count:
        raise RuleError(
            T_(
                "%(owner)s meld count (%(typed)s) does not match their melds (%(laid)s).",
                owner=Possessive(name),
                typed=typed_count,
                laid=count,
            ),
            field="meld_counts",
            deal=number,
        )


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
    return derived_fields(
        result,
        tricks=list(result.tricks),
        melds=[[list(meld) for meld in melds] for melds in result.melds],
        meld_points=list(result.meld_points),
        made=result.made,
        slam=result.slam,
    )


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
        tricks=tricks_text(tricks),
        held=held,
    )
    melds = melds_count_text(count)
    where: Where = {"field": "meld_points", "deal": number}
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
