"""The free game at a phone-sized table (issue 38): a "Chicago" to 52 on two phones, six deals
with a correction and an undo, its totals, winner and PDF sheet as worked by hand; a lowest-wins
game of two teams over after 5 deals; a zero-sum deal refused with the difference and the last
number filled in; every page checked by axe-core and for thumb-sized targets, light and dark."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.free_table import EIGHT, LONG_GAME, SIX_DEALS, SIX_TOTALS, FreePlayer, seed_free
from tests.e2e.screens import axe_report, layout_problems
from tests.e2e.table import shoot, stored_events
from tests.printing.pdfs import Pdf, one_line
from tests.web.free.client import PLAYERS


def by_name(points) -> dict[str, int]:
    return dict(zip(PLAYERS, points, strict=True))


def test_a_chicago_to_52_on_two_phones_with_a_correction_and_an_undo(new_phone, server):
    a = FreePlayer(new_phone())
    a.start_game(name="Chicago", target="52")
    expect(a.page.locator("h1")).to_have_text("Deal 1")
    expect(a.page.locator(".who")).to_contain_text("Anna deals")
    expect(a.page.locator(".who")).to_contain_text("Chicago · highest wins · to 52")
    b = FreePlayer(new_phone())
    b.page.goto(f"/g/{a.token}")
    expect(b.page).to_have_title("Chicago · Anna, Ben, Carla, Dan · Scorekeeper")

    # Deal 1 on phone A: phone B follows without a reload.
    a.record(1, by_name(SIX_DEALS[0]))
    expect(b.page.locator("h1")).to_have_text("Deal 2", timeout=8_000)
    b.record(2, by_name(SIX_DEALS[1]))
    # Deal 3 typed wrong on phone A (Carla 21, not 12), corrected on phone B.
    expect(a.page.locator("h1")).to_have_text("Deal 3", timeout=8_000)
    a.record(3, by_name([15, 0, 21, 0]))
    expect(b.page.locator("h1")).to_have_text("Deal 4", timeout=8_000)
    b.page.get_by_role("link", name="Correct deal 3").first.tap()
    expect(b.page.locator("h1")).to_have_text("Correct deal 3")
    b.points("Carla").fill("12")
    b.page.get_by_role("button", name="Save correction").tap()
    expect(b.page.locator("tr.note")).to_contain_text(
        "corrected: points +15 / 0 / +21 / 0 → +15 / 0 / +12 / 0"
    )
    assert b.totals() == by_name(SIX_TOTALS[2])
    # Deal 4 on phone A; a wrong deal 5 on phone B, taken back with Undo and typed again.
    expect(a.page.locator(".tot")).to_contain_text("Carla +17", timeout=8_000)
    a.record(4, by_name(SIX_DEALS[3]))
    expect(b.page.locator("h1")).to_have_text("Deal 5", timeout=8_000)
    b.record(5, by_name([12, 0, 0, 50]))
    b.page.locator(".result").get_by_role("link", name="Undo").tap()
    b.page.get_by_role("button", name="Undo it").tap()
    expect(b.page.locator(".notice")).to_contain_text(
        "Taken back: Deal 5: points +12 / 0 / 0 / +50"
    )
    b.record(5, by_name(SIX_DEALS[4]))
    assert b.totals() == by_name(SIX_TOTALS[4])
    expect(a.page.locator("h1")).to_have_text("Deal 6", timeout=8_000)
    a.record(6, by_name(SIX_DEALS[5]))

    for phone in (a, b):
        expect(phone.page.get_by_role("heading", name="Game over")).to_be_visible(timeout=8_000)
        expect(phone.page.locator(".winner-line")).to_have_text("Ben wins with +53.")
        assert phone.totals() == by_name(SIX_TOTALS[5])
    shoot(a.page, "free-over-light")
    # 6 deals, a correction, a wrong deal and its undo
    assert stored_events(server, a.token) == 9

    # The PDF sheet says the same as the hand-worked table.
    sheet = a.page.request.get(f"/g/{a.token}/sheet.pdf")
    assert sheet.ok and sheet.headers["content-type"] == "application/pdf"
    pdf = Pdf(sheet.body())
    assert "Chicago score sheet" in one_line(pdf.text) and "Ben wins with +53." in pdf.text
    for number, (points, totals) in enumerate(zip(SIX_DEALS, SIX_TOTALS, strict=True), 1):
        dealer = PLAYERS[(number - 1) % 4]
        cells = [
            f"{p:+d}".replace("+0", "0").replace("-", "−")
            for pair in zip(points, totals, strict=True)
            for p in pair
        ]
        assert pdf.has_run(str(number), dealer, *cells), number


def test_a_lowest_wins_game_of_two_teams_ends_after_five_deals(phone, server):
    player = FreePlayer(phone)
    player.start_game(first_dealer="Ben", wins="The lowest total", deals="5", teams="2")
    expect(phone.locator("h1")).to_have_text("Deal 1 of 5")
    teams = ("Anna & Carla", "Ben & Dan")
    # Negative points through the ± button (a phone's number keys may have no minus).
    deals = ([10, -4], [3, 9], [0, 6], [-7, 7], [2, 0])
    for number, points in enumerate(deals, 1):
        player.record(number, dict(zip(teams, points, strict=True)))
        if number < 5:
            expect(phone.locator("h1")).to_have_text(f"Deal {number + 1} of 5")
    expect(phone.get_by_role("heading", name="Game over")).to_be_visible()
    assert player.totals() == {"Anna & Carla": 8, "Ben & Dan": 18}
    expect(phone.locator(".winner-line")).to_have_text("Anna & Carla wins with +8.")
    expect(phone.locator("table.log tbody tr")).to_have_count(5)
    shoot(phone, "free-teams-over-light")


def test_a_zero_sum_deal_that_does_not_add_up_is_refused_with_the_difference(phone, server):
    player = FreePlayer(phone)
    player.start_game(("Anna", "Ben", "Carla"), zero_sum=True)
    player.enter({"Anna": 5, "Ben": -3, "Carla": 1})
    phone.get_by_role("button", name="Record deal 1").tap()
    refusal = "The points add up to +3: in this game every deal adds up to 0."
    expect(phone.locator("fieldset.points .error")).to_have_text(refusal)
    expect(player.points("Carla")).to_have_value("1")  # what was typed is kept
    assert stored_events(server, player.token) == 0
    # Left empty, the last number is what makes the deal add up to 0: shown, then filled in.
    player.points("Carla").fill("")
    expect(player.points("Carla")).to_have_attribute("placeholder", "-2")
    phone.get_by_role("button", name="Record deal 1").tap()
    expect(phone.locator("h1")).to_have_text("Deal 2")
    assert player.totals() == {"Anna": 5, "Ben": -3, "Carla": -2}


# --- every page: axe-core, thumb-sized targets, nothing wider than the phone -----------------


def free_tour(phone, server):
    """The free game's pages a player sees, yielding a short name on each."""
    player = FreePlayer(phone)
    phone.goto("/free/new")
    yield "free-new"
    phone.get_by_role("button", name="Start the game").tap()
    expect(phone.locator(".error").first).to_be_visible()
    yield "free-new-errors"
    phone.goto(f"/g/{seed_free(server, 3)}")
    yield "free-deal"
    player.enter({"Anna": 3, "Ben": None})
    phone.get_by_role("button", name="Record deal 4").tap()
    expect(phone.locator(".error").first).to_be_visible()
    yield "free-deal-errors"
    phone.goto(f"/g/{seed_free(server, 6)}")
    phone.locator(".history summary").tap()
    yield "free-over"
    phone.get_by_role("link", name="Correct deal 5").tap()
    expect(phone.locator("h1")).to_have_text("Correct deal 5")
    yield "free-correct"
    phone.goto(f"/g/{seed_free(server, LONG_GAME, players=EIGHT, target=None)}")
    yield "free-eight"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_violations_on_the_free_games_pages(
    scheme, new_phone, server, axe
):
    phone = new_phone(color_scheme=scheme)
    found = {}
    for name in free_tour(phone, server):
        bad = axe(phone, f"{name}-{scheme}")
        if bad:
            found[name] = bad
    assert not found, axe_report(found)


