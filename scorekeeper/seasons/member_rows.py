"""A season table's rows: each member's added up from their own evenings by the rule
(:func:`member_row`; best N picked from the evenings played and missed, most first), its cells
made when read (:class:`Cells`), and the rows placed (:func:`placed`: shared places on equal
points, then the unranked). Pure Python."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, overload

from scorekeeper.seasons.table_types import (
    AVERAGE,
    BEST,
    LOWEST,
    NO_SCORE,
    OWN_AVERAGE,
    Cell,
    Member,
    SeasonRow,
    SeasonRule,
)

if TYPE_CHECKING:
    from scorekeeper.seasons.prepared import Played, Prepared


@dataclass(frozen=True)
class _Member:
    """What one member's row is added up from: their evenings, the first evening from which
    they can miss one (``since``: their first played, in the season's order, or the evening
    they joined at if earlier), what a missed evening counts (``absence``) and their own
    average."""

    season: Prepared
    member: Member
    entries: tuple[Played, ...]
    since: int
    absence: str
    own: Fraction | None
    #: The sum of their points, in the season's unit.
    scaled: int = 0

    @classmethod
    def of(cls, season: Prepared, member: Member, absence: str, joined: int | None) -> _Member:
        """``joined``: the place in the season's order of the evening they joined at, if any."""
        entries = season.played.get(member, ())
        first = entries[0].at if entries else len(season.keys)
        # A member from their first evening played, or from the evening they joined if earlier.
        since = first if joined is None else min(first, joined)
        scaled = season.scaled(member)
        own = Fraction(scaled, season.scale * len(entries)) if entries else None
        return cls(season, member, entries, since, absence, own, scaled)

    def missed(self) -> Iterator[int]:
        """The evenings they missed as a member, in order."""
        played = self.season.at(self.member)
        return (i for i in range(self.since, len(self.season.keys)) if i not in played)

    def counted_when_missed(self, index: int) -> Fraction | None:
        """What the evening at ``index``, missed, counts for them (None: nothing)."""
        if index < self.since:
            return None
        if self.absence == LOWEST:
            return self.season.lowest[index]
        return self.own if self.absence == OWN_AVERAGE else None


