"""The meld solver's promises beyond the worked examples (issue 12): answers checked against an
exhaustive search with jokers and bids, the whole pack's known answers, the memo that serves a
pile asked for again, and the work limit that stops any one call."""

from __future__ import annotations

import dataclasses
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games.cards import Suit, full_pack
from scorekeeper.games.events import RuleError
from scorekeeper.games.sviten import (
    Hand,
    Options,
    Setup,
    meld_check,
    meld_counts,
    meld_problem,
    meld_search,
    melds,
    parse_hand,
)
from scorekeeper.games.sviten.meld_check import meld_points
from scorekeeper.games.sviten.melds import best_melds, meld_tradeoff
from scorekeeper.games.sviten.proposal import propose
from tests.games.sviten.meld_models import brute_tradeoff, legal_points

PACK = [card.code for card in full_pack()]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
# meld_tradeoff on the whole pack, as the solver before issue 12 found it (seconds each).
PACK_TRADEOFF = {  # points for 0, 1, 2 ... melds
    (None, 0): "0 55 110 165 220 210 200 190 180 170 160 150 140 130 120 110 100 90",
    (None, 1): "0 55 110 165 220 215 205 195 185 175 165 155 145 135 125 115 105 95",
    (None, 2): "0 55 110 165 220 220 210 200 190 180 170 160 150 140 130 120 110 100 90",
    ("hearts", 0): "0 110 165 220 275 265 255 245 235 225 215 205 195 185 175 155 135 115",
    ("hearts", 1): "0 110 165 220 275 270 260 250 240 230 220 210 200 190 180 165 145 125",
    ("hearts", 2): "0 110 165 220 275 275 265 255 245 235 225 215 205 195 185 175 155 135 115",
}


def expected_plan(table: dict[int, int], wanted: int) -> tuple[int, int]:
    """What best_melds must answer, from the trade-off table: the most points with at least
    ``wanted`` melds (the most points at all if none has that many), then the most melds."""
    reaching = {count: points for count, points in table.items() if count >= wanted}
    pool = reaching or table
    points = max(pool.values())
    return points, max(count for count, value in pool.items() if value == points)


@pytest.fixture(autouse=True)
def empty_memo():
    melds._plan.cache_clear()
    meld_counts._tradeoff.cache_clear()
    yield


# --- against an exhaustive search, with jokers and bids ---------------------------------------

meldy_hands = st.one_of(
    # Few ranks: sets, runs and jokers compete for the same cards.
    st.lists(st.sampled_from(["7", "8", "9", "10"]), min_size=1, max_size=4, unique=True).flatmap(
        lambda ranks: st.lists(
            st.sampled_from([rank + suit for rank in ranks for suit in "SHDC"]),
            max_size=11,
            unique=True,
        )
    ),
    # One or two suits with their aces: long runs, gaps for jokers, the ace at both ends.
    st.lists(st.sampled_from([c for c in PACK if c[-1] in "SH"]), max_size=11, unique=True),
)


@settings(max_examples=150)
@given(
    cards=meldy_hands,
    trump=st.sampled_from([None, "spades", "hearts"]),
    jokers=st.integers(1, 2),
    factor=st.sampled_from([2, 3]),
    wanted=st.integers(1, 6),
)
def test_property_jokers_and_bids_agree_with_an_exhaustive_search(
    cards, trump, jokers, factor, wanted
):
    table = brute_tradeoff(cards, trump, jokers, factor)
    assert meld_tradeoff(cards, trump=trump, jokers=jokers, trump_run_factor=factor) == table
    plan = best_melds(cards, trump=trump, jokers=jokers, trump_run_factor=factor, min_melds=wanted)
    assert (plan.points, plan.count) == expected_plan(table, wanted)
    legal_points(plan, cards, trump, jokers, factor)


@pytest.mark.slow
def test_jokers_and_bids_agree_with_an_exhaustive_search_on_many_hands():
    rng = random.Random(12)
    for _ in range(400):
        suits = rng.sample("SHDC", rng.randint(1, 3))
        pool = [code for code in PACK if code[-1] in suits and code[:-1] in "A 2 3 4 5 J Q K"]
        cards = rng.sample(pool, min(len(pool), rng.randint(3, 11)))
        trump = rng.choice([None, "spades", "hearts", "diamonds", "clubs"])
        jokers, factor = rng.choice([1, 2]), rng.choice([2, 3])
        table = brute_tradeoff(cards, trump, jokers, factor)
        for wanted in range(1, 7):
            plan = best_melds(
                cards, trump=trump, jokers=jokers, trump_run_factor=factor, min_melds=wanted
            )
            assert (plan.points, plan.count) == expected_plan(table, wanted), (cards, wanted)
            legal_points(plan, cards, trump, jokers, factor)


