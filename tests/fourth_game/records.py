"""Tally's record codec: all a new game of deals writes to be exported, imported and scored.

A deal is ``{"points": [a, b]}``; a record shows its ``number``, ``dealer`` and running
``totals`` next to it, and ``totals``, ``winner`` and ``finished`` at the top.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.records import DealsCodec
from tests.fourth_game import rules

Points = tuple[int, int]


class TallyCodec(DealsCodec[rules.Setup, rules.State, Points]):
    kind = rules.KIND
    entered_fields = ("points",)
    item_derived = ("number", "dealer", "totals")

    def parse_deal(self, setup: rules.Setup | None, data: dict[str, Any], number: int) -> Points:
        return rules.parse_points(data.get("points"), number)

    def deal_dict(self, entry: Points) -> dict[str, Any]:
        return {"points": list(entry)}

    def deals(self, state: rules.State) -> Sequence[rules.Deal]:
        return state.deals

    def entry_of(self, result: rules.Deal) -> Points:
        return result.points

    def derived_dict(self, result: rules.Deal) -> dict[str, Any]:
        return {"number": result.number, "dealer": result.dealer, "totals": list(result.totals)}

    def csv_rows(self, state: rules.State) -> tuple[list[Any], list[list[Any]]]:
        names = state.players
        header = ["Deal", "Dealer", *(f"Points {n}" for n in names), *(f"Total {n}" for n in names)]
        return header, [[d.number, names[d.dealer], *d.points, *d.totals] for d in state.deals]


CODEC = TallyCodec()
