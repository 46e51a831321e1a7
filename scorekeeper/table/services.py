"""What a request does, whatever asked for it (a page, the command line): start a game, load
one, write one entry to it (an entry, a correction, an undo), import a whole game.

Views parse the request, call one of these and render what comes back; the rules are the
engines', the log is the store's. One write takes the game as it was loaded (a cached replay
when this process has seen its log), builds the event from what was entered, folds it once,
appends it at the expected position and returns the game with it: nothing is loaded or
replayed twice.

A write returns what happened, for the view to render, rather than raising it:

- the game with the entry (a :class:`~scorekeeper.table.store.LoadedGame`): it is in the log;
- :class:`Refused`: the rules refuse it (its ``error`` names the field and the deal); nothing
  was written;
- :class:`~scorekeeper.table.store.Conflict`: another phone wrote first, in a way that matters to
  this entry; it carries the game as it is now ("Already recorded from another phone");
- :class:`AlreadyEntered`: another phone entered the very same entry first: nothing to do.

An unknown game (or a game of another kind than the page asked for) is
:class:`~scorekeeper.table.store.GameNotFound`, raised by :func:`load`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import orm

from scorekeeper import records
from scorekeeper.data.db import db
from scorekeeper.games import confirming
from scorekeeper.games.events import UNDO, Event, Played, RuleError
from scorekeeper.games.registry import is_known
from scorekeeper.records import NoRecordFormat, codec_for
from scorekeeper.table import store
from scorekeeper.table.store import Conflict, GameNotFound, LoadedGame

__all__ = [
    "AlreadyEntered",
    "Conflict",
    "Entry",
    "GameNotFound",
    "LoadedGame",
    "Locked",
    "Refused",
    "confirm",
    "correct",
    "create",
    "enter",
    "fingerprint",
    "import_game",
    "import_record",
    "is_known",
    "load",
    "moved_on",
    "my_games",
    "my_games_now",
    "play_again",
    "position",
    "recent_positions",
    "record_text",
    "trial",
    "undo",
]


def _session(session: orm.Session | None) -> orm.Session:
    """The session given (a test's, a script's), else the app's for this request or command."""
    return db.session if session is None else session


def create(
    kind: str, setup: Any, *, confirms: bool = False, session: orm.Session | None = None
) -> LoadedGame:
    """A new game of ``kind`` with ``setup`` (already checked by the engine's ``Setup``); when
    it ``confirms``, each scoring entry waits for a phone at another seat to confirm it."""
    return store.create_game(_session(session), kind, setup, confirms=confirms)


def load(token: str, kind: str | None = None, *, session: orm.Session | None = None) -> LoadedGame:
    """The game at ``token``; :class:`GameNotFound` if there is none (of ``kind``)."""
    return store.load(_session(session), token, kind)


def my_games(tokens: list[str]) -> list[Any]:
    """The games with these tokens (a browser's list), in that order; unknown ones skipped."""
    return store.summaries(db.engine, tokens)


def recent_positions(tokens: list[str], max_age: float) -> list[tuple[str, int]] | None:
    """Each game's log length as this process read or wrote it less than ``max_age`` seconds
    ago, in order; None when any of them is not known that recently (then ask :func:`my_games`)."""
    known = [(token, store.POSITIONS.get(token, max_age)) for token in tokens]
    if any(seq is None for _token, seq in known):
        return None
    return [(token, seq) for token, seq in known if seq is not None]


def my_games_now(tokens: list[str]) -> list[tuple[Any, LoadedGame | None]]:
    """:func:`my_games`, each with the game as it stands now (None when this version's rules
    refuse its stored log): the home page says where each one is. One query for all of them;
    a game this process has not replayed at its length yet is loaded."""
    found: list[tuple[Any, LoadedGame | None]] = []
    for row in my_games(tokens):
        try:
            now = store.REPLAYS.get(row.token, row.seq) or store.load(db.session, row.token)
        except RuleError:
            now = None
        found.append((row, now))
    return found


def position(token: str) -> int:
    """How long the game's log is (what the phones poll): one query on a pooled connection,
    no ORM session."""
    return store.position_of(db.engine, token)


