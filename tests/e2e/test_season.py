"""A season played as a club plays it, at phone size: a club of nine members, three evenings of
Bismarck (one member missing the second, one new member joining at it, two entries of one
person merged after the first), a correction in the first evening's game, the season table under
each of the three rules checked against sums worked out here from the totals the tables' phones
show, ratings checked against openskill called directly, a player's page, the season table
printed (its rows in the PDF as on the page), and the club record's round trip: downloaded by the
organiser and imported as a new club, whose season tables and ratings are the same cell for
cell.

The organiser's steps are taps; the tables' deals go in through the store, as the tables' phones
would have sent them (the deal-by-deal entry has browser tests of its own), and one correction is
tapped in on the first evening's game."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Mapping, Sequence
from fractions import Fraction

from openskill.models import PlackettLuce
from playwright.sync_api import Page, expect

from scorekeeper.data.db import db
from scorekeeper.evenings import store as evening_store
from scorekeeper.table import store
from tests.e2e.live import LiveServer
from tests.e2e.screens import layout_problems
from tests.e2e.table import Player, shoot
from tests.games.bismarck.examples import MODERN_GAME, events_for

SMALL_PHONE = {"viewport": {"width": 360, "height": 740}}
PIN = "270914"
REGISTER = ("Anna", "Anna S.", "Ben", "Carla", "Dag", "Eva", "Fred", "Gun", "Hans")
EVENINGS = {
    "Vecka 1": ("Anna S.", "Ben", "Carla", "Dag", "Eva", "Fred"),
    "Vecka 2": ("Anna", "Ben", "Carla", "Dag", "Eva", "Ivar"),  # Fred away; Ivar is new
    "Vecka 3": ("Anna", "Ben", "Carla", "Dag", "Eva", "Fred", "Gun", "Hans", "Ivar"),
}
#: Who a name at an evening is in the season: Anna S. was Anna all along.
PERSON = {"Anna S.": "Anna"}


def play_every_table(server: LiveServer, evening: str, shift: int) -> list[str]:
    """Every table of the evening's round 1 plays the worked example's twelve deals, each table's
    trick counts turned by a seat more (so the tables do not all end alike); the games' tokens,
    table by table."""

    def play() -> list[str]:
        loaded = evening_store.load_evening(db.session, evening)
        tokens = []
        for (_round, number), game in sorted(loaded.games.items()):
            turn = (shift + number) % 3
            deals = [(c, t, tricks[turn:] + tricks[:turn]) for c, t, tricks in MODERN_GAME]
            for seq, event in enumerate(events_for(deals)):
                game = store.append(db.session, game, event, seq)
            tokens.append(game.token)
        return tokens

    return server.in_app(play)


def table_totals(phone: Page, tokens: Sequence[str]) -> list[dict[str, int]]:
    """Each table's final totals, as its phones show them."""
    tables = []
    for token in tokens:
        phone.goto(f"/g/{token}")
        tables.append(Player(phone).totals())
    return tables


def places(points: Mapping[str, Fraction]) -> dict[str, int]:
    """Places on points, shared when equal (1, 1, 3)."""
    return {name: 1 + sum(p > mine for p in points.values()) for name, mine in points.items()}


def written(value: Fraction) -> str:
    """Points as the season table writes them (a half in decimals too: 1.5)."""
    sign = "−" if value < 0 else ""
    whole, rest = divmod(abs(value), 1)
    if rest == 0:
        return f"{sign}{whole}"
    return f"{sign}{float(abs(value)):.2f}".rstrip("0")


def season_rows(phone: Page) -> dict[str, tuple[str, str]]:
    """The season table's rows as shown: member → (place, points)."""
    rows = phone.locator("table.season").first.locator("tbody tr")
    shown = {}
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td").all_inner_texts()
        name = rows.nth(i).locator("th a").inner_text().strip()
        shown[name] = (cells[0].strip(), cells[-1].strip())
    return shown


def expected_rows(
    results: Sequence[Mapping[str, Fraction]], rule: str, n: int = 0, absence: str = "none"
):
    """The season table worked out here: for each member, the points counted by ``rule`` over
    the evenings in order (``results``: each evening's points by person), then places."""
    members = {name for evening in results for name in evening}
    totals: dict[str, Fraction] = {}
    unranked = set()
    for name in members:
        first = next(i for i, e in enumerate(results) if name in e)
        played = [e[name] for e in results if name in e]
        counted = list(played)
        for i, evening in enumerate(results):
            if name not in evening and i > first and absence == "lowest":
                counted.append(min(evening.values()))
        if rule == "total":
            totals[name] = sum(counted, Fraction(0))
        elif rule == "best":
            totals[name] = sum(sorted(counted, reverse=True)[:n], Fraction(0))
        else:
            totals[name] = sum(counted, Fraction(0)) / len(counted)
            if len(played) < n:
                unranked.add(name)
    ranked = {name: p for name, p in totals.items() if name not in unranked}
    placed = places(ranked)
    shared = {place for place in placed.values() if list(placed.values()).count(place) > 1}
    rows = {
        name: (("=" if placed[name] in shared else "") + str(placed[name]), written(p))
        for name, p in ranked.items()
    }
    rows.update({name: ("–", written(totals[name])) for name in unranked})
    return rows


