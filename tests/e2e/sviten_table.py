"""A Sviten Special player at the table with a phone: taps by visible label and reads the page.

Also a match seeded straight into the store (for the tests that need one in some state, and for
``benchmarks/page_budget.py``).
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Locator, Page, expect

from scorekeeper.games import sviten
from tests.e2e.live import InApp, seed
from tests.web.sviten.client import HANDS, PLAYERS

#: A long match (hand cap 12, low-scoring hands in quick mode): in play at hand 12.
LONG_MATCH = [
    {
        "declarer": number % 4,
        "bid": 1 + number % 3,
        "trump": ("spades", "hearts", None)[number % 3],
        "tricks": [6, 7] if number % 2 else [8, 5],
        "meld_points": [5, 0] if number % 2 else [0, 5],
        "meld_counts": [1, 0] if number % 2 else [0, 1],
    }
    for number in range(1, 12)
]
SEAT_LABELS = (
    "North (N)",
    "East (E), on North's left",
    "South (S), North's partner",
    "West (W), East's partner",
)


def seed_sviten(
    server: InApp,
    hands: int | list[dict[str, Any]],
    *,
    first_dealer: int = 0,
    players: tuple[str, ...] = PLAYERS,
    **options: Any,
) -> str:
    """A match with the first ``hands`` hands of the shared example match (or these hands)
    already recorded, straight into the store."""
    setup = sviten.Setup(players, first_dealer, sviten.Options(**options))
    recorded = HANDS[:hands] if isinstance(hands, int) else hands
    events = [sviten.hand_event(number, hand) for number, hand in enumerate(recorded, 1)]
    return seed(server, sviten.KIND, setup, events)


QUICK_ENTRY = "Quick entry"


class SvitenPlayer:
    """One phone at a Sviten Special table."""

    def __init__(self, page: Page, players: tuple[str, ...] = PLAYERS):
        self.page = page
        self.players = players

    def start_game(self, first_dealer: str = "Anna") -> None:
        """Home → New Sviten Special game → four names, first dealer → Start."""
        page = self.page
        page.goto("/")
        page.get_by_role("link", name=re.compile("New Sviten Special game")).tap()
        expect(page).to_have_url(re.compile(r"/sviten/new$"))
        page.wait_for_load_state()  # the script that labels the dealers with the names typed
        for label, name in zip(SEAT_LABELS, self.players, strict=True):
            page.get_by_role("textbox", name=label).fill(name)
        page.get_by_role("radio", name=f"{first_dealer} deals first", exact=True).tap()
        page.get_by_role("button", name="Start the game").tap()
        expect(page).to_have_url(re.compile(r"/g/[\w-]+$"))

    @property
    def token(self) -> str:
        return self.page.url.split("/g/", 1)[1].split("#")[0].split("/")[0]

    def group(self, name: str) -> Locator:
        return self.page.get_by_role("group", name=re.compile(rf"^{re.escape(name)}"))

    def bid(self, hand: dict[str, Any]) -> None:
        """Tap the declarer, the bid and trumps (or no-trump)."""
        seat = hand["declarer"]
        letter = sviten.SEATS[seat]
        self.group("Who won the bid?").get_by_role(
            "radio", name=f"{letter} {self.players[seat]}"
        ).tap()
        self.group("Bid").get_by_role("radio", name=str(hand["bid"]), exact=True).tap()
        trump = hand["trump"] or "NT"
        self.group("Trumps").get_by_role("radio", name=trump, exact=True).tap()

    def card(self, code: str) -> Locator:
        return self.page.locator(f"input[name='{code}']")

    def tap_cards(self, hand: dict[str, Any]) -> int:
        """Tap whose cards they are, then every card of that pair's pile; returns the pair."""
        pair = 0 if hand["captured"][0] is not None else 1
        names = f"{sviten.PAIR_NAMES[pair]} {self.players[pair]} & {self.players[pair + 2]}"
        self.group("Captured cards").get_by_role("radio", name=names).tap()
        for code in hand["captured"][pair]:
            # The checkbox itself is invisible: tap its card (the label) as a thumb would.
            self.page.locator("label", has=self.card(code)).tap()
        return pair

    def quick_entry(self) -> Locator:
        """The hand form's first choice: quick entry rather than the cards."""
        return self.group("How to enter this hand").get_by_role("radio", name=QUICK_ENTRY)

    def choose_quick_entry(self) -> None:
        self.quick_entry().tap()

    def quick(self, hand: dict[str, Any]) -> None:
        page = self.page
        self.choose_quick_entry()
        tricks = self.group("Tricks")
        tricks.get_by_role("spinbutton", name="N–S", exact=True).fill(str(hand["tricks"][0]))
        tricks.get_by_role("spinbutton", name="E–W", exact=True).fill(str(hand["tricks"][1]))
        for pair, name in enumerate(sviten.PAIR_NAMES):
            page.get_by_role("spinbutton", name=f"{name}'s meld points").fill(
                str(hand["meld_points"][pair])
            )
            page.get_by_role("spinbutton", name=f"How many melds {name} laid").fill(
                str(hand["meld_counts"][pair])
            )

    def totals(self) -> list[int]:
        items = self.page.locator("ul.race li b")
        return [int(items.nth(i).inner_text()) for i in range(items.count())]
