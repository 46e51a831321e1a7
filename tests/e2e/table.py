"""A player at the table with a phone: taps by visible label and reads what the page shows.

Also the shortcuts the browser tests share: a game seeded straight into the store, screenshots.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from scorekeeper.data.db import db
from scorekeeper.games import bismarck
from scorekeeper.games.events import Event
from scorekeeper.table import store
from tests.e2e.live import SCREENSHOTS, SCREENSHOTS_WANTED, InApp, LiveServer, seed
from tests.games.bismarck.examples import MODERN_GAME

PLAYERS = ("Anna", "Ben", "Carla")
CONTRACTS = {"spader": "Spader", "valfri": "Valfri", "sang": "Sang", "pass": "Pass"}


def points(text: str) -> int:
    """A score as the page writes it (+2, −1, 0) as a number."""
    text = text.strip()
    return -int(text[1:]) if text.startswith("−") else int(text.lstrip("+"))


class Player:
    """One phone at the table."""

    def __init__(self, page: Page):
        self.page = page

    # --- starting -------------------------------------------------------------------------

    def start_game(
        self, players: Sequence[str] = PLAYERS, first_dealer: str = "First player"
    ) -> str:
        """Home → New Bismarck game → names, first dealer → Start. Returns the flash, if any."""
        page = self.page
        page.goto("/")
        page.get_by_role("link", name="New Bismarck game").tap()
        expect(page).to_have_url(re.compile(r"/bismarck/new$"))
        page.wait_for_load_state()  # the script that labels the dealers with the names typed
        for label, name in zip(
            ("First player", "Second player", "Third player"), players, strict=True
        ):
            page.get_by_role("textbox", name=label).fill(name)
        choice = first_dealer
        if first_dealer != "Draw at random":
            # Beside each name: "First player deals first", or with JS on the name typed.
            choice = f"{first_dealer} deals first"
            if first_dealer not in players:
                seat = ("First player", "Second player", "Third player").index(first_dealer)
                typed = f"{players[seat]} deals first"
                if page.get_by_role("radio", name=typed, exact=True).count():
                    choice = typed
        page.get_by_role("radio", name=choice, exact=True).tap()
        page.get_by_role("button", name="Start the game").tap()
        expect(page).to_have_url(re.compile(r"/g/[\w-]+$"))
        notice = page.locator(".notice")
        return notice.inner_text() if notice.count() else ""

    @property
    def token(self) -> str:
        return self.page.url.split("/g/", 1)[1].split("#")[0].split("/")[0]

    # --- a deal ---------------------------------------------------------------------------

    def heading(self) -> str:
        return self.page.locator("h1").inner_text()

    def forehand(self) -> str:
        """The name in "Ben deals · Carla is forehand"."""
        who = " ".join((self.page.locator(".who").text_content() or "").split())  # as it reads
        match = re.search(r"· (.+) is forehand", who) or re.search(r"^(.+) deals and declares", who)
        assert match, who
        return match.group(1)

    def contract_button(self, contract: str) -> Locator:
        name = CONTRACTS.get(contract, contract)
        return self.page.get_by_role("radio", name=re.compile(rf"^{name}\b"))

    def announce(self, contract: str, trump: str | None = None, *, tap: bool = True) -> None:
        """Tap the contract (and the trump suit), then Announce."""
        if tap:
            self.contract_button(contract).tap()
        if trump:
            self.page.get_by_role("radio", name=trump, exact=True).tap()
        self.page.get_by_role("button", name="Announce").tap()

    def tricks_field(self, name: str) -> Locator:
        return self.page.get_by_role("spinbutton", name=name, exact=True)

    def step(self, name: str, sign: str, times: int = 1) -> None:
        button = self.page.get_by_role("button", name=f"{sign}1 {name}", exact=True)
        for _ in range(times):
            button.tap()

    def type_tricks(self, name: str, value: int) -> None:
        field = self.tricks_field(name)
        field.tap()
        field.press("Control+A")
        field.press_sequentially(str(value))

    def record(self, tricks: Sequence[int], players: Sequence[str] = PLAYERS) -> None:
        """Type every player's tricks and tap Record tricks (works with JavaScript off)."""
        self.fill_tricks(tricks, players)
        self.tap_record()

    def fill_tricks(self, tricks: Sequence[int], players: Sequence[str] = PLAYERS) -> None:
        """Type each player's tricks, leaving each field before the next (as a thumb does)."""
        for name, taken in zip(players, tricks, strict=True):
            field = self.tricks_field(name)
            field.fill(str(taken))
            field.blur()
            expect(field).to_have_value(str(taken))

    def tap_record(self) -> None:
        self.page.get_by_role("button", name="Record tricks").tap()

    def play_deal(
        self,
        contract: str,
        trump: str | None,
        tricks: Sequence[int],
        players: Sequence[str] = PLAYERS,
    ) -> None:
        number = self.deal_number()
        self.announce(contract, trump)
        expect(self.page.get_by_role("button", name="Record tricks")).to_be_visible()
        self.record(tricks, players)
        self.expect_deal_recorded(number)

    def deal_number(self) -> int:
        match = re.match(r"Deal (\d+) of", self.heading())
        assert match, self.heading()
        return int(match.group(1))

    def expect_deal_recorded(self, number: int) -> None:
        expect(self.page.locator(".result")).to_contain_text(f"Deal {number}:")

    # --- reading the sheet ----------------------------------------------------------------

    def totals(self) -> dict[str, int]:
        """The Total column of the score sheet, by player."""
        rows = self.page.locator("table.grid tbody tr")
        result: dict[str, int] = {}
        for i in range(rows.count()):
            row = rows.nth(i)
            result[row.locator("th").inner_text().strip()] = points(
                row.locator("td.total").inner_text()
            )
        return result

    def standings(self) -> list[tuple[str, int]]:
        items = self.page.locator("ol.standings li")
        return [
            (
                items.nth(i).locator("span").inner_text(),
                points(items.nth(i).locator("b").inner_text()),
            )
            for i in range(items.count())
        ]


