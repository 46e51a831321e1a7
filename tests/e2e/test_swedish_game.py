"""A whole modern Bismarck game in Swedish on a Swedish phone, by tapping, with axe-core on its
pages: a Swedish player never meets an English word, and the switch on the page goes to English
and back."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from scorekeeper.games import bismarck
from scorekeeper.games.events import Event
from tests.e2e.plans import PLANS, TRUMPS
from tests.e2e.screens import axe_report, layout_problems
from tests.e2e.table import PLAYERS, Player, seed_game, shoot
from tests.games import state_of
from tests.games.bismarck.examples import MODERN_GAME
from tests.web.languages import english_in

SUITS = {"hearts": "hjärter", "diamonds": "ruter", "clubs": "klöver", "spades": "spader"}
FIELDS = ("Första spelaren", "Andra spelaren (till vänster om den första)", "Tredje spelaren")


class SwedishPlayer(Player):
    """A player whose phone speaks Swedish: the same taps, by their Swedish labels."""

    def start_game(self, players=PLAYERS, first_dealer: str = "Lotta") -> str:
        page = self.page
        page.goto("/")
        page.get_by_role("link", name="Nytt parti Bismarck").tap()
        for label, name in zip(FIELDS, players, strict=True):
            page.get_by_role("textbox", name=label, exact=True).fill(name)
        page.get_by_role("radio", name=first_dealer, exact=True).tap()  # "Lotta": a draw
        page.get_by_role("button", name="Starta spelet").tap()
        expect(page).to_have_url(re.compile(r"/g/[\w-]+$"))
        return page.locator(".notice").inner_text()

    def forehand(self) -> str:
        who = " ".join(self.page.locator(".who").text_content().split())  # as it reads
        match = re.search(r"· (.+) är förhand", who)
        assert match, who
        return match.group(1)

    def announce(self, contract: str, trump: str | None = None, *, tap: bool = True) -> None:
        if tap:
            self.contract_button(contract).tap()
        if trump:
            self.page.get_by_role("radio", name=SUITS[trump], exact=True).tap()
        self.page.get_by_role("button", name="Anmäl").tap()

    def tap_record(self) -> None:
        self.page.get_by_role("button", name="Spara stick").tap()


def test_a_whole_modern_game_in_swedish_by_tapping(new_phone, axe):
    phone = new_phone(locale="sv-SE")
    player = SwedishPlayer(phone)
    violations = {}

    def check(name: str) -> None:
        assert phone.locator("html").get_attribute("lang") == "sv"
        assert english_in(phone.content()) == set(), name
        bad = axe(phone, f"swedish-{name}")
        if bad:
            violations[name] = bad

    phone.goto("/")
    expect(phone.get_by_role("heading", name="Håll räkningen vid bordet")).to_be_visible()
    check("home")
    notice = player.start_game()
    drawn = re.search(r"Lottningen: (\w+) ger först\.", notice)
    assert drawn, notice
    first_dealer = PLAYERS.index(drawn.group(1))
    check("announce")

    events = []
    turns = dict.fromkeys(PLAYERS, 0)
    for number in range(1, 13):
        expect(phone.locator("h1")).to_have_text(f"Giv {number} av 12")
        forehand = player.forehand()
        contract = PLANS[forehand][turns[forehand]]
        trump = TRUMPS[forehand] if contract == "valfri" else None
        turns[forehand] += 1
        if turns[forehand] == 4:
            expect(player.contract_button(contract)).to_be_checked()
            player.announce(contract, trump, tap=False)
        else:
            player.announce(contract, trump)
        expect(phone.locator(".announced")).to_contain_text(f"{forehand} spelar")
        tricks = MODERN_GAME[number - 1][2]
        first, second, third = PLAYERS
        player.step(first, "+", tricks[0])
        player.type_tricks(second, tricks[1])
        player.tricks_field(third).tap()
        expect(player.tricks_field(third)).to_have_value(str(tricks[2]))
        if number == 6:
            check("record")
        player.tap_record()
        result = phone.locator(".result")
        expect(result).to_contain_text(f"Giv {number}:")
        expect(result).to_contain_text("summa 0 ✓")
        events.append(Event("announce", {"deal": number, "contract": contract, "trump": trump}))
        events.append(Event("record", {"deal": number, "tricks": list(tricks)}))

    expect(phone.get_by_role("heading", name="Spelet är slut")).to_be_visible()
    phone.locator(".history summary").tap()
    expect(phone.locator("ol.changes")).to_contain_text("anmälde")
    shoot(phone, "swedish-game-over-light")
    check("over")
    engine = state_of(bismarck.Setup(PLAYERS, first_dealer=first_dealer), events)
    assert player.totals() == dict(zip(PLAYERS, engine.totals, strict=True))
    line = phone.locator(".winner-line").inner_text()
    winners = engine.winner_names
    if len(winners) == 1:
        assert line.startswith(f"{winners[0]} vinner med")
    else:
        assert line.startswith("Delad seger")

    phone.get_by_role("link", name="Rätta giv 3").tap()
    expect(phone.locator("h1")).to_have_text("Rätta giv 3")
    check("correct")

    # The switch, on the page: to English and back, on the same page.
    phone.get_by_role("link", name="English").tap()
    expect(phone.locator("h1")).to_have_text("Correct deal 3")
    assert phone.locator("html").get_attribute("lang") == "en"
    phone.get_by_role("link", name="Svenska").tap()
    expect(phone.locator("h1")).to_have_text("Rätta giv 3")
    assert not violations, axe_report(violations)


def test_swedish_pages_fit_a_narrow_phone(new_phone, server):
    """Swedish words are longer: a 320-pixel phone still shows every page without sideways
    scrolling, every target thumb-sized."""
    phone = new_phone(locale="sv-SE", viewport={"width": 320, "height": 568})
    players = ("Anna", "Bartholomew-Fitzwilliam", "Carla")
    problems = []
    pages = {
        "home": "/",
        "new": "/bismarck/new",
        "announce": f"/g/{seed_game(server, 3, players=players)}",
        "record": f"/g/{seed_game(server, 11, announce_next=True, players=players)}",
        "over": f"/g/{seed_game(server, 12, players=players)}",
        "klaberjass": "/klaberjass/new",
        "sviten": "/sviten/new",
    }
    for name, url in pages.items():
        phone.goto(url)
        assert phone.locator("html").get_attribute("lang") == "sv"
        if name == "over":
            phone.locator(".history summary").tap()
        shoot(phone, f"swedish-{name}-320")
        problems += layout_problems(phone, name)
    assert not problems, "\n".join(problems)
