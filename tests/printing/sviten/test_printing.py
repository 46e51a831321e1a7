"""Sviten Special on paper: the score sheet, the blank sheet and the rules card, from the engine,
the pages and the command line (records: tests/records/test_sviten.py)."""

from __future__ import annotations

import itertools
import time

import pytest

from scorekeeper import printing
from scorekeeper.games import sviten
from scorekeeper.games.events import RuleError
from scorekeeper.printing import sheet as sheet_module
from scorekeeper.printing.sviten import blank_sviten_sheet, sviten_rules_card, sviten_sheet
from tests.games import state_of
from tests.printing.pdfs import A4, LETTER, RED_FILL, Pdf, decode_qr, one_line
from tests.web.sviten.client import HANDS, PLAYERS, SvitenTable, engine_state

URL = "http://192.0.2.7:8000/g/abcdefghijklmnopqrstuv"
BOOLEAN_OPTIONS = ("slam_bonus", "no_trump_only", "open_last_three", "double_trump_runs", "jokers")


pytestmark = pytest.mark.usefixtures("request_context")


# --- the filled sheet ------------------------------------------------------------------------


def test_a_finished_match_fills_a_row_per_hand_and_names_the_winners():
    started = time.perf_counter()
    pdf = Pdf(sviten_sheet(engine_state(), url=URL))
    assert time.perf_counter() - started < 2
    assert (pdf.pages, pdf.size) == (1, A4)
    text = one_line(pdf.text)
    assert "Sviten Special score sheet" in text
    assert "N Anna · E Ben · S Carla · W Dan · Anna deals first" in text
    assert "slam +25 · failed bid −10 × bid" in text
    assert "E–W (Ben & Dan) wins 142 to 197." in text
    assert "Both passed 100 in hand 3: the declarers win." in text
    # hand, dealer, declarer, bid, trump; N–S: tricks, melds, points, score, total; E–W: ...
    assert pdf.has_run("1", "Anna", "E Ben", "1", "NT", "7", "2", "10", "+17", "17")
    assert pdf.has_run("3", "Carla", "W Dan", "3", "♠", "9", "5", "130", "+139", "197")
    assert pdf.has_run("4", "3", "70", "+74", "142")
    # The melds laid, card by card, for the hands whose cards were recorded (not hand 1).
    assert "Melds laid" in text
    assert "3. N–S 3♥ 4♥ 5♥" in text and "E–W A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ · 8♠ 9♠ 10♠ · J♠ Q♠ K♠" in text
    assert "1. N–S" not in text


def test_a_match_in_progress_shows_what_is_next_with_room_to_write():
    pdf = Pdf(sviten_sheet(engine_state(HANDS[:2]), paper="letter"))
    assert (pdf.pages, pdf.size) == (1, LETTER)
    text = one_line(pdf.text)
    assert "Next: hand 3, Carla deals. N–S 58, E–W 68." in text
    assert pdf.has_run("3", "Carla") and pdf.has_run("10", "Ben")  # empty rows, dealers printed


def test_a_long_match_continues_under_a_carried_forward_row():
    quick = {
        "declarer": 0,
        "bid": 1,
        "trump": None,
        "tricks": [7, 6],
        "meld_points": [0, 0],
        "meld_counts": [0, 0],
    }
    hands = [quick, {**quick, "declarer": 1, "tricks": [6, 7]}] * 14
    state = engine_state(hands)
    assert len(state.hands) == 28 and not state.finished
    pdf = Pdf(sviten_sheet(state))
    assert pdf.pages == 1
    assert pdf.has_run("1–5", "carried forward")
    assert pdf.has_run("28", "Dan")


def test_red_trumps_print_red_and_names_are_text_not_markup(monkeypatch):
    # The chart's second line is red (its colours tell the lines apart in print): left out
    # here, where only the suits' colours are looked at.
    monkeypatch.setattr(sheet_module, "progression_chart", lambda *_args: None)
    setup = sviten.Setup(("<b>Anna</b> & co", "Ben", "Carla", "Dan"))
    state = state_of(setup, [sviten.hand_event(1, HANDS[1])])  # diamonds
    pdf = Pdf(sviten_sheet(state))
    assert "<b>Anna</b> & co" in pdf.text
    assert RED_FILL.search(pdf.content)
    black = state_of(setup, [sviten.hand_event(1, HANDS[0])])  # no-trump, no cards
    assert not RED_FILL.search(Pdf(sviten_sheet(black)).content)


