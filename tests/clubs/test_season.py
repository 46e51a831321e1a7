"""The season table (pure): evening results added up, shared places, absences, and the same
table whatever order the evenings come in."""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.clubs.season import EveningResult, season_table

NAMES = {1: "Anna", 2: "Ben", 3: "Carla", 4: "Dag"}


def _evening(day: int, results: dict[int, tuple[int, int]], number: int = 0) -> EveningResult:
    return EveningResult(
        f"e{day}-{number}",
        f"Vecka {day}",
        datetime(2026, 3, day),
        {m: (place, Fraction(points)) for m, (place, points) in results.items()},
    )


def test_the_evenings_results_are_added_up_and_equal_totals_share_a_place():
    first = _evening(5, {1: (1, 30), 2: (2, 10), 3: (3, -40)})
    second = _evening(12, {1: (3, -20), 2: (1, 40), 4: (2, -20)})  # Carla absent
    rows = season_table([second, first], NAMES)
    table = [(r.name, r.place, r.shared, r.points, r.evenings) for r in rows]
    assert table == [
        ("Ben", 1, False, 50, 2),
        ("Anna", 2, False, 10, 2),
        ("Dag", 3, False, -20, 1),
        ("Carla", 4, False, -40, 1),
    ]
    ben = rows[0]
    assert ben.by_evening == ((2, 10), (1, 40))  # in the order they were held
    assert rows[3].by_evening == ((3, -40), None)


def test_members_level_on_points_share_the_place_and_are_listed_by_name():
    rows = season_table([_evening(5, {2: (1, 5), 1: (1, 5), 3: (3, 2)})], NAMES)
    assert [(r.name, r.place, r.shared) for r in rows] == [
        ("Anna", 1, True),
        ("Ben", 1, True),
        ("Carla", 3, False),
    ]


results = st.dictionaries(
    st.sampled_from(sorted(NAMES)),
    st.tuples(st.integers(1, 4), st.integers(-100, 100)),
    min_size=1,
)


@settings(deadline=None)  # a shared machine: the time of a case says nothing here
@given(st.lists(st.tuples(st.integers(1, 28), results), min_size=1, max_size=6), st.randoms())
def test_the_table_is_the_same_whatever_order_the_evenings_come_in(evenings, random):
    made = [_evening(day, r, number) for number, (day, r) in enumerate(evenings)]
    shuffled = list(made)
    random.shuffle(shuffled)
    assert season_table(shuffled, NAMES) == season_table(made, NAMES)


def test_beside_each_member_the_places_of_the_latest_evenings():
    evenings = [
        _evening(day, {1: (day % 3 + 1, day)} if day != 4 else {2: (1, 0)}) for day in range(1, 13)
    ]
    anna = next(r for r in season_table(evenings, NAMES) if r.name == "Anna")
    assert anna.latest_places(4) == "1 · 2 · 3 · 1"
    # Days 3 to 12: day 4 missed, else place day % 3 + 1.
    assert anna.latest_places() == "1 · – · 3 · 1 · 2 · 3 · 1 · 2 · 3 · 1"
