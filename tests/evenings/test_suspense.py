"""Hidden standings for an evening's last rounds and their reveal, place by place from the last
(issue 26)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.evenings.suspense import curtain, first_shown, hidden


def test_the_standings_hide_once_the_first_hidden_round_starts():
    # Four rounds, the last two hidden: rounds 1 and 2 show them, round 3 hides them.
    assert [hidden(4, 2, started, False) for started in range(5)] == [
        False,
        False,
        False,
        True,
        True,
    ]


def test_nothing_hides_without_the_setting_or_after_the_reveal():
    assert not hidden(4, 0, 4, False)
    assert not hidden(4, 2, 4, True)


def test_hiding_every_round_hides_from_the_first_but_not_before_it():
    assert not hidden(3, 3, 0, False)
    assert hidden(3, 3, 1, False)
    assert hidden(3, 9, 1, False)


def test_the_reveal_shows_places_from_the_last_up_shared_places_together():
    places = [1, 2, 2, 4, 5]
    assert [first_shown(places, n) for n in range(6)] == [5, 4, 3, 1, 0, 0]


def test_the_curtain_before_during_and_after_the_reveal():
    places = [1, 2, 2, 4]
    before = curtain(4, 1, 4, None, places)
    assert (before.hidden, before.first, before.revealing, before.shown) == (True, 4, False, 0)
    during = curtain(4, 1, 4, 2, places)
    assert (during.hidden, during.first, during.revealing, during.done) == (True, 1, True, False)
    after = curtain(4, 1, 4, 3, places)
    assert (after.hidden, after.first, after.revealing) == (False, 0, False)
    assert curtain(4, 1, 3, None, places).hidden is False  # the hidden round not started yet


@st.composite
def _places(draw) -> list[int]:
    """Places as standings give them: best first, ties sharing the best place they cover."""
    points = sorted(draw(st.lists(st.integers(-5, 5), min_size=1, max_size=12)), reverse=True)
    return [1 + sum(q > p for q in points) for p in points]


@given(
    st.integers(1, 20),
    st.integers(0, 25),
    st.integers(0, 20),
    st.one_of(st.none(), st.integers(0, 15)),
    _places(),
)
def test_the_curtain_shows_whole_places_from_the_bottom(
    rounds, hide_last, started, revealed, places
):
    found = curtain(rounds, hide_last, min(started, rounds), revealed, places)
    shown = places[found.first :]
    # Whatever is shown is the bottom of the table, made of whole places.
    assert 0 <= found.first <= len(places)
    assert found.first in (0, len(places)) or places[found.first - 1] != places[found.first]
    if not found.hidden:
        assert shown == places
    elif revealed is None:
        assert shown == []
    else:
        assert len(set(shown)) == min(revealed, len(set(places)))
        assert len(set(shown)) < len(set(places))  # the whole reveal lifts the curtain
    # One step more of the reveal shows exactly one more place (or everything).
    if found.revealing:
        after = curtain(rounds, hide_last, min(started, rounds), found.shown + 1, places)
        assert after.first < found.first
        assert len(set(places[after.first :])) == len(set(shown)) + 1


@given(st.integers(1, 20), st.integers(0, 25), st.integers(0, 20))
def test_once_hidden_the_standings_stay_hidden_for_the_later_rounds(rounds, hide_last, started):
    if hidden(rounds, hide_last, started, False):
        assert all(hidden(rounds, hide_last, later, False) for later in range(started, rounds + 1))
        assert started > rounds - hide_last