# --- the trade-off's start for very many melds -------------------------------------------------


@settings(max_examples=80)
@given(
    cards=st.lists(st.sampled_from(PACK), max_size=52, unique=True),
    trump=st.sampled_from([None, "spades", "hearts"]),
    jokers=st.integers(0, 2),
    factor=st.sampled_from([2, 3]),
)
def test_property_the_many_melds_start_and_its_joined_runs_are_legal(cards, trump, jokers, factor):
    held, mult = meld_check._prepare(cards, trump, jokers, factor)
    arrangement = meld_counts._many_melds(held, mult, jokers)
    suit = meld_check.parse_trump(trump)
    while arrangement:
        meld_points(arrangement, trump, trump_run_factor=factor, cards=cards, jokers=jokers)
        joined = meld_counts._join_runs(arrangement, suit, factor)
        assert not joined or len(joined) == len(arrangement) - 1
        arrangement = joined


@pytest.mark.parametrize("trump", [None, "hearts"])
def test_the_whole_pack_with_two_jokers_needs_no_exact_search(trump):
    """Issue 12's 100 ms for the whole pack's trade-off: quick searches, the many-melds start
    and the lower bounds settle every count, so no exact search runs (it would take most of
    the time)."""
    exact = []
    original = meld_search._Search.__init__

    def counting(search, problem, bounds, work_limit, **options):
        if not options.get("beam"):
            exact.append(bounds)
        original(search, problem, bounds, work_limit, **options)

    meld_search._Search.__init__ = counting  # type: ignore[method-assign]
    try:
        table = meld_tradeoff(PACK, trump=trump, jokers=2)
    finally:
        meld_search._Search.__init__ = original  # type: ignore[method-assign]
    assert table == dict(enumerate(int(p) for p in PACK_TRADEOFF[(trump, 2)].split()))
    assert exact == []


# --- suits that trade places: the exact search that merges them --------------------------------


def exact_table(cards, trump, jokers, factor=2, *, symmetric) -> dict[int, int]:
    """Melds -> points from one exact search for every count, with or without merging the
    states of suits that hold the same cards (what meld_tradeoff's exact searches do)."""
    held, mult = meld_check._prepare(cards, trump, jokers, factor)
    problem = meld_problem._Problem(held, mult, jokers, steep=True)
    bounds = [problem.ceiling] * problem.rows
    search = meld_search._Search(problem, bounds, 10**9, symmetric=symmetric)
    return {
        count: 5 * (problem.ceiling - loss) for count, loss in sorted(search.frontier().items())
    }


twin_suits = st.tuples(
    st.lists(
        st.sampled_from(RANKS),
        min_size=1,
        max_size=5,
        unique=True,
    ),
    st.lists(st.sampled_from("SHDC"), min_size=2, max_size=3, unique=True),
    st.lists(st.sampled_from(PACK), max_size=2, unique=True),
).map(lambda t: sorted({rank + suit for rank in t[0] for suit in t[1]} | set(t[2]))[:12])


@settings(max_examples=60)
@given(
    cards=twin_suits,
    trump=st.sampled_from([None, "spades", "hearts"]),
    jokers=st.integers(0, 2),
)
def test_property_merging_twin_suits_agrees_with_an_exhaustive_search(cards, trump, jokers):
    table = brute_tradeoff(cards, trump, jokers)
    assert exact_table(cards, trump, jokers, symmetric=True) == table
    assert meld_tradeoff(cards, trump=trump, jokers=jokers) == table


@pytest.mark.parametrize(
    ("ranks", "suits", "extra", "trump", "jokers"),
    [
        # The ace can be kept back for the high end in each suit: low in one, high in another.
        ("A 2 3 Q K", "SH", [], None, 0),
        ("A 2 3 Q K", "SHD", [], "clubs", 0),
        ("A 2 Q K", "SHD", [], None, 1),
        ("A 2 K", "SHC", ["QS"], "hearts", 2),
        ("A 2 3 K", "HDC", [], "spades", 2),
        ("A 3 Q", "SH", ["2D", "KC"], None, 2),
    ],
)
def test_merging_twin_suits_follows_their_kept_aces(ranks, suits, extra, trump, jokers):
    cards = [rank + suit for rank in ranks.split() for suit in suits] + extra
    table = brute_tradeoff(cards, trump, jokers)
    assert exact_table(cards, trump, jokers, symmetric=True) == table
    assert meld_tradeoff(cards, trump=trump, jokers=jokers) == table


