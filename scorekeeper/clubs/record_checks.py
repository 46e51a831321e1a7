"""A club record's parts checked (``scorekeeper-club/1``, :mod:`scorekeeper.clubs.record`): its
members, evenings and seasons, each refused with a line naming its place (``member 3``,
``evening 2 (Vecka 2)``, ``season 1 (Vår)``) and the checks going on to the next, so a record
is refused with every problem at once. Each evening's record is checked by the evenings' own
reader (:func:`scorekeeper.evenings.record.parse_evening`), its lines prefixed with the
evening. Pure Python: no Flask, no database."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from scorekeeper import seasons
from scorekeeper.clubs import register, season
from scorekeeper.clubs.record_format import (
    EVENING_FIELDS,
    MAX_MEMBERS,
    MAX_SEASONS,
    MEMBER_FIELDS,
    SEASON_FIELDS,
    SECRETS,
    ClubEvening,
    Member,
    Season,
)
from scorekeeper.evenings.record import EveningRecord, parse_evening
from scorekeeper.games.events import RuleError
from scorekeeper.games.text import T_, Text
from scorekeeper.records.history import read_timestamp
from scorekeeper.records.problems import (
    RECORD,
    RecordError,
    is_int,
    problem,
    unknown_fields,
)


def read_list(value: Any, field: str, most: int, lines: list[Text]) -> list[Any]:
    if not isinstance(value, list):
        lines.append(problem(RECORD, T_("%(field)s must be a list", field=field)))
        return []
    if len(value) > most:
        lines.append(problem(RECORD, T_("%(field)s holds more than %(n)s", field=field, n=most)))
        return []
    return value


def _day(value: Any) -> date | None:
    if not isinstance(value, str) or len(value) != 10:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None


def read_members(raw: Any, lines: list[Text]) -> tuple[list[Member], set[int]]:
    """The members read, and every id the record's members give (read or refused)."""
    found: list[Member] = []
    taken: list[str] = []
    listed = read_list(raw, "members", MAX_MEMBERS, lines)
    numbered = {
        entry["id"] for entry in listed if isinstance(entry, dict) and is_int(entry.get("id"))
    }
    for number, entry in enumerate(listed, start=1):
        where = T_("member %(n)s", n=number)
        member = _member(entry, where, taken, lines)
        if member is None:
            continue
        if any(m.id == member.id for m in found):
            lines.append(problem(where, T_("id %(id)s is another member's too", id=member.id)))
            continue
        found.append(member)
        if member.merged_into is None:
            taken.append(member.name)
    ids = {m.id for m in found}
    kept = {m.id: m.merged_into for m in found}
    for number, member in enumerate(found, start=1):
        where = T_("member %(n)s", n=number)
        into = member.merged_into
        if into is None:
            continue
        if into == member.id:
            lines.append(problem(where, T_("merged_into names the member itself")))
        elif into not in numbered:
            lines.append(problem(where, T_("merged_into names no member: %(id)s", id=into)))
        elif into in ids and _loops(kept, member.id):
            lines.append(problem(where, T_("its merges go round in a circle")))
    return found, numbered


def _loops(kept: Mapping[int, int | None], start: int) -> bool:
    seen = {start}
    at = kept.get(start)
    while at is not None:
        if at in seen:
            return True
        seen.add(at)
        at = kept.get(at)
    return False


def _member(entry: Any, where: Text, taken: list[str], lines: list[Text]) -> Member | None:
    if not isinstance(entry, dict):
        lines.append(problem(where, T_("a member must be a record of fields")))
        return None
    secret = [key for key in entry if key in SECRETS]
    unknown = [key for key in entry if key not in MEMBER_FIELDS]
    if secret or unknown:
        lines.append(problem(where, unknown_fields(secret or unknown)))
        return None
    id_ = entry.get("id")
    if not (is_int(id_) and 1 <= id_ <= 10**9):
        lines.append(problem(where, T_("id must be a whole number from 1")))
        return None
    merged_into = entry.get("merged_into")
    if merged_into is not None and not is_int(merged_into):
        lines.append(problem(where, T_("merged_into must be a member's id or null")))
        return None
    try:
        # A merged entry's name is free again: only the others' names must differ.
        given = entry.get("name")
        name = register.checked_member_name(
            given if isinstance(given, str) else "", taken if merged_into is None else ()
        )
    except RuleError as error:
        lines.append(problem(where, error.text))
        return None
    former = entry.get("former_names", [])
    if not isinstance(former, list) or len(former) > 100:
        lines.append(problem(where, T_("former_names must be a list of names")))
        return None
    formers: list[str] = []
    for old in former:
        try:
            formers.append(register.checked_member_name(old, ()))
        except RuleError as error:
            lines.append(problem(where, error.text))
            return None
    joined = entry.get("joined")
    when = None if joined is None else read_timestamp(joined)
    if joined is not None and when is None:
        lines.append(problem(where, T_("joined must be a time (2026-03-05T19:00:00Z) or null")))
        return None
    retired = entry.get("retired", False)
    if not isinstance(retired, bool):
        lines.append(problem(where, T_("retired must be true or false")))
        return None
    return Member(id_, name, tuple(formers), when, retired, merged_into)


def _shown(name: str) -> str:
    """A name the record gives, as a refusal names its place: trimmed, cut short."""
    name = " ".join(name.split())
    return name if len(name) <= 40 else name[:39] + "…"


