"""The record codec of Bismarck: deals of contract, trump, tricks and redeals."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from scorekeeper.games import bismarck
from scorekeeper.games.cards import Suit
from scorekeeper.games.events import Event
from scorekeeper.games.text import N_, T_, Text, ngettext
from scorekeeper.games.text import gettext as _
from scorekeeper.records.codec import Codec
from scorekeeper.records.entry_problems import check_trump
from scorekeeper.records.history import EventFields
from scorekeeper.records.problems import Problems, is_int, show
from scorekeeper.records.text import each, plain_signed, table

#: A deal as a record lists it (read) or as the rules scored it (replayed).
Entry = bismarck.Line | bismarck.DealResult

#: The history's event kinds and the data fields each may carry.
EVENT_FIELDS: EventFields = {
    "announce": frozenset({"deal", "contract", "trump"}),
    "record": frozenset({"deal", "tricks", "contract", "trump"}),
    "redeal": frozenset({"deal", "trump"}),
    # One deal (``deal`` and its fields) or several at once (``deals``: a list of those).
    "correct": frozenset({"deal", "contract", "trump", "tricks", "deals"}),
    "undo": frozenset(),
}


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
    #: More redeals of one deal than any table has patience for.
    max_redeals = 99

    @property
    def event_fields(self) -> EventFields:
        return EVENT_FIELDS

    def max_items(self, setup: bismarck.Setup | None) -> int:
        return setup.variant.deal_count if setup is not None else 12

    def too_many(self, setup: bismarck.Setup | None, count: int) -> Text:
        if setup is None:
            return T_(
                "a Bismarck game has at most 12 deals, this record lists %(count)s", count=count
            )
        return T_(
            "%(game)s has %(n)s deals, this record lists %(count)s",
            game=setup.variant.a_game,
            n=setup.variant.deal_count,
            count=count,
        )

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
        contract = _contract(setup, index, raw.get("contract"), where, problems)
        trump = raw.get("trump")
        check_trump(where, trump, problems)
        tricks = raw.get("tricks")
        _check_tricks(tricks, last, where, problems)
        redeals = raw.get("redeals", 0)
        if not is_int(redeals) or not 0 <= redeals <= self.max_redeals:
            problems.add(
                where,
                T_(
                    "redeals must be a count from 0 to %(most)s, not %(value)s",
                    most=self.max_redeals,
                    value=show(redeals),
                ),
            )
        if len(problems.lines) > before or contract is None:
            return None
        return bismarck.Line(
            contract=contract,
            trump=Suit.from_name(trump) if trump is not None else None,
            tricks=tuple(tricks) if tricks is not None else None,
            redeals=redeals,
        )

    def events_from(self, setup: bismarck.Setup, entries: Sequence[Entry]) -> list[Event]:
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

    def state_entries(self, state: bismarck.State) -> list[Entry]:
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

    def sheet(self, state: bismarck.State) -> str:
        lines = [*_sheet_heading(state), "", *_deals_table(state), "", *_outcome(state)]
        return "\n".join(lines) + "\n"

    def csv_rows(self, state: bismarck.State) -> tuple[list[Any], list[list[Any]]]:
        names = state.players
        header = [_("Deal"), _("Dealer"), _("Declarer"), _("Contract"), _("Trump"), _("Redeals")]
        header += each((N_("Tricks %(name)s"), N_("Score %(name)s"), N_("Total %(name)s")), names)
        rows = []
        for deal in state.deals:
            trump = deal.trump_shown
            row: list[Any] = [
                deal.number,
                names[deal.dealer],
                names[deal.declarer],
                deal.contract.name_in(state.variant),
                _(trump.record_name) if trump is not None else "",
                deal.redeals,
            ]
            if deal.tricks is None or deal.scores is None:
                row += [None] * 9
            else:
                row += [*deal.tricks, *deal.scores, *deal.totals]
            rows.append(row)
        return header, rows


def _contract(
    setup: bismarck.Setup | None, index: int, value: Any, where: Text, problems: Problems
) -> bismarck.Contract | None:
    """Deal ``index``'s contract as a record gives it (or as the variant fixes it), or None
    after adding a problem (or when the setup is broken and the record gives none)."""
    if value is None:
        if setup is None:
            return None
        contract = bismarck.schedule(setup)[index].fixed_contract
        if contract is None:
            problems.add(where, T_("%(field)s is missing", field="contract"))
        return contract
    if isinstance(value, str) and value in {c.value for c in bismarck.Contract}:
        return bismarck.Contract(value)
    ids = ", ".join(c.value for c in bismarck.Contract)
    problems.add(
        where,
        T_("contract must be one of %(ids)s, not %(value)s", ids=ids, value=show(value, 30)),
    )
    return None


def _check_tricks(tricks: Any, last: bool, where: Text, problems: Problems) -> None:
    """A deal's tricks: three whole numbers, or none for the last deal (still in play)."""
    if tricks is None:
        if not last:
            problems.add(where, T_("tricks are missing (only the last deal may still be in play)"))
    elif not (
        isinstance(tricks, list) and len(tricks) == bismarck.PLAYERS and all(map(is_int, tricks))
    ):
        problems.add(
            where,
            T_(
                "tricks must be three whole numbers, one per seat, not %(value)s",
                value=show(tricks, 30),
            ),
        )


