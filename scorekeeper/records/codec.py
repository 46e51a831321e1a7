"""How one game kind is written in a record: the :class:`Codec` interface, and the reading,
checking and writing that every codec shares.

A codec says which fields a game's record has and how one entry of its sheet (a deal, a hand)
is read and written; :meth:`Codec.parse` does the rest for every game: unknown and missing
fields, the history, replaying the events through the game's rules (reached through
:func:`scorekeeper.games.registry.game_for`), and checking the derived fields against them.
Games whose log enters one round per event subclass :class:`scorekeeper.records.rounds.RoundsCodec`
instead, which gives most of this interface already. A checked record is a :class:`GameRecord`:
its codec, setup, events and the state they replay to.

This module uses nothing of :mod:`scorekeeper.records.core` (the format's entry points and the
registry of codecs by kind), which builds on it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import Any, ClassVar, Generic, TypeVar

from scorekeeper.games.cards import Suit
from scorekeeper.games.events import Event, Played, RuleError
from scorekeeper.games.game import Game, GameSetup, GameState
from scorekeeper.games.registry import game_for
from scorekeeper.games.text import N_, T_, Text
from scorekeeper.records.history import EventFields, history_entry, read_history
from scorekeeper.records.problems import RECORD, Problems, is_int, same, show, unknown_fields
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

#: The suit names a record uses (``spades`` ...).
SUIT_NAMES = tuple(suit.record_name for suit in Suit)
_ABSENT = object()

#: What the problems say about a record's entries, by what one entry is called (the game's
#: ``noun``): message ids, with ``n``, ``count``, ``most``, ``field`` as their parameters.
_BY_NOUN: dict[str, dict[str, str]] = {
    "deal": {
        "where": N_("deal %(n)s"),
        "entry": N_("history entry %(n)s (deal %(number)s)"),
        "too many": N_("a record holds at most %(most)s deals, this one lists %(count)s"),
        "lengths": N_("the history has %(n)s deals, but deals lists %(count)s"),
        "unscored": N_("%(field)s should be left out (the deal is not scored yet)"),
    },
    "hand": {
        "where": N_("hand %(n)s"),
        "entry": N_("history entry %(n)s (hand %(number)s)"),
        "too many": N_("a record holds at most %(most)s hands, this one lists %(count)s"),
        "lengths": N_("the history has %(n)s hands, but hands lists %(count)s"),
        "unscored": N_("%(field)s should be left out (the hand is not scored yet)"),
    },
}


def said_of(noun: str, what: str, **params: Any) -> Text:
    """The message ``what`` (a key of :data:`_BY_NOUN`) for a game whose entries are
    ``noun``s, with its parameters."""
    return Text(_BY_NOUN.get(noun, _BY_NOUN["deal"])[what], params)


@cache
def _where(noun: str, number: int) -> Text:
    """Where in a record its entry ``number`` is ("deal 3"): made once (every entry of every
    game of a club record names its place, for a problem it might have)."""
    return said_of(noun, "where", n=number)


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
        return self.codec.record(
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

    def record(
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
        return _where(self.item, number) if number is not None else RECORD

    def parse(self, raw: dict[str, Any]) -> GameRecord:
        """Check a decoded record of this kind and replay it; RecordError, one line per problem."""
        problems = Problems()
        version_2 = raw.get("format") == CONFIRMING_FORMAT
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

        raw_items, entries = self._parse_items(raw.get(self.items, []), setup, problems)
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
            played = self._replay(setup, events, problems, history=False)
            problems.raise_any()
        else:
            events, times, seats, confirmed = parsed_history
            self._check_seats(setup, seats, problems)
            for seq, by in sorted(confirmed.items()):
                for seat in sorted(by):
                    self._check_seats(setup, [*(None,) * seq, seat], problems)
            if confirmed and not confirms:
                problems.add(RECORD, T_("confirmed_by is only for a game that confirms"))
            problems.raise_any()
            played = self._replay(setup, events, problems, history=True)
            problems.raise_any()
            assert played is not None  # or a problem was raised
            self._compare(played.state, entries, problems)
            problems.raise_any()
        assert played is not None  # or a problem was raised
        state = played.state
        self._check_derived(raw, raw_items, state, problems)
        problems.raise_any()
        seats = seats if any(seats) else ()
        has_history = parsed_history is not None
        return GameRecord(
            self, setup, events, times, state, has_history, seats, confirms, confirmed, played
        )

    def _check_seats(self, setup: SetupT, seats: Sequence[str | None], problems: Problems) -> None:
        """Each seat of the history is one the game has (a player's; a pair's, in a game of
        pairs)."""
        count = len(setup.players) // (2 if self.game.pairs else 1)
        for index, seat in enumerate(seats):
            if seat is not None and seat.isdigit() and int(seat) >= count:
                problems.add(
                    T_("history entry %(n)s", n=index + 1),
                    T_(
                        "seat %(seat)s: this game has seats 0 to %(last)s",
                        seat=seat,
                        last=count - 1,
                    ),
                )

    def _parse_items(
        self, raw_items: Any, setup: SetupT | None, problems: Problems
    ) -> tuple[list[Any], list[Any]]:
        """The record's list of entries as given (empty if it is not a list, or too long) and
        each entry as read (None where it has problems)."""
        if not isinstance(raw_items, list):
            problems.add(
                RECORD,
                T_(
                    "%(field)s must be a list, not %(value)s",
                    field=self.items,
                    value=show(raw_items, 30),
                ),
            )
            return [], []
        if len(raw_items) > self.max_items(setup):
            problems.add(RECORD, self.too_many(setup, len(raw_items)))
            return [], []
        entries: list[Any] = []
        for index, item in enumerate(raw_items):
            if not isinstance(item, dict):
                problems.add(self.where(index + 1), not_an_object(item))
                continue
            unknown = [name for name in item if name not in self._item_fields]
            if unknown:
                problems.add(self.where(index + 1), unknown_fields(unknown))
                continue
            entries.append(
                self.parse_item(setup, index, item, index == len(raw_items) - 1, problems)
            )
        return raw_items, entries

    def _replay(
        self, setup: SetupT, events: Sequence[Event], problems: Problems, *, history: bool
    ) -> Played[Any] | None:
        """The events replayed (once); or None, with a problem naming the first event the rules
        refuse (its history entry, if the events came from the history) and its deal."""
        game = self.game
        try:
            return game.replay(setup, events)
        except RuleError:
            pass
        # Fold again one event at a time, to name the first one the rules refuse.
        played = game.replay(setup, ())
        for position, event in enumerate(events, 1):
            try:
                played = game.apply(played, event)
            except RuleError as error:
                self._refused(error, event, position, problems, history=history)
                break
        return None

    def _refused(
        self, error: RuleError, event: Event, position: int, problems: Problems, *, history: bool
    ) -> None:
        number = error.deal
        if number is None:
            number = event.data.get(self.number_key)
            number = number if is_int(number) else None
        if not history:
            problems.add(self.where(number), error.text)
        elif number is None:
            problems.add(T_("history entry %(n)s", n=position), error.text)
        else:
            problems.add(said_of(self.item, "entry", n=position, number=number), error.text)

    def _compare(self, state: StateT, entries: Sequence[Any], problems: Problems) -> None:
        """A record's list must say what its history says."""
        expected = self.state_entries(state)
        if len(expected) != len(entries):
            problems.add(RECORD, said_of(self.item, "lengths", n=len(expected), count=len(entries)))
            return
        for number, (mine, theirs) in enumerate(zip(entries, expected, strict=True), 1):
            if mine is None:
                continue
            given, wanted = self.entered(mine), self.entered(theirs)
            for name, value in wanted.items():
                if not same(given.get(name), value):
                    problems.add(self.where(number), _unlike_history(name, given.get(name), value))

    def _check_derived(
        self, raw: dict[str, Any], raw_items: Sequence[Any], state: StateT, problems: Problems
    ) -> None:
        for index, (item, wanted) in enumerate(zip(raw_items, self.items_list(state), strict=True)):
            for name in self.item_derived:
                if name in item:
                    self._check_field(problems, self.where(index + 1), name, item[name], wanted)
        top = self.top_derived(state)
        for name in self.top_fields:
            if name in raw:
                self._check_field(problems, RECORD, name, raw[name], top)

    def _check_field(
        self, problems: Problems, where: Text, name: str, value: Any, wanted: Mapping[str, Any]
    ) -> None:
        expected = wanted.get(name, _ABSENT)
        if expected is _ABSENT:
            problems.add(where, said_of(self.item, "unscored", field=name))
        elif not same(value, expected):
            problems.add(
                where,
                T_(
                    "%(field)s should be %(value)s, not %(given)s",
                    field=name,
                    value=show(expected),
                    given=show(value),
                ),
            )


