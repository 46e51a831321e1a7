"""A game as the store holds it: :class:`LoadedGame` (its setup, its log with who entered each
event, the log replayed, its confirmations), made in one place (:func:`loaded_game`), and what a
load or a write raises (:class:`GameNotFound`, :class:`Conflict`)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import cached_property
from typing import Any

from scorekeeper.games.confirming import Waiting, held, waiting_entries
from scorekeeper.games.events import UNDO, Event, HistoryEntry, Played
from scorekeeper.games.game import Game
from scorekeeper.games.registry import game_for


@dataclass(frozen=True, eq=False)
class LoadedGame:
    """A game as stored: its setup, its log with each entry's time, seat (who entered it:
    ``"0"``, ``"1"``… or None when not known) and phone, and the replayed state."""

    id: int
    token: str
    kind: str
    created_at: datetime
    setup: Any
    events: tuple[Event, ...]
    times: tuple[datetime, ...]
    played: Played[Any]
    #: One per event (None: the phone did not say); empty when no event has one.
    seats: tuple[str | None, ...] = ()
    #: Whether each scoring entry waits for a phone at another seat to confirm it.
    confirms: bool = False
    #: Which seats confirmed the entry at each log position (only in a game that confirms).
    confirmed: Mapping[int, frozenset[str]] = field(default_factory=dict)
    #: Which phone entered each event (``web/phone.py``; None: not known); empty when no event
    #: says.
    phones: tuple[str | None, ...] = ()
    #: The seat each phone that confirmed an entry confirmed at (the organiser's
    #: confirmations left out: they are no seat's).
    confirmers: Mapping[str, str] = field(default_factory=dict)

    def seat_of(self, seq: int) -> str | None:
        """Who entered the event at log position ``seq`` (None when not known)."""
        return self.seats[seq] if 0 <= seq < len(self.seats) else None

    def phone_of(self, seq: int) -> str | None:
        """Which phone entered the event at log position ``seq`` (None when not known)."""
        return self.phones[seq] if 0 <= seq < len(self.phones) else None

    def seat_held_by(self, phone: str) -> str | None:
        """The seat ``phone`` holds in this game (:func:`~scorekeeper.games.confirming.held`):
        the seat of its latest entry made at a seat, else of its confirmations; None when it
        has entered and confirmed nothing at a seat here."""
        return self._held.get(phone)

    @cached_property
    def _held(self) -> dict[str, str]:
        return held(self.seats, self.phones, self.confirmers)

    @property
    def state(self) -> Any:
        return self.played.state

    @property
    def position(self) -> int:
        """What the phones poll: the log's length and, in a game that confirms, how many
        confirmations it has (a confirmation is news to every phone, and no event)."""
        return self.seq + sum(len(seats) for seats in self.confirmed.values())

    @cached_property
    def waiting(self) -> tuple[Waiting, ...]:
        """The entries waiting for a second phone's confirmation (none unless it confirms)."""
        if not self.confirms:
            return ()
        return waiting_entries(
            self.state.history,
            self.seat_of,
            self.confirmed,
            self.rules.scored,
            self.phone_of,
            self.sides,
        )

    @cached_property
    def sides(self) -> dict[str, str]:
        """Each seat's side where seats score together (a free game's teams), else empty: a
        confirmation comes from another side (:func:`~scorekeeper.games.confirming.confirms`)."""
        return self.rules.sides_of_seats(self.setup, len(self.setup.players))

    @property
    def rules(self) -> Game[Any, Any]:
        return game_for(self.kind)

    @property
    def seq(self) -> int:
        """The log position the next event will take."""
        return len(self.events)

    def with_event(
        self,
        event: Event,
        at: datetime,
        played: Played[Any],
        seat: str | None = None,
        phone: str | None = None,
    ) -> LoadedGame:
        """This game with ``event`` appended at time ``at``, entered by ``seat`` from ``phone``
        (``played``: folded onto it)."""
        seats = padded(self.seats, len(self.events))
        phones = padded(self.phones, len(self.events))
        return replace(
            self,
            events=(*self.events, event),
            times=(*self.times, at),
            played=played,
            seats=(*seats, seat) if seat is not None or any(seats) else (),
            phones=(*phones, phone) if phone is not None or any(phones) else (),
        )


def padded(seats: Sequence[str | None], count: int) -> tuple[str | None, ...]:
    """``seats`` as one per event of a log of ``count``: None where not known."""
    return (*seats, *(None,) * (count - len(seats)))[:count]


class GameNotFound(LookupError):
    pass


class Conflict(Exception):
    """Somebody else wrote first: ``current`` is the game as it is now, and ``new_events`` what
    was recorded since the position the write was based on."""

    def __init__(self, current: LoadedGame, based_on: int):
        super().__init__("Already recorded from another phone.")
        self.current = current
        self.based_on = based_on

    @property
    def new_events(self) -> tuple[HistoryEntry, ...]:
        return tuple(h for h in self.current.state.history if h.seq >= self.based_on)

    def entered(self, event: Event) -> bool:
        """Whether what was recorded since holds this very event, still in effect: a second
        phone that entered the same thing has nothing to fix."""
        wanted = same_event(event)
        return any(
            not entry.undone and same_event(self.current.events[entry.seq]) == wanted
            for entry in self.new_events
        )

    def touched(self, number: int | None) -> bool:
        """Whether what was recorded since may have changed round ``number``: an entry about
        it, an undo, or an entry about no single round (a correction of several)."""
        return any(
            entry.kind == UNDO or entry.deal is None or entry.deal == number
            for entry in self.new_events
        )


def same_event(event: Event) -> str:
    """An event's kind and data as one comparable text (lists and tuples alike, keys sorted)."""
    return json.dumps(event.to_dict(), sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class Confirmed:
    """A game's confirmations: which seats confirmed the entry at each log position, and the
    seat each phone that confirmed one confirmed at (the organiser's left out)."""

    seats: Mapping[int, frozenset[str]] = field(default_factory=dict)
    phones: Mapping[str, str] = field(default_factory=dict)


def loaded_game(
    row: Any,
    setup: Any,
    events: tuple[Event, ...],
    times: tuple[datetime, ...],
    played: Any,
    seats: tuple[str | None, ...] = (),
    confirmed: Confirmed | None = None,
    phones: tuple[str | None, ...] = (),
) -> LoadedGame:
    """The one place a :class:`LoadedGame` is made: from a game's row (its id, token, kind,
    start time and whether it confirms), its setup, its log (and who entered each event from
    which phone, where known), the log replayed and the confirmations it has."""
    return LoadedGame(
        id=row.id,
        token=row.token,
        kind=row.kind,
        created_at=row.created_at,
        setup=setup,
        events=events,
        times=times,
        played=played,
        seats=seats,
        confirms=bool(row.confirms),
        confirmed=confirmed.seats if confirmed else {},
        phones=phones,
        confirmers=confirmed.phones if confirmed else {},
    )
