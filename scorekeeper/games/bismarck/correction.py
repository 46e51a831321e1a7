"""A correction of earlier deals: one deal or several at once, checked as a whole, with every
later deal checked and scored again."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from scorekeeper.games import deal_numbers
from scorekeeper.games.bismarck.contracts import Contract
from scorekeeper.games.bismarck.parse import parse_contract, parse_tricks, parse_trump
from scorekeeper.games.bismarck.sheet import evaluate
from scorekeeper.games.bismarck.state import Line, State
from scorekeeper.games.bismarck.summary import changes_text
from scorekeeper.games.events import RuleError
from scorekeeper.games.text import T_, Text, joined


def correct(state: State, data: Mapping[str, Any]) -> tuple[State, Text, int | None]:
    """A correction of one deal (``deal`` with its fields) or of several at once (``deals``: a
    list of such objects), checked as a whole: swapping two deals' contracts is one correction,
    although each half alone would be refused."""
    setup = state.setup
    items = _corrected_items(data)
    changed, new = _changed_lines(state, items)
    numbers = {number for number, _old, _line in changed}
    try:
        corrected = evaluate(setup, new, state.history)
    except RuleError as error:
        if error.deal is not None and error.deal > min(numbers) and error.deal not in numbers:
            raise deal_numbers.made_illegal(error, "deal") from None
        raise
    if len(changed) == 1:
        number, old, line = changed[0]
        summary = T_("corrected: %(changes)s", changes=changes_text(old, line, setup.variant))
        return corrected, summary, number
    said = joined(
        [
            T_("deal %(n)s: %(changes)s", n=number, changes=changes_text(old, line, setup.variant))
            for number, old, line in sorted(changed, key=lambda change: change[0])
        ]
    )
    return corrected, T_("corrected %(changes)s", changes=said), None


def _corrected_items(data: Mapping[str, Any]) -> Sequence[Mapping[str, Any]]:
    """The deals a correction changes, each a record of fields."""
    if "deals" not in data:
        return [data]
    if "deal" in data:
        raise RuleError(
            T_("A correction names one deal or a list of deals, not both."), field="deals"
        )
    items = data["deals"]
    if not isinstance(items, list | tuple) or not items:
        raise RuleError(T_("A correction lists the deals it changes."), field="deals")
    if not all(isinstance(item, Mapping) for item in items):
        raise RuleError(T_("Each corrected deal must be a record of fields."), field="deals")
    return items


def _changed_lines(
    state: State, items: Sequence[Mapping[str, Any]]
) -> tuple[list[tuple[int, Line, Line]], list[Line]]:
    """What a correction changes, deal by deal (number, as entered, as corrected), and every
    deal as corrected; RuleError when it names a deal not played, one twice, or changes
    nothing."""
    lines = [deal.line for deal in state.deals]
    new = list(lines)
    changed: list[tuple[int, Line, Line]] = []
    seen: set[int] = set()
    for item in items:
        number = deal_numbers.number(item, "deal")
        if not 1 <= number <= len(lines):
            raise RuleError(
                T_("Deal %(n)s has not been played yet.", n=number), field="deal", deal=number
            )
        if number in seen:
            raise RuleError(
                T_("Deal %(n)s is corrected twice in one correction.", n=number),
                field="deal",
                deal=number,
            )
        seen.add(number)
        old = lines[number - 1]
        line = _corrected_line(old, item, number)
        new[number - 1] = line
        if line != old:
            changed.append((number, old, line))
    if not changed:
        if len(items) == 1:
            raise deal_numbers.unchanged(deal_numbers.number(items[0], "deal"), "deal")
        raise RuleError(T_("That is what these deals already say."), field="deal")
    return changed, new


def _corrected_line(old: Line, data: Mapping[str, Any], number: int) -> Line:
    """Deal ``number`` as entered (``old``) with the fields a correction gives."""
    contract = parse_contract(data["contract"]) if data.get("contract") else old.contract
    trump = parse_trump(data["trump"]) if "trump" in data else old.trump
    if "trump" not in data and not contract.needs_trump and contract is not Contract.SPADER:
        trump = None
    tricks = old.tricks
    if data.get("tricks") is not None:
        if old.tricks is None:
            raise RuleError(
                T_("Deal %(n)s is still in play: record its tricks instead.", n=number),
                field="tricks",
                deal=number,
            )
        tricks = parse_tricks(data.get("tricks"))
    return replace(old, contract=contract, trump=trump, tricks=tricks)
