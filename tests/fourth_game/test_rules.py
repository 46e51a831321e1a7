"""Tally through the shared game interface: replay, one more event, undo."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games import registry
from scorekeeper.games.events import Event, RuleError
from tests.fourth_game import rules

SETUP = rules.Setup(("Anna", "Ben"))


def test_the_registry_knows_a_game_defined_outside_the_app(tally_game):
    assert registry.game_for("tally") is tally_game
    assert tally_game in registry.games()
    registry.unregister("tally")
    with pytest.raises(registry.UnknownGame):
        registry.game_for("tally")


def test_first_to_ten_wins_and_a_tie_plays_on():
    played = rules.GAME.replay(SETUP, [rules.deal_event(1, [6, 4]), rules.deal_event(2, [4, 6])])
    assert played.state.totals == (10, 10) and not played.state.finished
    played = rules.GAME.apply(played, rules.deal_event(3, [1, 0]))
    assert played.state.winner == 0
    with pytest.raises(RuleError, match="over"):
        rules.GAME.apply(played, rules.deal_event(4, [1, 0]))


def test_undo_goes_back_to_the_state_before_the_action():
    played = rules.GAME.replay(SETUP, [rules.deal_event(1, [6, 4])])
    undone = rules.GAME.apply(played, Event("undo"))
    assert undone.state.deals == ()
    assert [h.summary for h in undone.state.history] == ["points 6/4", "undid: points 6/4"]


deals = st.lists(st.tuples(st.integers(0, 1), st.integers(0, 1)), max_size=9)


@given(deals)
def test_folding_event_by_event_equals_replaying_the_whole_log(points):
    events = [rules.deal_event(n, p) for n, p in enumerate(points, start=1)]
    played = rules.GAME.replay(SETUP, [])
    for event in events:
        played = rules.GAME.apply(played, event)
    assert played.state == rules.GAME.replay(SETUP, events).state
    assert played.state.totals == tuple(sum(p[i] for p in points) for i in range(2))
