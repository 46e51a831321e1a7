"""The season table, in pure Python: each member's evening results added up (the total of
evening results), derived from the evenings' standings whenever it is shown — nothing of it is
stored, so a correction in an evening's game moves it.

A member's result at an evening is their points in its standings (the evening's own scoring:
game totals or placings); members who share a season total share its place (1, 1, 3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from scorekeeper import seasons

#: The season table unless the reader chooses another rule: the total of the evenings played.
DEFAULT_RULE = seasons.SeasonRule()


@dataclass(frozen=True)
class EveningResult:
    """One evening of the club: each member's place and points there, by member id."""

    token: str
    name: str
    created_at: datetime
    results: Mapping[int, tuple[int, Fraction]]
    #: Some of its games are still being played: the evening counts them as they stand.
    provisional: bool = False


#: How many of the latest evenings' places the season table shows beside each member.
LATEST = 10


@dataclass(frozen=True)
class SeasonRow:
    member: int
    name: str
    #: None: not ranked yet (fewer evenings than the average's minimum).
    place: int | None
    shared: bool
    points: Fraction
    evenings: int
    #: The member's place and points at each evening of the season (None: absent), in order.
    by_evening: tuple[tuple[int, Fraction] | None, ...]
    #: The evenings the rule counted (best N leaves some out; an absence may count), and
    #: which of the season's evenings those are.
    counted: int = 0
    counts: tuple[bool, ...] = ()

    def latest_places(self, count: int = LATEST) -> str:
        """The member's places at the season's latest ``count`` evenings, in order: ``2 · – · 1``
        (– for an evening they missed)."""
        shown = self.by_evening[-count:]
        return " · ".join("–" if at is None else str(at[0]) for at in shown)


def in_order(evenings: Sequence[EveningResult]) -> list[EveningResult]:
    """The season's evenings in the order they were held."""
    return sorted(evenings, key=lambda e: (e.created_at, e.token))


def season_table(
    evenings: Sequence[EveningResult],
    names: Mapping[int, str],
    rule: seasons.SeasonRule = DEFAULT_RULE,
) -> list[SeasonRow]:
    """Every member who played an evening of the season, by the season's ``rule``
    (:mod:`scorekeeper.seasons.table`: the total by default), then by name; ``names`` are the
    members' display names now. Members not ranked yet (an average's minimum) come last."""
    ordered = in_order(evenings)
    results = [
        seasons.EveningResult(
            (e.created_at.isoformat(), e.token),
            e.created_at.date(),
            {member: points for member, (_place, points) in e.results.items()},
            {member: place for member, (place, _points) in e.results.items()},
        )
        for e in ordered
    ]
    played = {member for e in ordered for member in e.results}
    # Within a place by name as the club sees it (case aside), as the register lists them.
    shown = {
        m: names.get(m, "?") for m in sorted(played, key=lambda m: names.get(m, "").casefold())
    }
    table = seasons.season_table(shown, results, rule)
    return [
        SeasonRow(
            row.member,
            row.name,
            row.place,
            row.shared,
            row.points,
            row.played,
            tuple(
                None if cell.place is None or cell.points is None else (cell.place, cell.points)
                for cell in row.cells
            ),
            counted=row.counted,
            counts=tuple(cell.counts for cell in row.cells),
        )
        for row in table.rows
    ]
