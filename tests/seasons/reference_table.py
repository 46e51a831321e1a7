"""The season table as it was worked out before issue 33 made it fast: cell by cell, every
member over every evening. Kept beside the tests as the reference the fast table must equal,
cell for cell, whatever the evenings and the rule (``test_table.py``). A change to a season
rule changes both."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from scorekeeper.seasons.table_types import (
    AVERAGE,
    BEST,
    LOWEST,
    OWN_AVERAGE,
    Cell,
    EveningResult,
    SeasonRule,
)


def season_table(
    names: Mapping[Any, str],
    evenings: Sequence[EveningResult],
    rule: SeasonRule,
    joined: Mapping[Any, Hashable] | None = None,
) -> tuple[tuple[Hashable, ...], list[tuple[Any, ...]]]:
    """The evenings' keys in order, and each row as (member, name, place, shared, points,
    played, counted, cells). ``joined``: the key of the evening a member joined at, from
    which they can miss one if it is earlier than their first played (issue 35's rule)."""
    ordered = sorted(evenings, key=lambda e: (e.day, repr(e.key)))
    lowest = {e.key: min(e.points.values(), default=None) for e in ordered}
    position = {e.key: index for index, e in enumerate(ordered)}
    rows = []
    for member, name in names.items():
        since = position.get((joined or {}).get(member))
        cells = _cells(member, ordered, rule, lowest, since)
        rows.append(_row(member, name, cells, rule))
    return tuple(e.key for e in ordered), _placed(rows)


def _cells(
    member: Any,
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
        counting = [i for i, cell in enumerate(cells) if cell.counted_points is not None]
        best = sorted(counting, key=lambda i: (-(cells[i].counted_points or 0), i))[: rule.n]
        cells = [
            Cell(c.evening, c.points, c.place, c.counted_points, i in best)
            for i, c in enumerate(cells)
        ]
    return cells


def _row(member: Any, name: str, cells: list[Cell], rule: SeasonRule) -> list[Any]:
    counted = [c.counted_points for c in cells if c.counts and c.counted_points is not None]
    played = sum(c.points is not None for c in cells)
    total = sum(counted, Fraction(0))
    if rule.rule == AVERAGE:
        total = total / len(counted) if counted else Fraction(0)
    ranked = rule.rule != AVERAGE or played >= rule.n
    return [member, name, 0 if ranked else None, False, total, played, len(counted), cells]


def _placed(rows: list[list[Any]]) -> list[tuple[Any, ...]]:
    ranked = [row for row in rows if row[2] is not None]
    points = [row[4] for row in ranked]
    for row in ranked:
        row[2] = 1 + sum(other > row[4] for other in points)
        row[3] = points.count(row[4]) > 1
    unranked = sorted((r for r in rows if r[2] is None), key=lambda r: (-r[4], r[1]))
    placed = sorted(ranked, key=lambda r: (r[2], r[1]))
    return [(*row[:7], tuple(row[7])) for row in (*placed, *unranked)]
