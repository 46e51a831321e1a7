"""A club evening at phone size: the organiser plans it (a refusal first, shown beside its
field with the input kept), starts round 1, and a table opens its game from the evening page
and plays a deal; the evening page then shows that table's deal and the standings, and the
projector view shows the same in large type. Every page: axe clean, nothing wider than the
screen, thumb-sized targets, light and dark. Screenshots go to artifacts/screenshots/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.data.db import db
from scorekeeper.evenings import store as evenings
from scorekeeper.table import store
from tests.e2e.evening_table import TWELVE, seed_evening
from tests.e2e.screens import axe_report, layout_problems, mid_word_breaks
from tests.e2e.table import Player, example_events, shoot

NINE = ["Anna", "Ben", "Carla", "Dan", "Eva", "Fred", "Gus", "Hanna", "Ida"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_an_organiser_plans_an_evening_and_a_table_plays(scheme, new_phone, axe):
    phone = new_phone(color_scheme=scheme)
    problems: list[str] = []
    violations = {}

    def look(name: str) -> None:
        shoot(phone, f"evening-{name}-{scheme}")
        problems.extend(layout_problems(phone, name))
        bad = axe(phone, f"evening-{name}-{scheme}")
        if bad:
            violations[name] = bad

    phone.goto("/")
    phone.get_by_role("link", name="Bismarck evening").tap()
    phone.get_by_role("textbox", name="Name of the evening").fill("Friday club")
    phone.get_by_role("textbox", name="Players, one name a line").fill("Anna\nBen")
    phone.get_by_role("spinbutton", name="Rounds", exact=True).fill("4")
    phone.get_by_role("button", name="Plan the evening").tap()
    error = phone.locator("#players-error")
    expect(error).to_contain_text("needs 3 players: there are only 2")
    expect(phone.get_by_role("textbox", name="Name of the evening")).to_have_value("Friday club")
    look("refused")

    phone.get_by_role("textbox", name="Players, one name a line").fill("\n".join(NINE))
    phone.get_by_role("radio", name=re.compile("^Classic 1949")).tap()
    look("new")
    phone.get_by_role("button", name="Plan the evening").tap()
    expect(phone).to_have_url(re.compile(r"/e/[\w-]+$"))
    expect(phone.locator("h1")).to_have_text("Friday club")
    evening_url = phone.url
    phone.get_by_role("button", name="Start round 1").tap()
    notice = phone.locator("#round-1 .notice")
    expect(notice).to_contain_text("Round 1 started")
    expect(notice).to_be_in_viewport()  # beside the round the page lands on
    look("started")

    # A table opens its game from the evening page and plays the first deal (classic: Trumf).
    round_1 = phone.locator("#round-1")
    round_1.get_by_role("link", name=re.compile("table 1")).tap()
    expect(phone).to_have_url(re.compile(r"/g/[\w-]+$"))
    table = Player(phone)
    forehand = table.forehand()
    table.announce("Trumf", "hearts", tap=False)
    expect(phone.get_by_role("button", name="Record tricks")).to_be_visible()
    # The tricks fields are labelled with the table's players in seat order.
    names = phone.locator(".tricks .stepper label").all_inner_texts()
    assert sorted(names) == sorted(set(names)) and set(names) <= set(NINE), names
    table.record([10 if name == forehand else 3 for name in names], names)
    table.expect_deal_recorded(1)

    phone.goto(evening_url)
    expect(round_1.locator(".state").first).to_contain_text("Deal 2")
    expect(phone.locator(".evening-standings tbody tr")).to_have_count(9)
    look("standings")

    phone.get_by_role("link", name="Projector view").tap()
    expect(phone.locator("main")).to_have_attribute("data-refresh", "15")
    pause = phone.get_by_role("button", name="Pause updates")
    pause.tap()
    expect(phone.get_by_role("button", name="Resume updates")).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(phone.locator(".evening-standings tbody tr")).to_have_count(9)
    look("screen")
    phone.set_viewport_size({"width": 1280, "height": 720})  # what a projector shows
    shoot(phone, f"evening-screen-projector-{scheme}", full_page=False)

    assert not violations, axe_report(violations)
    assert not problems, "\n".join(problems)


SIZES = {"390-light": ("light", 390, 844), "320-dark": ("dark", 320, 568)}


@pytest.mark.parametrize("size", SIZES)
def test_the_next_round_asks_first_while_tables_still_play(size, new_phone, server, axe):
    """Round 3 is at deal 6 at every table: beside *Start round 4* the page says so, and a tap
    on it alone starts nothing (the box *Start round 4 anyway* is required, no JavaScript
    needed); ticked, it starts. Once round 4 is over too, *Start round 5* is one tap."""
    scheme, width, height = SIZES[size]
    phone = new_phone(color_scheme=scheme, viewport={"width": width, "height": height})
    token = seed_evening(server, played=2, deals=5, rounds=5)
    phone.goto(f"/e/{token}#round-4")
    round_4 = phone.locator("#round-4")
    expect(round_4.locator(".playing")).to_have_text(
        "Round 3 is still being played at 4 of 4 tables."
    )
    box = round_4.get_by_role("checkbox", name="Start round 4 anyway")
    expect(box).to_have_attribute("aria-describedby", "anyway-error")
    round_4.locator(".playing").scroll_into_view_if_needed()
    shoot(phone, f"evening-start-anyway-{size}", full_page=False)
    problems = layout_problems(phone, "start anyway")
    bad = axe(phone, f"evening-start-anyway-{size}")

    round_4.get_by_role("button", name="Start round 4").tap()
    expect(phone).to_have_url(re.compile(rf"/e/{token}#round-4$"))  # the box stopped it
    assert started(server, token) == 3
    # A page whose box did not stop it (an old one, a crafted form): the server refuses it,
    # said beside the button, in view.
    box.evaluate("box => box.required = false")
    round_4.get_by_role("button", name="Start round 4").tap()
    error = phone.locator("#round-4 p.error")
    expect(error).to_have_text(
        "Round 3 is still being played at 4 of 4 tables. "
        "Tick “Start round 4 anyway” to start it all the same."
    )
    expect(error).to_be_in_viewport()
    shoot(phone, f"evening-start-refused-{size}", full_page=False)
    problems += layout_problems(phone, "start refused")
    assert started(server, token) == 3
    box.tap()
    expect(box).to_be_checked()
    round_4.get_by_role("button", name="Start round 4").tap()
    expect(phone.locator(".notice")).to_contain_text("Round 4 started")
    assert started(server, token) == 4

    play_round(server, token, 4)
    phone.goto(f"/e/{token}")  # (with only another #fragment, no new page is loaded)
    round_5 = phone.locator("#round-5")
    expect(round_5.locator(".playing")).to_have_count(0)
    expect(round_5.get_by_role("checkbox")).to_have_count(0)
    round_5.get_by_role("button", name="Start round 5").tap()
    expect(phone.locator(".notice")).to_contain_text("Round 5 started")
    assert started(server, token) == 5
    assert not bad, bad
    assert not problems, "\n".join(problems)


def started(server, token: str) -> int:
    return server.in_app(lambda: evenings.load_evening(db.session, token).started)


def play_round(server, token: str, number: int) -> None:
    """Every table of round ``number`` plays the worked example to its end (its tables were
    started with a random first dealer: each game's own dealer order is kept)."""

    def play() -> None:
        evening = evenings.load_evening(db.session, token)
        for table in evening.tables(number):
            game = table.game
            for event in example_events(12):
                game = store.append(db.session, game, event, game.seq)

    server.in_app(play)


#: Anything cut off: the page wider than the screen, or an element (scrolling boxes
#: included: nobody scrolls a projector) reaching past its right edge.
CUT_OFF = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('.sr')) continue;
    const box = el.getBoundingClientRect();
    if (box.width && (box.right > width + 0.5 || box.left < -0.5))
      wide.push(el.tagName.toLowerCase() + '.' + el.className + ' ' + Math.round(box.left)
        + '..' + Math.round(box.right));
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
      wide.push(el.tagName.toLowerCase() + '.' + el.className + ' scrolls: ' + el.scrollWidth
        + ' in ' + el.clientWidth);
  }
  return {scroll: document.documentElement.scrollWidth, inner: window.innerWidth, wide: wide};
}"""

SCREEN_SIZES = {
    "390-light": ("light", 390, 844),
    "390-dark": ("dark", 390, 844),
    "320-light": ("light", 320, 568),
    "320-dark": ("dark", 320, 568),
}


@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_the_projector_view_fits_a_phone(size, new_phone, server):
    """On a phone nothing of the projector view is cut off (the standings' five columns, a long
    name, the tables of the round in play), in either scheme."""
    scheme, width, height = SCREEN_SIZES[size]
    phone = new_phone(color_scheme=scheme, viewport={"width": width, "height": height})
    players = (*TWELVE[:-1], "Bartholomew-Fitzwilliam")
    phone.goto(f"/e/{seed_evening(server, players=players)}/screen")
    expect(phone.locator(".evening-standings tbody tr")).to_have_count(12)
    shoot(phone, f"evening-screen-{size}")
    layout = phone.evaluate(CUT_OFF)
    assert layout["scroll"] <= layout["inner"] and not layout["wide"], layout
    problems = layout_problems(phone, "screen")
    assert not problems, "\n".join(problems)
    # A long name wraps where a reader expects it to (after its hyphen), not inside a word.
    assert not mid_word_breaks(phone, ".evening-standings tbody th")


#: Long names, and an evening well under way: five rounds played, each player's games, wins
#: and average, Bismarck's four contracts, and the place after each of the five rounds.
LONG_NAMES = (*TWELVE[:-2], "Bartholomew-Fitzwilliam", "Maximiliane Oberhollenzer")
STATS_SIZES = {
    "320-dark": ("dark", 320, 568),
    "320-light": ("light", 320, 568),
    "360-light": ("light", 360, 740),
    "390-dark": ("dark", 390, 844),
}


@pytest.mark.parametrize("size", STATS_SIZES)
def test_the_statistics_read_on_a_phone_without_scrolling_sideways(size, new_phone, server, axe):
    """A player reads the evening's statistics on a phone as they are: every table of them fits
    the screen's width (its box does not scroll sideways), a long name breaks at its hyphen or
    space, every column is there, and axe finds nothing serious."""
    scheme, width, height = STATS_SIZES[size]
    phone = new_phone(color_scheme=scheme, viewport={"width": width, "height": height})
    phone.goto(f"/e/{seed_evening(server, players=LONG_NAMES, played=4, rounds=6)}")
    stats = phone.locator("section[aria-labelledby=stats-h]")
    for column in ("Games", "Wins", "Average score", "Spader", "Valfri", "Sang", "Pass"):
        expect(stats.get_by_role("columnheader", name=column, exact=True)).to_have_count(1)
    tables = stats.get_by_role("table")
    expect(tables.first.locator("tbody tr")).to_have_count(12)
    for name in LONG_NAMES:  # every player in every table
        expect(stats.get_by_role("rowheader", name=name, exact=True)).to_have_count(tables.count())
    stats.scroll_into_view_if_needed()
    shoot(phone, f"evening-statistics-{size}")
    boxes = stats.locator(".scroll").evaluate_all(
        "boxes => boxes.map(b => [b.getAttribute('aria-labelledby'), b.scrollWidth, b.clientWidth])"
    )
    wide = [box for box in boxes if box[1] > box[2]]
    assert not wide, f"scrolls sideways (box, scrollWidth, clientWidth): {wide}"
    # A long name breaks at its hyphen or space; only at 320 px is a 12-letter word wider than
    # what Bismarck's four contracts leave it, and breaks there as a last resort.
    names = ".scroll:not([aria-labelledby=details-h]) .evening-stats tbody th"
    assert not mid_word_breaks(phone, names if width < 360 else ".evening-stats tbody th")
    problems = layout_problems(phone, "evening")
    assert not problems, "\n".join(problems)
    bad = axe(phone, f"evening-statistics-{size}")
    assert not bad, axe_report({"evening": bad})


def test_a_name_longer_than_a_phones_line_still_fits(new_phone, server):
    """The last resort: a name of one word (30 letters, the most a name may have), wider than
    any column a 320 px phone can give it, breaks inside that word; nothing is cut off on the
    projector view, and the statistics still do not scroll sideways."""
    phone = new_phone(viewport={"width": 320, "height": 568})
    players = (*TWELVE[:-1], "Wolfeschlegelsteinhausenberger")
    token = seed_evening(server, players=players)
    phone.goto(f"/e/{token}/screen")
    layout = phone.evaluate(CUT_OFF)
    assert layout["scroll"] <= layout["inner"] and not layout["wide"], layout
    phone.goto(f"/e/{token}")
    phone.wait_for_load_state("load")
    boxes = phone.locator("section[aria-labelledby=stats-h] .scroll").evaluate_all(
        "boxes => boxes.map(b => [b.getAttribute('aria-labelledby'), b.scrollWidth, b.clientWidth])"
    )
    assert all(scroll <= client for _, scroll, client in boxes), boxes


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1920, 1080)])
def test_the_projector_view_reads_large_on_a_wide_screen(width, height, new_phone, server):
    """From across a room: on a projector the standings' type grows with the screen (at least
    1.5 % of its width: 29 px on a 1920 px screen), side by side with the round in play."""
    phone = new_phone(viewport={"width": width, "height": height}, is_mobile=False)
    phone.goto(f"/e/{seed_evening(server)}/screen")
    name = phone.locator(".evening-standings tbody th").first
    size = float(name.evaluate("e => getComputedStyle(e).fontSize").removesuffix("px"))
    assert size >= 0.015 * width, size
    standings, tables = (phone.locator(f"#{h}").locator("..") for h in ("standings-h", "round-h"))
    assert standings.bounding_box()["y"] == tables.bounding_box()["y"]  # side by side
    layout = phone.evaluate(CUT_OFF)
    assert layout["scroll"] <= layout["inner"] and not layout["wide"], layout


@pytest.mark.parametrize("size", STATS_SIZES)
def test_the_standings_read_on_a_phone_without_scrolling_sideways(size, new_phone, server):
    """On the evening page the standings' five columns fit a phone's width with long names
    (their box does not scroll sideways, so Wins is not hidden off the edge), and a long name
    breaks at its hyphen or space; only at 320 px is a 12-letter word wider than what the
    numbers leave it, and breaks there as a last resort."""
    scheme, width, height = STATS_SIZES[size]
    phone = new_phone(color_scheme=scheme, viewport={"width": width, "height": height})
    phone.goto(f"/e/{seed_evening(server, players=LONG_NAMES, played=4, rounds=6)}")
    standings = phone.locator(".scroll:has(> .evening-standings)")
    expect(standings.locator("tbody tr")).to_have_count(12)
    for column in ("Place", "Player", "Points", "Games", "Wins"):
        expect(standings.get_by_role("columnheader", name=column, exact=True)).to_have_count(1)
    standings.scroll_into_view_if_needed()
    shoot(phone, f"evening-standings-{size}")
    wide = standings.evaluate("box => box.scrollWidth - box.clientWidth")
    assert wide <= 0, f"the standings scroll sideways by {wide} px"
    if width >= 360:
        assert not mid_word_breaks(phone, ".evening-standings tbody th")
    problems = layout_problems(phone, "evening")
    assert not problems, "\n".join(problems)
