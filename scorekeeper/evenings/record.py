"""The portable evening record ``scorekeeper-evening/1``: an evening's setup, its seating plan
and each started table's game record (``scorekeeper-record/1``, or ``/2`` for a game whose phones
confirm each other's entries; whole, with its history).

    text = dumps_evening(setup, plan, seed, tables)     # tables: RecordTable, one a table
    read = loads_evening(data)                          # RecordError: one line per problem

Reading checks everything an import needs before anything is stored: the setup (as the
new-evening form would), the plan against it, each table's record (its own problems prefixed
with the table), that each table's players are the ones the plan seats there, in its seats,
that every table plays the evening's game with its settings, and that rounds are started in
order and whole. ``docs/records.md`` documents the format; what ``scorekeeper score`` prints
of a read evening is :mod:`scorekeeper.evenings.record_text`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from scorekeeper.evenings.seating import Plan
from scorekeeper.evenings.setup import EveningSetup, read_plan, settings_of
from scorekeeper.evenings.standings import Standings, TableResult, standings
from scorekeeper.games.events import RuleError
from scorekeeper.games.text import T_, Text
from scorekeeper.records.codec import GameRecord
from scorekeeper.records.core import build_logged, dumps, parse
from scorekeeper.records.guard import decode
from scorekeeper.records.history import read_timestamp, timestamp_text
from scorekeeper.records.problems import RECORD, RecordError, is_int, kind_of, problem, show

EVENING_FORMAT = "scorekeeper-evening/1"
#: The fields of an evening record and of each of its tables: any other is refused.
FIELDS = (
    "format",
    "name",
    "game",
    "settings",
    "players",
    "rounds",
    "scoring",
    "seed",
    "plan",
    "closed_at",
)
TABLE_FIELDS = ("round", "table", "record")


@dataclass(frozen=True)
class EveningRecord:
    """A checked evening record: what :func:`scorekeeper.evenings.services.import_evening`
    stores."""

    setup: EveningSetup
    plan: Plan
    seed: int
    #: Each started table: round, table number, and its game's record.
    tables: tuple[tuple[int, int, GameRecord], ...]
    #: When its organiser closed it (its results final; naive UTC), or None.
    closed_at: datetime | None = None


@dataclass(frozen=True)
class RecordTable:
    """A started table as :func:`build_evening` writes it: round, table number and its game:
    kind, setup, events, their times, who entered each event (where known) and, in a game
    whose phones confirm each other's entries, who confirmed which (its record is then
    ``scorekeeper-record/2``)."""

    round: int
    table: int
    kind: str
    setup: Any
    events: Sequence[Any]
    times: Sequence[Any]
    seats: Sequence[str | None] = ()
    confirms: bool = False
    confirmed: Mapping[int, Collection[str]] = field(default_factory=dict)
    #: The events' state, when the caller has it (its record's derived fields are read from
    #: it, nothing replayed again).
    state: Any = None

    @classmethod
    def of(cls, round_: int, table: int, game: Any) -> RecordTable:
        """The table of ``game``: a stored game or a game record (both say all of it)."""
        return cls(
            round_,
            table,
            game.kind,
            game.setup,
            game.events,
            game.times,
            game.seats,
            game.confirms,
            game.confirmed,
            game.state,
        )


def build_evening(
    setup: EveningSetup,
    plan: Plan,
    seed: int,
    tables: Sequence[RecordTable],
    closed_at: datetime | None = None,
) -> dict[str, Any]:
    """The evening as a record: ``tables`` every started table's game (:class:`RecordTable`),
    a game whose phones confirm each other's entries as ``scorekeeper-record/2``. A club
    evening's hidden standings (``hide_last``) are its club's, not the record's: an imported
    evening is of no club and shows everything. Whether the rounds still to start confirm
    (the evening's ``confirms``) is not in it either: each table's game says whether it
    does. A closed evening (``closed_at``: its results are final) says when it was closed."""
    closed = {} if closed_at is None else {"closed_at": timestamp_text(closed_at)}
    return {
        "format": EVENING_FORMAT,
        **{k: v for k, v in setup.to_dict().items() if k not in ("hide_last", "confirms")},
        "seed": seed,
        "plan": plan.to_dict(),
        **closed,
        "tables": [
            {
                "round": t.round,
                "table": t.table,
                "record": build_logged(t),
            }
            for t in tables
        ],
    }


def dumps_evening(*args: Any) -> str:
    """:func:`build_evening` as text (byte-stable, like a game record)."""
    return dumps(build_evening(*args))


def loads_evening(data: bytes | str) -> EveningRecord:
    """Read and check an evening record (see the module's docstring)."""
    return parse_evening(decode(data))


def parse_evening(raw: Any) -> EveningRecord:
    if not isinstance(raw, dict):
        _fail(
            RECORD, T_("an evening record is a JSON object ({…}), not %(kind)s", kind=kind_of(raw))
        )
    if raw.get("format") != EVENING_FORMAT:
        _fail(
            RECORD,
            T_(
                "format must be %(format)s, not %(found)s",
                format=EVENING_FORMAT,
                found=show(raw.get("format"), 40),
            ),
        )
    unknown = [key for key in raw if key not in (*FIELDS, "tables")]
    if unknown:
        _fail(RECORD, T_("unknown field %(field)s", field=show(unknown[0], 40)))
    try:
        setup = EveningSetup.from_dict(raw)
        plan = read_plan(raw.get("plan"), setup)
    except RuleError as error:
        _fail(RECORD, error.text)
    seed = raw.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        _fail(RECORD, T_("seed must be a whole number"))
    closed_at = read_timestamp(raw["closed_at"]) if "closed_at" in raw else None
    if "closed_at" in raw and closed_at is None:
        _fail(RECORD, T_('closed_at must be a time like "2025-05-01T19:30:00Z"'))
    tables = raw.get("tables", [])
    if not isinstance(tables, list):
        _fail(RECORD, T_("tables must be a list"))
    lines: list[Text] = []
    read: dict[tuple[int, int], GameRecord] = {}
    for entry in tables:
        where, found = _table(entry, setup, plan, read)
        if isinstance(found, GameRecord):
            read[where] = found
        else:
            lines.extend(found)
    if lines:
        raise RecordError(lines)
    _rounds_in_order(read, plan)
    return EveningRecord(
        setup,
        plan,
        seed,
        tuple((r, n, game) for (r, n), game in sorted(read.items())),
        closed_at,
    )


def _table(
    entry: Any, setup: EveningSetup, plan: Plan, read: Mapping[tuple[int, int], GameRecord]
) -> tuple[tuple[int, int], GameRecord | list[Text]]:
    """One table's entry, checked: its record, or its problem lines."""
    if not isinstance(entry, Mapping):
        return (0, 0), [problem(RECORD, T_("each table must be a record of fields"))]
    unknown = [key for key in entry if key not in TABLE_FIELDS]
    if unknown:
        return (0, 0), [problem(RECORD, T_("unknown field %(field)s", field=show(unknown[0], 40)))]
    round_, number = entry.get("round"), entry.get("table")
    if not (is_int(round_) and 1 <= round_ <= len(plan.rounds)):
        return (0, 0), [
            problem(RECORD, T_("a table's round must be 1 to %(n)s", n=len(plan.rounds)))
        ]
    seated = plan.rounds[round_ - 1].tables
    if not (is_int(number) and 1 <= number <= len(seated)):
        return (0, 0), [
            problem(RECORD, T_("round %(r)s has tables 1 to %(n)s", r=round_, n=len(seated)))
        ]
    where = T_("round %(r)s, table %(t)s", r=round_, t=number)
    if (round_, number) in read:
        return (round_, number), [problem(where, T_("this table is in the record twice"))]
    try:
        game = parse(entry.get("record"))
    except RecordError as error:
        return (round_, number), [problem(where, line) for line in error.problems]
    if game.kind != setup.kind:
        return (round_, number), [
            problem(
                where,
                T_(
                    "its game is %(found)s, the evening's %(game)s",
                    found=game.kind,
                    game=setup.kind,
                ),
            )
        ]
    names = tuple(setup.players[p] for p in seated[number - 1])
    if tuple(game.setup.players) != names:
        return (round_, number), [
            problem(
                where, T_("its players must be %(names)s, in that order", names=", ".join(names))
            )
        ]
    if settings_of(game.setup) != dict(setup.settings):
        return (round_, number), [problem(where, T_("it must play with the evening's settings"))]
    return (round_, number), game


def _rounds_in_order(read: Mapping[tuple[int, int], GameRecord], plan: Plan) -> None:
    """Rounds start whole and in order: every table of rounds 1 … n, none after."""
    started = sorted({r for r, _ in read})
    for expected, round_ in enumerate(started, start=1):
        tables = len(plan.rounds[round_ - 1].tables)
        if round_ != expected:
            _fail(
                RECORD, T_("round %(r)s has tables but round %(n)s has none", r=round_, n=expected)
            )
        missing = [n for n in range(1, tables + 1) if (round_, n) not in read]
        if missing:
            _fail(RECORD, T_("round %(r)s lacks table %(t)s", r=round_, t=missing[0]))


def _fail(where: Any, message: Any) -> Any:
    raise RecordError([problem(where, message)])


# --- a read evening: its standings, its record again ----------------------------------------


def evening_standings(read: EveningRecord) -> Standings:
    """The standings of a read evening (as its page shows them)."""
    game = read.setup.game
    by_table = {(r, n): record for r, n, record in read.tables}
    results = [
        TableResult(
            round_,
            number,
            seats,
            None
            if (round_, number) not in by_table
            else game.scoreboard(by_table[round_, number].state),
        )
        for round_, planned in enumerate(read.plan.rounds, start=1)
        for number, seats in enumerate(planned.tables, start=1)
    ]
    return standings(read.setup.players, read.setup.scoring, results)


def evening_dict(read: EveningRecord) -> dict[str, Any]:
    """The evening record again, each table's record with every derived field."""
    return build_evening(
        read.setup,
        read.plan,
        read.seed,
        [RecordTable.of(r, n, g) for r, n, g in read.tables],
        read.closed_at,
    )
