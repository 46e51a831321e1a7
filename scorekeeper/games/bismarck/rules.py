"""Bismarck: three players, 52 cards, 16 tricks a deal, quotas instead of bids.

The rules (see ``shared/rules/README.md``):

* **modern** (default): 12 deals; deal *k* is dealt by seat ``(d + k - 1) % 3`` and forehand,
  the dealer's left, declares one of Spader, Valfri, Sang, Pass that they have not used yet;
* **classic** (1949): 9 deals in fixed order, Trumf ×3, Sang ×3, Pass (Noll) ×3, forehand
  declares; the Trumf suit is the suit of the first face-up card;
* **british**: 12 deals, each player deals four in a row and, as dealer, declares Sang, Trumf,
  Valfri, Pass (Misère) in that order.

Declarer's quota is 8 (4 in Pass), the others' 4 (6 in Pass). A player scores tricks − quota
(quota − tricks in Pass), so every deal sums to zero. A redeal keeps the deal, the dealer, the
declarer and the contract and scores nothing.

The engine folds a game's setup and its *effective* events (undo applied) into a :class:`State`.
Event kinds: ``announce`` (contract and trump for the current deal), ``record`` (its tricks),
``redeal``, ``correct`` (any earlier or the current deal, or several deals at once, checked as
a whole; later deals are re-validated) and ``undo``.

This module is the engine's face: the event kinds, the fold that hands each event to
:mod:`.deal` (the deal in play) or :mod:`.correction`, the scoreboard and ``GAME``. The setup,
the schedule, the state and the checked sheet are modules of their own beside it.
"""

from __future__ import annotations

from enum import StrEnum

from scorekeeper.games import deal_numbers, events
from scorekeeper.games.bismarck.contracts import PLAYERS
from scorekeeper.games.bismarck.correction import correct
from scorekeeper.games.bismarck.deal import announce, redeal, tricks
from scorekeeper.games.bismarck.setup import Setup
from scorekeeper.games.bismarck.sheet import new_game
from scorekeeper.games.bismarck.state import KIND, State
from scorekeeper.games.events import UNDO, Event, RuleError
from scorekeeper.games.game import Game
from scorekeeper.games.scoreboard import Detail, Scoreboard
from scorekeeper.games.text import T_, Text


class EventKind(StrEnum):
    """The kinds of a Bismarck log's events (stored as these strings)."""

    ANNOUNCE = "announce"
    RECORD = "record"
    REDEAL = "redeal"
    CORRECT = "correct"
    UNDO = UNDO


def _fold(state: State, event: Event) -> tuple[State, Text, int | None]:
    """Apply one event; return the new state, a summary and the deal it is about. Only the
    current deal is checked and scored again, except by a correction (which re-derives every
    deal after the one it corrects)."""
    data = events.event_data(event)
    if event.kind == EventKind.CORRECT:
        return correct(state, data)
    number = deal_numbers.number(data, "deal")
    if state.current is None:
        raise RuleError(
            T_("The game is over: all %(n)s deals are recorded.", n=state.deal_count),
            field="deal",
            deal=number,
        )
    deal_numbers.check_current(number, state.current.number, "deal")
    if event.kind == EventKind.ANNOUNCE:
        return announce(state, data, number)
    if event.kind == EventKind.RECORD:
        return tricks(state, data, number)
    if event.kind == EventKind.REDEAL:
        return redeal(state, data, number)
    raise events.unknown_kind(event)


def scoreboard(state: State) -> Scoreboard:
    """Each player's running total deal by deal, the winners (a tie shares the win), and each
    declarer's score by contract (a club evening's statistic)."""
    scored = state.scored
    return Scoreboard(
        sides=((0,), (1,), (2,)),
        deals=tuple(deal.totals for deal in scored),
        finished=state.finished,
        winners=state.winners,
        details=tuple(
            Detail(deal.declarer, deal.contract.name_in(state.variant), deal.scores[deal.declarer])
            for deal in scored
            if deal.scores is not None
        ),
        detail_heading=T_("Average score as declarer, by contract"),
        detail_labels=tuple(c.name_in(state.variant) for c in state.variant.contracts),
    )


GAME: Game[Setup, State] = Game(
    kind=KIND,
    title="Bismarck",
    seats=PLAYERS,
    noun="deal",
    setup_type=Setup,
    state_type=State,
    parse_setup=Setup.from_dict,
    start=new_game,
    fold=_fold,
    scoreboard=scoreboard,
    even_totals=True,
    scored=frozenset({EventKind.RECORD.value, EventKind.CORRECT.value}),
)
