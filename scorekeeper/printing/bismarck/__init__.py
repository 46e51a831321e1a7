"""Bismarck on paper: the score sheet and the rules card."""

from scorekeeper.printing.bismarck.rules_card import bismarck_rules_card
from scorekeeper.printing.bismarck.sheet import bismarck_sheet, blank_bismarck_sheet

__all__ = ["bismarck_rules_card", "bismarck_sheet", "blank_bismarck_sheet"]
