"""A command imports only what it uses (issue 24): ``scorekeeper score`` checks a Bismarck record
without Flask, the database libraries or the other games' rules, each command is found by name
without importing the others, and the commands that run with the app still get it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from scorekeeper.cli import main, score
from scorekeeper.evenings import record as evening_records

RECORD = Path(__file__).parent.parent / "records" / "issue-example.json"

# Run in a fresh interpreter: what a test process has imported already says nothing.
PROBE = """
import sys
from scorekeeper.cli import main
try:
    main(["score", sys.argv[1]], standalone_mode=False)
finally:
    prefixes = ("flask", "sqlalchemy", "alembic", "qrcode", "PIL", "reportlab",
                "scorekeeper.games.sviten", "scorekeeper.games.klaberjass",
                "scorekeeper.evenings", "scorekeeper.web")
    print(sorted({m for m in sys.modules if m.startswith(prefixes)}), file=sys.stderr)
"""


def _score_in_a_new_process(path: Path) -> tuple[str, list[str]]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(path)], capture_output=True, text=True, check=True
    )
    return done.stdout, json.loads(done.stderr.strip().splitlines()[-1].replace("'", '"'))


def test_score_of_a_bismarck_record_imports_no_web_database_or_other_game():
    printed, imported = _score_in_a_new_process(RECORD)
    assert "Bismarck" in printed and "Anna" in printed
    assert imported == []


def test_score_of_an_evening_record_imports_the_evenings_but_not_the_web(tmp_path):
    from tests.cli.evening_text import evening_text

    path = tmp_path / "evening.json"
    path.write_text(evening_text()[0])
    printed, imported = _score_in_a_new_process(path)
    assert printed
    assert any(m.startswith("scorekeeper.evenings") for m in imported)
    assert not any(m.startswith(("flask", "sqlalchemy", "scorekeeper.web")) for m in imported)


def test_the_score_command_knows_the_evening_format_as_the_evening_record_writes_it():
    assert score.EVENING_FORMAT == evening_records.EVENING_FORMAT


def test_every_command_is_listed_with_flasks_own():
    listed = CliRunner().invoke(main, ["--help"]).output
    for name in ("serve", "score", "export", "import", "sheet", "rules-card", "evening"):
        assert f"  {name} " in listed
    assert "  backup " in listed and "  restore " in listed and "  db " in listed


def test_an_unknown_command_is_a_usage_error():
    result = CliRunner().invoke(main, ["scroe"])
    assert result.exit_code == 2
    assert "No such command 'scroe'" in result.output
