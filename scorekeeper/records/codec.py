"""How one game kind is written in a record: the :class:`Codec` interface, and the reading,
checking and writing that every codec shares.

A codec says which fields a game's record has and how one entry of its sheet (a deal, a hand)
is read and written; :meth:`Codec.parse` does the rest for every game: unknown and missing
fields, the history, replaying the events through the game's rules (reached through
:func:`scorekeeper.games.registry.game_for`), and checking the derived fields against them.
Games whose log enters one deal per event subclass :class:`scorekeeper.records.deals.DealsCodec`
instead, which gives most of this interface already. A checked record is a :class:`GameRecord`:
its codec, setup, events and the state they replay to.

The steps of the check are :mod:`scorekeeper.records.record_check`'s, and what its problems say
about an entry :mod:`scorekeeper.records.entry_problems`'s. This module uses nothing of
:mod:`scorekeeper.records.core` (the format's entry points and the registry of codecs by kind),
which builds on it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, ClassVar, Generic, TypeVar

from scorekeeper.games.events import Event, Played, RuleError
from scorekeeper.games.game import Game, GameSetup, GameState
from scorekeeper.games.registry import game_for
from scorekeeper.games.text import T_, Text
from scorekeeper.records.entry_problems import said_of, where_in
from scorekeeper.records.history import EventFields, History, history_entry, read_history
from scorekeeper.records.problems import RECORD, Problems, is_int, show, unknown_fields
from scorekeeper.records.record_check import (
    check_derived,
    check_seats,
    compare,
    parse_items,
    replay_checked,
)
from scorekeeper.records.text import table

#: The format a record names in its ``format``: version 1, for a game whose phones do not
#: confirm each other's entries (every record written before they could).
FORMAT = "scorekeeper-record/1"
#: Version 2: version 1 and, for a game whose phones confirm each other's entries, its
#: ``confirms`` and each history entry's ``confirmed_by``. A record is written in the oldest
#: version that holds what it says, so a game that does not confirm is still written as 1.
CONFIRMING_FORMAT = "scorekeeper-record/2"
#: The versions this Scorekeeper reads.
FORMATS = (FORMAT, CONFIRMING_FORMAT)


SetupT = TypeVar("SetupT", bound=GameSetup)
StateT = TypeVar("StateT", bound=GameState)
EntryT = TypeVar("EntryT")


@dataclass(frozen=True)
class GameRecord:
    """A checked record: the game's setup and event log, and the state they replay to.

    ``times`` holds each event's time (UTC, naive) where the record's history gave one, and
    ``seats`` who entered each (a seat's number as text, ``"organiser"``, or None where not
    known; empty when none is); ``has_history`` tells whether the events came from the
    record's ``history`` or were made from its deals; ``confirms`` whether the game's phones
    confirm each other's entries, and ``confirmed`` which seats confirmed the entry at each
    log position (version 2). ``played`` is the log as the check replayed it (``state`` is its
    state), so storing the game need not replay it again.
    """

    codec: Codec[Any, Any, Any]
    setup: Any
    events: tuple[Event, ...]
    times: tuple[datetime | None, ...]
    state: Any
    has_history: bool
    seats: tuple[str | None, ...] = ()
    confirms: bool = False
    confirmed: Mapping[int, frozenset[str]] = field(default_factory=dict)
    played: Played[Any] | None = field(default=None, compare=False, repr=False)

    @property
    def kind(self) -> str:
        return self.codec.kind

    def to_dict(self) -> dict[str, Any]:
        """The record with every derived field (and the history if it had one)."""
        return self.codec.build(
            self.setup,
            self.events,
            self.times,
            state=self.state,
            history=self.has_history,
            seats=self.seats,
            confirms=self.confirms,
            confirmed=self.confirmed,
        )


class Codec(ABC, Generic[SetupT, StateT, EntryT]):
    """How one game kind is written in a record: ``SetupT`` and ``StateT`` are its engine's
    setup and state, ``EntryT`` one entry of the record's list as read (a deal, a hand).

    A subclass gives the class attributes below and the methods under *what a game gives*;
    the game's title and the word for its entries (``deal``/``hand``) come from its
    :class:`~scorekeeper.games.game.Game`.
    """

    #: The game kind: the record's ``game``, and the kind the game registry knows.
    kind: ClassVar[str]
    #: Top-level fields of the setup, in the order a record writes them.
    setup_fields: ClassVar[tuple[str, ...]] = ("players", "first_dealer", "options")
    #: Each entry's fields: the derived ones (written on export, checked on import), then
    #: the entered ones.
    item_derived: ClassVar[tuple[str, ...]]
    entered_fields: ClassVar[tuple[str, ...]]
    #: The top level's derived fields.
    top_fields: ClassVar[tuple[str, ...]]
    #: The data field of an event that names its entry (``deal``, ``number``).
    number_key: ClassVar[str]

    # -- from the game registry --

    @property
    def game(self) -> Game[SetupT, StateT]:
        return game_for(self.kind)

    @property
    def title(self) -> str:
        return self.game.title

    @property
    def item(self) -> str:
        """What one entry is called: ``deal`` or ``hand``."""
        return self.game.noun

    @property
    def items(self) -> str:
        """The record's list of entries: ``deals`` or ``hands``."""
        return f"{self.game.noun}s"

    @property
    def event_fields(self) -> EventFields:
        """The history's event kinds and the data fields each may carry."""
        raise NotImplementedError

    @property
    def required(self) -> tuple[str, ...]:
        return ("players", "first_dealer", self.items)

    @property
    def _item_fields(self) -> tuple[str, ...]:
        return (*self.item_derived, *self.entered_fields)

    # -- what a game gives --

    @abstractmethod
    def max_items(self, setup: SetupT | None) -> int:
        """The most entries a record of this setup (None if it is broken) may list."""
        raise NotImplementedError

    @abstractmethod
    def parse_item(
        self, setup: SetupT | None, index: int, raw: dict[str, Any], last: bool, problems: Problems
    ) -> EntryT | None:
        """The entry as entered (derived fields left aside), or None after adding problems."""
        raise NotImplementedError

    @abstractmethod
    def events_from(self, setup: SetupT, entries: Sequence[EntryT]) -> list[Event]:
        """The event log that enters ``entries`` one after another."""
        raise NotImplementedError

    @abstractmethod
    def entered(self, entry: EntryT) -> dict[str, Any]:
        """An entry's entered fields, to compare a record's list with its history."""
        raise NotImplementedError

    @abstractmethod
    def state_entries(self, state: StateT) -> list[EntryT]:
        """The entries of a replayed state, comparable with :meth:`parse_item`'s."""
        raise NotImplementedError

    @abstractmethod
    def items_list(self, state: StateT) -> list[dict[str, Any]]:
        """The record's list of entries, each with its derived fields, keys in a fixed order."""
        raise NotImplementedError

    @abstractmethod
    def top_derived(self, state: StateT) -> dict[str, Any]:
        raise NotImplementedError

    @abstractmethod
    def csv_rows(self, state: StateT) -> tuple[list[Any], list[list[Any]]]:
        """The header and one row per entry, for :func:`scorekeeper.records.deals_csv`."""
        raise NotImplementedError

    def outcome(self, state: StateT) -> str:
        """The line under the default text :meth:`sheet`: who won, or how far the game is
        (needed only by a codec that does not give its own sheet)."""
        raise NotImplementedError

    def sheet(self, state: StateT) -> str:
        """The score sheet as plain text. By default the CSV's rows as a table under the
        game's title and players, numbers to the right, and :meth:`outcome` below."""
        header, rows = self.csv_rows(state)
        right = {
            column
            for column in range(len(header))
            if rows and all(row[column] is None or is_int(row[column]) for row in rows)
        }
        cells = [["" if cell is None else str(cell) for cell in row] for row in rows]
        lines = [f"{self.title}: {', '.join(state.players)}", ""]
        lines += table([str(cell) for cell in header], cells, right)
        lines += ["", self.outcome(state)]
        return "\n".join(lines) + "\n"

    def too_many(self, setup: SetupT | None, count: int) -> Text:
        return said_of(self.item, "too many", most=self.max_items(setup), count=count)

    # -- shared --

    def parse_setup(self, raw: Mapping[str, Any]) -> SetupT:
        fields = {name: raw[name] for name in self.setup_fields if name in raw}
        return self.game.parse_setup(fields)

    def setup_dict(self, setup: SetupT) -> dict[str, Any]:
        data = setup.to_dict()
        return {name: data[name] for name in self.setup_fields}

    def build(
        self,
        setup: SetupT,
        events: Sequence[Event],
        times: Sequence[datetime | None] | None = None,
        *,
        state: StateT | None = None,
        history: bool = True,
        seats: Sequence[str | None] = (),
        confirms: bool = False,
        confirmed: Mapping[int, Collection[str]] | None = None,
    ) -> dict[str, Any]:
        """A game's record with every derived field, keys in a fixed order (``state``: the
        events' state, when the caller has it already; ``seats``: who entered each event, where
        known, written in its history entry; a game that ``confirms``: version 2, with who
        ``confirmed`` each entry)."""
        if state is None:
            state = self.replay(setup, events)
        format_ = CONFIRMING_FORMAT if confirms else FORMAT
        record: dict[str, Any] = {"format": format_, "game": self.kind}
        record.update(self.setup_dict(setup))
        if confirms:
            record["confirms"] = True
        record[self.items] = self.items_list(state)
        record.update(self.top_derived(state))
        if history:
            stamps = list(times) if times is not None else [None] * len(events)
            who = [*seats, *[None] * (len(events) - len(seats))][: len(events)]
            by = confirmed or {}
            record["history"] = [
                history_entry(event, at, seat, by.get(seq, ()))
                for seq, (event, at, seat) in enumerate(zip(events, stamps, who, strict=True))
            ]
        return record

    def replay(self, setup: SetupT, events: Sequence[Event]) -> StateT:
        """The state the events replay to; RuleError if the rules refuse one."""
        return self.game.replay(setup, events).state

    def where(self, number: int | None) -> Text:
        return where_in(self.item, number) if number is not None else RECORD

    def parse(self, raw: dict[str, Any]) -> GameRecord:
        """Check a decoded record of this kind and replay it; RecordError, one line per problem."""
        problems = Problems()
        version_2 = raw.get("format") == CONFIRMING_FORMAT
        setup = self._parse_top(raw, version_2, problems)
        raw_items, entries = parse_items(self, raw.get(self.items, []), setup, problems)
        confirms = raw.get("confirms", False)
        if not isinstance(confirms, bool):
            problems.add(
                RECORD,
                T_("confirms must be true or false, not %(value)s", value=show(confirms, 30)),
            )
        parsed_history = None
        if "history" in raw:
            parsed_history = read_history(
                raw["history"], self.event_fields, self.kind, problems, confirmations=version_2
            )
        problems.raise_any()
        assert setup is not None  # or a problem was raised

        seats: tuple[str | None, ...] = ()
        confirmed: dict[int, frozenset[str]] = {}
        if parsed_history is None:
            events = tuple(self.events_from(setup, entries))
            times: tuple[datetime | None, ...] = (None,) * len(events)
            played = replay_checked(self, setup, events, problems, history=False)
            problems.raise_any()
        else:
            events, times, seats, confirmed = parsed_history
            played = self._replay_history(setup, parsed_history, entries, confirms, problems)
        assert played is not None  # or a problem was raised
        state = played.state
        check_derived(self, raw, raw_items, state, problems)
        problems.raise_any()
        seats = seats if any(seats) else ()
        has_history = parsed_history is not None
        return GameRecord(
            self, setup, events, times, state, has_history, seats, confirms, confirmed, played
        )

    def _parse_top(self, raw: dict[str, Any], version_2: bool, problems: Problems) -> SetupT | None:
        """A record's top level: no unknown field, none missing, and its setup read (None when
        it has problems)."""
        allowed = ("format", "game", *self.setup_fields, self.items, *self.top_fields, "history")
        allowed += ("confirms",) if version_2 else ()
        unknown = [name for name in raw if name not in allowed]
        if unknown:
            problems.add(RECORD, unknown_fields(unknown))
        missing = [name for name in self.required if name not in raw]
        for name in missing:
            problems.add(RECORD, T_("%(field)s is missing", field=name))
        setup = None
        if not set(missing) & set(self.setup_fields):
            try:
                setup = self.parse_setup(raw)
            except RuleError as error:
                problems.add(RECORD, error.text)
        return setup

    def _replay_history(
        self,
        setup: SetupT,
        history: History,
        entries: Sequence[Any],
        confirms: bool,
        problems: Problems,
    ) -> Played[Any]:
        """The history's events replayed once, after its seats and confirmations are checked,
        and the record's list compared with them; RecordError at the first step with
        problems."""
        events, _times, seats, confirmed = history
        check_seats(self, setup, seats, problems)
        for seq, by in sorted(confirmed.items()):
            for seat in sorted(by):
                check_seats(self, setup, [*(None,) * seq, seat], problems)
        if confirmed and not confirms:
            problems.add(RECORD, T_("confirmed_by is only for a game that confirms"))
        problems.raise_any()
        played = replay_checked(self, setup, events, problems, history=True)
        problems.raise_any()
        assert played is not None  # or a problem was raised
        compare(self, played.state, entries, problems)
        problems.raise_any()
        return played
