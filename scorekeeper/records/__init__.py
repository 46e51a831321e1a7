"""The portable game record ``scorekeeper-record/1`` (``docs/records.md``), as a package."""

from scorekeeper.records.core import (
    CODECS,
    FORMAT,
    MAX_PROBLEMS,
    MAX_RECORD_BYTES,
    GameRecord,
    RecordError,
    build,
    codec_for,
    deals_csv,
    decode,
    dumps,
    export,
    loads,
    parse,
    score_sheet,
    sviten_options_text,
)

__all__ = [
    "CODECS",
    "FORMAT",
    "MAX_PROBLEMS",
    "MAX_RECORD_BYTES",
    "GameRecord",
    "RecordError",
    "build",
    "codec_for",
    "deals_csv",
    "decode",
    "dumps",
    "export",
    "loads",
    "parse",
    "score_sheet",
    "sviten_options_text",
]