def play_again(game: LoadedGame, *, session: orm.Session | None = None) -> LoadedGame:
    """The game after ``game``: the same kind, options and players, the next seat dealing
    first, confirming its entries when ``game`` did. Every phone that asks gets the same one
    (its token follows from ``game``'s)."""
    setup = game.setup.to_dict()
    setup["first_dealer"] = (game.setup.first_dealer + 1) % len(game.setup.players)
    token = store.next_token(game.token)
    try:
        return store.create_game(
            _session(session),
            game.kind,
            game.rules.parse_setup(setup),
            token,
            confirms=game.confirms,
        )
    except store.TokenTaken:
        return store.load(_session(session), token)


def import_game(
    kind: str,
    setup: Any,
    events: Sequence[Event],
    times: Sequence[datetime | None],
    *,
    seats: Sequence[str | None] = (),
    confirms: bool = False,
    confirmed: Mapping[int, Collection[str]] | None = None,
    session: orm.Session | None = None,
) -> LoadedGame:
    """A new game from a whole log (an imported record, with who entered each event where it
    says, and in a game that ``confirms`` who ``confirmed`` each): all of it stored, or
    nothing."""
    return store.import_game(
        _session(session), kind, setup, events, times, seats, confirms=confirms, confirmed=confirmed
    )


def import_record(record: records.GameRecord, *, session: orm.Session | None = None) -> LoadedGame:
    """A new game from a checked record: its log, who entered and who confirmed each entry."""
    return import_game(
        record.kind,
        record.setup,
        record.events,
        record.times,
        seats=record.seats,
        confirms=record.confirms,
        confirmed=record.confirmed,
        session=session,
    )


def record_text(game: LoadedGame) -> str:
    """The game's record (``docs/records.md``): its whole history, who entered each entry and,
    in a game that confirms, who confirmed each (version 2)."""
    return records.dumps(records.build_logged(game))


# --- writing one entry ----------------------------------------------------------------------


class Entry(Protocol):
    """What a player entered, read from a request, that becomes an event only against the game
    as it stands (a Klaberjass hand needs the players' names; a Sviten hand the melds its
    cards make). Built by the game's pages; :class:`RuleError` for what cannot be an event."""

    def event(self, game: LoadedGame) -> Event: ...


@dataclass(frozen=True)
class Refused:
    """The rules refused the entry: ``error`` says why, beside which field (``error.field``)
    and about which deal; nothing was written. ``game`` is the game it was checked against."""

    game: LoadedGame
    error: RuleError


@dataclass(frozen=True)
class AlreadyEntered:
    """Another phone entered the very same entry first, and it is still in effect: there is
    nothing more to do. ``game`` is the game as it is now."""

    game: LoadedGame


#: What writing an entry comes to.
Written = LoadedGame | Refused | Conflict | AlreadyEntered


class Locked(RuleError):
    """A write refused because the game is no longer this phone's to change (a finished game
    of an earlier round of a club's evening, any game of a closed evening), whatever it says:
    the page says so at its top, not beside a field."""


#: A check every write to a game goes through first: why the write is refused (a
#: :class:`RuleError`), who it is made as instead of the phone's seat (:data:`ORGANISER`, when
#: the organiser's PIN let it through), or None. The layers above register their own
#: (:func:`guard_writes`): a club's evening lets only its organiser change a game once it is
#: over and a later round has started, or once the evening is closed. A write to a table's game
#: of an evening asks it twice: before anything is written (a refusal then costs nothing), and
#: again inside the write's transaction once the store holds the evening, so that an evening
#: closed in between refuses it too (the second answer decides; it reads with the app's
#: session, the write's own in a request).
WriteCheck = Callable[[LoadedGame], RuleError | str | None]

#: The seat an entry (or a confirmation) is kept with when the organiser made it.
ORGANISER = confirming.ORGANISER

_WRITE_CHECKS: list[WriteCheck] = []


def guard_writes(check: WriteCheck) -> WriteCheck:
    """Make every entry, correction and undo of a game pass ``check`` first (once)."""
    if check not in _WRITE_CHECKS:
        _WRITE_CHECKS.append(check)
    return check


def _checked(game: LoadedGame, seat: str | None) -> str | None:
    """The seat the write is made as, once every check has let it through (RuleError if one
    refuses it)."""
    for check in _WRITE_CHECKS:
        said = check(game)
        if isinstance(said, RuleError):
            raise said
        if said is not None:
            seat = said
    return seat


def _made_as(seat: str | None) -> Callable[[LoadedGame], str | None]:
    """The checks of a write by a phone at ``seat``, as the store asks them again inside the
    write's transaction (:func:`~scorekeeper.table.store.append`'s ``made_as``)."""
    return lambda game: _checked(game, seat)


