"""Ratings from the games' final rankings: replayed against openskill's model called directly,
winners up and losers down, ties as ties, and properties (input order, merges)."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from scorekeeper.seasons import GameResult, replay
from scorekeeper.seasons import ratings as ratings_module
from scorekeeper.seasons.ratings import START, run

T0 = datetime(2026, 9, 3, 19, 0)


def game(n: int, sides, places) -> GameResult:
    return GameResult(f"g{n}", T0 + timedelta(minutes=30 * n), tuple(map(tuple, sides)), places)


def test_a_new_member_shows_1000_and_how_unsure_it_is():
    assert START.shown == 1000 and START.games == 0
    assert START.plus_minus == round(80 * 25 / 3)


def test_the_replay_is_the_model_called_directly_game_after_game():
    games = [
        game(1, [["a"], ["b"], ["c"]], (1, 2, 3)),  # Bismarck: three on their own
        game(2, [["a", "c"], ["b", "d"]], (2, 1)),  # Sviten: two pairs
        game(3, [["b"], ["c"]], (1, 1)),  # Klaberjass: a tie
    ]
    got = replay(games)
    model = PlackettLuce()
    r = {m: model.rating() for m in "abcd"}
    [[r["a"]], [r["b"]], [r["c"]]] = model.rate([[r["a"]], [r["b"]], [r["c"]]], ranks=[1, 2, 3])
    [[r["a"], r["c"]], [r["b"], r["d"]]] = model.rate(
        [[r["a"], r["c"]], [r["b"], r["d"]]], ranks=[2, 1]
    )
    [[r["b"]], [r["c"]]] = model.rate([[r["b"]], [r["c"]]], ranks=[1, 1])
    for member in "abcd":
        assert got.of(member).mu == pytest.approx(r[member].mu)
        assert got.of(member).sigma == pytest.approx(r[member].sigma)
    assert [got.of(m).games for m in "abcd"] == [2, 3, 3, 1]
    assert [step.game for step in got.history["c"]] == ["g1", "g2", "g3"]


def test_winners_go_up_losers_down_and_a_tie_moves_equals_alike():
    first = replay([game(1, [["a"], ["b"], ["c"]], (1, 2, 3))])
    assert first.of("a").shown > START.shown
    assert first.of("c").mu < START.mu
    assert first.of("a").mu > first.of("b").mu > first.of("c").mu
    assert all(first.of(m).sigma < START.sigma for m in "abc")  # surer after a game
    tie = replay([game(1, [["a"], ["b"]], (1, 1))])
    assert tie.of("a") == tie.of("b")


def test_a_game_that_puts_one_person_on_two_sides_after_a_merge_is_left_out():
    games = [game(1, [["a"], ["b"]], (1, 2)), game(2, [["a"], ["c"]], (1, 2))]
    merged = replay(games, same_as={"c": "b"})
    assert merged.of("b").games == 2 and "c" not in merged.now
    assert replay(games, same_as={"b": "a"}).of("a").games == 1  # g1 was a against a


def test_members_merged_in_a_circle_are_refused():
    with pytest.raises(ValueError, match="circle"):
        replay([game(1, [["a"], ["b"]], (1, 2))], same_as={"a": "b", "b": "a"})


MEMBERS = "abcdefg"


@st.composite
def games(draw) -> list[GameResult]:
    count = draw(st.integers(1, 12))
    made = []
    for n in range(count):
        size, per_side = draw(st.sampled_from([(3, 1), (2, 1), (2, 2)]))
        people = draw(st.permutations(MEMBERS))[: size * per_side]
        sides = [people[i * per_side : (i + 1) * per_side] for i in range(size)]
        places = tuple(draw(st.lists(st.integers(1, size), min_size=size, max_size=size)))
        made.append(game(n, sides, places))
    return made


@given(games(), st.randoms())
def test_the_order_the_games_are_given_in_changes_nothing(played, rnd: random.Random):
    shuffled = played[:]
    rnd.shuffle(shuffled)
    assert replay(shuffled).now == replay(played).now


@given(games())
def test_a_merge_is_as_if_the_member_had_been_one_from_the_start(played):
    """'g' turns out to be 'a': rated with the merge, the games give what they give when every
    'g' had been typed as 'a' (games with both on the table are left out either way)."""
    relabelled = [
        GameResult(
            g.key,
            g.ended,
            tuple(tuple("a" if m == "g" else m for m in side) for side in g.sides),
            g.places,
        )
        for g in played
    ]
    assert replay(played, same_as={"g": "a"}).now == replay(relabelled).now


@given(games())
def test_every_member_has_played_the_games_the_history_lists(played):
    ratings = replay(played)
    for member, steps in ratings.history.items():
        assert ratings.now[member].games == len(steps)
        assert steps[-1].after == ratings.now[member]
        assert [s.ended for s in steps] == sorted(s.ended for s in steps)


# --- ratings that run forward -----------------------------------------------------------------


@given(games(), games(), st.integers(0, 12), st.booleans())
def test_ratings_run_forward_to_what_a_replay_from_nothing_gives(before, others, cut, merge):
    """A run on from an earlier one (games added at the end, an earlier game changed or taken
    away, a merge) equals the replay of every game from nothing, and leaves the earlier run
    as it was."""
    same_as = {"g": "a"} if merge else None
    earlier = run(before)
    kept = replay(before)
    later_games = [*before[:cut], *(game(20 + i, g.sides, g.places) for i, g in enumerate(others))]
    if cut < len(before):  # an old game corrected: its places turned round
        old = before[cut]
        later_games.append(GameResult(old.key, old.ended, old.sides, old.places[::-1]))
    later = run(later_games, since=earlier, same_as=same_as)
    anew = replay(later_games, same_as=same_as)
    assert later.ratings.now == anew.now
    assert later.ratings.history == anew.history
    assert earlier.ratings.now == kept.now and earlier.ratings.history == kept.history


def test_a_game_at_the_end_is_the_only_one_rated_again(monkeypatch):
    played = [game(n, [["a"], ["b"], ["c"]], (1, 2, 3)) for n in range(5)]
    earlier = run(played)
    rated = []
    monkeypatch.setattr(
        ratings_module._Rater, "rate", lambda self, game, sides: rated.append(game.key)
    )
    run([*played, game(9, [["a"], ["d"]], (2, 1))], since=earlier)
    assert rated == ["g9"]
    rated.clear()
    changed = GameResult("g2", played[2].ended, played[2].sides, (3, 2, 1))
    run([*played[:2], changed, *played[3:]], since=earlier)
    assert rated == ["g2", "g3", "g4"]
