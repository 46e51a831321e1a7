"""The portable game record ``scorekeeper-record/1``: read, check and write it; CSV, text sheets.

This is the one place that knows the JSON record format (``docs/records.md``, JSON Schema in
``scorekeeper/schemas/record-1.json``). Export, import and the command line all go through it.
It knows nothing of Flask or the database: :func:`loads` turns bytes into a checked
:class:`GameRecord` (a setup and an event log, replayed through the game's rules engine), and
:func:`export` turns a game's setup and log back into a record.

What was entered is the truth; everything else is derived. A record carries what was entered
(contracts, trumps, tricks ...) and, on export, everything derived from it (each deal's number,
dealer, declarer and scores; the totals, the winners). On import the derived fields are optional,
and where present they must agree with the rules, so a hand-edited or corrupted file is refused
with a message that names the deal and the field. An optional ``history`` carries the whole event
log (corrections, undos, redeals, times), so an export → import round trip loses nothing.

Every game kind has a :class:`Codec` in :data:`CODECS`. A new game plugs in with one small codec:
for an engine with ``parse_hand``, ``hand_to_dict``, ``derived_hand_dict`` and ``replay`` (as
Klaberjass has), subclass :class:`HandsCodec` and give the sheet's columns.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, ClassVar

from scorekeeper.games import bismarck, klaberjass, sviten
from scorekeeper.games.cards import Suit
from scorekeeper.games.events import Event, RuleError
from scorekeeper.games.players import UNPRINTABLE

FORMAT = "scorekeeper-record/1"
FORMAT_PREFIX = "scorekeeper-record/"
#: The largest record read, in bytes (as the web's MAX_CONTENT_LENGTH). A real one is a few kB.
MAX_RECORD_BYTES = 1024 * 1024
#: Nesting deeper than this is refused before anything looks inside (a record needs 7 levels).
MAX_DEPTH = 16
#: The most events a ``history`` may hold.
MAX_HISTORY = 2_000
#: The most digits a number in a record may have.
MAX_DIGITS = 30
#: The most problem lines reported for one record.
MAX_PROBLEMS = 30

SUIT_NAMES = tuple(suit.record_name for suit in Suit)
_BAD_TEXT = UNPRINTABLE  # one rule for names and every other text in a record
_ABSENT = object()


class RecordError(ValueError):
    """A record that cannot be read or breaks the rules: one line per problem.

    Each line says where (``record``, ``deal 4``, ``hand 2``, ``history entry 7``) and what:
    ``deal 4: Carla has already played Pass (deal 1)``.
    """

    def __init__(self, problems: Sequence[str]):
        lines = list(problems)
        if len(lines) > MAX_PROBLEMS:
            more = len(lines) - MAX_PROBLEMS
            lines = [*lines[:MAX_PROBLEMS], f"… and {more} more problems"]
        super().__init__("\n".join(lines))
        self.problems = lines


class _Problems:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.lines.append(f"{where}: {message.strip().removesuffix('.')}")

    def raise_any(self) -> None:
        if self.lines:
            raise RecordError(self.lines)


def _show(value: Any, limit: int = 60) -> str:
    """A value as JSON, cut short: for messages that quote what the record says."""
    text = json.dumps(value, ensure_ascii=False)
    text = text if len(text) <= limit else text[: limit - 1] + "…"
    # Never echo a control character or a lone surrogate: a terminal or a page would choke.
    return _BAD_TEXT.sub(lambda bad: f"\\u{ord(bad.group()):04x}", text)


def _a(value: Any) -> str:
    """What kind of JSON value this is, for messages: ``a list``, ``a number`` ..."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, int | float):
        return "a number"
    return "a list" if isinstance(value, list) else "an object"


def _unknown(names: Sequence[str]) -> str:
    shown = ", ".join(_show(name, 30) for name in names)
    return f"unknown field{'s' if len(names) > 1 else ''} {shown}"


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON: ``true`` is not ``1`` and ``1.0`` is not ``1``."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


# --- reading JSON ---------------------------------------------------------------------------


class _BadJSON(Exception):
    pass


def _no_constant(name: str) -> Any:
    raise _BadJSON(f"{name} is not a number a record may hold")


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _BadJSON(f"a number has more than {MAX_DIGITS} digits")
    return int(text)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _BadJSON(f"the field {_show(key, 30)} appears twice in one object")
        result[key] = value
    return result


def decode(data: bytes | str) -> Any:
    """Parse a record's JSON text (UTF-8, a byte-order mark allowed), refusing what no record
    holds: more than :data:`MAX_RECORD_BYTES`, invalid UTF-8, NaN, duplicate fields, very long
    numbers, deep nesting, control characters."""
    size = (
        len(data) if isinstance(data, bytes | bytearray) else len(data.encode("utf-8", "replace"))
    )
    if size > MAX_RECORD_BYTES:
        raise RecordError(
            [
                f"record: the file is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MB; "
                "a game record is a few kB"
            ]
        )
    if isinstance(data, bytes | bytearray):
        try:
            text = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise RecordError(
                [f"record: the file is not UTF-8 text (invalid byte at position {error.start})"]
            ) from None
    else:
        text = data.removeprefix("\ufeff")
    if not text.strip():
        raise RecordError(["record: the file is empty"])
    try:
        raw = json.loads(
            text, parse_constant=_no_constant, parse_int=_parse_int, object_pairs_hook=_object
        )
    except RecursionError:
        raise RecordError(["record: the JSON is nested too deeply"]) from None
    except _BadJSON as error:
        raise RecordError([f"record: {error}"]) from None
    except json.JSONDecodeError as error:
        raise RecordError(
            [f"record: not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"]
        ) from None
    _check_tree(raw)
    return raw


