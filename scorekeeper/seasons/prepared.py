"""What every rule of a season table needs of its evenings, worked out once (:func:`prepare`):
their order, each member's evenings, the points as whole numbers of one unit, each evening's
lowest and the sums of them from each evening on. Given what was prepared of the same season
before, only the evenings that changed are read again. Pure Python."""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from math import lcm
from typing import Any, NamedTuple

from scorekeeper.seasons.member_rows import member_row, placed
from scorekeeper.seasons.table_types import EveningResult, Member, SeasonRule, SeasonTable


class Played(NamedTuple):
    """A member at an evening of the season: its place in the season's order (``at``), their
    points (and those points in the season's unit, a whole number), their place there, and the
    two as a table shows them (None without a place). A named tuple: a season has thousands."""

    at: int
    points: Fraction
    scaled: int
    place: int | None
    shown: tuple[int, Fraction] | None


@dataclass(frozen=True)
class Prepared:
    """A season's evenings as every rule reads them (see :func:`prepare`)."""

    #: The evenings, their keys and days, in the season's order: by day, then key.
    evenings: tuple[EveningResult, ...]
    keys: tuple[Hashable, ...]
    days: tuple[date, ...]
    #: Every points value is a whole number of 1 / ``scale``.
    scale: int
    #: Each evening's lowest points (None: nobody scored), and in the season's unit.
    lowest: tuple[Fraction | None, ...]
    lowest_scaled: tuple[int | None, ...]
    #: From each evening to the last (and one past it): the sum of the lowest points, in the
    #: season's unit, and how many of those evenings have one.
    lowest_after: tuple[int, ...]
    lowest_count_after: tuple[int, ...]
    #: The evenings that have a lowest, the highest first (the earliest first among equals).
    by_lowest: tuple[int, ...]
    #: Each member's evenings, in order.
    played: Mapping[Member, tuple[Played, ...]]
    #: Whether each evening has a lowest (someone scored).
    scored: tuple[bool, ...] = ()
    #: The evenings as given, and where each stands in the season's order.
    given: tuple[EveningResult, ...] = ()
    position: tuple[int, ...] = ()
    #: What each member's rows share whatever the rule (their places and points at each
    #: evening, their evenings most points first), worked out when first needed.
    members: dict[Member, tuple[Any, ...]] = field(default_factory=dict, compare=False)

    def table(
        self,
        names: Mapping[Member, str],
        rule: SeasonRule,
        joined: Mapping[Member, Hashable] | None = None,
    ) -> SeasonTable:
        """The table of ``names``' members by ``rule`` (see
        :func:`~scorekeeper.seasons.table.season_table`)."""
        at = self.places_of(joined) if joined else {}
        rows = [member_row(self, m, name, rule, at.get(m)) for m, name in names.items()]
        return SeasonTable(rule, self.keys, placed(rows))

    def places_of(self, joined: Mapping[Member, Hashable]) -> dict[Member, int]:
        """Where the evening each member joined at (its key) stands in the season's order,
        for the members whose evening is one of the season's."""
        position = {key: at for at, key in enumerate(self.keys)}
        found = {}
        for member, key in joined.items():
            at = position.get(key)
            if at is not None:
                found[member] = at
        return found

    def shown(self, member: Member) -> tuple[tuple[int, Fraction] | None, ...]:
        """The member's place and points at each evening (None: missed, or no place)."""
        found: tuple[tuple[int, Fraction] | None, ...] = self._member(member)[0]
        return found

    def most_first(self, member: Member) -> tuple[Played, ...]:
        """The member's evenings, the most points first (the earliest first among equals)."""
        found: tuple[Played, ...] = self._member(member)[1]
        return found

    def at(self, member: Member) -> frozenset[int]:
        """The evenings the member played (their places in the order)."""
        found: frozenset[int] = self._member(member)[2]
        return found

    def scaled(self, member: Member) -> int:
        """The sum of the member's points, in the season's unit."""
        found: int = self._member(member)[3]
        return found

    def played_from(self, member: Member, since: int) -> tuple[int, int]:
        """How many evenings the member played from the evening at ``since`` on, and the sum
        of those evenings' lowest points (in the season's unit)."""
        _shown, _most, _at, _scaled, ats, lows = self._member(member)
        first = bisect_left(ats, since)
        return len(ats) - first, lows[-1] - lows[first]

    def _member(self, member: Member) -> tuple[Any, ...]:
        found = self.members.get(member)
        if found is None:
            entries = self.played.get(member, ())
            shown: list[tuple[int, Fraction] | None] = [None] * len(self.keys)
            for entry in entries:
                shown[entry.at] = entry.shown
            most = tuple(sorted(entries, key=lambda e: (-e.scaled, e.at)))
            ats = tuple(entry.at for entry in entries)
            scaled = sum(entry.scaled for entry in entries)
            lows = [0]
            for at in ats:  # an evening played has a lowest
                lows.append(lows[-1] + (self.lowest_scaled[at] or 0))
            found = (tuple(shown), most, frozenset(ats), scaled, ats, tuple(lows))
            self.members[member] = found
        return found


