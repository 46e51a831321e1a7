"""The seating planner: worked examples (perfect designs, round robins, whist tournaments, the
small cases where repeats cannot be avoided), every stored design checked, and hypothesis
properties (everyone seated once a round, fair sit-outs, the spreads the docstring claims).

Meetings and partnerships are counted here from the plan's rounds, not with the plan's own
helpers, so that a wrong helper cannot hide a wrong plan."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.evenings import seating
from scorekeeper.evenings.seating import Plan, SeatingError, plan
from scorekeeper.evenings.seating.designs import _RESOLVABLE, _WHIST
from scorekeeper.games.events import RuleError

# --- counting -----------------------------------------------------------------------------------


def meetings(p: Plan, rounds: int | None = None) -> Counter[tuple[int, int]]:
    """How often each two players (every pair, 0 included) share a table in the first rounds."""
    counts: Counter[tuple[int, int]] = Counter(dict.fromkeys(combinations(range(p.players), 2), 0))
    for round_ in p.rounds[:rounds]:
        for table in round_.tables:
            counts.update(combinations(sorted(table), 2))
    return counts


def partnerships(p: Plan) -> Counter[tuple[int, int]]:
    counts: Counter[tuple[int, int]] = Counter(dict.fromkeys(combinations(range(p.players), 2), 0))
    for round_ in p.rounds:
        for north, east, south, west in round_.tables:
            counts.update([tuple(sorted((north, south))), tuple(sorted((east, west)))])
    return counts


def opponents(p: Plan) -> Counter[tuple[int, int]]:
    counts: Counter[tuple[int, int]] = Counter(dict.fromkeys(combinations(range(p.players), 2), 0))
    for round_ in p.rounds:
        for north, east, south, west in round_.tables:
            counts.update(tuple(sorted(pair)) for pair in ((north, east), (north, west)))
            counts.update(tuple(sorted(pair)) for pair in ((south, east), (south, west)))
    return counts


def spread(counts: Counter[tuple[int, int]]) -> int:
    return max(counts.values()) - min(counts.values())


def assert_seated(p: Plan, rounds: int, size: int) -> None:
    """Every round: n // size tables of size, everyone at one table or sitting out, n % size out."""
    assert len(p.rounds) == rounds
    for round_ in p.rounds:
        assert len(round_.tables) == p.players // size
        assert all(len(table) == size for table in round_.tables)
        assert len(round_.sitting_out) == p.players % size
        everyone = [x for table in round_.tables for x in table] + list(round_.sitting_out)
        assert sorted(everyone) == list(range(p.players))


def assert_fair_sit_outs(p: Plan) -> None:
    """After every round, any two players have sat out a number of times at most one apart: no
    one sits out twice before everyone has once."""
    counts = [0] * p.players
    for round_ in p.rounds:
        for player in round_.sitting_out:
            counts[player] += 1
        assert max(counts) - min(counts) <= 1, counts


# --- worked examples ----------------------------------------------------------------------------


def test_nine_players_at_tables_of_three_meet_everyone_once_in_four_rounds():
    p = plan(9, 4, 3)
    assert p.rounds[0].tables == ((0, 1, 2), (3, 4, 5), (6, 7, 8))
    assert set(meetings(p).values()) == {1}
    assert all(not r.sitting_out for r in p.rounds)
    assert p.method == "affine geometry"


@pytest.mark.parametrize("players", [4, 6, 8, 10, 16])
def test_a_two_player_game_with_an_even_count_is_a_round_robin(players):
    p = plan(players, players - 1, 2)
    assert set(meetings(p).values()) == {1}
    assert p.method == "round robin"


def test_six_players_of_a_two_player_game_meet_everyone_once_in_five_rounds():
    p = plan(6, 5, 2)
    assert_seated(p, 5, 2)
    assert set(meetings(p).values()) == {1}


@pytest.mark.parametrize("players", [3, 5, 7, 9])
def test_with_an_odd_count_one_sits_out_each_round_and_everyone_meets_once(players):
    p = plan(players, players, 2)
    assert set(meetings(p).values()) == {1}
    assert sorted(x for r in p.rounds for x in r.sitting_out) == list(range(players))


def test_a_round_robin_goes_round_again():
    p = plan(7, 14, 2)
    assert set(meetings(p).values()) == {2}
    assert Counter(p.sit_outs()) == {2: 7}


def test_eight_players_at_tables_of_four_share_a_table_three_times_in_seven_rounds():
    p = plan(8, 7, 4)
    assert set(meetings(p).values()) == {3}


def test_eight_players_at_tables_of_four_cannot_avoid_repeats_in_round_two():
    """Round two's tables hold two of each of round one's (a split of 3 and 1 repeats more):
    four pairs meet twice, and that is the least possible."""
    counts = meetings(plan(8, 2, 4))
    assert Counter(counts.values()) == {0: 8, 1: 16, 2: 4}