def _evening_where(number: int, entry: Any) -> Text:
    named = entry.get("record") if isinstance(entry, dict) else None
    name = named.get("name") if isinstance(named, dict) else None
    if isinstance(name, str) and name.strip():
        return T_("evening %(n)s (%(name)s)", n=number, name=_shown(name))
    return T_("evening %(n)s", n=number)


def read_evenings(
    listed: list[Any], members: set[int], games: Sequence[str], lines: list[Text]
) -> list[ClubEvening]:
    found = []
    for number, entry in enumerate(listed, start=1):
        where = _evening_where(number, entry)
        read = _evening(entry, where, members, games, lines)
        if read is not None:
            found.append(read)
    return found


def _evening(
    entry: Any,
    where: Text,
    members: set[int],
    games: Sequence[str],
    lines: list[Text],
) -> ClubEvening | None:
    if not isinstance(entry, dict):
        lines.append(problem(where, T_("an evening must be a record of fields")))
        return None
    unknown = [key for key in entry if key not in EVENING_FIELDS]
    if unknown:
        lines.append(problem(where, unknown_fields(unknown)))
        return None
    held = read_timestamp(entry.get("date"))
    if held is None:
        lines.append(problem(where, T_("date must be a time (2026-03-05T19:00:00Z)")))
        return None
    evening = _evening_record(entry.get("record"), where, games, lines)
    if evening is None:
        return None
    ids: Any = entry.get("members")  # a list of the members, one a player, once checked
    wrong = _wrong_members(ids, evening, members)
    if wrong is not None:
        lines.append(problem(where, wrong))
        return None
    return ClubEvening(held, tuple(ids), evening)


def _evening_record(
    raw: Any, where: Text, games: Sequence[str], lines: list[Text]
) -> EveningRecord | None:
    """The evening's own record, checked by its reader, of one of the club's games."""
    try:
        evening = parse_evening(raw)
    except RecordError as error:
        lines.extend(problem(where, line) for line in error.problems)
        return None
    if evening.setup.kind not in games:
        lines.append(
            problem(
                where,
                T_("its game %(game)s is not one of the club's games", game=evening.setup.kind),
            )
        )
        return None
    return evening


def _wrong_members(ids: Any, evening: EveningRecord, members: set[int]) -> Text | None:
    """What is wrong with the evening's member ids (one a player, each a member of the club,
    none twice), or None."""
    players = len(evening.setup.players)
    if not isinstance(ids, list) or len(ids) != players or not all(is_int(i) for i in ids):
        return T_(
            "members must list %(n)s member ids, one for each of its players",
            n=players,
        )
    for player, id_ in enumerate(ids):
        if id_ not in members:
            return T_(
                "%(player)s is member %(id)s, and the club has no member %(id)s",
                player=evening.setup.players[player],
                id=id_,
            )
        if id_ in ids[:player]:
            return T_("member %(id)s plays twice in it", id=id_)
    return None


def read_seasons(raw: Any, evenings: int, lines: list[Text]) -> list[Season]:
    found: list[Season] = []
    for number, entry in enumerate(read_list(raw, "seasons", MAX_SEASONS, lines), start=1):
        name = entry.get("name") if isinstance(entry, dict) else None
        where = (
            T_("season %(n)s (%(name)s)", n=number, name=_shown(name))
            if isinstance(name, str) and name.strip()
            else T_("season %(n)s", n=number)
        )
        read = _season(entry, where, evenings, [s.name for s in found], lines)
        if read is not None:
            found.append(read)
    return found


def _season(
    entry: Any, where: Text, evenings: int, taken: list[str], lines: list[Text]
) -> Season | None:
    if not isinstance(entry, dict):
        lines.append(problem(where, T_("a season must be a record of fields")))
        return None
    unknown = [key for key in entry if key not in SEASON_FIELDS]
    if unknown:
        lines.append(problem(where, unknown_fields(unknown)))
        return None
    given = entry.get("name")
    try:  # as the season's form takes one: unique in the club, ignoring case
        name = season.checked_season_name(given if isinstance(given, str) else "", taken)
    except RuleError as error:
        lines.append(problem(where, error.text))
        return None
    n = entry.get("n", 0)
    if not is_int(n) or n < 0:
        lines.append(problem(where, T_("n must be a whole number")))
        return None
    try:
        rule = seasons.SeasonRule(
            entry.get("rule", seasons.TOTAL), entry.get("absence", seasons.NO_SCORE), n
        )
    except RuleError as error:
        lines.append(problem(where, error.text))
        return None
    days: list[date | None] = []
    for field in ("date_from", "date_to"):
        value = entry.get(field)
        day = None if value is None else _day(value)
        if value is not None and day is None:
            lines.append(
                problem(where, T_("%(field)s must be a date (2026-03-05) or null", field=field))
            )
            return None
        days.append(day)
    chosen = entry.get("evenings")
    if chosen is not None and not (
        isinstance(chosen, list)
        and all(is_int(e) and 1 <= e <= evenings for e in chosen)
        and len(set(chosen)) == len(chosen)
    ):
        lines.append(
            problem(
                where,
                T_("evenings must list evenings of the record by number, 1 to %(n)s", n=evenings),
            )
        )
        return None
    found = Season(name, rule, days[0], days[1], None if chosen is None else tuple(chosen))
    try:
        found.span  # noqa: B018 - checked as the club's seasons are: dates or evenings, in order
    except RuleError as error:
        lines.append(problem(where, error.text))
        return None
    return found
