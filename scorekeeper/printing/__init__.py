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
game (``bismarck/``, ``klaberjass/``, ``sviten/``: its sheet, its card, and its printers as
``PRINTERS``). A new game adds its package and its name to :data:`BUILT_IN`, or registers its
printers from where it lives.
"""

from __future__ import annotations

import importlib

from scorekeeper.printing.blank import Blank
from scorekeeper.printing.common import DEFAULT_PAPER, PAPERS, page_size
from scorekeeper.printing.printers import (
    GamePrinters,
    Setting,
    printer_for,
    register_printers,
    registered_printers,
    unregister_printers,
)

#: The games this app prints, each a package here that gives its :data:`PRINTERS`.
BUILT_IN = ("bismarck", "klaberjass", "sviten", "free")

for _kind in BUILT_IN:
    register_printers(importlib.import_module(f"{__name__}.{_kind}").PRINTERS)

__all__ = [
    "BUILT_IN",
    "DEFAULT_PAPER",
    "PAPERS",
    "Blank",
    "GamePrinters",
    "Setting",
    "page_size",
    "printer_for",
    "register_printers",
    "registered_printers",
    "unregister_printers",
]
