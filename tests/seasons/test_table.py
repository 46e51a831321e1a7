"""The season table: worked examples for each rule and absence rule, computed by hand, and
properties (the order the evenings come in changes nothing; totals add up)."""

from __future__ import annotations

import random
from datetime import date
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games.events import RuleError
from scorekeeper.seasons import (
    AVERAGE,
    BEST,
    LOWEST,
    NO_SCORE,
    OWN_AVERAGE,
    TOTAL,
    EveningResult,
    SeasonRule,
    season_table,
)
from scorekeeper.seasons.prepared import prepare

NAMES = {"a": "Anna", "b": "Ben", "c": "Carla", "d": "Dan"}


def evening(key: str, day: int, **points: int) -> EveningResult:
    ranked = sorted(points.values(), reverse=True)
    return EveningResult(
        key,
        date(2026, 9, day),
        {m: Fraction(p) for m, p in points.items()},
        {m: 1 + ranked.index(p) for m, p in points.items()},
    )


#: Carla misses the second evening, Anna the third; Dan joins at the second.
SEASON = [
    evening("e1", 3, a=10, b=-4, c=-6),
    evening("e2", 10, a=-2, b=5, d=-3),
    evening("e3", 17, b=0, c=6, d=-6),
]


def table(rule: str, absence: str = NO_SCORE, n: int = 0) -> dict[str, tuple]:
    made = season_table(NAMES, SEASON, SeasonRule(rule, absence, n))
    return {row.name: (row.place, row.points) for row in made.rows}


def test_total_of_the_evenings_played():
    assert table(TOTAL) == {"Anna": (1, 8), "Ben": (2, 1), "Carla": (3, 0), "Dan": (4, -9)}


def test_a_missed_evening_counts_that_evenings_lowest():
    # Carla gets e2's lowest (−3), Anna e3's (−6); Dan joined at e2, so e1 is not his to miss.
    assert table(TOTAL, LOWEST) == {
        "Anna": (1, 2),
        "Ben": (2, 1),
        "Carla": (3, -3),
        "Dan": (4, -9),
    }


def test_a_missed_evening_counts_the_members_own_average():
    # Anna's average is (10 − 2) / 2 = 4, Carla's (−6 + 6) / 2 = 0.
    assert table(TOTAL, OWN_AVERAGE) == {
        "Anna": (1, 12),
        "Ben": (2, 1),
        "Carla": (3, 0),
        "Dan": (4, -9),
    }


def test_best_evenings():
    assert table(BEST, NO_SCORE, 2) == {
        "Anna": (1, 8),
        "Ben": (2, 5),
        "Carla": (3, 0),
        "Dan": (4, -9),
    }
    # Best one, a missed evening at its lowest: Carla's best is e3's 6.
    assert table(BEST, LOWEST, 1) == {
        "Anna": (1, 10),
        "Carla": (2, 6),
        "Ben": (3, 5),
        "Dan": (4, -3),
    }
    made = season_table(NAMES, SEASON, SeasonRule(BEST, NO_SCORE, 2))
    assert [cell.counts for cell in made.row_of("b").cells] == [False, True, True]


def test_average_with_a_minimum_of_evenings():
    made = season_table(NAMES, SEASON, SeasonRule(AVERAGE, NO_SCORE, 3))
    # Only Ben played three evenings; the others follow, unranked, by their average.
    assert [(r.name, r.place, r.points) for r in made.rows] == [
        ("Ben", 1, Fraction(1, 3)),
        ("Anna", None, Fraction(4)),
        ("Carla", None, Fraction(0)),
        ("Dan", None, Fraction(-9, 2)),
    ]
    assert table(AVERAGE, NO_SCORE, 2) == {
        "Anna": (1, 4),
        "Ben": (2, Fraction(1, 3)),
        "Carla": (3, 0),
        "Dan": (4, Fraction(-9, 2)),
    }


def test_equal_points_share_a_place_listed_by_name():
    season = [evening("e1", 1, a=3, b=3, c=-6), evening("e2", 2, d=0, b=0, c=0)]
    made = season_table(NAMES, season, SeasonRule(TOTAL))
    assert [(r.name, r.place, r.shared) for r in made.rows] == [
        ("Anna", 1, True),
        ("Ben", 1, True),
        ("Dan", 3, False),
        ("Carla", 4, False),
    ]