@pytest.mark.parametrize(
    ("scheme", "size"), [("light", (390, 844)), ("dark", (390, 844)), ("dark", (320, 568))]
)
def test_the_free_games_pages_fit_a_phone_with_thumb_sized_targets(scheme, size, new_phone, server):
    width, height = size
    phone = new_phone(color_scheme=scheme, viewport={"width": width, "height": height})
    problems = []
    for name in free_tour(phone, server):
        shoot(phone, f"{name}-{scheme}-{width}")
        problems += layout_problems(phone, name)
    assert not problems, "\n".join(problems)


def test_a_new_games_page_loads_in_as_many_requests_as_the_other_games(new_phone, server):
    """HTML, the game's stylesheet and script (one bundle each) and the icon: a new free game's
    page fetches no more than a new Klaberjass game's."""
    from tests.e2e.klaberjass_table import seed_klaberjass

    def fetched(token: str) -> list[str]:
        phone = new_phone()
        found: list[str] = []
        phone.on("requestfinished", lambda request: found.append(request.url))
        phone.goto(f"/g/{token}", wait_until="load")
        phone.wait_for_timeout(300)
        return sorted(url.split("?")[0].rsplit("/", 1)[-1] for url in found if "/seq" not in url)

    free_page, klaberjass_page = fetched(seed_free(server, 0)), fetched(seed_klaberjass(server, 0))
    assert len(free_page) == len(klaberjass_page) <= 4, (free_page, klaberjass_page)
    assert "free.css" in free_page and "free.js" in free_page


def test_a_long_dealers_name_keeps_the_head_to_one_line(new_phone, server):
    """The head's line of who deals stays one line at 320 and 360 px: a dealer of 30 letters
    fits it whole or is cut short there (an ellipsis), the full name its title."""
    from tests.e2e.long_names import LONG, NAMES_IN_HEAD

    # deal 2: the long name deals
    token = seed_free(server, [[3, 1, 0]], players=("Carla", LONG, "Anna"))
    phone = new_phone()
    for width in (320, 360):
        phone.set_viewport_size({"width": width, "height": 740})
        phone.goto(f"/g/{token}")
        phone.wait_for_load_state("load")
        head = phone.evaluate(NAMES_IN_HEAD)
        (name,) = head["names"]
        assert name["text"] == name["title"] == LONG, head
        assert name["got"] <= name["needs"], head  # whole, or cut short where it ends
        assert head["height"] <= 1.5 * head["line"], head
