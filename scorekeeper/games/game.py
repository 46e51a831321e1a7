"""The one interface every rules engine offers the rest of the app.

A game kind is a :class:`Game`: what it is called, how many sit at the table, whether its
players call a deal a *deal* or a *hand*, its setup and state types, how a setup is read from
its record form, the state before the first event, and how one event changes a state.
Everything else — replaying a log, taking one more event, undo — is the same for every game and
lives here and in :mod:`scorekeeper.games.events`.

An engine module defines ``GAME = Game(...)``; :mod:`scorekeeper.games.registry` lists the
games the app knows. Nothing here imports Flask, a database or a printer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

from scorekeeper.games.events import Event, Fold, HistoryEntry, Played
from scorekeeper.games.scoreboard import Scoreboard


class GameSetup(Protocol):
    """What every game's setup has: the players in seat order and who deals first."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def first_dealer(self) -> int: ...

    def to_dict(self) -> dict[str, Any]: ...


class GameState(Protocol):
    """What every game's state has (a frozen dataclass; the fold fills in ``history``)."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def setup(self) -> Any: ...

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def finished(self) -> bool: ...

    @property
    def history(self) -> tuple[HistoryEntry, ...]: ...


SetupT = TypeVar("SetupT", bound=GameSetup)
StateT = TypeVar("StateT", bound=GameState)


@dataclass(frozen=True, eq=False)
class Game(Generic[SetupT, StateT]):
    """A game kind's rules, as the store, records, printers, web pages and CLI reach them."""

    #: The id in records, URLs and the database (``bismarck``).
    kind: str
    #: Its name as players say it (``Sviten Special``); the web layer translates it.
    title: str
    #: How many players sit at the table (at an evening's table, and on a blank sheet without
    #: names, when a game may have more or fewer: :attr:`seat_range`).
    seats: int
    #: What one deal is called: ``deal`` or ``hand`` (the players' word; the code says deal).
    noun: Literal["deal", "hand"]
    setup_type: type[SetupT]
    state_type: type[StateT]
    #: Reads a setup from its record form (``Setup.from_dict``); RuleError if it is wrong.
    parse_setup: Callable[[Mapping[str, Any]], SetupT]
    #: The state before the first event.
    start: Callable[[SetupT], StateT]
    #: Applies one event that is not an undo (RuleError if the rules forbid it).
    fold: Fold[StateT]
    #: The state's scores by side, deal by deal (what charts and club evenings read).
    scoreboard: Callable[[StateT], Scoreboard]
    #: Whether the players sit in two fixed pairs, partners opposite (N–S and E–W).
    pairs: bool = False
    #: Whether every game's totals weigh the same at any table (always as many deals, and
    #: every deal sums to zero): a club evening then adds them up by default, rather than
    #: giving points for each table's placings.
    even_totals: bool = False
    #: The event kinds that score (a deal's tricks, a hand, a correction): in a game whose
    #: phones confirm each other's entries, these are the ones that wait for a second phone
    #: (:mod:`scorekeeper.games.confirming`); an announcement or a redeal scores nothing.
    scored: frozenset[str] = frozenset()
    #: The fewest and the most players a game may have, when that is not always ``seats`` (a
    #: free game: 2 to 8); its setup's ``players`` says how many a game has.
    seat_range: tuple[int, int] | None = None
    #: The name a setup gives its game (a free game's ``Chicago``: shown with the game's
    #: title on its pages, records and sheets), when the game has names of its own.
    name_of: Callable[[SetupT], str] | None = None
    #: The side a player's seat scores with, when seats are players who score together (a free
    #: game's teams); None: each seat is a side of its own (a pair game's seat is its pair).
    #: A confirmation comes from another side (:mod:`scorekeeper.games.confirming`).
    side_of_seat: Callable[[SetupT, int], int] | None = None

    @property
    def fewest(self) -> int:
        """The fewest players a game of this kind may have."""
        return self.seat_range[0] if self.seat_range else self.seats

    @property
    def most(self) -> int:
        """The most players a game of this kind may have."""
        return self.seat_range[1] if self.seat_range else self.seats

    def named(self, setup: SetupT) -> str:
        """The name a game's setup gives it (``Chicago``), or "" (the game has no name of its
        own: its title says what it is)."""
        return self.name_of(setup) if self.name_of is not None else ""

    def sides_of_seats(self, setup: SetupT, seats: int) -> dict[str, str]:
        """Each of ``seats`` seat ids (``"0"``…) with the number of the side it scores with
        (empty unless the game has :attr:`side_of_seat`: each seat is then its own side)."""
        if self.side_of_seat is None:
            return {}
        return {str(k): str(self.side_of_seat(setup, k)) for k in range(seats)}

    def replay(self, setup: SetupT, events: Sequence[Event]) -> Played[StateT]:
        """Fold a whole log, once: RuleError if it breaks a rule."""
        return Played(self.start(setup)).then(events, self.fold)

    def apply(self, played: Played[StateT], event: Event) -> Played[StateT]:
        """The game after one more event, folding only that event: RuleError if illegal."""
        return played.then((event,), self.fold)

    def __repr__(self) -> str:
        return f"<Game {self.kind}>"
