"""The record codec of the free game: the game's ``name``, its ``players`` (and ``teams``),
its ``options``, and ``deals`` of each side's ``points``; the deal after which the table ended
the game says ``"ended": true``."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.games import free
from scorekeeper.games.events import Event
from scorekeeper.games.text import N_, T_, Text, Tn_, say
from scorekeeper.games.text import gettext as _
from scorekeeper.records.deals import DealsCodec
from scorekeeper.records.history import EventFields
from scorekeeper.records.problems import Problems, is_int, show
from scorekeeper.records.text import each, plain_signed, table

#: A deal as a record lists it: each side's points, and whether the table ended the game
#: after it.
Entry = tuple[tuple[int, ...], bool]


@dataclass(frozen=True)
class Scored:
    """A scored deal, and whether the table ended the game after it."""

    deal: free.Deal
    ended: bool


class FreeCodec(DealsCodec[free.Setup, free.State, Entry]):
    """A free game (see ``docs/records.md``)."""

    kind = free.KIND
    setup_fields = ("name", "players", "teams", "first_dealer", "options")
    top_fields = ("totals", "winners", "finished")
    item_derived = ("number", "dealer", "totals")
    entered_fields = ("points", "ended")
    number_key = "deal"

    @property
    def event_fields(self) -> EventFields:
        fields = frozenset({"deal", "points"})
        return {
            free.DEAL: fields,
            free.CORRECT: fields,
            free.END: frozenset({"deal"}),
            "undo": frozenset(),
        }

    def setup_dict(self, setup: free.Setup) -> dict[str, Any]:
        data = setup.to_dict()
        return {name: data[name] for name in self.setup_fields if name in data}

    def check_item(self, where: Text, raw: dict[str, Any], problems: Problems) -> None:
        points = raw.get("points")
        if not (isinstance(points, list) and points and all(map(is_int, points))):
            problems.add(
                where,
                T_(
                    "points must be a list of whole numbers, one for each side, not %(value)s",
                    value=show(points, 30),
                ),
            )
        if not isinstance(raw.get("ended", False), bool):
            problems.add(where, T_("ended must be true or false"))

    def parse_deal(self, setup: free.Setup | None, data: dict[str, Any], number: int) -> Entry:
        points = tuple(data["points"])
        if setup is not None:
            points = free.parse_points(setup, list(points), number)
        return points, data.get("ended", False)

    def deal_dict(self, entry: Entry) -> dict[str, Any]:
        points, ended = entry
        return {"points": list(points), **({"ended": True} if ended else {})}

    def deals(self, state: free.State) -> Sequence[Scored]:
        deals = state.deals
        return [Scored(deal, state.ended and deal is deals[-1]) for deal in deals]

    def entry_of(self, result: Scored) -> Entry:
        return result.deal.points, result.ended

    def derived_dict(self, result: Scored) -> dict[str, Any]:
        deal = result.deal
        return {"number": deal.number, "dealer": deal.dealer, "totals": list(deal.totals)}

    def events_from(self, setup: free.Setup, entries: Sequence[Entry]) -> list[Event]:
        found = []
        for number, (points, ended) in enumerate(entries, 1):
            found.append(free.deal_event(number, points))
            if ended:
                found.append(free.end_event(number + 1))
        return found

    def top_derived(self, state: free.State) -> dict[str, Any]:
        return {
            "totals": list(state.totals),
            "winners": list(state.winners),
            "finished": state.finished,
        }

    def csv_rows(self, state: free.State) -> tuple[list[Any], list[list[Any]]]:
        names = state.players
        sides = state.side_names
        header = [_("Deal"), _("Dealer")]
        header += each((N_("Points %(name)s"), N_("Total %(name)s")), sides)
        rows = [[d.number, names[d.dealer], *d.points, *d.totals] for d in state.deals]
        return header, rows

    def sheet(self, state: free.State) -> str:
        sides = state.side_names
        lines = [heading(state.setup), options_line(state.setup), ""]
        headers = [_("Deal"), _("Dealer"), *sides, *sides]
        rows = [
            [
                str(d.number),
                state.players[d.dealer],
                *(plain_signed(p) for p in d.points),
                *(plain_signed(t) for t in d.totals),
            ]
            for d in state.deals
        ]
        count = len(sides)
        rows.append([_("Total"), "", *[""] * count, *(plain_signed(t) for t in state.totals)])
        right = {0, *range(2, 2 + 2 * count)}
        groups = [(_("points"), 2, 2 + count), (_("totals"), 2 + count, 2 + 2 * count)]
        lines += table(headers, rows, right, groups)
        lines += ["", self.outcome(state)]
        return "\n".join(lines) + "\n"

    def outcome(self, state: free.State) -> str:
        sides = state.side_names
        won = state.winners
        if not won:
            return say(
                Tn_(
                    "%(num)s deal played; next: deal %(n)s, %(dealer)s deals.",
                    "%(num)s deals played; next: deal %(n)s, %(dealer)s deals.",
                    len(state.deals),
                    n=state.current,
                    dealer=state.players[state.current_dealer or 0],
                )
            )
        total = plain_signed(state.totals[won[0]])
        if len(won) == 1:
            return _("Winner: %(name)s with %(total)s.", name=sides[won[0]], total=total)
        names = functools.reduce(
            lambda first, last: _("%(first)s and %(last)s", first=first, last=last),
            (sides[side] for side in won),
        )
        return _("Shared victory: %(names)s with %(total)s.", names=names, total=total)


def heading(setup: free.Setup) -> str:
    """``Chicago (free game): Anna, Ben, Carla, Dan``, in the current words."""
    names = ", ".join(setup.side_names)
    if setup.name:
        return _("%(name)s (free game): %(names)s", name=setup.name, names=names)
    return _("Free game: %(names)s", names=names)


def options_line(setup: free.Setup) -> str:
    """The options chosen at the start, in a line: which total wins, how the game ends,
    whether its deals add up to zero."""
    options = setup.options
    parts = [
        _("the lowest total wins") if options.lowest_wins else _("the highest total wins"),
        say(free.describe_end(setup)),
    ]
    if options.zero_sum:
        parts.append(_("every deal adds up to 0"))
    said = "; ".join(parts)
    return said[:1].upper() + said[1:] + "."


#: The codec :mod:`scorekeeper.records` registers.
CODEC = FreeCodec()
