"""Sviten Special on paper: the score sheet and the rules card, and :data:`PRINTERS`, what the
rest of the app prints them through."""

from scorekeeper.printing.printers import GamePrinters
from scorekeeper.printing.sviten import rules_card, sheet
from scorekeeper.printing.sviten.rules_card import sviten_rules_card
from scorekeeper.printing.sviten.sheet import blank_sviten_sheet, sviten_sheet

PRINTERS = GamePrinters.laid_out(sheet.LAYOUT, rules_card.LAYOUT)

__all__ = ["PRINTERS", "blank_sviten_sheet", "sviten_rules_card", "sviten_sheet"]
