"""Sviten Special at a phone-sized table: a whole match by tapping (the 52-card picker, the
proposed melds, quick mode), a hand without JavaScript, a correction, and every new page checked
by axe-core and for thumb-sized targets, light and dark."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.screens import RACE_NAMES, axe_report, layout_problems, overflow
from tests.e2e.sviten_table import SvitenPlayer, seed_sviten
from tests.e2e.table import shoot, stored_events
from tests.e2e.taps import Taps
from tests.web.sviten.client import HANDS, engine_state, pile


def test_a_whole_sviten_match_by_tapping(phone, server):
    player = SvitenPlayer(phone)
    player.start_game(first_dealer="Anna")
    expect(phone.locator("h1")).to_have_text("Hand 1")
    expect(phone.locator(".who")).to_contain_text("Anna deals · Ben bids first")
    expected = engine_state()

    # Hand 1, quick mode: the tricks steppers fill in the other pair's tricks.
    player.bid(HANDS[0])
    player.quick(HANDS[0])
    phone.get_by_role("button", name="Record hand 1").tap()
    expect(phone.locator(".result")).to_contain_text("Hand 1")
    expect(phone.locator(".result")).to_contain_text("Ben bid 1 NT · made")
    assert player.totals() == list(expected.hands[0].totals)

    # Hand 2: N–S's 24 cards tapped on the grid; the page counts them in tricks.
    expect(phone.locator("h1")).to_have_text("Hand 2")
    player.bid(HANDS[1])
    player.tap_cards(HANDS[1])
    expect(phone.locator("[data-count]")).to_have_text(
        "24 cards: 6 tricks · the others 28: 7 tricks"
    )
    expect(player.card("QS")).to_be_checked()
    shoot(phone, "sviten-picker-light", full_page=False)
    phone.get_by_role("button", name="Show the melds").tap()
    expect(phone.locator("h1")).to_have_text("Hand 2: the melds")
    expect(phone.get_by_text("5 melds · 35")).to_be_visible()
    expect(phone.get_by_text("6 melds · 50")).to_be_visible()
    assert stored_events(server, player.token) == 1  # a proposal writes nothing
    phone.get_by_role("button", name="Record hand 2").tap()
    expect(phone.locator(".result")).to_contain_text("Hand 2")
    expect(phone.locator(".result")).to_contain_text("Anna bid 2 ♦ · made")
    assert player.totals() == [58, 68]

    # Hand 3: E–W hold the whole spade suit and bid 3; the solver proposes three melds, and
    # the other arrangements are a tap away.
    player.bid(HANDS[2])
    player.tap_cards(HANDS[2])
    expect(phone.locator("[data-count]")).to_have_text(
        "16 cards: 4 tricks · the others 36: 9 tricks"
    )
    phone.get_by_role("button", name="Show the melds").tap()
    expect(phone.locator(".tradeoff")).to_have_text(
        "3 melds: 70 · 2 melds: 90 · 1 meld: 110 — bid 3 needs 3"
    )
    arrangement = phone.get_by_role("radio", name="3 melds · 70", exact=False)
    expect(arrangement).to_be_checked()
    shoot(phone, "sviten-proposal-light")
    phone.get_by_role("button", name="Record hand 3").tap()

    expect(phone.get_by_role("heading", name="Game over")).to_be_visible()
    expect(phone.locator(".winner-line")).to_have_text("E–W wins 142 to 197.")
    expect(phone.locator(".over")).to_contain_text("the declarers win")
    assert player.totals() == list(expected.totals) == [197, 142]
    expect(phone.get_by_role("progressbar", name="E–W Ben & Dan: 142 of 100")).to_be_visible()
    assert stored_events(server, player.token) == 3
    shoot(phone, "sviten-over-light")


def test_another_arrangement_and_typed_melds(phone, server):
    token = seed_sviten(server, 2)
    phone.goto(f"/g/{token}")
    player = SvitenPlayer(phone)
    player.bid(HANDS[2])
    player.tap_cards(HANDS[2])
    phone.get_by_role("button", name="Show the melds").tap()
    phone.get_by_role("radio", name="2 melds · 90", exact=False).tap()
    # A typo in typed melds: the message beside the text, the text kept.
    phone.get_by_text("Lay the melds differently").tap()
    phone.get_by_label("E–W's melds").fill("A♠ K♠ Q♠ · K♠ Q♠ J♠")
    phone.get_by_role("button", name="Record hand 3").tap()
    expect(phone.locator("#laid_1-error")).to_have_text("K♠ is in two melds")
    expect(phone.get_by_label("E–W's melds")).to_have_value("A♠ K♠ Q♠ · K♠ Q♠ J♠")
    expect(phone.get_by_role("radio", name="2 melds · 90", exact=False)).to_be_checked()
    # Back to the text as proposed: the arrangement chosen (2 melds, short of the bid) counts.
    phone.get_by_label("E–W's melds").fill("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ · 8♠ 9♠ 10♠ · J♠ Q♠ K♠")
    phone.get_by_role("button", name="Record hand 3").tap()
    expect(phone.locator(".result")).to_contain_text(
        "E–W −30 4 tricks + 90 (2 melds) · bid 3 not reached"
    )


def test_a_hand_without_javascript(new_phone, server):
    phone = new_phone(java_script_enabled=False)
    phone.goto(f"/g/{seed_sviten(server, 1)}")
    player = SvitenPlayer(phone)
    player.bid(HANDS[1])
    player.tap_cards(HANDS[1])
    expect(phone.locator("[data-count]")).to_have_text("")  # no counting without the script
    phone.get_by_role("button", name="Show the melds").tap()
    phone.get_by_role("button", name="Record hand 2").tap()
    expect(phone.locator(".result")).to_contain_text("N–S +41 6 tricks + 35 (5 melds)")


def test_a_mistake_is_shown_beside_the_grid_and_every_tap_stays(phone, server):
    token = seed_sviten(server, 0)
    phone.goto(f"/g/{token}")
    player = SvitenPlayer(phone)
    hand = {"declarer": 1, "bid": 2, "trump": "hearts", "captured": [None, pile(7, 22)]}
    player.bid(hand)
    player.tap_cards(hand)
    expect(phone.locator("[data-count]")).to_have_text("22 cards: not whole tricks")
    phone.get_by_role("button", name="Show the melds").tap()
    expect(phone.locator("#captured-error")).to_have_text(
        "E–W captured 22 cards: that is not a whole number of tricks"
    )
    for code in hand["captured"][1]:
        expect(player.card(code)).to_be_checked()
    expect(player.group("Trumps").get_by_role("radio", name="hearts")).to_be_checked()
    assert stored_events(server, token) == 0


def test_correcting_and_undoing_a_hand_on_the_phone(phone, server):
    token = seed_sviten(server, 2)
    phone.goto(f"/g/{token}")
    player = SvitenPlayer(phone)
    phone.locator("#log").get_by_role("link", name="Correct hand 2").tap()
    expect(phone.locator("h1")).to_have_text("Correct hand 2")
    expect(player.card("QS")).to_be_checked()
    player.group("Bid").get_by_role("radio", name="6", exact=True).tap()
    phone.get_by_role("button", name="Show the melds").tap()
    expect(phone.locator("h1")).to_have_text("Correct hand 2: the melds")
    phone.get_by_role("button", name="Save correction").tap()
    expect(phone.locator("tr.note")).to_contain_text("✓ Corrected: hand 2")
    assert player.totals() == [17 - 60, 68]
    phone.get_by_role("link", name=re.compile(r"^Undo: Corrected: hand 2")).tap()
    phone.get_by_role("button", name="Undo it").tap()
    expect(phone.locator(".history li.undone")).to_have_count(1)
    assert player.totals() == [58, 68]


# --- every new page: axe-core, thumb-sized targets, nothing wider than the phone -----------


def sviten_tour(phone, server):
    """The Sviten pages a player sees, yielding a short name on each."""
    player = SvitenPlayer(phone)
    phone.goto("/sviten/new")
    yield "sv-new"
    phone.get_by_role("button", name="Start the game").tap()
    expect(phone.locator(".error").first).to_be_visible()
    yield "sv-new-errors"
    phone.goto(f"/g/{seed_sviten(server, 2)}")
    yield "sv-hand"
    player.bid(HANDS[2])
    player.tap_cards(HANDS[2])
    phone.get_by_role("button", name="Show the melds").tap()
    expect(phone.locator("h1")).to_have_text("Hand 3: the melds")
    yield "sv-proposal"
    phone.get_by_text("Lay the melds differently").tap()
    phone.get_by_label("E–W's melds").fill("A♠ K♠ Q♠ · K♠ Q♠ J♠")
    phone.get_by_role("button", name="Record hand 3").tap()
    expect(phone.locator("#laid_1-error")).to_be_visible()
    yield "sv-proposal-errors"
    phone.get_by_role("button", name="Change the cards").tap()
    expect(player.card("AS")).to_be_checked()
    player.choose_quick_entry()
    phone.get_by_role("button", name="Record hand 3").tap()
    expect(phone.locator(".error").first).to_be_visible()
    yield "sv-hand-errors"
    phone.goto(f"/g/{seed_sviten(server, 3)}")
    phone.locator(".history summary").tap()
    yield "sv-over"
    phone.get_by_role("link", name="Correct hand 2").tap()
    expect(phone.locator("h1")).to_have_text("Correct hand 2")
    yield "sv-correct"
    phone.goto(f"/g/{seed_sviten(server, 0, jokers=True, hand_cap=12)}")
    expect(phone.locator("h1")).to_have_text("Hand 1 of 12")
    yield "sv-jokers"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_violations_on_the_sviten_pages(scheme, new_phone, server, axe):
    phone = new_phone(color_scheme=scheme)
    found = {}
    for name in sviten_tour(phone, server):
        bad = axe(phone, f"{name}-{scheme}")
        if bad:
            found[name] = bad
    assert not found, axe_report(found)


@pytest.mark.parametrize(
    ("scheme", "size"), [("light", (390, 844)), ("dark", (390, 844)), ("dark", (320, 568))]
)
def test_the_sviten_pages_fit_a_phone_with_thumb_sized_targets(scheme, size, new_phone, server):
    width, height = size
    phone = new_phone(color_scheme=scheme, viewport={"width": width, "height": height})
    problems = []
    for name in sviten_tour(phone, server):
        shoot(phone, f"{name}-{scheme}-{width}")
        problems += layout_problems(phone, name)
    assert not problems, "\n".join(problems)


# --- taps per hand ---------------------------------------------------------------------------

SCREENS = {"390-light": ("light", 390, 844), "320-dark": ("dark", 320, 568)}


@pytest.mark.parametrize("screen", SCREENS)
def test_taps_per_hand_typed_and_by_cards(screen, new_phone, server):
    """Quick entry: Quick entry (the form's first choice), declarer, bid, trumps, one pair's
    tricks (the other pair's fill themselves), both pairs' meld points and meld counts, Record:
    16 taps, every key a tap. By cards: declarer, bid, trumps, whose cards, one tap per card,
    Show the melds, Record: 6 + the cards (24 here: 30)."""
    scheme, width, height = SCREENS[screen]
    phone = new_phone(color_scheme=scheme, viewport={"width": width, "height": height})
    token = seed_sviten(server, 0)
    phone.goto(f"/g/{token}")
    player = SvitenPlayer(phone)
    counted = Taps()
    tap, type_in = counted.tap, counted.type_in

    hand = HANDS[0]  # Ben bids 1 NT; tricks 7–6, melds 10 (2) and 5 (1)
    tap(player.quick_entry())
    tap(player.group("Who won the bid?").get_by_role("radio", name="E Ben"))
    tap(player.group("Bid").get_by_role("radio", name="1", exact=True))
    tap(player.group("Trumps").get_by_role("radio", name="NT", exact=True))
    tricks = player.group("Tricks")
    type_in(tricks.get_by_role("spinbutton", name="N–S", exact=True), "7")
    expect(tricks.get_by_role("spinbutton", name="E–W", exact=True)).to_have_value("6")
    for pair, name in enumerate(("N–S", "E–W")):
        points = phone.get_by_role("spinbutton", name=f"{name}'s meld points")
        type_in(points, str(hand["meld_points"][pair]))
        count = phone.get_by_role("spinbutton", name=f"How many melds {name} laid")
        type_in(count, str(hand["meld_counts"][pair]))
    tap(phone.get_by_role("button", name="Record hand 1"))
    expect(phone.locator(".result")).to_contain_text("Ben bid 1 NT · made")
    assert counted.count == 16

    counted = Taps()
    tap, type_in = counted.tap, counted.type_in
    hand = HANDS[1]  # Anna bids 2 ♦; N–S's 24 cards
    tap(player.group("Who won the bid?").get_by_role("radio", name="N Anna"))
    tap(player.group("Bid").get_by_role("radio", name="2", exact=True))
    tap(player.group("Trumps").get_by_role("radio", name="diamonds", exact=True))
    tap(player.group("Captured cards").get_by_role("radio", name="N–S Anna & Carla"))
    for code in hand["captured"][0]:
        tap(phone.locator("label", has=player.card(code)))
    shoot(phone, f"sviten-cards-{screen}", full_page=False)
    tap(phone.get_by_role("button", name="Show the melds"))
    tap(phone.get_by_role("button", name="Record hand 2"))
    expect(phone.locator(".result")).to_contain_text("Anna bid 2 ♦ · made")
    assert counted.count == 6 + 24
    assert stored_events(server, token) == 2


@pytest.mark.parametrize(
    ("scheme", "width", "height"), [("light", 390, 844), ("dark", 390, 844), ("dark", 320, 568)]
)
def test_a_suit_is_one_tidy_block_and_the_head_stays_small(
    scheme, width, height, new_phone, server
):
    """Each suit: its symbol and A to 9 in one row, 8 to 2 in the next (not 7 + 6 wrapped);
    every card a thumb's width; a tapped red card keeps its red; the sticky head (whose deal,
    the race) takes at most a fifth of a 320 × 568 phone."""
    phone = new_phone(color_scheme=scheme, viewport={"width": width, "height": height})
    phone.goto(f"/g/{seed_sviten(server, 1)}")
    player = SvitenPlayer(phone)
    player.group("Captured cards").get_by_role("radio", name=re.compile("^N–S")).tap()
    for suit in "SHDC":
        cards = [phone.locator("label", has=player.card(rank + suit)) for rank in "AKQJ"]
        cards += [
            phone.locator("label", has=player.card(rank + suit))
            for rank in ("10", "9", "8", "7", "6", "5", "4", "3", "2")
        ]
        boxes = [card.bounding_box() for card in cards]
        assert all(b["width"] >= 44 and b["height"] >= 44 for b in boxes), (suit, boxes)
        rows = [round(b["y"]) for b in boxes]
        assert len(set(rows[:6])) == 1 and len(set(rows[6:])) == 1 and rows[6] > rows[0], suit
    heart = phone.locator("label", has=player.card("KH"))
    spade = phone.locator("label", has=player.card("KS"))
    heart.tap()
    expect(player.card("KH")).to_be_checked()
    red, black = (c.evaluate("e => getComputedStyle(e).color") for c in (heart, spade))
    assert red != black
    head = phone.locator("header.now").bounding_box()["height"]
    if width == 320:
        assert head <= 568 / 5, head  # 175 px (31 %) before
    layout = overflow(phone)
    assert layout["scroll"] <= layout["client"] and not layout["wide"], layout


#: Each pair in the head's race: its text, and whether any of it is cut short.
@pytest.mark.parametrize(
    ("scheme", "width", "height"),
    [("light", 390, 844), ("dark", 390, 844), ("light", 320, 568), ("dark", 320, 568)],
)
def test_the_pairs_names_show_in_full_in_the_head(scheme, width, height, new_phone, server):
    """N–S Anna & Bertil, E–W Carla & David: on a 390 px phone each pair's names show whole
    (a pair's names go under its label rather than be cut short: the head takes a line more,
    at most a quarter of the screen); on 320 px nothing is wider than the screen and the head
    still takes at most a fifth of it (the names cut short)."""
    phone = new_phone(color_scheme=scheme, viewport={"width": width, "height": height})
    phone.goto(f"/g/{seed_sviten(server, 2, players=('Anna', 'Carla', 'Bertil', 'David'))}")
    names = phone.evaluate(RACE_NAMES)
    assert [name["text"] for name in names] == ["N–S Anna & Bertil", "E–W Carla & David"]
    shoot(phone, f"sviten-pairs-{scheme}-{width}", full_page=False)
    expect(phone.get_by_role("progressbar", name="N–S Anna & Bertil: 58 of 100")).to_be_visible()
    head = phone.locator("header.now").bounding_box()["height"]
    if width == 390:
        assert not any(name["cut"] for name in names), names
        assert head <= 844 / 4, head
    else:
        assert head <= 568 / 5, head
    layout = overflow(phone)
    assert layout["scroll"] <= layout["client"] and not layout["wide"], layout
    assert all(name["right"] <= width for name in names), names
    # Longer names wrap, in the head and in the seats' buttons alike: still nothing too wide.
    long = ("Margareta", "Bartholomew-Fitzwilliam", "Bertil", "Christina")
    phone.goto(f"/g/{seed_sviten(server, 2, players=long)}")
    layout = overflow(phone)
    assert layout["scroll"] <= layout["client"] and not layout["wide"], layout
    if width == 390:
        assert not any(name["cut"] for name in phone.evaluate(RACE_NAMES))
