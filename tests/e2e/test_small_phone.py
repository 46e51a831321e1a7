"""Issue 37: at the table on a small phone. A deal is one screen a step at 320×568 and 360×740,
in English and in Swedish: a Sang or Spader deal in 5 taps, a Valfri deal in 6, and after each
tap the next control to tap is inside the viewport, below the sticky head (its bounding box, not
a screenshot); a refused sum is fixed in 3 more taps; with three names of 30 letters the head
is at most 96 px high at 320×568, and a tap shows the names it cuts short whole.

Taps are found by the forms' names and values, so that the same steps run in both languages.
Screenshots: ``artifacts/screenshots/small-phone-*``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.small_phone import SCREENS, button, pad
from tests.e2e.table import seed_game, shoot
from tests.e2e.taps import Taps
from tests.games.bismarck.examples import MODERN_GAME

#: Three names of the longest a name may be (30 characters).
LONGEST = (
    "Annabella Maria Konstantinopel",
    "Bartholomew Christopher Smithe",
    "Carla Fredrika Wilhelmina Rosa",
)

#: Where an element is against the sticky head and the viewport.
BOX = """(el) => {
  const head = document.querySelector('header.now').getBoundingClientRect(),
    box = el.getBoundingClientRect();
  return {top: box.top, bottom: box.bottom, head: head.bottom, height: innerHeight};
}"""


def assert_in_view(page, locator, what: str) -> None:
    """``locator`` is inside the viewport and not under the sticky head: a thumb can tap it
    without scrolling."""
    page.wait_for_load_state("load")
    expect(locator).to_be_visible()
    box = locator.evaluate(BOX)
    inside = box["head"] - 0.5 <= box["top"] and box["bottom"] <= box["height"] + 0.5
    assert inside, f"{what}: at {box['top']:.0f}..{box['bottom']:.0f}, {box}"


def choice(page, name: str, value: str):
    return page.locator(f'label:has(> input[name="{name}"][value="{value}"])')


def play(page, taps: Taps, contract: str, trump: str | None, tricks) -> None:
    """One deal, tap by tap, each next control checked in view before it is tapped: the
    contract (and trumps), Announce, two counts on the pad (the third fills itself), Record;
    then the next deal's contracts are in view."""
    steps = [(choice(page, "contract", contract), "the contract")]
    if trump:
        steps.append((choice(page, "trump", trump), "the trump suit"))
    steps.append((button(page, "announce"), "Announce"))
    for step, (what, control) in enumerate(steps):
        assert_in_view(page, what, control)
        taps.tap(what)
        if step == len(steps) - 1:
            expect(button(page, "record")).to_be_attached()
    for n in tricks[:2]:
        assert_in_view(page, pad(page, n), f"the pad's {n}")
        taps.tap(pad(page, n))
    expect(page.locator('input[name="tricks_2"]')).to_have_value(str(tricks[2]))
    assert_in_view(page, button(page, "record"), "Record tricks")
    taps.tap(button(page, "record"))
    expect(page.locator(".result")).to_be_attached()


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize(
    ("deal", "taps"), [(8, 5), (5, 5), (9, 6)], ids=["sang", "spader", "valfri"]
)
def test_a_deal_is_one_screen_a_step(deal, taps, screen, new_phone, server):
    phone = new_phone(**SCREENS[screen])
    contract, trump, tricks = MODERN_GAME[deal - 1]
    phone.goto(f"/g/{seed_game(server, deal - 1, players=LONGEST)}#latest")  # as after Record
    counted = Taps()
    play(phone, counted, contract, trump, tricks)
    assert counted.count == taps
    first_contract = phone.locator(".contracts label:not(.used)").first
    assert_in_view(phone, first_contract, "the next deal's contracts")
    shoot(phone, f"small-phone-{contract}-{screen}", full_page=False)


