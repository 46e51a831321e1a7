"""The rules engines are pure Python: importing them loads no web, database, PDF or translation
library (their messages are ids and parameters; the layers above say them)."""

from __future__ import annotations

import subprocess
import sys

ENGINES = (
    "bismarck",
    "klaberjass",
    "klaberjass.entry",
    "sviten",
    "sviten.melds",
    "sviten.proposal",
    "registry",
    "text",
)
FRAMEWORKS = ("flask", "sqlalchemy", "reportlab", "wtforms", "babel", "flask_babel")


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
