"""Klaberjass on paper: the score sheet, the blank sheet and the rules card, from the engine, the
pages and the command line."""

from __future__ import annotations

import datetime

import pytest

from scorekeeper import printing, records
from scorekeeper.games import klaberjass
from scorekeeper.games.events import RuleError
from scorekeeper.printing import sheet as sheet_module
from scorekeeper.printing.klaberjass import (
    blank_klaberjass_sheet,
    klaberjass_rules_card,
    klaberjass_sheet,
)
from tests.cli.runner import invoke
from tests.games import state_of
from tests.printing.pdfs import A4, LETTER, RED_FILL, Pdf, decode_qr, one_line
from tests.web.klaberjass.client import HANDS, PLAYERS, KlaberjassTable, engine_state

URL = "http://192.0.2.7:8000/g/abcdefghijklmnopqrstuv"


pytestmark = pytest.mark.usefixtures("request_context")


# --- the filled sheet ------------------------------------------------------------------------


def test_a_finished_game_fills_a_row_per_hand_and_names_the_winner():
    pdf = Pdf(klaberjass_sheet(engine_state(), url=URL))
    assert (pdf.pages, pdf.size) == (1, A4)
    text = one_line(pdf.text)
    assert "Klaberjass score sheet" in text
    assert "first to 500" in text and "Anna, Ben · Anna deals first" in text
    assert "Ben wins 509 to 449." in text
    # hand, dealer, maker, trump; Anna: seq, bella, cards, last, hand, score, total; Ben: ...
    assert pdf.has_run("1", "Anna", "Ben", "♠", "50", "10", "60", "60", "60", "50", "20", "60")
    assert pdf.has_run("130", "130", "130", "each their own")
    assert pdf.has_run("2", "Ben", "–", "thrown in: no score", "60", "thrown in: no score")
    assert pdf.has_run("82", "144", "274", "52", "10", "62", "0", "180", "Anna takes all")
    assert pdf.has_run("90", "0", "404", "50", "40", "90", "90", "404", "tie: maker 0")
    assert pdf.has_run("9", "Anna", "Ben", "♦", "45", "45", "45", "449")
    assert "carried forward" not in text


def test_a_game_in_progress_shows_what_is_next_with_room_to_write():
    state = engine_state(HANDS[:5])
    pdf = Pdf(klaberjass_sheet(state, paper="letter", date=datetime.date(2026, 5, 1)))
    assert (pdf.pages, pdf.size) == (1, LETTER)
    text = one_line(pdf.text)
    assert "2026-05-01" in text
    assert "Next: hand 6, Ben deals. Anna 274, Ben 314." in text
    assert pdf.has_run("5", "Anna", "Anna", "♦", "20", "34", "54", "0", "274")
    assert pdf.has_run("12", "Ben")  # empty rows up to hand 12, dealers pre-printed


def test_a_long_game_continues_under_a_carried_forward_row():
    hands = [{"thrown_in": True}] * 18 + HANDS[:6]
    pdf = Pdf(klaberjass_sheet(engine_state(hands)))
    assert pdf.pages == 1
    assert pdf.has_run("1–5", "carried forward", "0", "0")
    assert pdf.has_run("24", "Ben", "Ben", "♥")
    assert "\n4\n" not in pdf.text  # hand 4 is in the carried-forward row


def test_hearts_and_diamonds_are_red_and_names_are_text_not_markup(monkeypatch):
    # The chart's second line is red (its colours tell the lines apart in print): left out
    # here, where only the suits' colours are looked at.
    monkeypatch.setattr(sheet_module, "progression_chart", lambda *_args: None)
    setup = klaberjass.Setup(("<b>Anna</b> & co", "Ben"), 0)
    state = state_of(setup, [klaberjass.hand_event(1, HANDS[2])])
    pdf = Pdf(klaberjass_sheet(state))
    assert "<b>Anna</b> & co" in pdf.text
    assert RED_FILL.search(pdf.content)  # the ♥ of hand 1
    black = state_of(setup, [klaberjass.hand_event(1, HANDS[0])])  # spades
    assert not RED_FILL.search(Pdf(klaberjass_sheet(black)).content)


def test_the_qr_code_is_the_games_live_address(tmp_path):
    data = klaberjass_sheet(engine_state(HANDS[:2]), url=URL)
    assert decode_qr(data, tmp_path) == URL


