"""The free game on paper: the score sheet of a hand-worked Chicago (a column for each player's
points and running total, the game's name and options above), a game of a number of deals with
as many rows, teams over their columns, the blank sheet with as many columns as asked, the card
of the options chosen, and the command line's blank sheet."""

from __future__ import annotations

import datetime

from scorekeeper import printing
from scorekeeper.games import free
from scorekeeper.printing import Blank
from tests.cli.runner import invoke
from tests.games import state_of
from tests.printing.pdfs import A4, LETTER, Pdf, decode_qr, one_line

URL = "http://192.0.2.7:8000/g/freefreefreefreefree"
FOUR = ("Anna", "Ben", "Carla", "Dan")
#: The hand-worked Chicago to 52 (deal: Anna Ben Carla Dan): Anna reaches 52 in deal 5.
CHICAGO = ([10, 0, 5, 0], [0, 20, 0, 8], [15, 0, 12, 0], [0, 30, 0, 0], [27, 0, 0, 5])


def played(setup: free.Setup, *rows) -> free.State:
    return state_of(setup, [free.deal_event(n, p) for n, p in enumerate(rows, start=1)])


def printers() -> printing.GamePrinters:
    return printing.printer_for("free")


def chicago(**options) -> free.Setup:
    return free.Setup(FOUR, 1, "Chicago", options=free.Options(**options))


def test_the_sheet_of_a_hand_worked_chicago(tmp_path):
    state = played(chicago(target=52), *CHICAGO)
    data = printers().sheet(state, url=URL, date=datetime.date(2026, 5, 1))
    pdf = Pdf(data)
    assert (pdf.pages, pdf.size) == (1, A4)
    text = one_line(pdf.text)
    assert "Chicago score sheet" in text
    assert "The highest total wins · the game ends when a total reaches 52" in text
    assert "Anna, Ben, Carla, Dan · Ben deals first · 2026-05-01" in text
    # deal, dealer; then each player's points and running total
    assert pdf.has_run("1", "Ben", "+10", "+10", "0", "0", "+5", "+5", "0", "0")
    assert pdf.has_run("2", "Carla", "0", "+10", "+20", "+20", "0", "+5", "+8", "+8")
    assert pdf.has_run("5", "Ben", "+27", "+52", "0", "+50", "0", "+17", "+5", "+13")
    assert "Anna wins with +52." in text
    assert "6" not in pdf.lines  # finished: no rows to write on
    assert decode_qr(data, tmp_path) == URL


def test_a_game_in_play_fills_the_page_with_dealers_to_come():
    state = played(chicago(wins=free.Wins.LOWEST), [3, -1, 0, 0])
    pdf = Pdf(printers().sheet(state, paper="letter"))
    assert (pdf.pages, pdf.size) == (1, LETTER)
    text = one_line(pdf.text)
    assert "The lowest total wins · the game ends when the table says so" in text
    assert "Play on. Ahead now: Ben." in text
    assert pdf.has_run("2", "Carla") and pdf.has_run("26", "Carla")
    assert "27" not in pdf.lines


def test_a_game_of_five_deals_has_five_rows_and_teams_head_their_columns():
    setup = free.Setup(FOUR, 0, "Whist", ((0, 2), (1, 3)), free.Options(deals=5))
    pdf = Pdf(printers().sheet(played(setup, [7, 0], [0, 3])))
    text = one_line(pdf.text)
    assert "Anna & Carla" in text and "Ben & Dan" in text
    assert "the game ends after 5 deals" in text
    assert pdf.has_run("2", "Ben", "0", "+7", "+3", "+3")
    assert pdf.has_run("5", "Anna") and "6" not in pdf.lines
    assert "Each deal, write each team's points" in text


def test_a_shared_win():
    state = played(free.Setup(("Anna", "Ben"), options=free.Options(deals=1)), [4, 4])
    assert "Shared victory: Anna, Ben (+4)." in one_line(Pdf(printers().sheet(state)).text)


def test_the_blank_sheet_has_the_columns_asked_for_and_a_full_page():
    pdf = Pdf(printers().blank_sheet(Blank(settings={"name": "Rummy"}, seats=6)))
    text = one_line(pdf.text)
    assert "Rummy score sheet" in text and "Winner: ____" in text
    assert pdf.lines.count("Points") == 6 and pdf.has_run("26")
    named = Pdf(
        printers().blank_sheet(Blank(("Anna", "Ben", "Carla"), 2, {"options": {"rounds": 4}}))
    )
    assert "Free game score sheet" in one_line(named.text)
    assert named.lines.count("Points") == 3
    assert named.has_run("1", "Carla") and named.has_run("4", "Carla") and "5" not in named.lines


def test_the_card_of_the_options_chosen_takes_the_place_of_a_rules_card(tmp_path):
    setup = free.Setup(FOUR, 3, "Whist", ((0, 2), (1, 3)), free.Options(zero_sum=True, deals=8))
    data = printers().rules_card(played(setup, [1, -1]), url=URL)
    pdf = Pdf(data)
    text = one_line(pdf.text)
    assert pdf.pages == 1
    assert "Whist: the options chosen" in text
    assert "This game: Anna, Ben, Carla, Dan · Dan deals first" in text
    assert "Every deal adds up to 0" in text and "The game is over after 8 deals." in text
    assert "Team 1: Anna & Carla" in text and "Team 2: Ben & Dan" in text
    assert "The table's own rules" in text
    assert decode_qr(data, tmp_path) == URL
    blank = one_line(Pdf(printers().blank_rules_card(Blank(settings={"name": "Kasino"}))).text)
    assert "Kasino: the options chosen" in blank and "2 to 8 players, or teams" in blank


def test_the_command_line_prints_a_blank_sheet_for_any_number_of_names(tmp_path):
    out = tmp_path / "free.pdf"
    result = invoke(
        "sheet",
        "--blank",
        "--game",
        "free",
        "--players",
        "Anna,Ben,Carla,Dan,Eve",
        "--first-dealer",
        "Eve",
        "--deals",
        "6",
        "--wins",
        "lowest",
        "-o",
        str(out),
    )
    assert result.exit_code == 0, result.output
    pdf = Pdf(out.read_bytes())
    assert pdf.lines.count("Points") == 5 and pdf.has_run("1", "Eve") and pdf.has_run("6", "Eve")
    assert "The lowest total wins" in one_line(pdf.text)
    refused = invoke("sheet", "--blank", "--game", "free", "--players", "Anna", "-o", str(out))
    assert refused.exit_code == 2 and "2 to 8 names" in refused.output
