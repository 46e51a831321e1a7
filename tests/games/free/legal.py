"""Free games for the tests: deals written by hand and a hypothesis strategy of legal games."""

from __future__ import annotations

from hypothesis import strategies as st

from scorekeeper.games import free
from scorekeeper.games.events import Event

FOUR = ("Anna", "Ben", "Carla", "Dan")


def deals(*points) -> list[Event]:
    return [free.deal_event(n, p) for n, p in enumerate(points, start=1)]


sides = st.integers(2, 8)

point = st.integers(-free.MOST_POINTS, free.MOST_POINTS)


@st.composite
def games(draw, zero_sum: bool = False):
    count = draw(sides)
    setup = free.Setup(
        tuple(f"P{n}" for n in range(count)),
        draw(st.integers(0, count - 1)),
        options=free.Options(zero_sum=zero_sum),
    )
    rows = draw(st.lists(st.lists(point, min_size=count, max_size=count), max_size=12))
    if zero_sum:
        rest = [row[:-1] for row in rows if abs(sum(row[:-1])) <= free.MOST_POINTS]
        rows = [[*row, -sum(row)] for row in rest]
    return setup, rows
