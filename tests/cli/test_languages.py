"""The command line speaks the terminal's language (LANGUAGE, LC_ALL, LANG) or --lang's:
refusals, the score sheet, the PDFs and what ``serve`` prints."""

from __future__ import annotations

import json

import pytest

from scorekeeper.cli import main
from tests.cli.console import run
from tests.cli.runner import invoke
from tests.printing.pdfs import Pdf
from tests.records.examples import CARLA_TWICE, RECORDS

REFUSAL = "deal 4: Carla has already played Pass (deal 1)\n"
VÄGRAN = "giv 4: Carla har redan spelat Pass (giv 1)\n"


def test_the_swedish_refusal_with_lang():
    result = invoke("score", "--lang", "sv", "-", input=json.dumps(CARLA_TWICE).encode())
    assert result.exit_code == 2
    assert result.stdout == "" and result.stderr == VÄGRAN


def test_a_round_unlike_its_history_is_refused_in_swedish_words(tmp_path):
    record = json.loads((RECORDS / "modern-full-history.json").read_text())
    record["deals"][0]["trump"] = "hearts"
    result = invoke("score", "--lang", "sv", "-", input=json.dumps(record).encode())
    assert result.exit_code == 2
    assert result.stderr == 'giv 1: trump anger "hearts", men historiken anger ingen trumf\n'


@pytest.mark.parametrize(
    ("env", "said"),
    [
        ({"LANG": "sv_SE.UTF-8"}, VÄGRAN),
        ({"LC_ALL": "sv_SE.UTF-8", "LANG": "en_US.UTF-8"}, VÄGRAN),
        ({"LANGUAGE": "sv", "LANG": "en_US.UTF-8"}, VÄGRAN),
        ({"LANG": "en_GB.UTF-8"}, REFUSAL),
        ({"LANG": "C.UTF-8"}, REFUSAL),
    ],
)
def test_the_terminal_language_is_the_default(env, said):
    result = invoke("score", "-", env=env, input=json.dumps(CARLA_TWICE).encode())
    assert result.exit_code == 2 and result.stderr == said


def test_lang_wins_over_the_terminal():
    result = invoke(
        "score",
        "--lang",
        "en",
        "-",
        env={"LANG": "sv_SE.UTF-8"},
        input=json.dumps(CARLA_TWICE).encode(),
    )
    assert result.stderr == REFUSAL


def test_the_score_sheet_in_swedish():
    result = invoke("score", "--lang", "sv", str(RECORDS / "seed-002.json"))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Bismarck, moderna regler: Anna, Ben, Carla"
    assert lines[3].split()[:5] == ["Giv", "Givare", "Spelförare", "Kontrakt", "Stick"]
    assert lines[-2:] == ["2 av 12 givar registrerade.", "Nästa: giv 3, Ben ger, Carla anmäler."]


def test_the_console_script_speaks_swedish_under_a_swedish_lang(tmp_path, monkeypatch):
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    done = run("score", "-", input=json.dumps(CARLA_TWICE).encode(), cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.decode() == VÄGRAN


def test_swedish_pdfs_and_usage_errors_from_the_command_line(tmp_path):
    card = tmp_path / "card.pdf"
    result = invoke("rules-card", "--lang", "sv", "--game", "klaberjass", "-o", str(card))
    assert result.exit_code == 0, result.output
    assert "Sparade regelkortet i" in result.stderr
    assert "Regelkort för Klaberjass" in Pdf(card.read_bytes()).text
    sheet = tmp_path / "sheet.pdf"
    result = invoke("sheet", "--lang", "sv", str(RECORDS / "seed-002.json"), "-o", str(sheet))
    assert result.exit_code == 0, result.output
    assert "Bismarckprotokoll" in Pdf(sheet.read_bytes()).text
    result = invoke("sheet", "--lang", "sv", "--blank", "--players", "Anna,Ben", "-o", str(sheet))
    assert result.exit_code == 2
    assert 'ange tre namn åtskilda med kommatecken, medurs: "Anna,Ben,Carla".' in result.stderr


def test_serve_says_where_to_go_in_swedish(app, monkeypatch):
    served = []
    monkeypatch.setattr(
        "scorekeeper.server.serving.run", lambda _app, server, _w: served.append(server)
    )
    result = app.test_cli_runner().invoke(main, ["serve", "--lang", "sv", "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert "Scorekeeper är igång. Öppna det här på valfri telefon i samma nätverk:" in result.output
    assert "Tryck Ctrl+C för att stoppa." in result.output
    assert "Klarar 2048 telefoner samtidigt (var och en håller en anslutning öppen)." in (
        result.output
    )
    assert served and served[0].port == 8123