def test_eight_sviten_players_make_a_whist_tournament_in_seven_rounds():
    p = plan(8, 7, 4, pairs=True)
    assert set(partnerships(p).values()) == {1}
    assert set(opponents(p).values()) == {2}
    assert p.method == "whist tournament"


def test_twelve_sviten_players_make_a_whist_tournament_in_eleven_rounds():
    p = plan(12, 11, 4, pairs=True)
    assert set(partnerships(p).values()) == {1}
    assert set(opponents(p).values()) == {2}


@pytest.mark.parametrize(("players", "rounds"), [(15, 7), (21, 10)])
def test_kirkman_triple_systems(players, rounds):
    p = plan(players, rounds, 3)
    assert set(meetings(p).values()) == {1}
    assert p.method == "resolvable design"


@pytest.mark.parametrize(("players", "size", "rounds"), [(16, 4, 5), (27, 3, 13), (28, 4, 9)])
def test_other_perfect_designs(players, size, rounds):
    assert set(meetings(plan(players, rounds, size)).values()) == {1}


def test_sixteen_sviten_players_partner_everyone_they_meet_in_three_passes():
    p = plan(16, 15, 4, pairs=True)
    assert set(meetings(p).values()) == {3}
    assert set(partnerships(p).values()) == {1}


@pytest.mark.parametrize(("players", "size", "rounds"), [(8, 3, 4), (14, 3, 7), (39, 4, 12)])
def test_a_design_less_one_player_seats_her_table_mates_out_once_each(players, size, rounds):
    p = plan(players, rounds, size)
    assert p.method.endswith("less one player")
    assert max(meetings(p).values()) == 1
    assert max(p.sit_outs()) == 1
    assert_fair_sit_outs(p)


@pytest.mark.parametrize(("players", "size", "rounds"), [(8, 3, 6), (14, 3, 9), (15, 4, 8)])
def test_past_one_pass_a_design_less_one_player_is_improved_by_the_search(players, size, rounds):
    """Going round the design again would leave the missing player's table-mates of a class
    never meeting each other while other pairs meet twice; the search makes it even."""
    p = plan(players, rounds, size)
    assert p.method == "search"
    assert spread(meetings(p)) <= 1
    assert_fair_sit_outs(p)


def test_five_players_at_one_table_of_three_play_together_once_or_twice_in_five_rounds():
    p = plan(5, 5, 3)
    assert_seated(p, 5, 3)
    assert set(meetings(p).values()) == {1, 2}
    assert set(p.sit_outs()) == {2}


def test_six_players_at_one_table_of_four_sit_out_with_different_players():
    """The sit-outs decide who plays together: sitting out with the same player each time
    would make that pair play together less than the rest."""
    p = plan(6, 6, 4)
    assert spread(meetings(p)) <= 1
    assert_fair_sit_outs(p)


def test_four_sviten_players_change_partners_each_round():
    p = plan(4, 3, 4, pairs=True)
    assert set(partnerships(p).values()) == {1}


@pytest.mark.parametrize(
    ("players", "size", "rounds"),
    [(10, 3, 4), (12, 3, 4), (13, 3, 5), (20, 4, 5), (30, 3, 12), (24, 3, 10), (36, 3, 12)],
)
def test_the_search_finds_plans_where_no_two_meet_twice(players, size, rounds):
    p = plan(players, rounds, size)
    assert p.method == "search"
    assert max(meetings(p).values()) == 1


def test_players_in_pairs_sit_with_the_lowest_north_and_partners_opposite():
    for round_ in plan(10, 6, 4, pairs=True).rounds:
        for north, east, south, west in round_.tables:
            assert north < south and east < west and north < east


def test_the_same_request_gives_the_same_plan():
    assert plan(11, 6, 3) == plan(11, 6, 3)
    assert plan(14, 5, 4, pairs=True, seed=3) == plan(14, 5, 4, pairs=True, seed=3)


def test_a_seed_renumbers_the_players_of_the_same_plan():
    plain, other = plan(10, 5, 3), plan(10, 5, 3, seed=7)
    assert plain != other
    assert sorted(meetings(plain).values()) == sorted(meetings(other).values())
    assert sorted(plain.sit_outs()) == sorted(other.sit_outs())


def test_the_plan_as_json():
    assert plan(5, 2, 2).to_dict() == {
        "tables": 2,
        "rounds": [[[1, 4], [2, 3]], [[0, 2], [3, 4]]],
        "sitting_out": [[0], [1]],
    }


def test_the_plans_own_counts_agree_with_these():
    p = plan(13, 6, 4, pairs=True)
    assert p.meetings() == dict(meetings(p))
    assert p.partnerships() == dict(partnerships(p))
    spread_ = p.meeting_spread()
    assert (spread_.fewest, spread_.most) == (min(meetings(p).values()), max(meetings(p).values()))


