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
from typing import Any, Generic, Protocol, TypeVar

from scorekeeper.games.events import UNDO, Event, HistoryEntry, RuleError
from scorekeeper.games.scoreboard import Scoreboard
from scorekeeper.games.text import T_, Text

Pair = tuple[int, int]


class EventKind(StrEnum):
    HAND = "hand"
    CORRECT = "correct"
    UNDO = UNDO


class HandSetup(Protocol):
    def dealer_of(self, number: int) -> int: ...


class HandResult(Protocol):
    """A scored hand: the hand as recorded and the running totals after it."""

    @property
    def hand(self) -> Any: ...

    @property
    def totals(self) -> Pair: ...


SetupT = TypeVar("SetupT", bound=HandSetup)
ResultT = TypeVar("ResultT", bound=HandResult)


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
            rounds=tuple(hand.totals for hand in self.hands),
            finished=self.finished,
            winners=() if self.winner is None else (self.winner,),
        )


StateT = TypeVar("StateT", bound=HandsState[Any, Any])
HandT = TypeVar("HandT")


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
        data = event.data
        if not isinstance(data, Mapping):
            raise RuleError(T_("An event's data must be a record of fields."))
        if event.kind == EventKind.HAND:
            number = parse_number(data)
            if state.current_hand is None:
                raise RuleError(self.over(state), field="number", deal=number)
            if number < state.current_hand:
                raise RuleError(
                    T_("Hand %(n)s is already recorded; use Correct to change it.", n=number),
                    field="number",
                    deal=number,
                )
            if number > state.current_hand:
                raise RuleError(
                    T_(
                        "This is hand %(current)s, not hand %(n)s.",
                        current=state.current_hand,
                        n=number,
                    ),
                    field="number",
                    deal=number,
                )
            new = self.extend(state, self.parse(data, number, state))
            return new, self.describe(new.hands[-1]), number

        if event.kind == EventKind.CORRECT:
            number = parse_number(data)
            hands = [result.hand for result in state.hands]
            if not 1 <= number <= len(hands):
                raise RuleError(
                    T_(
                        "Hand %(n)s has not been played yet: there is nothing to correct.",
                        n=number,
                    ),
                    field="number",
                    deal=number,
                )
            hand = self.parse(data, number, state)
            if hand == hands[number - 1]:
                raise RuleError(
                    T_("That is what hand %(n)s already says.", n=number),
                    field="number",
                    deal=number,
                )
            hands[number - 1] = hand
            try:
                new = self.evaluate(state.setup, hands)
            except RuleError as error:
                if error.deal is not None and error.deal > number:
                    raise RuleError(
                        T_(
                            "This correction would make hand %(n)s illegal: %(problem)s",
                            n=error.deal,
                            problem=error.text,
                        ),
                        field=error.field,
                        deal=error.deal,
                    ) from None
                raise
            said = T_("corrected: %(changes)s", changes=self.describe(new.hands[number - 1]))
            return new, said, number

        raise RuleError(T_("Unknown action %(kind)s.", kind=repr(event.kind)), field="kind")


def parse_number(data: Mapping[str, Any]) -> int:
    """The hand number an event is about (from 1); RuleError when it is missing or wrong."""
    number = data.get("number")
    if isinstance(number, bool) or not isinstance(number, int):
        raise RuleError(T_("Which hand is this for? The hand number is missing."), field="number")
    if number < 1:
        raise RuleError(
            T_("There is no hand %(n)s: hands are numbered from 1.", n=number),
            field="number",
            deal=number,
        )
    return number


def hand_event_of(kind: EventKind, number: int, data: Mapping[str, Any]) -> Event:
    """A ``hand`` or ``correct`` event with a hand's record ``data`` as hand ``number``."""
    return Event(kind.value, {**data, "number": number})