def _check_tree(raw: Any) -> None:
    """Refuse deep nesting and text with control characters or lone surrogates (without
    recursion, so that no input can exhaust the stack)."""
    stack: list[tuple[Any, int]] = [(raw, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise RecordError(
                [f"record: the JSON is nested too deeply (more than {MAX_DEPTH} levels)"]
            )
        if isinstance(value, dict):
            for key, item in value.items():
                _check_text(key)
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, str):
            _check_text(value)


def _check_text(text: str) -> None:
    bad = _BAD_TEXT.search(text)
    if bad:
        raise RecordError(
            [
                f"record: the text {_show(text, 40)} contains a control or invalid character "
                f"(U+{ord(bad.group()):04X})"
            ]
        )


# --- the record ----------------------------------------------------------------------------


@dataclass(frozen=True)
class GameRecord:
    """A checked record: the game's setup and event log, and the state they replay to.

    ``times`` holds each event's time (UTC, naive) where the record's history gave one;
    ``has_history`` tells whether the events came from the record's ``history`` or were made
    from its deals.
    """

    kind: str
    setup: Any
    events: tuple[Event, ...]
    times: tuple[datetime | None, ...]
    state: Any
    has_history: bool

    @property
    def codec(self) -> Codec:
        return codec_for(self.kind)

    def to_dict(self) -> dict[str, Any]:
        """The record with every derived field (and the history if it had one)."""
        return build(
            self.kind,
            self.setup,
            self.events,
            self.times,
            state=self.state,
            history=self.has_history,
        )


def loads(data: bytes | str) -> GameRecord:
    """Read and check a record. Raises :class:`RecordError` with one line per problem."""
    return parse(decode(data))


def parse(raw: Any) -> GameRecord:
    """Check an already decoded record (a dict) and replay it through its game's engine."""
    if not isinstance(raw, dict):
        raise RecordError([f"record: a game record is a JSON object ({{…}}), not {_a(raw)}"])
    found = raw.get("format")
    if found != FORMAT:
        if found is None:
            message = f'format is missing: a game record starts with "format": "{FORMAT}"'
        elif isinstance(found, str) and found.startswith(FORMAT_PREFIX):
            message = (
                f"this is a {_show(found, 40)} record, but this Scorekeeper reads only {FORMAT}"
            )
        else:
            message = f"unknown format {_show(found, 40)}: this Scorekeeper reads {FORMAT}"
        raise RecordError([f"record: {message}"])
    game = raw.get("game")
    codec = CODECS.get(game) if isinstance(game, str) else None
    if codec is None:
        known = ", ".join(CODECS)
        what = "game is missing" if game is None else f"unknown game {_show(game, 40)}"
        raise RecordError([f"record: {what}: this Scorekeeper reads records of {known}"])
    return codec.parse(raw)


def build(
    kind: str,
    setup: Any,
    events: Sequence[Event],
    times: Sequence[datetime | None] | None = None,
    *,
    state: Any = None,
    history: bool = True,
) -> dict[str, Any]:
    """A game's record with every derived field, keys in a fixed order."""
    codec = codec_for(kind)
    if state is None:
        state = codec.replay(setup, events)
    record: dict[str, Any] = {"format": FORMAT, "game": kind}
    record.update(codec.setup_dict(setup))
    record[codec.items] = codec.items_list(state)
    record.update(codec.top_derived(state))
    if history:
        stamps = list(times) if times is not None else [None] * len(events)
        record["history"] = [
            _history_entry(event, at) for event, at in zip(events, stamps, strict=True)
        ]
    return record


def dumps(record: Mapping[str, Any]) -> str:
    """The record as text: byte-stable (fixed key order, two-space indent, final newline)."""
    return json.dumps(record, ensure_ascii=False, indent=2, sort_keys=False) + "\n"


def export(
    kind: str,
    setup: Any,
    events: Sequence[Event],
    times: Sequence[datetime | None] | None = None,
) -> str:
    """A stored game as record text, with its whole history."""
    return dumps(build(kind, setup, events, times))


def score_sheet(kind: str, state: Any) -> str:
    """The score sheet as a plain-text table, for the terminal."""
    return codec_for(kind).sheet(state)


def deals_csv(kind: str, state: Any) -> str:
    """One row per deal (or hand), with a header row: UTF-8 text with a byte-order mark, so
    that spreadsheets open it with the right encoding. Text cells that a spreadsheet would
    take for a formula get a leading apostrophe."""
    header, rows = codec_for(kind).csv_rows(state)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([_csv_cell(cell) for cell in header])
    writer.writerows([[_csv_cell(cell) for cell in row] for row in rows])
    return "\ufeff" + out.getvalue()


def _csv_cell(value: Any) -> str | int:
    if value is None:
        return ""
    if _is_int(value):
        return value
    text = str(value)
    if text[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + text
    return text


def codec_for(kind: str) -> Codec:
    try:
        return CODECS[kind]
    except KeyError:
        raise ValueError(f"There is no record format for {kind!r} games.") from None


# --- history -------------------------------------------------------------------------------


def _timestamp(at: datetime) -> str:
    if at.tzinfo is not None:
        at = at.astimezone(UTC).replace(tzinfo=None)
    return at.isoformat() + "Z"


def _parse_timestamp(value: Any) -> datetime | None:
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        at = datetime.fromisoformat(value)
        if at.tzinfo is not None:
            at = at.astimezone(UTC).replace(tzinfo=None)
    except (ValueError, OverflowError):  # not a time, or one beyond the years 1 to 9999 in UTC
        return None
    return at


def _history_entry(event: Event, at: datetime | None) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "kind": event.kind,
        "data": {key: event.data[key] for key in sorted(event.data)},
    }
    if at is not None:
        entry["at"] = _timestamp(at)
    return entry


# --- text tables ---------------------------------------------------------------------------


def _table(
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    right: set[int],
    groups: Sequence[tuple[str, int, int]] = (),
) -> list[str]:
    """Columns padded to fit; ``groups`` label column ranges ``[start, end)`` above the header."""
    count = len(headers)
    padded = [[*row, *[""] * (count - len(row))] for row in rows]
    widths = [max([len(headers[i]), *(len(row[i]) for row in padded)]) for i in range(count)]

    def line(cells: Sequence[str]) -> str:
        parts = [
            cell.rjust(width) if i in right else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    lines = []
    if groups:
        starts = [sum(widths[:i]) + 2 * i for i in range(count)]
        label_line = ""
        for label, start, end in groups:
            left = starts[start]
            span = starts[end - 1] + widths[end - 1] - left
            label_line = label_line.ljust(left) + label.center(span).rstrip()
        lines.append(label_line.rstrip())
    lines.append(line(headers))
    lines.append("  ".join("-" * width for width in widths))
    lines.extend(line(row) for row in padded)
    return lines


# --- codecs --------------------------------------------------------------------------------


class Codec:
    """How one game kind is written in a record. Subclasses give the game's fields; the
    shared reading, checking and writing live here."""

    kind: ClassVar[str]
    title: ClassVar[str]
    engine: ClassVar[Any]
    #: What one entry of the sheet is called, and the record's list of them.
    item: ClassVar[str]
    items: ClassVar[str]
    #: Top-level fields of the setup, in the order a record writes them, and the required ones.
    setup_fields: ClassVar[tuple[str, ...]]
    required: ClassVar[tuple[str, ...]]
    #: Derived fields: the top level's, and each entry's.
    top_fields: ClassVar[tuple[str, ...]]
    item_derived: ClassVar[tuple[str, ...]]
    #: The history's event kinds and the data fields each may carry; the one naming the entry.
    event_fields: ClassVar[dict[str, frozenset[str]]]
    number_key: ClassVar[str]

    # -- what a game kind gives --

    def parse_setup(self, raw: Mapping[str, Any]) -> Any:
        fields = {name: raw[name] for name in self.setup_fields if name in raw}
        return self.engine.Setup.from_dict(fields)

    def setup_dict(self, setup: Any) -> dict[str, Any]:
        data = setup.to_dict()
        return {name: data[name] for name in self.setup_fields}

    def max_items(self, setup: Any) -> int:
        raise NotImplementedError

    def too_many(self, setup: Any, count: int) -> str:
        most = self.max_items(setup)
        return f"a record holds at most {most} {self.items}, this one lists {count}"

    def parse_item(
        self, setup: Any, index: int, raw: dict[str, Any], last: bool, problems: _Problems
    ) -> Any:
        """The entry as entered (derived fields left aside), or None after adding problems."""
        raise NotImplementedError

    def events_from(self, setup: Any, entries: Sequence[Any]) -> list[Event]:
        """The event log that enters ``entries`` one after another."""
        raise NotImplementedError

    def entered(self, entry: Any) -> dict[str, Any]:
        """An entry's entered fields, to compare a record's list with its history."""
        raise NotImplementedError

    def state_entries(self, state: Any) -> list[Any]:
        """The entries of a replayed state, comparable with :meth:`parse_item`'s."""
        raise NotImplementedError

    def items_list(self, state: Any) -> list[dict[str, Any]]:
        raise NotImplementedError

    def top_derived(self, state: Any) -> dict[str, Any]:
        raise NotImplementedError

    def sheet(self, state: Any) -> str:
        raise NotImplementedError

    def csv_rows(self, state: Any) -> tuple[list[Any], list[list[Any]]]:
        raise NotImplementedError

    def replay(self, setup: Any, events: Sequence[Event]) -> Any:
        return self.engine.replay(setup, events)

    # -- shared --

    def where(self, number: int | None) -> str:
        return f"{self.item} {number}" if number is not None else "record"

    def parse(self, raw: dict[str, Any]) -> GameRecord:
        problems = _Problems()
        allowed = ("format", "game", *self.setup_fields, self.items, *self.top_fields, "history")
        unknown = [name for name in raw if name not in allowed]
        if unknown:
            problems.add("record", _unknown(unknown))
        missing = [name for name in self.required if name not in raw]
        for name in missing:
            problems.add("record", f"{name} is missing")
        setup = None
        if not set(missing) & set(self.setup_fields):
            try:
                setup = self.parse_setup(raw)
            except RuleError as error:
                problems.add("record", error.message)

        raw_items = raw.get(self.items, [])
        entries: list[Any] = []
        if not isinstance(raw_items, list):
            problems.add("record", f"{self.items} must be a list, not {_show(raw_items, 30)}")
            raw_items = []
        elif len(raw_items) > self.max_items(setup):
            problems.add("record", self.too_many(setup, len(raw_items)))
            raw_items = []
        for index, item in enumerate(raw_items):
            if not isinstance(item, dict):
                problems.add(
                    f"{self.item} {index + 1}", f"must be an object ({{…}}), not {_show(item, 30)}"
                )
                continue
            unknown = [name for name in item if name not in self._item_fields]
            if unknown:
                problems.add(f"{self.item} {index + 1}", _unknown(unknown))
                continue
            entries.append(
                self.parse_item(setup, index, item, index == len(raw_items) - 1, problems)
            )

        parsed_history = None
        if "history" in raw:
            parsed_history = self._parse_history(raw["history"], problems)
        problems.raise_any()

        if parsed_history is None:
            events = tuple(self.events_from(setup, entries))
            times: tuple[datetime | None, ...] = (None,) * len(events)
            state = self._replay(setup, events, problems, history=False)
            problems.raise_any()
        else:
            events, times = parsed_history
            state = self._replay(setup, events, problems, history=True)
            problems.raise_any()
            self._compare(state, entries, problems)
            problems.raise_any()
        self._check_derived(raw, raw_items, state, problems)
        problems.raise_any()
        return GameRecord(self.kind, setup, events, times, state, parsed_history is not None)

    @property
    def _item_fields(self) -> tuple[str, ...]:
        raise NotImplementedError

    def _parse_history(
        self, raw: Any, problems: _Problems
    ) -> tuple[tuple[Event, ...], tuple[datetime | None, ...]] | None:
        if not isinstance(raw, list):
            problems.add("record", f"history must be a list of events, not {_show(raw, 30)}")
            return None
        if len(raw) > MAX_HISTORY:
            problems.add(
                "record", f"history holds at most {MAX_HISTORY} events, this one {len(raw)}"
            )
            return None
        events: list[Event] = []
        times: list[datetime | None] = []
        kinds = ", ".join(self.event_fields)
        for index, entry in enumerate(raw):
            where = f"history entry {index + 1}"
            if not isinstance(entry, dict):
                problems.add(where, f"must be an object ({{…}}), not {_show(entry, 30)}")
                continue
            unknown = [name for name in entry if name not in ("kind", "data", "at")]
            if unknown:
                problems.add(where, _unknown(unknown))
                continue
            kind = entry.get("kind")
            if not isinstance(kind, str) or kind not in self.event_fields:
                what = "kind is missing" if kind is None else f"unknown kind {_show(kind, 30)}"
                problems.add(where, f"{what} (a {self.kind} history has {kinds})")
                continue
            data = entry.get("data", {})
            if not isinstance(data, dict):
                problems.add(where, f"data must be an object ({{…}}), not {_show(data, 30)}")
                continue
            unknown = [name for name in data if name not in self.event_fields[kind]]
            if unknown:
                problems.add(where, f"{kind}: {_unknown(unknown)}")
                continue
            at = None
            if "at" in entry:
                at = _parse_timestamp(entry["at"])
                if at is None:
                    problems.add(
                        where,
                        f'at must be a time like "2025-05-01T19:30:00Z", not {_show(entry["at"])}',
                    )
                    continue
            events.append(Event(kind, data))
            times.append(at)
        return tuple(events), tuple(times)

    def _replay(
        self, setup: Any, events: Sequence[Event], problems: _Problems, *, history: bool
    ) -> Any:
        """The replayed state; or None, with a problem naming the first event the rules refuse
        (its history entry, if the events came from the history) and its deal."""
        try:
            return self.replay(setup, events)
        except RuleError:
            pass
        # Find the first event the rules refuse: a prefix that fails makes every longer one fail.
        good, bad = 0, len(events)
        while bad - good > 1:
            middle = (good + bad) // 2
            try:
                self.replay(setup, events[:middle])
            except RuleError:
                bad = middle
            else:
                good = middle
        try:
            self.replay(setup, events[:bad])
        except RuleError as error:
            number = error.deal
            if number is None:
                number = events[bad - 1].data.get(self.number_key)
                number = number if _is_int(number) else None
            if not history:
                problems.add(self.where(number), error.message)
            elif number is None:
                problems.add(f"history entry {bad}", error.message)
            else:
                problems.add(f"history entry {bad} ({self.item} {number})", error.message)
        return None

    def _compare(self, state: Any, entries: Sequence[Any], problems: _Problems) -> None:
        """A record's list must say what its history says."""
        expected = self.state_entries(state)
        if len(expected) != len(entries):
            problems.add(
                "record",
                f"the history has {len(expected)} {self.items}, but {self.items} lists "
                f"{len(entries)}",
            )
            return
        for number, (mine, theirs) in enumerate(zip(entries, expected, strict=True), 1):
            if mine is None:
                continue
            given, wanted = self.entered(mine), self.entered(theirs)
            for name, value in wanted.items():
                if not _same(given.get(name), value):
                    problems.add(
                        f"{self.item} {number}",
                        f"{name} should be {_show(value)} as in the history, "
                        f"not {_show(given.get(name))}",
                    )

    def _check_derived(
        self, raw: dict[str, Any], raw_items: Sequence[Any], state: Any, problems: _Problems
    ) -> None:
        for index, (item, wanted) in enumerate(zip(raw_items, self.items_list(state), strict=True)):
            for name in self.item_derived:
                if name in item:
                    _check_field(
                        problems, f"{self.item} {index + 1}", name, item[name], wanted, self.item
                    )
        top = self.top_derived(state)
        for name in self.top_fields:
            if name in raw:
                _check_field(problems, "record", name, raw[name], top, self.item)


def _check_field(
    problems: _Problems, where: str, name: str, value: Any, wanted: Mapping[str, Any], item: str
) -> None:
    expected = wanted.get(name, _ABSENT)
    if expected is _ABSENT:
        problems.add(where, f"{name} should be left out (the {item} is not scored yet)")
    elif not _same(value, expected):
        problems.add(where, f"{name} should be {_show(expected)}, not {_show(value)}")


# --- Bismarck ------------------------------------------------------------------------------


class BismarckCodec(Codec):
    kind = bismarck.KIND
    title = "Bismarck"
    engine = bismarck
    item = "deal"
    items = "deals"
    setup_fields = ("variant", "players", "first_dealer", "options")
    required = ("players", "first_dealer", "deals")
    top_fields = ("totals", "winners", "finished")
    item_derived = ("number", "dealer", "declarer", "scores")
    entered_fields = ("contract", "trump", "tricks", "redeals")
    number_key = "deal"
    event_fields: ClassVar[dict[str, frozenset[str]]] = {
        "announce": frozenset({"deal", "contract", "trump"}),
        "record": frozenset({"deal", "tricks", "contract", "trump"}),
        "redeal": frozenset({"deal", "trump"}),
        "correct": frozenset({"deal", "contract", "trump", "tricks"}),
        "undo": frozenset(),
    }
    #: More redeals of one deal than any table has patience for.
    max_redeals = 99

    @property
    def _item_fields(self) -> tuple[str, ...]:
        return (*self.item_derived, *self.entered_fields)

    def max_items(self, setup: bismarck.Setup | None) -> int:
        return setup.variant.deal_count if setup is not None else 12

    def too_many(self, setup: bismarck.Setup | None, count: int) -> str:
        if setup is None:
            return f"a Bismarck game has at most 12 deals, this record lists {count}"
        variant = setup.variant.in_sentence
        return f"a {variant} game has {setup.variant.deal_count} deals, this record lists {count}"

    def parse_item(
        self,
        setup: bismarck.Setup | None,
        index: int,
        raw: dict[str, Any],
        last: bool,
        problems: _Problems,
    ) -> bismarck.Line | None:
        where = f"deal {index + 1}"
        before = len(problems.lines)
        contract: bismarck.Contract | None = None
        value = raw.get("contract")
        if value is None:
            if setup is not None:
                contract = bismarck.schedule(setup)[index].fixed_contract
                if contract is None:
                    problems.add(where, "contract is missing")
        elif isinstance(value, str) and value in {c.value for c in bismarck.Contract}:
            contract = bismarck.Contract(value)
        else:
            ids = ", ".join(c.value for c in bismarck.Contract)
            problems.add(where, f"contract must be one of {ids}, not {_show(value, 30)}")
        trump = raw.get("trump")
        if trump is not None and trump not in SUIT_NAMES:
            problems.add(
                where, f"trump must be one of {', '.join(SUIT_NAMES)}, not {_show(trump, 30)}"
            )
        tricks = raw.get("tricks")
        if tricks is None:
            if not last:
                problems.add(where, "tricks are missing (only the last deal may still be in play)")
        elif not (
            isinstance(tricks, list)
            and len(tricks) == bismarck.PLAYERS
            and all(map(_is_int, tricks))
        ):
            problems.add(
                where, f"tricks must be three whole numbers, one per seat, not {_show(tricks, 30)}"
            )
        redeals = raw.get("redeals", 0)
        if not _is_int(redeals) or not 0 <= redeals <= self.max_redeals:
            problems.add(
                where, f"redeals must be a count from 0 to {self.max_redeals}, not {_show(redeals)}"
            )
        if len(problems.lines) > before or contract is None:
            return None
        return bismarck.Line(
            contract=contract,
            trump=Suit.from_name(trump) if trump is not None else None,
            tricks=tuple(tricks) if tricks is not None else None,  # type: ignore[arg-type]
            redeals=redeals,
        )

    def events_from(self, setup: bismarck.Setup, entries: Sequence[bismarck.Line]) -> list[Event]:
        events = []
        for number, line in enumerate(entries, 1):
            trump = line.trump.record_name if line.trump is not None else None
            events.append(
                Event("announce", {"deal": number, "contract": line.contract.value, "trump": trump})
            )
            events += [Event("redeal", {"deal": number, "trump": None})] * line.redeals
            if line.tricks is not None:
                events.append(Event("record", {"deal": number, "tricks": list(line.tricks)}))
        return events

    def entered(self, entry: bismarck.Line | bismarck.DealResult) -> dict[str, Any]:
        trump = entry.trump
        if entry.contract is bismarck.Contract.SPADER:
            trump = Suit.SPADES  # spades whether or not the record says so
        return {
            "contract": entry.contract.value,
            "trump": trump.record_name if trump is not None else None,
            "tricks": list(entry.tricks) if entry.tricks is not None else None,
            "redeals": entry.redeals,
        }

    def state_entries(self, state: bismarck.State) -> list[bismarck.DealResult]:
        return list(state.deals)

    def items_list(self, state: bismarck.State) -> list[dict[str, Any]]:
        result = []
        for deal in state.deals:
            item: dict[str, Any] = {
                "number": deal.number,
                "dealer": deal.dealer,
                "declarer": deal.declarer,
                "contract": deal.contract.value,
            }
            if deal.trump is not None:
                item["trump"] = deal.trump.record_name
            if deal.tricks is not None:
                item["tricks"] = list(deal.tricks)
            if deal.redeals:
                item["redeals"] = deal.redeals
            if deal.scores is not None:
                item["scores"] = list(deal.scores)
            result.append(item)
        return result

    def top_derived(self, state: bismarck.State) -> dict[str, Any]:
        return {
            "totals": list(state.totals),
            "winners": list(state.winners),
            "finished": state.finished,
        }

    def _contract_text(self, deal: bismarck.DealResult, variant: bismarck.Variant) -> str:
        text = deal.contract.name_in(variant)
        if deal.trump is not None and deal.contract is not bismarck.Contract.SPADER:
            text += f" {deal.trump.symbol}"
        if deal.redeals:
            text += f", {deal.redeals} redeal{'s' if deal.redeals > 1 else ''}"
        return text

    def sheet(self, state: bismarck.State) -> str:
        names = state.players
        variant = state.variant
        lines = [f"Bismarck, {variant.in_sentence} rules: {', '.join(names)}"]
        if state.setup.options:
            rules = "; ".join(bismarck.OPTIONS[name] for name in sorted(state.setup.options))
            lines.append(f"House rules: {rules}")
        lines.append("")
        headers = ["Deal", "Dealer", "Declarer", "Contract", "Tricks", *names, *names]
        rows = []
        for deal in state.deals:
            row = [
                str(deal.number),
                names[deal.dealer],
                names[deal.declarer],
                self._contract_text(deal, variant),
            ]
            if deal.tricks is None or deal.scores is None:
                row.append("in play")
            else:
                row.append("/".join(str(t) for t in deal.tricks))
                row += [_signed(s) for s in deal.scores] + [_signed(t) for t in deal.totals]
            rows.append(row)
        rows.append(["Total", "", "", "", "", *[""] * 3, *[_signed(t) for t in state.totals]])
        right = {0, *range(5, 11)}
        groups = [("scores", 5, 8), ("totals", 8, 11)]
        lines += _table(headers, rows, right, groups)
        lines.append("")
        recorded = len(state.recorded)
        if state.finished:
            best = state.totals[state.winners[0]]
            if len(state.winners) == 1:
                lines.append(f"Winner: {names[state.winners[0]]} with {_signed(best)}.")
            else:
                winners = " and ".join(state.winner_names)
                lines.append(f"Shared victory: {winners} with {_signed(best)}.")
        else:
            lines.append(f"{recorded} of {state.deal_count} deals recorded.")
            current = state.current
            assert current is not None
            if state.announced is not None:
                contract = self._contract_text(state.announced, variant)
                lines.append(
                    f"Deal {current.number} is in play: {names[current.declarer]} plays {contract}."
                )
            else:
                lines.append(
                    f"Next: deal {current.number}, {names[current.dealer]} deals, "
                    f"{names[current.declarer]} declares."
                )
        return "\n".join(lines) + "\n"

    def csv_rows(self, state: bismarck.State) -> tuple[list[Any], list[list[Any]]]:
        names = state.players
        header = [
            "Deal",
            "Dealer",
            "Declarer",
            "Contract",
            "Trump",
            *(f"Tricks {name}" for name in names),
            *(f"Score {name}" for name in names),
            *(f"Total {name}" for name in names),
        ]
        rows = []
        for deal in state.deals:
            trump = deal.trump_shown
            row: list[Any] = [
                deal.number,
                names[deal.dealer],
                names[deal.declarer],
                deal.contract.name_in(state.variant),
                trump.record_name if trump is not None else "",
            ]
            if deal.tricks is None or deal.scores is None:
                row += [None] * 9
            else:
                row += [*deal.tricks, *deal.scores, *deal.totals]
            rows.append(row)
        return header, rows


# --- games recorded hand by hand (Klaberjass, Sviten Special) -----------------------------


class HandsCodec(Codec):
    """A game whose engine reads and writes one hand at a time: ``parse_hand(data, number,
    players)``, ``hand_to_dict(hand)``, ``derived_hand_dict(result)`` and ``replay``, with
    ``hand``, ``correct`` and ``undo`` events and a state with ``hands``, ``totals``,
    ``winner`` and ``finished``."""

    item = "hand"
    items = "hands"
    setup_fields = ("players", "first_dealer", "options")
    required = ("players", "first_dealer", "hands")
    top_fields = ("totals", "winner", "finished")
    number_key = "number"
    #: The data fields of a ``hand`` or ``correct`` event (besides ``number``).
    hand_fields: ClassVar[tuple[str, ...]]
    max_hands = 1000

    @property
    def _item_fields(self) -> tuple[str, ...]:
        return (*self.item_derived, *self.hand_fields)

    @property
    def event_fields(self) -> dict[str, frozenset[str]]:  # type: ignore[override]
        fields = frozenset({"number", *self.hand_fields})
        return {"hand": fields, "correct": fields, "undo": frozenset()}

    def max_items(self, setup: Any) -> int:
        return self.max_hands

    def check_item(self, where: str, raw: dict[str, Any], problems: _Problems) -> None:
        """Checks of the record's own strictness before the engine reads the hand."""

    def parse_item(
        self, setup: Any, index: int, raw: dict[str, Any], last: bool, problems: _Problems
    ) -> Any:
        number = index + 1
        before = len(problems.lines)
        self.check_item(f"hand {number}", raw, problems)
        if len(problems.lines) > before:
            return None
        names = setup.players if setup is not None else None
        data = {name: value for name, value in raw.items() if name not in self.item_derived}
        try:
            return self.engine.parse_hand(data, number, names)
        except RuleError as error:
            problems.add(f"hand {number}", error.message)
            return None

    def events_from(self, setup: Any, entries: Sequence[Any]) -> list[Event]:
        return [
            Event("hand", {**self.engine.hand_to_dict(hand), "number": number})
            for number, hand in enumerate(entries, 1)
        ]

    def entered(self, entry: Any) -> dict[str, Any]:
        return self.engine.hand_to_dict(entry)

    def state_entries(self, state: Any) -> list[Any]:
        return [result.hand for result in state.hands]

    def items_list(self, state: Any) -> list[dict[str, Any]]:
        result = []
        for hand in state.hands:
            derived = self.engine.derived_hand_dict(hand)
            item = {"number": derived.pop("number"), "dealer": derived.pop("dealer")}
            item.update(self.engine.hand_to_dict(hand.hand))
            item.update(derived)
            result.append(item)
        return result

    def top_derived(self, state: Any) -> dict[str, Any]:
        return {"totals": list(state.totals), "winner": state.winner, "finished": state.finished}


class KlaberjassCodec(HandsCodec):
    kind = klaberjass.KIND
    title = "Klaberjass"
    engine = klaberjass
    hand_fields = (
        "thrown_in",
        "maker",
        "trump",
        "sequences",
        "bella",
        "last_trick",
        "card_points",
        "captured",
    )
    item_derived = ("number", "dealer", "sequence_winner", "hand_totals", "scores")

    def check_item(self, where: str, raw: dict[str, Any], problems: _Problems) -> None:
        trump = raw.get("trump")
        if trump is not None and trump not in SUIT_NAMES:
            problems.add(
                where, f"trump must be one of {', '.join(SUIT_NAMES)}, not {_show(trump, 30)}"
            )

    def sheet(self, state: klaberjass.State) -> str:
        names = state.players
        lines = [f"Klaberjass: {', '.join(names)}, first to {state.target}", ""]
        headers = ["Hand", "Dealer", "Maker", "Trumps", "Sequences", *names, *names, *names]
        rows = []
        for hand in state.hands:
            row = [str(hand.number), names[hand.dealer]]
            if hand.thrown_in or hand.maker is None or hand.trump is None:
                row += ["thrown in", "", ""]
            else:
                winner = hand.sequence_winner
                row += [
                    names[hand.maker],
                    hand.trump.symbol,
                    names[winner] if winner is not None else "",
                ]
            row += [str(p) for p in hand.hand_totals]
            row += [str(s) for s in hand.scores] + [str(t) for t in hand.totals]
            rows.append(row)
        rows.append(["Total", "", "", "", "", "", "", "", "", *[str(t) for t in state.totals]])
        right = {0, *range(5, 11)}
        groups = [("points", 5, 7), ("scores", 7, 9), ("totals", 9, 11)]
        lines += _table(headers, rows, right, groups)
        lines += ["", state.result_text + "."]
        return "\n".join(lines) + "\n"

    def csv_rows(self, state: klaberjass.State) -> tuple[list[Any], list[list[Any]]]:
        names = state.players
        header = [
            "Hand",
            "Dealer",
            "Maker",
            "Trump",
            "Sequences",
            *(f"Points {name}" for name in names),
            *(f"Score {name}" for name in names),
            *(f"Total {name}" for name in names),
        ]
        rows = []
        for hand in state.hands:
            row: list[Any] = [hand.number, names[hand.dealer]]
            if hand.thrown_in or hand.maker is None or hand.trump is None:
                row += ["thrown in", "", ""]
            else:
                winner = hand.sequence_winner
                row += [
                    names[hand.maker],
                    hand.trump.record_name,
                    names[winner] if winner is not None else "",
                ]
            row += [*hand.hand_totals, *hand.scores, *hand.totals]
            rows.append(row)
        return header, rows


# --- Sviten Special ------------------------------------------------------------------------


def _meld_key(melds: Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    """Melds compared as what they are: the same cards in the same melds, in any order."""
    return sorted(tuple(sorted(meld)) for meld in melds)


def _sviten_entered(setup: sviten.Setup, hand: sviten.Hand, number: int) -> sviten.Hand:
    """A hand as entered, told apart from what the engine derives from it.

    A record writes every pair's melds and meld points, whether the players laid them or the
    engine chose them. Melds equal to the engine's own choice (from the pair's captured cards)
    count as not entered, and typed meld points and counts as not entered wherever the pair's
    melds are known: so an exported record reads back as the very hands that were entered."""
    melds = list(hand.melds)
    if hand.captured is not None and any(m is not None for m in melds):
        bare = replace(hand, melds=(None, None), meld_points=(None, None), meld_counts=(None, None))
        chosen = sviten.score_hand(setup, bare, number).melds
        for pair, laid in enumerate(melds):
            if laid is not None and _meld_key(laid) == _meld_key(chosen[pair]):
                melds[pair] = None
    known = [hand.captured is not None or hand.melds[pair] is not None for pair in range(2)]
    points = [None if known[p] else hand.meld_points[p] for p in range(2)]
    counts = [None if known[p] else hand.meld_counts[p] for p in range(2)]
    return replace(
        hand,
        melds=(melds[0], melds[1]),
        meld_points=(points[0], points[1]),
        meld_counts=(counts[0], counts[1]),
    )


class SvitenCodec(HandsCodec):
    """Sviten Special: ``players`` N E S W, ``options``, and ``hands`` with the final bid and
    either the captured cards or the tricks (see ``docs/records.md``).

    ``tricks``, ``melds`` and ``meld_points`` are both entered and derived: a record writes them
    for every hand; on reading, the engine checks them against what they derive from (the
    captured cards, the melds), and only what was really entered is kept as entered."""

    kind = sviten.KIND
    title = "Sviten Special"
    engine = sviten
    hand_fields = (
        "declarer",
        "bid",
        "trump",
        "captured",
        "tricks",
        "jokers",
        "melds",
        "meld_points",
        "meld_counts",
    )
    item_derived = ("number", "dealer", "made", "slam", "scores")

    def check_item(self, where: str, raw: dict[str, Any], problems: _Problems) -> None:
        trump = raw.get("trump")
        if trump is not None and trump not in SUIT_NAMES:
            problems.add(
                where,
                f"trump must be one of {', '.join(SUIT_NAMES)} or null, not {_show(trump, 30)}",
            )

    def parse_item(
        self,
        setup: sviten.Setup | None,
        index: int,
        raw: dict[str, Any],
        last: bool,
        problems: _Problems,
    ) -> sviten.Hand | None:
        number = index + 1
        before = len(problems.lines)
        self.check_item(f"hand {number}", raw, problems)
        if len(problems.lines) > before:
            return None
        data = {name: value for name, value in raw.items() if name not in self.item_derived}
        try:
            hand = sviten.parse_hand(data, number, setup)
        except RuleError as error:
            problems.add(f"hand {number}", error.message)
            return None
        return hand if setup is None else _sviten_entered(setup, hand, number)

    def state_entries(self, state: sviten.State) -> list[sviten.Hand]:
        return [_sviten_entered(state.setup, r.hand, r.number) for r in state.hands]

    def entered(self, entry: sviten.Hand) -> dict[str, Any]:
        return sviten.hand_to_dict(entry)

    def items_list(self, state: sviten.State) -> list[dict[str, Any]]:
        items = []
        for result in state.hands:
            hand = result.hand
            entered = sviten.hand_to_dict(hand)
            item: dict[str, Any] = {
                "number": result.number,
                "dealer": result.dealer,
                "declarer": hand.declarer,
                "bid": hand.bid,
                "trump": entered["trump"],
            }
            if "captured" in entered:
                item["captured"] = entered["captured"]
            item["tricks"] = list(result.tricks)
            if "jokers" in entered:
                item["jokers"] = entered["jokers"]
            # A pair in quick mode (trick counts and typed meld points) has no known melds.
            item["melds"] = [
                None
                if hand.captured is None and hand.melds[pair] is None
                else [list(meld) for meld in result.melds[pair]]
                for pair in range(2)
            ]
            item["meld_points"] = list(result.meld_points)
            if "meld_counts" in entered:
                item["meld_counts"] = entered["meld_counts"]
            item["made"] = result.made
            item["slam"] = result.slam
            item["scores"] = list(result.scores)
            items.append(item)
        return items

    def sheet(self, state: sviten.State) -> str:
        names = state.players
        seats = ", ".join(f"{seat} {name}" for seat, name in zip(sviten.SEATS, names, strict=True))
        lines = [
            f"Sviten Special: {seats}",
            f"Pairs: {state.setup.pair_label(0)} v {state.setup.pair_label(1)}",
        ]
        options = sviten_options_text(state.setup.options)
        if options:
            lines.append(f"Options: {options}")
        lines.append("")
        pairs = list(sviten.PAIR_NAMES)
        headers = ["Hand", "Dealer", "Declarer", "Bid", "Result", *pairs * 4]
        rows = []
        for result in state.hands:
            trump = "NT" if result.trump is None else result.trump.symbol
            outcome = "made" if result.made else "failed"
            if result.slam is not None:
                outcome += f", slam {sviten.PAIR_NAMES[result.slam]}"
            row = [
                str(result.number),
                names[result.dealer],
                f"{sviten.SEATS[result.declarer]} {names[result.declarer]}",
                f"{result.bid} {trump}",
                outcome,
                *(str(t) for t in result.tricks),
                *(f"{result.meld_points[p]} ({result.meld_counts[p]})" for p in range(2)),
                *(_signed(s) for s in result.scores),
                *(_signed(t) for t in result.totals),
            ]
            rows.append(row)
        rows.append(["Total", *[""] * 10, *(str(t) for t in state.totals)])
        right = {0, *range(5, 13)}
        groups = [("tricks", 5, 7), ("melds (count)", 7, 9), ("scores", 9, 11), ("totals", 11, 13)]
        lines += _table(headers, rows, right, groups)
        lines += ["", state.result_text + "."]
        return "\n".join(lines) + "\n"

    def csv_rows(self, state: sviten.State) -> tuple[list[Any], list[list[Any]]]:
        names = state.players
        pairs = sviten.PAIR_NAMES
        header = [
            "Hand",
            "Dealer",
            "Declarer",
            "Bid",
            "Trump",
            "Made",
            *(f"Tricks {pair}" for pair in pairs),
            *(f"Melds {pair}" for pair in pairs),
            *(f"Meld points {pair}" for pair in pairs),
            *(f"Score {pair}" for pair in pairs),
            *(f"Total {pair}" for pair in pairs),
            *(f"Melds laid {pair}" for pair in pairs),
        ]
        rows = []
        for result in state.hands:
            rows.append(
                [
                    result.number,
                    names[result.dealer],
                    names[result.declarer],
                    result.bid,
                    "no-trump" if result.trump is None else result.trump.record_name,
                    "yes" if result.made else "no",
                    *result.tricks,
                    *result.meld_counts,
                    *result.meld_points,
                    *result.scores,
                    *result.totals,
                    *(sviten.melds_text(melds) for melds in result.melds),
                ]
            )
        return header, rows


def sviten_options_text(options: sviten.Options) -> str:
    """The options of a Sviten game that differ from the defaults, in words (for text sheets)."""
    parts = []
    if not options.slam_bonus:
        parts.append("no slam bonus")
    if options.failed_bid == "keep_points":
        parts.append("a failed bid scores tricks + melds - 10 x bid")
    if options.hand_cap is not None:
        parts.append(f"the leader wins after hand {options.hand_cap}")
    if options.no_trump_only:
        parts.append("no-trump only")
    if options.open_last_three:
        parts.append("open last three")
    if options.double_trump_runs:
        parts.append("trump runs count three times")
    if options.jokers:
        parts.append("two jokers")
    return "; ".join(parts)


#: The record format of every game kind, by the record's ``game``.
CODECS: dict[str, Codec] = {
    codec.kind: codec for codec in (BismarckCodec(), KlaberjassCodec(), SvitenCodec())
}