def _unlike_history(field: str, given: Any, wanted: Any) -> Text:
    """A round's field that says other than the history, in a player's words: what each says,
    a null in words ("no trump", "nothing") rather than as JSON."""
    value = _in_words(field, wanted)
    if given is None:
        return T_("%(field)s is left out, but the history says %(value)s", field=field, value=value)
    return T_(
        "%(field)s says %(given)s, but the history says %(value)s",
        field=field,
        given=_in_words(field, given),
        value=value,
    )


def _in_words(field: str, value: Any) -> Text | str:
    if value is None:
        return T_("no trump") if field == "trump" else T_("nothing")
    return show(value)


def not_an_object(value: Any) -> Text:
    return T_("must be an object ({…}), not %(value)s", value=show(value, 30))


def check_trump(where: Text, trump: Any, problems: Problems, *, or_null: bool = False) -> None:
    """A ``trump`` that is absent or a suit name; ``or_null`` when no-trump is a choice."""
    if trump is not None and trump not in SUIT_NAMES:
        choices = ", ".join(SUIT_NAMES)
        shown = show(trump, 30)
        problems.add(
            where,
            T_(
                "trump must be one of %(choices)s or null, not %(value)s",
                choices=choices,
                value=shown,
            )
            if or_null
            else T_(
                "trump must be one of %(choices)s, not %(value)s", choices=choices, value=shown
            ),
        )
