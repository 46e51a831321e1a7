"""A season's table and ratings are pure Python, like the engines and the evening's standings:
the web, the database and the printers build on them, never the other way round."""

from __future__ import annotations

import subprocess
import sys

from tests.purity import FRAMEWORKS


def test_the_season_imports_without_flask_sqlalchemy_or_reportlab():
    code = (
        "import sys, scorekeeper.seasons\n"
        f"print(','.join(m for m in {FRAMEWORKS!r} if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
