"""A club record written (``scorekeeper-club/1``, :mod:`scorekeeper.clubs.record`): the club's
setup, register, seasons and evenings as the record's fields (:func:`build_club`), and as text,
byte-stable and an entry a line (:func:`dumps_club`). Pure Python: no Flask, no database."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from scorekeeper.clubs.record_format import CLUB_FORMAT, Member, Season


class RecordText(str):
    """An evening's record already written as JSON text on one line (as :func:`dumps_club`
    writes it: kept, so not read and written again), to stand for it in a club record."""


def timestamp(at: datetime) -> str:
    """A time as the records write one: UTC, ``2026-03-05T19:02:11.123456Z``."""
    if at.tzinfo is not None:
        at = at.astimezone(UTC).replace(tzinfo=None)
    return at.isoformat() + "Z"


def member_dict(member: Member) -> dict[str, Any]:
    return {
        "id": member.id,
        "name": member.name,
        "former_names": list(member.former_names),
        "joined": None if member.joined is None else timestamp(member.joined),
        "retired": member.retired,
        "merged_into": member.merged_into,
    }


def build_club(
    name: str,
    games: Sequence[str],
    members: Iterable[Member],
    evenings: Iterable[tuple[datetime, Sequence[int], Mapping[str, Any] | RecordText]],
    seasons_: Iterable[Season] = (),
) -> dict[str, Any]:
    """The club as a record: ``evenings`` are (when it was made, each player's member id, its
    evening record as :func:`~scorekeeper.evenings.record.build_evening` builds it, or as its
    text), written oldest first; ``seasons_`` only when there are any (a record without is as
    valid)."""
    record: dict[str, Any] = {
        "format": CLUB_FORMAT,
        "name": name,
        "games": list(games),
        "members": [member_dict(m) for m in sorted(members, key=lambda m: m.id)],
    }
    stored = [s.to_dict() for s in seasons_]
    if stored:
        record["seasons"] = stored
    ordered = sorted(evenings, key=lambda e: e[0])  # stable: equal times keep their order
    record["evenings"] = [
        {
            "date": timestamp(at),
            "members": list(ids),
            "record": evening if isinstance(evening, RecordText) else dict(evening),
        }
        for at, ids, evening in ordered
    ]
    return record


#: The lists of a club record written an entry a line.
LISTS = ("members", "seasons", "evenings")


def dumps_club(record: Mapping[str, Any]) -> str:
    """The club record as text: byte-stable, as a game record is, and small: each member,
    season and evening on a line of its own, written without spaces (a game of Bismarck some
    3.5 KB, not 13.5: a club of years still fits the 64 MB an import takes). An evening's
    record may be given as its text (:class:`RecordText`)."""
    fields = []
    for key, value in record.items():
        if key in LISTS and isinstance(value, list) and value:
            listed = ",\n".join(f"    {_entry(entry)}" for entry in value)
            fields.append(f"  {_compact(key)}: [\n{listed}\n  ]")
        else:
            fields.append(f"  {_compact(key)}: {_compact(value)}")
    return "{\n" + ",\n".join(fields) + "\n}\n"


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _entry(value: Any) -> str:
    if isinstance(value, Mapping) and isinstance(value.get("record"), RecordText):
        parts = [
            f"{_compact(key)}:{part if key == 'record' else _compact(part)}"
            for key, part in value.items()
        ]
        return "{" + ",".join(parts) + "}"
    return _compact(value)