@pytest.mark.parametrize("seed", range(6))
def test_merging_twin_suits_changes_no_count_on_big_piles(seed):
    """Two to four suits holding the same ranks (the whole pack is the extreme): the search
    that merges their states finds the same table as the one that does not."""
    rng = random.Random(seed)
    ranks = ["A", "K", *rng.sample(RANKS[1:12], rng.randint(3, 6))]
    suits = rng.sample("SHDC", rng.randint(2, 4))
    cards = [rank + suit for rank in ranks for suit in suits]
    cards += rng.sample([code for code in PACK if code not in cards], rng.randint(0, 2))
    trump = rng.choice([None, "spades", "hearts"])
    jokers = rng.randint(0, 2)
    merged = exact_table(cards, trump, jokers, symmetric=True)
    assert merged == exact_table(cards, trump, jokers, symmetric=False)
    assert meld_tradeoff(cards, trump=trump, jokers=jokers) == merged


# --- big piles: the whole pack's known answers, and consistency ------------------------------


@pytest.mark.parametrize(("trump", "jokers"), list(PACK_TRADEOFF))
def test_the_whole_pack_matches_the_old_solver(trump, jokers):
    values = [int(points) for points in PACK_TRADEOFF[(trump, jokers)].split()]
    table = dict(enumerate(values))
    assert meld_tradeoff(PACK, trump=trump, jokers=jokers) == table
    for wanted in (0, 1, 4, 5, 6, 13, len(values), 40):
        plan = best_melds(PACK, trump=trump, jokers=jokers, min_melds=wanted)
        assert (plan.points, plan.count) == expected_plan(table, wanted)
        legal_points(plan, PACK, trump, jokers)


@pytest.mark.slow
@pytest.mark.parametrize(("trump", "jokers"), list(PACK_TRADEOFF))
def test_asking_for_very_many_melds_answers_exactly_or_refuses_quickly(trump, jokers):
    """Beyond any bid (14 melds up to the most the pack can make) the answer is exact, or, when
    it would take too long (a trump and two jokers), a RuleError within about the work limit."""
    values = [int(points) for points in PACK_TRADEOFF[(trump, jokers)].split()]
    table = dict(enumerate(values))
    for wanted in range(14, len(values)):
        melds._plan.cache_clear()
        start = time.thread_time()
        try:
            plan = best_melds(PACK, trump=trump, jokers=jokers, min_melds=wanted)
        except RuleError:
            assert jokers == 2, "only two jokers make it that hard"
        else:
            assert (plan.points, plan.count) == expected_plan(table, wanted)
        assert time.thread_time() - start < 1.0


@pytest.mark.slow
@settings(max_examples=25)
@given(
    cards=st.lists(st.sampled_from(PACK), min_size=30, max_size=52, unique=True),
    trump=st.sampled_from([None, "clubs", "hearts"]),
    jokers=st.integers(0, 2),
    wanted=st.integers(0, 8),
)
def test_property_big_piles_agree_with_their_trade_off(cards, trump, jokers, wanted):
    """Two different routes through the solver (quick searches and proofs for the table, a
    search for one count) must give the same answers, with the most melds among ties."""
    table = meld_tradeoff(cards, trump=trump, jokers=jokers)
    assert sorted(table) == list(range(len(table))) and table[0] == 0
    plan = best_melds(cards, trump=trump, jokers=jokers, min_melds=wanted)
    assert (plan.points, plan.count) == expected_plan(table, wanted)
    legal_points(plan, cards, trump, jokers)


def test_of_equal_points_the_most_melds():
    # A 2 3 4 (10 points) or 2 3 4 and Q K A (10 points): two melds.
    plan = best_melds(["QS", "KS", "AS", "2S", "3S", "4S"])
    assert (plan.points, plan.count) == (10, 2)
    # A set of four or two sets with a joker each: the same points, more melds.
    plan = best_melds(["7S", "7H", "7D", "7C"], jokers=2)
    assert (plan.points, plan.count) == (10, 2)


# --- the memo -----------------------------------------------------------------------------------


def test_a_pile_asked_for_again_is_served_from_the_memo_in_any_order():
    pile = PACK[:26]
    first = best_melds(pile, trump="hearts", jokers=2, min_melds=4)
    shuffled = random.Random(1).sample(pile, len(pile))
    before = melds._plan.cache_info()
    start = time.perf_counter()
    again = best_melds(
        [code.lower() for code in shuffled], trump=Suit.HEARTS, jokers=2, min_melds=4
    )
    assert time.perf_counter() - start < 0.01
    after = melds._plan.cache_info()
    assert (after.hits, after.misses) == (before.hits + 1, before.misses)
    assert again is first
    # A different question is a different entry.
    best_melds(pile, trump="hearts", jokers=2, min_melds=5)
    assert melds._plan.cache_info().misses == before.misses + 1


