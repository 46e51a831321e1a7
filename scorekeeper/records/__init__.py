"""The portable game record ``scorekeeper-record/1`` (``docs/records.md``): the one place that
knows the JSON format, for export, import, the command line and printing.

    record = records.loads(data)              # RecordError: one line per problem
    text = records.export(kind, setup, events, times)

Modules: :mod:`~scorekeeper.records.guard` reads hostile JSON within limits;
:mod:`~scorekeeper.records.core` holds the codec registry and the functions below;
:mod:`~scorekeeper.records.codec` the :class:`Codec` interface every game's codec gives, the
checks they share and :class:`GameRecord` (it imports nothing from ``core``);
:mod:`~scorekeeper.records.deals` the base for games entered one deal per event;
:mod:`~scorekeeper.records.text` text sheets and CSV; :mod:`~scorekeeper.records.problems` the
problem lines. One module per game holds its codec, as ``CODEC``.

The built-in games' codecs are listed once, in :data:`~scorekeeper.records.core.BUILT_IN`, and
each is imported the first time a record of its game is read or written. A game defined
elsewhere registers its own with :func:`register_codec` (after registering the game itself).
"""

from scorekeeper.records.codec import CONFIRMING_FORMAT, FORMAT, FORMATS, Codec, GameRecord
from scorekeeper.records.core import (
    BUILT_IN,
    Logged,
    NoRecordFormat,
    build,
    build_logged,
    codec_for,
    codecs,
    deals_csv,
    dumps,
    export,
    loads,
    parse,
    register_codec,
    score_sheet,
    unregister_codec,
)
from scorekeeper.records.deals import DealsCodec
from scorekeeper.records.guard import MAX_RECORD_BYTES, decode
from scorekeeper.records.problems import MAX_PROBLEMS, RECORD, Problems, RecordError, problem

__all__ = [
    "BUILT_IN",
    "CONFIRMING_FORMAT",
    "FORMAT",
    "FORMATS",
    "MAX_PROBLEMS",
    "MAX_RECORD_BYTES",
    "RECORD",
    "Codec",
    "DealsCodec",
    "GameRecord",
    "Logged",
    "NoRecordFormat",
    "Problems",
    "RecordError",
    "build",
    "build_logged",
    "codec_for",
    "codecs",
    "deals_csv",
    "decode",
    "dumps",
    "export",
    "loads",
    "parse",
    "problem",
    "register_codec",
    "score_sheet",
    "unregister_codec",
]
