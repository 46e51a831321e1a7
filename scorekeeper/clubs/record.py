"""The portable club record ``scorekeeper-club/1``: a club's setup, its register (members, their
former names, merges and retirements), its stored seasons and every evening of the club as an
evening record (``scorekeeper-evening/1``, whole, each table's game with its history), with
which member each of the evening's players is. Pure Python: no Flask, no database.

    text = dumps_club(build_club(name, games, members, evenings))
    read = loads_club(data)                      # RecordError: one line per problem, each naming
                                                 # the place (``evening 2 (Vecka 2): round 1, …``)

The record never holds the organiser PIN, its hash or the club's address: a record with any
of them is refused (so a file that went round the members cannot carry a key). Reading checks
everything an import needs before anything is stored; the evening and game records' own
readers check theirs, and their lines are prefixed with the evening they are about.

Written byte-stable: fields in a fixed order, members by their number, evenings oldest first,
so export → import → export gives the same bytes. ``docs/records.md`` documents the format,
``scorekeeper/schemas/club-1.json`` is its JSON Schema.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from fractions import Fraction
from typing import Any

from scorekeeper import seasons
from scorekeeper.clubs import register, season
from scorekeeper.evenings.record import (
    EveningRecord,
    evening_standings,
    parse_evening,
    points_text,
)
from scorekeeper.games.events import RuleError
from scorekeeper.games.text import T_, Text, ngettext
from scorekeeper.games.text import gettext as _
from scorekeeper.records.guard import decode
from scorekeeper.records.problems import (
    RECORD,
    RecordError,
    is_int,
    kind_of,
    problem,
    show,
    unknown_fields,
)
from scorekeeper.records.text import table

CLUB_FORMAT = "scorekeeper-club/1"
#: The fields of a club record, of each member, season and evening: any other is refused.
FIELDS = ("format", "name", "games", "members", "seasons", "evenings")
MEMBER_FIELDS = ("id", "name", "former_names", "joined", "retired", "merged_into")
SEASON_FIELDS = ("name", "rule", "n", "absence", "date_from", "date_to", "evenings")
EVENING_FIELDS = ("date", "members", "record")
#: What a club record never holds; named, so the refusal says why.
SECRETS = ("pin", "pin_hash", "token")

#: The largest club record read: a season of 40 evenings of ten tables is some 15 MB.
MAX_CLUB_BYTES = 64 * 1024 * 1024
#: The most members, evenings and seasons one record may hold. (Evenings: more than a club
#: of years holds, so that a club can always import its own export; the record's 64 MB bound
#: it before this does.)
MAX_MEMBERS = 2_000
MAX_EVENINGS = 20_000
MAX_SEASONS = 100
MAX_SEASON_NAME = season.MAX_SEASON_NAME

__all__ = [
    "CLUB_FORMAT",
    "MAX_CLUB_BYTES",
    "ClubEvening",
    "ClubRecord",
    "Member",
    "RecordText",
    "Season",
    "build_club",
    "club_games",
    "decode_club",
    "dumps_club",
    "evening_results",
    "loads_club",
    "names_now",
    "parse_club",
    "ratings_text",
    "season_rows",
    "season_text",
]


@dataclass(frozen=True)
class Member:
    """One entry of the register, numbered from 1 in the record (``id``)."""

    id: int
    name: str
    former_names: tuple[str, ...] = ()
    joined: datetime | None = None
    retired: bool = False
    merged_into: int | None = None


@dataclass(frozen=True)
class Season:
    """A stored season: its name and rule, and which evenings it groups (by dates, or the
    evenings chosen: their numbers in the record, from 1)."""

    name: str
    rule: seasons.SeasonRule
    date_from: date | None = None
    date_to: date | None = None
    evenings: tuple[int, ...] | None = None

    @property
    def span(self) -> season.SeasonSpan:
        """Its evenings as the club's stored season keeps them (the chosen ones by number)."""
        return season.SeasonSpan(self.date_from, self.date_to, self.evenings)

    def holds(self, number: int, held: datetime) -> bool:
        """Whether the record's evening ``number`` (from 1), held at ``held``, is one of its."""
        return self.span.holds(number, held.date())

    def to_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "name": self.name,
            "rule": self.rule.rule,
            "n": self.rule.n,
            "absence": self.rule.absence,
            "date_from": None if self.date_from is None else self.date_from.isoformat(),
            "date_to": None if self.date_to is None else self.date_to.isoformat(),
        }
        if self.evenings is not None:
            found["evenings"] = list(self.evenings)
        return found


