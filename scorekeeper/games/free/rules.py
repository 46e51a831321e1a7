"""A free game: a score pad for any game the app has no rules for (Whist, Rummy, Chicago, a
house game). The table types each deal's points, one number for each player (or team),
negative allowed; the options chosen at the start say which total wins and when the game ends
(:mod:`.setup`). The deal goes round the players in seat order from the first dealer.

Events: ``deal`` (``{"deal": n, "points": [...]}``, one number for each side), ``correct`` (the
same, for a deal already scored: every later deal's totals are added up again), ``end`` (``{"deal":
n}``: the table ends the game before deal ``n``, after at least one deal) and the shared ``undo``.
In a zero-sum game each deal's points must add up to zero, and a deal that does not is refused
saying by how much it misses.

The engine folds one event at a time: a deal adds one row (its totals from the row before); a
correction adds up the deals from the one it corrects. Pure Python: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from scorekeeper.games import deal_numbers, events
from scorekeeper.games.events import Event, HistoryEntry, RuleError
from scorekeeper.games.free.setup import (
    FEWEST,
    KIND,
    LEAST_POINTS_SAID,
    MOST,
    MOST_POINTS,
    TITLE,
    End,
    Setup,
)
from scorekeeper.games.game import Game
from scorekeeper.games.scoreboard import Scoreboard
from scorekeeper.games.text import T_, Signed, Text, Tn_, signed

DEAL: Final = "deal"
CORRECT = "correct"
END = "end"


@dataclass(frozen=True)
class Deal:
    """A scored deal: who dealt, each side's points and each side's running total."""

    number: int
    dealer: int
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class State:
    setup: Setup
    deals: tuple[Deal, ...] = ()
    #: The table ended the game (an ``end`` entry still in effect).
    ended: bool = False
    history: tuple[HistoryEntry, ...] = ()

    @property
    def kind(self) -> str:
        return KIND

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def name(self) -> str:
        return self.setup.name

    @property
    def options(self) -> Any:
        return self.setup.options

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return self.setup.sides

    @property
    def side_names(self) -> tuple[str, ...]:
        return self.setup.side_names

    @property
    def totals(self) -> tuple[int, ...]:
        return self.deals[-1].totals if self.deals else (0,) * len(self.sides)

    @property
    def target_reached(self) -> bool:
        target = self.setup.options.target
        return target is not None and any(total >= target for total in self.totals)

    @property
    def finished(self) -> bool:
        most = self.setup.options.deals
        return self.ended or self.target_reached or (most is not None and len(self.deals) >= most)

    @property
    def leaders(self) -> tuple[int, ...]:
        """The sides with the best total now, highest or lowest as the game says (all of them
        before the first deal)."""
        totals = self.totals
        best = min(totals) if self.setup.options.lowest_wins else max(totals)
        return tuple(side for side, total in enumerate(totals) if total == best)

    @property
    def winners(self) -> tuple[int, ...]:
        """The sides with the best total once the game is over (several share a tie)."""
        return self.leaders if self.finished else ()

    @property
    def winner_names(self) -> tuple[str, ...]:
        """The winners' names: a player's, or a team's members."""
        return tuple(self.side_names[side] for side in self.winners)

    @property
    def winner(self) -> int | None:
        """The one side that won; None while the game goes on, or when several share it."""
        won = self.winners
        return won[0] if len(won) == 1 else None

    @property
    def standings(self) -> tuple[int, ...]:
        """The sides from the best total to the worst (ties in seat order)."""
        sign = 1 if self.setup.options.lowest_wins else -1
        return tuple(sorted(range(len(self.sides)), key=lambda s: (sign * self.totals[s], s)))

    @property
    def current(self) -> int | None:
        """The number of the deal in play; None once the game is over."""
        return None if self.finished else len(self.deals) + 1

    def dealer_of(self, number: int) -> int:
        """The seat that deals deal ``number``."""
        return (self.setup.first_dealer + number - 1) % len(self.players)

    @property
    def current_dealer(self) -> int | None:
        current = self.current
        return None if current is None else self.dealer_of(current)


def new_game(setup: Setup) -> State:
    return State(setup)


def parse_points(setup: Setup, value: Any, number: int | None = None) -> tuple[int, ...]:
    """A deal's points, one whole number for each side (from −99999 to 99999), adding up to
    zero in a zero-sum game; RuleError (field ``points``) saying what is wrong."""
    where: events.Where = {"field": "points", "deal": number}
    count = len(setup.sides)
    if not isinstance(value, list | tuple) or len(value) != count:
        if setup.teams:
            raise RuleError(T_("Enter the points of every team (%(n)s).", n=count), **where)
        raise RuleError(T_("Enter the points of every player (%(n)s).", n=count), **where)
    for points in value:
        if isinstance(points, bool) or not isinstance(points, int):
            raise RuleError(T_("Points are whole numbers."), **where)
        if not -MOST_POINTS <= points <= MOST_POINTS:
            raise RuleError(
                T_(
                    "Points are from %(least)s to %(most)s a deal.",
                    least=LEAST_POINTS_SAID,
                    most=MOST_POINTS,
                ),
                **where,
            )
    total = sum(value)
    if setup.options.zero_sum and total != 0:
        raise RuleError(
            T_(
                "The points add up to %(total)s: in this game every deal adds up to 0.",
                total=Signed(total),
            ),
            **where,
        )
    return tuple(value)


