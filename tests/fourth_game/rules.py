"""Tally, a tiny fourth game defined only here, in the tests: the proof that a new game plugs
into every layer through the same interfaces as the built-in three, with no edit to any module
under ``scorekeeper/``.

Two players; each deal records one number per player (0 to 10); the first to reach the target
(10) wins; a tie at or over the target plays on. The deal alternates.
Events: ``deal`` (``{"number": n, "points": [a, b]}``), ``correct`` (the same, for an earlier
deal) and the shared ``undo``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.games.events import Event, HistoryEntry, RuleError
from scorekeeper.games.game import Game
from scorekeeper.games.players import checked_names
from scorekeeper.games.scoreboard import Scoreboard

KIND = "tally"
PLAYERS = 2
MOST_POINTS = 10
DEFAULT_TARGET = 10


@dataclass(frozen=True)
class Setup:
    players: tuple[str, str]
    first_dealer: int = 0
    target: int = DEFAULT_TARGET

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", checked_names(self.players, PLAYERS, "Tally"))
        if self.first_dealer not in (0, 1) or isinstance(self.first_dealer, bool):
            raise RuleError("The first dealer must be seat 0 or 1.", field="first_dealer")
        if isinstance(self.target, bool) or not isinstance(self.target, int):
            raise RuleError("The target must be a whole number.", field="target")
        if not 1 <= self.target <= 1000:
            raise RuleError("The target must be from 1 to 1000.", field="target")

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "options": {"target": self.target},
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Setup:
        if not isinstance(raw, Mapping):
            raise RuleError("A Tally setup must be a record of fields.", field="players")
        options = raw.get("options") or {}
        if not isinstance(options, Mapping):
            raise RuleError("options must map option names to values.", field="options")
        return cls(
            players=tuple(raw.get("players") or ()),  # type: ignore[arg-type]
            first_dealer=raw.get("first_dealer", 0),
            target=options.get("target", DEFAULT_TARGET),
        )


@dataclass(frozen=True)
class Deal:
    number: int
    dealer: int
    points: tuple[int, int]
    totals: tuple[int, int]


@dataclass(frozen=True)
class State:
    setup: Setup
    deals: tuple[Deal, ...] = ()
    history: tuple[HistoryEntry, ...] = ()

    @property
    def kind(self) -> str:
        return KIND

    @property
    def players(self) -> tuple[str, str]:
        return self.setup.players

    @property
    def totals(self) -> tuple[int, int]:
        return self.deals[-1].totals if self.deals else (0, 0)

    @property
    def winner(self) -> int | None:
        a, b = self.totals
        if max(a, b) < self.setup.target or a == b:
            return None
        return 0 if a > b else 1

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def current(self) -> int | None:
        """The number of the next deal; None once the game is over."""
        return None if self.finished else len(self.deals) + 1

    def dealer_of(self, number: int) -> int:
        return (self.setup.first_dealer + number - 1) % PLAYERS


def parse_points(value: Any, number: int) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != PLAYERS:
        raise RuleError("Enter both players' points.", field="points", deal=number)
    for points in value:
        if isinstance(points, bool) or not isinstance(points, int):
            raise RuleError("Points are whole numbers.", field="points", deal=number)
        if not 0 <= points <= MOST_POINTS:
            raise RuleError(
                f"Points are from 0 to {MOST_POINTS} a deal.", field="points", deal=number
            )
    return (value[0], value[1])


def _number(data: Mapping[str, Any]) -> int:
    number = data.get("number")
    if isinstance(number, bool) or not isinstance(number, int):
        raise RuleError("Which deal is this for? The deal number is missing.", field="number")
    return number


def _score(setup: Setup, points: Sequence[tuple[int, int]]) -> State:
    state = State(setup)
    for pts in points:
        number = len(state.deals) + 1
        if state.finished:
            raise RuleError(f"The game was over before deal {number}.", field="number", deal=number)
        a, b = state.totals
        deal = Deal(number, state.dealer_of(number), pts, (a + pts[0], b + pts[1]))
        state = replace(state, deals=(*state.deals, deal))
    return state


def _fold(state: State, event: Event) -> tuple[State, str, int]:
    data = event.data
    number = _number(data)
    points = parse_points(data.get("points"), number)
    text = f"{points[0]}/{points[1]}"
    if event.kind == "deal":
        if state.current is None:
            raise RuleError("The game is over.", field="number", deal=number)
        if number != state.current:
            raise RuleError(
                f"This is deal {state.current}, not deal {number}.", field="number", deal=number
            )
        new = _score(state.setup, [*(d.points for d in state.deals), points])
        return replace(new, history=state.history), f"points {text}", number
    if event.kind == "correct":
        if not 1 <= number <= len(state.deals):
            raise RuleError(f"Deal {number} has not been played yet.", field="number", deal=number)
        if state.deals[number - 1].points == points:
            raise RuleError(
                f"That is what deal {number} already says.", field="points", deal=number
            )
        entered = [d.points for d in state.deals]
        entered[number - 1] = points
        new = _score(state.setup, entered)
        return replace(new, history=state.history), f"corrected: points {text}", number
    raise RuleError(f"Unknown action {event.kind!r}.", field="kind")


def scoreboard(state: State) -> Scoreboard:
    return Scoreboard(
        sides=((0,), (1,)),
        deals=tuple(deal.totals for deal in state.deals),
        finished=state.finished,
        winners=() if state.winner is None else (state.winner,),
    )


GAME: Game[Setup, State] = Game(
    kind=KIND,
    title="Tally",
    seats=PLAYERS,
    noun="deal",
    setup_type=Setup,
    state_type=State,
    parse_setup=Setup.from_dict,
    start=State,
    fold=_fold,
    scoreboard=scoreboard,
)


def deal_event(number: int, points: Sequence[int]) -> Event:
    return Event("deal", {"number": number, "points": list(points)})
