"""The portable game record ``scorekeeper-record/1``: read, check and write it; CSV, text sheets.

This is the one place that knows the JSON record format (``docs/records.md``, JSON Schema in
``scorekeeper/schemas/record-1.json``). Export, import and the command line all go through it.
It knows nothing of Flask or the database, and names no game: :func:`loads` turns bytes into a
checked :class:`GameRecord` (a setup and an event log, replayed through the game's rules
engine), and :func:`export` turns a game's setup and log back into a record.

What was entered is the truth; everything else is derived. A record carries what was entered
(contracts, trumps, tricks ...) and, on export, everything derived from it (each deal's number,
dealer, declarer and scores; the totals, the winners). On import the derived fields are optional,
and where present they must agree with the rules, so a hand-edited or corrupted file is refused
with a message that names the deal and the field. An optional ``history`` carries the whole event
log (corrections, undos, redeals, times), so an export → import round trip loses nothing.

Every game kind is written by a :class:`~scorekeeper.records.codec.Codec`, registered by kind
with :func:`register_codec` (the built-in ones in ``scorekeeper/records/__init__.py``); the
codec module also holds :class:`GameRecord` and writes a record's fields, and imports nothing
from here.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from importlib import import_module
from typing import Any, Protocol

from scorekeeper.games.events import Event
from scorekeeper.games.registry import Registry, game_for
from scorekeeper.games.text import T_, Words, speaking
from scorekeeper.records.codec import CONFIRMING_FORMAT, FORMAT, FORMATS, Codec, GameRecord
from scorekeeper.records.guard import decode
from scorekeeper.records.problems import RECORD, RecordError, kind_of, problem, show
from scorekeeper.records.text import csv_text

FORMAT_PREFIX = "scorekeeper-record/"
#: The versions this Scorekeeper reads, as a refusal names them.
_READS = f"{FORMAT} and {CONFIRMING_FORMAT}"

#: The record format of every game kind, by the record's ``game``, in registration order.
#: The built-in games' codecs: each a module here (``scorekeeper.records.<kind>``) that gives its
#: ``CODEC``, imported the first time a record of that game is read or written.
BUILT_IN = ("bismarck", "klaberjass", "sviten", "free")

_CODECS: Registry[Codec[Any, Any, Any]] = Registry(
    BUILT_IN, lambda kind: import_module(f"scorekeeper.records.{kind}").CODEC
)


class NoRecordFormat(ValueError):
    """No codec is registered for this game kind."""

    def __init__(self, kind: str):
        super().__init__(f"There is no record format for {kind!r} games.")
        self.kind = kind


def register_codec(codec: Codec[Any, Any, Any]) -> Codec[Any, Any, Any]:
    """Make records of ``codec.kind`` readable and writable (replacing a codec of that kind).

    The game itself must be registered first (:func:`scorekeeper.games.registry.register`):
    a record is replayed through its rules."""
    game_for(codec.kind)  # UnknownGame for a codec of a game nobody registered
    _CODECS.register(codec.kind, codec)
    return codec


def unregister_codec(kind: str) -> None:
    """Forget the codec of ``kind`` (tests that register one of their own clean up with this)."""
    _CODECS.unregister(kind)


def codec_for(kind: str) -> Codec[Any, Any, Any]:
    """The codec of this game kind; :class:`NoRecordFormat` when there is none."""
    codec = _CODECS.get(kind)
    if codec is None:
        raise NoRecordFormat(kind)
    return codec


def codecs() -> dict[str, Codec[Any, Any, Any]]:
    """Every game's codec, by kind: the built-in ones in their order, then the others."""
    return _CODECS.all()


def loads(data: bytes | str) -> GameRecord:
    """Read and check a record. Raises :class:`RecordError` with one line per problem."""
    return parse(decode(data))