def shoot(page: Page, name: str, *, full_page: bool = True) -> Path | None:
    """Save a screenshot under ``artifacts/screenshots/`` (git-ignored) for people to look at,
    when asked for (``SCOREKEEPER_SCREENSHOTS=1``; None otherwise)."""
    if not SCREENSHOTS_WANTED:
        return None
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def seed_game(
    server: InApp,
    deals: int,
    *,
    announce_next: bool = False,
    first_dealer: int = 0,
    players: tuple[str, str, str] = PLAYERS,
    seat: str | None = None,
) -> str:
    """A game with ``deals`` deals of the worked example already recorded, straight into the
    store (the browser tests that need a game in some state; scenario 1 plays one by tapping),
    each entry by ``seat`` when given (a phone that said who it is)."""
    setup = bismarck.Setup(players, first_dealer=first_dealer)
    events = example_events(deals, announce_next=announce_next)
    return seed(server, bismarck.KIND, setup, events, seat=seat)


def example_events(deals: int, *, announce_next: bool = False) -> list[Event]:
    """The worked example's events (Anna dealing first) for the first ``deals`` deals."""
    events: list[Event] = []
    for number, (contract, trump, tricks) in enumerate(MODERN_GAME[:deals], start=1):
        events.append(Event("announce", {"deal": number, "contract": contract, "trump": trump}))
        events.append(Event("record", {"deal": number, "tricks": list(tricks)}))
    if announce_next and deals < len(MODERN_GAME):
        contract, trump, _tricks = MODERN_GAME[deals]
        events.append(Event("announce", {"deal": deals + 1, "contract": contract, "trump": trump}))
    return events


def stored_events(server: LiveServer, token: str) -> int:
    return server.in_app(lambda: len(store.load(db.session, token).events))


def tour(page: Page, server: LiveServer, players: tuple[str, str, str] = PLAYERS) -> Iterator[str]:
    """Visit every kind of page a player sees, yielding a short name on each (for checks that
    look at the whole page: layout, tap targets, axe-core, screenshots)."""
    player = Player(page)
    page.goto("/bismarck/new")
    yield "new"
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".error").first).to_be_visible()
    yield "new-errors"
    page.goto(f"/g/{seed_game(server, 3, players=players)}")
    player.contract_button("valfri").tap()  # shows the trump suits
    yield "announce"
    page.goto(f"/g/{seed_game(server, 11, announce_next=True, players=players)}")
    yield "record"
    player.fill_tricks((5, 5, 5), players)
    player.tap_record()
    expect(page.locator(".tricks .error")).to_be_visible()
    yield "record-error"
    finished = seed_game(server, 12, players=players)
    page.goto(f"/g/{finished}")
    page.locator(".history summary").tap()  # the Changes list, opened
    yield "over"
    page.get_by_role("link", name="Correct deal 3").tap()
    expect(page.locator("h1")).to_have_text("Correct deal 3")
    yield "correct"
    page.goto("/")
    expect(page.locator(".games li")).to_have_count(3)
    yield "home"
    page.goto("/g/no-such-game")
    yield "not-found"