def test_each_cell_says_what_the_evening_gave():
    made = season_table(NAMES, SEASON, SeasonRule(TOTAL, LOWEST))
    carla = made.row_of("c")
    assert [(c.points, c.place, c.counted_points) for c in carla.cells] == [
        (-6, 3, -6),
        (None, None, -3),
        (6, 1, 6),
    ]
    assert carla.played == 2 and carla.counted == 3
    assert made.evenings == ("e1", "e2", "e3")


@pytest.mark.parametrize(
    ("rule", "field"),
    [
        (dict(rule="most"), "rule"),
        (dict(absence="sometimes"), "absence"),
        (dict(rule=BEST, n=0), "n"),
        (dict(rule=AVERAGE, n=400), "n"),
    ],
)
def test_a_rule_that_is_not_one_is_refused_at_its_field(rule, field):
    with pytest.raises(RuleError) as refused:
        SeasonRule(**rule)
    assert refused.value.field == field


MEMBERS = st.sampled_from(sorted(NAMES))
EVENINGS = st.lists(
    st.dictionaries(MEMBERS, st.integers(-50, 50), min_size=1, max_size=4),
    min_size=1,
    max_size=6,
)
RULES = st.sampled_from(
    [SeasonRule(TOTAL, a) for a in (NO_SCORE, LOWEST, OWN_AVERAGE)]
    + [SeasonRule(BEST, a, n) for a in (NO_SCORE, LOWEST) for n in (1, 2, 5)]
    + [SeasonRule(AVERAGE, a, n) for a in (NO_SCORE, OWN_AVERAGE) for n in (1, 3)]
)


def _season(points: list[dict[str, int]]) -> list[EveningResult]:
    return [evening(f"e{i}", 1 + i, **p) for i, p in enumerate(points)]


@given(EVENINGS, RULES, st.randoms())
def test_the_order_the_evenings_come_in_changes_nothing(points, rule, rnd: random.Random):
    season = _season(points)
    shuffled = season[:]
    rnd.shuffle(shuffled)
    assert season_table(NAMES, shuffled, rule) == season_table(NAMES, season, rule)


@given(EVENINGS)
def test_the_total_is_the_sum_of_the_evenings_played(points):
    made = season_table(NAMES, _season(points), SeasonRule(TOTAL))
    for row in made.rows:
        assert row.points == sum(p.get(row.member, 0) for p in points)
    assert sum(r.points for r in made.rows) == sum(sum(p.values()) for p in points)


@given(EVENINGS, st.integers(1, 6))
def test_the_best_n_are_at_most_n_evenings_and_all_when_there_are_fewer(points, n):
    made = season_table(NAMES, _season(points), SeasonRule(BEST, NO_SCORE, n))
    total = season_table(NAMES, _season(points), SeasonRule(TOTAL))
    for row in made.rows:
        assert row.counted == min(n, row.played)
        if row.played <= n:
            assert row.points == total.row_of(row.member).points
        best = sorted((p[row.member] for p in points if row.member in p), reverse=True)[:n]
        assert row.points == sum(best)


def test_a_member_is_not_absent_from_an_evening_before_their_first_on_the_same_day():
    season = [evening("early", 1, a=4, b=-4), evening("late", 1, a=1, c=-1)]
    made = season_table(NAMES, season, SeasonRule(TOTAL, LOWEST))
    assert made.row_of("c").points == -1  # not charged the earlier evening's lowest
    assert made.row_of("b").points == -4 + -1  # but b missed the later one


def test_a_member_who_joined_before_the_tables_first_evening_is_absent_from_it():
    # Dan first plays e2, but ``joined`` says he was a member from e1: e1's lowest (−6) is his.
    # Carla, with no word of when she joined, is a member from her first evening (e1) as ever.
    made = season_table(NAMES, SEASON, SeasonRule(TOTAL, LOWEST), joined={"d": "e1"})
    assert {row.name: (row.place, row.points) for row in made.rows} == {
        "Anna": (1, 2),
        "Ben": (2, 1),
        "Carla": (3, -3),
        "Dan": (4, -15),
    }
    # An evening the table does not hold, or one after their first played, changes nothing.
    for later in ("e3", "elsewhere"):
        again = season_table(NAMES, SEASON, SeasonRule(TOTAL, LOWEST), joined={"d": later})
        assert again.row_of("d").points == -9


