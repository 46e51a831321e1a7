"""The rules engines are pure Python: importing them loads no web, database, PDF or translation
library (their messages are ids and parameters; the layers above say them)."""

from __future__ import annotations

import subprocess
import sys

from tests.purity import FRAMEWORKS

ENGINES = (
    "bismarck",
    "bismarck.contracts",
    "bismarck.correction",
    "bismarck.deal",
    "bismarck.parse",
    "bismarck.rules",
    "bismarck.schedule",
    "bismarck.setup",
    "bismarck.sheet",
    "bismarck.state",
    "bismarck.stats",
    "bismarck.summary",
    "klaberjass",
    "klaberjass.checks",
    "klaberjass.entry",
    "klaberjass.hand",
    "klaberjass.pack",
    "klaberjass.parse",
    "klaberjass.rules",
    "klaberjass.sequences",
    "klaberjass.stats",
    "klaberjass.trick_points",
    "sviten",
    "sviten.hand",
    "sviten.meld_bounds",
    "sviten.meld_check",
    "sviten.meld_counts",
    "sviten.meld_problem",
    "sviten.meld_search",
    "sviten.meld_steps",
    "sviten.melds",
    "sviten.parse",
    "sviten.proposal",
    "sviten.rules",
    "sviten.scoring",
    "sviten.setup",
    "sviten.stats",
    "sviten.table",
    "free",
    "free.rules",
    "free.setup",
    "free.stats",
    "cards",
    "deal_numbers",
    "events",
    "game",
    "hand_log",
    "players",
    "registry",
    "scoreboard",
    "stats",
    "text",
)


def test_engines_import_without_flask_sqlalchemy_or_reportlab():
    code = "\n".join(
        [
            "import importlib, sys",
            *(f"importlib.import_module('scorekeeper.games.{name}')" for name in ENGINES),
            f"print(','.join(m for m in {FRAMEWORKS!r} if m in sys.modules))",
        ]
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