def _contract_text(deal: bismarck.DealResult, variant: bismarck.Variant) -> str:
    text = deal.contract.name_in(variant)
    if deal.trump is not None and deal.contract is not bismarck.Contract.SPADER:
        text += f" {deal.trump.symbol}"
    if deal.redeals:
        text += ", " + ngettext("%(num)d redeal", "%(num)d redeals", deal.redeals)
    return text


def _sheet_heading(state: bismarck.State) -> list[str]:
    """The text sheet's first lines: the game, its variant and players, its house rules."""
    lines = [
        _(
            "Bismarck, %(variant)s rules: %(names)s",
            variant=state.variant.in_sentence,
            names=", ".join(state.players),
        )
    ]
    if state.setup.options:
        rules = "; ".join(_(bismarck.OPTIONS[name]) for name in sorted(state.setup.options))
        lines.append(_("House rules: %(rules)s", rules=rules))
    return lines


def _deals_table(state: bismarck.State) -> list[str]:
    """The deals as a text table: who dealt and declared, the contract, tricks, scores, totals."""
    names = state.players
    headers = [_("Deal"), _("Dealer"), _("Declarer"), _("Contract"), _("Tricks"), *names, *names]
    rows = []
    for deal in state.deals:
        row = [
            str(deal.number),
            names[deal.dealer],
            names[deal.declarer],
            _contract_text(deal, state.variant),
        ]
        if deal.tricks is None or deal.scores is None:
            row.append(_("in play"))
        else:
            row.append("/".join(str(t) for t in deal.tricks))
            row += [plain_signed(s) for s in deal.scores] + [plain_signed(t) for t in deal.totals]
        rows.append(row)
    rows.append([_("Total"), "", "", "", "", *[""] * 3, *[plain_signed(t) for t in state.totals]])
    right = {0, *range(5, 11)}
    groups = [(_("scores"), 5, 8), (_("totals"), 8, 11)]
    return table(headers, rows, right, groups)


def _outcome(state: bismarck.State) -> list[str]:
    """The lines under the table: the winners, or how far the game is and what comes next."""
    names = state.players
    if state.finished:
        best = state.totals[state.winners[0]]
        if len(state.winners) == 1:
            return [
                _(
                    "Winner: %(name)s with %(total)s.",
                    name=names[state.winners[0]],
                    total=plain_signed(best),
                )
            ]
        winners = functools.reduce(
            lambda first, last: _("%(first)s and %(last)s", first=first, last=last),
            state.winner_names,
        )
        return [
            _("Shared victory: %(names)s with %(total)s.", names=winners, total=plain_signed(best))
        ]
    lines = [_("%(n)d of %(count)d deals recorded.", n=len(state.scored), count=state.deal_count)]
    current = state.current
    assert current is not None
    if state.announced is not None:
        contract = _contract_text(state.announced, state.variant)
        lines.append(
            _(
                "Deal %(n)d is in play: %(name)s plays %(contract)s.",
                n=current.number,
                name=names[current.declarer],
                contract=contract,
            )
        )
    else:
        lines.append(
            _(
                "Next: deal %(n)d, %(dealer)s deals, %(declarer)s declares.",
                n=current.number,
                dealer=names[current.dealer],
                declarer=names[current.declarer],
            )
        )
    return lines


#: The codec :mod:`scorekeeper.records` registers.
CODEC = BismarckCodec()
