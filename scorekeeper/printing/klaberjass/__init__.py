"""Klaberjass on paper: the score sheet and the rules card, and :data:`PRINTERS`, what the rest
of the app prints them through (with the settings they take on the command line)."""

from scorekeeper.games import klaberjass
from scorekeeper.printing.klaberjass import rules_card, sheet
from scorekeeper.printing.klaberjass.rules_card import klaberjass_rules_card
from scorekeeper.printing.klaberjass.sheet import blank_klaberjass_sheet, klaberjass_sheet
from scorekeeper.printing.printers import GamePrinters, Setting

PRINTERS = GamePrinters.laid_out(
    sheet.LAYOUT,
    rules_card.LAYOUT,
    settings=(
        Setting(
            "--target",
            ("options", "target"),
            f"Klaberjass: the points to play to (default {klaberjass.DEFAULT_TARGET}).",
            most=klaberjass.MAX_TARGET,
        ),
    ),
)

__all__ = ["PRINTERS", "blank_klaberjass_sheet", "klaberjass_rules_card", "klaberjass_sheet"]
