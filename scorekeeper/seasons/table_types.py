"""What a season table is made of (:mod:`scorekeeper.seasons.table`): its rule
(:class:`SeasonRule`: how the evenings are added up, what a missed evening counts), an evening's
results, and the table's rows and cells. Pure Python."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from scorekeeper.games.events import RuleError
from scorekeeper.games.text import T_

if TYPE_CHECKING:
    from scorekeeper.seasons.member_rows import Cells

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
    cells: Cells


@dataclass(frozen=True)
class SeasonTable:
    rule: SeasonRule
    evenings: tuple[Hashable, ...]
    rows: tuple[SeasonRow, ...]

    def row_of(self, member: Member) -> SeasonRow:
        return next(row for row in self.rows if row.member == member)
