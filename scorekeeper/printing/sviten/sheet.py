"""The Sviten Special score sheet, one page: hand by hand, filled from a match or blank.

The sheet has a row per hand: the dealer, the declarer, the bid and trumps, then for each pair
its tricks, melds (how many) and meld points, its score and running total, and whether the bid
was made. Under it, the melds each pair laid, card by card. A blank sheet pre-prints the dealers
when it knows the names and the first dealer. A match with more hands than fit shows its last
ones under a "carried forward" row.

Takes engine values (a state, a setup), never the database.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from flask_babel import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from scorekeeper.games import sviten
from scorekeeper.games.melds import JOKER, meld_label
from scorekeeper.games.sviten import HandResult, Options, Setup, State
from scorekeeper.printing.common import (
    DEFAULT_PAPER,
    GREY,
    LIGHT,
    LINE,
    RED,
    RED_HEX,
    SHADE,
    CheckBox,
    Styles,
    build_pdf,
    content_width,
    live_url,
    page_header,
    short_names,
    signed,
    styles,
    text,
)

#: Hand rows on one page; a longer match shows its last hands under a "carried forward" row.
MAX_ROWS = 24
#: Rows of a blank sheet (a match to 100 takes a handful of hands; a hand cap may ask more).
BLANK_ROWS = 14
#: Rows for a match in progress: at least this many, so there is room to write on.
IN_PLAY_ROWS = 10
#: Widths (points) of #, dealer, declarer, bid, trumps; of a pair's five columns (tricks,
#: melds, meld points, score, total); the rest is for "made".
FIXED_COLUMNS = (16, 42, 50, 20, 28)
PAIR_COLUMNS = (26, 26, 32, 36, 38)
PER_PAIR = len(PAIR_COLUMNS)


# --- what goes on the sheet ------------------------------------------------------------------


@dataclass(frozen=True)
class SvitenSheet:
    """Everything a Sviten sheet shows; ``state`` is None for a blank sheet."""

    options: Options
    players: tuple[str, str, str, str] | None = None
    first_dealer: int | None = None
    state: State | None = None
    url: str | None = None
    date: datetime.date | None = None


def sviten_sheet(
    state: State,
    *,
    paper: str = DEFAULT_PAPER,
    url: str | None = None,
    date: datetime.date | None = None,
) -> bytes:
    """The filled sheet of a match in any state, with a QR code of ``url`` (its live address;
    a loopback address is replaced by this machine's LAN address)."""
    sheet = SvitenSheet(
        options=state.setup.options,
        players=state.players,
        first_dealer=state.setup.first_dealer,
        state=state,
        url=live_url(url),
        date=date,
    )
    return _build(sheet, paper)


def blank_sviten_sheet(
    players: Sequence[str] | None = None,
    first_dealer: int | None = None,
    options: Options | None = None,
    *,
    paper: str = DEFAULT_PAPER,
) -> bytes:
    """A sheet to fill in by hand. With the names (N, E, S, W) it prints them and the pairs;
    with the first dealer as well (a seat 0–3) it prints who deals every hand."""
    if players is None and first_dealer is not None:
        raise ValueError("A first dealer needs the players' names.")
    options = options or Options()
    names = None
    if players is not None:
        setup = Setup(
            players=tuple(players),  # type: ignore[arg-type]
            first_dealer=first_dealer if first_dealer is not None else 0,
            options=options,
        )
        names = setup.players
    return _build(SvitenSheet(options=options, players=names, first_dealer=first_dealer), paper)


# --- the sheet -------------------------------------------------------------------------------


def _build(sheet: SvitenSheet, paper: str) -> bytes:
    st = styles()
    width = content_width(paper)
    story: list[Flowable] = [
        _header(sheet, st, width),
        Spacer(0, 4 * mm),
        _hands_table(sheet, st, width),
        Spacer(0, 3 * mm),
        *_melds_laid(sheet, st),
        *_footer(sheet, st),
    ]
    names = ", ".join(sheet.players) if sheet.players else _("blank")
    return build_pdf(
        story,
        paper=paper,
        title=_("Sviten Special score sheet: %(names)s", names=names),
        subject=_("Sviten Special, first pair to %(n)d", n=sviten.TARGET),
    )


def pair_names(players: Sequence[str] | None, pair: int) -> str:
    """``N–S (Anna & Carla)`` (or just ``N–S`` without names)."""
    if not players:
        return sviten.PAIR_NAMES[pair]
    return f"{sviten.PAIR_NAMES[pair]} ({players[pair]} & {players[pair + 2]})"


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


def _header(sheet: SvitenSheet, st: Styles, width: float) -> Table:
    left: list[Flowable] = [
        Paragraph(_("Sviten Special score sheet"), st.title),
        Paragraph(
            _(
                "4 players in 2 pairs · 52 cards · 13 tricks, then melds · first pair to %(n)d",
                n=sviten.TARGET,
            ),
            st.subtitle,
        ),
    ]
    facts = []
    if sheet.players:
        seats = " · ".join(
            f"{seat} {text(name)}" for seat, name in zip(sviten.SEATS, sheet.players, strict=True)
        )
        facts.append(seats)
        if sheet.first_dealer is not None:
            dealer = sheet.players[sheet.first_dealer]
            facts.append(text(_("%(name)s deals first", name=dealer)))
    else:
        facts.append(_("N, E, S, W") + ": ______________________________")
    if sheet.date is not None:
        facts.append(text(sheet.date.isoformat()))
    elif sheet.state is None:
        facts.append(_("Date") + ": ____________")
    else:  # a match whose date is unknown (a record without times): say when it was printed
        facts.append(_("printed %(date)s", date=datetime.date.today().isoformat()))
    left.append(Paragraph(" · ".join(facts), st.subtitle))
    left.append(Paragraph(text(options_text(sheet.options)), st.subtitle))
    if sheet.url:
        left.append(Paragraph(_("Live game: %(url)s", url=text(sheet.url)), st.subtitle))
    return page_header(left, sheet.url, st, width)


def _shown_hands(sheet: SvitenSheet) -> tuple[HandResult | None, tuple[HandResult, ...], int]:
    """The hand carried forward from (if the match is too long for the page), the hands
    shown, and how many empty rows follow them."""
    state = sheet.state
    cap = sheet.options.hand_cap
    if state is None:
        return None, (), max(BLANK_ROWS, min(cap or 0, MAX_ROWS))
    hands = state.hands
    if len(hands) > MAX_ROWS:
        return hands[-MAX_ROWS], hands[-(MAX_ROWS - 1) :], 0
    if state.finished:
        return None, hands, 0
    rows = min(MAX_ROWS, max(IN_PLAY_ROWS, len(hands) + 3, min(cap or 0, MAX_ROWS)))
    return None, hands, rows - len(hands)


def _hands_table(sheet: SvitenSheet, st: Styles, width: float) -> Table:
    """The match hand by hand. Plain strings (styled by the table) where a cell holds one run
    of text: far cheaper to lay out than a Paragraph per cell."""
    regular, bold = st.fonts.regular, st.fonts.bold
    made_width = width - sum(FIXED_COLUMNS) - 2 * sum(PAIR_COLUMNS)
    players = sheet.players
    short = short_names(players, regular, 7.5, FIXED_COLUMNS[1] - 5) if players else None
    shorter = short_names(players, bold, 7.5, FIXED_COLUMNS[2] - 13) if players else None
    first = len(FIXED_COLUMNS)
    head0: list[object] = ["#", _("Dealer"), _("Declarer"), _("Bid"), _("Trump")]
    head1: list[object] = ["", "", "", "", ""]
    for pair in range(2):
        head0 += [pair_names(players, pair), *[""] * (PER_PAIR - 1)]
        head1 += [_("Tricks"), _("Melds"), _("Points"), _("Score"), _("Total")]
    head0.append(_("Made"))
    head1.append("")
    rows: list[list[object]] = [head0, head1]
    commands: list[tuple] = []
    carried, shown, empty = _shown_hands(sheet)
    if carried is not None:
        index = len(rows)
        row: list[object] = [f"1–{carried.number}", _("carried forward"), "", "", ""]
        for pair in range(2):
            row += [*[""] * (PER_PAIR - 1), str(carried.totals[pair])]
            start = first + PER_PAIR * pair
            commands.append(("SPAN", (start, index), (start + PER_PAIR - 2, index)))
        row.append("")
        commands += [
            ("SPAN", (1, index), (4, index)),
            ("FONT", (0, index), (-1, index), regular, 7),
            ("TEXTCOLOR", (0, index), (-2, index), GREY),
        ]
        rows.append(row)
    for hand in shown:
        index = len(rows)
        seat = sviten.SEATS[hand.declarer]
        declarer = f"{seat} {shorter[hand.declarer]}" if shorter else seat
        row = [
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
        start = first + PER_PAIR * hand.declarers
        commands.append(("BACKGROUND", (start, index), (start + PER_PAIR - 2, index), SHADE))
        rows.append(row)
    number = shown[-1].number if shown else 0
    for _row in range(empty):
        number += 1
        dealer = ""
        if short is not None and sheet.first_dealer is not None:
            dealer = short[(sheet.first_dealer + number - 1) % sviten.PLAYERS]
        rows.append([str(number), dealer, *[""] * (len(head0) - 3), CheckBox()])
    widths = [*FIXED_COLUMNS, *PAIR_COLUMNS, *PAIR_COLUMNS, made_width]
    count = len(rows) - 2
    height = 26 if count <= BLANK_ROWS else 18
    table = Table(rows, colWidths=widths, rowHeights=[14, 11, *(height,) * count])
    table.setStyle(TableStyle(_table_style(st, first) + commands))
    return table


def _table_style(st: Styles, first: int) -> list[tuple]:
    regular, bold = st.fonts.regular, st.fonts.bold
    commands: list[tuple] = [
        ("FONT", (0, 0), (-1, -1), regular, 8.5),
        ("FONT", (0, 0), (-1, 0), bold, 7.5),
        ("FONT", (0, 1), (-1, 1), regular, 6.3),
        ("FONT", (1, 2), (2, -1), regular, 7.5),
        ("FONT", (2, 2), (3, -1), bold, 7.5),
        ("FONT", (3, 2), (3, -1), bold, 9),
        ("FONT", (4, 2), (4, -1), regular, 11),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("ALIGN", (1, 2), (2, -1), "LEFT"),
        ("GRID", (0, 0), (-1, -1), 0.4, LINE),
        ("BOX", (0, 0), (-1, -1), 1.2, colors.black),
        ("BACKGROUND", (0, 0), (-1, 1), SHADE),
        ("LINEBELOW", (0, 1), (-1, 1), 1, colors.black),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("LINEBEFORE", (-1, 0), (-1, -1), 1, colors.black),
        ("SPAN", (-1, 0), (-1, 1)),
    ]
    for column in range(first):
        commands.append(("SPAN", (column, 0), (column, 1)))
    for pair in range(2):
        start = first + PER_PAIR * pair
        commands += [
            ("SPAN", (start, 0), (start + PER_PAIR - 1, 0)),
            ("LINEBEFORE", (start, 0), (start, -1), 1, colors.black),
            ("LINEBEFORE", (start + 3, 1), (start + 3, -1), 0.8, colors.black),
            # The score in the hand, and the running total players compare.
            ("FONT", (start + 3, 2), (start + 3, -1), bold, 9),
            ("BACKGROUND", (start + 4, 2), (start + 4, -1), LIGHT),
            ("FONT", (start + 4, 2), (start + 4, -1), bold, 9),
        ]
    return commands


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
    for hand in state.hands[-MAX_ROWS:]:
        parts = []
        for pair in range(2):
            known = hand.hand.captured is not None or hand.hand.melds[pair] is not None
            if not known:
                continue
            melds = " · ".join(_meld_markup(meld) for meld in hand.melds[pair]) or "–"
            parts.append(f"<b>{sviten.PAIR_NAMES[pair]}</b> {melds}")
        if parts:
            lines.append(f"<b>{hand.number}.</b> " + "; ".join(parts))
    if not lines:
        return []
    return [
        Paragraph(_("Melds laid"), st.heading),
        *(Paragraph(line, st.small) for line in lines),
        Spacer(0, 2 * mm),
    ]


def _footer(sheet: SvitenSheet, st: Styles) -> list[Flowable]:
    state = sheet.state
    parts: list[Flowable] = []
    if state is None:
        parts.append(Paragraph(_("Winners") + ": ______________________________", st.result))
    else:
        parts.append(Paragraph(_status_line(state), st.result))
    parts.append(Spacer(0, 2 * mm))
    parts.append(Paragraph(_scoring_note(sheet.options), st.small))
    return parts


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