def points_text(points: Sequence[int]) -> str:
    """``+12 / −3 / 0``: a deal's points as the changes list says them (with spaces: eight
    players' points may take two lines on a phone)."""
    return " / ".join(signed(p) for p in points)


def _added(state: State, points: tuple[int, ...]) -> State:
    """The state with one more deal scored."""
    number = len(state.deals) + 1
    totals = tuple(t + p for t, p in zip(state.totals, points, strict=True))
    deal = Deal(number, state.dealer_of(number), points, totals)
    return replace(state, deals=(*state.deals, deal))


def _fold(state: State, event: Event) -> tuple[State, Text, int | None]:
    """Apply one event; return the new state, a summary and the deal it is about."""
    data = events.event_data(event)
    number = deal_numbers.number(data, DEAL)
    if event.kind == CORRECT:
        return _correct(state, data, number)
    if event.kind not in (DEAL, END):
        raise events.unknown_kind(event)
    if state.current is None:
        raise RuleError(_over(state), field=DEAL, deal=number)
    deal_numbers.check_current(number, state.current, DEAL)
    if event.kind == END:
        if not state.deals:
            raise RuleError(T_("No deal is scored yet: there is no game to end."), field=DEAL)
        ended = T_("ended the game after deal %(n)s", n=len(state.deals))
        return replace(state, ended=True), ended, None
    points = parse_points(state.setup, data.get("points"), number)
    return _added(state, points), T_("points %(points)s", points=points_text(points)), number


def _over(state: State) -> Text:
    """Why no deal may be added: what ended the game."""
    if state.ended:
        return T_("The game is over: the table ended it after deal %(n)s.", n=len(state.deals))
    if state.target_reached:
        return T_("The game is over: a total reached %(target)s.", target=state.options.target)
    return T_("The game is over: all %(n)s deals are scored.", n=len(state.deals))


def _correct(state: State, data: Mapping[str, Any], number: int) -> tuple[State, Text, int]:
    """Deal ``number`` with other points; every later deal added up again, and refused when
    the game would have been over before one of them."""
    if number > len(state.deals):
        raise RuleError(
            T_("Deal %(n)s has not been played yet.", n=number), field=DEAL, deal=number
        )
    points = parse_points(state.setup, data.get("points"), number)
    old = state.deals[number - 1].points
    if points == old:
        raise deal_numbers.unchanged(number, DEAL)
    corrected = replace(state, deals=state.deals[: number - 1], ended=False)
    for later in (points, *(deal.points for deal in state.deals[number:])):
        if corrected.finished:
            over = RuleError(_over(corrected), field=DEAL, deal=len(corrected.deals) + 1)
            raise deal_numbers.made_illegal(over, DEAL)
        corrected = _added(corrected, later)
    said = T_("corrected: points %(old)s → %(new)s", old=points_text(old), new=points_text(points))
    # The table's end stands unless the game is over by its own rule now (a total past the
    # target, its last deal): then that is what ended it, as its record says when read back.
    return replace(corrected, ended=state.ended and not corrected.finished), said, number


def scoreboard(state: State) -> Scoreboard:
    """Each side's running total deal by deal and the winners (a tie shares the win); the
    lower total is the better one in a game the lowest total wins."""
    return Scoreboard(
        sides=state.sides,
        deals=tuple(deal.totals for deal in state.deals),
        finished=state.finished,
        winners=state.winners,
        lowest_wins=state.setup.options.lowest_wins,
    )


def describe_end(setup: Setup) -> Text:
    """How the game ends, in a few words (``first to 52``, ``after 5 deals``)."""
    options = setup.options
    if options.end is End.TARGET:
        return T_("the game ends when a total reaches %(n)s", n=options.target)
    if options.end is End.DEALS:
        return Tn_(
            "the game ends after %(num)s deal",
            "the game ends after %(num)s deals",
            options.deals or 0,
        )
    return T_("the game ends when the table says so")


def deal_event(number: int, points: Sequence[int]) -> Event:
    return Event(DEAL, {"deal": number, "points": list(points)})


def correct_event(number: int, points: Sequence[int]) -> Event:
    return Event(CORRECT, {"deal": number, "points": list(points)})


def end_event(number: int) -> Event:
    return Event(END, {"deal": number})


GAME: Game[Setup, State] = Game(
    kind=KIND,
    title=TITLE,
    seats=4,
    noun="deal",
    setup_type=Setup,
    state_type=State,
    parse_setup=Setup.from_dict,
    start=new_game,
    fold=_fold,
    scoreboard=scoreboard,
    scored=frozenset({DEAL, CORRECT, END}),
    seat_range=(FEWEST, MOST),
    name_of=lambda setup: setup.name,
    side_of_seat=lambda setup, seat: next(
        side for side, seats in enumerate(setup.sides) if seat in seats
    ),
)
