"""Score sheets from engine values: blank, pre-printed from the schedule, filled in any state."""

from __future__ import annotations

import datetime

import pytest

from scorekeeper.games import bismarck
from scorekeeper.games.bismarck import Variant
from scorekeeper.printing import common, printer_for
from scorekeeper.printing import sheet as sheet_module
from scorekeeper.printing.bismarck import bismarck_sheet, blank_bismarck_sheet
from tests.games.bismarck.examples import CLASSIC_TIE, MODERN_GAME, PLAYERS, game
from tests.printing.pdfs import A4, LETTER, RED_FILL, Pdf, decode_qr, one_line

URL = "http://192.0.2.7:8000/g/Zm9vYmFyYmF6cXV4cXV1eA"


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


# --- blank sheets ----------------------------------------------------------------------------


@pytest.mark.parametrize("variant", list(Variant))
def test_a_blank_sheet_has_the_grid_and_one_row_per_deal(variant):
    pdf = Pdf(blank_bismarck_sheet(variant))
    assert pdf.pages == 1
    assert pdf.size == A4
    text = one_line(pdf.text)
    assert "Bismarck score sheet" in text
    assert f"{variant.title} rules · {variant.deal_count} deals" in text
    for contract in variant.contracts:
        assert contract.name_in(variant) in pdf.lines
    for column in ("Player", "Total", "Dealer", "Declarer", "Contract", "Trump", "Tricks", "Score"):
        assert column in pdf.lines
    assert "sum = 0" in text
    numbers = [line for line in pdf.lines if line.isdigit() and 1 <= int(line) <= 12]
    assert numbers[: variant.deal_count] == [str(n) for n in range(1, variant.deal_count + 1)]
    assert str(variant.deal_count + 1) not in numbers
    assert "Winner:" in text
    assert "Scan to follow" not in text  # no game, no QR code


def test_a_blank_sheet_on_letter_paper():
    pdf = Pdf(blank_bismarck_sheet(Variant.BRITISH, paper="letter"))
    assert pdf.size == LETTER
    assert pdf.pages == 1


def test_an_unknown_paper_size_is_refused():
    with pytest.raises(ValueError, match="a4, letter"):
        blank_bismarck_sheet(paper="a3")


@pytest.mark.parametrize(
    ("variant", "first_dealer"),
    [(Variant.MODERN, 2), (Variant.CLASSIC, 1), (Variant.BRITISH, 0), (Variant.BRITISH, 2)],
)
def test_names_and_first_dealer_pre_print_the_schedule(variant, first_dealer):
    pdf = Pdf(blank_bismarck_sheet(variant, PLAYERS, first_dealer))
    assert pdf.pages == 1
    setup = bismarck.Setup(PLAYERS, first_dealer, variant)
    text = one_line(pdf.text)
    assert f"{PLAYERS[first_dealer]} deals first" in text
    for slot in bismarck.schedule(setup):
        row = [str(slot.number), PLAYERS[slot.dealer], PLAYERS[slot.declarer]]
        if slot.fixed_contract is not None:
            row.append(slot.fixed_contract.name_in(variant))
        assert pdf.has_run(*row), f"deal {slot.number}: {row} not on the sheet"


def test_the_schedule_answers_who_is_forehand():
    # Modern, Carla deals first: deal 1 is Carla's deal and Anna's (her left's) declaration.
    pdf = Pdf(blank_bismarck_sheet(Variant.MODERN, PLAYERS, 2))
    assert pdf.has_run("1", "Carla", "Anna")
    assert pdf.has_run("2", "Anna", "Ben")
    assert pdf.has_run("12", "Ben", "Carla")


def test_names_without_a_first_dealer_print_no_schedule():
    pdf = Pdf(blank_bismarck_sheet(Variant.MODERN, PLAYERS))
    assert pdf.pages == 1
    for name in PLAYERS:
        assert name in pdf.lines
    assert not pdf.has_run("1", "Anna", "Ben")
    assert "deals first" not in pdf.text


