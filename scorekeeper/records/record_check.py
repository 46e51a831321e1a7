"""The steps of :meth:`Codec.parse <scorekeeper.records.codec.Codec.parse>` that check a record
against its codec: the list of entries read, the history's seats, the log replayed (naming the
first event the rules refuse), the list compared with the history and the derived fields with
the replayed state. Each adds its problems; the codec raises them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.games.events import Event, Played, RuleError
from scorekeeper.games.text import T_, Text
from scorekeeper.records.entry_problems import not_an_object, said_of, unlike_history
from scorekeeper.records.problems import RECORD, Problems, is_int, same, show, unknown_fields

if TYPE_CHECKING:
    from scorekeeper.records.codec import Codec

_ABSENT = object()


def check_seats(
    codec: Codec[Any, Any, Any], setup: Any, seats: Sequence[str | None], problems: Problems
) -> None:
    """Each seat of the history is one the game has (a player's; a pair's, in a game of
    pairs)."""
    count = len(setup.players) // (2 if codec.game.pairs else 1)
    for index, seat in enumerate(seats):
        if seat is not None and seat.isdigit() and int(seat) >= count:
            problems.add(
                T_("history entry %(n)s", n=index + 1),
                T_(
                    "seat %(seat)s: this game has seats 0 to %(last)s",
                    seat=seat,
                    last=count - 1,
                ),
            )


def parse_items(
    codec: Codec[Any, Any, Any], raw_items: Any, setup: Any | None, problems: Problems
) -> tuple[list[Any], list[Any]]:
    """The record's list of entries as given (empty if it is not a list, or too long) and
    each entry as read (None where it has problems)."""
    if not isinstance(raw_items, list):
        problems.add(
            RECORD,
            T_(
                "%(field)s must be a list, not %(value)s",
                field=codec.items,
                value=show(raw_items, 30),
            ),
        )
        return [], []
    if len(raw_items) > codec.max_items(setup):
        problems.add(RECORD, codec.too_many(setup, len(raw_items)))
        return [], []
    entries: list[Any] = []
    for index, item in enumerate(raw_items):
        if not isinstance(item, dict):
            problems.add(codec.where(index + 1), not_an_object(item))
            continue
        unknown = [name for name in item if name not in codec._item_fields]
        if unknown:
            problems.add(codec.where(index + 1), unknown_fields(unknown))
            continue
        entries.append(codec.parse_item(setup, index, item, index == len(raw_items) - 1, problems))
    return raw_items, entries


def replay_checked(
    codec: Codec[Any, Any, Any],
    setup: Any,
    events: Sequence[Event],
    problems: Problems,
    *,
    history: bool,
) -> Played[Any] | None:
    """The events replayed (once); or None, with a problem naming the first event the rules
    refuse (its history entry, if the events came from the history) and its deal."""
    game = codec.game
    try:
        return game.replay(setup, events)
    except RuleError:
        pass
    # Fold again one event at a time, to name the first one the rules refuse.
    played = game.replay(setup, ())
    for position, event in enumerate(events, 1):
        try:
            played = game.apply(played, event)
        except RuleError as error:
            refused(codec, error, event, position, problems, history=history)
            break
    return None


def refused(
    codec: Codec[Any, Any, Any],
    error: RuleError,
    event: Event,
    position: int,
    problems: Problems,
    *,
    history: bool,
) -> None:
    number = error.deal
    if number is None:
        number = event.data.get(codec.number_key)
        number = number if is_int(number) else None
    if not history:
        problems.add(codec.where(number), error.text)
    elif number is None:
        problems.add(T_("history entry %(n)s", n=position), error.text)
    else:
        problems.add(said_of(codec.item, "entry", n=position, number=number), error.text)


def compare(
    codec: Codec[Any, Any, Any], state: Any, entries: Sequence[Any], problems: Problems
) -> None:
    """A record's list must say what its history says."""
    expected = codec.state_entries(state)
    if len(expected) != len(entries):
        problems.add(RECORD, said_of(codec.item, "lengths", n=len(expected), count=len(entries)))
        return
    for number, (mine, theirs) in enumerate(zip(entries, expected, strict=True), 1):
        if mine is None:
            continue
        given, wanted = codec.entered(mine), codec.entered(theirs)
        for name, value in wanted.items():
            if not same(given.get(name), value):
                problems.add(codec.where(number), unlike_history(name, given.get(name), value))


def check_derived(
    codec: Codec[Any, Any, Any],
    raw: dict[str, Any],
    raw_items: Sequence[Any],
    state: Any,
    problems: Problems,
) -> None:
    for index, (item, wanted) in enumerate(zip(raw_items, codec.items_list(state), strict=True)):
        for name in codec.item_derived:
            if name in item:
                check_field(codec, problems, codec.where(index + 1), name, item[name], wanted)
    top = codec.top_derived(state)
    for name in codec.top_fields:
        if name in raw:
            check_field(codec, problems, RECORD, name, raw[name], top)


def check_field(
    codec: Codec[Any, Any, Any],
    problems: Problems,
    where: Text,
    name: str,
    value: Any,
    wanted: Mapping[str, Any],
) -> None:
    expected = wanted.get(name, _ABSENT)
    if expected is _ABSENT:
        problems.add(where, said_of(codec.item, "unscored", field=name))
    elif not same(value, expected):
        problems.add(
            where,
            T_(
                "%(field)s should be %(value)s, not %(given)s",
                field=name,
                value=show(expected),
                given=show(value),
            ),
        )
