"""The package and the benchmarks type-check: ``mypy`` with the configuration of
``pyproject.toml`` (strict, over ``scorekeeper/`` and ``benchmarks/`` with the tests' helpers
the benchmarks import) finds no error.

A benchmark CI runs is checked here in seconds rather than failing at the tail of CI's run (a
call to a seeding helper that had gone did). A run with a warm cache (``.mypy_cache/``) takes
well under a second, a cold one ten to fifteen on two busy cores, so the check is part of the
quick loop as well as of the full run.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: How many of the errors the failure lists in full (the count per file is always complete).
SHOWN = 40


def test_the_package_has_no_type_errors():
    result = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, _report(result)


def _report(result: subprocess.CompletedProcess[str]) -> str:
    """What mypy found, readably: the count per file, then the first errors as mypy said them."""
    lines = result.stdout.splitlines()
    errors = [line for line in lines if ": error: " in line]
    if not errors:  # mypy itself failed (not installed, a bad configuration, a crash)
        return f"mypy exited with {result.returncode}:\n{result.stdout}{result.stderr}"
    per_file = Counter(line.split(":", 1)[0] for line in errors)
    summary = "\n".join(f"{count:5}  {path}" for path, count in per_file.most_common())
    shown = "\n".join(errors[:SHOWN])
    more = f"\n... and {len(errors) - SHOWN} more (run `mypy`)" if len(errors) > SHOWN else ""
    return f"{lines[-1] if lines else ''}\n\nper file:\n{summary}\n\n{shown}{more}"
