"""A member's story: worked example and properties (meetings mirror each other; wins, places
and scores come from the member's own side)."""

from __future__ import annotations

from datetime import datetime, timedelta
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.seasons import TableGame, story

T0 = datetime(2026, 9, 3, 19, 0)


def game(n, sides, totals, places, finished=True) -> TableGame:
    return TableGame(
        f"g{n}", T0 + timedelta(hours=n), tuple(map(tuple, sides)), totals, places, finished
    )


def test_a_members_games_wins_places_scores_and_meetings():
    games = [
        game(1, [["a"], ["b"], ["c"]], (6, -2, -4), (1, 2, 3)),
        game(2, [["a", "c"], ["b", "d"]], (40, 120), (2, 1)),
        game(3, [["b"], ["a"]], (300, 300), (1, 1), finished=False),
        game(4, [["b"], ["c"]], (501, 200), (1, 2)),  # without a
    ]
    told = story("a", games)
    assert [g.key for g, _ in told.games] == ["g3", "g2", "g1"]  # latest first
    assert told.wins == 2 and told.finished == 2 and told.in_play == 1
    assert told.average_place == Fraction(4, 3)
    assert told.average_score == Fraction(6 + 40 + 300, 3)
    met = {m.other: (m.games, m.above, m.level, m.below) for m in told.meetings}
    assert met == {"b": (3, 1, 1, 1), "c": (1, 1, 0, 0), "d": (1, 0, 0, 1)}
    assert story("z", games).games == () and story("z", games).average_place is None


MEMBERS = "abcde"


@st.composite
def games(draw):
    made = []
    for n in range(draw(st.integers(1, 10))):
        size, per = draw(st.sampled_from([(3, 1), (2, 1), (2, 2)]))
        people = draw(st.permutations(MEMBERS))[: size * per]
        sides = [people[i * per : (i + 1) * per] for i in range(size)]
        totals = tuple(draw(st.lists(st.integers(-50, 50), min_size=size, max_size=size)))
        places = tuple(1 + sum(o > t for o in totals) for t in totals)
        made.append(game(n, sides, totals, places, draw(st.booleans())))
    return made


@given(games())
def test_meetings_mirror_each_other_and_wins_are_first_places(played):
    stories = {m: story(m, played) for m in MEMBERS}
    for member, told in stories.items():
        assert told.wins == sum(g.places[side] == 1 for g, side in told.games) <= len(told.games)
        for met in told.meetings:
            other = next(m for m in stories[met.other].meetings if m.other == member)
            assert (met.games, met.above, met.level, met.below) == (
                other.games,
                other.below,
                other.level,
                other.above,
            )
            assert met.above + met.level + met.below == met.games
