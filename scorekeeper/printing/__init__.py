"""Printed score sheets and rules cards (PDF, reportlab platypus), one page each.

Everything here takes a rules engine's values (a state, a setup, a variant) and returns the
bytes of a PDF; nothing here touches the database. Each game kind registers its printers in
:data:`PRINTERS`, so the web pages and the command line print any kind the same way:

    printer_for(state.kind).sheet(state, paper="letter", url=..., date=...)
    printer_for(state.kind).rules_card(state, paper="a4", url=...)

Each game's sheet and card live in a package of its own (``bismarck/``, ``klaberjass/``,
``sviten/``); what every page shares is in ``common.py``. A new game adds its package and one
line to :data:`PRINTERS`.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any, Protocol

from scorekeeper.games import bismarck as bismarck_rules
from scorekeeper.games import klaberjass as klaberjass_rules
from scorekeeper.games import sviten as sviten_rules
from scorekeeper.printing.bismarck import (
    bismarck_rules_card,
    bismarck_sheet,
    blank_bismarck_sheet,
)
from scorekeeper.printing.common import DEFAULT_PAPER, PAPERS, page_size
from scorekeeper.printing.klaberjass import (
    blank_klaberjass_sheet,
    klaberjass_rules_card,
    klaberjass_sheet,
)
from scorekeeper.printing.sviten import blank_sviten_sheet, sviten_rules_card, sviten_sheet


class SheetPrinter(Protocol):
    def __call__(
        self,
        state: Any,
        /,
        *,
        paper: str = ...,
        url: str | None = ...,
        date: datetime.date | None = ...,
    ) -> bytes: ...


class RulesCardPrinter(Protocol):
    def __call__(self, game: Any, /, *, paper: str = ..., url: str | None = ...) -> bytes: ...


@dataclass(frozen=True)
class GamePrinters:
    """What a game kind can print: the filled sheet of a state, and the rules card of a state,
    a setup or a variant."""

    sheet: SheetPrinter
    rules_card: RulesCardPrinter


PRINTERS: dict[str, GamePrinters] = {
    bismarck_rules.KIND: GamePrinters(sheet=bismarck_sheet, rules_card=bismarck_rules_card),
    klaberjass_rules.KIND: GamePrinters(sheet=klaberjass_sheet, rules_card=klaberjass_rules_card),
    sviten_rules.KIND: GamePrinters(sheet=sviten_sheet, rules_card=sviten_rules_card),
}


def printer_for(kind: str) -> GamePrinters:
    """The printers of a game kind; ``LookupError`` when that kind has none yet."""
    try:
        return PRINTERS[kind]
    except KeyError:
        raise LookupError(f"Nothing to print for {kind!r} games yet.") from None


__all__ = [
    "DEFAULT_PAPER",
    "PAPERS",
    "PRINTERS",
    "GamePrinters",
    "bismarck_rules_card",
    "bismarck_sheet",
    "blank_bismarck_sheet",
    "blank_klaberjass_sheet",
    "blank_sviten_sheet",
    "klaberjass_rules_card",
    "klaberjass_sheet",
    "page_size",
    "printer_for",
    "sviten_rules_card",
    "sviten_sheet",
]