#: How often a write that may go on top of other phones' entries tries again when yet another
#: write slips in between (each try loads the game once more).
TRIES = 3


def enter(
    game: LoadedGame,
    entry: Entry | Event,
    based_on: int,
    *,
    about: int | None = None,
    seat: str | None = None,
    phone: str | None = None,
    session: orm.Session | None = None,
) -> Written:
    """Write ``entry``, typed on a page that showed ``game`` at log position ``based_on`` by a
    phone at ``seat`` (who entered it, kept with the event; None: not known); ``phone`` is
    which phone (``web/phone.py``; None: not known).

    ``game`` is the game as this request loaded it (the view needed it to read the form). When
    other phones wrote since ``based_on``, the entry still goes on top of what they wrote if
    none of it was about deal ``about`` (the deal or hand the entry is about) — nor an undo,
    nor a correction of several deals; otherwise it is a :class:`Conflict`, or
    :class:`AlreadyEntered` when what they wrote is this very entry.
    """
    try:
        writes_as = _checked(game, seat)
        event = _event(entry, game)
        written = _write(
            _session(session), game, event, based_on, _untouched(about), (seat, writes_as), phone
        )
    except RuleError as error:
        return Refused(game, error)
    if isinstance(written, Conflict) and written.entered(event):
        current = written.current
        if writes_as is not None:  # two phones that typed the same deal confirm each other
            try:
                seats = (seat, writes_as)
                current = _same_confirms(_session(session), written, event, seats, phone)
            except RuleError as error:
                return Refused(current, error)
        return AlreadyEntered(current)
    return written


def _same_confirms(
    session: orm.Session,
    conflict: Conflict,
    event: Event,
    seats: tuple[str | None, str],
    phone: str | None,
) -> LoadedGame:
    """The game after a phone typed ``event``, which another phone entered first: when that
    entry waits and was entered from another seat and another phone, this one confirms it
    (``seats``: the phone's and the one it writes as, as :func:`_write`'s)."""
    game = conflict.current
    wanted = store.same_event(event)
    seat, writes_as = seats
    for entry in game.waiting:
        typed = entry.seq >= conflict.based_on and store.same_event(game.events[entry.seq])
        if typed != wanted:
            continue
        if confirming.why_not(entry, writes_as, phone, sides=game.sides) is None:
            made_as = _made_as(seat)
            return store.confirm(session, game, entry.seq, writes_as, phone, made_as=made_as)
    return game


def confirm(
    game: LoadedGame,
    seq: int,
    seat: str | None,
    *,
    phone: str | None = None,
    elsewhere: int | None = None,
    organiser: bool = False,
    session: orm.Session | None = None,
) -> LoadedGame | Refused:
    """Confirm the entry at log position ``seq``, from ``phone`` (``web/phone.py``; None: not
    known) at ``seat``, the seat it holds in the game (or as the ``organiser``, whose PIN this
    phone holds): a phone of another seat than the entry's, and never the phone that entered
    it, once per seat. :class:`Refused` when the entry does not wait (any more: it was undone,
    corrected or confirmed) or this phone may not confirm it — among others because it entered
    or confirmed at another table of the same round of an evening (``elsewhere``, that table's
    number) — or when the game is no longer the table's to change (the same checks as an
    entry)."""
    entry = next((w for w in game.waiting if w.seq == seq), None)
    try:
        if _checked(game, seat) == ORGANISER or organiser:
            seat = ORGANISER
    except RuleError as error:
        return Refused(game, error)
    reason = confirming.why_not(entry, seat, phone, elsewhere, game.sides)
    if reason is not None:
        deal = entry.deal if entry is not None else None
        return Refused(game, RuleError(reason, field="confirm", deal=deal))
    assert seat is not None  # why_not refuses a phone at no seat
    confirmer = seat

    def made_as(current: LoadedGame) -> str:
        return ORGANISER if _checked(current, confirmer) == ORGANISER else confirmer

    try:
        return store.confirm(_session(session), game, seq, seat, phone, made_as=made_as)
    except RuleError as error:
        return Refused(game, error)


