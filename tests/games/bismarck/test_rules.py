"""The Bismarck engine: the seeds' worked examples, every rule, and properties of random games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games.bismarck import (
    Contract,
    EventKind,
    Setup,
    Variant,
    schedule,
    score,
)
from scorekeeper.games.cards import Suit
from scorekeeper.games.events import Event, RuleError
from tests.games import state_after, state_of
from tests.games.bismarck.legal import PLAYERS, announce, legal_games, play, record, swap_game


def refused(setup: Setup, events: list[Event], event: Event) -> RuleError:
    with pytest.raises(RuleError) as info:
        state_after(setup, events, event)
    return info.value


def test_event_kinds_are_stored_as_their_words():
    assert [str(kind) for kind in EventKind] == ["announce", "record", "redeal", "correct", "undo"]
    assert Event(EventKind.ANNOUNCE, {}).to_dict()["kind"] == "announce"


# --- worked examples from the seeds -----------------------------------------------------------


def test_seed_000_spader_and_pass_scores():
    assert score(Contract.SPADER, 0, (9, 3, 4)) == (1, -1, 0)
    assert score(Contract.PASS, 0, (9, 3, 4)) == (-5, 3, 2)


def test_seed_002_two_deals_total_minus5_plus4_plus1():
    setup = Setup(PLAYERS, first_dealer=2)
    state = state_of(setup, [*play(1, "sang", (6, 6, 4)), *play(2, "pass", (9, 2, 5))])
    assert [d.declarer for d in state.deals] == [0, 1]
    assert [d.dealer for d in state.deals] == [2, 0]
    assert state.deals[0].scores == (-2, 2, 0)
    assert state.deals[1].scores == (-3, 2, 1)
    assert state.totals == (-5, 4, 1)
    assert state.current.number == 3 and state.current.dealer == 1 and state.current.declarer == 2


# --- the schedule -------------------------------------------------------------------------------


def test_modern_schedule_passes_the_deal_left_and_forehand_declares():
    slots = schedule(Setup(PLAYERS, first_dealer=1))
    assert len(slots) == 12
    assert [s.dealer for s in slots[:4]] == [1, 2, 0, 1]
    assert [s.declarer for s in slots[:4]] == [2, 0, 1, 2]
    assert all(s.fixed_contract is None for s in slots)


def test_classic_schedule_is_nine_deals_in_fixed_order():
    slots = schedule(Setup(PLAYERS, variant=Variant.CLASSIC))
    assert [s.fixed_contract.value for s in slots] == ["trumf"] * 3 + ["sang"] * 3 + ["pass"] * 3
    assert [s.declarer for s in slots] == [1, 2, 0] * 3


def test_british_dealer_deals_four_in_a_row_and_declares():
    slots = schedule(Setup(PLAYERS, variant=Variant.BRITISH, first_dealer=2))
    assert [s.dealer for s in slots] == [2] * 4 + [0] * 4 + [1] * 4
    assert all(s.declarer == s.dealer for s in slots)
    assert [s.fixed_contract.value for s in slots[:4]] == ["sang", "trumf", "valfri", "pass"]


# --- contracts and validation --------------------------------------------------------------------


def test_every_contract_scores_by_its_quota():
    # Spader, Valfri, Trumf and Sang: declarer 8, others 4; Pass: declarer 4, others 6.
    for contract in (Contract.SPADER, Contract.VALFRI, Contract.TRUMF, Contract.SANG):
        assert score(contract, 1, (4, 8, 4)) == (0, 0, 0)
        assert score(contract, 1, (3, 10, 3)) == (-1, 2, -1)
    assert score(Contract.PASS, 2, (6, 6, 4)) == (0, 0, 0)
    assert score(Contract.PASS, 2, (5, 5, 6)) == (1, 1, -2)


def test_a_contract_cannot_be_used_twice():
    setup = Setup(PLAYERS)  # first dealer Anna: Ben is forehand in deals 1 and 4
    events = [*play(1, "pass", (2, 9, 5)), *play(2, "sang", (4, 4, 8)), *play(3, "sang", (8, 4, 4))]
    error = refused(setup, events, announce(4, "pass"))
    assert error.message == "Ben has already played Pass (deal 1)."
    assert error.field == "contract"


def test_modern_forehand_is_forced_into_the_last_contract():
    setup = Setup(PLAYERS)
    contracts = ["spader", "valfri", "sang"]
    events: list[Event] = []
    for round_ in range(3):
        for k in range(3):
            deal = round_ * 3 + k + 1
            trump = "hearts" if contracts[round_] == "valfri" else None
            events += play(deal, contracts[round_], (5, 6, 5), trump)
    state = state_of(setup, events)
    assert state.current.number == 10
    assert state.allowed == (Contract.PASS,)
    assert state.remaining(state.current.declarer) == (Contract.PASS,)


def test_trump_rules():
    setup = Setup(PLAYERS)
    assert refused(setup, [], announce(1, "valfri")).field == "trump"
    assert "without trumps" in refused(setup, [], announce(1, "sang", "hearts")).message
    assert (
        refused(setup, [], announce(1, "spader", "hearts")).message
        == "In Spader, spades are trumps."
    )
    state = state_after(setup, [], announce(1, "valfri", "spades"))  # Valfri may name spades again
    assert state.announced.trump is Suit.SPADES
    assert (
        "not played in the modern game" in refused(setup, [], announce(1, "trumf", "clubs")).message
    )


@pytest.mark.parametrize(
    ("tricks", "message"),
    [
        ([5, 5, 5], "The tricks add up to 15, but a deal has 16 tricks."),
        ([17, 0, -1], "Tricks must be whole numbers from 0 to 16."),
        ([8, 8], "Enter the tricks of all three players."),
        ([8.0, 4, 4], "Tricks must be whole numbers from 0 to 16."),
        (["8", 4, 4], "Tricks must be whole numbers from 0 to 16."),
        ([True, 11, 4], "Tricks must be whole numbers from 0 to 16."),
    ],
)
def test_tricks_must_be_whole_numbers_summing_to_16(tricks, message):
    setup = Setup(PLAYERS)
    error = refused(setup, [announce(1, "sang")], Event("record", {"deal": 1, "tricks": tricks}))
    assert error.message == message
    assert error.field == "tricks"


def test_only_the_current_deal_can_be_recorded():
    setup = Setup(PLAYERS)
    events = play(1, "sang", (8, 4, 4))
    assert "already recorded" in refused(setup, events, announce(1, "pass")).message
    assert refused(setup, events, announce(3, "pass")).message == "This is deal 2, not deal 3."
    assert "Announce the contract" in refused(setup, events, record(2, 8, 4, 4)).message
    assert (
        "already announced"
        in refused(setup, [*events, announce(2, "sang")], announce(2, "pass")).message
    )


def test_nothing_after_the_last_deal():
    setup = Setup(PLAYERS, variant=Variant.CLASSIC)
    events: list[Event] = []
    for deal in range(1, 10):
        contract = schedule(setup)[deal - 1].fixed_contract.value
        events += play(deal, contract, (6, 5, 5), "clubs" if contract == "trumf" else None)
    state = state_of(setup, events)
    assert state.finished and state.phase == "finished"
    assert "The game is over" in refused(setup, events, announce(10, "sang")).message


def test_classic_names_the_fixed_contract():
    setup = Setup(PLAYERS, variant=Variant.CLASSIC)
    assert (
        refused(setup, [], announce(1, "sang")).message
        == "Deal 1 is Trumf in the classic 1949 game."
    )
    assert refused(setup, [], announce(1, "trumf")).field == "trump"
    state = state_after(
        setup,
        [],
        Event("record", {"deal": 1, "contract": "trumf", "trump": "diamonds", "tricks": [4, 8, 4]}),
    )
    assert state.deals[0].scores == (0, 0, 0)


def test_british_game_scores_the_dealer_as_declarer():
    setup = Setup(PLAYERS, variant=Variant.BRITISH)
    state = state_of(setup, play(1, "sang", (10, 3, 3)))
    assert state.deals[0].declarer == 0
    assert state.deals[0].scores == (2, -1, -1)


# --- redeal, corrections, undo, ties ---


def test_redeal_keeps_deal_and_contract_and_scores_nothing():
    setup = Setup(PLAYERS)
    events = [announce(1, "valfri", "hearts"), Event("redeal", {"deal": 1, "trump": "clubs"})]
    state = state_of(setup, events)
    assert state.current.number == 1 and state.phase == "record"
    assert state.announced.redeals == 1 and state.announced.trump is Suit.CLUBS
    assert state.totals == (0, 0, 0)
    state = state_after(setup, events, record(1, 4, 8, 4))
    assert state.deals[0].redeals == 1 and state.deals[0].contract is Contract.VALFRI
    error = refused(setup, [announce(1, "sang")], Event("redeal", {"deal": 1, "trump": "clubs"}))
    assert "keeps its trumps" in error.message
    assert "nothing to redeal" in refused(setup, [], Event("redeal", {"deal": 1})).message


def test_correction_rederives_everything_after_it():
    setup = Setup(PLAYERS, first_dealer=2)
    events = [*play(1, "sang", (6, 6, 4)), *play(2, "pass", (9, 2, 5))]
    state = state_after(setup, events, Event("correct", {"deal": 1, "tricks": [8, 4, 4]}))
    assert state.deals[0].scores == (0, 0, 0)
    assert state.totals == (-3, 2, 1)
    assert state.history[-1].summary == "corrected: tricks 6/6/4 → 8/4/4"


def test_correction_that_breaks_a_later_deal_is_refused_naming_it():
    setup = Setup(PLAYERS)  # Ben is forehand in deals 1 and 4
    events = [*play(1, "sang", (4, 8, 4)), *play(2, "sang", (4, 4, 8)), *play(3, "sang", (8, 4, 4))]
    events += play(4, "pass", (6, 4, 6))
    error = refused(setup, events, Event("correct", {"deal": 1, "contract": "pass"}))
    assert error.message == (
        "This correction would make deal 4 illegal: Ben has already played Pass (deal 1)."
    )
    assert error.deal == 4


def test_a_correction_of_several_deals_is_checked_as_a_whole():
    setup, events = swap_game()
    # Each half of the swap alone would use a contract twice ...
    alone = refused(setup, events, Event("correct", {"deal": 1, "contract": "sang"}))
    assert alone.message == "This correction would make deal 10 illegal: " + (
        "Ben has already played Sang (deal 1)."
    )
    assert (
        "Ben has already played Spader (deal 1)"
        in refused(setup, events, Event("correct", {"deal": 10, "contract": "spader"})).message
    )
    # ... both at once is one correction, and everything is scored again.
    swap = Event(
        "correct",
        {"deals": [{"deal": 10, "contract": "spader"}, {"deal": 1, "contract": "sang"}]},
    )
    state = state_after(setup, events, swap)
    assert [state.deals[0].contract, state.deals[9].contract] == [Contract.SANG, Contract.SPADER]
    assert state.deals[0].scores == (0, 0, 0)  # Ben's 8 tricks make the quota of Sang too
    assert state.deals[9].scores == (0, 1, -1)
    assert sum(state.totals) == 0
    last = state.history[-1]
    assert last.summary == "corrected deal 1: Spader → Sang; deal 10: Sang → Spader"
    assert last.deal is None
    # An undo takes the whole correction back.
    undone = state_of(setup, [*events, swap, Event("undo")])
    assert undone.deals == state_of(setup, events).deals


def test_a_correction_of_one_deal_in_a_list_reads_like_the_single_one():
    setup, events = swap_game()
    one = state_after(
        setup, events, Event("correct", {"deals": [{"deal": 4, "tricks": [6, 5, 5]}]})
    )
    single = state_after(setup, events, Event("correct", {"deal": 4, "tricks": [6, 5, 5]}))
    assert one.deals == single.deals
    assert (
        one.history[-1].summary == single.history[-1].summary == "corrected: tricks 6/4/6 → 6/5/5"
    )
    assert one.history[-1].deal == 4
    # A deal listed without a change is left as it is.
    same = {"deal": 2, "contract": "sang"}
    both = state_after(
        setup, events, Event("correct", {"deals": [same, {"deal": 4, "tricks": [6, 5, 5]}]})
    )
    assert both.deals == single.deals
    assert both.history[-1].deal == 4


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"deals": []}, "A correction lists the deals it changes."),
        ({"deals": "1"}, "A correction lists the deals it changes."),
        ({"deals": [1]}, "Each corrected deal must be a record of fields."),
        (
            {"deal": 1, "deals": [{"deal": 1, "contract": "sang"}]},
            "A correction names one deal or a list of deals, not both.",
        ),
        (
            {"deals": [{"deal": 2, "contract": "pass"}, {"deal": 2, "contract": "spader"}]},
            "Deal 2 is corrected twice in one correction.",
        ),
        ({"deals": [{"deal": 11, "contract": "pass"}]}, "Deal 11 has not been played yet."),
        (
            {"deals": [{"deal": 1, "contract": "spader"}, {"deal": 2, "contract": "sang"}]},
            "That is what these deals already say.",
        ),
        (
            # Deal 4 is listed but unchanged; Valfri in deal 1 is Ben's second (deal 7).
            {"deals": [{"deal": 1, "contract": "valfri", "trump": "clubs"}, {"deal": 4}]},
            "This correction would make deal 7 illegal: Ben has already played Valfri (deal 1).",
        ),
    ],
)
def test_a_correction_of_several_deals_refuses_what_makes_no_sense(data, message):
    setup, events = swap_game()
    assert refused(setup, events, Event("correct", data)).message == message


def test_undo_takes_back_the_last_action_and_keeps_it_in_the_history():
    setup = Setup(PLAYERS)
    events = [*play(1, "sang", (4, 8, 4)), Event("undo"), Event("undo")]
    state = state_of(setup, events)
    assert state.deals == () and state.phase == "announce"
    assert [h.undone for h in state.history] == [True, True, False, False]
    assert refused(setup, events, Event("undo")).message == "There is nothing to undo."


def test_tied_players_share_the_victory():
    setup = Setup(PLAYERS, variant=Variant.CLASSIC)
    events: list[Event] = []
    for slot in schedule(setup):
        contract = slot.fixed_contract
        tricks = contract.quotas(slot.declarer)  # everybody makes exactly their quota ...
        if slot.number == 9:  # ... except in the last deal (Pass, Anna declares, 4 6 6)
            tricks = (4, 5, 7)
        events += play(
            slot.number, contract.value, tricks, "clubs" if contract.needs_trump else None
        )
    state = state_of(setup, events)
    assert state.finished
    assert state.totals == (0, 1, -1)
    assert state.winners == (1,)
    events[-1] = record(9, 3, 6, 7)
    assert state_of(setup, events).winners == (0,)
    events[-1] = record(9, 4, 6, 6)
    assert state_of(setup, events).winners == (0, 1, 2)


def test_two_players_tied_on_top_share():
    setup = Setup(PLAYERS, variant=Variant.CLASSIC)
    events: list[Event] = []
    for slot in schedule(setup):
        contract = slot.fixed_contract
        tricks = contract.quotas(slot.declarer)
        if slot.number == 4:  # Sang, Ben declares with quota 8: Anna 5, Ben 6, Carla 5
            tricks = (5, 6, 5)
        events += play(
            slot.number, contract.value, tricks, "clubs" if contract.needs_trump else None
        )
    state = state_of(setup, events)
    assert state.totals == (1, -2, 1)
    assert state.winners == (0, 2)


def test_setup_validation():
    with pytest.raises(RuleError, match="exactly three"):
        Setup(("Anna", "Ben"))
    with pytest.raises(RuleError, match="Two players are called"):
        Setup(("Anna", "anna", "Ben"))
    with pytest.raises(RuleError, match="first dealer"):
        Setup(PLAYERS, first_dealer=3)
    with pytest.raises(RuleError, match="needs a name"):
        Setup(("Anna", " ", "Ben"))
    assert Setup.from_dict(
        Setup(PLAYERS, 1, Variant.BRITISH, frozenset({"must_trump"})).to_dict()
    ) == Setup(PLAYERS, 1, Variant.BRITISH, frozenset({"must_trump"}))


# --- properties over random legal games ---


@settings(max_examples=60)
@given(legal_games())
def test_properties_of_legal_games(game):
    setup, events = game
    state = state_of(setup, events)
    running = [0, 0, 0]
    for deal in state.deals:
        assert sum(deal.scores) == 0
        running = [r + s for r, s in zip(running, deal.scores, strict=True)]
        assert list(deal.totals) == running
    assert list(state.totals) == running
    # Each declarer uses each contract at most once; all of them when the game is over.
    for seat in range(3):
        mine = [d.contract for d in state.deals if d.declarer == seat]
        assert len(mine) == len(set(mine))
        if state.finished:
            assert sorted(c.value for c in mine) == sorted(c.value for c in setup.variant.contracts)
    assert state_of(setup, events) == state  # replay is deterministic
    if state.finished:
        assert max(state.totals) == state.totals[state.winners[0]]


@settings(max_examples=30)
@given(legal_games(), st.integers(1, 3))
def test_undo_returns_to_the_earlier_state(game, steps):
    setup, events = game
    if len(events) < steps:
        return
    undone = state_of(setup, [*events, *[Event("undo")] * steps])
    earlier = state_of(setup, events[: len(events) - steps])
    assert undone.deals == earlier.deals and undone.totals == earlier.totals
