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

A club of years has hundreds of evenings, and its table is worked out again after every deal
of the evening in play, so the work is arranged for that: what every rule needs of the
evenings (their order, each member's evenings, the points as whole numbers of one unit) is
:func:`prepare`'d once, a member's row is added up from their own evenings and sums kept from
the last evening back (never cell by cell), and a row's cells are made when they are read
(:class:`Cells`). ``tests/seasons/reference_table.py`` keeps the table worked out cell by cell,
which this one equals.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from math import lcm
from typing import Any, NamedTuple, overload

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
    cells: Cells


@dataclass(frozen=True)
class SeasonTable:
    rule: SeasonRule
    evenings: tuple[Hashable, ...]
    rows: tuple[SeasonRow, ...]

    def row_of(self, member: Member) -> SeasonRow:
        return next(row for row in self.rows if row.member == member)


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
        """The table of ``names``' members by ``rule`` (see :func:`season_table`)."""
        at = self.places_of(joined) if joined else {}
        rows = [_row(self, m, name, rule, at.get(m)) for m, name in names.items()]
        return SeasonTable(rule, self.keys, _placed(rows))

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
    return prepare(evenings).table(names, rule, joined)


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


def _row(
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
    place = 0 if ranked else None  # placed by _placed
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


def _placed(rows: list[SeasonRow]) -> tuple[SeasonRow, ...]:
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
