"""An evening's numbers and states in words, as its pages and prints say them (and the clubs'
pages, for points): points, where a table stands, minutes gone quiet, how the evening is
scored."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from flask_babel import gettext as _

from scorekeeper.evenings.standings import TOTALS, TableState
from scorekeeper.games.text import join_names


def scoring_explained(scoring: str) -> list[str]:
    """How an evening with ``scoring`` is scored, paragraph by paragraph (the page and the
    printed standings say the same)."""
    if scoring == TOTALS:
        first = _(
            "Game totals: at every table a player scores their total in that game; the evening "
            "adds them up. A game that sums to zero at its table keeps the evening summing to "
            "zero too."
        )
    else:
        first = _(
            "Placings: at every table a player scores a point for each player (or pair) placed "
            "below them and half a point for each one level with them: 2, 1 and 0 at a table of "
            "three; 1 for the winner of a game of two, ½ each for a tie. A game's winners are "
            "placed first whatever their totals."
        )
    return [
        first,
        _(
            "Every game counts as it stands from its first scored deal or hand, so the "
            "standings move during the round. A player who sits out a round scores the average "
            "of everyone who played in it, so sitting out neither helps nor hurts."
        ),
        _(
            "Players with equal points share a place, shown as =2; within a place they are "
            "listed by name."
        ),
    ]


def table_status(
    state: TableState, noun: str, names: Sequence[str], entered: int = 0, veiled: bool = False
) -> str:
    """Where a table stands in words: not started, the deal (hand) in play, or over and who
    won (``names`` are the evening's players); over and no more while its result is hidden
    (``veiled``). A table with ``entered`` entries but no round scored yet (a contract
    announced) has its first deal in play: it has started."""
    if state.finished and veiled:
        return str(_("Finished"))
    if state.finished:
        winners = [names[p] for p in state.winners]
        if state.shared:
            return str(_("Finished: %(names)s share the win", names=join_names(winners)))
        return str(_("Finished: %(names)s won", names=join_names(winners)))
    if not state.made or not (state.scored or entered):
        return str(_("Not started"))
    number = state.scored + 1
    return str(_("Deal %(n)d", n=number) if noun == "deal" else _("Hand %(n)d", n=number))


def minutes(idle: timedelta) -> int:
    """Whole minutes of ``idle``, as the organiser's view says them."""
    return int(idle.total_seconds() // 60)
