"""Suspense: a club evening's organiser may hide the standings for the last rounds, so the
prize-giving keeps its surprise, and reveal them at the end one place at a time, from the last
place up (issue 26).

    hidden(rounds=4, hide_last=2, started=3, revealed=False)   # True: round 3 has started
    curtain(4, 2, 4, revealed=1, places=[1, 2, 2, 4])           # the last place shown

``revealed`` as the evening keeps it is how many places the organiser has shown (None: the
reveal has not begun); places shared by several players are shown together. Pure Python.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


def hidden(rounds: int, hide_last: int, started: int, revealed: bool) -> bool:
    """Whether the evening's standings are hidden: from the start of round
    ``rounds - hide_last + 1`` (the first of the last ``hide_last``; 0 hides nothing) until the
    organiser has revealed them all (``revealed``)."""
    if hide_last <= 0 or revealed:
        return False
    return started >= first_hidden(rounds, hide_last)


def first_hidden(rounds: int, hide_last: int) -> int:
    """The first of the rounds whose results are hidden (0: none): while the standings are,
    nothing a player's phone can fetch tells how a table of this round or a later one went,
    since those results would add up to the standings (issue 35)."""
    return max(1, rounds - hide_last + 1) if hide_last > 0 else 0


def first_shown(places: Sequence[int], revealed: int) -> int:
    """Where the rows shown begin when the last ``revealed`` places of ``places`` (each row's
    place, best first) are shown: ``len(places)`` for none, 0 for all."""
    distinct = sorted(set(places))
    if revealed <= 0:
        return len(places)
    if revealed >= len(distinct):
        return 0
    lowest = distinct[-revealed]
    return next(i for i, place in enumerate(places) if place >= lowest)


@dataclass(frozen=True)
class Curtain:
    """What of the standings may be shown: ``hidden`` while any of it is hidden (the record and
    the printed standings wait for the whole reveal); the rows from ``first`` on are shown
    (``shown`` of the ``places``: all when not hidden) and ``revealing`` once the reveal has
    begun."""

    hidden: bool
    first: int
    revealing: bool
    shown: int
    places: int

    @property
    def done(self) -> bool:
        """Every place of a reveal is shown (a next step would show nothing more)."""
        return self.shown >= self.places


def curtain(
    rounds: int, hide_last: int, started: int, revealed: int | None, places: Sequence[int]
) -> Curtain:
    """The evening's :class:`Curtain` (see :func:`hidden`; ``places``: each standings row's
    place, best first)."""
    count = len(set(places))
    done = revealed is not None and revealed >= count
    if not hidden(rounds, hide_last, started, done):
        return Curtain(False, 0, False, count, count)
    if revealed is None:
        return Curtain(True, len(places), False, 0, count)
    shown = max(0, revealed)
    return Curtain(True, first_shown(places, shown), True, shown, count)