@dataclass(frozen=True)
class ClubEvening:
    """An evening of the club: when it was made, which member (by ``id``) each of its players
    is (in the evening's order of players), and its checked evening record."""

    date: datetime
    members: tuple[int, ...]
    evening: EveningRecord


@dataclass(frozen=True)
class ClubRecord:
    """A checked club record: what :func:`scorekeeper.clubs.services.import_club` stores."""

    name: str
    games: tuple[str, ...]
    members: tuple[Member, ...]
    evenings: tuple[ClubEvening, ...]
    seasons: tuple[Season, ...] = ()


# --- writing ----------------------------------------------------------------------------------


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


# --- reading ----------------------------------------------------------------------------------


def _refused(message: Text) -> RecordError:
    return RecordError([problem(RECORD, message)])


def decode_club(data: bytes | str, *, any_size: bool = False) -> Any:
    """A club record's JSON text parsed as hostile input, as a game record's is
    (:func:`scorekeeper.records.guard.decode`: invalid UTF-8, NaN, duplicate fields, very long
    numbers, deep nesting and control characters refused), with room for a whole club:
    :data:`MAX_CLUB_BYTES`, or any size (``any_size``: the command line's ``club import``,
    for a club larger than an upload may be)."""
    limit = sys.maxsize if any_size else MAX_CLUB_BYTES
    too_large = T_(
        "the file is larger than %(n)s MB, more than a club record holds",
        n=MAX_CLUB_BYTES // (1024 * 1024),
    )
    return decode(data, limit=limit, too_large=too_large)


def loads_club(
    data: bytes | str, known_games: Sequence[str] | None = None, *, any_size: bool = False
) -> ClubRecord:
    """Read and check a club record (see the module's docstring; ``any_size``:
    :func:`decode_club`)."""
    return parse_club(decode_club(data, any_size=any_size), known_games)


def _known() -> tuple[str, ...]:
    from scorekeeper.records.core import codecs

    return tuple(codecs())


def parse_club(raw: Any, known_games: Sequence[str] | None = None) -> ClubRecord:
    """Check a decoded club record: everything, every problem at once (up to the records'
    limit), each line naming its place. ``known_games``: the games a club may play here (by
    default every game with a record format)."""
    if not isinstance(raw, dict):
        raise _refused(T_("a club record is a JSON object ({…}), not %(kind)s", kind=kind_of(raw)))
    if raw.get("format") != CLUB_FORMAT:
        raise _refused(
            T_(
                "format must be %(format)s, not %(found)s",
                format=CLUB_FORMAT,
                found=show(raw.get("format"), 40),
            )
        )
    secret = [key for key in raw if key in SECRETS]
    if secret:
        raise _refused(
            T_(
                "a club record never holds %(field)s: not the organiser PIN, its hash or the "
                "club's address",
                field=show(secret[0], 30),
            )
        )
    unknown = [key for key in raw if key not in FIELDS]
    if unknown:
        raise _refused(unknown_fields(unknown))
    try:
        given = raw.get("name")
        name = register.checked_club_name(given if isinstance(given, str) else "")
        games_ = raw.get("games")
        if not isinstance(games_, list) or not all(isinstance(g, str) for g in games_):
            raise RuleError(T_("games must be a list of the games the club plays"), field="games")
        games = register.checked_games(games_, known_games or _known())
    except RuleError as error:
        raise _refused(error.text) from None
    lines: list[Text] = []
    members, numbered = _members(raw.get("members"), lines)
    # A member refused for one of its fields is still a member to the evenings: one line each.
    listed = _list(raw.get("evenings", []), "evenings", MAX_EVENINGS, lines)
    evenings = _evenings(listed, numbered, games, lines)
    # A season names the record's evenings by number, a refused one too: one line each.
    seasons_ = _seasons(raw.get("seasons", []), len(listed), lines)
    if lines:
        raise RecordError(lines)
    return ClubRecord(name, games, tuple(members), tuple(evenings), tuple(seasons_))


