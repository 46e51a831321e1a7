"""A record's ``history``: the whole event log, with the time of each entry and who entered it.

Written as ``{"kind": …, "data": {…}, "at": "2025-05-01T19:30:00Z", "seat": "1"}`` (data keys
sorted, times in UTC; ``seat`` only where known: the seat of the phone that entered it); read
back strictly, checking each entry's kind and data fields against the game's.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from datetime import UTC, datetime
from typing import Any

from scorekeeper.games.events import Event
from scorekeeper.games.text import T_, Text
from scorekeeper.records.guard import MAX_HISTORY
from scorekeeper.records.problems import RECORD, Problems, show, unknown_fields

#: Each event kind of a game's history and the data fields it may carry.
EventFields = Mapping[str, frozenset[str]]

#: Who entered an entry: a seat's number (a player, or a pair in a game of pairs) or the
#: club evening's organiser.
SEAT = re.compile(r"[0-9]{1,2}|organiser")

#: A history as read: its events, each one's time, who entered it (None: not known) and who
#: confirmed it (``confirmed_by``, by the entry's log position; only where any did).
History = tuple[
    tuple[Event, ...],
    tuple[datetime | None, ...],
    tuple[str | None, ...],
    dict[int, frozenset[str]],
]


def history_entry(
    event: Event,
    at: datetime | None,
    seat: str | None = None,
    confirmed_by: Collection[str] = (),
) -> dict[str, Any]:
    """One event as a history entry (``at`` left out when the time is not known, ``seat``
    when who entered it is not, ``confirmed_by`` when no seat confirmed it: a record of
    version 2 only)."""
    entry: dict[str, Any] = {
        "kind": event.kind,
        "data": {key: event.data[key] for key in sorted(event.data)},
    }
    if at is not None:
        entry["at"] = _timestamp(at)
    if seat is not None:
        entry["seat"] = seat
    if confirmed_by:
        entry["confirmed_by"] = sorted(confirmed_by)
    return entry


def read_history(
    raw: Any, event_fields: EventFields, game: str, problems: Problems, *, confirmations: bool
) -> History | None:
    """The events, their times, who entered them and (in a record that may say it:
    ``confirmations``) who confirmed them; entries with problems are reported and left out.
    None if ``raw`` is not a list of at most :data:`MAX_HISTORY` entries."""
    if not isinstance(raw, list):
        problems.add(
            RECORD, T_("history must be a list of events, not %(value)s", value=show(raw, 30))
        )
        return None
    if len(raw) > MAX_HISTORY:
        problems.add(
            RECORD,
            T_(
                "history holds at most %(most)s events, this one %(count)s",
                most=MAX_HISTORY,
                count=len(raw),
            ),
        )
        return None
    events: list[Event] = []
    times: list[datetime | None] = []
    seats: list[str | None] = []
    confirmed: dict[int, frozenset[str]] = {}
    for index, entry in enumerate(raw):
        read = _entry(entry, event_fields, game, confirmations)
        if isinstance(read, Text):
            problems.add(T_("history entry %(n)s", n=index + 1), read)
        else:
            if read[3]:
                confirmed[len(events)] = read[3]
            events.append(read[0])
            times.append(read[1])
            seats.append(read[2])
    return tuple(events), tuple(times), tuple(seats), confirmed


def _entry(
    entry: Any, event_fields: EventFields, game: str, confirmations: bool
) -> tuple[Event, datetime | None, str | None, frozenset[str]] | Text:
    """One history entry's event, time, seat and who confirmed it, or what is wrong with it."""
    if not isinstance(entry, dict):
        return T_("must be an object ({…}), not %(value)s", value=show(entry, 30))
    fields = ("kind", "data", "at", "seat", *(("confirmed_by",) if confirmations else ()))
    unknown = [name for name in entry if name not in fields]
    if unknown:
        return unknown_fields(unknown)
    kind = entry.get("kind")
    if not isinstance(kind, str) or kind not in event_fields:
        what = (
            T_("kind is missing")
            if kind is None
            else T_("unknown kind %(kind)s", kind=show(kind, 30))
        )
        kinds = ", ".join(event_fields)
        return T_("%(what)s (a %(game)s history has %(kinds)s)", what=what, game=game, kinds=kinds)
    data = entry.get("data", {})
    if not isinstance(data, dict):
        return T_("data must be an object ({…}), not %(value)s", value=show(data, 30))
    unknown = [name for name in data if name not in event_fields[kind]]
    if unknown:
        return T_("%(kind)s: %(problem)s", kind=kind, problem=unknown_fields(unknown))
    at = None
    if "at" in entry:
        at = _parse_timestamp(entry["at"])
        if at is None:
            return T_(
                'at must be a time like "2025-05-01T19:30:00Z", not %(value)s',
                value=show(entry["at"]),
            )
    seat = entry.get("seat")
    if seat is not None and not (isinstance(seat, str) and SEAT.fullmatch(seat)):
        return T_(
            'seat must be a seat\'s number as text ("0", "1"…) or "organiser", not %(value)s',
            value=show(seat, 30),
        )
    confirmed_by = entry.get("confirmed_by", [])
    if not isinstance(confirmed_by, list) or not all(
        isinstance(by, str) and SEAT.fullmatch(by) for by in confirmed_by
    ):
        return T_(
            'confirmed_by must be a list of seats ("0", "1"… or "organiser"), not %(value)s',
            value=show(confirmed_by, 30),
        )
    return Event(kind, data), at, seat, frozenset(confirmed_by)


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


def timestamp_text(at: datetime) -> str:
    """A time (UTC) as a record writes it: ``2025-05-01T19:30:00Z``."""
    return _timestamp(at)


def read_timestamp(value: Any) -> datetime | None:
    """A record's time as written by :func:`timestamp_text` (naive UTC), or None when it is
    not one."""
    return _parse_timestamp(value)