def expected_ratings(games: Sequence[Mapping[str, int]]) -> dict[str, int]:
    """Each person's shown rating after ``games`` (final totals by person, in the order they
    were played), from openskill's Plackett–Luce model called directly: 1000 + 40 × ordinal."""
    model = PlackettLuce()
    now: dict[str, object] = {}
    for totals in games:
        names = list(totals)
        teams = [[now.get(name) or model.rating()] for name in names]
        ranks = [1 + sum(t > totals[name] for t in totals.values()) for name in names]
        for name, (rating,) in zip(names, model.rate(teams, ranks=ranks), strict=True):
            now[name] = rating
    return {name: round(1000 + 40 * r.ordinal()) for name, r in now.items()}  # type: ignore[attr-defined]


RULES = (
    ("", "total", 0, "none"),
    ("?rule=total&absence=lowest", "total", 0, "lowest"),
    ("?rule=best&n=2&absence=none", "best", 2, "none"),
    ("?rule=average&n=2&absence=none", "average", 2, "none"),
)


def derived_tables(phone: Page, club_url: str) -> list[str]:
    """What the club's season pages derive from its games: the season table under each rule
    and the ratings, as their text."""
    tables = []
    for query, *_rule in RULES:
        phone.goto(club_url + "/season" + query)
        tables.append(phone.locator("table.season").first.inner_text())
    tables.append(phone.locator("#ratings + .scroll table").inner_text())
    return tables


def pdf_text(data: bytes) -> str:
    done = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True
    )
    return done.stdout.decode()


