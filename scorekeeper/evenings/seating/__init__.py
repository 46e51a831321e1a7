"""Fair seating plans for a club evening: who sits at which table, round by round.

    >>> plan(9, 4, 3).rounds[1].tables
    ((0, 3, 6), (1, 4, 7), (2, 5, 8))

``plan(players, rounds, table_size)`` seats the players (numbered 0 to players - 1) at
``players // table_size`` tables each round; the other ``players % table_size`` sit out. With
``pairs=True`` a table of four lists N, E, S, W and N–S, E–W are partners (Sviten Special).
Two players *meet* when they sit at the same table, as partners or as opponents (what a player
notices: "I played with her twice"); in pairs, partnerships are counted and spread as well.
The *spread* of a plan is the most minus the fewest times two players meet; a plan is *even*
when its spread is at most one, and then no two players meet twice while two others have not
met. Pure Python: no Flask, no database.

Every plan:

* seats every player once a round, at a full table or sitting out;
* sits players out in turn: after every round any two have sat out a number of times at most
  one apart, so no one sits out twice before everyone has once;
* is the same for the same arguments on every machine (the search is bounded by a count of
  moves, never by a clock). A non-zero ``seed`` renumbers the players of that same plan, so
  everything said here holds for every seed.

Proved, by construction (``Plan.method`` names it):

* **Tables of two** (Klaberjass): the circle method. Every first r rounds are even; an even
  number of players all meet once in n - 1 rounds, an odd number in n rounds with one sitting
  out each round (everyone once); further rounds go round again.
* **A resolvable design**: the affine spaces AG(m, q) for n = q^m (9 and 27 players at tables
  of three, 16 at four) and the stored designs for 15, 21, 33 and 39 (three) and 28 and 40
  (four). The rounds are its (n - 1) / (k - 1) classes in turn: every first r rounds are even,
  no two meet twice in the first pass (9 players, tables of 3, 4 rounds: every two exactly
  once), and each pass seats every two together once more. In pairs, the c-th pass partners
  each table's lowest player with its second, third or fourth lowest (c mod 3): no two are
  partners twice in the first three passes.
* **A design less one player** (8, 14, 20, 26, 32 and 38 at tables of three; 15, 27 and 39 at
  four): the missing player's table-mates sit out. For up to n / (k - 1) rounds (one pass)
  no two meet twice and no one sits out twice.
* **A whist tournament** in pairs for 8 and 12 players (7 and 11 rounds; the tables also have
  13, 17 and 20, in 13, 17 and 19): when the rounds are a multiple of that, every two are
  partners equally often and opponents twice as often, so meet evenly too.

Otherwise a search (:mod:`.search`) lowers a penalty that is zero exactly when meetings (and
partnerships) are even and grows steeply with each pair's distance from even, starting from a
greedy plan (and from the whist tournament or the design less one player, cut to length, where
there is one). It proves nothing. Measured for every input with 2 to 40 players and 1 to 12
rounds, constructions included (``python benchmarks/seating.py --grid``):

===================  ======  ====  =========================  ===================
tables               inputs  even  no pair twice before all   provably not even
===================  ======  ====  =========================  ===================
of two               468     468   468                        0
of three             456     404   417                        12
of four              444     266   318                        42
of four, in pairs    444     264   320                        42
===================  ======  ====  =========================  ===================

In pairs, partnerships are even in 442 of the 444. "Provably not even" counts two arguments:
a player who plays p rounds has p (k - 1) meetings, which an even plan keeps between n - 1
times the fewest and the most count; and when even means that no two meet twice, round two
can give a table at most one player from each of round one's t tables, so with more seats
than tables and too few sitting out to make up for it (s < t (k - t): 6 or 7 players at
tables of three, 8 to 14 at four) someone meets again in round two.
The other uneven plans are small evenings where a subtler count forbids evenness (5 players,
one table of three, 3 rounds: the one who sits out twice never plays with someone, while two
who sat out together play together twice), or larger ones, chiefly tables of four with 17 or
more players as the rounds near (n - 1) / 3 (the hard end of the social golfer problem),
where the search leaves some pairs meeting twice before others have met.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from scorekeeper.evenings.seating.designs import (
    _WHIST,
    RawRound,
    _design,
    _from_classes,
    _in_turn,
    _less_one,
    _round_robin,
)
from scorekeeper.evenings.seating.search import PARTNER_SEAT, _greedy, _Search
from scorekeeper.games.events import RuleError
from scorekeeper.games.text import T_

__all__ = [
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "PARTNER_SEAT",
    "Plan",
    "Round",
    "SeatingError",
    "Spread",
    "check_request",
    "plan",
]

#: The most players and rounds a plan is made for (far beyond any club evening; the search's
#: memory grows with the square of the players).
MAX_PLAYERS = 200
MAX_ROUNDS = 60

#: How many moves the search may try: WORK_PER_SEAT for each player and round, at most
#: WORK_LIMIT (about half a second of CPU). A work limit rather than a clock keeps the plan the
#: same on every machine; more work than this finds no better plans for club evenings.
WORK_PER_SEAT = 1000
WORK_LIMIT = 200_000


class SeatingError(RuleError):
    """A seating request that cannot be planned (no whole table, no rounds ...)."""


# --- the plan -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Round:
    """One round: its tables (players by index; N, E, S, W when players sit in pairs) and who
    sits it out."""

    tables: tuple[tuple[int, ...], ...]
    sitting_out: tuple[int, ...]


@dataclass(frozen=True)
class Spread:
    """The fewest and the most times any two players share something (a table, a partnership)
    in a plan."""

    fewest: int
    most: int

    @property
    def spread(self) -> int:
        """Most minus fewest: at most one is even."""
        return self.most - self.fewest


@dataclass(frozen=True)
class Plan:
    """A seating plan: ``rounds`` of tables of ``table_size`` for ``players`` players (0 to
    players - 1), with ``pairs`` when each table is two fixed pairs (N–S and E–W)."""

    players: int
    table_size: int
    pairs: bool
    rounds: tuple[Round, ...]
    #: How the plan was made: ``round robin``, ``affine geometry``, ``resolvable design``, either
    #: of those ``less one player``, ``whist tournament``, ``single table`` (who sits out is all
    #: there is to choose) or ``search``.
    method: str

    @property
    def tables(self) -> int:
        """Tables in every round."""
        return self.players // self.table_size

    def meetings(self) -> dict[tuple[int, int], int]:
        """How often each two players (a < b) sit at the same table, as partners or opponents."""
        counts = dict.fromkeys(combinations(range(self.players), 2), 0)
        for round_ in self.rounds:
            for table in round_.tables:
                for a, b in combinations(sorted(table), 2):
                    counts[a, b] += 1
        return counts

    def partnerships(self) -> dict[tuple[int, int], int]:
        """How often each two players (a < b) are partners (N–S or E–W); all 0 without pairs."""
        counts = dict.fromkeys(combinations(range(self.players), 2), 0)
        if self.pairs:
            for round_ in self.rounds:
                for table in round_.tables:
                    for seat in (0, 1):
                        a, b = sorted((table[seat], table[seat + 2]))
                        counts[a, b] += 1
        return counts

    def sit_outs(self) -> tuple[int, ...]:
        """How many rounds each player sits out."""
        counts = [0] * self.players
        for round_ in self.rounds:
            for player in round_.sitting_out:
                counts[player] += 1
        return tuple(counts)

    def meeting_spread(self) -> Spread:
        counts = self.meetings().values()
        return Spread(min(counts, default=0), max(counts, default=0))

    def partnership_spread(self) -> Spread:
        counts = self.partnerships().values()
        return Spread(min(counts, default=0), max(counts, default=0))

    def to_dict(self) -> dict[str, Any]:
        """The plan as ``scorekeeper evening plan --json`` prints it."""
        return {
            "tables": self.tables,
            "rounds": [[list(table) for table in r.tables] for r in self.rounds],
            "sitting_out": [list(r.sitting_out) for r in self.rounds],
        }


# --- checking a request -------------------------------------------------------------------------


def check_request(players: int, rounds: int, table_size: int, *, pairs: bool = False) -> None:
    """Refuse, in a sentence for the organiser, a request no plan can meet."""
    if table_size < 2:
        raise SeatingError(T_("A table needs at least two seats."), field="table_size")
    if pairs and table_size != 4:
        raise SeatingError(T_("Only tables of four can seat two pairs."), field="table_size")
    if players < 1:
        raise SeatingError(
            T_("An evening needs at least %(n)s players.", n=table_size), field="players"
        )
    if players < table_size:
        raise SeatingError(
            T_(
                "A table needs %(n)s players: there are only %(count)s.",
                n=table_size,
                count=players,
            ),
            field="players",
        )
    if players > MAX_PLAYERS:
        raise SeatingError(
            T_("A plan is for at most %(n)s players.", n=MAX_PLAYERS), field="players"
        )
    if rounds < 1:
        raise SeatingError(T_("An evening needs at least one round."), field="rounds")
    if rounds > MAX_ROUNDS:
        raise SeatingError(T_("A plan is for at most %(n)s rounds.", n=MAX_ROUNDS), field="rounds")


# --- making a plan ------------------------------------------------------------------------------


def plan(players: int, rounds: int, table_size: int, *, pairs: bool = False, seed: int = 0) -> Plan:
    """The seating plan for ``players`` over ``rounds`` at tables of ``table_size``.

    ``pairs``: each table is N, E, S, W with partners N–S and E–W. ``seed``: 0 gives the plan
    in its plain numbering; any other seed the same plan with the players renumbered (a
    different, equally fair evening). The same arguments always give the same plan.
    """
    check_request(players, rounds, table_size, pairs=pairs)
    n, k = players, table_size
    method, raw = _make(n, rounds, k, pairs)
    order = list(range(n))
    if seed:
        random.Random(seed).shuffle(order)
    out_rounds = []
    for tables, out in raw:
        seated = [_normalise([order[p] for p in table], pairs) for table in tables]
        out_rounds.append(
            Round(tables=tuple(sorted(seated)), sitting_out=tuple(sorted(order[p] for p in out)))
        )
    return Plan(players=n, table_size=k, pairs=pairs, rounds=tuple(out_rounds), method=method)


def _normalise(table: list[int], pairs: bool) -> tuple[int, ...]:
    """A table in its shown order: ascending; in pairs N the lowest, S N's partner, E the lower
    of the other pair."""
    if not pairs:
        return tuple(sorted(table))
    north, east, south, west = table
    if min(east, west) < min(north, south):
        north, east, south, west = east, north, west, south
    if south < north:
        north, south = south, north
    if west < east:
        east, west = west, east
    return (north, east, south, west)


def _make(n: int, rounds: int, k: int, pairs: bool) -> tuple[str, list[RawRound]]:
    """How the plan is made, and its rounds (before any renumbering)."""
    if k == 2 and not pairs:
        return "round robin", _round_robin(n, rounds)
    design = _design(n, k)
    if design is not None:
        method, classes = design
        return method, _from_classes([(c, []) for c in classes], rounds, pairs)
    if n == k and not pairs:
        return "single table", [([list(range(n))], []) for _ in range(rounds)]
    starts = []
    if pairs and n in _WHIST:
        tournament = _WHIST[n].rounds(n)
        start = _in_turn(tournament, rounds)
        if rounds % len(tournament) == 0:
            return "whist tournament", start
        starts.append(start)
    larger = _design(n + 1, k)
    if larger is not None:
        method, classes = larger
        start = _from_classes(_less_one(classes, n), rounds, pairs)
        if rounds <= len(classes):
            return f"{method} less one player", start
        starts.append(start)
    starts.append(_greedy(n, rounds, k, pairs))
    work = min(WORK_LIMIT, WORK_PER_SEAT * n * rounds) // len(starts)
    best: _Search | None = None
    for start in starts:
        search = _Search(n, k, pairs, start)
        search.run(work, random.Random(0))
        if best is None or search.best < best.best:
            best = search
    assert best is not None
    return ("single table" if n < 2 * k else "search"), best.result()