@pytest.mark.parametrize("screen", SCREENS)
def test_a_refused_sum_is_fixed_in_three_taps(screen, new_phone, server, axe):
    """9 and 8 on the pad leave the third empty (16 − 17); 8 there makes 25, refused. The pad
    starts again at the first player and the third fills itself: two counts and Record."""
    phone = new_phone(**SCREENS[screen])
    phone.goto(f"/g/{seed_game(server, 4, announce_next=True, players=LONGEST)}#latest")
    for n in (9, 8, 8):
        pad(phone, n).tap()
    button(phone, "record").tap()
    refusal = phone.locator(".tricks .error")
    expect(refusal).to_contain_text("25")
    counts = phone.locator("fieldset.tricks")
    expect(counts).to_be_focused()  # a screen reader says its legend, then the refusal
    expect(counts).to_have_attribute("aria-describedby", refusal.get_attribute("id"))
    expect(phone.locator(".conflict")).to_have_count(0)  # said once, beside the counts
    assert_in_view(phone, refusal, "the refusal")
    shoot(phone, f"small-phone-refused-{screen}", full_page=False)
    assert axe(phone, f"small-phone-refused-{screen}") == []
    counted = Taps()
    for n in (4, 3):
        assert_in_view(phone, pad(phone, n), f"the pad's {n}")
        counted.tap(pad(phone, n))
    expect(phone.locator('input[name="tricks_2"]')).to_have_value("9")
    assert_in_view(phone, button(phone, "record"), "Record tricks")
    counted.tap(button(phone, "record"))
    expect(phone.locator(".result")).to_contain_text("5:")
    assert counted.count == 3


HEAD = """() => {
  const head = document.querySelector('header.now');
  return {height: head.getBoundingClientRect().height,
          cut: [...head.querySelectorAll('.tot span[title], .who span[title]')].filter(
            s => s.scrollWidth > s.clientWidth + 0.5).map(s => s.title)};
}"""


@pytest.mark.parametrize("screen", SCREENS)
def test_the_head_keeps_to_96_px_with_the_longest_names(screen, new_phone, server, axe):
    phone = new_phone(**SCREENS[screen])
    phone.goto(f"/g/{seed_game(server, 4, players=LONGEST)}")
    phone.wait_for_load_state("load")
    head = phone.evaluate(HEAD)
    assert head["height"] <= 96, head
    assert set(head["cut"]) == set(LONGEST), head  # cut short, each with its full name
    phone.locator("header.now .tot").tap()  # the full names, on tap
    whole = phone.evaluate(HEAD)
    assert whole["cut"] == [], whole
    for name in LONGEST:
        expect(phone.locator("header.now .tot")).to_contain_text(name)
    shoot(phone, f"small-phone-head-whole-{screen}", full_page=False)
    assert axe(phone, f"small-phone-head-whole-{screen}") == []
    phone.locator(".contracts legend").tap()  # a tap elsewhere cuts them short again
    assert phone.evaluate(HEAD)["height"] <= 96


@pytest.mark.parametrize("screen", SCREENS)
def test_deal_one_puts_the_form_first_and_the_code_a_tap_away(screen, new_phone, server):
    """The phone that started the game: the contracts and Announce on the first screen, the
    QR code a tap away (Join). A phone that came by the game's link (an evening's page, a
    table card): the code first, for the others at its table."""
    phone = new_phone(**SCREENS[screen])
    phone.goto("/bismarck/new")
    for seat, name in enumerate(LONGEST):
        phone.locator(f'input[name="player_{seat}"]').fill(name)
    choice(phone, "first_dealer", "0").tap()
    phone.locator("form button.primary").tap()
    expect(phone.locator(".contracts")).to_be_visible()
    contract = choice(phone, "contract", "valfri")
    assert_in_view(phone, contract, "the contract")
    contract.tap()
    assert_in_view(phone, choice(phone, "trump", "hearts"), "the trump suit")
    assert_in_view(phone, button(phone, "announce"), "Announce")
    shoot(phone, f"small-phone-deal-1-{screen}", full_page=False)
    link = phone.locator(".tools a[href$='/join']")
    assert_in_view(phone, link, "Join")
    link.tap()
    expect(phone.locator(".share svg.qr")).to_be_in_viewport()
    other = new_phone(**SCREENS[screen])
    other.goto(phone.url.removesuffix("/join"))
    expect(other.locator(".share svg.qr")).to_be_in_viewport()
