"""Engine messages are ids and parameters: English as before, any language when rendered."""

from __future__ import annotations

import pickle

import pytest

from scorekeeper.games import bismarck, klaberjass, sviten
from scorekeeper.games.events import RuleError
from scorekeeper.games.text import (
    ENGLISH,
    T_,
    Possessive,
    Signed,
    Text,
    Tn_,
    current_words,
    speaking,
)
from scorekeeper.languages.locales import words_for
from tests.games import state_of

SWEDISH = words_for("sv")


def test_a_refusal_is_its_english_and_an_id_with_parameters():
    setup = bismarck.Setup(("Anna", "Ben", "Carla"))
    state = state_of(setup, [bismarck_event("announce", 1, contract="pass")])
    with pytest.raises(RuleError) as caught:
        state_of(
            setup,
            [
                bismarck_event("announce", 1, contract="pass"),
                bismarck_event("record", 1, tricks=[4, 6, 6]),
                bismarck_event("announce", 2, contract="sang"),
                bismarck_event("record", 2, tricks=[6, 5, 5]),
                bismarck_event("announce", 3, contract="spader"),
                bismarck_event("record", 3, tricks=[6, 5, 5]),
                bismarck_event("announce", 4, contract="pass"),
            ],
        )
    error = caught.value
    assert state.history[0].summary == "Ben announced Pass"
    assert error.message == str(error) == "Ben has already played Pass (deal 1)."
    assert error.text.id == "%(name)s has already played %(contract)s (deal %(n)s)."
    assert dict(error.text.params) == {"name": "Ben", "contract": "Pass", "n": 1}
    assert error.text.render(SWEDISH) == "Ben har redan spelat Pass (giv 1)."


def bismarck_event(kind, deal, **data):
    from scorekeeper.games.events import Event

    return Event(kind, {"deal": deal, **data})


def test_words_inside_a_message_are_said_in_the_same_language():
    owner = Possessive(sviten.PAIR_NAMES[1])
    text = T_("%(owner)s meld points (%(points)s) must be a multiple of 5.", owner=owner, points=7)
    assert text == "E–W's meld points (7) must be a multiple of 5."
    assert text.render(SWEDISH) == "Ö–V:s kombinationspoäng (7) måste vara delbara med 5."
    assert Tn_("%(num)s card", "%(num)s cards", 1).render(SWEDISH) == "1 kort"
    assert Tn_("%(num)s meld", "%(num)s melds", 3).render(SWEDISH) == "3 kombinationer"


def test_possessives_numbers_and_signs_follow_the_language():
    assert [SWEDISH.possessive(name) for name in ("Anna", "Lars", "Max", "N–S", "Ö–V")] == [
        "Annas",
        "Lars",
        "Max",
        "N–S:s",
        "Ö–V:s",
    ]
    assert ENGLISH.possessive("Lars") == "Lars's"
    assert SWEDISH.number(100_000) == "100\xa0000" and SWEDISH.number(1000) == "1000"
    assert words_for("en").number(100_000) == "100,000"
    assert [SWEDISH.signed(n) for n in (2, -2, 0)] == ["+2", "−2", "0"]
    assert [words_for("en").signed(n) for n in (2, -2, 0)] == ["+2", "−2", "0"]
    assert T_("%(a)s", a=Signed(-10)) == "-10"  # the engines' English, as before
    assert T_("%(a)s", a=Signed(-10)).render(SWEDISH) == "−10"


def test_history_summaries_and_settlements_render_in_swedish():
    setup = klaberjass.Setup(("Anna", "Ben"), first_dealer=1)
    hand = {"maker": 0, "trump": "hearts", "last_trick": 1, "card_points": [40, 100]}
    state = state_of(setup, [klaberjass.hand_event(1, hand)])
    result = state.hands[0]
    assert result.settlement == "Anna made trumps and scored less: Ben takes 150"
    assert result.settlement.render(SWEDISH) == "Anna var förhand och fick minst: Ben får 150"
    assert state.history[0].summary.render(SWEDISH).startswith("giv 1: trumf ♥; Anna var förhand")


def test_a_text_survives_pickling_and_stays_a_string():
    text = T_("Deal %(n)s has no tricks recorded.", n=3)
    again = pickle.loads(pickle.dumps(text))
    assert isinstance(again, Text) and again == text and again.params == text.params
    assert isinstance(text, str) and text.upper().startswith("DEAL 3")


def test_the_current_words_are_english_unless_set():
    assert current_words() is ENGLISH
    with speaking(SWEDISH):
        assert T_("Record the trump suit.").render() == "Ange trumffärgen."
    assert T_("Record the trump suit.").render() == "Record the trump suit."
