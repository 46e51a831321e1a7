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

The parts: what a table is made of (its rule, an evening's results, rows and cells) is
:mod:`scorekeeper.seasons.table_types`'; what every rule needs of the evenings,
:mod:`scorekeeper.seasons.prepared`'s :func:`prepare`; a member's row and the rows placed,
:mod:`scorekeeper.seasons.member_rows`'.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

from scorekeeper.seasons.prepared import prepare
from scorekeeper.seasons.table_types import (
    EveningResult,
    Member,
    SeasonRule,
    SeasonTable,
)

__all__ = ["season_table"]


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
