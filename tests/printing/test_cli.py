"""``scorekeeper sheet`` and ``scorekeeper rules-card``: PDFs from the command line, no database."""

from __future__ import annotations

import datetime

import pytest

from scorekeeper import records
from scorekeeper.games import bismarck
from tests.cli.runner import invoke
from tests.games.bismarck.examples import CLASSIC_TIE, MODERN_GAME, PLAYERS, events_for
from tests.printing.pdfs import A4, LETTER, Pdf, decode_qr, one_line


@pytest.fixture(autouse=True)
def no_app(monkeypatch):
    """The printing commands must not build the app (and so never touch a database)."""

    def refuse(*args, **kwargs):
        raise AssertionError("the printing commands must not create the app")

    monkeypatch.setattr("scorekeeper.data.db.init_app", refuse)


def record_file(folder, deals=MODERN_GAME, variant="modern", times=None) -> str:
    setup = bismarck.Setup(PLAYERS, 0, bismarck.Variant(variant))
    events = events_for(deals)
    path = folder / "game.json"
    path.write_text(records.export(bismarck.KIND, setup, events, times), encoding="utf-8")
    return str(path)


def test_a_blank_sheet(tmp_path):
    out = tmp_path / "blank.pdf"
    result = invoke("sheet", "--blank", "--variant", "modern", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "Saved the blank score sheet" in result.output
    pdf = Pdf(out.read_bytes())
    assert (pdf.pages, pdf.size) == (1, A4)
    assert "Modern rules · 12 deals" in one_line(pdf.text)


@pytest.mark.parametrize("first", ["2", "ben", "Ben"])
def test_a_blank_sheet_with_the_schedule(tmp_path, first):
    out = tmp_path / "blank.pdf"
    result = invoke(
        "sheet", "--blank", "--players", "Anna, Ben ,Carla", "--first-dealer", first,
        "--paper", "letter", "-o", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    pdf = Pdf(out.read_bytes())
    assert (pdf.pages, pdf.size) == (1, LETTER)
    assert "Ben deals first" in one_line(pdf.text)
    assert pdf.has_run("1", "Ben", "Carla")
    assert pdf.has_run("12", "Anna", "Ben")


def test_a_blank_sheet_to_stdout():
    result = invoke("sheet", "--blank", "--variant", "classic", "-o", "-")
    assert result.exit_code == 0
    assert result.stdout_bytes.startswith(b"%PDF")
    assert "Classic 1949" in one_line(Pdf(result.stdout_bytes).text)


def test_the_sheet_of_a_record(tmp_path):
    at = datetime.datetime(2025, 6, 3, 19, 30)
    path = record_file(tmp_path, times=[at] * 24)
    out = tmp_path / "sheet.pdf"
    result = invoke("sheet", path, "-o", str(out), "--url", "http://192.0.2.7:8000/g/abc")
    assert result.exit_code == 0, result.output
    pdf = Pdf(out.read_bytes())
    text = one_line(pdf.text)
    assert pdf.pages == 1
    assert "Anna, Ben, Carla · Anna deals first · 2025-06-03" in text
    assert "Ben wins with +2." in text
    assert pdf.has_run("1", "Anna", "Ben", "Sang", "–", "4", "0", "0", "10", "+2", "+2")
    assert decode_qr(out.read_bytes(), tmp_path) == "http://192.0.2.7:8000/g/abc"


def test_a_records_tie_and_its_rules_card(tmp_path):
    path = record_file(tmp_path, CLASSIC_TIE, "classic")
    out = tmp_path / "sheet.pdf"
    assert invoke("sheet", path, "-o", str(out)).exit_code == 0
    assert "Shared victory: Anna and Ben, +1 each." in one_line(Pdf(out.read_bytes()).text)
    card = tmp_path / "card.pdf"
    assert invoke("rules-card", path, "--paper", "letter", "-o", str(card)).exit_code == 0
    pdf = Pdf(card.read_bytes())
    assert (pdf.pages, pdf.size) == (1, LETTER)
    assert pdf.has_run("1", "Anna", "Ben", "Trumf")


def test_a_localhost_url_becomes_the_lan_address(tmp_path, monkeypatch):
    monkeypatch.setattr("scorekeeper.server.qr.lan_address", lambda: "192.0.2.9")
    out = tmp_path / "sheet.pdf"
    path = record_file(tmp_path, MODERN_GAME[:2])
    assert (
        invoke("sheet", path, "--url", "http://127.0.0.1:8000/g/x", "-o", str(out)).exit_code == 0
    )
    assert "http://192.0.2.9:8000/g/x" in Pdf(out.read_bytes()).text


def test_a_broken_record_says_what_is_wrong(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "scorekeeper-record/1", "game": "whist"}')
    result = invoke("sheet", str(path), "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 2
    assert "unknown game" in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_rules_cards(tmp_path):
    out = tmp_path / "card.pdf"
    result = invoke("rules-card", "--variant", "british", "-o", str(out))
    assert result.exit_code == 0, result.output
    pdf = Pdf(out.read_bytes())
    assert (pdf.pages, pdf.size) == (1, A4)
    assert "British rules" in one_line(pdf.text)
    result = invoke(
        "rules-card", "--players", "Anna,Ben,Carla", "--first-dealer", "3",
        "--house-rule", "must_trump", "-o", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    text = one_line(Pdf(out.read_bytes()).text)
    assert "Carla deals first" in text
    assert "on " + bismarck.OPTIONS["must_trump"] in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sheet", "-o", "x.pdf"], "Give a RECORD file or --blank"),
        (["sheet", "--blank", "--first-dealer", "1", "-o", "x.pdf"], "--first-dealer needs"),
        (["sheet", "--blank", "--players", "Anna,Ben", "-o", "x.pdf"], "three names"),
        (["sheet", "--blank", "--players", "A,B,C", "--first-dealer", "D", "-o", "x"], "neither"),
        (["sheet", "--blank", "--players", "A,B,a", "-o", "x.pdf"], "Two players are called"),
        (["sheet", "--blank", "--url", "http://x/g/y", "-o", "x.pdf"], "no live game"),
        (["sheet", "--blank", "--paper", "a3", "-o", "x.pdf"], "a3"),
        (["sheet", "--blank"], "--output"),
        (["rules-card", "--players", "A,B,C", "-o", "x.pdf"], "needs --first-dealer"),
        (["rules-card", "--house-rule", "must_trump", "-o", "x.pdf"], "--house-rule needs"),
    ],
)
def test_wrong_options_are_explained(tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = invoke(*args)
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_a_record_brings_its_own_variant(tmp_path):
    path = record_file(tmp_path, MODERN_GAME[:1])
    result = invoke("sheet", path, "--variant", "classic", "-o", "x.pdf")
    assert result.exit_code == 2
    assert "a record has its own" in result.output
