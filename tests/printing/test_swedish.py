"""Swedish printouts: each kind of PDF of each game in Swedish, with no English word, from the
printers' words=, from a Swedish page, and from the command line's --lang."""

from __future__ import annotations

import datetime
import re

import pytest

from scorekeeper import printing
from scorekeeper.games import free
from scorekeeper.languages.locales import words_for
from scorekeeper.printing import Blank
from scorekeeper.printing.bismarck import bismarck_sheet
from tests.games.bismarck.examples import PLAYERS, game
from tests.printing.pdfs import Pdf
from tests.web.bismarck.client import Table
from tests.web.klaberjass import client as klaberjass_client
from tests.web.languages import ENGLISH
from tests.web.sviten import client as sviten_client

SWEDISH = words_for("sv")
#: Words in a printout that are the same in both languages: names of games, contracts, suits'
#: symbols, card letters, the QR code.
SAME = {"QR", "PDF", "NT", "Chicago"}
PLAYERS4 = ("Anna", "Ben", "Carla", "Dan")


def english_words(pdf: Pdf) -> set[str]:
    words = set(re.findall(r"[A-Za-z]+", pdf.text))
    return {word for word in words if word.lower() in ENGLISH and word not in SAME}


KINDS = {
    "bismarck": (
        lambda: game(),
        Blank(PLAYERS, 0, {"variant": "modern"}),
        ("Bismarckprotokoll", "Giv för giv", "Ben vinner med +2."),
        ("Regelkort för Bismarck", "Spelare och kort", "förhand", "kvot", "Husregler"),
    ),
    "klaberjass": (
        lambda: klaberjass_client.engine_state(),
        Blank(("Anna", "Ben"), 0, {"options": {"target": 500}}),
        ("Klaberjassprotokoll", "Förhand", "Avräknat"),
        ("Regelkort för Klaberjass", "Budgivning", "bella", "sista sticket", "kortpoäng"),
    ),
    "sviten": (
        lambda: sviten_client.engine_state(),
        Blank(("Anna", "Ben", "Carla", "Dan"), 0, {}),
        ("Sviten Special-protokoll", "Ö–V", "Spelförare"),
        ("Regelkort för Sviten Special", "Kombinationer", "tretal", "serie", "Storslam"),
    ),
    "free": (
        lambda: free_state(),
        Blank(("Anna", "Ben", "Carla", "Dan"), 0, {"name": "Chicago", "options": {"rounds": 8}}),
        ("Protokoll för Chicago", "Den högsta summan vinner", "Anna & Carla vinner med +52."),
        ("Chicago: valda alternativ", "Bordets egna regler", "Lag 1: Anna & Carla"),
    ),
}


def free_state():
    """The hand-worked Chicago, in two teams: Anna & Carla reach 52 first."""
    setup = free.Setup(PLAYERS4, 0, "Chicago", ((0, 2), (1, 3)), free.Options(target=52))
    events = [free.deal_event(n, p) for n, p in enumerate(([30, 2], [-3, 20], [25, 0]), 1)]
    return free.GAME.replay(setup, events).state


@pytest.mark.parametrize("kind", KINDS)
def test_every_printout_of_every_game_in_swedish(kind):
    state, blank, sheet_words, card_words = KINDS[kind]
    printers = printing.printer_for(kind)
    filled = Pdf(_with_words(printers.sheet, state(), date=datetime.date(2026, 11, 30)))
    empty = Pdf(_with_words(printers.blank_sheet, blank))
    card = Pdf(_with_words(printers.rules_card, state()))
    blank_card = Pdf(_with_words(printers.blank_rules_card, Blank(settings=blank.settings)))
    assert "30 nov. 2026" in filled.text
    for word in sheet_words:
        assert word in filled.text, word
    assert "Datum" in empty.text and "Vinnare" in empty.text
    for word in card_words:
        assert word in card.text or word in blank_card.text, word
    for pdf in (filled, empty, card, blank_card):
        assert english_words(pdf) == set()


def _with_words(printer, *args, **kwargs) -> bytes:
    """The built-in printers take the words to print in."""
    return printer(*args, words=SWEDISH, **kwargs)


def test_the_same_printers_still_print_english():
    pdf = Pdf(bismarck_sheet(game(), date=datetime.date(2026, 11, 30)))
    assert "Bismarck score sheet" in pdf.text and "2026-11-30" in pdf.text
    assert "Bismarckprotokoll" not in pdf.text
    assert {"Deal", "Dealer", "Total"} <= english_words(pdf)  # the check would notice


def test_a_pdf_follows_the_language_of_the_page_that_asked_for_it(client):
    table = Table(client)
    table.start()
    table.announce(1, "valfri", "hearts")
    table.record(1, (9, 3, 4))
    response = client.get(f"{table.url}/sheet.pdf?lang=sv")
    assert 'filename="bismarck-protokoll.pdf"' in response.headers["Content-Disposition"]
    swedish = Pdf(response.data)
    assert "Bismarckprotokoll" in swedish.text and english_words(swedish) == set()
    card = Pdf(client.get(f"{table.url}/rules.pdf?lang=sv&paper=a4").data)
    assert "Regelkort för Bismarck" in card.text and english_words(card) == set()
    blank = Pdf(client.get("/print/blank?lang=sv&variant=classic").data)
    assert "Bismarckprotokoll" in blank.text and "Klassisk 1949" in blank.text
    english = Pdf(client.get(f"{table.url}/sheet.pdf?lang=en").data)
    assert "Bismarck score sheet" in english.text
    client.set_cookie("lang", "sv")
    assert "Bismarckprotokoll" in Pdf(client.get(f"{table.url}/sheet.pdf").data).text


def test_a_refused_blank_sheet_says_why_in_swedish(client):
    page = client.get("/print/blank?lang=sv&player_0=Anna&player_1=Anna&player_2=Carla")
    assert page.status_code == 422
    assert "Två spelare heter Anna." in page.get_data(as_text=True)