@pytest.mark.parametrize(
    ("players", "rounds", "size", "pairs", "field"),
    [
        (0, 4, 3, False, "players"),
        (-2, 4, 3, False, "players"),
        (2, 4, 3, False, "players"),
        (9, 0, 3, False, "rounds"),
        (9, -1, 3, False, "rounds"),
        (9, 4, 1, False, "table_size"),
        (9, 4, 3, True, "table_size"),
        (seating.MAX_PLAYERS + 1, 4, 3, False, "players"),
        (9, seating.MAX_ROUNDS + 1, 3, False, "rounds"),
    ],
)
def test_requests_no_plan_can_meet_are_refused(players, rounds, size, pairs, field):
    with pytest.raises(SeatingError) as raised:
        plan(players, rounds, size, pairs=pairs)
    assert isinstance(raised.value, RuleError)
    assert raised.value.field == field


# --- the stored designs -------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), sorted(_RESOLVABLE))
def test_every_stored_design_seats_every_two_players_together_once(players, size):
    classes = _RESOLVABLE[players, size].classes(players)
    assert len(classes) == (players - 1) // (size - 1)
    together: Counter[tuple[int, int]] = Counter()
    for tables in classes:
        assert sorted(x for table in tables for x in table) == list(range(players))
        assert {len(table) for table in tables} == {size}
        for table in tables:
            together.update(combinations(sorted(table), 2))
    assert set(together.values()) == {1}
    assert len(together) == players * (players - 1) // 2


@pytest.mark.parametrize("players", sorted(_WHIST))
def test_every_stored_whist_tournament_is_one(players):
    p = Plan(
        players,
        4,
        True,
        tuple(
            seating.Round(tuple(map(tuple, tables)), tuple(out))
            for tables, out in _WHIST[players].rounds(players)
        ),
        "whist tournament",
    )
    assert_seated(p, players - 1 if players % 4 == 0 else players, 4)
    assert_fair_sit_outs(p)
    assert set(partnerships(p).values()) == {1}
    assert set(opponents(p).values()) == {2}


# --- properties ---------------------------------------------------------------------------------

requests = st.integers(2, 4).flatmap(
    lambda size: st.tuples(
        st.integers(size, 26),
        st.integers(1, 8),
        st.just(size),
        st.booleans() if size == 4 else st.just(False),
        st.integers(0, 3),
    )
)


@settings(max_examples=60)
@given(requests)
def test_everyone_is_seated_once_a_round_and_sits_out_in_turn(request):
    players, rounds, size, pairs, seed = request
    with patch.object(seating, "WORK_PER_SEAT", 20):  # seating and fairness hold at any effort
        p = plan(players, rounds, size, pairs=pairs, seed=seed)
    assert_seated(p, rounds, size)
    assert_fair_sit_outs(p)
    assert p.to_dict()["tables"] == players // size


@settings(max_examples=60)
@given(st.integers(2, 40), st.integers(1, 60))
def test_a_round_robin_keeps_every_prefix_within_one(players, rounds):
    p = plan(players, rounds, 2)
    for prefix in range(1, rounds + 1):
        assert spread(meetings(p, prefix)) <= 1
    assert_fair_sit_outs(p)


designs = st.sampled_from(
    [(9, 3), (15, 3), (21, 3), (27, 3), (33, 3), (39, 3), (16, 4), (28, 4), (40, 4)]
)


@settings(max_examples=40)
@given(designs, st.integers(1, 40), st.booleans())
def test_a_design_keeps_every_prefix_within_one(design, rounds, pairs):
    players, size = design
    pairs = pairs and size == 4
    p = plan(players, rounds, size, pairs=pairs)
    classes = (players - 1) // (size - 1)
    for prefix in range(1, rounds + 1):
        assert spread(meetings(p, prefix)) <= 1
    if rounds <= classes:
        assert max(meetings(p).values()) == 1
    if pairs and rounds <= 3 * classes:
        assert max(partnerships(p).values()) == 1


@settings(max_examples=30)
@given(designs, st.integers(1, 12), st.booleans())
def test_a_design_less_one_player_never_seats_two_together_twice(design, rounds, pairs):
    players, size = design
    players -= 1
    classes = (players) // (size - 1)
    pairs = pairs and size == 4
    p = plan(players, min(rounds, classes), size, pairs=pairs)
    assert max(meetings(p).values()) <= 1
    assert_fair_sit_outs(p)


@pytest.mark.slow
@pytest.mark.parametrize(("size", "pairs"), [(3, False), (4, False), (4, True)])
def test_every_club_evening_with_the_searchs_whole_effort_seats_everyone_fairly(size, pairs):
    """The property above at full effort, for every club size up to 40, at 7 rounds and at
    12 in turn (each size one evening, both lengths across the sizes: half the time of both)."""
    for players in range(size, 41):
        rounds = (7, 12)[players % 2]
        p = plan(players, rounds, size, pairs=pairs)
        assert_seated(p, rounds, size)
        assert_fair_sit_outs(p)