def test_the_qr_code_is_the_matchs_live_address(tmp_path):
    data = sviten_sheet(engine_state(HANDS[:2]), url=URL)
    assert decode_qr(data, tmp_path) == URL


def test_the_registry_prints_a_sviten_state():
    printers = printing.printer_for("sviten")
    assert "Sviten Special score sheet" in Pdf(printers.sheet(engine_state(HANDS[:1]))).text
    assert "Sviten Special rules card" in Pdf(printers.rules_card(engine_state(HANDS[:1]))).text


# --- blank sheets ----------------------------------------------------------------------------


def test_a_blank_sheet_has_fourteen_rows_to_fill_in():
    pdf = Pdf(blank_sviten_sheet())
    assert (pdf.pages, pdf.size) == (1, A4)
    text = one_line(pdf.text)
    assert "N, E, S, W: ___" in text and "Date: ___" in text and "Winners: ___" in text
    assert "14" in pdf.lines and "15" not in pdf.lines


def test_a_blank_sheet_with_names_first_dealer_and_cap_prints_the_dealers():
    options = sviten.Options(hand_cap=18)
    pdf = Pdf(blank_sviten_sheet(PLAYERS, 2, options, paper="letter"))
    assert (pdf.pages, pdf.size) == (1, LETTER)
    text = one_line(pdf.text)
    assert "Carla deals first" in text and "hand cap 18" in text
    assert "N–S (Anna & Carla)" in text and "E–W (Ben & Dan)" in text
    assert pdf.has_run("1", "Carla", "2", "Dan", "3", "Anna", "4", "Ben")
    assert "18" in pdf.lines and "19" not in pdf.lines


def test_a_blank_sheet_refuses_what_the_engine_refuses():
    with pytest.raises(ValueError, match="needs the players' names"):
        blank_sviten_sheet(None, 1)
    with pytest.raises(RuleError, match="Two players are called"):
        blank_sviten_sheet(("Anna", "Ben", "anna", "Dan"))
    with pytest.raises(ValueError, match="Paper must be one of"):
        blank_sviten_sheet(paper="a5")


# --- the rules card --------------------------------------------------------------------------


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_the_rules_card_has_every_section_on_one_page(paper, size):
    started = time.perf_counter()
    pdf = Pdf(sviten_rules_card(paper=paper))
    assert time.perf_counter() - started < 2
    assert (pdf.pages, pdf.size) == (1, size)
    text = one_line(pdf.text)
    for heading in (
        "Players and cards",
        "Deal and bidding",
        "Play",
        "Melds",
        "What melds are worth",
        "Scoring a hand",
        "End of the match",
        "Options",
    ):
        assert heading in text
    assert "never both (no K A 2)" in text
    assert "Agree on these before the first deal:" in text


def test_the_values_table_and_the_worked_example_come_from_the_engine():
    pdf = Pdf(sviten_rules_card(sviten.Setup(PLAYERS, options=sviten.Options())))
    assert pdf.has_run("Run of 13", "55", "110")
    assert pdf.has_run("Set of 4", "10", "10")
    assert pdf.has_run("3 melds", "70", "made: +74")
    assert pdf.has_run("1 meld", "110", "failed: −30")
    triple = Pdf(sviten_rules_card(sviten.Setup(PLAYERS, options={"double_trump_runs": True})))
    assert triple.has_run("Run of 13", "55", "165")


@pytest.mark.parametrize(
    "options",
    [
        dict(zip(BOOLEAN_OPTIONS, bits, strict=True))
        for bits in itertools.product((False, True), repeat=5)
    ],
    ids=lambda o: "+".join(k for k, v in o.items() if v) or "defaults",
)
def test_every_combination_of_options_prints_a_rules_card(options):
    """A rules card for every game the new-game form can start (a no-trump-only game once
    crashed on its worked example, which bid in spades)."""
    setup = sviten.Setup(PLAYERS, options=sviten.Options(**options, failed_bid="keep_points"))
    assert "Example." in one_line(Pdf(sviten_rules_card(setup)).text)


