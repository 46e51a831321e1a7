"""The Sviten Special score sheet, one page: hand by hand, filled from a match or blank.

The sheet has a row per hand: the dealer, the declarer, the bid and trumps, then for each pair
its tricks, melds (how many) and meld points, its score and running total, and whether the bid
was made. Under it, the melds each pair laid, card by card. A blank sheet pre-prints the dealers
when it knows the names and the first dealer. A match with more hands than fit shows its last
ones under a "carried forward" row.

Takes engine values (a state, a setup), never the database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table

from scorekeeper.games import sviten
from scorekeeper.games.sviten import HandResult, Options, State
from scorekeeper.games.sviten.meld_check import JOKER, meld_label
from scorekeeper.games.text import N_, Words, lazy_pgettext, say, signed
from scorekeeper.games.text import gettext as _
from scorekeeper.games.text import lazy_gettext as _l
from scorekeeper.printing.blank import Blank
from scorekeeper.printing.common import (
    DEFAULT_PAPER,
    RED,
    RED_HEX,
    CheckBox,
    Styles,
    short_names,
    text,
)
from scorekeeper.printing.sheet import (
    Sheet,
    SheetLayout,
    SheetPage,
    SheetParts,
    to_fill,
)
from scorekeeper.printing.table import Column, Command, RowLimits, ScoreTable

#: Hand rows: on one page (a longer match shows its last hands under a "carried forward" row),
#: on a blank sheet (a match to 100 takes a handful of hands; a hand cap may ask more), and at
#: least for a match in progress.
ROWS = RowLimits(most=24, blank=14, in_play=10)


# --- what goes on the sheet ------------------------------------------------------------------


@dataclass(frozen=True)
class SvitenSheet(Sheet[State]):
    """Everything a Sviten sheet shows; ``state`` is None for a blank sheet."""

    options: Options = field(default_factory=Options)


def blank_sviten_sheet(
    players: Sequence[str] | None = None,
    first_dealer: int | None = None,
    options: Options | None = None,
    *,
    paper: str = DEFAULT_PAPER,
    words: Words | None = None,
) -> bytes:
    """The blank sheet of these names, first dealer (a seat 0–3) and options."""
    settings = {"options": (options or Options()).to_dict()}
    return LAYOUT.blank(Blank(players, first_dealer, settings), paper=paper, words=words)


# --- the sheet -------------------------------------------------------------------------------


def _parts(sheet: SvitenSheet, page: SheetPage) -> SheetParts:
    st, width = page.st, page.width
    return SheetParts(
        _("Sviten Special score sheet"),
        _lines(sheet),
        [_hands_table(sheet, st, width), Spacer(0, 3 * mm), *_melds_laid(sheet, st)],
        _status_line(sheet.state) if sheet.state else to_fill(_("Winners")),
        [_scoring_note(sheet.options)],
        pdf_title=N_("Sviten Special score sheet: %(names)s"),
        subject=_("Sviten Special, first pair to %(n)d", n=sviten.TARGET),
    )


def pair_names(players: Sequence[str] | None, pair: int) -> str:
    """``N–S (Anna & Carla)`` (or just ``N–S`` without names)."""
    if not players:
        return say(sviten.PAIR_NAMES[pair])
    return f"{say(sviten.PAIR_NAMES[pair])} ({players[pair]} & {players[pair + 2]})"


def options_text(options: Options) -> str:
    """The options of a match in a line of words."""
    parts = [
        _("slam +25") if options.slam_bonus else _("no slam bonus"),
        _("failed bid −10 × bid")
        if options.failed_bid == "minus_bid"
        else _("failed bid: tricks + melds − 10 × bid"),
    ]
    if options.hand_cap is not None:
        parts.append(_("hand cap %(n)d", n=options.hand_cap))
    if options.no_trump_only:
        parts.append(_("no-trump only"))
    if options.double_trump_runs:
        parts.append(_("trump runs ×3"))
    if options.jokers:
        parts.append(_("two jokers"))
    if options.open_last_three:
        parts.append(_("open last three"))
    return " · ".join(parts)


def _lines(sheet: SvitenSheet) -> list[str]:
    seats = ""
    if sheet.players:
        seats = " · ".join(
            f"{say(seat)} {text(name)}"
            for seat, name in zip(sviten.SEATS, sheet.players, strict=True)
        )
    subtitle = _(
        "4 players in 2 pairs · 52 cards · 13 tricks, then melds · first pair to %(n)d",
        n=sviten.TARGET,
    )
    facts = sheet.facts(seats, to_write=_("N, E, S, W"))
    return [subtitle, facts, text(options_text(sheet.options))]


#: #, dealer, declarer, bid, trumps; a pair's tricks, melds (how many), meld points, score and
#: running total; whether the bid was made takes the rest of the width.
TABLE = ScoreTable(
    fixed=(
        Column("#", 16),
        Column(_l("Dealer"), 42, size=7.5, left=True),
        Column(_l("Declarer"), 50, size=7.5, bold=True, left=True),
        Column(_l("Bid"), 20, size=9, bold=True),
        Column(_l("Trump"), 28, size=11),
    ),
    group=(
        Column(_l("Tricks"), 26),
        Column(lazy_pgettext("narrow column", "Melds"), 26),
        Column(_l("Points"), 32),
        # The score in the hand, and the running total players compare.
        Column(_l("Score"), 36, size=9, bold=True, rule=True),
        Column(_l("Total"), 38, size=9, bold=True, shaded=True),
    ),
    groups=2,
    last=Column(_l("Made"), None),
)


def _hands_table(sheet: SvitenSheet, st: Styles, width: float) -> Table:
    """The match hand by hand."""
    regular, bold = st.fonts.regular, st.fonts.bold
    widths = TABLE.widths(width)
    players = sheet.players
    short = short_names(players, regular, 7.5, widths[1] - 5) if players else None
    shorter = short_names(players, bold, 7.5, widths[2] - 13) if players else None
    commands: list[Command] = []

    def hand_row(hand: HandResult, index: int) -> list[object]:
        seat = say(sviten.SEATS[hand.declarer])
        declarer = f"{seat} {shorter[hand.declarer]}" if shorter else seat
        row: list[object] = [
            str(hand.number),
            short[hand.dealer] if short else "",
            declarer,
            str(hand.bid),
            hand.trump.symbol if hand.trump else _("NT"),
        ]
        if hand.trump is not None and hand.trump.is_red:
            commands.append(("TEXTCOLOR", (4, index), (4, index), RED))
        if hand.trump is None:
            commands.append(("FONT", (4, index), (4, index), regular, 7.5))
        for pair in range(2):
            row += [
                str(hand.tricks[pair]) + (" ★" if hand.slam == pair else ""),
                str(hand.meld_counts[pair]),
                str(hand.meld_points[pair]),
                signed(hand.scores[pair]),
                str(hand.totals[pair]),
            ]
        row.append(CheckBox(checked=True) if hand.made else "✗")
        if not hand.made:
            commands.append(("TEXTCOLOR", (-1, index), (-1, index), RED))
        commands.append(TABLE.shade(index, hand.declarers))
        return row

    state = sheet.state
    shown = ROWS.shown(
        state.hands if state else None,
        finished=bool(state and state.finished),
        at_least=sheet.options.hand_cap or 0,
    )
    headings = [pair_names(players, pair) for pair in range(2)]
    rows, carried = TABLE.rows(
        headings, shown, hand_row, st, dealers=short, first_dealer=sheet.first_dealer, last=CheckBox
    )
    height = 26 if len(rows) - 2 <= ROWS.blank else 18
    return TABLE.table(rows, width, height, st, [*carried, *commands])


def _meld_markup(meld: Sequence[str]) -> str:
    parts = []
    for code in meld:
        label = text(meld_label([code]))
        red = code != JOKER and code[-1] in "HD"
        parts.append(f'<font color="{RED_HEX}">{label}</font>' if red else label)
    return " ".join(parts)


def _melds_laid(sheet: SvitenSheet, st: Styles) -> list[Flowable]:
    """The melds of every hand whose melds are known (cards captured, or laid), pair by pair."""
    state = sheet.state
    if state is None:
        return []
    lines = []
    for hand in state.hands[-ROWS.most :]:
        parts = []
        for pair in range(2):
            known = hand.hand.captured is not None or hand.hand.melds[pair] is not None
            if not known:
                continue
            melds = " · ".join(_meld_markup(meld) for meld in hand.melds[pair]) or "–"
            parts.append(f"<b>{say(sviten.PAIR_NAMES[pair])}</b> {melds}")
        if parts:
            lines.append(f"<b>{hand.number}.</b> " + "; ".join(parts))
    if not lines:
        return []
    return [
        Paragraph(_("Melds laid"), st.heading),
        *(Paragraph(line, st.small) for line in lines),
        Spacer(0, 2 * mm),
    ]


def _scoring_note(options: Options) -> str:
    failed = (
        _("score −10 × the bid")
        if options.failed_bid == "minus_bid"
        else _("score tricks + melds − 10 × the bid")
    )
    note = _(
        "<b>Melds.</b> Set of 3: 5, of 4: 10. Run of n cards in one suit: 5n − 10 (3: 5, 4: 10, "
        "5: 15 … 13: 55), ace high or low but not both; runs in trumps ×%(factor)d. "
        "<b>Score.</b> Tricks 1 each + meld points. Declarers (shaded) with fewer melds than "
        "they bid %(failed)s.",
        factor=options.trump_run_factor,
        failed=failed,
    )
    if options.slam_bonus:
        note += " " + _("All 13 tricks (★): +25.")
    note += " " + _(
        "The first pair at %(n)d after a hand wins; both in the same hand: the declarers.",
        n=sviten.TARGET,
    )
    if options.hand_cap is not None:
        note += " " + _("After hand %(n)d the leader wins; level: play on.", n=options.hand_cap)
    return note


def _status_line(state: State) -> str:
    totals = state.totals
    if state.winner is not None:
        winner = state.winner
        line = _(
            "%(pair)s wins %(total)d to %(other)d.",
            pair=text(pair_names(state.players, winner)),
            total=totals[winner],
            other=totals[1 - winner],
        )
        last = state.hands[-1]
        if min(last.totals) >= sviten.TARGET:
            line += " " + _(
                "Both passed %(n)d in hand %(h)d: the declarers win.",
                n=sviten.TARGET,
                h=last.number,
            )
        return line
    assert state.current_hand is not None and state.current_dealer is not None
    return _(
        "Next: hand %(n)d, %(dealer)s deals. N–S %(a)d, E–W %(b)d.",
        n=state.current_hand,
        dealer=text(state.players[state.current_dealer]),
        a=totals[0],
        b=totals[1],
    )


#: The sheet as :class:`~scorekeeper.printing.printers.GamePrinters` prints it, filled or blank.
LAYOUT = SheetLayout(sviten.GAME, SvitenSheet, lambda setup: {"options": setup.options}, _parts)
sviten_sheet = LAYOUT.filled
