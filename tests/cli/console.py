"""The ``scorekeeper`` console script run as its own process, as a user runs it from a shell."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path


def console_script() -> str:
    found = shutil.which("scorekeeper", path=str(Path(sys.executable).parent))
    assert found, "the scorekeeper console script is not installed beside this Python"
    return found


def run(*args: str, input: bytes | None = None, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "SCOREKEEPER_DATABASE_URL": "sqlite:///unused-by-score.sqlite3"}
    return subprocess.run(
        [console_script(), *args], input=input, capture_output=True, cwd=cwd, env=env, timeout=60
    )