def test_the_registry_prints_a_klaberjass_state():
    printers = printing.printer_for("klaberjass")
    assert "Klaberjass score sheet" in Pdf(printers.sheet(engine_state(HANDS[:1]))).text
    assert "Klaberjass rules card" in Pdf(printers.rules_card(engine_state(HANDS[:1]))).text


# --- blank sheets ----------------------------------------------------------------------------


def test_a_blank_sheet_has_sixteen_rows_to_fill_in():
    pdf = Pdf(blank_klaberjass_sheet())
    assert (pdf.pages, pdf.size) == (1, A4)
    text = one_line(pdf.text)
    assert "Players: ___" in text and "Date: ___" in text and "Winner: ___" in text
    assert "16" in pdf.lines and "17" not in pdf.lines


def test_a_blank_sheet_with_names_and_first_dealer_prints_the_dealers():
    pdf = Pdf(blank_klaberjass_sheet(PLAYERS, 1, 1000, paper="letter"))
    assert (pdf.pages, pdf.size) == (1, LETTER)
    text = one_line(pdf.text)
    assert "first to 1000" in text and "Anna, Ben · Ben deals first" in text
    assert pdf.has_run("1", "Ben", "2", "Anna", "3", "Ben")


def test_a_blank_sheet_refuses_what_the_engine_refuses():
    with pytest.raises(ValueError, match="needs the players' names"):
        blank_klaberjass_sheet(None, 1)
    with pytest.raises(RuleError, match="Both players are called"):
        blank_klaberjass_sheet(("Anna", "anna"))
    with pytest.raises(ValueError, match="Paper must be one of"):
        blank_klaberjass_sheet(paper="a5")


# --- the rules card --------------------------------------------------------------------------


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_the_rules_card_has_every_section_on_one_page(paper, size):
    pdf = Pdf(klaberjass_rules_card(paper=paper))
    assert (pdf.pages, pdf.size) == (1, size)
    text = one_line(pdf.text)
    for heading in (
        "Players and cards",
        "The deal",
        "Bidding",
        "Play",
        "Before the first trick",
        "Card points",
        "Settlement",
        "End of the game",
    ):
        assert heading in text
    assert "In trumps they rank J 9 A 10 K Q 8 7" in text
    assert "first to 500" in text


def test_the_card_values_table_and_the_worked_example_come_from_the_engine():
    pdf = Pdf(klaberjass_rules_card())
    assert pdf.has_run("J", "20", "2") and pdf.has_run("9", "14", "0")
    assert pdf.has_run("A", "11", "11") and pdf.has_run("Q", "3", "3")
    # Anna made trumps and scored less: Ben takes 151.
    assert pdf.has_run("Anna (maker)", "0", "20", "51", "0", "71", "0")
    assert pdf.has_run("Ben", "20", "0", "50", "10", "80", "151")
    assert "Ben takes both, 71 + 80 = 151, and Anna 0." in one_line(pdf.text)


def test_a_games_card_names_its_players_target_and_qr(tmp_path):
    setup = klaberjass.Setup(PLAYERS, 1, klaberjass.Options(target=300))
    data = klaberjass_rules_card(setup, url=URL)
    text = one_line(Pdf(data).text)
    assert "This game: Anna, Ben · Ben deals first" in text
    assert "first to 300" in text and "reach 300 points" in text
    assert decode_qr(data, tmp_path) == URL


# --- from the pages --------------------------------------------------------------------------


def test_a_klaberjass_games_pdfs_from_its_page(client):
    table = KlaberjassTable(client)
    table.start()
    table.play(HANDS)
    response = client.get(f"{table.url}/sheet.pdf?paper=letter")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert "klaberjass-score-sheet.pdf" in response.headers["Content-Disposition"]
    pdf = Pdf(response.data)
    assert (pdf.pages, pdf.size) == (1, LETTER)
    assert "Ben wins 509 to 449." in one_line(pdf.text)
    response = client.get(f"{table.url}/rules.pdf")
    assert "This game: Anna, Ben · Anna deals first" in one_line(Pdf(response.data).text)