def member_row(
    season: Prepared, member: Member, name: str, rule: SeasonRule, joined: int | None
) -> SeasonRow:
    who = _Member.of(season, member, rule.absence, joined)
    if rule.rule == BEST:
        best = _best(who, rule.n)
        # The points of the evenings that count, as whole numbers of 1 / (scale × under).
        under = max((b[2] for b in best), default=1)
        total = Fraction(sum(b[1] * (under // b[2]) for b in best), season.scale * under)
        counts = _marks(len(season.keys), [b[0] for b in best])
        counted = len(best)
    else:
        total, counted, counts = _all_counted(who)
    if rule.rule == AVERAGE:
        total = total / counted if counted else Fraction(0)
    played = len(who.entries)
    ranked = rule.rule != AVERAGE or played >= rule.n
    place = 0 if ranked else None  # placed by placed
    return SeasonRow(member, name, place, False, total, played, counted, Cells(who, counts))


def _marks(count: int, indexes: Sequence[int]) -> tuple[bool, ...]:
    marks = [False] * count
    for index in indexes:
        marks[index] = True
    return tuple(marks)


def _all_counted(who: _Member) -> tuple[Fraction, int, tuple[bool, ...]]:
    """Every evening played, and every evening missed that counts something: their total, how
    many they are, and which (a mark an evening)."""
    season, entries, since, scaled = who.season, who.entries, who.since, who.scaled
    count = len(season.keys)
    later, lows_played = season.played_from(who.member, since)
    if since >= count or who.absence == NO_SCORE or (who.absence == OWN_AVERAGE and not entries):
        missed, total = 0, Fraction(scaled, season.scale)
        marks = [False] * count
    elif who.absence == LOWEST:
        # An evening played has a lowest: the evenings missed add what every evening from
        # ``since`` on adds, less the evenings played.
        missed = season.lowest_count_after[since] - later
        lows = season.lowest_after[since] - lows_played
        total = Fraction(scaled + lows, season.scale)
        marks = [False] * since + list(season.scored[since:])
    else:  # their own average for each evening missed
        missed = count - since - later
        total = Fraction(scaled, season.scale) + missed * (who.own or Fraction(0))
        marks = [False] * since + [True] * (count - since)
    for entry in entries:
        marks[entry.at] = True
    return total, len(entries) + missed, tuple(marks)


def _best(who: _Member, n: int) -> list[tuple[int, int, int]]:
    """The ``n`` evenings that count the most points, played or missed (the earliest first
    among equal points): each one's place in the order and what it counts, ``over / under``
    of the season's unit (``under`` 1 but for a member's own average)."""
    played = iter(who.season.most_first(who.member))
    missed = _missed_most_first(who)
    entry, other = next(played, None), next(missed, None)
    found: list[tuple[int, int, int]] = []
    while len(found) < n and (entry is not None or other is not None):
        # Compare ``under`` × the points played with ``over``, both whole numbers.
        if entry is not None and (
            other is None or (-entry.scaled * other[2], entry.at) < (-other[1], other[0])
        ):
            found.append((entry.at, entry.scaled, 1))
            entry = next(played, None)
        else:
            assert other is not None
            found.append(other)
            other = next(missed, None)
    return found


def _missed_most_first(who: _Member) -> Iterator[tuple[int, int, int]]:
    """The evenings missed that count something, the most first (the earliest first among
    equals): each one's place in the order and what it counts, ``over / under`` of the
    season's unit."""
    season = who.season
    if who.absence == LOWEST:
        played = season.at(who.member)
        for index in season.by_lowest:
            scaled = season.lowest_scaled[index]
            if index >= who.since and index not in played and scaled is not None:
                yield index, scaled, 1
    elif who.absence == OWN_AVERAGE and who.own is not None:
        over, under = who.scaled, len(who.entries)
        for index in who.missed():
            yield index, over, under


class Cells(Sequence[Cell]):
    """A row's cells, one an evening of the season in its order, made when read: a table of
    years shows a few of them (a member's latest places), a print all of them. ``counts`` says
    for each evening whether it counts; :meth:`shown` each evening's place and points."""

    def __init__(self, who: _Member, counts: tuple[bool, ...]):
        self._who = who
        self.counts = counts
        self._at: dict[int, Played] | None = None

    def shown(self) -> tuple[tuple[int, Fraction] | None, ...]:
        """Each evening's place and points (None: missed, or no place)."""
        return self._who.season.shown(self._who.member)

    def _cell(self, index: int) -> Cell:
        key = self._who.season.keys[index]
        if self._at is None:
            self._at = {entry.at: entry for entry in self._who.entries}
        entry = self._at.get(index)
        if entry is not None:
            return Cell(key, entry.points, entry.place, entry.points, self.counts[index])
        counted = self._who.counted_when_missed(index)
        return Cell(key, None, None, counted, self.counts[index])

    def __len__(self) -> int:
        return len(self.counts)

    @overload
    def __getitem__(self, index: int) -> Cell: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Cell, ...]: ...
    def __getitem__(self, index: int | slice) -> Cell | tuple[Cell, ...]:
        if isinstance(index, slice):
            return tuple(self._cell(i) for i in range(len(self))[index])
        if not -len(self) <= index < len(self):
            raise IndexError(index)
        return self._cell(index % len(self))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return tuple(self) == tuple(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Cells({tuple(self)!r})"


def placed(rows: list[SeasonRow]) -> tuple[SeasonRow, ...]:
    """Ranked rows by points (shared places on equal points), then the unranked; by name
    within a place."""
    ranked = [row for row in rows if row.place is not None]
    # The points as whole numbers of one unit: compared as numbers are, and fast.
    unit = lcm(1, *{row.points.denominator for row in ranked})
    worth = [row.points.numerator * (unit // row.points.denominator) for row in ranked]
    order = sorted(range(len(ranked)), key=worth.__getitem__, reverse=True)
    ranked = [ranked[i] for i in order]
    worth = [worth[i] for i in order]
    placed = []
    start = 0
    for end in range(1, len(ranked) + 1):
        if end == len(ranked) or worth[end] != worth[start]:
            shared = end - start > 1
            placed += [_with_place(row, start + 1, shared) for row in ranked[start:end]]
            start = end
    unranked = sorted((r for r in rows if r.place is None), key=lambda r: (-r.points, r.name))
    return (*sorted(placed, key=lambda r: (r.place or 0, r.name)), *unranked)


def _with_place(row: SeasonRow, place: int, shared: bool) -> SeasonRow:
    return SeasonRow(
        row.member, row.name, place, shared, row.points, row.played, row.counted, row.cells
    )