def test_a_no_trump_only_games_card_works_its_example_in_no_trump():
    """The worked example bids in spades unless the game has no trumps: then in no-trump."""
    setup = sviten.Setup(PLAYERS, options=sviten.Options(no_trump_only=True))
    pdf = Pdf(sviten_rules_card(setup))
    text = one_line(pdf.text)
    assert "East bids 3 in no-trump" in text
    assert "the spades score 55, but that is one meld" in text
    assert pdf.has_run("3 melds", "35", "made: +39")
    assert pdf.has_run("1 meld", "55", "failed: −30")


def test_a_games_card_names_its_pairs_options_and_qr(tmp_path):
    setup = sviten.Setup(PLAYERS, 1, sviten.Options(slam_bonus=False, hand_cap=12, jokers=True))
    data = sviten_rules_card(setup, url=URL)
    text = one_line(Pdf(data).text)
    assert "This game: N–S (Anna & Carla) against E–W (Ben & Dan) · Ben deals first" in text
    assert "Chosen for this game:" in text
    assert "off Slam bonus" in text and "on Hand cap: after hand 12 the leader wins." in text
    assert "on Jokers: two wild cards" in text
    assert decode_qr(data, tmp_path) == URL


# --- from the pages --------------------------------------------------------------------------


def test_a_sviten_matchs_pdfs_from_its_page(client):
    table = SvitenTable(client)
    table.start()
    table.play()
    response = client.get(f"{table.url}/sheet.pdf?paper=letter")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert "sviten-score-sheet.pdf" in response.headers["Content-Disposition"]
    pdf = Pdf(response.data)
    assert (pdf.pages, pdf.size) == (1, LETTER)
    assert "E–W (Ben & Dan) wins 142 to 197." in one_line(pdf.text)
    response = client.get(f"{table.url}/rules.pdf")
    assert "Anna deals first" in one_line(Pdf(response.data).text)


def test_the_home_page_has_a_blank_sviten_form(client):
    page = client.get("/").get_data(as_text=True)
    form = page[page.index('action="/print/blank/sviten"') - 40 :]
    form = form[: form.index("</form>")]
    assert 'method="get"' in form
    for name in ("sv-player_0", "sv-player_3", "sv-first_dealer", "sv-hand_cap", "sv-paper"):
        assert f'name="{name}"' in form
    assert 'name="card" value="rules"' in form


def test_blank_sviten_sheets_and_cards_from_the_page(client):
    names = {f"sv-player_{seat}": name for seat, name in enumerate(PLAYERS)}
    query = {**names, "sv-first_dealer": "3"}
    pdf = Pdf(client.get("/print/blank/sviten", query_string=query).data)
    assert pdf.pages == 1 and pdf.has_run("1", "Dan", "2", "Anna")
    response = client.get("/print/blank/sviten", query_string={**query, "card": "rules"})
    assert "Dan deals first" in one_line(Pdf(response.data).text)
    response = client.get("/print/blank/sviten?card=rules&sv-hand_cap=12&sv-paper=letter")
    pdf = Pdf(response.data)
    assert pdf.size == LETTER and "after an agreed number" not in one_line(pdf.text)


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"sv-player_0": "Anna"}, "Type all four names, or none"),
        ({"sv-first_dealer": "1"}, "Type the four names to print who deals"),
        (
            {"sv-player_0": "Anna", "sv-player_1": "B", "sv-player_2": "anna", "sv-player_3": "D"},
            "Two players are called anna.",
        ),
        ({"sv-hand_cap": "0"}, "A hand cap is 1 to 1000 hands, or empty."),
    ],
)
def test_a_wrong_blank_sviten_form_comes_back_with_the_message(client, query, message):
    response = client.get("/print/blank/sviten", query_string=query)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert message in page
    assert 'action="/print/blank/sviten"' in page
