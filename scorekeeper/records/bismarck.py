"""The record codec of Bismarck: deals of contract, trump, tricks and redeals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from scorekeeper.games import bismarck
from scorekeeper.games.cards import Suit
from scorekeeper.games.events import Event
from scorekeeper.records.codec import Codec, check_trump
from scorekeeper.records.history import EventFields
from scorekeeper.records.problems import Problems, is_int, show
from scorekeeper.records.text import signed, table

#: A deal as a record lists it (read) or as the rules scored it (replayed).
Entry = bismarck.Line | bismarck.DealResult


class BismarckCodec(Codec[bismarck.Setup, bismarck.State, Entry]):
    """Bismarck: a ``variant``, three ``players``, and ``deals`` with the contract, trump,
    tricks and redeals of each; events ``announce``, ``record``, ``redeal``, ``correct`` and
    ``undo`` (see ``docs/records.md``)."""

    kind = bismarck.KIND
    setup_fields = ("variant", "players", "first_dealer", "options")
    top_fields = ("totals", "winners", "finished")
    item_derived = ("number", "dealer", "declarer", "scores")
    entered_fields = ("contract", "trump", "tricks", "redeals")
    number_key = "deal"
    event_fields: ClassVar[EventFields] = {
        "announce": frozenset({"deal", "contract", "trump"}),
        "record": frozenset({"deal", "tricks", "contract", "trump"}),
        "redeal": frozenset({"deal", "trump"}),
        "correct": frozenset({"deal", "contract", "trump", "tricks"}),
        "undo": frozenset(),
    }
    #: More redeals of one deal than any table has patience for.
    max_redeals = 99

    def max_items(self, setup: bismarck.Setup | None) -> int:
        return setup.variant.deal_count if setup is not None else 12

    def too_many(self, setup: bismarck.Setup | None, count: int) -> str:
        if setup is None:
            return f"a Bismarck game has at most 12 deals, this record lists {count}"
        variant = setup.variant.in_sentence
        return f"a {variant} game has {setup.variant.deal_count} deals, this record lists {count}"

    def parse_item(
        self,
        setup: bismarck.Setup | None,
        index: int,
        raw: dict[str, Any],
        last: bool,
        problems: Problems,
    ) -> bismarck.Line | None:
        where = self.where(index + 1)
        before = len(problems.lines)
        contract: bismarck.Contract | None = None
        value = raw.get("contract")
        if value is None:
            if setup is not None:
                contract = bismarck.schedule(setup)[index].fixed_contract
                if contract is None:
                    problems.add(where, "contract is missing")
        elif isinstance(value, str) and value in {c.value for c in bismarck.Contract}:
            contract = bismarck.Contract(value)
        else:
            ids = ", ".join(c.value for c in bismarck.Contract)
            problems.add(where, f"contract must be one of {ids}, not {show(value, 30)}")
        trump = raw.get("trump")
        check_trump(where, trump, problems)
        tricks = raw.get("tricks")
        if tricks is None:
            if not last:
                problems.add(where, "tricks are missing (only the last deal may still be in play)")
        elif not (
            isinstance(tricks, list)
            and len(tricks) == bismarck.PLAYERS
            and all(map(is_int, tricks))
        ):
            problems.add(
                where, f"tricks must be three whole numbers, one per seat, not {show(tricks, 30)}"
            )
        redeals = raw.get("redeals", 0)
        if not is_int(redeals) or not 0 <= redeals <= self.max_redeals:
            problems.add(
                where, f"redeals must be a count from 0 to {self.max_redeals}, not {show(redeals)}"
            )
        if len(problems.lines) > before or contract is None:
            return None
        return bismarck.Line(
            contract=contract,
            trump=Suit.from_name(trump) if trump is not None else None,
            tricks=tuple(tricks) if tricks is not None else None,  # type: ignore[arg-type]
            redeals=redeals,
        )

    def events_from(self, setup: bismarck.Setup, entries: Sequence[bismarck.Line]) -> list[Event]:
        events = []
        for number, line in enumerate(entries, 1):
            trump = line.trump.record_name if line.trump is not None else None
            events.append(
                Event("announce", {"deal": number, "contract": line.contract.value, "trump": trump})
            )
            events += [Event("redeal", {"deal": number, "trump": None})] * line.redeals
            if line.tricks is not None:
                events.append(Event("record", {"deal": number, "tricks": list(line.tricks)}))
        return events

    def entered(self, entry: Entry) -> dict[str, Any]:
        trump = entry.trump
        if entry.contract is bismarck.Contract.SPADER:
            trump = Suit.SPADES  # spades whether or not the record says so
        return {
            "contract": entry.contract.value,
            "trump": trump.record_name if trump is not None else None,
            "tricks": list(entry.tricks) if entry.tricks is not None else None,
            "redeals": entry.redeals,
        }

    def state_entries(self, state: bismarck.State) -> list[bismarck.DealResult]:
        return list(state.deals)

    def items_list(self, state: bismarck.State) -> list[dict[str, Any]]:
        result = []
        for deal in state.deals:
            item: dict[str, Any] = {
                "number": deal.number,
                "dealer": deal.dealer,
                "declarer": deal.declarer,
                "contract": deal.contract.value,
            }
            if deal.trump is not None:
                item["trump"] = deal.trump.record_name
            if deal.tricks is not None:
                item["tricks"] = list(deal.tricks)
            if deal.redeals:
                item["redeals"] = deal.redeals
            if deal.scores is not None:
                item["scores"] = list(deal.scores)
            result.append(item)
        return result

    def top_derived(self, state: bismarck.State) -> dict[str, Any]:
        return {
            "totals": list(state.totals),
            "winners": list(state.winners),
            "finished": state.finished,
        }

    def _contract_text(self, deal: bismarck.DealResult, variant: bismarck.Variant) -> str:
        text = deal.contract.name_in(variant)
        if deal.trump is not None and deal.contract is not bismarck.Contract.SPADER:
            text += f" {deal.trump.symbol}"
        if deal.redeals:
            text += f", {deal.redeals} redeal{'s' if deal.redeals > 1 else ''}"
        return text

    def sheet(self, state: bismarck.State) -> str:
        names = state.players
        variant = state.variant
        lines = [f"Bismarck, {variant.in_sentence} rules: {', '.join(names)}"]
        if state.setup.options:
            rules = "; ".join(bismarck.OPTIONS[name] for name in sorted(state.setup.options))
            lines.append(f"House rules: {rules}")
        lines.append("")
        headers = ["Deal", "Dealer", "Declarer", "Contract", "Tricks", *names, *names]
        rows = []
        for deal in state.deals:
            row = [
                str(deal.number),
                names[deal.dealer],
                names[deal.declarer],
                self._contract_text(deal, variant),
            ]
            if deal.tricks is None or deal.scores is None:
                row.append("in play")
            else:
                row.append("/".join(str(t) for t in deal.tricks))
                row += [signed(s) for s in deal.scores] + [signed(t) for t in deal.totals]
            rows.append(row)
        rows.append(["Total", "", "", "", "", *[""] * 3, *[signed(t) for t in state.totals]])
        right = {0, *range(5, 11)}
        groups = [("scores", 5, 8), ("totals", 8, 11)]
        lines += table(headers, rows, right, groups)
        lines.append("")
        recorded = len(state.recorded)
        if state.finished:
            best = state.totals[state.winners[0]]
            if len(state.winners) == 1:
                lines.append(f"Winner: {names[state.winners[0]]} with {signed(best)}.")
            else:
                winners = " and ".join(state.winner_names)
                lines.append(f"Shared victory: {winners} with {signed(best)}.")
        else:
            lines.append(f"{recorded} of {state.deal_count} deals recorded.")
            current = state.current
            assert current is not None
            if state.announced is not None:
                contract = self._contract_text(state.announced, variant)
                lines.append(
                    f"Deal {current.number} is in play: {names[current.declarer]} plays {contract}."
                )
            else:
                lines.append(
                    f"Next: deal {current.number}, {names[current.dealer]} deals, "
                    f"{names[current.declarer]} declares."
                )
        return "\n".join(lines) + "\n"

    def csv_rows(self, state: bismarck.State) -> tuple[list[Any], list[list[Any]]]:
        names = state.players
        header = [
            "Deal",
            "Dealer",
            "Declarer",
            "Contract",
            "Trump",
            *(f"Tricks {name}" for name in names),
            *(f"Score {name}" for name in names),
            *(f"Total {name}" for name in names),
        ]
        rows = []
        for deal in state.deals:
            trump = deal.trump_shown
            row: list[Any] = [
                deal.number,
                names[deal.dealer],
                names[deal.declarer],
                deal.contract.name_in(state.variant),
                trump.record_name if trump is not None else "",
            ]
            if deal.tricks is None or deal.scores is None:
                row += [None] * 9
            else:
                row += [*deal.tricks, *deal.scores, *deal.totals]
            rows.append(row)
        return header, rows
