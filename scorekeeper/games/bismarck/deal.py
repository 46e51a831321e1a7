"""The events of the deal in play: its contract announced, its tricks entered, the deal dealt
again. Each checks and scores only that deal."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from scorekeeper.games.bismarck.contracts import Contract
from scorekeeper.games.bismarck.parse import parse_contract, parse_tricks, parse_trump
from scorekeeper.games.bismarck.sheet import put
from scorekeeper.games.bismarck.state import Line, State
from scorekeeper.games.bismarck.summary import contract_text, tricks_text
from scorekeeper.games.events import RuleError
from scorekeeper.games.text import T_, Text


def announce(state: State, data: Mapping[str, Any], number: int) -> tuple[State, Text, int]:
    """The contract (and trump) of the deal in play."""
    variant = state.variant
    if state.announced is not None:
        raise RuleError(
            T_(
                "Deal %(n)s is already announced (%(contract)s): record its tricks.",
                n=number,
                contract=state.announced.contract.name_in(variant),
            ),
            field="contract",
            deal=number,
        )
    assert state.current is not None
    contract = parse_contract(data.get("contract"))
    line = Line(contract, parse_trump(data.get("trump")))
    said = T_(
        "%(name)s announced %(contract)s",
        name=state.players[state.current.declarer],
        contract=contract_text(line, variant),
    )
    return put(state, line), said, number


def tricks(state: State, data: Mapping[str, Any], number: int) -> tuple[State, Text, int]:
    """The tricks of the deal in play (announced, or announced with them)."""
    if state.announced is None:
        if data.get("contract") is None:
            raise RuleError(
                T_("Announce the contract for deal %(n)s first.", n=number),
                field="contract",
                deal=number,
            )
        base = Line(parse_contract(data.get("contract")), parse_trump(data.get("trump")))
    else:
        base = state.announced.line
        if (
            data.get("contract") is not None
            and parse_contract(data.get("contract")) is not base.contract
        ):
            raise RuleError(
                T_(
                    "Deal %(n)s was announced as %(contract)s.",
                    n=number,
                    contract=base.contract.name_in(state.variant),
                ),
                field="contract",
                deal=number,
            )
    tricks = parse_tricks(data.get("tricks"))
    said = T_("tricks %(tricks)s", tricks=tricks_text(tricks))
    return put(state, replace(base, tricks=tricks)), said, number


def redeal(state: State, data: Mapping[str, Any], number: int) -> tuple[State, Text, int]:
    """The deal in play dealt again: the same contract, Valfri and Trumf perhaps with another
    trump suit."""
    if state.announced is None:
        raise RuleError(
            T_("Deal %(n)s has not been announced yet: there is nothing to redeal.", n=number),
            field="deal",
            deal=number,
        )
    line = state.announced.line
    trump = line.trump
    if data.get("trump") not in (None, ""):
        if line.contract not in (Contract.VALFRI, Contract.TRUMF):
            raise RuleError(
                T_(
                    "%(contract)s keeps its trumps on a redeal.",
                    contract=line.contract.name_in(state.variant),
                ),
                field="trump",
                deal=number,
            )
        trump = parse_trump(data.get("trump"))
    redealt = replace(line, trump=trump, redeals=line.redeals + 1)
    said = T_("redealt (%(contract)s)", contract=contract_text(redealt, state.variant))
    return put(state, redealt), said, number