def test_the_memo_is_bounded_and_its_answers_cannot_be_changed():
    assert melds._plan.cache_parameters()["maxsize"] == meld_search.MEMO_SIZE
    assert meld_counts._tradeoff.cache_parameters()["maxsize"] == meld_search.MEMO_SIZE
    plan = best_melds(PACK[:13])
    with pytest.raises(dataclasses.FrozenInstanceError):
        plan.points = 0  # type: ignore[misc]
    assert isinstance(plan.melds, tuple) and all(isinstance(m, tuple) for m in plan.melds)
    table = meld_tradeoff(PACK[:13])
    table[99] = 1
    table[1] = -5
    assert meld_tradeoff(PACK[:13]) == {0: 0, 1: 55, 2: 45, 3: 35, 4: 25}


def test_record_hand_reuses_what_show_the_melds_found():
    """The web proposes the melds of a pile (Show the melds), then proposes them again when the
    hand is recorded: the second time no search runs."""
    setup = Setup(players=("Anna", "Ben", "Carla", "Dan"), options=Options(jokers=True))
    hand = parse_hand(
        {
            "declarer": 0,
            "bid": 6,
            "trump": "hearts",
            "captured": [PACK[:40], None],
            "jokers": [2, 0],
        },
        1,
        setup,
    )
    assert isinstance(hand, Hand)
    searches = []
    original = meld_search._Search.__init__

    def counting(search, *args, **kwargs):
        searches.append(1)
        original(search, *args, **kwargs)

    meld_search._Search.__init__ = counting  # type: ignore[method-assign]
    try:
        shown = propose(setup, hand, 1)
        first = len(searches)
        recorded = propose(setup, hand, 1)
    finally:
        meld_search._Search.__init__ = original  # type: ignore[method-assign]
    assert first > 0 and len(searches) == first
    assert recorded == shown


# --- the work limit -----------------------------------------------------------------------------


def test_a_call_past_the_work_limit_gives_up_with_a_sentence(monkeypatch):
    limit = melds.WORK_LIMIT
    monkeypatch.setattr(melds, "WORK_LIMIT", 2000)
    with pytest.raises(RuleError, match="takes too long") as error:
        best_melds(PACK, trump="hearts", jokers=2, min_melds=13)
    assert error.value.field == "melds"
    monkeypatch.setattr(melds, "TRADEOFF_WORK_LIMIT", 2000)  # its own limit (no request)
    with pytest.raises(RuleError, match="takes too long"):
        meld_tradeoff(PACK, jokers=2)
    # Nothing half-done was remembered: with the limit back, the answer comes.
    monkeypatch.setattr(melds, "WORK_LIMIT", limit)
    assert best_melds(PACK, trump="hearts", jokers=2, min_melds=13).points == 195


@pytest.mark.slow
def test_piles_the_rules_can_produce_stay_far_from_the_work_limit():
    """Random piles of whole tricks, bids of 1 to 6, jokers: each call uses under half the
    limit, so the guard never refuses a real hand (and takes about a quarter of a second when
    something pathological reaches it)."""
    used = []
    original = meld_search._Budget.search

    def record(budget, *args, **kwargs):
        found = original(budget, *args, **kwargs)
        used.append(melds.WORK_LIMIT - budget.left)
        return found

    rng = random.Random(2024)
    meld_search._Budget.search = record  # type: ignore[method-assign]
    try:
        for _ in range(150):
            pile = rng.sample(PACK, 4 * rng.randint(1, 13))
            trump = rng.choice([None, "spades", "hearts", "diamonds", "clubs"])
            jokers = rng.choice([0, 1, 2])
            plan = best_melds(pile, trump=trump, jokers=jokers, min_melds=rng.randint(1, 6))
            points = meld_points(plan.melds, trump, cards=pile, jokers=jokers)
            assert points == plan.points
    finally:
        meld_search._Budget.search = original  # type: ignore[method-assign]
    assert max(used) < melds.WORK_LIMIT / 2


def test_bad_input_is_refused_before_any_search():
    with pytest.raises(ValueError, match="listed twice"):
        best_melds(["QS", "QS", "QH"])
    with pytest.raises(ValueError, match="jokers"):
        best_melds(PACK, jokers=3)
    with pytest.raises(ValueError, match="min_melds"):
        best_melds(PACK, min_melds=-1)
