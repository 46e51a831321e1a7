"""The season table, in pure Python: each member's evening results added up (the total of
evening results), derived from the evenings' standings whenever it is shown — nothing of it is
stored, so a correction in an evening's game moves it.

A member's result at an evening is their points in its standings (the evening's own scoring:
game totals or placings); members who share a season total share its place (1, 1, 3). A member
attended an evening when they played a game there that counts (a deal scored) or sat out a
round that others played: an evening the organiser planned but nobody played is no evening of
the season, and changes nothing in it.

A member is one from their first evening of the club (the first evening they were ticked
for): a season's absence rule charges them for every evening of the season they missed from
then on, its first evening included when they were a member before it.

A season the organisers keep (:class:`SeasonSpan`) holds the evenings held between two dates
(inclusive, either open), or a chosen set of them; its name is unique in the club."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from fractions import Fraction

from scorekeeper import seasons
from scorekeeper.clubs.register import fitted
from scorekeeper.evenings.standings import PlayerStanding
from scorekeeper.games import names
from scorekeeper.games.events import RuleError
from scorekeeper.games.names import unprintable
from scorekeeper.games.players import control_character
from scorekeeper.games.text import T_

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
    #: The evening as the pure table reads it, made once with the evening (a club keeps its
    #: evenings' results, and the table prepared once is prepared again only for the evenings
    #: that are not these very ones, :func:`scorekeeper.seasons.prepare`).
    read: seasons.EveningResult = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        read = seasons.EveningResult(
            (self.created_at.isoformat(), self.token),
            self.created_at.date(),
            {member: points for member, (_place, points) in self.results.items()},
            {member: place for member, (place, _points) in self.results.items()},
        )
        object.__setattr__(self, "read", read)


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


def attended(row: PlayerStanding) -> bool:
    """Whether the player of an evening's standings ``row`` was there: they played a game that
    counts, or sat out a round that others played."""
    return row.games > 0 or row.sat_out > 0


def member_results(
    rows: Iterable[PlayerStanding], members: Sequence[int], follow: Callable[[int], int]
) -> dict[int, tuple[int, Fraction]]:
    """Each member's place and points at an evening, from its standings' ``rows``: only the
    members who attended it (:func:`attended`). ``members`` are the member of each of the
    evening's players; ``follow`` gives the member an entry stands for now (a merged entry's
    results count for the member kept, at their best place)."""
    results: dict[int, tuple[int, Fraction]] = {}
    for row in rows:
        if row.player < len(members) and attended(row):
            member = follow(members[row.player])
            place, points = results.get(member, (row.place, Fraction(0)))
            results[member] = (min(place, row.place), points + row.points)
    return results


#: Where an evening stands in the club's order: when it was made, then its token.
Order = tuple[datetime, str]


def first_evenings(evenings: Iterable[tuple[Order, Iterable[int]]]) -> dict[int, Order]:
    """Each member's first evening of the club (its place in the club's order), from every
    evening's place and members (each already the member it stands for now): from then on they
    are a member, absent from the evenings they miss."""
    first: dict[int, Order] = {}
    for order, members in evenings:
        for member in members:
            if member not in first or order < first[member]:
                first[member] = order
    return first


def in_order(evenings: Sequence[EveningResult]) -> list[EveningResult]:
    """The season's evenings in the order they were held: those somebody attended (an
    evening planned that nobody played is no evening of the season)."""
    return sorted((e for e in evenings if e.results), key=lambda e: (e.created_at, e.token))


def _joined(
    ordered: Sequence[EveningResult], members: Iterable[int], joined: Mapping[int, Order]
) -> dict[int, tuple[str, str]]:
    """For each member who joined the club before their first evening of the season, the
    first of its evenings (its key in the table) held since they joined."""
    held = [(e.created_at, e.token) for e in ordered]
    found = {}
    for member in members:
        since = joined.get(member)
        at = len(held) if since is None else bisect_left(held, since)
        if at < len(held):
            found[member] = (held[at][0].isoformat(), held[at][1])
    return found


@dataclass(frozen=True)
class Prepared:
    """A season's evenings, in order, as every rule of its table reads them
    (:func:`scorekeeper.seasons.prepare`)."""

    evenings: tuple[EveningResult, ...]
    table: seasons.Prepared


def prepared(evenings: Sequence[EveningResult], since: Prepared | None = None) -> Prepared:
    """The season's ``evenings`` prepared for its table; given what was prepared of it before
    (``since``), only the evenings that are not the very ones it had are read again."""
    held = [e for e in evenings if e.results]  # an evening nobody played is none of it
    return Prepared(
        tuple(in_order(held)),
        seasons.prepare([e.read for e in held], None if since is None else since.table),
    )


def season_table(
    evenings: Sequence[EveningResult] | Prepared,
    names: Mapping[int, str],
    rule: seasons.SeasonRule = DEFAULT_RULE,
    joined: Mapping[int, Order] | None = None,
) -> list[SeasonRow]:
    """Every member who played an evening of the season, by the season's ``rule``
    (:mod:`scorekeeper.seasons.table`: the total by default), then by name; ``names`` are the
    members' display names now. Members not ranked yet (an average's minimum) come last. The
    evenings may be given :func:`prepared` already. ``joined``: each member's first evening of
    the club (:func:`first_evenings`), from which the rule's absences count; without it, from
    their first evening of the season."""
    season = evenings if isinstance(evenings, Prepared) else prepared(evenings)
    # Within a place by name as the club sees it (case aside), as the register lists them.
    shown = {
        m: names.get(m, "?")
        for m in sorted(season.table.played, key=lambda m: names.get(m, "").casefold())
    }
    since = _joined(season.evenings, season.table.played, joined or {})
    table = season.table.table(shown, rule, since)
    return [
        SeasonRow(
            row.member,
            row.name,
            row.place,
            row.shared,
            row.points,
            row.played,
            row.cells.shown(),
            counted=row.counted,
            counts=row.cells.counts,
        )
        for row in table.rows
    ]


#: The longest name of a season.
MAX_SEASON_NAME = 40


#: The most characters a season's :func:`season_key` keeps (``season.name_key``'s length).
SEASON_KEY_LENGTH = 60


def season_key(name: str) -> str:
    """A season's name as the club compares it (:func:`~scorekeeper.games.names.key`), as the
    ``season.name_key`` column holds it."""
    return fitted(names.key(name), SEASON_KEY_LENGTH)


def checked_season_name(name: str, taken: Iterable[str]) -> str:
    """A season's name, as shown (:func:`~scorekeeper.games.names.shown`); RuleError (field
    ``name``) when empty, too long, holding a control character, or the name of another of the
    club's ``taken`` seasons (:func:`season_key`)."""
    bad = unprintable(name)
    if bad is not None:
        raise RuleError(control_character(bad), field="name")
    name = names.shown(name)
    if not name:
        raise RuleError(T_("Give the season a name."), field="name")
    if len(name) > MAX_SEASON_NAME:
        raise RuleError(
            T_("A season's name can be at most %(n)s characters.", n=MAX_SEASON_NAME),
            field="name",
        )
    if any(season_key(other) == season_key(name) for other in taken):
        raise RuleError(
            T_("The club already has a season called %(name)s.", name=name), field="name"
        )
    return name


