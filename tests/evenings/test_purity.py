"""An evening's setup, plan and standings are pure Python, like the engines: the web, the
database and the printers build on them, never the other way round."""

from __future__ import annotations

import subprocess
import sys

from tests.purity import FRAMEWORKS

PURE = (
    "scorekeeper.evenings.setup",
    "scorekeeper.evenings.standings",
    "scorekeeper.evenings.suspense",
    "scorekeeper.evenings.seating",
    "scorekeeper.evenings.seating.designs",
    "scorekeeper.evenings.seating.search",
)


def test_setup_and_standings_import_without_flask_sqlalchemy_or_reportlab():
    code = "\n".join(
        [
            "import importlib, sys",
            *(f"importlib.import_module({name!r})" for name in PURE),
            f"print(','.join(m for m in {FRAMEWORKS!r} if m in sys.modules))",
        ]
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
