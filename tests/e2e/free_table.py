"""A free game's player at the table with a phone: taps by visible label and reads the page.

Also a free game seeded straight into the store (for the tests that need one in some state,
and for ``benchmarks/page_budget.py``).
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from scorekeeper.games import free
from tests.e2e.live import InApp, seed
from tests.web.free.client import CHICAGO, PLAYERS

#: A Chicago to 52 in six deals (deal: Anna Ben Carla Dan → totals), Anna dealing first:
#:  1  10   0   5   0 → 10  0  5  0
#:  2   0  20   0   8 → 10 20  5  8
#:  3  15   0  12   0 → 25 20 17  8
#:  4   0  15   0   0 → 25 35 17  8
#:  5  12   0   0   5 → 37 35 17 13
#:  6   0  18  10   0 → 37 53 27 13: Ben reaches 52 and wins with 53
SIX_DEALS = (*CHICAGO[:3], [0, 15, 0, 0], [12, 0, 0, 5], [0, 18, 10, 0])
SIX_TOTALS = (
    (10, 0, 5, 0),
    (10, 20, 5, 8),
    (25, 20, 17, 8),
    (25, 35, 17, 8),
    (37, 35, 17, 13),
    (37, 53, 27, 13),
)
#: Eight players, and a long game of theirs: 30 deals, the table not done yet.
EIGHT = ("Anna", "Ben", "Carla", "Dan", "Eva", "Fred", "Gun", "Hans")
LONG_GAME = [[(n * k) % 23 - 5 for k in range(3, 11)] for n in range(1, 31)]


def seed_free(
    server: InApp,
    deals: int | list[list[int]],
    *,
    players: tuple[str, ...] = PLAYERS,
    name: str = "Chicago",
    target: int | None = 52,
    end: bool = False,
) -> str:
    """A free game with the first ``deals`` deals of :data:`SIX_DEALS` (or these deals)
    already recorded, straight into the store (``end``: and the table's end after them)."""
    setup = free.Setup(players, 0, name, options=free.Options(target=target))
    recorded = SIX_DEALS[:deals] if isinstance(deals, int) else deals
    events = [free.deal_event(number, points) for number, points in enumerate(recorded, 1)]
    if end:
        events.append(free.end_event(len(recorded) + 1))
    return seed(server, free.KIND, setup, events)


class FreePlayer:
    """One phone at a free game's table."""

    def __init__(self, page: Page):
        self.page = page

    def start_game(
        self, players: tuple[str, ...] = PLAYERS, *, first_dealer: str = "Anna", **choices: str
    ) -> None:
        """Home → New free game → names, first dealer, the game's name and options (``name``,
        ``target``, ``deals``, ``wins``: a radio's label, ``teams``, ``zero_sum``) → Start."""
        page = self.page
        page.goto("/")
        page.get_by_role("link", name=re.compile("New free game")).tap()
        for seat, name in enumerate(players, 1):
            page.get_by_role("textbox", name=f"Player {seat}", exact=True).fill(name)
        page.get_by_role("radio", name=f"{first_dealer} deals first", exact=True).tap()
        if "name" in choices:
            page.get_by_role("textbox", name="Name of the game (optional)").fill(choices["name"])
        if "wins" in choices:
            page.get_by_role("radio", name=choices["wins"], exact=True).tap()
        if "target" in choices:
            page.get_by_role("radio", name="when a total reaches a target").tap()
            page.get_by_role("spinbutton", name="A total to reach").fill(choices["target"])
        if "deals" in choices:
            page.get_by_role("radio", name="after a number of deals").tap()
            page.get_by_role("spinbutton", name="Number of deals").fill(choices["deals"])
        if "teams" in choices:
            page.get_by_role("radio", name=f"{choices['teams']} teams", exact=True).tap()
        if choices.get("zero_sum"):
            page.get_by_role("checkbox", name=re.compile("Every deal adds up to 0")).tap()
        page.get_by_role("button", name="Start the game").tap()
        expect(page).to_have_url(re.compile(r"/g/[\w-]+$"))

    @property
    def token(self) -> str:
        return self.page.url.split("/g/", 1)[1].split("#")[0].split("?")[0].split("/")[0]

    def points(self, name: str) -> Locator:
        """The points field of ``name`` (a player, or a team: ``Anna & Carla``)."""
        return self.page.locator("fieldset.points").get_by_role("spinbutton", name=name, exact=True)

    def enter(self, points: dict[str, int | None]) -> None:
        """Type each side's points (None: left empty); a minus through the ± button, as a phone
        whose number keys have none does."""
        for name, value in points.items():
            field = self.points(name)
            if value is None:
                field.fill("")
                continue
            field.fill(str(abs(value)))
            if value < 0:
                sign = self.page.get_by_role("button", name=f"Turn the sign of {name}’s points")
                sign.tap()

    def record(self, number: int, points: dict[str, int | None]) -> None:
        """Type a deal's points and record it; back on the game page, which says it."""
        self.enter(points)
        self.page.get_by_role("button", name=f"Record deal {number}").tap()
        expect(self.page.locator(".result")).to_contain_text(f"Deal {number}:")

    def totals(self) -> dict[str, int]:
        """The totals under the head, by side."""
        found = {}
        for item in self.page.locator("header.now .tot li").all():
            text = item.inner_text().replace("\u2212", "-")
            name, value = text.rsplit(" ", 1)
            found[name] = int(value)
        return found
