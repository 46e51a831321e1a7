"""The Klaberjass score sheet, one page: hand by hand, filled from a game or blank.

The sheet has a row per hand: the dealer, who made trumps and in what, each player's sequences,
bella, card points, last trick, hand total, score and running total, and how the hand was
settled. A blank sheet pre-prints the dealers when it knows the names and the first dealer. A
game with more hands than fit (20) shows the last ones under a "carried forward" row.

Takes engine values (a state, a setup), never the database.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from flask_babel import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from scorekeeper.games import klaberjass
from scorekeeper.games.klaberjass import HandResult, Outcome, Setup, State
from scorekeeper.printing.common import (
    DEFAULT_PAPER,
    GREY,
    LIGHT,
    LINE,
    RED,
    SHADE,
    Styles,
    build_pdf,
    content_width,
    live_url,
    page_header,
    short_names,
    styles,
    text,
)

#: Hand rows on one page; a longer game shows its last hands under a "carried forward" row.
MAX_ROWS = 20
BLANK_ROWS = 16
#: Rows for a game in progress: at least this many, so there is room to write on.
IN_PLAY_ROWS = 12
PER_PLAYER = 7  # sequences, bella, cards, last trick, hand total, score, running total
#: Widths (points) of #, dealer, maker, trumps; of a player's seven columns; the rest is for
#: the settlement.
FIXED_COLUMNS = (17, 40, 40, 28)
PLAYER_COLUMNS = (20, 21, 23, 20, 24, 26, 28)


# --- what goes on the sheet ------------------------------------------------------------------


@dataclass(frozen=True)
class KlaberjassSheet:
    """Everything a Klaberjass sheet shows; ``state`` is None for a blank sheet."""

    target: int = klaberjass.DEFAULT_TARGET
    players: tuple[str, str] | None = None
    first_dealer: int | None = None
    state: State | None = None
    url: str | None = None
    date: datetime.date | None = None


def klaberjass_sheet(
    state: State,
    *,
    paper: str = DEFAULT_PAPER,
    url: str | None = None,
    date: datetime.date | None = None,
) -> bytes:
    """The filled sheet of a game in any state, with a QR code of ``url`` (its live address;
    a loopback address is replaced by this machine's LAN address)."""
    sheet = KlaberjassSheet(
        target=state.target,
        players=state.players,
        first_dealer=state.setup.first_dealer,
        state=state,
        url=live_url(url),
        date=date,
    )
    return _build(sheet, paper)


def blank_klaberjass_sheet(
    players: Sequence[str] | None = None,
    first_dealer: int | None = None,
    target: int = klaberjass.DEFAULT_TARGET,
    *,
    paper: str = DEFAULT_PAPER,
) -> bytes:
    """A sheet to fill in by hand. With the names it prints them; with the first dealer as
    well (seat 0 or 1) it prints who deals every hand."""
    if players is None and first_dealer is not None:
        raise ValueError("A first dealer needs the players' names.")
    names = None
    if players is not None:
        setup = Setup(
            players=tuple(players),  # type: ignore[arg-type]
            first_dealer=first_dealer if first_dealer is not None else 0,
            options=klaberjass.Options(target=target),
        )
        names = setup.players
    else:
        klaberjass.Options(target=target)  # the same check of the target
    return _build(KlaberjassSheet(target=target, players=names, first_dealer=first_dealer), paper)


# --- the sheet -------------------------------------------------------------------------------


def _title(sheet: KlaberjassSheet) -> str:
    names = ", ".join(sheet.players) if sheet.players else _("blank")
    return _("Klaberjass score sheet: %(names)s", names=names)


def _build(sheet: KlaberjassSheet, paper: str) -> bytes:
    st = styles()
    width = content_width(paper)
    story: list[Flowable] = [
        _header(sheet, st, width),
        Spacer(0, 4 * mm),
        _hands_table(sheet, st, width),
        Spacer(0, 4 * mm),
        *_footer(sheet, st),
    ]
    return build_pdf(
        story,
        paper=paper,
        title=_title(sheet),
        subject=_("Klaberjass, first to %(n)d", n=sheet.target),
    )


def _header(sheet: KlaberjassSheet, st: Styles, width: float) -> Table:
    left: list[Flowable] = [
        Paragraph(_("Klaberjass score sheet"), st.title),
        Paragraph(
            _(
                "2 players · 32 cards (7 to ace) · the deal alternates · first to %(n)d",
                n=sheet.target,
            ),
            st.subtitle,
        ),
    ]
    facts = []
    if sheet.players:
        facts.append(text(", ".join(sheet.players)))
        if sheet.first_dealer is not None:
            dealer = sheet.players[sheet.first_dealer]
            facts.append(text(_("%(name)s deals first", name=dealer)))
    else:
        facts.append(_("Players") + ": ______________________________")
    if sheet.date is not None:
        facts.append(text(sheet.date.isoformat()))
    elif sheet.state is None:
        facts.append(_("Date") + ": ____________")
    else:  # a game whose date is unknown (a record without times): say when it was printed
        facts.append(_("printed %(date)s", date=datetime.date.today().isoformat()))
    left.append(Paragraph(" · ".join(facts), st.subtitle))
    if sheet.url:
        left.append(Paragraph(_("Live game: %(url)s", url=text(sheet.url)), st.subtitle))
    return page_header(left, sheet.url, st, width)


def _settlement(hand: HandResult, names: Sequence[str]) -> str:
    """How the hand was settled, in two or three words."""
    if hand.outcome is Outcome.THROWN_IN:
        return _("thrown in")
    if hand.outcome is Outcome.MAKER_AHEAD:
        return _("each their own")
    if hand.outcome is Outcome.TIE:
        return _("tie: maker 0")
    assert hand.opponent is not None
    return _("%(name)s takes all", name=names[hand.opponent])


def _blank(value: int) -> str:
    return str(value) if value else ""


def _shown_hands(sheet: KlaberjassSheet) -> tuple[HandResult | None, tuple[HandResult, ...], int]:
    """The hand carried forward from (if the game is too long for the page), the hands shown,
    and how many empty rows follow them."""
    state = sheet.state
    if state is None:
        return None, (), BLANK_ROWS
    hands = state.hands
    if len(hands) > MAX_ROWS:
        shown = hands[-(MAX_ROWS - 1) :]
        return hands[-MAX_ROWS], shown, 0
    if state.finished:
        return None, hands, 0
    rows = min(MAX_ROWS, max(IN_PLAY_ROWS, len(hands) + 3))
    return None, hands, rows - len(hands)


def _hands_table(sheet: KlaberjassSheet, st: Styles, width: float) -> Table:
    """The game hand by hand. Plain strings (styled by the table) where a cell holds one run of
    text: far cheaper to lay out than a Paragraph per cell."""
    regular, bold = st.fonts.regular, st.fonts.bold
    settle_width = width - sum(FIXED_COLUMNS) - 2 * sum(PLAYER_COLUMNS)
    players = sheet.players
    group = sum(PLAYER_COLUMNS)
    heads = short_names(players, bold, 8.5, group - 6) if players else ["", ""]
    short = short_names(players, bold, 7.5, FIXED_COLUMNS[1] - 5) if players else None
    takes = pdfmetrics.stringWidth(_("%(name)s takes all", name=""), regular, 6.5)
    settle_names = (
        short_names(players, regular, 6.5, settle_width - takes - 5) if players else ["", ""]
    )
    first = len(FIXED_COLUMNS)
    head0: list[object] = ["#", _("Dealer"), _("Maker"), _("Trump")]
    head1: list[object] = ["", "", "", ""]
    for seat in range(klaberjass.PLAYERS):
        head0 += [heads[seat], *[""] * (PER_PLAYER - 1)]
        head1 += [
            _("Seq."),
            _("Bella"),
            _("Cards"),
            _("Last"),
            _("Hand"),
            _("Score"),
            _("Total"),
        ]
    head0.append(_("Settled"))
    head1.append("")
    rows: list[list[object]] = [head0, head1]
    commands: list[tuple] = []
    carried, shown, empty = _shown_hands(sheet)

    def player_span(row: int, seat: int, cells: int = PER_PLAYER - 1) -> tuple:
        start = first + PER_PLAYER * seat
        return ("SPAN", (start, row), (start + cells - 1, row))

    if carried is not None:
        index = len(rows)
        row: list[object] = [
            f"1–{carried.number}",
            _("carried forward"),
            "",
            "",
        ]
        for seat in range(klaberjass.PLAYERS):
            row += [*[""] * (PER_PLAYER - 1), str(carried.totals[seat])]
            commands.append(player_span(index, seat))
        row.append("")
        commands += [
            ("SPAN", (1, index), (3, index)),
            ("FONT", (0, index), (-1, index), regular, 7),
            ("TEXTCOLOR", (0, index), (-2, index), GREY),
        ]
        rows.append(row)
    for hand in shown:
        index = len(rows)
        names = players or ("", "")
        dealer = short[hand.dealer] if short else ""
        if hand.thrown_in or hand.maker is None or hand.trump is None:
            row = [str(hand.number), dealer, "", "–"]
            for seat in range(klaberjass.PLAYERS):
                row += [_("thrown in: no score"), *[""] * (PER_PLAYER - 2), str(hand.totals[seat])]
                commands.append(player_span(index, seat))
                start = first + PER_PLAYER * seat
                commands.append(("TEXTCOLOR", (start, index), (start, index), GREY))
                commands.append(("FONT", (start, index), (start, index), regular, 7))
            row.append(_settlement(hand, names))
            rows.append(row)
            continue
        row = [str(hand.number), dealer, short[hand.maker] if short else "", hand.trump.symbol]
        if hand.trump.is_red:
            commands.append(("TEXTCOLOR", (3, index), (3, index), RED))
        for seat in range(klaberjass.PLAYERS):
            row += [
                _blank(hand.sequence_points[seat]),
                _blank(hand.bella_points[seat]),
                str(hand.card_points[seat]),
                _blank(hand.last_trick_points[seat]),
                str(hand.hand_totals[seat]),
                str(hand.scores[seat]),
                str(hand.totals[seat]),
            ]
        row.append(_settlement(hand, settle_names))
        start = first + PER_PLAYER * hand.maker
        commands.append(("BACKGROUND", (start, index), (start + 5, index), SHADE))
        rows.append(row)
    number = shown[-1].number if shown else 0
    for _row in range(empty):
        number += 1
        dealer = ""
        if short is not None and sheet.first_dealer is not None:
            dealer = short[(sheet.first_dealer + number - 1) % klaberjass.PLAYERS]
        rows.append([str(number), dealer, *[""] * (len(head0) - 2)])
    widths = [*FIXED_COLUMNS, *PLAYER_COLUMNS, *PLAYER_COLUMNS, settle_width]
    count = len(rows) - 2
    height = 21 if count <= BLANK_ROWS else 17
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
        ("FONT", (2, 2), (2, -1), bold, 7.5),
        ("FONT", (3, 2), (3, -1), regular, 11),
        ("FONT", (-1, 2), (-1, -1), regular, 6.5),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("ALIGN", (1, 2), (2, -1), "LEFT"),
        ("ALIGN", (-1, 2), (-1, -1), "LEFT"),
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
    ]
    for column in range(first):
        commands.append(("SPAN", (column, 0), (column, 1)))
    commands.append(("SPAN", (-1, 0), (-1, 1)))
    for seat in range(klaberjass.PLAYERS):
        start = first + PER_PLAYER * seat
        commands += [
            ("SPAN", (start, 0), (start + PER_PLAYER - 1, 0)),
            ("LINEBEFORE", (start, 0), (start, -1), 1, colors.black),
            # The hand total and the score are what the settlement is about; the running
            # total is what players compare.
            ("LINEBEFORE", (start + 4, 1), (start + 4, -1), 0.8, colors.black),
            ("FONT", (start + 4, 2), (start + 4, -1), regular, 8.5),
            ("FONT", (start + 5, 2), (start + 5, -1), bold, 9),
            ("BACKGROUND", (start + 6, 2), (start + 6, -1), LIGHT),
            ("FONT", (start + 6, 2), (start + 6, -1), bold, 8.5),
        ]
    return commands


