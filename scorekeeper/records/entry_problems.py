"""What a record's problems say about its entries, in the words of the game's entries (``deal``,
``hand``), and the checks every game's codec shares on an entry's fields (its trump); quoted
from what the record says, a null in words."""

from __future__ import annotations

from functools import cache
from typing import Any

from scorekeeper.games.cards import Suit
from scorekeeper.games.text import N_, T_, Text
from scorekeeper.records.problems import Problems, show

#: The suit names a record uses (``spades`` ...).
SUIT_NAMES = tuple(suit.record_name for suit in Suit)

#: What the problems say about a record's entries, by what one entry is called (the game's
#: ``noun``): message ids, with ``n``, ``count``, ``most``, ``field`` as their parameters.
_BY_NOUN: dict[str, dict[str, str]] = {
    "deal": {
        "where": N_("deal %(n)s"),
        "entry": N_("history entry %(n)s (deal %(number)s)"),
        "too many": N_("a record holds at most %(most)s deals, this one lists %(count)s"),
        "lengths": N_("the history has %(n)s deals, but deals lists %(count)s"),
        "unscored": N_("%(field)s should be left out (the deal is not scored yet)"),
    },
    "hand": {
        "where": N_("hand %(n)s"),
        "entry": N_("history entry %(n)s (hand %(number)s)"),
        "too many": N_("a record holds at most %(most)s hands, this one lists %(count)s"),
        "lengths": N_("the history has %(n)s hands, but hands lists %(count)s"),
        "unscored": N_("%(field)s should be left out (the hand is not scored yet)"),
    },
}


def said_of(noun: str, what: str, **params: Any) -> Text:
    """The message ``what`` (a key of :data:`_BY_NOUN`) for a game whose entries are
    ``noun``s, with its parameters."""
    return Text(_BY_NOUN.get(noun, _BY_NOUN["deal"])[what], params)


@cache
def where_in(noun: str, number: int) -> Text:
    """Where in a record its entry ``number`` is ("deal 3"): made once (every entry of every
    game of a club record names its place, for a problem it might have)."""
    return said_of(noun, "where", n=number)


def unlike_history(field: str, given: Any, wanted: Any) -> Text:
    """A round's field that says other than the history, in a player's words: what each says,
    a null in words ("no trump", "nothing") rather than as JSON."""
    value = _in_words(field, wanted)
    if given is None:
        return T_("%(field)s is left out, but the history says %(value)s", field=field, value=value)
    return T_(
        "%(field)s says %(given)s, but the history says %(value)s",
        field=field,
        given=_in_words(field, given),
        value=value,
    )


def _in_words(field: str, value: Any) -> Text | str:
    if value is None:
        return T_("no trump") if field == "trump" else T_("nothing")
    return show(value)


def not_an_object(value: Any) -> Text:
    return T_("must be an object ({…}), not %(value)s", value=show(value, 30))


def check_trump(where: Text, trump: Any, problems: Problems, *, or_null: bool = False) -> None:
    """A ``trump`` that is absent or a suit name; ``or_null`` when no-trump is a choice."""
    if trump is not None and trump not in SUIT_NAMES:
        choices = ", ".join(SUIT_NAMES)
        shown = show(trump, 30)
        problems.add(
            where,
            T_(
                "trump must be one of %(choices)s or null, not %(value)s",
                choices=choices,
                value=shown,
            )
            if or_null
            else T_(
                "trump must be one of %(choices)s, not %(value)s", choices=choices, value=shown
            ),
        )