@dataclass(frozen=True)
class SeasonSpan:
    """Which of the club's evenings a season holds: the ``chosen`` evenings (their ids) when
    there is a choice, else every evening held from ``date_from`` to ``date_to``, both days
    included (None: open on that side)."""

    date_from: date | None = None
    date_to: date | None = None
    chosen: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.chosen is not None:
            if not self.chosen:
                raise RuleError(T_("Tick the season's evenings."), field="evenings")
            if self.date_from is not None or self.date_to is not None:
                raise RuleError(
                    T_("A season is either its dates or its chosen evenings."), field="by"
                )
        elif self.date_from and self.date_to and self.date_from > self.date_to:
            raise RuleError(T_("The season cannot end before it begins."), field="date_to")

    def holds(self, evening: int, held: date) -> bool:
        """Whether the evening ``evening`` (its id), held on the day ``held``, is the season's."""
        if self.chosen is not None:
            return evening in self.chosen
        after = self.date_from is None or self.date_from <= held
        return after and (self.date_to is None or held <= self.date_to)


def evenings_in(span: SeasonSpan, evenings: Iterable[tuple[int, date]]) -> list[tuple[int, date]]:
    """The ``evenings`` (each its id and the day it was held) that the season holds, in the
    order given."""
    return [(evening, held) for evening, held in evenings if span.holds(evening, held)]