def test_classic_and_british_blank_sheets_print_the_fixed_contracts():
    classic = Pdf(blank_bismarck_sheet(Variant.CLASSIC))
    assert [line for line in classic.lines if line in ("Trumf", "Sang", "Noll")][3:] == (
        ["Trumf"] * 3 + ["Sang"] * 3 + ["Noll"] * 3
    )
    british = Pdf(blank_bismarck_sheet(Variant.BRITISH))
    fixed = [line for line in british.lines if line in ("Sang", "Trumf", "Valfri", "Misère")]
    assert fixed[4:] == ["Sang", "Trumf", "Valfri", "Misère"] * 3


def test_a_first_dealer_needs_names():
    with pytest.raises(ValueError, match="names"):
        blank_bismarck_sheet(Variant.MODERN, None, 1)


# --- filled sheets ---------------------------------------------------------------------------


def test_a_finished_game_fills_every_row_and_names_the_winner():
    state = game()
    pdf = Pdf(bismarck_sheet(state, url=URL, date=datetime.date(2025, 6, 3)))
    assert pdf.pages == 1
    assert pdf.size == A4
    text = one_line(pdf.text)
    assert "Anna, Ben, Carla · Anna deals first · 2025-06-03" in text
    assert "Ben wins with +2." in text
    for deal in state.deals:
        row = [
            str(deal.number),
            PLAYERS[deal.dealer],
            PLAYERS[deal.declarer],
            deal.contract.name_in(state.variant),
            deal.trump_shown.symbol if deal.trump_shown else "–",
        ]
        for seat in range(3):
            row += [str(deal.tricks[seat]), signed(deal.scores[seat]), signed(deal.totals[seat])]
        assert pdf.has_run(*row), f"deal {deal.number}: {row} not on the sheet"


def test_the_grid_marks_each_players_contracts_with_the_score_and_the_deal():
    state = game()
    pdf = Pdf(bismarck_sheet(state))
    for seat, name in enumerate(PLAYERS):
        row = [name]
        for contract in state.variant.contracts:
            number = state.used[seat][contract]
            deal = state.deals[number - 1]
            where = f"deal {number}"
            if contract.needs_trump:
                where += f" {deal.trump_shown.symbol}"
            row += [signed(deal.scores[seat]), where]
        total = signed(state.totals[seat]) + (" ★" if seat in state.winners else "")
        assert pdf.has_run(*row, total), f"{name}'s grid row"


def test_hearts_and_diamonds_are_red(monkeypatch):
    # The chart's second line is red (its colours tell the lines apart in print): left out
    # here, where only the suits' colours are looked at.
    monkeypatch.setattr(sheet_module, "progression_chart", lambda *_args: None)
    with_red = Pdf(bismarck_sheet(game()))
    assert "♥" in with_red.text and "♦" in with_red.text and "♣" in with_red.text
    assert RED_FILL.search(with_red.content)
    # A game with no red trump yet prints nothing in red.
    black_only = Pdf(bismarck_sheet(game(MODERN_GAME[:3])))
    assert not RED_FILL.search(black_only.content)


def test_a_tie_is_a_shared_victory():
    state = game(CLASSIC_TIE, variant="classic")
    assert state.winners == (0, 1)
    pdf = Pdf(bismarck_sheet(state))
    assert pdf.pages == 1
    assert "Shared victory: Anna and Ben, +1 each." in one_line(pdf.text)
    assert pdf.has_run("1", "Anna", "Ben", "Trumf", "♥", "5", "+1", "+1")


def test_a_game_in_progress_shows_what_is_next():
    pdf = Pdf(bismarck_sheet(game(MODERN_GAME[:4])))
    text = one_line(pdf.text)
    assert "Next: deal 5 of 12, Ben deals and Carla declares." in text
    assert "wins" not in text and "Winner" not in text
    # Deals still to come show who deals and declares, nothing else.
    assert pdf.has_run("5", "Ben", "Carla", "6", "Carla", "Anna")


def test_an_announced_deal_and_its_redeal_are_noted():
    deals = [*MODERN_GAME[:4], ("sang", None, None)]
    pdf = Pdf(bismarck_sheet(game(deals, redeal_in=5)))
    text = one_line(pdf.text)
    assert "Deal 5 of 12 is in play: Carla plays Sang." in text
    assert pdf.has_run(
        "5", "Ben", "Carla", "Sang", "redealt", "–", "in play: tricks not recorded yet"
    )
    # The grid marks the contract as taken before it is scored.
    assert pdf.has_run("X", "deal 5")


