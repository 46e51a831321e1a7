"""A club evening on paper: table cards (a page a table, its seats, its first dealer and the QR
code of its game, then the table's blank sheet with its names) and the standings (shared places
as =2, the scoring explained)."""

from __future__ import annotations

import re

import pytest

from scorekeeper.languages.locales import words_for
from scorekeeper.printing import Blank, printer_for
from scorekeeper.printing.evening import (
    StandingRow,
    TableCard,
    standings_pdf,
    table_cards_pdf,
)
from tests.printing.pdfs import A4, LETTER, Pdf, decode_qr, one_line, poppler_text

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


def seated(number: int, seats: tuple[str, ...], dealer: int | None, settings=None) -> TableCard:
    """A card whose table's blank sheet follows it: the names, the first dealer (a seat)."""
    sides = tuple((name,) for name in seats)
    first = None if dealer is None else seats[dealer]
    return TableCard(number, seats, sides, first, None, Blank(seats, dealer, settings or {}))


def test_each_table_card_is_followed_by_its_tables_blank_sheet_with_the_names(tmp_path):
    three = [
        seated(1, ("Anna", "Ben", "Carla"), 1, {"variant": "classic"}),
        seated(2, ("Dan", "Eva", "Fred"), None, {"variant": "classic"}),
    ]
    data = table_cards_pdf("Friday club", "Bismarck", 1, three, kind="bismarck")
    assert Pdf(data).pages == 4  # card, sheet, card, sheet
    card, sheet = poppler_text(data, tmp_path, 1), poppler_text(data, tmp_path, 2)
    assert "Table 1" in card and "Ben deals first." in card and "score sheet" not in card
    assert "Bismarck score sheet" in sheet and "Classic 1949 rules" in sheet
    assert "Anna, Ben, Carla · Ben deals first" in sheet
    # Who deals and who declares in every deal, pre-printed: Ben deals deal 1, Carla declares.
    assert re.search(r"^\s*1\s+Ben\s+Carla\s", sheet, re.M)
    assert re.search(r"^\s*9\s+Anna\s+Ben\s", sheet, re.M)
    # Laid out as the game's own blank sheet prints alone: the same page, line for line.
    alone = printer_for("bismarck").blank_sheet(three[0].sheet, paper="a4")
    assert sheet == poppler_text(alone, tmp_path)
    # Before the round starts: the names, no dealer.
    later = poppler_text(data, tmp_path, 4)
    assert "Dan, Eva, Fred · Date:" in later and "deals first" not in later


@pytest.mark.parametrize(
    ("kind", "seats", "expected"),
    [
        ("klaberjass", ("Anna", "Ben"), ["Klaberjass score sheet", "Anna, Ben · Ben deals first"]),
        ("sviten", ("Anna", "Ben", "Carla", "Dan"), ["Sviten Special score sheet", "N Anna"]),
    ],
)
def test_every_games_table_cards_carry_its_own_sheet(tmp_path, kind, seats, expected):
    data = table_cards_pdf("Club", kind, 3, [seated(1, seats, 1)], kind=kind, paper="letter")
    pdf = Pdf(data)
    assert pdf.pages == 2 and pdf.size == LETTER
    sheet = poppler_text(data, tmp_path, 2)
    for words in expected:
        assert words in sheet
    assert sheet == poppler_text(
        printer_for(kind).blank_sheet(Blank(seats, 1), paper="letter"), tmp_path
    )


def test_a_tables_sheet_speaks_the_cards_language(tmp_path):
    card = seated(1, ("Anna", "Ben", "Carla"), 0)
    data = table_cards_pdf("Klubben", "Bismarck", 1, [card], kind="bismarck", words=words_for("sv"))
    sheet = poppler_text(data, tmp_path, 2)
    assert "Bismarckprotokoll" in sheet and "Anna ger först" in sheet


def test_without_a_kind_or_a_sheet_the_cards_print_alone():
    card = seated(1, ("Anna", "Ben", "Carla"), 0)
    assert Pdf(table_cards_pdf("Club", "Bismarck", 1, [card])).pages == 1
    assert Pdf(table_cards_pdf("Club", "Bismarck", 1, cards(), kind="bismarck")).pages == 3