def prepare(evenings: Sequence[EveningResult], since: Prepared | None = None) -> Prepared:
    """The season's ``evenings`` in order, with what every rule needs of them. Given what was
    prepared of the same season before (``since``), only the evenings that are not the very
    ones it had are read again (a deal in tonight's evening: tonight's), and their order is
    the one it had when their keys and days are."""
    given = tuple(evenings)
    reused, changed = _unchanged(given, since)
    if reused is None:
        order = sorted(range(len(given)), key=lambda j: (given[j].day, repr(given[j].key)))
        position = [0] * len(given)
        for at, j in enumerate(order):
            position[j] = at
        ordered = tuple(given[j] for j in order)
    else:  # the same places: the changed evenings put in theirs
        position = list(reused.position)
        placed = list(reused.evenings)
        for j, evening in enumerate(given):
            if evening is not reused.given[j]:
                placed[position[j]] = evening
        ordered = tuple(placed)
    scale = 1 if reused is None else reused.scale
    denominators = {p.denominator for i in changed for p in ordered[i].points.values()}
    if any(scale % d for d in denominators):  # a new unit: every evening anew
        scale, changed, reused = lcm(scale, *denominators), range(len(ordered)), None
    lowest, scaled = _lowest(ordered, scale, reused, changed)
    played = dict(reused.played) if reused is not None else {}
    touched = _played(played, ordered, changed, scale, reused.evenings if reused else ())
    after, count = [0], [0]
    for low in reversed(scaled):
        after.append(after[-1] + (low or 0))
        count.append(count[-1] + (low is not None))
    return Prepared(
        ordered,
        tuple(e.key for e in ordered) if reused is None else reused.keys,
        tuple(e.day for e in ordered) if reused is None else reused.days,
        scale,
        lowest,
        scaled,
        tuple(reversed(after)),
        tuple(reversed(count)),
        _by_lowest(scaled, reused, changed),
        played,
        tuple(low is not None for low in scaled),
        given,
        tuple(position),
        {m: v for m, v in reused.members.items() if m not in touched} if reused else {},
    )


def _unchanged(
    given: tuple[EveningResult, ...], since: Prepared | None
) -> tuple[Prepared | None, Sequence[int]]:
    """``since``, when the evenings given are those it was given, in the same places, each
    the very same or of the same key and day; and the places in the season's order of those
    that are not the very same. (None, every place) otherwise."""
    everything = range(len(given))
    if since is None or len(since.given) != len(given):
        return None, everything
    changed = []
    for j, (evening, before) in enumerate(zip(given, since.given, strict=True)):
        if evening is not before:
            if evening.key != before.key or evening.day != before.day:
                return None, everything
            changed.append(since.position[j])
    return since, changed


def _by_lowest(
    scaled: tuple[int | None, ...], reused: Prepared | None, changed: Sequence[int]
) -> tuple[int, ...]:
    """The evenings that have a lowest, the highest first (the earliest first among equals):
    those ``changed`` put in their place again in what was ``reused``."""

    def most_first(i: int) -> tuple[int, int]:
        return (-(scaled[i] or 0), i)

    if reused is None:
        return tuple(sorted((i for i, low in enumerate(scaled) if low is not None), key=most_first))
    again = set(changed)
    found = [i for i in reused.by_lowest if i not in again]
    for i in changed:
        if scaled[i] is not None:
            insort(found, i, key=most_first)
    return tuple(found)


def _lowest(
    ordered: Sequence[EveningResult],
    scale: int,
    since: Prepared | None,
    changed: Sequence[int],
) -> tuple[tuple[Fraction | None, ...], tuple[int | None, ...]]:
    """Each evening's lowest points, and in the season's unit (those of the evenings not
    ``changed`` as ``since`` had them)."""
    lowest: list[Fraction | None] = list(since.lowest) if since else [None] * len(ordered)
    for index in changed:
        lowest[index] = min(ordered[index].points.values(), default=None)
    scaled: list[int | None] = list(since.lowest_scaled) if since else [None] * len(ordered)
    for index in changed:
        low = lowest[index]
        scaled[index] = None if low is None else _scaled(low, scale)
    return tuple(lowest), tuple(scaled)


def _played(
    played: dict[Member, tuple[Played, ...]],
    ordered: Sequence[EveningResult],
    changed: Sequence[int],
    scale: int,
    was: Sequence[EveningResult],
) -> set[Member]:
    """Each member's evenings, in order: the ``changed`` evenings read into ``played`` (the
    evenings they replace, ``was``, taken out first). The members whose evenings changed."""
    again = set(changed)
    touched = {m for i in changed if i < len(was) for m in was[i].points}
    lists = {m: [e for e in played[m] if e.at not in again] for m in touched if m in played}
    for index in changed:
        evening = ordered[index]
        places = evening.places
        for member, points in evening.points.items():
            place = places.get(member)
            shown = None if place is None else (place, points)
            entry = Played(index, points, _scaled(points, scale), place, shown)
            lists.setdefault(member, list(played.get(member, ()))).append(entry)
            touched.add(member)
    for member, entries in lists.items():
        if entries:
            played[member] = tuple(sorted(entries) if len(entries) > 1 else entries)
        else:
            played.pop(member, None)
    return touched


def _scaled(points: Fraction, scale: int) -> int:
    return points.numerator * (scale // points.denominator)
