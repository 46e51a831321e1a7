"""What the engines call things (issue 13): deal and hand numbers from 1, the British variant
with a capital, Sang also called Spel where the contract is explained, and names without
control characters."""

from __future__ import annotations

import json

import pytest

from scorekeeper import records
from scorekeeper.games import bismarck, klaberjass, sviten
from scorekeeper.games.bismarck import Contract, Setup, Variant
from scorekeeper.games.events import Event, RuleError
from scorekeeper.games.players import checked_names
from scorekeeper.printing.bismarck import bismarck_rules_card
from tests.games import state_after, state_of
from tests.printing.pdfs import Pdf, one_line

PLAYERS = ("Anna", "Ben", "Carla")


def refused(setup, events: list[Event], event: Event) -> RuleError:
    with pytest.raises(RuleError) as info:
        state_after(setup, events, event)
    return info.value


# --- numbers count from 1 -----------------------------------------------------------------


@pytest.mark.parametrize("number", [-1, 0])
@pytest.mark.parametrize(
    "event",
    [
        Event("announce", {"contract": "sang"}),
        Event("record", {"contract": "sang", "tricks": [8, 4, 4]}),
        Event("redeal", {}),
        Event("correct", {"tricks": [8, 4, 4]}),
    ],
)
def test_there_is_no_deal_below_1(event, number):
    setup = Setup(PLAYERS)
    announced = [Event("announce", {"deal": 1, "contract": "sang"})]
    data = {**event.data, "deal": number}
    error = refused(setup, announced, Event(event.kind, data))
    assert error.message == f"There is no deal {number}: deals are numbered from 1."
    assert (error.field, error.deal) == ("deal", number)


@pytest.mark.parametrize("number", [-1, 0])
@pytest.mark.parametrize("kind", ["hand", "correct"])
def test_there_is_no_hand_below_1(kind, number):
    setup = klaberjass.Setup(("Anna", "Ben"))
    hand = {"maker": 0, "trump": "hearts", "last_trick": 0, "card_points": [60, 40]}
    played = [klaberjass.hand_event(1, hand)]
    error = refused(setup, played, Event(kind, {**hand, "number": number}))
    assert error.message == f"There is no hand {number}: hands are numbered from 1."
    assert (error.field, error.deal) == ("number", number)

    four = sviten.Setup(("Anna", "Ben", "Carla", "Dan"))
    quick = {"declarer": 0, "bid": 1, "trump": None, "tricks": [7, 6]}
    quick |= {"meld_points": [0, 0], "meld_counts": [0, 0]}
    played = [sviten.hand_event(1, quick)]
    error = refused(four, played, Event(kind, {**quick, "number": number}))
    assert error.message == f"There is no hand {number}: hands are numbered from 1."


# --- British with a capital ----------------------------------------------------------------


def test_messages_write_british_with_a_capital():
    setup = Setup(PLAYERS, variant=Variant.BRITISH)
    error = refused(setup, [], Event("announce", {"deal": 1, "contract": "pass"}))
    assert error.message == "Deal 1 is Sang in the British game."
    classic = Setup(PLAYERS, variant=Variant.CLASSIC)
    error = refused(classic, [], Event("announce", {"deal": 1, "contract": "sang"}))
    assert error.message == "Deal 1 is Trumf in the classic 1949 game."


def test_the_text_sheet_and_the_record_reader_write_british_with_a_capital():
    setup = Setup(PLAYERS, variant=Variant.BRITISH)
    state = state_of(setup, [])
    sheet = records.score_sheet("bismarck", state)
    assert sheet.splitlines()[0] == "Bismarck, British rules: Anna, Ben, Carla"
    record = json.loads(records.export("bismarck", setup, []))
    del record["history"]
    record["deals"] = [{"contract": "sang"}] * 13
    with pytest.raises(records.RecordError) as info:
        records.parse(record)
    assert any("a British game has 12 deals" in line for line in info.value.problems)


# --- Sang, also called Spel ------------------------------------------------------------------


def test_sang_is_explained_with_its_other_name_and_keeps_its_id():
    for variant in Variant:
        assert Contract.SANG.explained_in(variant) == "Sang (Spel)"
        assert Contract.SANG.name_in(variant) == "Sang"
    assert Contract.PASS.explained_in(Variant.BRITISH) == "Misère"
    assert Contract.SPADER.explained_in(Variant.MODERN) == "Spader"
    assert bismarck.parse_contract("sang") is Contract.SANG


@pytest.mark.parametrize("variant", list(Variant))
def test_the_rules_card_explains_sang_as_sang_spel(variant):
    text = one_line(Pdf(bismarck_rules_card(variant)).text)
    assert "Sang (Spel) none 8 4 tricks − quota" in text


# --- names ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["\t", "\x00", "\x1b", "\x7f", "\x85", "\u2029", "\u2066"])
@pytest.mark.parametrize("name", ["An{}na", "Anna{}", "{}Anna"])
def test_a_name_with_a_control_character_is_refused_even_at_its_ends(bad, name):
    with pytest.raises(RuleError) as info:
        checked_names([name.format(bad), "Ben"], 2, "Klaberjass")
    assert info.value.message == (
        f"A name cannot hold a tab, a line break or another control character (U+{ord(bad):04X})."
    )
    assert info.value.field == "players"


def test_letters_marks_and_emoji_are_names():
    names = ["Çağla", "Åsa 👩\u200d💻", "Zoë-Anne", "李"]
    assert checked_names(names, 4, "Sviten Special") == tuple(names)
