"""A season's table: the club's evenings added up, by the season's rule. Pure Python.

Each evening gives every member who played a result: their points in the evening's standings
and their place. The season table adds those up by one of three rules:

* **Total** (``total``): the sum of every evening's points.
* **Best N** (``best``, with ``n``): the sum of a member's best N evenings (all of them when
  there are fewer).
* **Average** (``average``, with ``minimum``): the average over the evenings counted. A member
  with fewer than ``minimum`` evenings played is listed below the ranked ones, unranked.

and one rule for an evening a member missed:

* **No score** (``none``): the evening counts nothing and is not counted.
* **The evening's lowest** (``lowest``): the lowest points anyone scored that evening, counted
  as an evening of the member's (so it can count among the best N, and in the average).
* **Their average** (``average``): the member's own average over the evenings they played,
  counted the same way. A member who played no evening gets nothing.

An absence only counts from the evening the member joined: their first evening played in the
table, or an earlier evening ``joined`` names (a kept season's first evening, for everyone who
was a member of the club when it was held): a new member is not absent from the evenings
before their time, and a member of the club is absent from a season's first evening as from
any other.
Places are shared on equal points (1, 2, 2, 4) and listed by name within a place. Points are
kept exact (fractions), so the table is the same whatever order the evenings were given in.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any

from scorekeeper.games.events import RuleError
from scorekeeper.games.text import T_

TOTAL = "total"
BEST = "best"
AVERAGE = "average"
RULES = (TOTAL, BEST, AVERAGE)

NO_SCORE = "none"
LOWEST = "lowest"
OWN_AVERAGE = "average"
ABSENCES = (NO_SCORE, LOWEST, OWN_AVERAGE)

#: A member: any hashable id (a register's member number, a name in a test).
Member = Any


@dataclass(frozen=True)
class EveningResult:
    """One evening of the season: when, and each member's points and place in its standings
    (only the members who played)."""

    key: Hashable
    day: date
    points: Mapping[Member, Fraction]
    places: Mapping[Member, int]


@dataclass(frozen=True)
class SeasonRule:
    """How the season's table adds the evenings up (see the module's docstring)."""

    rule: str = TOTAL
    absence: str = NO_SCORE
    #: The best N evenings (``best``), or the fewest evenings to be ranked (``average``).
    n: int = 0

    def __post_init__(self) -> None:
        if self.rule not in RULES:
            raise RuleError(T_("Choose how the season is added up."), field="rule")
        if self.absence not in ABSENCES:
            raise RuleError(T_("Choose what a missed evening counts."), field="absence")
        if self.rule != TOTAL and not (isinstance(self.n, int) and 1 <= self.n <= 366):
            raise RuleError(T_("Give a number of evenings from 1 to 366."), field="n")


@dataclass(frozen=True)
class Cell:
    """A member's evening in the table: points and place (None when absent), what the absence
    rule counted instead, and whether it counts (best N leaves some out)."""

    evening: Hashable
    points: Fraction | None
    place: int | None
    counted_points: Fraction | None
    counts: bool


@dataclass(frozen=True)
class SeasonRow:
    member: Member
    name: str
    #: None for a member not ranked yet (fewer evenings than the average's minimum).
    place: int | None
    shared: bool
    points: Fraction
    played: int
    counted: int
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class SeasonTable:
    rule: SeasonRule
    evenings: tuple[Hashable, ...]
    rows: tuple[SeasonRow, ...]

    def row_of(self, member: Member) -> SeasonRow:
        return next(row for row in self.rows if row.member == member)


def season_table(
    names: Mapping[Member, str],
    evenings: Sequence[EveningResult],
    rule: SeasonRule,
    joined: Mapping[Member, Hashable] | None = None,
) -> SeasonTable:
    """The table of ``names``' members (each member's display name) over ``evenings``, by
    ``rule``. ``joined`` names, for a member who was one before their first evening played
    here, the evening (its key) from which they can miss one; else they can from their first
    evening played."""
    ordered = sorted(evenings, key=lambda e: (e.day, repr(e.key)))
    lowest = {e.key: min(e.points.values(), default=None) for e in ordered}
    position = {e.key: index for index, e in enumerate(ordered)}
    rows = []
    for member, name in names.items():
        since = (joined or {}).get(member)
        cells = _cells(member, ordered, rule, lowest, position.get(since))
        rows.append(_row(member, name, cells, rule))
    return SeasonTable(rule, tuple(e.key for e in ordered), _placed(rows))


def _cells(
    member: Member,
    evenings: Sequence[EveningResult],
    rule: SeasonRule,
    lowest: Mapping[Hashable, Fraction | None],
    joined: int | None,
) -> list[Cell]:
    played = [e.points[member] for e in evenings if member in e.points]
    own = sum(played, Fraction(0)) / len(played) if played else None
    first = next((i for i, e in enumerate(evenings) if member in e.points), len(evenings))
    # A member from their first evening played, or from the evening they joined if earlier.
    since = first if joined is None else min(first, joined)
    cells = []
    for index, evening in enumerate(evenings):
        if member in evening.points:
            points = evening.points[member]
            cells.append(Cell(evening.key, points, evening.places.get(member), points, True))
            continue
        counted = None
        if index >= since:  # missed as a member
            counted = lowest[evening.key] if rule.absence == LOWEST else None
            counted = own if rule.absence == OWN_AVERAGE else counted
        cells.append(Cell(evening.key, None, None, counted, counted is not None))
    if rule.rule == BEST:
        cells = _best(cells, rule.n)
    return cells


def _best(cells: list[Cell], n: int) -> list[Cell]:
    """Only the best ``n`` counted evenings count (the earliest first among equal points)."""
    counting = [i for i, cell in enumerate(cells) if cell.counted_points is not None]
    best = sorted(counting, key=lambda i: (-(cells[i].counted_points or 0), i))[:n]
    return [
        Cell(c.evening, c.points, c.place, c.counted_points, i in best) for i, c in enumerate(cells)
    ]


def _row(member: Member, name: str, cells: list[Cell], rule: SeasonRule) -> SeasonRow:
    counted = [c.counted_points for c in cells if c.counts and c.counted_points is not None]
    played = sum(c.points is not None for c in cells)
    total = sum(counted, Fraction(0))
    if rule.rule == AVERAGE:
        total = total / len(counted) if counted else Fraction(0)
    ranked = rule.rule != AVERAGE or played >= rule.n
    place = 0 if ranked else None  # placed by _placed
    return SeasonRow(member, name, place, False, total, played, len(counted), tuple(cells))


def _placed(rows: list[SeasonRow]) -> tuple[SeasonRow, ...]:
    """Ranked rows by points (shared places on equal points), then the unranked; by name
    within a place."""
    ranked = [row for row in rows if row.place is not None]
    points = [row.points for row in ranked]
    placed = []
    for row in ranked:
        place = 1 + sum(other > row.points for other in points)
        shared = points.count(row.points) > 1
        placed.append(_with_place(row, place, shared))
    unranked = sorted((r for r in rows if r.place is None), key=lambda r: (-r.points, r.name))
    return (*sorted(placed, key=lambda r: (r.place or 0, r.name)), *unranked)


def _with_place(row: SeasonRow, place: int, shared: bool) -> SeasonRow:
    return SeasonRow(
        row.member, row.name, place, shared, row.points, row.played, row.counted, row.cells
    )
