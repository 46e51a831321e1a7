"""The constructions a seating plan is made from where one fits (:mod:`scorekeeper.evenings.
seating`): the circle method for tables of two, the affine spaces AG(m, q), the stored
resolvable designs, and whist tournaments in pairs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: One round as a plan is built: its tables (players by index) and who sits out.
RawRound = tuple[list[list[int]], list[int]]


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
