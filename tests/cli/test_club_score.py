"""``scorekeeper club score club.json``: a club record's season tables and ratings, without a
server, checked against what the clubs' services work out from the database for the same club."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.clubs import services
from scorekeeper.evenings.record_text import points_text
from tests.cli.runner import invoke
from tests.clubs.season_club import season_club


@pytest.fixture
def exported(app, tmp_path):
    """The season club's record in a file, and what the services say of the club."""
    with app.app_context():
        club = season_club()
        text = services.record_of(club)
        page = services.page_of(club)
        _evenings, rows = services.season_of(page)
        names = page.names()
        ratings = {names[m]: r for m, r in services.ratings_of(page).now.items()}
        stored = {
            s.name: services.season_of(services.in_season(page, s), s.rule)[1]
            for s in services.seasons_of(club)
        }
    path = tmp_path / "club.json"
    path.write_text(text, encoding="utf-8")
    return path, rows, ratings, stored


def _section(output: str, heading: str) -> list[list[str]]:
    """The rows of the table under ``heading``: its cells, split on two spaces or more."""
    lines = output.split("\n")
    start = lines.index(heading) + 2
    found = []
    for line in lines[start + 2 :]:  # the headings and their rule
        if not line.strip():
            break
        found.append([cell for cell in line.strip().split("  ") if cell.strip()])
    return [[cell.strip() for cell in row] for row in found]


def _shown(rows) -> list[list[str]]:
    return [
        [
            "–" if row.place is None else f"={row.place}" if row.shared else str(row.place),
            row.name,
            points_text(row.points),
            str(row.evenings),
        ]
        for row in rows
    ]


def test_the_season_table_and_ratings_are_the_services(exported):
    path, rows, ratings, stored = exported
    done = invoke("club", "score", str(path))
    assert done.exit_code == 0, done.output
    out = done.output
    assert out.startswith("Torsdagsklubben\n3 evenings · 6 members\n")
    season = _section(out, "Season table: every evening, total of evening results")
    assert season == _shown(rows)
    assert set(stored) == {"Utvalda", "Från i dag"}
    for name, season_rows in stored.items():  # each stored season by its own rule
        assert _section(out, f"Season {name}") == _shown(season_rows), name
    shown = {row[0]: row[1:] for row in _section(out, "Ratings")}
    assert shown == {
        name: [str(r.shown), f"±{r.plus_minus}", str(r.games)] for name, r in ratings.items()
    }
    assert len(shown) >= 6  # Anna (with Anna S), Ben, Carla, Dag, Eva L, Fred, Gun played


def test_each_stored_season_is_printed_by_its_rule(exported, tmp_path):
    path, _rows, _ratings, _stored = exported
    raw = json.loads(path.read_text())
    raw["seasons"] = [
        {"name": "Vår", "rule": "best", "n": 1, "absence": "none", "evenings": [2]},
    ]
    other = tmp_path / "seasons.json"
    other.write_text(json.dumps(raw), encoding="utf-8")
    done = invoke("club", "score", str(other))
    assert done.exit_code == 0, done.output
    spring = _section(done.output, "Season Vår")
    # Only Vecka 2: its six players, Anna S counted as Anna.
    assert {row[1] for row in spring} == {"Anna", "Ben", "Carla", "Dag", "Gun", "Eva L"}
    assert all(row[3] == "1" for row in spring)


def test_a_broken_record_exits_2_naming_the_place(exported, tmp_path):
    path, _rows, _ratings, _stored = exported
    raw = json.loads(path.read_text())
    raw["evenings"][0]["record"]["tables"][0]["record"]["deals"][0]["tricks"] = [16, 16, 16]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(raw), encoding="utf-8")
    done = invoke("club", "score", str(bad))
    assert done.exit_code == 2
    assert done.stdout == ""
    assert done.stderr.startswith("evening 1 (Vecka 1): round 1, table 1: deal 1: ")


def test_in_swedish(exported):
    path, _rows, _ratings, _stored = exported
    done = invoke("club", "score", "--lang", "sv", str(path))
    assert done.exit_code == 0, done.output
    assert "3 kvällar · 6 medlemmar" in done.output
    assert "Säsongstabell: alla kvällar" in done.output and "Rankning" in done.output


PROBE = """
import sys
from scorekeeper.cli import main
try:
    main(["club", "score", sys.argv[1]], standalone_mode=False)
finally:
    prefixes = ("flask", "sqlalchemy", "alembic", "argon2", "qrcode", "reportlab",
                "scorekeeper.data.db", "scorekeeper.web", "scorekeeper.clubs.services")
    print(sorted({m for m in sys.modules if m.startswith(prefixes)}), file=sys.stderr)
"""


def test_the_command_imports_neither_flask_nor_the_database(exported):
    """Run in a fresh interpreter (what a test process has imported says nothing): the season
    tables and ratings of a whole club, with no web framework, database or PIN hashing."""
    path, _rows, _ratings, _stored = exported
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(path)], capture_output=True, text=True, check=True
    )
    assert "Season table" in done.stdout and "Ratings" in done.stdout
    assert json.loads(done.stderr.strip().splitlines()[-1].replace("'", '"')) == []


def test_the_command_is_listed():
    listed = CliRunner().invoke(main, ["--help"]).output
    assert "  club " in listed
    assert "  score " in CliRunner().invoke(main, ["club", "--help"]).output
