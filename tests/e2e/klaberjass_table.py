"""A Klaberjass player at the table with a phone: taps by visible label and reads the page.

Also a Klaberjass game seeded straight into the store (for the tests that need one in some
state, and for ``benchmarks/page_budget.py``).
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Locator, Page, expect

from scorekeeper.games import klaberjass
from scorekeeper.games.cards import parse_card
from tests.e2e.live import InApp, seed
from tests.web.klaberjass.client import HANDS, PLAYERS

#: A long game: the example's first eight hands (404 each), then three that end nobody's game.
LONG_GAME = [
    *HANDS[:8],
    {"thrown_in": True},
    {"maker": 0, "trump": "clubs", "last_trick": 1, "card_points": [30, 20]},
    {"maker": 1, "trump": "hearts", "bella": 1, "last_trick": 0, "card_points": [40, 22]},
]


def seed_klaberjass(
    server: InApp,
    hands: int | list[dict[str, Any]],
    *,
    first_dealer: int = 0,
    players: tuple[str, ...] = PLAYERS,
    target: int = 500,
) -> str:
    """A game with the first ``hands`` hands of the shared example game (or these hands)
    already recorded, straight into the store."""
    setup = klaberjass.Setup(players, first_dealer, klaberjass.Options(target=target))
    recorded = HANDS[:hands] if isinstance(hands, int) else hands
    events = [klaberjass.hand_event(number, hand) for number, hand in enumerate(recorded, 1)]
    return seed(server, klaberjass.KIND, setup, events)


class KlaberjassPlayer:
    """One phone at a Klaberjass table."""

    def __init__(self, page: Page, players: tuple[str, ...] = PLAYERS):
        self.page = page
        self.players = players

    def start_game(self, first_dealer: str = "Anna") -> None:
        """Home → New Klaberjass game → names, first dealer → Start."""
        page = self.page
        page.goto("/")
        page.get_by_role("link", name=re.compile("New Klaberjass game")).tap()
        page.get_by_role("textbox", name="First player").fill(self.players[0])
        page.get_by_role("textbox", name="Second player").fill(self.players[1])
        page.get_by_role("radio", name=f"{first_dealer} deals first", exact=True).tap()
        page.get_by_role("button", name="Start the game").tap()
        expect(page).to_have_url(re.compile(r"/g/[\w-]+$"))

    @property
    def token(self) -> str:
        return self.page.url.split("/g/", 1)[1].split("#")[0].split("?")[0].split("/")[0]

    def group(self, name: str) -> Locator:
        return self.page.get_by_role("group", name=re.compile(rf"^{re.escape(name)}"))

    def points_field(self, name: str) -> Locator:
        return self.group("Card points").get_by_role("spinbutton", name=name, exact=True)

    def pile(self, name: str) -> Locator:
        """The tiles of the cards ``name`` captured (opened first)."""
        summary = self.page.get_by_text(f"Tap {name}'s cards instead")
        if not summary.locator("xpath=..").evaluate("d => d.open"):
            summary.tap()
        return self.page.get_by_role("group", name=f"{name}'s captured cards")

    def tile(self, name: str, code: str) -> Locator:
        return self.pile(name).get_by_role("button", name=parse_card(code).label, exact=True)

    def sequence(self, name: str, row: int, cards: list[str]) -> None:
        """Tap a sequence's chips: its length, suit and top card (three taps); a second one
        is picked from three lists."""
        parsed = [parse_card(code) for code in cards]
        top = min(parsed, key=lambda card: klaberjass.PACK_RANKS.index(card.rank))
        if row > 1:
            self.run_select(name, row, "cards").select_option(str(len(parsed)))
            self.run_select(name, row, "suit").select_option(parsed[0].suit.symbol)
            self.run_select(name, row, "top card").select_option(top.rank)
            return
        self.run_chip(name, row, "cards", str(len(parsed))).tap()
        self.run_chip(name, row, "suit", parsed[0].suit.symbol).tap()
        self.run_chip(name, row, "top card", top.rank).tap()

    def run_select(self, name: str, row: int, part: str) -> Locator:
        """A second sequence row's select: "Anna 2 cards", "Anna 2 suit" ..."""
        return self.page.get_by_role("combobox", name=f"{name} {row} {part}", exact=True)

    def run_chip(self, name: str, row: int, part: str, value: str) -> Locator:
        """A sequence row's chip: Anna's (or "Anna 2"'s) "cards" 3, "suit" ♠, "top card" K."""
        group = self.page.get_by_role(
            "group", name=name if row == 1 else f"{name} {row}", exact=True
        )
        part_group = group.get_by_role("group", name=part, exact=True)
        return part_group.get_by_role("radio", name=value, exact=True)

    def enter_hand(self, hand: dict[str, Any], *, tap_cards: bool = False) -> None:
        """Fill in the hand form as a player does, in table order (not submitted)."""
        names = self.players
        makers = self.group("Who made trumps?")
        if hand.get("thrown_in"):
            makers.get_by_role("radio", name="Thrown in").tap()
            return
        makers.get_by_role("radio", name=names[hand["maker"]], exact=True).tap()
        self.group("Trumps").get_by_role("radio", name=hand["trump"], exact=True).tap()
        for seat, runs in enumerate(hand.get("sequences") or [[], []]):
            for row, run in enumerate(runs, 1):
                self.sequence(names[seat], row, run)
        bella = hand.get("bella")
        self.group("Bella").get_by_role(
            "radio", name="Nobody" if bella is None else names[bella], exact=True
        ).tap()
        self.group("Last trick").get_by_role(
            "radio", name=names[hand["last_trick"]], exact=True
        ).tap()
        if hand.get("captured"):
            for seat, pile in enumerate(hand["captured"]):
                for code in pile:
                    self.tile(names[seat], code).tap()
        if hand.get("card_points"):
            for seat, points in enumerate(hand["card_points"]):
                if tap_cards and seat == 0:
                    continue
                field = self.points_field(names[seat])
                field.fill(str(points))

    def record(self, hand: dict[str, Any]) -> None:
        number = self.hand_number()
        self.enter_hand(hand)
        self.page.get_by_role("button", name=f"Record hand {number}").tap()
        expect(self.page.locator(".result")).to_contain_text(f"Hand {number}")

    def hand_number(self) -> int:
        match = re.match(r"Hand (\d+)", self.page.locator("h1").inner_text())
        assert match, self.page.locator("h1").inner_text()
        return int(match.group(1))

    def totals(self) -> dict[str, int]:
        items = self.page.locator("ul.race li")
        return {
            items.nth(i).locator("span").inner_text(): int(items.nth(i).locator("b").inner_text())
            for i in range(items.count())
        }
