"""Klaberjass on paper: the score sheet and the rules card."""

from scorekeeper.printing.klaberjass.rules_card import klaberjass_rules_card
from scorekeeper.printing.klaberjass.sheet import blank_klaberjass_sheet, klaberjass_sheet

__all__ = ["blank_klaberjass_sheet", "klaberjass_rules_card", "klaberjass_sheet"]
