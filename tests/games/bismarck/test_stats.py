"""A Bismarck player's statistics: the average score by contract declared, and declaring or
not, over finished games; worked out by hand from the worked example, and properties of
random legal games."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games import bismarck
from scorekeeper.games.bismarck.stats import stats, table
from scorekeeper.games.events import Event
from scorekeeper.games.registry import stats_for
from scorekeeper.games.stats import Tally
from tests.games import state_after, state_of
from tests.games.bismarck.examples import CLASSIC_TIE, MODERN_GAME, PLAYERS, game


def test_the_worked_example_by_hand():
    """Anna (seat 0, dealing first) declares deals 3, 6, 9 and 12: Spader 5 tricks (−3), Pass
    3 tricks (4 − 3 = +1), Valfri 7 (−1), Sang 7 (−1); in the other eight deals she scores
    0, −1, −1, 0, +1, −2, +2, +2."""
    state = game()
    found = stats([(state, 0)])
    assert found.games == 1
    assert found.by_contract == (
        ("Spader", Tally(1, -3)),
        ("Valfri", Tally(1, -1)),
        ("Sang", Tally(1, -1)),
        ("Pass", Tally(1, 1)),
    )
    assert found.declaring == Tally(4, -4)
    assert found.not_declaring == Tally(8, 1)
    assert found.declaring.total + found.not_declaring.total == state.totals[0] == -3
    assert found.not_declaring.average == Fraction(1, 8)


def test_two_games_add_up_and_a_classic_noll_is_a_row_of_its_own():
    modern, classic = game(), game(CLASSIC_TIE, variant="classic")
    found = stats([(modern, 0), (classic, 0)])
    assert found.games == 2
    names = [name for name, _tally in found.by_contract]
    assert names == ["Spader", "Valfri", "Trumf", "Sang", "Noll", "Pass"]
    # Classic, Anna dealing first: Anna (seat 0) declares deals 3 (Trumf 8 → 0), 6 (Sang 8
    # → 0) and 9 (Noll 4 → 0).
    by_name = dict(found.by_contract)
    assert by_name["Trumf"] == Tally(1, 0) and by_name["Noll"] == Tally(1, 0)
    assert by_name["Sang"] == Tally(2, -1)
    assert found.declaring.count == 7 and found.not_declaring.count == 8 + 6


def test_a_game_still_in_play_does_not_count():
    unfinished = game(MODERN_GAME[:5])
    assert not unfinished.finished
    assert stats([(unfinished, 0)]) == stats([])
    assert stats([]).declaring.average is None


def test_the_table_the_players_page_shows():
    shown = table([(game(), 0)])
    assert shown.kind == "bismarck" and shown.games == 1
    assert [c.average for c in shown.columns] == [False, True]
    assert [(row.label, row.cells) for row in shown.rows] == [
        ("Spader", (1, -3)),
        ("Valfri", (1, -1)),
        ("Sang", (1, -1)),
        ("Pass", (1, 1)),
        ("As declarer", (4, -1)),
        ("Not declaring", (8, Fraction(1, 8))),
    ]
    assert stats_for("bismarck") is table


@st.composite
def finished_games(draw) -> bismarck.State:
    """A random legal Bismarck game played to its end (any variant, any first dealer)."""
    variant = draw(st.sampled_from(list(bismarck.Variant)))
    setup = bismarck.Setup(PLAYERS, draw(st.integers(0, 2)), variant, frozenset())
    events: list[Event] = []
    state = state_of(setup, events)
    while not state.finished:
        contract = draw(st.sampled_from(state.allowed))
        trump = (
            draw(st.sampled_from(["spades", "hearts", "clubs"])) if contract.needs_trump else None
        )
        first = draw(st.integers(0, 16))
        second = draw(st.integers(0, 16 - first))
        tricks = [first, second, 16 - first - second]
        number = state.current.number
        event = Event(
            "record", {"deal": number, "contract": contract.value, "trump": trump, "tricks": tricks}
        )
        state = state_after(setup, events, event)
        events.append(event)
    return state


@settings(max_examples=40)
@given(st.lists(finished_games(), min_size=1, max_size=3))
def test_property_counts_and_scores_add_up(games):
    deals = sum(len(state.scored) for state in games)
    by_seat = [stats([(state, seat) for state in games]) for seat in range(3)]
    for seat, found in enumerate(by_seat):
        declared = sum(deal.declarer == seat for state in games for deal in state.scored)
        # A contract's deals add up to the deals the seat declared ...
        assert sum(t.count for _name, t in found.by_contract) == found.declaring.count == declared
        assert sum(t.total for _name, t in found.by_contract) == found.declaring.total
        # ... and with the others' to every deal, scoring the seat's totals.
        assert found.declaring.count + found.not_declaring.count == deals
        assert found.declaring.total + found.not_declaring.total == sum(
            state.totals[seat] for state in games
        )
    # Every deal sums to zero, so the three players' scores do too; each deal has one declarer.
    assert sum(f.declaring.total + f.not_declaring.total for f in by_seat) == 0
    assert sum(f.declaring.count for f in by_seat) == deals


def test_a_game_without_statistics_has_none_and_one_may_join():
    from scorekeeper.games import registry

    assert registry.stats_for("no-such-game") is None
    try:
        assert registry.register_stats("no-such-game", table) is table
        assert registry.stats_for("no-such-game") is table
    finally:
        registry.unregister("no-such-game")
    assert registry.stats_for("no-such-game") is None
