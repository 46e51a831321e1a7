"""Sviten Special on paper: the score sheet and the rules card."""

from scorekeeper.printing.sviten.rules_card import sviten_rules_card
from scorekeeper.printing.sviten.sheet import blank_sviten_sheet, sviten_sheet

__all__ = ["blank_sviten_sheet", "sviten_rules_card", "sviten_sheet"]
