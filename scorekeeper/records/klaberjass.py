"""The record codec of Klaberjass: hands as the engine reads and writes them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.games import klaberjass
from scorekeeper.games.text import N_, Text, say
from scorekeeper.games.text import gettext as _
from scorekeeper.records.deals import HandsCodec
from scorekeeper.records.entry_problems import check_trump
from scorekeeper.records.problems import Problems
from scorekeeper.records.text import each, table


class KlaberjassCodec(HandsCodec[klaberjass.Setup, klaberjass.State, klaberjass.Hand]):
    """Klaberjass: two ``players``, ``options`` with the ``target``, and ``hands`` as the
    engine reads and writes them (see ``docs/records.md``)."""

    kind = klaberjass.KIND
    entered_fields = (
        "thrown_in",
        "maker",
        "trump",
        "sequences",
        "bella",
        "last_trick",
        "card_points",
        "captured",
    )
    item_derived = ("number", "dealer", "sequence_winner", "hand_totals", "scores")

    def check_item(self, where: Text, raw: dict[str, Any], problems: Problems) -> None:
        check_trump(where, raw.get("trump"), problems)

    def parse_deal(
        self, setup: klaberjass.Setup | None, data: dict[str, Any], number: int
    ) -> klaberjass.Hand:
        return klaberjass.parse_hand(data, number, setup.players if setup is not None else None)

    def deal_dict(self, entry: klaberjass.Hand) -> dict[str, Any]:
        return klaberjass.hand_to_dict(entry)

    def derived_dict(self, result: klaberjass.HandResult) -> dict[str, Any]:
        return klaberjass.derived_hand_dict(result)

    def sheet(self, state: klaberjass.State) -> str:
        names = state.players
        lines = [
            _("Klaberjass: %(names)s, first to %(n)d", names=", ".join(names), n=state.target),
            "",
        ]
        headers = [_("Hand"), _("Dealer"), _("Maker"), _("Trumps"), _("Sequences")]
        headers += [*names, *names, *names]
        rows = []
        for hand in state.hands:
            row = [str(hand.number), names[hand.dealer], *_made(hand, names, symbol=True)]
            row += [str(p) for p in hand.hand_totals]
            row += [str(s) for s in hand.scores] + [str(t) for t in hand.totals]
            rows.append(row)
        rows.append([_("Total"), "", "", "", "", "", "", "", "", *[str(t) for t in state.totals]])
        right = {0, *range(5, 11)}
        groups = [(_("points"), 5, 7), (_("scores"), 7, 9), (_("totals"), 9, 11)]
        lines += table(headers, rows, right, groups)
        lines += ["", say(state.result_text) + "."]
        return "\n".join(lines) + "\n"

    def csv_rows(self, state: klaberjass.State) -> tuple[list[Any], list[list[Any]]]:
        names = state.players
        header = [_("Hand"), _("Dealer"), _("Maker"), _("Trump"), _("Sequences")]
        columns = (N_("Hand points %(name)s"), N_("Score %(name)s"), N_("Total %(name)s"))
        header += each(columns, names)
        rows = [
            [
                hand.number,
                names[hand.dealer],
                *_made(hand, names, symbol=False),
                *hand.hand_totals,
                *hand.scores,
                *hand.totals,
            ]
            for hand in state.hands
        ]
        return header, rows


def _made(hand: klaberjass.HandResult, names: Sequence[str], *, symbol: bool) -> list[str]:
    """Who made trumps, in what (its symbol, or its name) and whose sequences scored; or that
    the hand was thrown in."""
    if hand.thrown_in or hand.maker is None or hand.trump is None:
        return [_("thrown in"), "", ""]
    winner = hand.sequence_winner
    trump = hand.trump.symbol if symbol else _(hand.trump.record_name)
    return [names[hand.maker], trump, names[winner] if winner is not None else ""]


#: The codec :mod:`scorekeeper.records` registers.
CODEC = KlaberjassCodec()
