"""Whole numbers as people type them: ASCII digits only, at most 30 of them, a minus only where
asked for; never what else Python's ``int()`` reads."""

from __future__ import annotations

import pytest

from scorekeeper.games.events import RuleError
from scorekeeper.games.klaberjass.entry import run_cards
from scorekeeper.games.text import MAX_DIGITS, whole_number


@pytest.mark.parametrize(
    ("typed", "number"), [("0", 0), ("7", 7), ("016", 16), ("9" * MAX_DIGITS, 10**MAX_DIGITS - 1)]
)
def test_ascii_digits_are_a_whole_number(typed, number):
    assert whole_number(typed) == number
    assert whole_number(typed, negative=True) == number


@pytest.mark.parametrize("typed", ["1_0", "+5", "５", "١٢", "۱۲", "１２", " 5", "5 ", "5\n"])
def test_what_int_reads_is_not_a_typed_whole_number(typed):
    int(typed)  # Python's int() reads each of these
    assert whole_number(typed) is None
    assert whole_number(typed, negative=True) is None


@pytest.mark.parametrize("typed", ["", "1e3", "0x1", "1.0", "-", "--5", "five"])
def test_nor_is_anything_else(typed):
    assert whole_number(typed) is None
    assert whole_number(typed, negative=True) is None


def test_a_minus_only_where_asked_for():
    assert whole_number("-3") is None
    assert whole_number("-3", negative=True) == -3


def test_more_digits_than_any_record_holds_are_not_a_number():
    assert whole_number("9" * (MAX_DIGITS + 1)) is None
    assert whole_number("9" * 5000, negative=True) is None  # beyond int()'s 4300 digits too


@pytest.mark.parametrize("length", ["+4", "４", "4_", "٤"])
def test_a_klaberjass_sequence_length_is_digits(length):
    with pytest.raises(RuleError, match="Choose the length, suit and top card"):
        run_cards(length, "♠", "K", "Anna")
    assert run_cards("4", "♠", "K", "Anna") == ["KS", "QS", "JS", "10S"]