def test_a_new_game_prints_its_schedule_and_no_scores():
    pdf = Pdf(bismarck_sheet(game([], variant="british", first_dealer=1)))
    assert pdf.pages == 1
    assert pdf.has_run("1", "Ben", "Ben", "Sang", "–")
    assert pdf.has_run("5", "Carla", "Carla", "Sang")
    assert "Next: deal 1 of 12, Ben deals and Ben declares." in one_line(pdf.text)


@pytest.mark.parametrize("variant", ["modern", "classic"])
def test_every_state_of_a_game_fits_one_page(variant):
    deals = MODERN_GAME if variant == "modern" else CLASSIC_TIE
    long_names = ("Anna-Karin Wallenberg-Lindqvi", "Bengt Åke Östergren von Dahl", "W" * 30)
    for played in range(len(deals) + 1):
        state = game(deals[:played], variant=variant, players=long_names)
        for paper, size in (("a4", A4), ("letter", LETTER)):
            pdf = Pdf(bismarck_sheet(state, paper=paper, url=URL))
            assert (pdf.pages, pdf.size) == (1, size), f"{played} deals on {paper}"


def test_names_are_printed_as_text_not_markup():
    state = game(MODERN_GAME[:1], players=("<b>Anna</b>", "Ben & Jerry", "C<"))
    pdf = Pdf(bismarck_sheet(state))
    assert "<b>Anna</b>" in pdf.lines
    assert "Ben & Jerry" in pdf.lines


def test_the_qr_code_is_the_games_live_address(tmp_path):
    data = bismarck_sheet(game(), url=URL)
    assert URL in one_line(Pdf(data).text)
    assert decode_qr(data, tmp_path) == URL


def test_the_qr_code_never_points_at_localhost(tmp_path, monkeypatch):
    monkeypatch.setattr("scorekeeper.server.qr.lan_address", lambda: "192.0.2.9")
    data = bismarck_sheet(game(), url="http://localhost:8000/g/abc")
    assert "http://192.0.2.9:8000/g/abc" in Pdf(data).text
    assert decode_qr(data, tmp_path) == "http://192.0.2.9:8000/g/abc"


def test_without_dejavu_the_standard_fonts_still_print_the_suits(monkeypatch, tmp_path):
    assert common.find_fonts([tmp_path]) == common.STANDARD_FONTS
    monkeypatch.setattr(common, "fonts", lambda: common.STANDARD_FONTS)
    pdf = Pdf(bismarck_sheet(game(), url=URL))
    assert pdf.pages == 1
    for symbol in "♠♥♦♣":
        assert symbol in pdf.text
    assert "Ben wins with +2." in one_line(pdf.text)
    assert b"/DejaVu" not in pdf.data
    assert b"/Symbol" in pdf.data  # where Helvetica lacks ♠ ♥ ♦ ♣ and −


def test_dejavu_is_embedded_when_the_machine_has_it():
    fonts = common.find_fonts()
    if not fonts.embedded:
        pytest.skip("DejaVu Sans is not installed here (Debian package fonts-dejavu-core).")
    assert b"DejaVuSans" in bismarck_sheet(game())


def test_the_registry_prints_a_bismarck_state():
    printers = printer_for(bismarck.KIND)
    assert Pdf(printers.sheet(game(), paper="letter")).size == LETTER
    with pytest.raises(LookupError):
        printer_for("whist")


def test_long_names_are_whole_in_the_grid_and_first_names_in_narrow_columns():
    names = ("Anna-Karin Lindqvist", "Bengt Åke Östergren von Dahl", "Łukasz Żółć Юлия")
    pdf = Pdf(bismarck_sheet(game(MODERN_GAME[:2], players=names)))
    text = one_line(pdf.text)
    for name in names:
        assert name in text
    assert pdf.has_run("2", "Bengt", "Łukasz", "Pass")
    assert pdf.has_run("Anna-Karin", "Bengt", "Łukasz")  # the deal table's player groups


def test_a_game_without_a_date_says_when_it_was_printed():
    text = one_line(Pdf(bismarck_sheet(game(MODERN_GAME[:1]))).text)
    assert f"printed {datetime.date.today().isoformat()}" in text
