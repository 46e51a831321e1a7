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

Otherwise a search (:class:`_Search`) lowers a penalty that is zero exactly when meetings (and
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
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from scorekeeper.games.events import RuleError
from scorekeeper.games.text import T_

__all__ = [
    "MAX_PLAYERS",
    "MAX_ROUNDS",
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

#: The seats of a table when players sit in pairs: N, E, S, W, partners opposite.
PARTNER_SEAT = (2, 3, 0, 1)


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


RawRound = tuple[list[list[int]], list[int]]


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


def _sit_out_schedule(n: int, k: int, rounds: int) -> list[list[int]]:
    """Who sits out each round to start with: ``n % k`` players a round, in turn (0, 1, 2 ...)."""
    s = n % k
    return [[(r * s + j) % n for j in range(s)] for r in range(rounds)]


def _round_robin(n: int, rounds: int) -> list[RawRound]:
    """The circle method. With an even number, player n - 1 stays put and the others turn
    around a circle: in round j player j meets n - 1 and j + i meets j - i (mod n - 1). With an
    odd number, the player who would meet the missing one sits out: player j in round j. Every
    two players meet once in each n - 1 (even) or n (odd) rounds."""
    m = n - 1 if n % 2 == 0 else n
    plan: list[RawRound] = []
    for r in range(rounds):
        j = r % m
        tables = [[(j + i) % m, (j - i) % m] for i in range(1, (m + 1) // 2)]
        out = []
        if n % 2 == 0:
            tables.append([j, n - 1])
        else:
            out = [j]
        plan.append((tables, out))
    return plan


# --- affine geometry ----------------------------------------------------------------------------

#: Addition and multiplication in the field of four elements {0, 1, a, a + 1} = {0, 1, 2, 3}.
_GF4_MUL = (
    (0, 0, 0, 0),
    (0, 1, 2, 3),
    (0, 2, 3, 1),
    (0, 3, 1, 2),
)


def _field(q: int) -> tuple[list[list[int]], list[list[int]]] | None:
    """Addition and multiplication tables of the field of q elements, for a prime q or 4."""
    if q == 4:
        return [[a ^ b for b in range(4)] for a in range(4)], [list(row) for row in _GF4_MUL]
    if q < 2 or any(q % d == 0 for d in range(2, q)):
        return None
    return (
        [[(a + b) % q for b in range(q)] for a in range(q)],
        [[(a * b) % q for b in range(q)] for a in range(q)],
    )


def _affine_classes(n: int, q: int) -> list[list[list[int]]] | None:
    """The parallel classes of lines of the affine space AG(m, q) when n = q^m (m >= 2) and q
    is a prime or 4: each class splits the n points into lines of q, and every two points lie
    on exactly one line, so the (q^m - 1) / (q - 1) classes as rounds seat every two players
    together exactly once. Point (x1, ..., xm) is player x1 q^(m-1) + ... + xm; the first class
    is the lines along the last coordinate: (0, ..., q - 1), (q, ..., 2q - 1) ..."""
    tables = _field(q)
    if tables is None or n < q * q:
        return None
    m, size = 0, 1
    while size < n:
        size *= q
        m += 1
    if size != n:
        return None
    add, mul = tables
    points = [_digits(p, q, m) for p in range(n)]
    directions = [d for d in (_digits(p, q, m) for p in range(1, n)) if d[_lead(d)] == 1]
    directions.sort(key=lambda d: (_lead(d) != m - 1, -_lead(d), d))
    classes = []
    for d in directions:
        seen: set[int] = set()
        lines = []
        for p, point in enumerate(points):
            if p in seen:
                continue
            line = sorted(
                _number([add[x][mul[t][y]] for x, y in zip(point, d, strict=True)], q)
                for t in range(q)
            )
            seen.update(line)
            lines.append(line)
        classes.append(lines)
    return classes


def _digits(p: int, q: int, m: int) -> list[int]:
    return [(p // q ** (m - 1 - i)) % q for i in range(m)]


def _number(digits: Sequence[int], q: int) -> int:
    value = 0
    for digit in digits:
        value = value * q + digit
    return value


def _lead(d: Sequence[int]) -> int:
    return next(i for i, x in enumerate(d) if x)


# --- resolvable designs -------------------------------------------------------------------------


@dataclass(frozen=True)
class _Developed:
    """A resolvable design given by a base class and how it turns into the others.

    Players p < levels * m (levels = players // m) are the points (p % m, p // m) of Z_m x
    {0 .. levels - 1}; the others stay put. Class j (j = 0 .. count - 1) adds j to the first
    coordinate of every point of the base class, mod m; each *orbit* table gives one more class:
    the m tables it becomes under those additions."""

    m: int
    count: int
    base: str
    orbits: str = ""

    def classes(self, n: int) -> list[list[list[int]]]:
        m, moving = self.m, n // self.m * self.m

        def add(p: int, j: int) -> int:
            return p if p >= moving else p // m * m + (p % m + j) % m

        base, orbits = _tables(self.base), _tables(self.orbits)
        classes = [[[add(p, j) for p in table] for table in base] for j in range(self.count)]
        classes += [[[add(p, j) for p in table] for j in range(m)] for table in orbits]
        return classes

    def rounds(self, n: int) -> list[RawRound]:
        """The classes as rounds: whoever no table seats sits out."""
        rounds: list[RawRound] = []
        for tables in self.classes(n):
            seated = {p for table in tables for p in table}
            rounds.append((tables, [p for p in range(n) if p not in seated]))
        return rounds


def _tables(text: str) -> list[list[int]]:
    return [[int(p) for p in table.split()] for table in text.split(",") if table.strip()]


#: Resolvable designs that are not affine spaces, by (players, table size): every two players
#: share a table in exactly one class. The base classes were found by a small backtracking
#: search over differences, as Kirkman triple systems are usually built (two points of one
#: level d apart, of two levels d apart, or a point and a fixed player must come up once);
#: ``tests/games/test_seating.py`` checks each design.
_RESOLVABLE = {
    # Kirkman's fifteen schoolgirls, KTS(15): Z_7 x 2 and a fixed player.
    (15, 3): _Developed(7, 7, "14 0 7, 1 2 4, 3 8 12, 5 11 13, 6 9 10"),
    # KTS(21): Z_7 x 3: seven classes from the base, three from orbit tables.
    (21, 3): _Developed(
        7,
        7,
        "0 1 3, 2 7 20, 4 8 17, 5 11 15, 6 9 14, 10 12 13, 16 18 19",
        orbits="0 7 14, 0 8 16, 0 9 19",
    ),
    # KTS(33): Z_32 and a fixed player; the base class is its own image under adding 16.
    (33, 3): _Developed(
        32,
        16,
        "32 0 16, 1 2 4, 17 18 20, 3 10 14, 19 26 30, 5 11 29, 21 27 13, 6 15 25, 22 31 9, "
        "7 12 24, 23 28 8",
    ),
    # KTS(39): Z_19 x 2 and a fixed player.
    (39, 3): _Developed(
        19,
        19,
        "38 0 19, 1 2 4, 3 7 12, 5 11 20, 6 13 23, 8 16 22, 9 29 31, 10 21 34, 14 32 37, "
        "15 27 36, 17 30 33, 18 25 26, 24 28 35",
    ),
    # A resolvable 2-(28, 4, 1) design: Z_9 x 3 and a fixed player.
    (28, 4): _Developed(
        9, 9, "27 0 9 18, 1 3 6 14, 2 21 22 24, 4 5 11 19, 7 10 17 23, 8 13 20 25, 12 15 16 26"
    ),
    # A resolvable 2-(40, 4, 1) design: Z_39 and a fixed player; the base class is its own
    # image under adding 13.
    (40, 4): _Developed(
        39,
        13,
        "39 0 13 26, 1 5 8 25, 14 18 21 38, 27 31 34 12, 2 3 11 36, 15 16 24 10, "
        "28 29 37 23, 4 6 22 33, 17 19 35 7, 30 32 9 20",
    ),
}


#: Whist tournaments for players in pairs (tables of four, N E S W), by players: over all the
#: rounds every two players are partners exactly once and opponents exactly twice (so share a
#: table three times). Round j adds j (mod m) to the base round's players below m; with 8, 12
#: and 20 players the last stays put, with 13 and 17 player j sits out round j. Found like the
#: designs above (partners' differences once, opponents' twice) and checked by the tests.
_WHIST = {
    8: _Developed(7, 7, "0 2 1 4, 3 5 6 7"),
    12: _Developed(11, 11, "0 2 1 5, 3 8 7 10, 4 6 9 11"),
    13: _Developed(13, 13, "1 2 4 7, 3 6 12 8, 5 9 11 10"),
    17: _Developed(17, 17, "1 3 2 8, 4 10 15 12, 5 6 9 13, 7 11 16 14"),
    20: _Developed(19, 19, "0 2 1 4, 3 9 17 12, 5 11 19 15, 6 10 13 18, 7 8 16 14"),
}


def _design(n: int, k: int) -> tuple[str, list[list[list[int]]]] | None:
    """A resolvable design for n players at tables of k: its method and its classes."""
    affine = _affine_classes(n, k)
    if affine is not None:
        return "affine geometry", affine
    if (n, k) in _RESOLVABLE:
        return "resolvable design", _RESOLVABLE[n, k].classes(n)
    return None


def _from_classes(classes: list[RawRound], rounds: int, pairs: bool) -> list[RawRound]:
    """An evening from a design's classes, in turn (again from the first after the last). In
    pairs, each table's partners in the c-th pass through the classes are its lowest player
    with the second, third or fourth lowest (c mod 3): three passes make every two players
    who share a table partners once."""
    plan: list[RawRound] = []
    for r in range(rounds):
        tables, out = classes[r % len(classes)]
        turn = r // len(classes) % 3
        plan.append(
            ([_partnered(sorted(t), turn) if pairs else list(t) for t in tables], list(out))
        )
    return plan


def _in_turn(cycle: list[RawRound], rounds: int) -> list[RawRound]:
    """``rounds`` rounds from these, again from the first after the last, as they are."""
    plan: list[RawRound] = []
    for r in range(rounds):
        tables, out = cycle[r % len(cycle)]
        plan.append(([list(t) for t in tables], list(out)))
    return plan


def _less_one(classes: list[list[list[int]]], n: int) -> list[RawRound]:
    """A design's classes without player n (its last): the others at n's table sit out."""
    rounds: list[RawRound] = []
    for tables in classes:
        gone = next(table for table in tables if n in table)
        rounds.append(([t for t in tables if t is not gone], sorted(p for p in gone if p != n)))
    return rounds


def _partnered(table: list[int], turn: int) -> list[int]:
    """N, E, S, W with N (the lowest) partnering the second, third or fourth lowest."""
    a, b, c, d = table
    return [[a, b, c, d], [a, c, b, d], [a, b, d, c]][turn][:]


# --- the search ---------------------------------------------------------------------------------


def _band(total: int, pairs: int) -> tuple[int, int]:
    """The counts an even spread of ``total`` meetings over ``pairs`` pairs takes: all ``low``,
    or ``low`` and ``low + 1``."""
    low = total // pairs
    return low, low + (1 if total % pairs else 0)


def _penalties(low: int, high: int, most: int) -> list[int]:
    """What a pair that meets c times costs, c = 0 .. most + 1: nothing inside [low, high],
    then more steeply the further outside (so one pair three times away costs more than three
    pairs one away)."""
    costs = []
    for count in range(most + 2):
        gap = low - count if count < low else max(count - high, 0)
        costs.append(gap**3 + gap)
    return costs


def _greedy(n: int, rounds: int, k: int, pairs: bool) -> list[RawRound]:
    """A first plan, round by round: the sit-outs in turn, and each player (in a shuffled but
    fixed order) at the table where they have met the others least so far."""
    rng = random.Random(n * 1000 + k)
    t = n // k
    met = [0] * (n * n)
    partnered = [0] * (n * n)
    plan: list[RawRound] = []
    for out in _sit_out_schedule(n, k, rounds):
        present = [p for p in range(n) if p not in out]
        rng.shuffle(present)
        tables: list[list[int]] = [[] for _ in range(t)]
        for p in present:
            best, where = -1, 0
            for index, table in enumerate(tables):
                if len(table) == k:
                    continue
                score = sum(met[p * n + x] for x in table) * 4
                if pairs and len(table) >= 2:
                    score += partnered[p * n + table[len(table) - 2]] * 3
                if best < 0 or score < best:
                    best, where = score, index
            tables[where].append(p)
        for table in tables:
            for a, b in combinations(table, 2):
                met[a * n + b] += 1
                met[b * n + a] += 1
            if pairs:
                for a, b in ((table[0], table[2]), (table[1], table[3])):
                    partnered[a * n + b] += 1
                    partnered[b * n + a] += 1
        plan.append((tables, out))
    return plan


class _Search:
    """Local search over whole plans: late-acceptance hill climbing (accept a move that is no
    worse than now or than the plan of ``HISTORY`` moves ago) on the penalty of
    :func:`_penalties`, with three moves: two players of a round change tables; a sitting-out
    player takes a seated player's place (only where the sit-outs stay fair); and, in pairs,
    the four at a table change partners. Half the moves start from a pair that meets more
    often than the even spread allows."""

    HISTORY = 10  # moves: a longer memory accepts worse plans for longer, and did worse
    HOT = 0.5  # the share of moves that start from a pair meeting too often
    SIT = 0.2  # of the other moves: sit-out exchanges (when some sit out) ...
    REPAIR = 0.4  # ... and, up to this share, new partners at a table (in pairs)

    def __init__(self, n: int, k: int, pairs: bool, start: list[RawRound]):
        self.n, self.k, self.pairs = n, k, pairs
        self.tables = [[list(table) for table in tables] for tables, _ in start]
        self.out = [list(out) for _, out in start]
        rounds = len(start)
        self.at = [[-1] * n for _ in range(rounds)]
        for r, tables in enumerate(self.tables):
            for index, table in enumerate(tables):
                for p in table:
                    self.at[r][p] = index
        self.met = [0] * (n * n)
        self.partnered = [0] * (n * n)
        for tables in self.tables:
            for table in tables:
                for a, b in combinations(table, 2):
                    self.met[a * n + b] += 1
                    self.met[b * n + a] += 1
                if pairs:
                    for a, b in ((table[0], table[2]), (table[1], table[3])):
                        self.partnered[a * n + b] += 1
                        self.partnered[b * n + a] += 1
        all_pairs = n * (n - 1) // 2
        t = n // k
        low, self.high = _band(rounds * t * k * (k - 1) // 2, all_pairs)
        self.pen = _penalties(low, self.high, rounds)
        plow, self.phigh = _band(rounds * t * 2, all_pairs)
        self.ppen = _penalties(plow, self.phigh, rounds) if pairs else [0] * (rounds + 2)
        self.cost = sum(
            self.pen[self.met[a * n + b]] + self.ppen[self.partnered[a * n + b]]
            for a, b in combinations(range(n), 2)
        )
        self.hot: list[int] = []  # pairs (a * n + b, a < b) meeting or partnered too often
        self.hot_at: dict[int, int] = {}
        for a, b in combinations(range(n), 2):
            self._heat(a, b)
        self.best = self.cost  # the least penalty run() has seen

    def _heat(self, a: int, b: int) -> None:
        key = a * self.n + b if a < b else b * self.n + a
        hot = self.met[key] > self.high or self.partnered[key] > self.phigh
        if hot and key not in self.hot_at:
            self.hot_at[key] = len(self.hot)
            self.hot.append(key)
        elif not hot and key in self.hot_at:
            index = self.hot_at.pop(key)
            last = self.hot.pop()
            if index < len(self.hot):
                self.hot[index] = last
                self.hot_at[last] = index

    def result(self) -> list[RawRound]:
        return [(self.tables[r], self.out[r]) for r in range(len(self.tables))]

    def run(self, work: int, rng: random.Random) -> None:
        """Try ``work`` moves; then :meth:`result` is the best plan seen (and ``best`` its
        penalty; the counts are left as they were after the last move)."""
        rounds = len(self.tables)
        t = self.n // self.k
        swaps = t > 1
        sit_outs = bool(self.out[0])
        if not (swaps or sit_outs or self.pairs) or self.cost == 0:
            return
        best = self.cost
        best_plan = self._copy()
        history = [self.cost] * self.HISTORY
        rand = rng.random
        for step in range(work):
            r = int(rand() * rounds)
            move: tuple[Any, ...] | None
            if swaps and self.hot and rand() < self.HOT:
                move = self._hot_swap(rng)
            else:
                choice = rand()
                if sit_outs and (choice < self.SIT or not (swaps or self.pairs)):
                    move = self._sit_out_move(r, rng)
                elif self.pairs and (choice < self.REPAIR or not swaps):
                    move = self._repair_move(r, rng)
                else:
                    move = self._swap_move(r, rng)
            if move is not None:
                delta = move[0]
                slot = step % self.HISTORY
                if delta <= 0 or self.cost + delta <= history[slot]:
                    self._apply(move)
                    if self.cost < history[slot]:
                        history[slot] = self.cost
                    if self.cost < best:
                        best = self.cost
                        best_plan = self._copy()
                        if best == 0:
                            break
        self._restore(best_plan)
        self.best = best

    # - moves: (delta, kind, ...) ------------------------------------------------------------

    def _hot_swap(self, rng: random.Random) -> tuple[Any, ...] | None:
        n = self.n
        a, x = divmod(self.hot[_below(rng, len(self.hot))], n)
        if rng.random() < 0.5:
            a, x = x, a
        together = [r for r, at in enumerate(self.at) if at[a] >= 0 and at[a] == at[x]]
        if not together:
            return None
        r = together[_below(rng, len(together))]
        if self.pairs and rng.random() < 0.3:
            return self._repair_move(r, rng, self.at[r][a])
        return self._swap_move(r, rng, a)

    def _swap_move(self, r: int, rng: random.Random, a: int = -1) -> tuple[Any, ...] | None:
        tables = self.tables[r]
        count = len(tables)
        if count < 2:
            return None
        if a < 0:
            ta = _below(rng, count)
            i = _below(rng, self.k)
        else:
            ta = self.at[r][a]
            i = tables[ta].index(a)
        tb = _below(rng, count - 1)
        if tb >= ta:
            tb += 1
        j = _below(rng, self.k)
        A, B = tables[ta], tables[tb]
        a, b = A[i], B[j]
        n, met, pen = self.n, self.met, self.pen
        an, bn = a * n, b * n
        delta = 0
        for x in A:
            if x != a:
                delta += pen[met[an + x] - 1] - pen[met[an + x]]
                delta += pen[met[bn + x] + 1] - pen[met[bn + x]]
        for y in B:
            if y != b:
                delta += pen[met[bn + y] - 1] - pen[met[bn + y]]
                delta += pen[met[an + y] + 1] - pen[met[an + y]]
        if self.pairs:  # four different pairs: a and b sit at different tables
            partnered, ppen = self.partnered, self.ppen
            pa, pb = A[PARTNER_SEAT[i]], B[PARTNER_SEAT[j]]
            for now, step in (
                (partnered[an + pa], -1),
                (partnered[bn + pa], 1),
                (partnered[bn + pb], -1),
                (partnered[an + pb], 1),
            ):
                delta += ppen[now + step] - ppen[now]
        return (delta, "swap", r, ta, i, tb, j)

    def _repair_move(self, r: int, rng: random.Random, ta: int = -1) -> tuple[Any, ...]:
        tables = self.tables[r]
        if ta < 0:
            ta = _below(rng, len(tables))
        x0, x1, x2, x3 = tables[ta]
        seat = 2 if rng.random() < 0.5 else 3  # E and S change places, or S and W
        new = (x0, x1) if seat == 2 else (x0, x3)
        other = (x2, x3) if seat == 2 else (x1, x2)
        changes = ((x0, x2, -1), (x1, x3, -1), (*new, 1), (*other, 1))
        return (self._delta((), changes), "repair", r, ta, seat)

    def _sit_out_move(self, r: int, rng: random.Random) -> tuple[Any, ...] | None:
        """Player x, out in round r, plays there in y's seat and y sits out instead; unless the
        counts of sit-outs allow that alone, y in turn plays in x's seat in a round r2 where y
        sat out and x played."""
        out = self.out[r]
        x = out[_below(rng, len(out))]
        r2, y = -1, -1
        if rng.random() < 0.5:
            r2 = _below(rng, len(self.out))
            if r2 == r or self.at[r2][x] < 0:
                return None
            y = self.out[r2][_below(rng, len(self.out[r2]))]
            if self.at[r][y] < 0:
                return None
        else:
            ta = _below(rng, len(self.tables[r]))
            y = self.tables[r][ta][_below(rng, self.k)]
        if not self._fair_exchange(r, x, y, r2):
            return None
        meets: list[tuple[int, int, int]] = []
        partners: list[tuple[int, int, int]] = []
        seats = [(r, y, x)] + ([(r2, x, y)] if r2 >= 0 else [])
        for round_, leaves, takes in seats:
            table = self.tables[round_][self.at[round_][leaves]]
            for z in table:
                if z != leaves:
                    meets += ((leaves, z, -1), (takes, z, 1))
            if self.pairs:
                partner = table[PARTNER_SEAT[table.index(leaves)]]
                partners += ((leaves, partner, -1), (takes, partner, 1))
        return (self._delta(meets, partners), "sit out", seats, meets, partners)

    def _fair_exchange(self, r: int, x: int, y: int, r2: int) -> bool:
        """Whether x (out in round r) may play in y's place, and y (out in round r2, if any) in
        x's: every count of sit-outs after every round stays within one of every other. Counts
        within one before, that holds exactly when x has sat out more often than y after every
        round from r up to r2 (to the end if there is no r2), and y more often than x after
        every round from r2 up to r."""
        x_count = y_count = 0
        last = len(self.at) if r2 < 0 else max(r, r2)
        for index, at in enumerate(self.at[:last]):
            x_count += at[x] < 0
            y_count += at[y] < 0
            if r <= index and (r2 < 0 or index < r2) and x_count <= y_count:
                return False
            if r2 <= index < r and y_count <= x_count:
                return False
        return True

    def _delta(
        self, meets: Sequence[tuple[int, int, int]], partners: Sequence[tuple[int, int, int]]
    ) -> int:
        """What the plan's penalty changes by when these pairs meet (and partner) that many
        times more (a pair may be listed several times)."""
        n = self.n
        delta = 0
        for counts, pen, changes in (
            (self.met, self.pen, meets),
            (self.partnered, self.ppen, partners),
        ):
            steps: dict[int, int] = {}
            for a, b, step in changes:
                key = a * n + b if a < b else b * n + a
                steps[key] = steps.get(key, 0) + step
            for key, step in steps.items():
                delta += pen[counts[key] + step] - pen[counts[key]]
        return delta

    def _apply(self, move: tuple[Any, ...]) -> None:
        kind = move[1]
        if kind == "swap":
            _, _, r, ta, i, tb, j = move
            A, B = self.tables[r][ta], self.tables[r][tb]
            a, b = A[i], B[j]
            if self.pairs:
                pa, pb = A[PARTNER_SEAT[i]], B[PARTNER_SEAT[j]]
                self._partner(a, pa, -1)
                self._partner(b, pb, -1)
                self._partner(b, pa, 1)
                self._partner(a, pb, 1)
            for x in A:
                if x != a:
                    self._meet(a, x, -1)
                    self._meet(b, x, 1)
            for y in B:
                if y != b:
                    self._meet(b, y, -1)
                    self._meet(a, y, 1)
            A[i], B[j] = b, a
            self.at[r][a], self.at[r][b] = tb, ta
        elif kind == "repair":
            _, _, r, ta, seat = move
            table = self.tables[r][ta]
            x0, x1, x2, x3 = table
            self._partner(x0, x2, -1)
            self._partner(x1, x3, -1)
            if seat == 2:
                table[1], table[2] = x2, x1
            else:
                table[2], table[3] = x3, x2
            self._partner(table[0], table[2], 1)
            self._partner(table[1], table[3], 1)
        else:
            _, _, seats, meets, partners = move
            for a, b, step in meets:
                self._meet(a, b, step)
            for a, b, step in partners:
                self._partner(a, b, step)
            for round_, leaves, takes in seats:
                at = self.at[round_]
                table = self.tables[round_][at[leaves]]
                out = self.out[round_]
                table[table.index(leaves)] = takes
                out[out.index(takes)] = leaves
                at[takes], at[leaves] = at[leaves], -1
        self.cost += move[0]

    def _meet(self, a: int, b: int, step: int) -> None:
        n = self.n
        self.met[a * n + b] += step
        self.met[b * n + a] += step
        self._heat(a, b)

    def _partner(self, a: int, b: int, step: int) -> None:
        n = self.n
        self.partnered[a * n + b] += step
        self.partnered[b * n + a] += step
        self._heat(a, b)

    def _copy(self) -> tuple[list[list[list[int]]], list[list[int]]]:
        return [[list(t) for t in tables] for tables in self.tables], [list(o) for o in self.out]

    def _restore(self, saved: tuple[list[list[list[int]]], list[list[int]]]) -> None:
        self.tables, self.out = saved


def _below(rng: random.Random, count: int) -> int:
    """A number from 0 to count - 1 (``randrange`` is slow for a search's inner loop)."""
    return int(rng.random() * count)
