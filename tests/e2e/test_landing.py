"""Issue 23, point 1: after every kind of entry the page shows its result just below the sticky
head — on the phone that sent it and on the phone that follows live — and at game over the
winner is in view on both; a refusal is in view and focused; without JavaScript the fragment
lands there too; and entries add no steps to *Back*.

Each game runs on three screens (:data:`tests.e2e.landing.SCREENS`: 320, 360 and 390 px,
light and dark, English and Swedish). Screenshots: ``artifacts/screenshots/landing-*``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.klaberjass_table import seed_klaberjass
from tests.e2e.landing import (
    GAP,
    SCREENS,
    assert_landed,
    choose,
    evaluated,
    seq_of,
    submit,
    wait_for_seq,
    where,
)
from tests.e2e.sviten_table import seed_sviten
from tests.e2e.table import seed_game, shoot
from tests.web.klaberjass.client import HANDS as KLABERJASS_HANDS


def two_phones(new_phone, screen: str, token: str):
    """Phone A at ``screen`` and phone B (a small phone) on the game, B scrolled down the sheet
    as a player reading it would be."""
    a = new_phone(**SCREENS[screen])
    b = new_phone(**{**SCREENS[screen], "viewport": {"width": 320, "height": 568}})
    for phone in (a, b):
        phone.goto(f"/g/{token}")
        phone.wait_for_load_state("load")
    return a, b


def write(a, b, what: str, act, *, selector: str = "#latest", screen: str = "") -> None:
    """``act`` on phone A writes one entry: both phones land on ``selector`` (the winner's
    line, inside its section's border and margins, a little lower)."""
    gap = 60 if selector == ".winner-line" else GAP
    seq = seq_of(a)
    for phone in (a, b):
        evaluated(phone, "() => window.scrollTo(0, document.body.scrollHeight / 2)")
    act()
    wait_for_seq(a, seq + 1)
    assert_landed(a, f"{what}, the phone that sent it", selector, gap)
    wait_for_seq(b, seq + 1)
    assert_landed(b, f"{what}, the phone that follows", selector, gap)
    if screen == "360-light-en":
        shoot(a, f"landing-{what}-{screen}", full_page=False)


def game_url(page) -> str:
    """The game's own page, from a page that answered one of its forms."""
    return re.match(r".*/g/[\w-]+", page.url).group(0)


def tricks(page, taken) -> None:
    for seat, n in enumerate(taken):
        page.locator(f'input[name="tricks_{seat}"]').fill(str(n))


@pytest.mark.parametrize("screen", SCREENS)
def test_every_bismarck_entry_lands_below_the_head_on_both_phones(screen, new_phone, server):
    a, b = two_phones(new_phone, screen, seed_game(server, 3))
    steps = a.evaluate("history.length")

    def announce():
        a.locator("label.contract:not(.used)").first.tap()
        submit(a, "announce")

    write(a, b, "announce", announce, selector=".announced", screen=screen)

    def redeal():
        a.locator("details.redeal summary").tap()
        submit(a, "redeal")

    write(a, b, "redeal", redeal, selector=".announced", screen=screen)

    def record():
        tricks(a, (6, 6, 4))
        submit(a, "record")

    write(a, b, "record", record, selector=".result", screen=screen)
    assert a.evaluate("history.length") == steps, "an entry added a step to Back"

    def undo():
        a.locator('section.history a.button[href$="/undo"]').tap()
        a.locator("form button.primary").tap()

    write(a, b, "undo", undo, screen=screen)
    assert "4" in a.locator("#latest").inner_text()  # what it took back: deal 4's tricks

    # Refused: the message at the top, in view and focused (a screen reader says it).
    tricks(a, (5, 5, 5))
    submit(a, "record")
    expect(a.locator("#latest [role=alert]")).to_be_visible()
    assert_landed(a, "refused")
    assert where(a, "#latest")["focused"], "the refusal is not focused"
    if screen == "360-light-en":
        shoot(a, f"landing-refused-{screen}", full_page=False)

    # A correction lands on its row, what changed said beside it.
    a.goto(game_url(a))
    a.locator('a[href$="/deal/2/correct"]').first.tap()
    tricks(a, (2, 6, 8))
    a.locator("form button.primary").tap()
    expect(a.locator("tr.note")).to_be_visible()
    assert_landed(a, "correction", "#r2")
    box = where(a, "tr.note")
    assert box["bottom"] <= box["height"], box


@pytest.mark.parametrize("screen", SCREENS)
def test_the_winner_is_in_view_on_both_phones_at_game_over(screen, new_phone, server):
    a, b = two_phones(new_phone, screen, seed_game(server, 11, announce_next=True))

    def last_deal():
        tricks(a, (6, 6, 4))
        submit(a, "record")

    write(a, b, "over", last_deal, selector=".winner-line", screen=screen)


@pytest.mark.parametrize("screen", SCREENS)
def test_a_beaten_entry_lands_on_what_the_other_phone_recorded(screen, new_phone, server):
    a, b = two_phones(new_phone, screen, seed_game(server, 2, announce_next=True))
    tricks(b, (5, 9, 2))  # B is typing: the live refresh leaves its page alone
    tricks(a, (4, 10, 2))
    submit(a, "record")
    wait_for_seq(a, 6)
    submit(b, "record")
    expect(b.locator("#latest .conflict")).to_be_visible()
    assert_landed(b, "conflict")
    assert where(b, "#latest")["focused"]


@pytest.mark.parametrize("screen", SCREENS)
def test_every_klaberjass_entry_lands_below_the_head(screen, new_phone, server):
    a, b = two_phones(new_phone, screen, seed_klaberjass(server, 8))

    def thrown_in():
        choose(a, "maker", "thrown")
        submit(a, "hand")

    write(a, b, "klaberjass-hand", thrown_in, selector=".result", screen=screen)

    def undo():
        a.locator('section.history a.button[href$="/undo"]').tap()
        a.locator("form button.primary").tap()

    write(a, b, "klaberjass-undo", undo, screen=screen)

    choose(a, "maker", "1")  # no trumps chosen: refused
    submit(a, "hand")
    expect(a.locator("#latest [role=alert]")).to_be_visible()
    assert_landed(a, "klaberjass refused")

    a.goto(game_url(a))
    hand = KLABERJASS_HANDS[8]  # Ben passes 500

    def last_hand():
        choose(a, "maker", "1")
        choose(a, "trump", hand["trump"])
        choose(a, "bella", "1")
        choose(a, "last_trick", "1")
        for seat, points in enumerate(hand["card_points"]):
            a.locator(f'input[name="card_points_{seat}"]').fill(str(points))
        submit(a, "hand")

    write(a, b, "klaberjass-over", last_hand, selector=".winner-line", screen=screen)


#: Sviten hands 2 and 3 of the shared example, as quick mode has them (hand 3 ends the match).
SVITEN_QUICK = [
    {
        "declarer": "0",
        "bid": "2",
        "trump": "diamonds",
        "tricks": (6, 7),
        "points": (35, 50),
        "melds": (5, 6),
    },
    {
        "declarer": "3",
        "bid": "3",
        "trump": "spades",
        "tricks": (9, 4),
        "points": (130, 70),
        "melds": (5, 3),
    },
]


def sviten_quick(page, hand) -> None:
    """Hand ``hand`` in quick mode: the bid, then each pair's tricks, meld points and melds."""
    choose(page, "entry", "quick")
    for name in ("declarer", "bid", "trump"):
        choose(page, name, hand[name])
    for pair in range(2):
        for name in ("tricks", "points", "melds"):
            page.locator(f'input[name="{name}_{pair}"]').fill(str(hand[name][pair]))
    page.locator("button[name=step][value=quick]").tap()


@pytest.mark.parametrize("screen", SCREENS)
def test_every_sviten_entry_lands_below_the_head(screen, new_phone, server):
    a, b = two_phones(new_phone, screen, seed_sviten(server, 1))
    sviten_quick(a, {**SVITEN_QUICK[0], "points": (35, 7)})  # 7 meld points: refused
    expect(a.locator("#latest [role=alert]")).to_be_visible()
    assert_landed(a, "sviten refused")

    a.goto(game_url(a))
    hand, last = SVITEN_QUICK
    write(a, b, "sviten-hand", lambda: sviten_quick(a, hand), selector=".result", screen=screen)
    write(
        a, b, "sviten-over", lambda: sviten_quick(a, last), selector=".winner-line", screen=screen
    )


@pytest.mark.parametrize("screen", ["320-dark-sv", "390-dark-en"])
def test_without_javascript_the_fragment_lands_below_the_head(screen, new_phone, server):
    """No script to measure the head: the stylesheet keeps 7rem above what the page lands on
    (app.css), which clears the head of a Bismarck game (three short lines) on these screens."""
    phone = new_phone(**SCREENS[screen], java_script_enabled=False)
    phone.goto(f"/g/{seed_game(server, 11, announce_next=True)}")
    tricks(phone, (5, 5, 5))
    submit(phone, "record")
    expect(phone.locator("#latest [role=alert]")).to_be_visible()
    assert_landed(phone, "refused, without JavaScript", gap=80)
    tricks(phone, (6, 6, 4))
    submit(phone, "record")
    expect(phone.locator(".over")).to_be_visible()
    assert_landed(phone, "game over, without JavaScript", ".winner-line", gap=120)
    shoot(phone, f"landing-over-no-js-{screen}", full_page=False)


@pytest.mark.parametrize("screen", SCREENS)
def test_a_refused_import_is_in_view_and_focused(screen, new_phone, server, tmp_path):
    """Point 5: the home page's import refused lands on its messages (they were at y 1,514),
    below the field they are about, focused for a screen reader to say them."""
    phone = new_phone(**SCREENS[screen])
    phone.goto("/")
    bad = tmp_path / "record.json"
    bad.write_text('{"format": "scorekeeper-record/1", "game": "bismarck"}')
    phone.locator('input[name="record"]').set_input_files(str(bad))
    phone.locator('form[action^="/import"] button').tap()
    expect(phone.locator("#record-error")).to_be_visible()
    box = where(phone, "#record-error")
    assert box["top"] >= 0 and box["bottom"] <= box["height"], box
    assert box["focused"], "the refusal is not focused"
    field = where(phone, 'input[name="record"]')
    assert field["top"] >= 0, field  # the field it is about is in view above it
    if screen == "360-light-en":
        shoot(phone, f"landing-import-refused-{screen}", full_page=False)
