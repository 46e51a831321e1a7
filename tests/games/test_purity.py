"""The rules engines are pure Python: importing them loads no web, database or PDF library."""

from __future__ import annotations

import subprocess
import sys


def test_engines_import_without_flask_sqlalchemy_or_reportlab():
    code = (
        "import sys\n"
        "import scorekeeper.games.bismarck, scorekeeper.games.klaberjass, scorekeeper.games.sviten\n"
        "import scorekeeper.games.registry\n"
        "loaded = sorted(m for m in ('flask', 'sqlalchemy', 'reportlab', 'wtforms') if m in sys.modules)\n"
        "print(','.join(loaded))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
