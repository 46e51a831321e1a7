"""Klaberjass at a phone-sized table: a whole game by tapping (the card picker counting the
captured cards), the form without JavaScript, and every new page checked by axe-core and for
thumb-sized targets, light and dark."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.klaberjass_table import KlaberjassPlayer, seed_klaberjass
from tests.e2e.screens import (
    RACE_NAMES,
    WHO_LINE,
    axe_report,
    layout_problems,
    overflow,
    page_width,
)
from tests.e2e.table import shoot, stored_events
from tests.e2e.taps import Taps
from tests.web.klaberjass.client import HANDS, PLAYERS, engine_state


def test_a_whole_klaberjass_game_by_tapping(phone, server):
    player = KlaberjassPlayer(phone)
    player.start_game(first_dealer="Anna")
    expect(phone.locator("h1")).to_have_text("Hand 1")
    expect(phone.locator(".who")).to_contain_text("Anna deals · Ben bids first")
    expected = engine_state()
    for number, hand in enumerate(HANDS, 1):
        expect(phone.locator("h1")).to_have_text(f"Hand {number}")
        result = expected.hands[number - 1]
        if number == 5:
            # The card picker: the tapped cards are counted into the card points (diamonds
            # are trumps: J♦ 20, 9♦ 14), and a card tapped for Anna is not Ben's to tap.
            player.enter_hand(hand)
            expect(player.points_field("Anna")).to_have_value("34")
            expect(player.points_field("Ben")).to_have_value("70")
            expect(player.points_field("Anna")).to_have_attribute("readonly", "")
            expect(phone.get_by_text("4 picked: 34 points")).to_be_visible()
            expect(player.tile("Ben", "JD")).to_be_disabled()
            expect(player.tile("Anna", "JD")).to_have_attribute("aria-pressed", "true")
            # Trumps in another suit: J♦ is a plain jack, 2 points; back to diamonds: 20.
            player.group("Trumps").get_by_role("radio", name="clubs").tap()
            expect(player.points_field("Anna")).to_have_value("2")
            player.group("Trumps").get_by_role("radio", name="diamonds").tap()
            expect(player.points_field("Anna")).to_have_value("34")
            phone.evaluate("window.scrollTo(0, 0)")
            shoot(phone, "klaberjass-picker-light")
            phone.get_by_role("button", name="Record hand 5").tap()
        elif hand.get("thrown_in"):
            player.enter_hand(hand)
            # Thrown in: the rest of the form is not needed and is hidden.
            expect(player.group("Trumps")).to_be_hidden()
            phone.get_by_role("button", name=f"Record hand {number}").tap()
        else:
            player.enter_hand(hand)
            phone.get_by_role("button", name=f"Record hand {number}").tap()
        box = phone.locator(".result")
        expect(box).to_contain_text(f"Hand {number}")
        if not result.thrown_in:
            expect(box).to_contain_text(result.settlement)
            for seat, name in enumerate(PLAYERS):
                expect(box.locator("li").nth(seat)).to_contain_text(
                    f"{name} {result.hand_totals[seat]}"
                )
        if result.sequence_reason:
            expect(box).to_contain_text(result.sequence_reason)
        if number < len(HANDS):
            assert player.totals() == dict(zip(PLAYERS, result.totals, strict=True))

    expect(phone.get_by_role("heading", name="Game over")).to_be_visible()
    expect(phone.locator(".winner-line")).to_have_text("Ben wins 509 to 449.")
    assert player.totals() == {"Anna": 449, "Ben": 509}
    expect(phone.get_by_role("progressbar", name="Ben: 509 of 500")).to_be_visible()
    # The page shows the latest 8 hands; all 9 are a tap away.
    expect(phone.locator("table.log tbody tr")).to_have_count(8)
    phone.get_by_role("link", name="Show all 9 hands").tap()
    expect(phone.locator("table.log tbody tr")).to_have_count(9)
    assert stored_events(server, player.token) == 9
    shoot(phone, "klaberjass-over-light")


def test_the_second_sequence_row_appears_when_the_first_is_used(phone, server):
    phone.goto(f"/g/{seed_klaberjass(server, 0)}")
    player = KlaberjassPlayer(phone)
    second = player.run_select("Anna", 2, "cards")
    expect(second).to_be_hidden()
    expect(player.run_chip("Anna", 1, "suit", "♠")).to_be_hidden()  # until a length is tapped
    player.sequence("Anna", 1, ["10C", "9C", "8C", "7C"])
    expect(second).to_be_visible()
    player.sequence("Anna", 2, ["AD", "KD", "QD"])
    player.sequence("Ben", 1, ["KH", "QH", "JH", "10H"])
    player.enter_hand({k: v for k, v in HANDS[6].items() if k != "sequences"})
    phone.get_by_role("button", name="Record hand 1").tap()
    expect(phone.locator(".result")).to_contain_text(
        "Ben's 4-card run to the K♥ beats Anna's to the 10♣"
    )


def test_a_mistake_is_shown_next_to_its_field_and_the_input_stays(phone, server):
    token = seed_klaberjass(server, 2)
    phone.goto(f"/g/{token}")
    player = KlaberjassPlayer(phone)
    player.enter_hand({**HANDS[2], "card_points": [70, 200]})
    phone.get_by_role("button", name="Record hand 3").tap()
    group = player.group("Card points")
    expect(group.locator(".error")).to_have_text(
        "Ben's card points (200) are more than 9 tricks can hold (146 at most)."
    )
    expect(player.points_field("Ben")).to_have_value("200")
    expect(player.points_field("Ben")).to_have_attribute("aria-invalid", "true")
    expect(player.group("Who made trumps?").get_by_role("radio", name="Anna")).to_be_checked()
    assert stored_events(server, token) == 2


def test_correcting_a_hand_on_the_phone(phone, server):
    token = seed_klaberjass(server, 4)
    phone.goto(f"/g/{token}")
    player = KlaberjassPlayer(phone)
    phone.get_by_role("link", name="Correct hand 3").tap()
    expect(phone.locator("h1")).to_have_text("Correct hand 3")
    expect(player.points_field("Anna")).to_have_value("70")
    player.points_field("Anna").fill("60")
    player.points_field("Ben").fill("60")
    phone.get_by_role("button", name="Save correction").tap()
    expect(phone.locator("tr.note")).to_contain_text("✓ Corrected: hand 3")
    expect(phone.locator("tr.note")).to_be_in_viewport()
    corrected = [*HANDS[:2], {**HANDS[2], "card_points": [60, 60]}, HANDS[3]]
    assert player.totals() == dict(zip(PLAYERS, engine_state(corrected).totals, strict=True))
    phone.get_by_role("link", name=re.compile(r"^Undo: Corrected: hand 3")).tap()
    phone.get_by_role("button", name="Undo it").tap()
    expect(phone.locator(".notice")).to_contain_text("Taken back: Corrected: hand 3")
    expect(phone.locator("table.log tbody tr").nth(2)).to_contain_text("70")
    assert player.totals() == dict(zip(PLAYERS, engine_state(HANDS[:4]).totals, strict=True))


def test_a_hand_without_javascript(new_phone, server):
    phone = new_phone(java_script_enabled=False)
    phone.goto(f"/g/{seed_klaberjass(server, 4)}")
    player = KlaberjassPlayer(phone)
    # The second sequence row appears as soon as the first is used, and "none" takes a length
    # back: that is CSS, no script.
    expect(player.run_select("Anna", 2, "cards")).to_be_hidden()
    player.run_chip("Anna", 1, "cards", "3").tap()
    player.run_chip("Anna", 1, "suit", "♥").tap()
    expect(player.run_select("Anna", 2, "cards")).to_be_visible()
    player.run_chip("Anna", 1, "cards", "none").tap()
    expect(player.run_chip("Anna", 1, "suit", "♥")).to_be_hidden()  # and not sent
    # No tiles without the script: the captured cards are a list to pick from.
    phone.get_by_text("Tap Anna's cards instead").tap()
    phone.get_by_label("Anna's captured cards").select_option(["J♦", "9♦", "7♣", "8♣"])
    hand = {**HANDS[4]}
    hand.pop("captured")
    player.enter_hand({**hand, "card_points": [None, 70]}, tap_cards=True)
    phone.get_by_role("button", name="Record hand 5").tap()
    expect(phone.locator(".result")).to_contain_text(
        "Anna made trumps and scored less: Ben takes 134"
    )


# --- every new page: axe-core, thumb-sized targets, nothing wider than the phone -----------


def klaberjass_tour(phone, server):
    """The Klaberjass pages a player sees, yielding a short name on each."""
    player = KlaberjassPlayer(phone)
    phone.goto("/klaberjass/new")
    yield "kj-new"
    phone.get_by_role("button", name="Start the game").tap()
    expect(phone.locator(".error").first).to_be_visible()
    yield "kj-new-errors"
    phone.goto(f"/g/{seed_klaberjass(server, 4)}")
    yield "kj-hand"
    player.pile("Anna")
    player.pile("Ben")
    player.tile("Anna", "AS").tap()
    yield "kj-picker"
    phone.get_by_role("button", name="Record hand 5").tap()
    expect(phone.locator(".error").first).to_be_visible()
    yield "kj-hand-errors"
    phone.goto(f"/g/{seed_klaberjass(server, 9)}")
    phone.locator(".history summary").tap()
    yield "kj-over"
    phone.get_by_role("link", name="Correct hand 5").tap()
    expect(phone.locator("h1")).to_have_text("Correct hand 5")
    yield "kj-correct"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_violations_on_the_klaberjass_pages(
    scheme, new_phone, server, axe
):
    phone = new_phone(color_scheme=scheme)
    found = {}
    for name in klaberjass_tour(phone, server):
        bad = axe(phone, f"{name}-{scheme}")
        if bad:
            found[name] = bad
    assert not found, axe_report(found)


@pytest.mark.parametrize(
    ("scheme", "size"), [("light", (390, 844)), ("dark", (390, 844)), ("dark", (320, 568))]
)
def test_the_klaberjass_pages_fit_a_phone_with_thumb_sized_targets(scheme, size, new_phone, server):
    width, height = size
    phone = new_phone(color_scheme=scheme, viewport={"width": width, "height": height})
    problems = []
    for name in klaberjass_tour(phone, server):
        shoot(phone, f"{name}-{scheme}-{width}")
        problems += layout_problems(phone, name)
    assert not problems, "\n".join(problems)


# --- taps per hand ---------------------------------------------------------------------------

SCREENS = {"390-light": ("light", 390, 844), "320-dark": ("dark", 320, 568)}


@pytest.mark.parametrize("screen", SCREENS)
def test_a_hand_with_one_sequence_takes_thirteen_taps(screen, new_phone, server):
    """Maker, trumps, the sequence (cards, suit, top card: three chips), the last trick, each
    player's card points (the field and two digits) and Record: 13 taps, every key a tap.
    (Dropdowns took six taps for the sequence alone.)"""
    scheme, width, height = SCREENS[screen]
    phone = new_phone(color_scheme=scheme, viewport={"width": width, "height": height})
    token = seed_klaberjass(server, 0)
    phone.goto(f"/g/{token}")
    player = KlaberjassPlayer(phone)
    counted = Taps()
    tap, type_in = counted.tap, counted.type_in

    tap(player.group("Who made trumps?").get_by_role("radio", name="Ben", exact=True))
    tap(player.group("Trumps").get_by_role("radio", name="spades", exact=True))
    tap(player.run_chip("Ben", 1, "cards", "4"))
    # The suit and the top card appear once the length is tapped.
    tap(player.run_chip("Ben", 1, "suit", "♠"))
    tap(player.run_chip("Ben", 1, "top card", "A"))
    shoot(phone, f"klaberjass-sequence-{screen}", full_page=False)
    tap(player.group("Last trick").get_by_role("radio", name="Anna", exact=True))
    type_in(player.points_field("Anna"), "50")
    type_in(player.points_field("Ben"), "60")
    tap(phone.get_by_role("button", name="Record hand 1"))
    expect(phone.locator(".result")).to_contain_text("Hand 1")
    expect(phone.locator(".result")).to_contain_text("sequences 50")
    assert stored_events(server, token) == 1
    assert counted.count == 13
    assert page_width(phone) <= width


@pytest.mark.parametrize("screen", SCREENS)
def test_sequence_chips_are_thumb_sized_in_one_row_and_red_suits_stay_red(
    screen, new_phone, server
):
    scheme, width, height = SCREENS[screen]
    phone = new_phone(color_scheme=scheme, viewport={"width": width, "height": height})
    phone.goto(f"/g/{seed_klaberjass(server, 0)}")
    player = KlaberjassPlayer(phone)
    player.run_chip("Anna", 1, "cards", "3").tap()
    player.run_chip("Anna", 1, "suit", "♥").tap()
    chips = [player.run_chip("Anna", 1, "cards", str(n)) for n in range(3, 9)]
    boxes = [chip.locator("xpath=..").bounding_box() for chip in chips]
    assert all(b["width"] >= 44 and b["height"] >= 44 for b in boxes), boxes
    assert len({round(b["y"]) for b in boxes}) == 1, "the six lengths read as one row"
    heart = player.run_chip("Anna", 1, "suit", "♥").locator("xpath=..")
    spade = player.run_chip("Anna", 1, "suit", "♠").locator("xpath=..")
    red, black = (c.evaluate("e => getComputedStyle(e).color") for c in (heart, spade))
    assert red != black  # the picked heart keeps its red
    layout = overflow(phone)
    assert layout["scroll"] <= layout["client"] and not layout["wide"], layout


@pytest.mark.parametrize(
    ("scheme", "width", "height"), [("light", 390, 844), ("dark", 320, 568)], ids=["390", "320"]
)
def test_long_names_show_in_full_in_the_head(scheme, width, height, new_phone, server):
    """From 360 px up a long name wraps whole in the race rather than be cut short (the head
    takes a line more, at most a quarter of the screen); on 320 px it is cut short, and the head
    stays within a fifth of the screen, as with short names. The line of who deals and who bids
    first stays one line at any width: a long name is cut short there (a screen reader reads it
    whole, and the form below shows it whole), the rest of the line is not. Nothing is wider than
    the screen."""
    phone = new_phone(color_scheme=scheme, viewport={"width": width, "height": height})
    long = ("Bartholomew-Fitzwilliam", "Maximiliana-Konstantinopel")
    phone.goto(f"/g/{seed_klaberjass(server, 2, players=long)}")
    names = phone.evaluate(RACE_NAMES)
    assert [name["text"] for name in names] == list(long)
    shoot(phone, f"klaberjass-names-{scheme}-{width}", full_page=False)
    head = phone.locator("header.now").bounding_box()["height"]
    if width == 390:
        assert not any(name["cut"] for name in names), names
        assert head <= height / 4, head
    else:
        assert any(name["cut"] for name in names), names
        assert head <= height / 5, head
    who = phone.locator("header.now .who")
    expect(who).to_contain_text(f"{long[0]} deals · {long[1]} bids first")
    line = phone.evaluate(WHO_LINE)
    assert line["lines"] == 1 and line["right"] <= width, line
    assert all(shown >= 40 for shown in line["shown"]), line  # a name is never cut to nothing
    for name in long:  # the form below has each name whole
        expect(phone.get_by_role("radio", name=name, exact=True).first).to_be_visible()
    layout = overflow(phone)
    assert layout["scroll"] <= layout["client"] and not layout["wide"], layout
    assert all(name["right"] <= width for name in names), names
