"""The sheet checked and scored: every deal as entered is checked against the rules (the
schedule's fixed contract, the variant's contracts, each declarer's contracts used once, the
trump a contract has) and scored, deal by deal, into a :class:`State`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from scorekeeper.games.bismarck.contracts import PLAYERS, Contract, Variant, score
from scorekeeper.games.bismarck.parse import parse_tricks
from scorekeeper.games.bismarck.schedule import ScheduledDeal, schedule
from scorekeeper.games.bismarck.setup import Setup
from scorekeeper.games.bismarck.state import DealResult, Line, State
from scorekeeper.games.cards import Suit
from scorekeeper.games.events import HistoryEntry, RuleError
from scorekeeper.games.text import T_


def _check_line(setup: Setup, slot: ScheduledDeal, line: Line, used: dict[Contract, int]) -> None:
    """Refuse a line the rules forbid; ``used`` is what the declarer has used before it."""
    name = setup.players[slot.declarer]
    variant = setup.variant
    contract = line.contract
    if slot.fixed_contract is not None and contract is not slot.fixed_contract:
        raise RuleError(
            T_(
                "Deal %(n)s is %(contract)s in %(game)s.",
                n=slot.number,
                contract=slot.fixed_contract.name_in(variant),
                game=variant.the_game,
            ),
            field="contract",
            deal=slot.number,
        )
    if contract not in variant.contracts:
        raise RuleError(
            T_(
                "%(contract)s is not played in %(game)s.",
                contract=contract.display,
                game=variant.the_game,
            ),
            field="contract",
            deal=slot.number,
        )
    if contract in used:
        raise RuleError(
            T_(
                "%(name)s has already played %(contract)s (deal %(n)s).",
                name=name,
                contract=contract.name_in(variant),
                n=used[contract],
            ),
            field="contract",
            deal=slot.number,
            other=used[contract],
        )
    _check_trump(line, slot.number, variant)
    if line.tricks is not None:
        try:
            parse_tricks(line.tricks)
        except RuleError as error:
            raise RuleError(error.text, field="tricks", deal=slot.number) from None
    if isinstance(line.redeals, bool) or not isinstance(line.redeals, int) or line.redeals < 0:
        raise RuleError(
            T_("Redeals must be a count (0 or more)."), field="redeals", deal=slot.number
        )


def _check_trump(line: Line, deal: int, variant: Variant) -> None:
    """Refuse a trump suit the contract does not have, or a missing one it needs."""
    if line.contract.needs_trump and line.trump is None:
        raise RuleError(
            T_("Name the trump suit for %(contract)s.", contract=line.contract.name_in(variant)),
            field="trump",
            deal=deal,
        )
    if line.contract is Contract.SPADER and line.trump not in (None, Suit.SPADES):
        raise RuleError(T_("In Spader, spades are trumps."), field="trump", deal=deal)
    if line.contract in (Contract.SANG, Contract.PASS) and line.trump is not None:
        raise RuleError(
            T_("%(contract)s is played without trumps.", contract=line.contract.name_in(variant)),
            field="trump",
            deal=deal,
        )


def evaluate(setup: Setup, lines: Sequence[Line], history: tuple[HistoryEntry, ...] = ()) -> State:
    """Validate and score a sheet of lines (only the last may be unrecorded)."""
    state = new_game(setup)
    for line in lines:
        if state.announced is not None:
            number = state.announced.number
            raise RuleError(
                T_("Deal %(n)s has no tricks recorded.", n=number), field="tricks", deal=number
            )
        state = put(state, line)
    return replace(state, history=history)


@cache
def _slots(setup: Setup) -> tuple[ScheduledDeal, ...]:
    return schedule(setup)


def put(state: State, line: Line) -> State:
    """The state with ``line`` as the current deal: it replaces the announced deal (still in
    play) or, when none is, starts the next deal. Checks and scores only that one deal."""
    setup = state.setup
    slots = _slots(setup)
    earlier = state.deals[:-1] if state.announced is not None else state.deals
    if len(earlier) >= len(slots):
        raise RuleError(
            T_("The game has only %(n)s deals.", n=len(slots)),
            field="deals",
            deal=len(slots) + 1,
        )
    slot = slots[len(earlier)]
    # What the declarer had used before this deal (the announced deal's contract is replaced).
    before = {c: n for c, n in state.used[slot.declarer].items() if n != slot.number}
    _check_line(setup, slot, line, before)
    used = tuple(
        {**before, line.contract: slot.number} if seat == slot.declarer else dict(state.used[seat])
        for seat in range(PLAYERS)
    )
    totals = earlier[-1].totals if earlier else (0, 0, 0)
    scores = None
    if line.tricks is not None:
        scores = score(line.contract, slot.declarer, line.tricks)
        totals = (totals[0] + scores[0], totals[1] + scores[1], totals[2] + scores[2])
    result = DealResult(
        number=slot.number,
        dealer=slot.dealer,
        declarer=slot.declarer,
        contract=line.contract,
        trump=line.trump,
        tricks=line.tricks,
        scores=scores,
        totals=totals,
        redeals=line.redeals,
    )
    return _state(setup, (*earlier, result), used, state.history)


def _state(
    setup: Setup,
    results: tuple[DealResult, ...],
    used: tuple[dict[Contract, int], ...],
    history: tuple[HistoryEntry, ...] = (),
) -> State:
    """The state of a sheet of scored deals: whose turn it is and what they may play."""
    slots = _slots(setup)
    announced = results[-1] if results and not results[-1].scored else None
    if announced is not None:
        current: ScheduledDeal | None = slots[announced.number - 1]
    else:
        current = slots[len(results)] if len(results) < len(slots) else None
    if current is None or announced is not None:
        allowed: tuple[Contract, ...] = ()
    elif current.fixed_contract is not None:
        allowed = (current.fixed_contract,)
    else:
        allowed = tuple(c for c in setup.variant.contracts if c not in used[current.declarer])
    return State(
        setup=setup,
        deals=results,
        totals=results[-1].totals if results else (0, 0, 0),
        current=current,
        announced=announced,
        allowed=allowed,
        used=used,
        history=history,
    )


def new_game(setup: Setup) -> State:
    return _state(setup, (), ({}, {}, {}))
