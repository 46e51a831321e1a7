"""The free game on paper: the score sheet and the card of the options chosen (it takes the
place of a rules card), and :data:`PRINTERS`, what the rest of the app prints them through
(with the settings they take on the command line)."""

from scorekeeper.games import free
from scorekeeper.printing.free import options_card, sheet
from scorekeeper.printing.printers import GamePrinters, Setting

PRINTERS = GamePrinters.laid_out(
    sheet.LAYOUT,
    options_card.LAYOUT,
    settings=(
        Setting(
            "--wins",
            ("options", "wins"),
            "Free game: which total wins (default highest).",
            choices=("highest", "lowest"),
        ),
        Setting(
            "--ends-at",
            ("options", "target"),
            "Free game: the game ends when a total reaches this.",
            most=free.MOST_TARGET,
        ),
        Setting(
            "--deals",
            ("options", "rounds"),
            "Free game: the game ends after this many deals (as many rows on the sheet).",
            most=free.MOST_DEALS,
        ),
    ),
)

__all__ = ["PRINTERS"]