# --- the fast table equals the table worked out cell by cell -------------------------------------

ANY_RULE = st.builds(
    SeasonRule,
    st.sampled_from([TOTAL, BEST, AVERAGE]),
    st.sampled_from([NO_SCORE, LOWEST, OWN_AVERAGE]),
    st.integers(1, 7),
).map(lambda r: SeasonRule(r.rule, r.absence, 0) if r.rule == TOTAL else r)
#: Points of an evening: whole numbers, halves (placings) and thirds (a round sat out).
POINTS = st.fractions(min_value=-30, max_value=30, max_denominator=3)
ANY_EVENINGS = st.lists(
    st.tuples(
        st.dictionaries(MEMBERS, POINTS, max_size=4),
        st.integers(1, 20),
        st.booleans(),
    ),
    max_size=9,
)


def _evenings(drawn: list[tuple[dict[str, Fraction], int, bool]]) -> list[EveningResult]:
    found = []
    for number, (points, day, placed) in enumerate(drawn):
        ranked = sorted(points.values(), reverse=True)
        places = {m: 1 + ranked.index(p) for m, p in points.items() if placed or m != "a"}
        found.append(EveningResult(f"e{number}", date(2026, 9, day), points, places))
    return found


@settings(max_examples=300)
@given(
    ANY_EVENINGS,
    ANY_RULE,
    # The evening each joined at: one of the season's, or one it does not hold (e9).
    st.dictionaries(MEMBERS, st.integers(0, 9).map(lambda n: f"e{n}")),
)
def test_the_table_is_the_one_worked_out_cell_by_cell(drawn, rule, joined):
    from tests.seasons import reference_table

    season = _evenings(drawn)
    for given_joined in (None, joined):
        made = season_table(NAMES, season, rule, given_joined)
        keys, rows = reference_table.season_table(NAMES, season, rule, given_joined)
        assert made.evenings == keys
        assert [
            (r.member, r.name, r.place, r.shared, r.points, r.played, r.counted, tuple(r.cells))
            for r in made.rows
        ] == rows
        for row in made.rows:
            assert row.cells.counts == tuple(cell.counts for cell in row.cells)
            assert row.cells.shown() == tuple(
                None if c.place is None or c.points is None else (c.place, c.points)
                for c in row.cells
            )


def test_a_rows_cells_are_read_like_a_tuple():
    made = season_table(NAMES, SEASON, SeasonRule(TOTAL, LOWEST))
    cells = made.row_of("c").cells
    assert len(cells) == 3 and cells[-1] == cells[2] and cells[1:] == tuple(cells)[1:]
    assert cells[1].counted_points == -3 and cells[1].points is None and cells[1].counts
    with pytest.raises(IndexError):
        cells[3]


@settings(max_examples=200)
@given(
    ANY_EVENINGS,
    st.lists(st.tuples(st.integers(0, 8), st.dictionaries(MEMBERS, POINTS, max_size=4))),
    ANY_RULE,
)
@pytest.mark.slow
def test_a_season_prepared_again_after_changes_is_the_season_prepared_anew(drawn, changes, rule):
    """Tonight's evening changing deal by deal (or any evening corrected): the season prepared
    from what was prepared before equals the season prepared from nothing."""
    season = _evenings(drawn)
    prepared = prepare(season)
    for index, points in changes:
        if not season:
            break
        at = index % len(season)
        was = season[at]
        ranked = sorted(points.values(), reverse=True)
        places = {m: 1 + ranked.index(p) for m, p in points.items()}
        season[at] = EveningResult(was.key, was.day, points, places)
        prepared = prepare(season, prepared)
        anew = prepare(season)
        assert prepared.table(NAMES, rule) == anew.table(NAMES, rule)
        assert {
            m: [(e.at, e.points, e.place) for e in got] for m, got in prepared.played.items()
        } == {m: [(e.at, e.points, e.place) for e in got] for m, got in anew.played.items()}
