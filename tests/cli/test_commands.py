"""The command line: ``scorekeeper score`` (no database), ``export`` and ``import`` (the
instance database), through click's runner and as the real console script."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper import records
from scorekeeper.cli import main
from scorekeeper.data.db import db
from scorekeeper.table import store
from tests.cli.console import run
from tests.cli.runner import invoke
from tests.databases import games_and_events
from tests.records.examples import CARLA_TWICE, HOSTILE, RECORDS, example

SEED_002_SHEET = """\
Bismarck, modern rules: Anna, Ben, Carla

                                                scores            totals
 Deal  Dealer  Declarer  Contract  Tricks  Anna  Ben  Carla  Anna  Ben  Carla
-----  ------  --------  --------  ------  ----  ---  -----  ----  ---  -----
    1  Carla   Anna      Sang      6/6/4     -2   +2      0    -2   +2      0
    2  Anna    Ben       Pass      9/2/5     -3   +2     +1    -5   +4     +1
Total                                                          -5   +4     +1

2 of 12 deals recorded.
Next: deal 3, Ben deals, Carla declares.
"""


# --- score: the seeds ---------------------------------------------------------------------------


def test_score_prints_the_seed_002_sheet():
    result = invoke("score", str(RECORDS / "seed-002.json"))
    assert result.exit_code == 0, result.output
    assert result.stdout == SEED_002_SHEET
    assert result.stderr == ""


@pytest.mark.parametrize(
    ("name", "deal_line", "total_line"),
    [
        ("seed-000-spader.json", ["1", "C", "A", "Spader", "9/3/4", "+1", "-1", "0"], "+1 -1 0"),
        ("seed-000-pass.json", ["1", "C", "A", "Pass", "9/3/4", "-5", "+3", "+2"], "-5 +3 +2"),
    ],
)
def test_score_prints_the_seed_000_examples(name, deal_line, total_line):
    result = invoke("score", str(RECORDS / name))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert any(line.split()[:8] == deal_line for line in lines), result.stdout
    total = next(line for line in lines if line.startswith("Total"))
    assert total.split()[1:] == total_line.split()


def test_score_of_a_finished_game_names_the_winners():
    result = invoke("score", str(RECORDS / "modern-full-history.json"))
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == "Shared victory: Ben and Carla with +1."
    result = invoke("score", str(RECORDS / "classic-contracts-left-out.json"))
    assert result.stdout.splitlines()[-1] == "Winner: Dora with +4."


def test_score_json_prints_the_record_with_every_derived_field():
    result = invoke("score", "--json", str(RECORDS / "issue-example.json"))
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["deals"][0] == {
        "number": 1,
        "dealer": 2,
        "declarer": 0,
        "contract": "sang",
        "tricks": [6, 6, 4],
        "scores": [-2, 2, 0],
    }
    assert out["deals"][2] == {
        "number": 3,
        "dealer": 1,
        "declarer": 2,
        "contract": "valfri",
        "trump": "hearts",
        "redeals": 1,
    }
    assert (out["totals"], out["winners"], out["finished"]) == ([-5, 4, 1], [], False)
    assert "history" not in out  # the input had none
    assert result.stdout == records.dumps(out)


def test_score_json_keeps_a_history_byte_for_byte():
    result = invoke("score", "--json", str(RECORDS / "modern-full-history.json"))
    assert result.exit_code == 0
    assert result.stdout == example("modern-full-history.json").decode()


def test_score_reads_stdin():
    result = invoke("score", "-", input=example("seed-002.json"))
    assert result.exit_code == 0
    assert result.stdout == SEED_002_SHEET
    result = invoke("score", "--json", "-", input=example("seed-002.json"))
    assert json.loads(result.stdout)["totals"] == [-5, 4, 1]


# --- score: invalid records -------------------------------------------------------------------


def test_an_invalid_record_exits_2_with_one_line_per_problem_on_stderr():
    result = invoke("score", "-", input=json.dumps(CARLA_TWICE).encode())
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == "deal 4: Carla has already played Pass (deal 1)\n"
    raw = json.loads(example("seed-002.json"))
    raw["deals"][0]["tricks"] = "x"
    raw["deals"][1]["scores"] = [1, 1, 1]
    raw["colour"] = "red"
    result = invoke("score", "-", input=json.dumps(raw).encode())
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        'record: unknown field "colour"',
        'deal 1: tricks must be three whole numbers, one per seat, not "x"',
    ]


@pytest.mark.parametrize(("name", "data", "message"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_records_exit_2_without_a_traceback(name, data, message):
    result = invoke("score", "-", input=data)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stdout == ""
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_a_missing_file_is_a_usage_error():
    result = invoke("score", "/nonexistent/record.json")
    assert result.exit_code == 2
    assert "No such file or directory" in result.stderr and result.stdout == ""


def test_klaberjass_records_score_too():
    result = invoke("score", str(RECORDS / "klaberjass.json"))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "Anna 130, Ben 180; first to 500."
    raw = json.loads(example("klaberjass.json"))
    raw["hands"][1] = {"maker": 0, "trump": "hearts", "last_trick": 0, "captured": [["6S"], []]}
    result = invoke("score", "-", input=json.dumps(raw).encode())
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == "hand 2: 6♠ is not in a 32-card pack\n"


def test_free_game_records_score_too():
    """The example Chicago (to 52, in play after deal 3): its name, options, deals and totals;
    a zero-sum record whose deal does not add up is refused naming the deal."""
    result = invoke("score", str(RECORDS / "free.json"))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "Chicago (free game): Anna, Ben, Carla, Dan",
        "The highest total wins; the game ends when a total reaches 52.",
        "",
        "                       points                 totals",
        " Deal  Dealer  Anna  Ben  Carla  Dan  Anna  Ben  Carla  Dan",
        "-----  ------  ----  ---  -----  ---  ----  ---  -----  ---",
        "    1  Anna     +10    0     +5   +1   +10    0     +5   +1",
        "    2  Ben        0  +20      0   +8   +10  +20     +5   +9",
        "    3  Carla    +15    0    +12    0   +25  +20    +17   +9",
        "Total                                  +25  +20    +17   +9",
        "",
        "3 deals played; next: deal 4, Dan deals.",
    ]
    raw = json.loads(example("free.json"))
    del raw["history"]
    raw["options"]["zero_sum"] = True
    raw["deals"] = [{"points": [1, -1, 0, 0]}, {"points": [3, 0, 0, 0]}]
    result = invoke("score", "-", input=json.dumps(raw).encode())
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        "deal 2: The points add up to +3: in this game every deal adds up to 0\n"
    )


# --- the real console script ------------------------------------------------------------------


def test_the_console_script_scores_a_file_and_stdin(tmp_path):
    done = run("score", str(RECORDS / "seed-002.json"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode() == SEED_002_SHEET
    done = run("score", "--json", "-", input=example("seed-000-pass.json"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["totals"] == [-5, 3, 2]


def test_the_console_script_refuses_an_invalid_record_with_status_2(tmp_path):
    done = run("score", "-", input=json.dumps(CARLA_TWICE).encode(), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == b""
    assert done.stderr.decode() == "deal 4: Carla has already played Pass (deal 1)\n"
    done = run("score", "-", input=b"[" * 200_000, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode() == "record: the JSON is nested too deeply\n"


# --- export and import against the instance database -------------------------------------------


def test_import_then_export_through_the_database(app, runner, tmp_path):
    source = RECORDS / "modern-full-history.json"
    result = runner.invoke(main, ["import", str(source)])
    assert result.exit_code == 0, result.output
    url = result.stdout.strip()  # with no PUBLIC_URL, the game's path: no address guessed
    assert re.fullmatch(r"/g/[A-Za-z0-9_-]{22}", url), url
    token = url.rsplit("/g/", 1)[1]
    assert "Imported a Bismarck game of Anna, Ben, Carla" in result.stderr
    assert f"Open {url} after the address scorekeeper serve prints" in result.stderr
    with app.app_context():
        game = store.load(db.session, token)
        assert game.state.winners == (1, 2)
        assert game.times[0].isoformat() == "2025-05-01T19:30:00"
    out = tmp_path / "out.json"
    result = runner.invoke(main, ["export", token, "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == source.read_bytes()  # nothing lost, byte for byte
    result = runner.invoke(main, ["export", url])  # the whole address works as well
    assert result.exit_code == 0
    assert result.stdout == source.read_text()


def test_import_prints_the_public_url_when_configured(app, runner):
    app.config["PUBLIC_URL"] = "https://cards.example.org/club/"
    result = runner.invoke(main, ["import", str(RECORDS / "seed-002.json")])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("https://cards.example.org/club/g/")
    assert re.fullmatch(r"https://cards\.example\.org/club/g/[A-Za-z0-9_-]{22}\n", result.stdout)
    assert "Open " not in result.stderr


def test_import_guesses_no_address_without_a_public_url(app, runner, monkeypatch):
    """Which port or host a server runs on (if one runs) is not this command's to know: a
    guessed address such as the LAN address and port 8000 may be where nothing listens."""
    monkeypatch.setattr("scorekeeper.server.qr.lan_address", lambda: "192.0.2.7")
    result = runner.invoke(main, ["import", "--lang", "sv", str(RECORDS / "seed-002.json")])
    assert result.exit_code == 0, result.output
    path = result.stdout.strip()
    assert re.fullmatch(r"/g/[A-Za-z0-9_-]{22}", path)
    assert "192.0.2.7" not in result.output and "8000" not in result.output
    assert "localhost" not in result.output and "http" not in result.output
    hint = " ".join(result.stderr.split())
    assert f"Öppna {path} efter adressen som scorekeeper serve skriver ut" in hint


def test_import_without_history_makes_the_events_from_the_deals(app, runner):
    result = runner.invoke(main, ["import", "-"], input=example("issue-example.json"))
    assert result.exit_code == 0, result.output
    token = result.stdout.strip().rsplit("/g/", 1)[1]
    with app.app_context():
        game = store.load(db.session, token)
    assert [e.kind for e in game.events] == [
        "announce",
        "record",
        "announce",
        "record",
        "announce",
        "redeal",
    ]
    assert game.state.totals == (-5, 4, 1) and game.state.phase == "record"


@pytest.mark.parametrize(("name", "data", "message"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_import_of_a_hostile_record_stores_nothing(app, runner, name, data, message):
    before = games_and_events(app)
    result = runner.invoke(main, ["import", "-"], input=data)
    assert result.exit_code == 2
    assert result.stdout == "" and message in result.stderr
    assert games_and_events(app) == before


def test_import_of_a_klaberjass_record_makes_a_game_of_it(app, runner):
    result = runner.invoke(main, ["import", str(RECORDS / "klaberjass.json")])
    assert result.exit_code == 0, result.stderr
    assert "Imported a Klaberjass game of Anna, Ben as a new game" in result.stderr
    token = result.stdout.strip().rsplit("/g/", 1)[1]
    assert games_and_events(app) == (1, 3)
    with app.app_context():
        game = store.load(db.session, token)
    assert game.kind == "klaberjass"
    assert game.state.totals == (130, 180) and game.state.current_hand == 4
    exported = runner.invoke(main, ["export", token])
    assert exported.exit_code == 0
    assert json.loads(exported.stdout)["totals"] == [130, 180]


def test_export_of_an_unknown_game_fails_cleanly(runner):
    result = runner.invoke(main, ["export", "no-such-token"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "There is no game 'no-such-token'" in result.stderr
