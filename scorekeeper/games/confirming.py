"""Which entries of a game wait for a second phone (issue 26, "a second phone confirms"). Pure:
no Flask, no database.

In a game that confirms, an entry that scores (a deal's tricks, a hand, a correction: the
game's :attr:`~scorekeeper.games.game.Game.scored` kinds) waits until a phone at another seat
confirms it — an opponent, in a game of pairs the other pair, since a pair is one seat — or the
organiser does. Only the latest scoring entry still in effect of each round can wait: a
correction takes the place of what it corrects, and is confirmed in its turn. The organiser's
own entries do not wait; an entry whose phone did not say who it is waits for any seat.
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
    """An entry waiting for confirmation: its log position, the round it is about (None: a
    correction of several rounds at once) and the seat that entered it (None: not known)."""

    seq: int
    deal: int | None
    seat: str | None


def confirms(entered_by: str | None, seat: str) -> bool:
    """Whether a confirmation by ``seat`` counts for an entry ``entered_by``: the organiser's
    always, any other seat's unless it is the one that entered it."""
    return seat == ORGANISER or seat != entered_by


def waiting_entries(
    history: Sequence[HistoryEntry],
    seat_of: Callable[[int], str | None],
    confirmed: Mapping[int, Collection[str]],
    scored: Collection[str],
) -> tuple[Waiting, ...]:
    """The entries of ``history`` that wait, in log order. ``seat_of`` says who entered the
    entry at a log position, ``confirmed`` which seats confirmed each log position."""
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
        if any(confirms(by, seat) for seat in confirmed.get(entry.seq, ())):
            continue
        found.append(Waiting(entry.seq, entry.deal, by))
    return tuple(found)


def why_not(entry: Waiting | None, seat: str | None) -> Text | None:
    """Why a phone at ``seat`` may not confirm ``entry`` (None: not waiting, any more), or
    None when it may."""
    if entry is None:
        return T_("This entry is not waiting for confirmation (any more).")
    if seat is None:
        return T_("Say who you are at this phone first: a phone of another seat confirms.")
    if not confirms(entry.seat, seat):
        return T_(
            "This phone's seat entered it: a phone of another seat (an opponent) confirms it."
        )
    return None
