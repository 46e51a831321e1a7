"""The record codec of Sviten Special: hands with the bid and the captured cards or tricks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from scorekeeper.games import sviten
from scorekeeper.games.text import N_, Text, say
from scorekeeper.games.text import gettext as _
from scorekeeper.records.deals import HandsCodec
from scorekeeper.records.entry_problems import check_trump
from scorekeeper.records.problems import Problems
from scorekeeper.records.text import each, plain_signed, table


def _meld_key(melds: Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    """Melds compared as what they are: the same cards in the same melds, in any order."""
    return sorted(tuple(sorted(meld)) for meld in melds)


def _entered(setup: sviten.Setup, hand: sviten.Hand, number: int) -> sviten.Hand:
    """A hand as entered, told apart from what the engine derives from it.

    A record writes every pair's melds and meld points, whether the players laid them or the
    engine chose them. Melds equal to the engine's own choice (from the pair's captured cards)
    count as not entered, and typed meld points and counts as not entered wherever the pair's
    melds are known: so an exported record reads back as the very hands that were entered."""
    melds = list(hand.melds)
    if hand.captured is not None and any(m is not None for m in melds):
        bare = replace(hand, melds=(None, None), meld_points=(None, None), meld_counts=(None, None))
        chosen = sviten.score_hand(setup, bare, number).melds
        for pair, laid in enumerate(melds):
            if laid is not None and _meld_key(laid) == _meld_key(chosen[pair]):
                melds[pair] = None
    known = [hand.captured is not None or hand.melds[pair] is not None for pair in range(2)]
    points = [None if known[p] else hand.meld_points[p] for p in range(2)]
    counts = [None if known[p] else hand.meld_counts[p] for p in range(2)]
    return replace(
        hand,
        melds=(melds[0], melds[1]),
        meld_points=(points[0], points[1]),
        meld_counts=(counts[0], counts[1]),
    )


class SvitenCodec(HandsCodec[sviten.Setup, sviten.State, sviten.Hand]):
    """Sviten Special: ``players`` N E S W, ``options``, and ``hands`` with the final bid and
    either the captured cards or the tricks (see ``docs/records.md``).

    ``tricks``, ``melds`` and ``meld_points`` are both entered and derived: a record writes them
    for every hand; on reading, the engine checks them against what they derive from (the
    captured cards, the melds), and only what was really entered is kept as entered."""

    kind = sviten.KIND
    entered_fields = (
        "declarer",
        "bid",
        "trump",
        "captured",
        "tricks",
        "jokers",
        "melds",
        "meld_points",
        "meld_counts",
    )
    item_derived = ("number", "dealer", "made", "slam", "scores")

    def check_item(self, where: Text, raw: dict[str, Any], problems: Problems) -> None:
        check_trump(where, raw.get("trump"), problems, or_null=True)

    def parse_deal(
        self, setup: sviten.Setup | None, data: dict[str, Any], number: int
    ) -> sviten.Hand:
        hand = sviten.parse_hand(data, number, setup)
        return hand if setup is None else _entered(setup, hand, number)

    def deal_dict(self, entry: sviten.Hand) -> dict[str, Any]:
        return sviten.hand_to_dict(entry)

    def derived_dict(self, result: sviten.HandResult) -> dict[str, Any]:
        return sviten.derived_hand_dict(result)

    def state_entries(self, state: sviten.State) -> list[sviten.Hand]:
        # Compared with the record's hands as entered, so told apart from what was derived.
        return [_entered(state.setup, r.hand, r.number) for r in state.hands]

    def items_list(self, state: sviten.State) -> list[dict[str, Any]]:
        # Entered and derived fields interleave, and a quick-mode pair's melds are null.
        items = []
        for result in state.hands:
            hand = result.hand
            entered = sviten.hand_to_dict(hand)
            item: dict[str, Any] = {
                "number": result.number,
                "dealer": result.dealer,
                "declarer": hand.declarer,
                "bid": hand.bid,
                "trump": entered["trump"],
            }
            if "captured" in entered:
                item["captured"] = entered["captured"]
            item["tricks"] = list(result.tricks)
            if "jokers" in entered:
                item["jokers"] = entered["jokers"]
            # A pair in quick mode (trick counts and typed meld points) has no known melds.
            item["melds"] = [
                None
                if hand.captured is None and hand.melds[pair] is None
                else [list(meld) for meld in result.melds[pair]]
                for pair in range(2)
            ]
            item["meld_points"] = list(result.meld_points)
            if "meld_counts" in entered:
                item["meld_counts"] = entered["meld_counts"]
            item["made"] = result.made
            item["slam"] = result.slam
            item["scores"] = list(result.scores)
            items.append(item)
        return items

    def sheet(self, state: sviten.State) -> str:
        names = state.players
        seats = ", ".join(
            f"{say(seat)} {name}" for seat, name in zip(sviten.SEATS, names, strict=True)
        )
        lines = [
            _("Sviten Special: %(seats)s", seats=seats),
            _(
                "Pairs: %(first)s v %(second)s",
                first=state.setup.pair_label(0),
                second=state.setup.pair_label(1),
            ),
        ]
        options = sviten_options_text(state.setup.options)
        if options:
            lines.append(_("Options: %(options)s", options=options))
        lines.append("")
        pairs = [say(pair) for pair in sviten.PAIR_NAMES]
        headers = [_("Hand"), _("Dealer"), _("Declarer"), _("Bid"), _("Result"), *pairs * 4]
        rows = []
        for result in state.hands:
            trump = _("NT") if result.trump is None else result.trump.symbol
            outcome = _("made") if result.made else _("failed")
            if result.slam is not None:
                outcome = _("%(outcome)s, slam %(pair)s", outcome=outcome, pair=pairs[result.slam])
            row = [
                str(result.number),
                names[result.dealer],
                f"{say(sviten.SEATS[result.declarer])} {names[result.declarer]}",
                f"{result.bid} {trump}",
                outcome,
                *(str(t) for t in result.tricks),
                *(f"{result.meld_points[p]} ({result.meld_counts[p]})" for p in range(2)),
                *(plain_signed(s) for s in result.scores),
                *(plain_signed(t) for t in result.totals),
            ]
            rows.append(row)
        rows.append([_("Total"), *[""] * 10, *(str(t) for t in state.totals)])
        right = {0, *range(5, 13)}
        groups = [
            (_("tricks"), 5, 7),
            (_("melds (count)"), 7, 9),
            (_("scores"), 9, 11),
            (_("totals"), 11, 13),
        ]
        lines += table(headers, rows, right, groups)
        lines += ["", say(state.result_text) + "."]
        return "\n".join(lines) + "\n"

    def csv_rows(self, state: sviten.State) -> tuple[list[Any], list[list[Any]]]:
        names = state.players
        pairs = [say(pair) for pair in sviten.PAIR_NAMES]
        header = [_("Hand"), _("Dealer"), _("Declarer"), _("Bid"), _("Trump"), _("Made")]
        header += each(PAIR_COLUMNS, pairs, key="pair")
        rows = []
        for result in state.hands:
            rows.append(
                [
                    result.number,
                    names[result.dealer],
                    names[result.declarer],
                    result.bid,
                    _("no-trump") if result.trump is None else _(result.trump.record_name),
                    _("yes") if result.made else _("no"),
                    *result.tricks,
                    *result.meld_counts,
                    *result.meld_points,
                    *result.scores,
                    *result.totals,
                    *(sviten.melds_text(melds) for melds in result.melds),
                ]
            )
        return header, rows


#: The CSV's columns once per pair.
PAIR_COLUMNS = (
    N_("Tricks %(pair)s"),
    N_("Melds %(pair)s"),
    N_("Meld points %(pair)s"),
    N_("Score %(pair)s"),
    N_("Total %(pair)s"),
    N_("Melds laid %(pair)s"),
)


def sviten_options_text(options: sviten.Options) -> str:
    """The options of a Sviten game that differ from the defaults, in words (for text sheets),
    in the current words (:func:`~scorekeeper.games.text.speaking`)."""
    parts = []
    if not options.slam_bonus:
        parts.append(_("no slam bonus"))
    if options.failed_bid == "keep_points":
        parts.append(_("a failed bid scores tricks + melds - 10 x bid"))
    if options.hand_cap is not None:
        parts.append(_("the leader wins after hand %(n)d", n=options.hand_cap))
    if options.no_trump_only:
        parts.append(_("no-trump only"))
    if options.open_last_three:
        parts.append(_("open last three"))
    if options.double_trump_runs:
        parts.append(_("trump runs count three times"))
    if options.jokers:
        parts.append(_("two jokers"))
    return "; ".join(parts)


#: The codec :mod:`scorekeeper.records` registers.
CODEC = SvitenCodec()