def parse(raw: Any) -> GameRecord:
    """Check an already decoded record (a dict) and replay it through its game's engine."""
    if not isinstance(raw, dict):
        raise RecordError(
            [
                problem(
                    RECORD,
                    T_("a game record is a JSON object ({…}), not %(kind)s", kind=kind_of(raw)),
                )
            ]
        )
    found = raw.get("format")
    if found not in FORMATS:
        if found is None:
            message = T_(
                'format is missing: a game record starts with "format": "%(format)s"',
                format=FORMAT,
            )
        elif isinstance(found, str) and found.startswith(FORMAT_PREFIX):
            message = T_(
                "this is a %(found)s record, but this Scorekeeper reads only %(format)s",
                found=show(found, 40),
                format=_READS,
            )
        else:
            message = T_(
                "unknown format %(found)s: this Scorekeeper reads %(format)s",
                found=show(found, 40),
                format=_READS,
            )
        raise RecordError([problem(RECORD, message)])
    return _codec_of(raw.get("game")).parse(raw)


def _codec_of(game: Any) -> Codec[Any, Any, Any]:
    """The codec of a record's ``game``; a problem line if there is none."""
    if isinstance(game, str):
        try:
            return codec_for(game)
        except NoRecordFormat:
            pass
    known = ", ".join(codecs())
    what = (
        T_("game is missing") if game is None else T_("unknown game %(game)s", game=show(game, 40))
    )
    raise RecordError(
        [
            problem(
                RECORD,
                T_("%(what)s: this Scorekeeper reads records of %(known)s", what=what, known=known),
            )
        ]
    )


def build(
    kind: str,
    setup: Any,
    events: Sequence[Event],
    times: Sequence[datetime | None] | None = None,
    *,
    state: Any = None,
    history: bool = True,
    seats: Sequence[str | None] = (),
    confirms: bool = False,
    confirmed: Mapping[int, Collection[str]] | None = None,
) -> dict[str, Any]:
    """A game's record with every derived field, keys in a fixed order (``seats``: who entered
    each event, where known; a game that ``confirms``: who ``confirmed`` each, version 2)."""
    return codec_for(kind).build(
        setup,
        events,
        times,
        state=state,
        history=history,
        seats=seats,
        confirms=confirms,
        confirmed=confirmed,
    )


def dumps(record: Mapping[str, Any]) -> str:
    """The record as text: byte-stable (fixed key order, two-space indent, final newline)."""
    return json.dumps(record, ensure_ascii=False, indent=2, sort_keys=False) + "\n"


def export(
    kind: str,
    setup: Any,
    events: Sequence[Event],
    times: Sequence[datetime | None] | None = None,
    seats: Sequence[str | None] = (),
    *,
    confirms: bool = False,
    confirmed: Mapping[int, Collection[str]] | None = None,
) -> str:
    """A stored game as record text, with its whole history (and who entered each entry,
    where known; in a game that ``confirms``, who ``confirmed`` each)."""
    return dumps(
        build(kind, setup, events, times, seats=seats, confirms=confirms, confirmed=confirmed)
    )


class Logged(Protocol):
    """A game with its whole log, as a stored game and a read record both have it."""

    @property
    def kind(self) -> str: ...
    @property
    def setup(self) -> Any: ...
    @property
    def events(self) -> Sequence[Event]: ...
    @property
    def times(self) -> Sequence[datetime | None]: ...
    @property
    def seats(self) -> Sequence[str | None]: ...
    @property
    def confirms(self) -> bool: ...
    @property
    def confirmed(self) -> Mapping[int, Collection[str]]: ...


def build_logged(game: Logged) -> dict[str, Any]:
    """:func:`build` of a game with its whole log: who entered each entry and, in a game that
    confirms, who confirmed each (from its state when it has one: nothing replayed again)."""
    return build(
        game.kind,
        game.setup,
        game.events,
        game.times,
        state=getattr(game, "state", None),
        seats=game.seats,
        confirms=game.confirms,
        confirmed=game.confirmed,
    )


def score_sheet(kind: str, state: Any, words: Words | None = None) -> str:
    """The score sheet as a plain-text table, for the terminal, in ``words`` (English unless
    given)."""
    with speaking(words):
        return codec_for(kind).sheet(state)


def deals_csv(kind: str, state: Any, words: Words | None = None) -> str:
    """One row per deal (or hand), with a header row: UTF-8 text with a byte-order mark, so
    that spreadsheets open it with the right encoding. Text cells that a spreadsheet would
    take for a formula get a leading apostrophe. Headers and words in ``words`` (English
    unless given)."""
    with speaking(words):
        header, rows = codec_for(kind).csv_rows(state)
        return csv_text(header, rows)