def correct(
    game: LoadedGame,
    entry: Entry | Event,
    based_on: int,
    *,
    deals: Collection[int],
    was: str | None,
    seat: str | None = None,
    phone: str | None = None,
    session: orm.Session | None = None,
) -> LoadedGame | Refused | Conflict:
    """Write a correction of ``deals``, from a form opened when they said ``was`` (their
    :func:`fingerprint`) at log position ``based_on``, by ``phone`` at ``seat``. It goes on top
    of what other phones wrote since unless that changed one of ``deals`` (:class:`Conflict`,
    with the game as it is now: the form is to be shown again, based on it)."""

    def unchanged(conflict: Conflict) -> bool:
        return fingerprint(conflict.current, deals) == was

    try:
        writes_as = _checked(game, seat)
        event = _event(entry, game)
        return _write(_session(session), game, event, based_on, unchanged, (seat, writes_as), phone)
    except RuleError as error:
        return Refused(game, error)


def undo(
    game: LoadedGame,
    based_on: int,
    *,
    seat: str | None = None,
    phone: str | None = None,
    session: orm.Session | None = None,
) -> LoadedGame | Refused | Conflict:
    """Take back the last event still in effect (an undo is an event too, entered by
    ``phone`` at ``seat``), as the page that showed the game at ``based_on`` said it: when
    anything was written since, nothing is undone (:class:`Conflict`). :class:`Refused` when
    there is nothing left to undo."""
    try:
        writes_as = _checked(game, seat)
        return _write(
            _session(session), game, Event(UNDO), based_on, _never, (seat, writes_as), phone
        )
    except RuleError as error:
        return Refused(game, error)


def moved_on(game: LoadedGame, based_on: int, *, about: int | None = None) -> Conflict | None:
    """The :class:`Conflict` an entry about deal ``about`` typed on a page that showed the
    game at ``based_on`` would meet now, or None (as :func:`enter` judges it): a step that
    writes nothing yet, such as proposing melds, still refuses to work on a stale game."""
    if based_on == game.seq:
        return None
    conflict = Conflict(game, based_on)
    return None if 0 <= based_on < game.seq and _untouched(about)(conflict) else conflict


def trial(game: LoadedGame, event: Event) -> Played[Any]:
    """The game as it would be after ``event``, writing nothing (RuleError if illegal)."""
    return game.rules.apply(game.played, event)


def fingerprint(game: LoadedGame, numbers: Collection[int]) -> str:
    """What deals ``numbers`` say as entered, in a few characters: a correction form carries
    it (``was``) to tell whether its deals changed while it was open. Without a record format,
    the log position stands in (any change then counts)."""
    try:
        codec = codec_for(game.kind)
    except NoRecordFormat:
        return f"seq {game.seq}"
    entries = codec.state_entries(game.state)
    said = [
        codec.entered(entries[number - 1]) if 1 <= number <= len(entries) else None
        for number in sorted(set(numbers))
    ]
    text = json.dumps(said, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _event(entry: Entry | Event, game: LoadedGame) -> Event:
    return entry if isinstance(entry, Event) else entry.event(game)


def _untouched(about: int | None) -> Callable[[Conflict], bool]:
    """An entry about deal ``about`` goes on top of what was written since unless that was
    about the same deal (or an undo, or a correction of several deals)."""
    return lambda conflict: about is not None and not conflict.touched(about)


def _never(_conflict: Conflict) -> bool:
    return False


def _write(
    session: orm.Session,
    game: LoadedGame,
    event: Event,
    based_on: int,
    still_right: Callable[[Conflict], bool],
    seats: tuple[str | None, str | None],
    phone: str | None = None,
) -> LoadedGame | Conflict:
    """Append ``event`` (one fold, entered from ``phone``) on top of what other phones wrote
    since ``based_on`` when ``still_right`` says none of it matters, trying again while yet
    other writes slip in; the :class:`Conflict` otherwise. ``seats``: the phone's seat and the
    one the checks let it write as (:func:`_checked`), which a table's game of an evening asks
    again inside the write's transaction. RuleError when the rules or the checks refuse it."""
    seat, writes_as = seats
    for _ in range(TRIES):
        if based_on != game.seq:
            conflict = Conflict(game, based_on)
            if not 0 <= based_on < game.seq or not still_right(conflict):
                return conflict
        try:
            return store.append(
                session, game, event, game.seq, seat=writes_as, phone=phone, made_as=_made_as(seat)
            )
        except Conflict as raced:  # yet another write came first: judge again
            game = raced.current
    return Conflict(game, based_on)