def test_a_season_of_three_evenings(new_phone, server):
    phone = new_phone(**SMALL_PHONE)
    problems: list[str] = []

    def look(name: str) -> None:
        shoot(phone, f"season-{name}")
        problems.extend(layout_problems(phone, name))

    phone.goto("/club/new")
    phone.get_by_role("textbox", name="Name of the club").fill("Torsdagsklubben")
    phone.get_by_role("checkbox", name="Bismarck").check()
    phone.get_by_label("Organiser PIN").fill(PIN)
    phone.get_by_label("The PIN again").fill(PIN)
    phone.get_by_role("button", name="Make the club").tap()
    expect(phone).to_have_url(re.compile(r"/c/[\w-]+$"))
    club_url = phone.url
    phone.get_by_role("link", name="Manage the members").tap()
    for name in REGISTER:
        phone.get_by_role("textbox", name="Name").fill(name)
        phone.get_by_role("button", name="Add the member").tap()
        expect(phone.locator(".notice")).to_contain_text(f"{name} is a member now.")

    #: Each evening's games' final totals by person, table by table, in the order played.
    evenings: list[list[dict[str, int]]] = []
    first_tokens: list[str] = []
    for number, (title, players) in enumerate(EVENINGS.items()):
        if number == 1:
            # After the first evening the club sees that Anna S. is Anna: one entry.
            phone.goto(club_url)
            phone.get_by_role("link", name="Manage the members").tap()
            phone.get_by_text("Merge two entries that are one person").tap()
            phone.get_by_label("Keep").select_option(label="Anna")
            phone.get_by_label("Merge into it").select_option(label="Anna S.")
            phone.get_by_role("button", name="Merge", exact=True).tap()
            expect(phone.locator(".notice")).to_contain_text("Anna S. is Anna now.")
        phone.goto(club_url)
        phone.get_by_role("link", name="New evening of the club").tap()
        phone.get_by_role("textbox", name="Name of the evening").fill(title)
        for name in players:
            if name == "Ivar" and number == 1:
                phone.get_by_role("textbox", name="New members, one name a line").fill("Ivar")
            else:
                phone.get_by_role("checkbox", name=name, exact=True).check()
        phone.get_by_role("spinbutton", name="Rounds", exact=True).fill("1")
        phone.get_by_role("button", name="Plan the evening").tap()
        expect(phone).to_have_url(re.compile(r"/e/[\w-]+$"))
        evening_token = phone.url.rsplit("/", 1)[1]
        phone.get_by_role("button", name="Start round 1").tap()
        expect(phone.locator("#round-1 .notice")).to_contain_text("Round 1 started")
        tokens = play_every_table(server, evening_token, number)
        if number == 0:
            first_tokens = tokens
        evenings.append(
            [
                {PERSON.get(name, name): points for name, points in totals.items()}
                for totals in table_totals(phone, tokens)
            ]
        )

    # A correction in the first evening's first game, tapped in after the season went on.
    phone.goto(f"/g/{first_tokens[0]}")
    table = Player(phone)
    seats = list(table.totals())
    phone.get_by_role("link", name="Correct deal 3").tap()
    phone.locator(".tricks").first.wait_for()
    table.contract_button("spader").tap()
    tricks = MODERN_GAME[2][2]  # deal 3, turned as the first evening's table 1 played it
    before = tricks[1:] + tricks[:1]
    table.tricks_field(seats[0]).fill(str(before[2]))
    table.tricks_field(seats[2]).fill(str(before[0]))
    phone.get_by_role("button", name="Save correction").tap()
    expect(phone.locator("tr.note")).to_contain_text("Deal 3: corrected")
    corrected = {PERSON.get(name, name): points for name, points in table.totals().items()}
    assert corrected != evenings[0][0]
    evenings[0][0] = corrected

    # The evenings' points by person: one round, so each member's game total.
    results = [
        {name: Fraction(points) for totals in games for name, points in totals.items()}
        for games in evenings
    ]

    season_url = club_url + "/season"
    for query, rule, n, absence in RULES:
        phone.goto(season_url + query)
        assert season_rows(phone) == expected_rows(results, rule, n, absence), query
        look(rule + ("-lowest" if absence == "lowest" else ""))

    # Ratings: every finished game in the order they were played, openskill called directly.
    phone.goto(season_url)
    ratings = phone.locator("#ratings + .scroll tbody tr")
    shown = {
        ratings.nth(i).locator("th").inner_text(): int(
            ratings.nth(i).locator("td").first.inner_text().split()[0]
        )
        for i in range(ratings.count())
    }
    assert shown == expected_ratings([totals for games in evenings for totals in games])
    # Winners go up, losers down: the best rating is above the start (1000), the worst below.
    assert shown[max(shown, key=shown.get)] > 1000 > shown[min(shown, key=shown.get)]

    # A player's page from the season table: Fred played two of the three evenings.
    phone.get_by_role("link", name="Fred", exact=True).tap()
    expect(phone.locator("h1")).to_contain_text("Fred")
    look("player")
    expect(phone.locator("main")).to_contain_text("Games2")
    # Its Bismarck statistics (a row per contract Fred declared, and declaring or not), its
    # games by their evening's name, and its rating's history by evening, round and table.
    expect(phone.locator("#stats-bismarck")).to_have_text("Bismarck")
    expect(phone.get_by_role("row", name="As declarer")).to_be_visible()
    games = phone.get_by_role("link", name=re.compile(r"^Vecka \d, \d{4}"))
    expect(games).to_have_count(2)
    steps = phone.get_by_role("link", name=re.compile(r"^Vecka \d, round 1, table \d$"))
    expect(steps).to_have_count(2)

    # The last evening's standings lead to each player's page too.
    phone.goto(f"/e/{evening_token}")
    look("evening")
    phone.locator(".evening-standings").get_by_role("link", name="Fred", exact=True).tap()
    expect(phone.locator("h1")).to_contain_text("Fred")

    # The season table printed, best 2 of 3: one page, its members in the page's order, each
    # with the points the page gives.
    phone.goto(season_url + "?rule=best&n=2&absence=none")
    shown = season_rows(phone)
    printed = phone.get_by_role("link", name="Print the season table").get_attribute("href")
    answer = phone.request.get(printed)
    assert answer.ok and answer.headers["content-type"] == "application/pdf"
    text = pdf_text(answer.body())
    assert "\f" not in text.rstrip("\f"), "the season table takes more than one page"
    lines = [line.split() for line in text.splitlines()]
    order = [next(i for i, words in enumerate(lines) if name in " ".join(words)) for name in shown]
    assert order == sorted(order), "the printed rows are not in the page's order"
    for name, (_place, points) in shown.items():
        row = next(" ".join(words) for words in lines if name in " ".join(words))
        assert points in row, (name, points, row)

    # The club record: the organiser downloads it, and it becomes a new club, with a PIN of its
    # own, whose derived tables are the same as the first club's.
    before = derived_tables(phone, club_url)
    phone.goto(club_url)
    link = phone.get_by_role("link", name="Download the club record")
    record = phone.request.get(link.get_attribute("href"))
    assert record.ok
    phone.goto("/club/import")
    phone.get_by_label("Club record (JSON)").set_input_files(
        files=[{"name": "club.json", "mimeType": "application/json", "buffer": record.body()}]
    )
    phone.get_by_label("Organiser PIN").fill("613208")
    phone.get_by_label("The PIN again").fill("613208")
    phone.get_by_role("button", name="Import the club").tap()
    expect(phone).to_have_url(re.compile(r"/c/[\w-]+$"))
    imported_url = phone.url
    assert imported_url != club_url
    look("imported")
    assert derived_tables(phone, imported_url) == before
    again = phone.request.get(imported_url + "/record.json")
    assert again.ok and again.body() == record.body()

    assert not problems, "\n".join(problems)