def test_the_home_page_has_a_blank_klaberjass_form(client):
    page = client.get("/").get_data(as_text=True)
    form = page[page.index('action="/print/blank/klaberjass"') - 40 :]
    form = form[: form.index("</form>")]
    assert 'method="get"' in form
    for name in ("kj-player_0", "kj-player_1", "kj-first_dealer", "kj-target", "kj-paper"):
        assert f'name="{name}"' in form
    assert 'for="kj-player_0"' in form and 'name="card" value="rules"' in form


def test_blank_klaberjass_sheets_and_cards_from_the_page(client):
    query = {"kj-player_0": "Anna", "kj-player_1": "Ben", "kj-first_dealer": "1"}
    pdf = Pdf(client.get("/print/blank/klaberjass", query_string=query).data)
    assert pdf.pages == 1 and pdf.has_run("1", "Ben", "2", "Anna")
    response = client.get("/print/blank/klaberjass", query_string={**query, "card": "rules"})
    assert "This game: Anna, Ben · Ben deals first" in one_line(Pdf(response.data).text)
    response = client.get("/print/blank/klaberjass?card=rules&kj-target=1000&kj-paper=letter")
    pdf = Pdf(response.data)
    assert pdf.size == LETTER and "first to 1000" in one_line(pdf.text)


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"kj-player_0": "Anna"}, "Type both names, or none"),
        ({"kj-first_dealer": "1"}, "Type the two names to print who deals"),
        ({"kj-player_0": "Anna", "kj-player_1": "anna"}, "Both players are called anna."),
        ({"kj-target": "0"}, "Play to a number from 1 to 100000."),
        ({"kj-first_dealer": "2"}, "Not a valid choice"),
    ],
)
def test_a_wrong_blank_klaberjass_form_comes_back_with_the_message(client, query, message):
    response = client.get("/print/blank/klaberjass", query_string=query)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert message in page
    assert 'action="/print/blank/klaberjass"' in page
    if "kj-player_0" in query:
        assert f'value="{query["kj-player_0"]}"' in page


# --- from the command line -------------------------------------------------------------------


def test_the_command_line_prints_a_klaberjass_records_sheet_and_card(tmp_path):
    state = engine_state()
    record = tmp_path / "game.json"
    events = [klaberjass.hand_event(number, hand) for number, hand in enumerate(HANDS, 1)]
    record.write_text(records.export(klaberjass.KIND, state.setup, events), encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    result = invoke("sheet", str(record), "--url", URL, "-o", str(out))
    assert result.exit_code == 0, result.output
    pdf = Pdf(out.read_bytes())
    assert pdf.pages == 1 and "Ben wins 509 to 449." in one_line(pdf.text)
    out = tmp_path / "card.pdf"
    result = invoke("rules-card", str(record), "--paper", "letter", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert Pdf(out.read_bytes()).size == LETTER


def test_the_command_line_prints_blank_klaberjass_sheets_and_cards(tmp_path):
    out = tmp_path / "blank.pdf"
    result = invoke(
        "sheet", "--blank", "--game", "klaberjass", "--players", "Anna, Ben",
        "--first-dealer", "ben", "--target", "700", "-o", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    pdf = Pdf(out.read_bytes())
    assert "first to 700" in one_line(pdf.text) and pdf.has_run("1", "Ben", "2", "Anna")
    out = tmp_path / "card.pdf"
    result = invoke("rules-card", "--game", "klaberjass", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "Klaberjass rules card" in Pdf(out.read_bytes()).text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sheet", "--blank", "--game", "klaberjass", "--variant", "classic"], "--variant is for"),
        (["sheet", "--blank", "--game", "klaberjass", "--players", "A,B,C"], "give two names"),
        (["sheet", "--blank", "--game", "klaberjass", "--first-dealer", "1"], "needs --players"),
        (["sheet", "--blank", "--target", "300"], "--target is for Klaberjass"),
        (["rules-card", "--game", "klaberjass", "--players", "A,a", "--first-dealer", "1"], "Both"),
        (["rules-card", "--game", "klaberjass", "--players", "A,B"], "needs --first-dealer"),
        (["rules-card", "--game", "klaberjass", "--house-rule", "must_trump"], "is for Bismarck"),
        (
            ["sheet", "--blank", "--game", "klaberjass", "--players", "A,B", "--first-dealer", "3"],
            "nor 1 or 2",
        ),
    ],
)
def test_the_command_line_says_what_is_wrong(tmp_path, args, message):
    result = invoke(*args, "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "x.pdf").exists()
