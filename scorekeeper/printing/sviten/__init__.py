"""Sviten Special on paper: the score sheet and the rules card, and :data:`PRINTERS`, what the
rest of the app prints them through."""

from scorekeeper.games import sviten
from scorekeeper.printing.printers import GamePrinters
from scorekeeper.printing.sviten import rules_card, sheet
from scorekeeper.printing.sviten.rules_card import sviten_rules_card
from scorekeeper.printing.sviten.sheet import blank_sviten_sheet, sviten_sheet

PRINTERS = GamePrinters(
    kind=sviten.KIND,
    sheet=sviten_sheet,
    rules_card=sviten_rules_card,
    blank_sheet=sheet.blank_sheet,
    blank_sheet_story=sheet.blank_sheet_story,
    blank_rules_card=rules_card.blank_rules_card,
)

__all__ = ["PRINTERS", "blank_sviten_sheet", "sviten_rules_card", "sviten_sheet"]
