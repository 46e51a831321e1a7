"""Scenario 1: a whole modern game on one phone, by tapping, to the winner."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from scorekeeper.games import bismarck
from scorekeeper.games.events import Event
from tests.e2e.plans import PLANS, TRUMPS
from tests.e2e.table import PLAYERS, Player, shoot
from tests.games import state_of
from tests.games.bismarck.examples import MODERN_GAME


def test_a_whole_modern_game_by_tapping(phone):
    player = Player(phone)
    notice = player.start_game(first_dealer="Draw at random")
    drawn = re.search(r"The draw: (\w+) deals first\.", notice)
    assert drawn, notice
    first_dealer = PLAYERS.index(drawn.group(1))

    events = []
    turns = dict.fromkeys(PLAYERS, 0)
    for number in range(1, 13):
        expect(phone.locator("h1")).to_have_text(f"Deal {number} of 12")
        forehand = player.forehand()
        contract = PLANS[forehand][turns[forehand]]
        trump = TRUMPS[forehand] if contract == "valfri" else None
        turns[forehand] += 1
        button = player.contract_button(contract)
        if turns[forehand] == 4:
            # The last contract left is preselected; the used ones are greyed out.
            expect(button).to_be_checked()
            expect(phone.locator("label.used")).to_have_count(3)
            player.announce(contract, trump, tap=False)
        else:
            player.announce(contract, trump)
        expect(phone.locator(".announced")).to_contain_text(f"{forehand} plays")

        # Tricks: the first player's by the steppers, the second's typed, and the third's filled
        # in by the page with 16 minus the others.
        tricks = MODERN_GAME[number - 1][2]
        first, second, third = PLAYERS
        player.step(first, "+", tricks[0] + 1)
        player.step(first, "−")
        expect(player.tricks_field(first)).to_have_value(str(tricks[0]))
        player.type_tricks(second, tricks[1])
        player.tricks_field(third).tap()
        expect(player.tricks_field(third)).to_have_value(str(tricks[2]))
        if number == 12:  # the picture in docs/: the page from its top, tricks entered
            phone.evaluate("window.scrollTo(0, 0)")
            shoot(phone, "phone-record-light", full_page=False)
        player.tap_record()
        result = phone.locator(".result")
        expect(result).to_contain_text(f"Deal {number}:")
        expect(result).to_contain_text("sum 0 ✓")

        events.append(Event("announce", {"deal": number, "contract": contract, "trump": trump}))
        events.append(Event("record", {"deal": number, "tricks": list(tricks)}))

    expect(phone.get_by_role("heading", name="Game over")).to_be_visible()
    shoot(phone, "game-over-light")
    engine = state_of(bismarck.Setup(PLAYERS, first_dealer=first_dealer), events)
    assert engine.finished
    expected = dict(zip(PLAYERS, engine.totals, strict=True))
    assert player.totals() == expected
    assert dict(player.standings()) == expected
    assert [name for name, _ in player.standings()] == [PLAYERS[s] for s in engine.standings]
    winners = engine.winner_names
    line = phone.locator(".winner-line").inner_text()
    if len(winners) == 1:
        assert line.startswith(f"{winners[0]} wins with")
    else:
        assert line.startswith("Shared victory")
        assert all(name in line for name in winners)
