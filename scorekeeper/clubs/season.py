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
    place: int
    shared: bool
    points: Fraction
    evenings: int
    #: The member's place and points at each evening of the season (None: absent), in order.
    by_evening: tuple[tuple[int, Fraction] | None, ...]

    def latest_places(self, count: int = LATEST) -> str:
        """The member's places at the season's latest ``count`` evenings, in order: ``2 · – · 1``
        (– for an evening they missed)."""
        shown = self.by_evening[-count:]
        return " · ".join("–" if at is None else str(at[0]) for at in shown)


def in_order(evenings: Sequence[EveningResult]) -> list[EveningResult]:
    """The season's evenings in the order they were held."""
    return sorted(evenings, key=lambda e: (e.created_at, e.token))


def season_table(evenings: Sequence[EveningResult], names: Mapping[int, str]) -> list[SeasonRow]:
    """Every member who played an evening of the season, by season total (highest first),
    then by name; ``names`` are the members' display names now."""
    ordered = in_order(evenings)
    totals: dict[int, Fraction] = {}
    for evening in ordered:
        for member, (_place, points) in evening.results.items():
            totals[member] = totals.get(member, Fraction(0)) + points
    ranked = sorted(totals, key=lambda m: (-totals[m], names.get(m, "").casefold(), m))
    places = {m: 1 + sum(totals[o] > totals[m] for o in totals) for m in totals}
    counts: dict[int, int] = {}
    for place in places.values():
        counts[place] = counts.get(place, 0) + 1
    return [
        SeasonRow(
            member,
            names.get(member, "?"),
            places[member],
            counts[places[member]] > 1,
            totals[member],
            sum(member in e.results for e in ordered),
            tuple(e.results.get(member) for e in ordered),
        )
        for member in ranked
    ]
