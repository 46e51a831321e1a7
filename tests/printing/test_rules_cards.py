"""Rules cards: a variant's rules on one page; from a game also its house rules and schedule."""

from __future__ import annotations

import re

import pytest

from scorekeeper.games import bismarck
from scorekeeper.games.bismarck import Setup, Variant
from scorekeeper.printing import printer_for
from scorekeeper.printing.bismarck import bismarck_rules_card
from tests.games.bismarck.examples import MODERN_GAME, PLAYERS, game
from tests.printing.pdfs import A4, LETTER, Pdf, decode_qr, one_line

URL = "http://192.0.2.7:8000/g/Zm9vYmFyYmF6cXV4cXV1eA"
SECTIONS = (
    "Players and cards",
    "Deal and exchange",
    "Contracts",
    "Play",
    "Scoring",
    "End of the game",
    "House rules",
)


@pytest.mark.parametrize("variant", list(Variant))
@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_a_variants_card_has_every_section_on_one_page(variant, paper, size):
    pdf = Pdf(bismarck_rules_card(variant, paper=paper))
    assert (pdf.pages, pdf.size) == (1, size)
    for heading in SECTIONS:
        assert heading in pdf.lines
    text = one_line(pdf.text)
    assert f"{variant.title} rules · 3 players · 52 cards · {variant.deal_count} deals" in text
    assert "This game's schedule" not in text
    assert "Agree on these before you start" in text


@pytest.mark.parametrize("variant", list(Variant))
def test_the_contracts_table_gives_every_quota(variant):
    pdf = Pdf(bismarck_rules_card(variant))
    for contract in variant.contracts:
        mine, others = (4, 6) if contract.is_pass else (8, 4)
        rule = "quota − tricks" if contract.is_pass else "tricks − quota"
        name = re.escape(contract.name_in(variant))
        assert re.search(rf"{name} [^0-9]*? {mine} {others} {rule}", one_line(pdf.text)), name


def test_the_variants_say_who_declares_and_in_which_order():
    modern = one_line(Pdf(bismarck_rules_card(Variant.MODERN)).text)
    assert "Forehand, the dealer's left-hand neighbour, is the declarer" in modern
    assert "Each player declares each of Spader, Valfri, Sang and Pass exactly once" in modern
    classic = one_line(Pdf(bismarck_rules_card(Variant.CLASSIC)).text)
    assert "Fixed order: deals 1–3 Trumf, 4–6 Sang, 7–9 Noll" in classic
    assert "suit of the first face-up card" in classic
    british = one_line(Pdf(bismarck_rules_card(Variant.BRITISH)).text)
    assert "dealer is the declarer" in british
    assert "A dealer's four deals are, in order: Sang, Trumf, Valfri and Misère." in british


def test_the_worked_example_adds_up():
    text = one_line(Pdf(bismarck_rules_card(Variant.MODERN)).text)
    assert "Anna is forehand and declares Sang" in text
    for line in ("6 − 8 = −2", "6 − 4 = +2", "4 − 4 = 0"):
        assert line in text
    # The example is the engine's arithmetic.
    assert bismarck.score(bismarck.Contract.SANG, 0, (6, 6, 4)) == (-2, 2, 0)


def test_a_games_card_has_its_house_rules_schedule_and_qr(tmp_path):
    setup = Setup(PLAYERS, 2, Variant.MODERN, frozenset({"must_trump"}))
    data = bismarck_rules_card(setup, url=URL)
    pdf = Pdf(data)
    assert pdf.pages == 1
    text = one_line(pdf.text)
    assert "This game: Anna, Ben, Carla · Carla deals first" in text
    assert "Chosen for this game" in text
    assert "on " + bismarck.OPTIONS["must_trump"] in text
    assert "off " + bismarck.OPTIONS["see_all_cards"] in text
    assert "This game's schedule" in text
    for slot in bismarck.schedule(setup):
        assert pdf.has_run(
            str(slot.number), PLAYERS[slot.dealer], PLAYERS[slot.declarer], "their choice"
        )
    assert decode_qr(data, tmp_path) == URL


def test_a_british_games_schedule_has_the_fixed_contracts():
    pdf = Pdf(bismarck_rules_card(Setup(PLAYERS, 1, Variant.BRITISH)))
    assert pdf.has_run("1", "Ben", "Ben", "Sang")
    assert pdf.has_run("4", "Ben", "Ben", "Misère")
    assert pdf.has_run("9", "Anna", "Anna", "Sang")


def test_a_state_prints_its_games_card_through_the_registry():
    state = game(MODERN_GAME[:3], options={"see_all_cards"})
    pdf = Pdf(printer_for(state.kind).rules_card(state, paper="letter", url=URL))
    assert (pdf.pages, pdf.size) == (1, LETTER)
    assert "on " + bismarck.OPTIONS["see_all_cards"] in one_line(pdf.text)
    assert pdf.has_run("1", "Anna", "Ben", "their choice")
