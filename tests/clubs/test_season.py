"""The season table (pure): evening results added up, shared places, absences, and the same
table whatever order the evenings come in."""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import seasons
from scorekeeper.clubs.season import EveningResult, in_order, member_results, season_table
from scorekeeper.evenings.standings import PlayerStanding

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


rules = st.builds(
    seasons.SeasonRule,
    st.sampled_from(seasons.RULES),
    st.sampled_from(seasons.ABSENCES),
    st.integers(1, 3),
)


@given(
    st.lists(st.tuples(st.integers(1, 28), results), min_size=1, max_size=5),
    st.integers(1, 28),
    rules,
)
def test_an_evening_nobody_attended_changes_nothing(evenings, day, rule):
    made = [_evening(d, r, number) for number, (d, r) in enumerate(evenings)]
    nobodys = EveningResult("planned", "Planerad", datetime(2026, 3, day, 12), {})
    assert season_table([*made, nobodys], NAMES, rule) == season_table(made, NAMES, rule)
    assert in_order([*made, nobodys]) == in_order(made)


def _standing(player: int, place: int, points: int, games: int, sat_out: int = 0):
    return PlayerStanding(
        player, f"p{player}", place, False, Fraction(points), games, 0, 0, sat_out, Fraction(0),
        None,
    )  # fmt: skip


def test_a_member_attended_an_evening_they_played_or_sat_out_a_round_of():
    rows = [
        _standing(0, 1, 6, games=2),
        _standing(1, 2, 0, games=0, sat_out=1),  # sat out the round the others played
        _standing(2, 2, 0, games=0),  # seated at a table that never played
        _standing(3, 4, -6, games=2),
        _standing(4, 1, 6, games=1),  # an entry merged into member 10, as player 0 is
    ]
    results = member_results(rows, [10, 11, 12, 13, 14], lambda m: 10 if m == 14 else m)
    assert results == {10: (1, Fraction(12)), 11: (2, Fraction(0)), 13: (4, Fraction(-6))}
    assert member_results(rows[2:3], [10, 11, 12], lambda m: m) == {}
