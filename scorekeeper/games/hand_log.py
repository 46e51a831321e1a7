"""Games scored hand by hand to a target (Klaberjass, Sviten Special): what their logs share.

A hand is recorded with a ``hand`` event and replaced with a ``correct`` event, both carrying
the hand's ``number`` (from 1). A hand must be the next one, and nothing is recorded after the
end; a correction scores every later hand again and is refused when it would make one of them
illegal (saying which). What differs between the games — reading, checking and scoring a hand,
how a hand is described, what the end is called — each game gives as its :class:`HandRules`.
Pure Python: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, Protocol, Self, TypeVar

from scorekeeper.games import deal_numbers
from scorekeeper.games.events import (
    UNDO,
    Event,
    HistoryEntry,
    RuleError,
    event_data,
    unknown_kind,
)
from scorekeeper.games.game import Game, GameSetup
from scorekeeper.games.players import checked_names
from scorekeeper.games.scoreboard import Scoreboard
from scorekeeper.games.text import T_, Text

Pair = tuple[int, int]


class EventKind(StrEnum):
    HAND = "hand"
    CORRECT = "correct"
    UNDO = UNDO


class HandSetup(Protocol):
    @property
    def players(self) -> tuple[str, ...]: ...

    def dealer_of(self, number: int) -> int: ...

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Self: ...


@dataclass(frozen=True)
class HandsSetup:
    """What the setups of the games scored hand by hand share (each game's setup is a frozen
    dataclass of these fields, giving ``options`` its own type): the checks of the fields, the
    deal going round the table, and the record form."""

    players: tuple[str, ...]
    first_dealer: int = 0
    options: Any = None

    def check(self, game: str, seats: int, dealer: Text, options: type[Any], wrong: Text) -> None:
        """Trim and check the names of ``game``'s ``seats`` players, refuse a first dealer who
        is not one of the seats (saying ``dealer``), and read the options from a mapping (of the
        ``options`` type, or refused saying ``wrong``)."""
        object.__setattr__(self, "players", checked_names(self.players, seats, game))
        first = self.first_dealer
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < seats:
            raise RuleError(dealer, field="first_dealer")
        if isinstance(self.options, Mapping):
            object.__setattr__(self, "options", options.from_dict(self.options))
        if not isinstance(self.options, options):
            raise RuleError(wrong, field="options")

    @classmethod
    def read(cls, raw: Any, options: type[Any], not_a_record: Text, not_names: Text) -> Self:
        """A setup from its record (``options`` of that type); RuleError saying ``not_a_record``
        when it is no record, ``not_names`` when the players are not a list of names."""
        players = record_players(raw, not_a_record, not_names)
        return cls(players, raw.get("first_dealer", 0), options.from_dict(raw.get("options")))

    def dealer_of(self, number: int) -> int:
        """The seat that deals hand ``number`` (1-based): the deal goes round the table."""
        return (self.first_dealer + number - 1) % len(self.players)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "options": self.options.to_dict(),
        }


def record_players(raw: Any, not_a_record: Text, not_names: Text) -> tuple[str, ...]:
    """The players' names in a setup's record (checked by the setup); RuleError saying
    ``not_a_record`` when it is no record, ``not_names`` when they are not a list of names."""
    if not isinstance(raw, Mapping):
        raise RuleError(not_a_record, field="players")
    players = raw.get("players")
    if not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players):
        raise RuleError(not_names, field="players")
    return tuple(players)


def option_values(raw: Any, defaults: Mapping[str, Any], unknown: str) -> dict[str, Any]:
    """The options in a setup's record (``None``: all left out), each left out taking its
    default; RuleError when they are not a mapping or name an option not in ``defaults``
    (``unknown``: a message id said with the ``names``)."""
    if raw is None:
        return dict(defaults)
    if not isinstance(raw, Mapping):
        raise RuleError(T_("options must map option names to values."), field="options")
    names = sorted(str(key) for key in raw if key not in defaults)
    if names:
        raise RuleError(T_(unknown, names=", ".join(names)), field="options")
    return {name: raw.get(name, default) for name, default in defaults.items()}


def blank(value: Any) -> bool:
    """Whether a record's field is left out: None, or lists of nothing but None (a form's
    untouched fields)."""
    if value is None:
        return True
    if isinstance(value, list | tuple):
        return all(blank(item) for item in value)
    return False


class HandResult(Protocol):
    """A scored hand: the hand as recorded and the running totals after it."""

    @property
    def hand(self) -> Any: ...

    @property
    def totals(self) -> Pair: ...


SetupT = TypeVar("SetupT", bound=HandSetup)
ResultT = TypeVar("ResultT", bound=HandResult)
HandT = TypeVar("HandT")


@dataclass(frozen=True)
class ScoredHand(Generic[HandT]):
    """The first fields of a scored hand, whatever the game: its number, who dealt it, and the
    hand as recorded (each game's result adds what it derives)."""

    number: int
    dealer: int
    hand: HandT


def derived_fields(result: Any, **fields: Any) -> dict[str, Any]:
    """The fields a record shows next to a hand that the engine derived: the hand's number and
    dealer, the game's own ``fields``, and the scores."""
    return {
        "number": result.number,
        "dealer": result.dealer,
        **fields,
        "scores": list(result.scores),
    }


@dataclass(frozen=True)
class HandsState(Generic[SetupT, ResultT]):
    """A game scored hand by hand, two sides racing to a target: its setup, the hands scored,
    the totals, the winning side once there is one, and the log it was folded from."""

    setup: SetupT
    hands: tuple[ResultT, ...]
    totals: Pair
    winner: int | None
    history: tuple[HistoryEntry, ...] = ()

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def current_hand(self) -> int | None:
        """The number of the next hand to record; None once the game is over."""
        return None if self.finished else len(self.hands) + 1

    @property
    def current_dealer(self) -> int | None:
        number = self.current_hand
        return None if number is None else self.setup.dealer_of(number)

    @property
    def leader(self) -> int | None:
        """The side ahead on points; None when level."""
        if self.totals[0] == self.totals[1]:
            return None
        return 0 if self.totals[0] > self.totals[1] else 1

    @property
    def log_length(self) -> int:
        """How many events the log holds: the position the next event is based on."""
        return len(self.history)

    def scoreboard_of(self, sides: tuple[tuple[int, ...], tuple[int, ...]]) -> Scoreboard:
        """Each side's running total hand by hand, and the winning side; ``sides`` are the
        seats of each side."""
        return Scoreboard(
            sides=sides,
            deals=tuple(hand.totals for hand in self.hands),
            finished=self.finished,
            winners=() if self.winner is None else (self.winner,),
        )

    def standing_text(self, sides: Sequence[str], target: int) -> Text:
        """The standing in a sentence, the sides named ``sides``: who won and by how much, or
        each side's total and the target while the game goes on."""
        if self.winner is not None:
            return T_(
                "%(name)s wins %(total)s to %(other)s",
                name=sides[self.winner],
                total=self.totals[self.winner],
                other=self.totals[1 - self.winner],
            )
        return T_(
            "%(first)s %(a)s, %(second)s %(b)s; first to %(target)s",
            first=sides[0],
            a=self.totals[0],
            second=sides[1],
            b=self.totals[1],
            target=target,
        )


StateT = TypeVar("StateT", bound=HandsState[Any, Any])


class HandGameSetup(GameSetup, HandSetup, Protocol):
    """The setup of a game scored hand by hand, as its :class:`Game` takes it."""


GameSetupT = TypeVar("GameSetupT", bound=HandGameSetup)


@dataclass(frozen=True)
class HandRules(Generic[StateT, HandT]):
    """What a game scored hand by hand says for itself; the rest of its log is the same."""

    #: The state before the first hand.
    start: Callable[[Any], StateT]
    #: Reads and checks one hand's record (RuleError): its data, its number, the state before.
    parse: Callable[[Mapping[str, Any], int, StateT], HandT]
    #: The state after one more hand, ``number``, on a state that is not over.
    score: Callable[[StateT, HandT, int], StateT]
    #: A scored hand in a few words, for the changes list.
    describe: Callable[[Any], Text]
    #: Why no more hands can be recorded, the state being over.
    over: Callable[[StateT], Text]
    #: Why hand ``number`` cannot be played, the game having ended with the hand before it.
    over_before: Callable[[StateT, int], Text]
    #: A hand in the record format that ``parse`` reads (what its events carry).
    to_record: Callable[[HandT], Mapping[str, Any]] | None = None

    def extend(self, state: StateT, hand: HandT) -> StateT:
        """The state after one more hand; RuleError after the end."""
        number = len(state.hands) + 1
        if state.winner is not None:
            raise RuleError(self.over_before(state, number), field="number", deal=number)
        return self.score(state, hand, number)

    def evaluate(self, setup: Any, hands: Sequence[HandT]) -> StateT:
        """Score a list of hands from the start; refuse a hand after the end."""
        state = self.start(setup)
        for hand in hands:
            state = self.extend(state, hand)
        return state

    def fold(self, state: StateT, event: Event) -> tuple[StateT, Text, int]:
        """Apply one event (not an undo); return the new state, a summary and its hand."""
        data = event_data(event)
        if event.kind == EventKind.HAND:
            return self._next_hand(state, data)
        if event.kind == EventKind.CORRECT:
            return self._correct(state, data)
        raise unknown_kind(event)

    def _next_hand(self, state: StateT, data: Mapping[str, Any]) -> tuple[StateT, Text, int]:
        """The hand in play recorded."""
        number = deal_numbers.number(data, "hand")
        if state.current_hand is None:
            raise RuleError(self.over(state), field="number", deal=number)
        deal_numbers.check_current(number, state.current_hand, "hand")
        new = self.extend(state, self.parse(data, number, state))
        return new, self.describe(new.hands[-1]), number

    def _correct(self, state: StateT, data: Mapping[str, Any]) -> tuple[StateT, Text, int]:
        """A hand played replaced, every later hand scored again."""
        number = deal_numbers.number(data, "hand")
        hands = [result.hand for result in state.hands]
        if not 1 <= number <= len(hands):
            raise RuleError(
                T_("Hand %(n)s has not been played yet: there is nothing to correct.", n=number),
                field="number",
                deal=number,
            )
        hand = self.parse(data, number, state)
        if hand == hands[number - 1]:
            raise deal_numbers.unchanged(number, "hand")
        hands[number - 1] = hand
        try:
            new = self.evaluate(state.setup, hands)
        except RuleError as error:
            if error.deal is not None and error.deal > number:
                raise deal_numbers.made_illegal(error, "hand") from None
            raise
        said = T_("corrected: %(changes)s", changes=self.describe(new.hands[number - 1]))
        return new, said, number

    def hand_event(self, number: int, hand: HandT | Mapping[str, Any]) -> Event:
        """A ``hand`` event recording ``hand`` (a hand, or its record) as hand ``number``."""
        return hand_event_of(EventKind.HAND, number, self._record_of(hand))

    def correct_event(self, number: int, hand: HandT | Mapping[str, Any]) -> Event:
        """A ``correct`` event replacing hand ``number`` with ``hand`` (a hand, or its record)."""
        return hand_event_of(EventKind.CORRECT, number, self._record_of(hand))

    def _record_of(self, hand: HandT | Mapping[str, Any]) -> Mapping[str, Any]:
        if isinstance(hand, Mapping):
            return hand
        assert self.to_record is not None, "a game that records hands says how"
        return self.to_record(hand)

    def game(
        self,
        kind: str,
        title: str,
        types: tuple[type[GameSetupT], type[StateT]],
        sides: tuple[tuple[int, ...], tuple[int, ...]],
        *,
        pairs: bool = False,
    ) -> Game[GameSetupT, StateT]:
        """The game these hands make: ``kind`` and ``title`` as in :class:`Game`, its setup and
        state types, and its ``sides`` (the seats of each, in side order) for its scoreboard."""
        setup_type, state_type = types
        return Game(
            kind=kind,
            title=title,
            seats=sum(len(side) for side in sides),
            noun="hand",
            setup_type=setup_type,
            state_type=state_type,
            parse_setup=setup_type.from_dict,
            start=self.start,
            fold=self.fold,
            scoreboard=lambda state: state.scoreboard_of(sides),
            pairs=pairs,
            scored=frozenset({EventKind.HAND.value, EventKind.CORRECT.value}),
        )


def hand_event_of(kind: EventKind, number: int, data: Mapping[str, Any]) -> Event:
    """A ``hand`` or ``correct`` event with a hand's record ``data`` as hand ``number``."""
    return Event(kind.value, {**data, "number": number})
