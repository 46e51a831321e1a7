"""The evenings' blueprint and what its views share: the evening (or the 404 page), this
browser's list of evenings, the evening's address, its club and whether this phone is the
club's organiser, what of its standings may be shown, and a table's sides."""

from __future__ import annotations

from collections.abc import Sequence

from flask import Blueprint, abort, session

from scorekeeper.clubs import services as clubs
from scorekeeper.evenings import services
from scorekeeper.evenings.standings import Standings
from scorekeeper.evenings.suspense import Curtain, curtain
from scorekeeper.web.pages import GamePages, pages_for

bp = Blueprint("evenings", __name__)

#: How many evenings a browser keeps on its list.
MY_EVENINGS = 10


def pages_or_404(kind: str) -> GamePages:
    try:
        return pages_for(kind)
    except LookupError:
        abort(404)


def evening_or_404(token: str) -> services.LoadedEvening:
    try:
        return services.load(token)
    except services.EveningNotFound:
        abort(404)


def state_or_404(token: str) -> tuple[tuple[tuple[int, int, int], ...], bool, int | None]:
    """The evening's log positions, whether it is closed and how many places of its hidden
    standings are revealed: the key of its kept pages."""
    try:
        return services.page_state(token)
    except services.EveningNotFound:
        abort(404)


def positions_or_404(token: str) -> tuple[tuple[int, int, int], ...]:
    try:
        return services.positions(token)
    except services.EveningNotFound:
        abort(404)


def remember_evening(token: str) -> None:
    """Keep the evening on this browser's list (the signed session cookie), newest first."""
    tokens = session.get("evenings", [])
    if tokens[:1] == [token]:
        return
    session["evenings"] = [token, *(t for t in tokens if t != token)][:MY_EVENINGS]


def my_evening_tokens() -> list[str]:
    return [t for t in session.get("evenings", []) if isinstance(t, str)]


def club_of(token: str) -> tuple[str | None, bool]:
    """The token of the club the evening belongs to (None: no club's) and whether this phone
    is its organiser, who may close the evening and open it again."""
    from scorekeeper.web.clubs.organiser import is_organiser  # the clubs' pages build on these

    club = clubs.club_of_evening(token)
    if club is None:
        return None, False
    return club.token, is_organiser(club)


def curtain_of(evening: services.LoadedEvening, standings: Standings) -> Curtain:
    """What of the standings may be shown: a club's evening may hide them for its last rounds
    until its organiser reveals them; an evening of no club (one imported, say) has no
    organiser to reveal them and shows everything."""
    hide = evening.setup.hide_last
    if hide and clubs.club_of_evening(evening.token) is None:
        hide = 0
    places = [row.place for row in standings.rows]
    return curtain(evening.setup.rounds, hide, evening.started, evening.revealed, places)


def sides(
    evening: services.LoadedEvening, pairs: bool, seats: Sequence[int]
) -> list[tuple[str, ...]]:
    """A table's players as they score: each alone, or two pairs (seats 0 and 2, 1 and 3)."""
    names = evening.names(seats)
    if pairs:
        return [(names[0], names[2]), (names[1], names[3])]
    return [(name,) for name in names]
