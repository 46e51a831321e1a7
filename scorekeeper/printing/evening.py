"""A club evening on paper: the standings, and the table cards of a round (one page a table:
who sits where, who deals first, and a large QR code of the table's game; then the table's
blank score sheet with its players' names).

Like every printer here it is given plain values — names, places, the points as the page shows
them, the addresses — and never the database; nothing here names a game. A table's blank sheet
is its game's own, laid out by the game's printers (``blank_sheet_story``) as a page of the
same document; a game's filled sheet is its sheet PDF, with its QR code too.
"""

from __future__ import annotations

import datetime
import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.platypus import (
    Flowable,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from scorekeeper.games.text import gettext as _
from scorekeeper.games.text import join_names
from scorekeeper.printing.blank import Blank
from scorekeeper.printing.common import (
    LINE,
    SHADE,
    QRCode,
    Styles,
    build,
    build_pdf,
    content_width,
    document,
    in_words,
    live_url,
    no_padding,
    one_page,
    styles,
    text,
)
from scorekeeper.printing.printers import printer_for


@dataclass(frozen=True)
class StandingRow:
    """One line of the printed standings, as the evening's page shows it."""

    place: int
    shared: bool
    name: str
    points: str
    games: int
    wins: int


@dataclass(frozen=True)
class TableCard:
    """One table of a round: its number, its players in seat order (clockwise), how they score
    (each alone, or in pairs), who deals first (once the game is made), the game's live
    address (None before the round has started) and its blank sheet (the names, the first
    dealer once known, the evening's settings) to print after the card."""

    number: int
    seats: tuple[str, ...]
    sides: tuple[tuple[str, ...], ...]
    first_dealer: str | None = None
    url: str | None = None
    sheet: Blank | None = None


@in_words
def standings_pdf(
    name: str,
    game: str,
    rows: Sequence[StandingRow],
    explained: Sequence[str],
    *,
    paper: str = "a4",
    url: str | None = None,
    date: datetime.date | None = None,
    note: str = "",
) -> bytes:
    """The evening's standings on one page: place (=2 for a shared one), name, points, games
    and wins, how the evening is scored, and a QR code of the evening's page."""
    st = styles()
    width = content_width(paper)
    lines = [text(game)]
    if date is not None:
        lines.append(text(date.isoformat()))
    header = _header(
        [Paragraph(text(name), st.title), *(Paragraph(line, st.subtitle) for line in lines)],
        live_url(url),
        st,
        width,
    )
    head = [_("Place"), _("Player"), _("Points"), _("Games"), _("Wins")]
    data: list[list[object]] = [[Paragraph(text(h), st.cell_head) for h in head]]
    for row in rows:
        place = f"={row.place}" if row.shared else str(row.place)
        data.append(
            [
                Paragraph(place, st.cell),
                Paragraph(text(row.name), st.cell_name),
                Paragraph(text(row.points), st.cell_big),
                Paragraph(str(row.games), st.cell),
                Paragraph(str(row.wins), st.cell),
            ]
        )
    table = Table(
        data,
        colWidths=[18 * mm, width - 18 * mm - 3 * 24 * mm, 24 * mm, 24 * mm, 24 * mm],
        repeatRows=1,
    )
    table.setStyle(_grid())
    story: list[Flowable] = [header, Spacer(0, 5 * mm), table]
    if note:
        story += [Spacer(0, 2 * mm), Paragraph(text(note), st.small)]
    story += [Paragraph(_("How the standings are scored"), st.heading)]
    story += [Paragraph(text(paragraph), st.body) for paragraph in explained]
    return build_pdf(story, paper=paper, title=name, subject=_("Standings"))


@in_words
def table_cards_pdf(
    name: str,
    game: str,
    round_: int,
    cards: Sequence[TableCard],
    sitting_out: Sequence[str] = (),
    *,
    paper: str = "a4",
    kind: str | None = None,
) -> bytes:
    """One page a table of round ``round_``: put each on its table. Where a card has its
    ``sheet`` and game ``kind``'s printers lay a blank sheet out, that sheet follows the card
    on a page of its own (the same paper, the same language)."""
    st = styles()
    width = content_width(paper)
    sheet_story = None if kind is None else printer_for(kind).blank_sheet_story
    pages: list[list[Flowable]] = []
    for card in cards:
        pages.append(_card(name, game, round_, card, sitting_out, st, width))
        if sheet_story is not None and card.sheet is not None:
            pages.append(list(sheet_story(card.sheet, paper=paper).flowables))
    return _pages_pdf(
        pages,
        paper=paper,
        title=f"{name} · {_('Round %(n)d', n=round_)}",
        subject=_("%(game)s: table cards of round %(n)d", game=game, n=round_),
    )


def _card(
    name: str,
    game: str,
    round_: int,
    card: TableCard,
    sitting_out: Sequence[str],
    st: Styles,
    width: float,
) -> list[Flowable]:
    title = Paragraph(
        text(_("Table %(n)d", n=card.number)), st.title.clone("big", fontSize=44, leading=50)
    )
    story: list[Flowable] = [
        Paragraph(text(f"{name} · {game}"), st.subtitle),
        Paragraph(text(_("Round %(n)d", n=round_)), st.result),
        title,
        Spacer(0, 4 * mm),
        Paragraph(_("Seats, clockwise"), st.heading),
    ]
    big = st.cell_name.clone("seat", fontSize=20, leading=25)
    story += [Paragraph(f"{seat}. {text(player)}", big) for seat, player in _numbered(card.seats)]
    if any(len(side) > 1 for side in card.sides):
        story.append(Paragraph(_("Partners"), st.heading))
        story += [Paragraph(text(join_names(side)), st.body) for side in card.sides]
    if card.first_dealer is not None:
        story.append(Paragraph(text(_("%(name)s deals first.", name=card.first_dealer)), st.result))
    if card.url:
        size = min(80 * mm, width)
        code = QRCode(card.url, size)
        code.hAlign = "CENTER"
        story += [
            Spacer(0, 6 * mm),
            code,
            Paragraph(text(_("Scan to keep this table's score")), st.small_center),
            Paragraph(text(card.url), st.small_center),
        ]
    else:
        story.append(
            Paragraph(
                text(_("The QR code of the table's game prints once the round has started.")),
                st.small,
            )
        )
    if sitting_out:
        story += [
            Spacer(0, 6 * mm),
            Paragraph(text(_("Sitting out: %(names)s", names=join_names(sitting_out))), st.small),
        ]
    return story


def _numbered(seats: Sequence[str]) -> list[tuple[int, str]]:
    return [(seat, player) for seat, player in enumerate(seats, start=1)]


def _header(left: list[Flowable], url: str | None, st: Styles, width: float) -> Table:
    """The title and its lines on the left, the QR code of the evening's page on the right."""
    qr_width = 30 * mm
    right: list[Flowable] = [Spacer(0, 0)]
    if url:
        code = QRCode(url, 24 * mm)
        code.hAlign = "RIGHT"
        right = [code, Paragraph(text(_("Scan to follow the evening")), st.caption)]
    table = Table([[left, right]], colWidths=[width - qr_width, qr_width])
    table.setStyle(no_padding())
    return table


def _grid() -> TableStyle:
    return TableStyle(
        [
            ("GRID", (0, 0), (-1, -1), 0.5, LINE),
            ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ]
    )


def _pages_pdf(pages: Sequence[list[Flowable]], *, paper: str, title: str, subject: str) -> bytes:
    """Several pages, each story shrunk to fit its own page (as :func:`build_pdf` fits a
    one-page document's: the same frame, so a sheet prints here as it does alone)."""
    out = io.BytesIO()
    doc = document(out, paper, title=title, subject=subject)
    story: list[Flowable] = []
    for number, page in enumerate(pages):
        if number:
            story.append(PageBreak())
        story.append(one_page(doc, page))
    build(doc, story or [Spacer(0, 0)])
    return out.getvalue()
