"""The hand-by-hand log Klaberjass and Sviten Special share (games/hand_log.py), on a game of
its own: each hand gives one side some points, the first side to 10 wins. Worked examples of
every refusal, and properties of random logs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games.events import Event, Played, RuleError
from scorekeeper.games.hand_log import EventKind, HandRules, HandsState, hand_event_of
from scorekeeper.games.text import T_, Text

TARGET = 10


@dataclass(frozen=True)
class Setup:
    first_dealer: int = 0

    def dealer_of(self, number: int) -> int:
        return (self.first_dealer + number - 1) % 2


@dataclass(frozen=True)
class Hand:
    side: int
    points: int


@dataclass(frozen=True)
class Result:
    hand: Hand
    totals: tuple[int, int]


class State(HandsState[Setup, Result]):
    pass


def parse(data: Mapping[str, Any], number: int, _state: State) -> Hand:
    side, points = data.get("side"), data.get("points")
    if side not in (0, 1) or not isinstance(points, int) or points < 0:
        raise RuleError(T_("Hand %(n)s: which side scored how much?", n=number), deal=number)
    return Hand(side, points)


def score(state: State, hand: Hand, number: int) -> State:
    if hand.points > 7:  # a rule that a correction of an earlier hand cannot change
        raise RuleError(T_("At most 7 points in hand %(n)s.", n=number), deal=number)
    totals = list(state.totals)
    totals[hand.side] += hand.points
    won = [side for side in (0, 1) if totals[side] >= TARGET]
    return replace(
        state,
        hands=(*state.hands, Result(hand, (totals[0], totals[1]))),
        totals=(totals[0], totals[1]),
        winner=won[0] if len(won) == 1 else None,
    )


RULES: HandRules[State, Hand] = HandRules(
    start=lambda setup: State(setup=setup, hands=(), totals=(0, 0), winner=None),
    parse=parse,
    score=score,
    describe=lambda result: T_("%(points)s points", points=result.hand.points),
    over=lambda state: T_("Over: side %(side)s won.", side=state.winner),
    over_before=lambda state, number: T_("Over before hand %(n)s.", n=number),
)


def play(*entries: Event) -> State:
    return Played(RULES.start(Setup())).then(entries, RULES.fold).state


def hand(number: int, side: int, points: int) -> Event:
    return hand_event_of(EventKind.HAND, number, {"side": side, "points": points})


def correct(number: int, side: int, points: int) -> Event:
    return hand_event_of(EventKind.CORRECT, number, {"side": side, "points": points})


def refusal(*entries: Event) -> RuleError:
    with pytest.raises(RuleError) as caught:
        play(*entries)
    return caught.value


def said(text: Text) -> str:
    return str(text)


# --- worked examples ------------------------------------------------------------------------


def test_hands_add_up_and_the_first_side_to_the_target_wins():
    state = play(hand(1, 0, 6), hand(2, 1, 7), hand(3, 0, 5))
    assert state.totals == (11, 7)
    assert [r.totals for r in state.hands] == [(6, 0), (6, 7), (11, 7)]
    assert state.winner == 0 and state.finished and state.current_hand is None
    assert state.leader == 0 and state.log_length == 3


def test_the_next_hand_and_its_dealer():
    state = play(hand(1, 0, 2))
    assert state.current_hand == 2
    assert state.current_dealer == 1  # the deal alternates from seat 0
    assert state.leader == 0
    assert play().leader is None


MISSING = "Which hand is this for? The hand number is missing."


@pytest.mark.parametrize(
    ("entries", "message", "deal"),
    [
        (
            (hand(1, 0, 2), hand(1, 1, 2)),
            "Hand 1 is already recorded; use Correct to change it.",
            1,
        ),
        ((hand(2, 0, 2),), "This is hand 1, not hand 2.", 2),
        ((hand(1, 0, 7), hand(2, 0, 7), hand(3, 0, 1)), "Over: side 0 won.", 3),
        (
            (hand(1, 0, 2), correct(2, 0, 2)),
            "Hand 2 has not been played yet: there is nothing to correct.",
            2,
        ),
        ((hand(1, 0, 2), correct(1, 0, 2)), "That is what hand 1 already says.", 1),
        ((Event("hand", {"side": 0, "points": 1}),), MISSING, None),
        ((Event("hand", {"number": True}),), MISSING, None),
        ((hand(0, 0, 1),), "There is no hand 0: hands are numbered from 1.", 0),
        ((Event("shuffle", {"number": 1}),), "Unknown action 'shuffle'.", None),
    ],
)
def test_what_the_log_refuses(entries, message, deal):
    error = refusal(*entries)
    assert str(error) == message
    assert error.deal == deal


def test_an_event_without_fields_is_refused():
    assert (
        str(refusal(Event("hand", ["number", 1]))) == "An event's data must be a record of fields."
    )  # type: ignore[arg-type]


def test_a_correction_scores_every_later_hand_again():
    state = play(hand(1, 0, 2), hand(2, 1, 3), hand(3, 0, 1), correct(1, 1, 4))
    assert [r.totals for r in state.hands] == [(0, 4), (0, 7), (1, 7)]
    assert said(state.history[-1].summary) == "corrected: 4 points"


def test_a_correction_that_ends_the_game_early_names_the_hand_it_makes_illegal():
    error = refusal(hand(1, 0, 2), hand(2, 0, 2), hand(3, 1, 1), correct(1, 0, 7), correct(2, 0, 7))
    assert str(error) == "This correction would make hand 3 illegal: Over before hand 3."
    assert error.deal == 3


def test_a_correction_breaking_its_own_hand_says_so_plainly():
    error = refusal(hand(1, 0, 2), hand(2, 1, 3), correct(1, 0, 8))
    assert str(error) == "At most 7 points in hand 1."


def test_the_scoreboard_gives_each_side_its_running_totals():
    board = play(hand(1, 0, 6), hand(2, 1, 7), hand(3, 0, 5)).scoreboard_of(((0, 2), (1, 3)))
    assert board.sides == ((0, 2), (1, 3))
    assert board.deals == ((6, 0), (6, 7), (11, 7))
    assert board.finished and board.winners == (0,)


# --- properties -----------------------------------------------------------------------------


def _until_won(played: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The hands up to the one that ends the game (no hand is played after it)."""
    totals = [0, 0]
    for index, (side, points) in enumerate(played):
        totals[side] += points
        if max(totals) >= TARGET:
            return played[: index + 1]
    return played


hands = st.lists(st.tuples(st.integers(0, 1), st.integers(0, 3)), max_size=12).map(_until_won)


@given(hands)
def test_totals_are_the_sum_of_the_hands(played):
    state = play(*(hand(n, side, points) for n, (side, points) in enumerate(played, 1)))
    for side in (0, 1):
        assert state.totals[side] == sum(p for s, p in played if s == side)
    assert len(state.hands) == len(played) == state.log_length
    assert state.finished == any(t >= TARGET for t in state.totals)


@given(hands, st.data())
def test_a_correction_is_the_log_as_if_the_hand_had_been_recorded_so(played, data):
    if not played:
        return
    number = data.draw(st.integers(1, len(played)))
    side, points = data.draw(st.tuples(st.integers(0, 1), st.integers(0, 3)))
    entries = [hand(n, s, p) for n, (s, p) in enumerate(played, 1)]
    fixed = list(played)
    fixed[number - 1] = (side, points)
    try:
        corrected = play(*entries, correct(number, side, points))
    except RuleError:  # the same hand, or the game now over before a later hand
        return
    assert corrected.totals == play(*(hand(n, s, p) for n, (s, p) in enumerate(fixed, 1))).totals
