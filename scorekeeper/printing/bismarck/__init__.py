"""Bismarck on paper: the score sheet and the rules card, and :data:`PRINTERS`, what the rest of
the app prints them through (with the settings they take on the command line)."""

from scorekeeper.games import bismarck
from scorekeeper.printing.bismarck import rules_card, sheet
from scorekeeper.printing.bismarck.rules_card import bismarck_rules_card
from scorekeeper.printing.bismarck.sheet import bismarck_sheet, blank_bismarck_sheet
from scorekeeper.printing.printers import GamePrinters, Setting

PRINTERS = GamePrinters.laid_out(
    sheet.LAYOUT,
    rules_card.LAYOUT,
    settings=(
        Setting(
            "--variant",
            ("variant",),
            "Bismarck rules: modern (default), classic or british.",
            choices=tuple(variant.value for variant in bismarck.Variant),
        ),
        Setting(
            "--house-rule",
            ("options",),
            "A house rule this table plays (repeat for several).",
            choices=tuple(bismarck.OPTIONS),
            repeated=True,
            on="game card",
        ),
    ),
)

__all__ = ["PRINTERS", "bismarck_rules_card", "bismarck_sheet", "blank_bismarck_sheet"]
