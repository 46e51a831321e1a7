"""The organiser's watch: worked examples and properties of which tables count as quiet."""

from __future__ import annotations

from datetime import datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.evenings.watch import QUIET_AFTER, TableClock, watch

NOW = datetime(2026, 12, 3, 20, 0)


def _clock(number: int, minutes_idle: float | None, finished: bool = False) -> TableClock:
    made = NOW - timedelta(minutes=60)
    last = None if minutes_idle is None else NOW - timedelta(minutes=minutes_idle)
    return TableClock(number, finished, made, last)


def test_a_table_that_stopped_while_the_others_went_on_is_quiet():
    watched = watch([_clock(1, 2), _clock(2, 4), _clock(3, 25), _clock(4, 3)], NOW)
    assert [w.quiet for w in watched] == [False, False, True, False]
    assert watched[2].idle == timedelta(minutes=25)


def test_a_slow_round_makes_no_table_stand_out():
    # Every table took 12-16 minutes over its deal: the middle one 14, so 28 would be quiet.
    watched = watch([_clock(1, 12), _clock(2, 14), _clock(3, 16)], NOW)
    assert not any(w.quiet for w in watched)


def test_a_table_with_no_entry_counts_from_when_its_game_was_made():
    watched = watch([_clock(1, None), _clock(2, 1), _clock(3, 2)], NOW)
    assert watched[0].idle == timedelta(minutes=60) and watched[0].quiet


def test_a_finished_table_is_never_quiet_and_leaves_the_median_alone():
    # Two tables long over (idle 50 min) would raise the median and hide table 3 if counted.
    watched = watch(
        [_clock(1, 50, finished=True), _clock(2, 50, finished=True), _clock(3, 20), _clock(4, 1)],
        NOW,
    )
    assert watched[2].idle == timedelta(minutes=20)
    assert [w.quiet for w in watched] == [False, False, True, False]


def test_two_tables_are_enough_to_tell():
    assert [w.quiet for w in watch([_clock(1, 1), _clock(2, 30)], NOW)] == [False, True]


def test_a_table_alone_in_its_round_is_quiet_after_the_least_time():
    assert not watch([_clock(1, 9)], NOW)[0].quiet
    assert watch([_clock(1, 10)], NOW)[0].quiet


def test_a_clock_ahead_of_now_counts_as_no_time_idle():
    ahead = TableClock(1, False, NOW, NOW + timedelta(minutes=3))
    assert watch([ahead], NOW)[0].idle == timedelta(0)


_tables = st.lists(
    st.tuples(st.none() | st.floats(0, 240), st.booleans()), min_size=1, max_size=12
).map(lambda ts: [_clock(n, idle, done) for n, (idle, done) in enumerate(ts, start=1)])


@given(_tables)
def test_quiet_tables_are_playing_and_idle_at_least_the_least_time(tables):
    for w in watch(tables, NOW):
        if w.quiet:
            assert not w.finished and w.idle >= QUIET_AFTER


@given(_tables)
def test_a_playing_table_idle_longer_than_a_quiet_one_is_quiet_too(tables):
    watched = watch(tables, NOW)
    quiet = [w.idle for w in watched if w.quiet]
    if quiet:
        for w in watched:
            if not w.finished and w.idle >= min(quiet):
                assert w.quiet


@given(st.integers(2, 12), st.floats(0, 240))
def test_tables_equally_idle_are_none_of_them_quiet(count, minutes):
    assert not any(w.quiet for w in watch([_clock(n, minutes) for n in range(count)], NOW))