def _footer(sheet: KlaberjassSheet, st: Styles) -> list[Flowable]:
    state = sheet.state
    parts: list[Flowable] = []
    if state is None:
        parts.append(Paragraph(_("Winner") + ": ______________________________", st.result))
    else:
        parts.append(Paragraph(_status_line(state), st.result))
    parts.append(Spacer(0, 2 * mm))
    parts.append(Paragraph(_scoring_note(sheet.target), st.small))
    return parts


def _scoring_note(target: int) -> str:
    return _(
        "<b>Hand.</b> Seq.: sequences, 3 in a row 20, 4 or more 50; only the player with the "
        "best scores, all of theirs. Bella: trump K + Q in one hand, 20. Cards: trump J 20, "
        "trump 9 14, A 11, 10 10, K 4, Q 3, other J 2. Last: the last trick, 10. "
        "<b>Settled.</b> Maker ahead: each scores their own hand. Tie: the opponent scores "
        "theirs, the maker 0. Opponent ahead: the opponent takes all (both hands), the maker 0. "
        "Shaded: the maker. First to %(n)d after a hand wins; both past it: the higher total; "
        "equal: play another hand.",
        n=target,
    )


def _status_line(state: State) -> str:
    players = state.players
    if state.winner is not None:
        return _(
            "%(name)s wins %(total)d to %(other)d.",
            name=text(players[state.winner]),
            total=state.totals[state.winner],
            other=state.totals[1 - state.winner],
        )
    if max(state.totals) >= state.target:
        return _("Both have %(n)d: play another hand.", n=state.totals[0])
    assert state.current_hand is not None and state.current_dealer is not None
    return _(
        "Next: hand %(n)d, %(dealer)s deals. %(first)s %(a)d, %(second)s %(b)d.",
        n=state.current_hand,
        dealer=text(players[state.current_dealer]),
        first=text(players[0]),
        a=state.totals[0],
        second=text(players[1]),
        b=state.totals[1],
    )
