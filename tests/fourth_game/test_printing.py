"""Tally on paper, through the same printers registry and commands as the built-in games, with
no edit under ``scorekeeper/``: a played game's sheet, blank sheets and rules cards."""

from __future__ import annotations

import datetime

import pytest

from scorekeeper import printing, records
from tests.cli.runner import invoke
from tests.fourth_game import rules
from tests.fourth_game.tally_table import TallyTable
from tests.printing.pdfs import A4, LETTER, Pdf, decode_qr, one_line

URL = "http://192.0.2.7:8000/g/tallytallytallytally"


@pytest.fixture
def record(tally_registered, tmp_path) -> str:
    """A Tally game record on disk."""
    events = [rules.deal_event(1, [6, 4]), rules.deal_event(2, [5, 0])]
    path = tmp_path / "tally.json"
    path.write_text(records.export(rules.KIND, rules.Setup(("Anna", "Ben")), events))
    return str(path)


def played(*points: tuple[int, int]) -> rules.State:
    events = [rules.deal_event(n, p) for n, p in enumerate(points, start=1)]
    return rules.GAME.replay(rules.Setup(("Anna", "Ben"), first_dealer=1), events).state


def test_a_played_games_sheet_has_its_names_deals_and_totals(tally_printers, tmp_path):
    state = played((6, 4), (3, 2), (2, 1))
    assert state.winner == 0
    data = printing.printer_for("tally").sheet(state, url=URL, date=datetime.date(2026, 5, 1))
    pdf = Pdf(data)
    assert (pdf.pages, pdf.size) == (1, A4)
    text = one_line(pdf.text)
    assert "Tally score sheet" in text and "Anna, Ben · Ben deals first · 2026-05-01" in text
    assert "Anna wins." in text
    # deal, dealer; Anna: points, total; Ben: points, total
    assert pdf.has_run("1", "Ben", "6", "6", "4", "4")
    assert pdf.has_run("3", "Ben", "2", "11", "1", "7")
    assert decode_qr(data, tmp_path) == URL


def test_a_game_played_through_the_app_prints_its_sheet_and_card(tally_printers, tally_app):
    table = TallyTable(tally_app.test_client())
    table.start("Anna", "Ben")
    assert table.deal(1, 6, 4).status_code == 303
    response = table.client.get(f"{table.url}/sheet.pdf?paper=letter")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert "tally-score-sheet.pdf" in response.headers["Content-Disposition"]
    pdf = Pdf(response.data)
    assert (pdf.pages, pdf.size) == (1, LETTER)
    assert pdf.has_run("1", "Anna", "6", "6", "4", "4") and "Play on." in pdf.text
    card = Pdf(table.client.get(f"{table.url}/rules.pdf").data)
    assert "This game: Anna, Ben · Anna deals first" in one_line(card.text)


def test_a_records_sheet_and_card_from_the_command_line(tally_printers, record, tmp_path):
    out = tmp_path / "sheet.pdf"
    result = invoke("sheet", record, "--url", URL, "-o", str(out))
    assert result.exit_code == 0, result.output
    pdf = Pdf(out.read_bytes())
    assert "Anna wins." in pdf.text and pdf.has_run("2", "Ben", "5", "11", "0", "4")
    result = invoke("rules-card", record, "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "This game: Anna, Ben · Anna deals first" in one_line(Pdf(out.read_bytes()).text)


def test_a_record_of_a_game_with_no_printers_says_so(record, tmp_path):
    result = invoke("sheet", record, "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 2
    assert "record: there is no printed sheet for Tally games yet" in result.output


def test_a_long_game_carries_its_first_deals_forward(tally_printers):
    state = played(*[(0, 0)] * 24)
    pdf = Pdf(printing.printer_for("tally").sheet(state))
    assert pdf.pages == 1
    assert pdf.has_run("1–5", "carried forward", "0", "0")
    assert "Play on." in pdf.text and pdf.has_run("24", "Anna", "0", "0", "0", "0")


def test_a_blank_sheet_from_the_command_line(tally_printers, tmp_path):
    out = tmp_path / "out.pdf"
    result = invoke("sheet", "--blank", "--game", "tally", "--players", "Anna,Ben", "-o", str(out))
    assert result.exit_code == 0, result.output
    pdf = Pdf(out.read_bytes())
    assert (pdf.pages, pdf.size) == (1, A4)
    text = one_line(pdf.text)
    assert "Tally score sheet" in text and "Anna, Ben · Date: ___" in text
    assert "Winner: ___" in text and "first to 10" in text
    assert "12" in pdf.lines and "13" not in pdf.lines


def test_the_target_and_the_dealers_from_the_command_line(tally_printers, tmp_path):
    out = tmp_path / "out.pdf"
    result = invoke(
        "sheet", "--blank", "--game", "tally", "--players", "Anna, Ben",
        "--first-dealer", "ben", "--target", "25", "--paper", "letter", "-o", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    pdf = Pdf(out.read_bytes())
    assert pdf.size == LETTER and "first to 25" in one_line(pdf.text)
    assert pdf.has_run("1", "Ben", "2", "Anna", "3", "Ben")


def test_rules_cards_from_the_command_line(tally_printers, tmp_path):
    out = tmp_path / "card.pdf"
    result = invoke("rules-card", "--game", "tally", "--players", "A,B", "--first-dealer", "2",
                 "--target", "30", "-o", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    text = one_line(Pdf(out.read_bytes()).text)
    assert "Tally rules card" in text and "This game: A, B · B deals first" in text
    assert "first to 30" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "Anna"], "give two names"),
        (["--players", "Anna,anna"], "Both players are called anna."),
        (["--players", "Anna,Ben", "--target", "5000"], "The target must be from 1 to 1000."),
        (["--variant", "classic"], "--variant is for Bismarck (--game bismarck), not for Tally."),
    ],
)
def test_the_command_line_says_what_tally_refuses(tally_printers, tmp_path, args, message):
    out = tmp_path / "x.pdf"
    result = invoke("sheet", "--blank", "--game", "tally", *args, "-o", str(out))
    assert result.exit_code == 2
    assert message in one_line(result.output)
    assert not out.exists()


def test_no_other_test_sees_tally(tmp_path):
    with pytest.raises(LookupError):
        printing.printer_for("tally")
    assert "tally" not in [printers.kind for printers in printing.registered_printers()]
    result = invoke("sheet", "--blank", "--game", "tally", "-o", "x.pdf")
    assert result.exit_code == 2 and "'tally' is not one of" in result.output
