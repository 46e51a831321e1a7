"""Printed score sheets and rules cards (PDF, reportlab platypus), one page each.

Everything here takes a rules engine's values (a state, or a :class:`Blank`: names, first dealer
and settings) and returns the bytes of a PDF; nothing here touches the database. Each game kind
has its printers (:class:`GamePrinters`), registered here by kind, so the web pages and the
command line print any kind the same way and name none:

    printer_for(state.kind).sheet(state, paper="letter", url=..., date=...)
    printer_for(kind).blank_rules_card(Blank(names, first_dealer, settings), paper="a4")

Layout: ``common.py`` (paper, fonts, styles, QR code, page header, one-page PDF), ``table.py``
(the score table every sheet is built on), ``sheet.py`` and ``card.py`` (what every sheet and
every rules card shares), ``printers.py`` (the interface and the registry), and a package per
game (``bismarck/``, ``klaberjass/``, ``sviten/``: its sheet, its card and its printers). A new
game adds its package and one line below, or registers its printers from where it lives.
"""

from __future__ import annotations

from scorekeeper.printing import bismarck, klaberjass, sviten
from scorekeeper.printing.bismarck import bismarck_rules_card, bismarck_sheet, blank_bismarck_sheet
from scorekeeper.printing.blank import Blank
from scorekeeper.printing.common import DEFAULT_PAPER, PAPERS, page_size
from scorekeeper.printing.klaberjass import (
    blank_klaberjass_sheet,
    klaberjass_rules_card,
    klaberjass_sheet,
)
from scorekeeper.printing.printers import (
    GamePrinters,
    Setting,
    printer_for,
    register_printers,
    registered_printers,
    unregister_printers,
)
from scorekeeper.printing.sviten import blank_sviten_sheet, sviten_rules_card, sviten_sheet

for _printers in (bismarck.PRINTERS, klaberjass.PRINTERS, sviten.PRINTERS):
    register_printers(_printers)

__all__ = [
    "DEFAULT_PAPER",
    "PAPERS",
    "Blank",
    "GamePrinters",
    "Setting",
    "bismarck_rules_card",
    "bismarck_sheet",
    "blank_bismarck_sheet",
    "blank_klaberjass_sheet",
    "blank_sviten_sheet",
    "klaberjass_rules_card",
    "klaberjass_sheet",
    "page_size",
    "printer_for",
    "register_printers",
    "registered_printers",
    "sviten_rules_card",
    "sviten_sheet",
    "unregister_printers",
]
