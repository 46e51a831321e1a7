"""A club evening on paper: table cards (a page a table, its seats, its first dealer and the QR
code of its game) and the standings (shared places as =2, the scoring explained)."""

from __future__ import annotations

from scorekeeper.printing.evening import (
    StandingRow,
    TableCard,
    standings_pdf,
    table_cards_pdf,
)
from tests.printing.pdfs import A4, LETTER, Pdf, decode_qr, one_line

URL = "http://192.0.2.7:8000/g/abcdefghijklmnopqrstuv"


def cards() -> list[TableCard]:
    return [
        TableCard(1, ("Anna", "Ben", "Carla"), (("Anna",), ("Ben",), ("Carla",)), "Ben", URL),
        TableCard(
            2,
            ("Dan", "Eva", "Fred", "Gus"),
            (("Dan", "Fred"), ("Eva", "Gus")),
            "Gus",
            URL.replace("abc", "xyz"),
        ),
        TableCard(3, ("Hanna", "Ida", "Jon"), (("Hanna",), ("Ida",), ("Jon",))),
    ]


def test_table_cards_print_a_page_a_table_with_its_game_qr_code(tmp_path):
    pdf = Pdf(table_cards_pdf("Friday club", "Bismarck", 2, cards(), ("Kim",)))
    assert pdf.pages == 3 and pdf.size == A4
    pages = [one_line(page.extract_text()) for page in pdf.reader.pages]
    assert "Table 1" in pages[0] and "Round 2" in pages[0]
    assert "1. Anna" in pages[0] and "3. Carla" in pages[0] and "Ben deals first." in pages[0]
    assert "Sitting out: Kim" in pages[0]
    assert "Partners" not in pages[0]
    assert "Partners" in pages[1] and "Dan and Fred" in pages[1] and "Eva and Gus" in pages[1]
    assert "prints once the round has started" in pages[2]
    assert decode_qr(pdf.data, tmp_path) == URL  # the first page: table 1's game


def test_table_cards_on_letter():
    assert Pdf(table_cards_pdf("Club", "Bismarck", 1, cards()[:1], paper="letter")).size == LETTER


def test_standings_show_shared_places_points_and_the_scoring(tmp_path):
    rows = [
        StandingRow(1, True, "Anna", "+12", 2, 1),
        StandingRow(1, True, "Ben", "+12", 2, 1),
        StandingRow(3, False, "Carla", "−24", 2, 0),
    ]
    pdf = Pdf(
        standings_pdf(
            "Friday club",
            "Bismarck",
            rows,
            ["Game totals: added up."],
            url="http://192.0.2.7:8000/e/evening-token",
            note="1 game is still being played.",
        )
    )
    assert pdf.pages == 1
    assert pdf.has_run("=1", "Anna", "+12", "2", "1")
    assert pdf.has_run("3", "Carla", "−24", "2", "0")
    text = one_line(pdf.text)
    assert "How the standings are scored" in text and "Game totals: added up." in text
    assert "1 game is still being played." in text
    assert decode_qr(pdf.data, tmp_path) == "http://192.0.2.7:8000/e/evening-token"
