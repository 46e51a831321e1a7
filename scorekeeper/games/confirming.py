"""Which entries of a game wait for a second phone (issue 26, "a second phone confirms"). Pure:
no Flask, no database.

In a game that confirms, an entry that scores (a deal's tricks, a hand, a correction: the
game's :attr:`~scorekeeper.games.game.Game.scored` kinds) waits until a phone at another seat
confirms it — an opponent, in a game of pairs the other pair, since a pair is one seat — or the
organiser does. Only the latest scoring entry still in effect of each deal can wait: a
correction takes the place of what it corrects, and is confirmed in its turn. The organiser's
own entries do not wait; an entry whose phone did not say who it is waits for any seat.

A confirmation comes from another person's phone (issue 35): the phone that entered an entry
never confirms it, whatever seat it says it is at now, nor as the organiser; a phone's seat in
a game that confirms is the one it :func:`held` there once it has entered or confirmed
anything at a seat; in an evening, a phone that entered or confirmed at one table of a round
confirms at no other table of that round.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.games.events import HistoryEntry
from scorekeeper.games.text import T_, Text

#: The seat an entry or a confirmation records when the organiser made it.
ORGANISER = "organiser"


@dataclass(frozen=True)
class Waiting:
    """An entry waiting for confirmation: its log position, the deal it is about (None: a
    correction of several deals at once), the seat that entered it and the phone it was
    entered from (None: not known)."""

    seq: int
    deal: int | None
    seat: str | None
    phone: str | None = None


def is_a_players(seat: str | None) -> bool:
    """Whether ``seat`` is a player's (or a pair's) seat: not unknown, not the organiser."""
    return seat is not None and seat != ORGANISER


def held(
    seats: Sequence[str | None],
    phones: Sequence[str | None],
    confirmers: Mapping[str, str],
) -> dict[str, str]:
    """The seat each phone holds in a game whose log was entered at ``seats`` from ``phones``
    (one each, by log position; either may be shorter: not known) and whose confirmations were
    made at the seat ``confirmers`` says for each phone: the seat of its latest entry made at a
    player's seat, else the seat it confirmed at. A phone that has done neither holds none;
    entries made at no seat, and the organiser's, hold no seat."""
    found = dict(confirmers)
    for seat, phone in zip(seats, phones, strict=False):
        if phone is not None and is_a_players(seat):
            found[phone] = str(seat)
    return found


def confirms(entered_by: str | None, seat: str, sides: Mapping[str, str] | None = None) -> bool:
    """Whether a confirmation by ``seat`` counts for an entry ``entered_by``: the organiser's
    always, any other seat's unless it is the one that entered it or, where seats score
    together (``sides``: each seat's side, :meth:`~scorekeeper.games.game.Game.sides_of_seats`),
    one of its side's."""
    if seat == ORGANISER:
        return True
    if sides and entered_by is not None:
        return sides.get(seat, seat) != sides.get(entered_by, entered_by)
    return seat != entered_by


def waiting_entries(
    history: Sequence[HistoryEntry],
    seat_of: Callable[[int], str | None],
    confirmed: Mapping[int, Collection[str]],
    scored: Collection[str],
    phone_of: Callable[[int], str | None] | None = None,
    sides: Mapping[str, str] | None = None,
) -> tuple[Waiting, ...]:
    """The entries of ``history`` that wait, in log order. ``seat_of`` says who entered the
    entry at a log position (and ``phone_of`` from which phone), ``confirmed`` which seats
    confirmed each log position, ``sides`` which side each seat scores with (see
    :func:`confirms`)."""
    latest: dict[int | tuple[str, int], HistoryEntry] = {}
    for entry in history:
        if entry.undone or entry.kind not in scored:
            continue
        latest[entry.deal if entry.deal is not None else ("several", entry.seq)] = entry
    found = []
    for entry in sorted(latest.values(), key=lambda e: e.seq):
        by = seat_of(entry.seq)
        if by == ORGANISER:
            continue
        if any(confirms(by, seat, sides) for seat in confirmed.get(entry.seq, ())):
            continue
        found.append(Waiting(entry.seq, entry.deal, by, phone_of(entry.seq) if phone_of else None))
    return tuple(found)


def why_not(
    entry: Waiting | None,
    seat: str | None,
    phone: str | None = None,
    elsewhere: int | None = None,
    sides: Mapping[str, str] | None = None,
) -> Text | None:
    """Why a phone at ``seat`` may not confirm ``entry`` (None: not waiting, any more), or
    None when it may. ``phone`` is which phone asks (None: not known); ``elsewhere`` the other
    table of the same round of an evening where that phone entered or confirmed at a seat;
    ``sides`` which side each seat scores with (a team's seat confirms no entry of its team)."""
    if entry is None:
        return T_("This entry is not waiting for confirmation (any more).")
    if phone is not None and entry.phone == phone:
        return T_("This phone entered it: another phone (an opponent's) confirms it.")
    if seat == ORGANISER:
        return None
    if elsewhere is not None:
        return T_(
            "This phone entered or confirmed at table %(table)s of this round: a phone at this "
            "table confirms.",
            table=elsewhere,
        )
    if seat is None:
        return T_("Say who you are at this phone first: a phone of another seat confirms.")
    if not confirms(entry.seat, seat, sides):
        return T_(
            "This phone's seat entered it: a phone of another seat (an opponent) confirms it."
        )
    return None