def _list(value: Any, field: str, most: int, lines: list[Text]) -> list[Any]:
    if not isinstance(value, list):
        lines.append(problem(RECORD, T_("%(field)s must be a list", field=field)))
        return []
    if len(value) > most:
        lines.append(problem(RECORD, T_("%(field)s holds more than %(n)s", field=field, n=most)))
        return []
    return value


def _time(value: Any) -> datetime | None:
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        at = datetime.fromisoformat(value)
        if at.tzinfo is not None:
            at = at.astimezone(UTC).replace(tzinfo=None)
    except (ValueError, OverflowError):
        return None
    return at


def _day(value: Any) -> date | None:
    if not isinstance(value, str) or len(value) != 10:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None


def _members(raw: Any, lines: list[Text]) -> tuple[list[Member], set[int]]:
    """The members read, and every id the record's members give (read or refused)."""
    found: list[Member] = []
    taken: list[str] = []
    listed = _list(raw, "members", MAX_MEMBERS, lines)
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
    when = None if joined is None else _time(joined)
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


def _evenings(
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
    held = _time(entry.get("date"))
    if held is None:
        lines.append(problem(where, T_("date must be a time (2026-03-05T19:00:00Z)")))
        return None
    try:
        evening = parse_evening(entry.get("record"))
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
    ids = entry.get("members")
    players = len(evening.setup.players)
    if not isinstance(ids, list) or len(ids) != players or not all(is_int(i) for i in ids):
        lines.append(
            problem(
                where,
                T_(
                    "members must list %(n)s member ids, one for each of its players",
                    n=players,
                ),
            )
        )
        return None
    for player, id_ in enumerate(ids):
        if id_ not in members:
            lines.append(
                problem(
                    where,
                    T_(
                        "%(player)s is member %(id)s, and the club has no member %(id)s",
                        player=evening.setup.players[player],
                        id=id_,
                    ),
                )
            )
            return None
        if id_ in ids[:player]:
            lines.append(problem(where, T_("member %(id)s plays twice in it", id=id_)))
            return None
    return ClubEvening(held, tuple(ids), evening)


def _seasons(raw: Any, evenings: int, lines: list[Text]) -> list[Season]:
    found: list[Season] = []
    for number, entry in enumerate(_list(raw, "seasons", MAX_SEASONS, lines), start=1):
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


# --- what the command line shows ----------------------------------------------------------------


def follow(kept: Mapping[int, int | None], member: int) -> int:
    """The member an entry stands for now: itself, or the one it was merged into (in turn)."""
    seen = set()
    while (into := kept.get(member)) is not None and member not in seen:
        seen.add(member)
        member = into
    return member


def names_now(read: ClubRecord) -> dict[int, str]:
    """Every entry's display name now, a merged one by the member kept."""
    kept = {m.id: m.merged_into for m in read.members}
    by_id = {m.id: m.name for m in read.members}
    return {m.id: by_id[follow(kept, m.id)] for m in read.members}


def _key(number: int) -> str:
    return f"{number:05d}"


def evening_results(read: ClubRecord) -> list[season.EveningResult]:
    """Each evening's result for every member who played it (a merged entry counted as the
    member kept), as :func:`scorekeeper.clubs.services.season_of` works it out from the
    database; each evening keyed by its number in the record."""
    kept = {m.id: m.merged_into for m in read.members}
    found = []
    for number, evening in enumerate(read.evenings, start=1):
        standings = evening_standings(evening.evening)
        results = season.member_results(
            standings.rows, evening.members, lambda member: follow(kept, member)
        )
        found.append(
            season.EveningResult(
                _key(number),
                evening.evening.setup.name,
                evening.date,
                results,
                standings.provisional,
            )
        )
    return found


def season_rows(
    read: ClubRecord,
    rule: seasons.SeasonRule = season.DEFAULT_RULE,
    of: Season | None = None,
    results: Sequence[season.EveningResult] | None = None,
) -> list[season.SeasonRow]:
    """The season table of all the record's evenings, or of the stored season ``of``'s
    (``results``: the evenings' :func:`evening_results`, when worked out already)."""
    results = evening_results(read) if results is None else results
    if of is not None:
        results = [
            r
            for number, (r, e) in enumerate(zip(results, read.evenings, strict=True), start=1)
            if of.holds(number, e.date)
        ]
        rule = of.rule
    return season.season_table(results, names_now(read), rule, _first_evenings(read))


def _first_evenings(read: ClubRecord) -> dict[int, season.Order]:
    """Each member's first evening of the record's club (by its date and number), as
    :func:`scorekeeper.clubs.season.first_evenings` tells it."""
    kept = {m.id: m.merged_into for m in read.members}
    return season.first_evenings(
        ((e.date, _key(number)), (follow(kept, m) for m in e.members))
        for number, e in enumerate(read.evenings, start=1)
    )


def club_games(read: ClubRecord) -> list[seasons.TableGame]:
    """Every game of the club's evenings that has scored, as the ratings read them: each
    side's members (a merged entry as the member kept), totals and places. They are replayed
    in the order they were played: evening by evening (by date), round by round."""
    kept = {m.id: m.merged_into for m in read.members}
    found = []
    for number, evening in enumerate(read.evenings, start=1):
        rules = evening.evening.setup.game
        plan = evening.evening.plan
        for round_, table_number, game in evening.evening.tables:
            board = rules.scoreboard(game.state)
            if board is None or not board.started:
                continue
            seats = plan.rounds[round_ - 1].tables[table_number - 1]
            sides = tuple(
                tuple(follow(kept, evening.members[seats[seat]]) for seat in side)
                for side in board.sides
            )
            found.append(
                seasons.TableGame(
                    f"{_key(number)}.{round_:03d}.{table_number:03d}",
                    evening.date,
                    sides,
                    board.totals,
                    board.places(),
                    board.finished,
                )
            )
    return found


def ratings(read: ClubRecord, games: Sequence[seasons.TableGame] | None = None) -> seasons.Ratings:
    """Every member's rating from the record's finished games (see :func:`club_games`: the
    ``games``, when worked out already)."""
    return seasons.replay(
        seasons.GameResult(g.key, g.ended, g.sides, g.places)
        for g in (club_games(read) if games is None else games)
        if g.finished
    )


def _points(value: Fraction) -> str:
    return points_text(value)


def season_text(
    read: ClubRecord,
    rule: seasons.SeasonRule = season.DEFAULT_RULE,
    of: Season | None = None,
    results: Sequence[season.EveningResult] | None = None,
) -> str:
    """A season table for the terminal: place (shared as ``=2``), member, points, evenings."""
    rows = season_rows(read, rule, of, results)
    body = [
        [
            "–" if row.place is None else f"={row.place}" if row.shared else str(row.place),
            row.name,
            _points(row.points),
            str(row.evenings),
        ]
        for row in rows
    ]
    headers = [_("Place"), _("Member"), _("Points"), _("Evenings")]
    return "\n".join(table(headers, body, right={0, 2, 3}))


def ratings_text(read: ClubRecord, games: Sequence[seasons.TableGame] | None = None) -> str:
    """The members' ratings for the terminal, highest first: the shown number, ± how sure,
    games played."""
    found = ratings(read, games).now
    names = {m.id: m.name for m in read.members}
    ordered = sorted(found.items(), key=lambda item: (-item[1].shown, names[item[0]].casefold()))
    body = [
        [names[member], str(rating.shown), f"±{rating.plus_minus}", str(rating.games)]
        for member, rating in ordered
    ]
    headers = [_("Member"), _("Rating"), "±", _("Games")]
    return "\n".join(table(headers, body, right={1, 2, 3}))


def club_text(read: ClubRecord) -> str:
    """What ``scorekeeper club score`` prints: the season table of every evening (total), each
    stored season's table by its rule, and the ratings. Each evening's results and games are
    worked out once (not once a season): the time grows as the record does."""
    active = sum(1 for m in read.members if m.merged_into is None and not m.retired)
    results, games = evening_results(read), club_games(read)
    lines = [
        read.name,
        " · ".join(
            [
                ngettext("%(num)d evening", "%(num)d evenings", len(read.evenings)),
                ngettext("%(num)d member", "%(num)d members", active),
            ]
        ),
        "",
        _("Season table: every evening, total of evening results"),
        "",
        season_text(read, results=results),
    ]
    for stored in read.seasons:
        held = season_text(read, of=stored, results=results)
        lines += ["", _("Season %(name)s", name=stored.name), "", held]
    lines += ["", _("Ratings"), ""]
    lines.append(
        ratings_text(read, games) if any(g.finished for g in games) else _("No finished games yet.")
    )
    return "\n".join(lines) + "\n"
