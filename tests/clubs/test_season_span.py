"""Which evenings fall in a season (pure): the evenings held from its first day to its last,
both included (either open), or exactly the evenings chosen; and a season's name."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.clubs.season import SeasonSpan, checked_season_name, evenings_in
from scorekeeper.games.events import RuleError

#: Thursdays of March 2026, evening ids 1 to 4.
EVENINGS = [
    (1, date(2026, 3, 5)),
    (2, date(2026, 3, 12)),
    (3, date(2026, 3, 19)),
    (4, date(2026, 3, 26)),
]


def _ids(span: SeasonSpan) -> list[int]:
    return [evening for evening, _day in evenings_in(span, EVENINGS)]


def test_both_days_of_a_season_are_included():
    assert _ids(SeasonSpan(date(2026, 3, 12), date(2026, 3, 19))) == [2, 3]
    assert _ids(SeasonSpan(date(2026, 3, 6), date(2026, 3, 18))) == [2]
    assert _ids(SeasonSpan(date(2026, 3, 5), date(2026, 3, 5))) == [1]  # one day
    assert _ids(SeasonSpan(date(2026, 3, 13), date(2026, 3, 18))) == []


def test_an_open_side_holds_every_evening_on_that_side():
    assert _ids(SeasonSpan(date(2026, 3, 19), None)) == [3, 4]
    assert _ids(SeasonSpan(None, date(2026, 3, 12))) == [1, 2]
    assert _ids(SeasonSpan()) == [1, 2, 3, 4]


def test_a_chosen_season_holds_exactly_its_evenings_whatever_their_days():
    assert _ids(SeasonSpan(chosen=(4, 1))) == [1, 4]
    assert _ids(SeasonSpan(chosen=(9,))) == []  # not one of these evenings


def test_a_season_that_will_not_do_names_its_field():
    with pytest.raises(RuleError) as caught:
        SeasonSpan(date(2026, 3, 19), date(2026, 3, 12))
    assert caught.value.field == "date_to"
    with pytest.raises(RuleError) as caught:
        SeasonSpan(chosen=())
    assert caught.value.field == "evenings"
    with pytest.raises(RuleError) as caught:
        SeasonSpan(date(2026, 3, 5), None, chosen=(1,))
    assert caught.value.field == "by"


days = st.dates(date(2025, 1, 1), date(2027, 12, 31))


@given(days, days, st.lists(days, max_size=20))
def test_a_dated_season_holds_an_evening_exactly_when_its_day_is_between_its_own(first, last, held):
    first, last = min(first, last), max(first, last)
    evenings = list(enumerate(held))
    inside = evenings_in(SeasonSpan(first, last), evenings)
    assert inside == [(e, day) for e, day in evenings if first <= day <= last]
    # A day more on either side loses no evening, and the boundary days are in.
    wider = evenings_in(SeasonSpan(first - timedelta(days=1), last + timedelta(days=1)), evenings)
    assert set(inside) <= set(wider)
    assert SeasonSpan(first, last).holds(0, first) and SeasonSpan(first, last).holds(0, last)


@given(st.lists(days, max_size=20), st.sets(st.integers(0, 25), min_size=1))
def test_a_chosen_season_is_its_choice(held, chosen):
    evenings = list(enumerate(held))
    inside = evenings_in(SeasonSpan(chosen=tuple(chosen)), evenings)
    assert [e for e, _day in inside] == [e for e, _day in evenings if e in chosen]


def test_a_seasons_name_is_trimmed_and_unique_in_the_club_ignoring_case():
    assert checked_season_name("  Våren 2026 ", ["Hösten 2025"]) == "Våren 2026"
    for bad, taken in (
        ("", []),
        ("   ", []),
        ("x" * 41, []),
        ("Vår\ten", []),
        ("VÅREN", ["våren"]),
    ):
        with pytest.raises(RuleError) as caught:
            checked_season_name(bad, taken)
        assert caught.value.field == "name"
