"""A club's season table on paper: one page, a row a member (place, name, points, evenings
played) and a column an evening (the member's place and points there), with the QR code of the
season's page.

Like every printer here it is given plain values — the club's and the season's names, the rule
in words, each row as the season page shows it, the points already written as people write them
— and never the database, so the club's running season and a stored one print alike. A big
season (40 members, 20 evenings) still fits its one page: the evenings' columns are numbered
(the key under the table names each evening), the type gets smaller as the table grows, and the
page shrinks what is left over rather than spill onto a second page.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable, KeepInFrame, Paragraph, Spacer, Table, TableStyle

from scorekeeper.games.text import gettext as _
from scorekeeper.games.text import pgettext
from scorekeeper.printing.common import (
    GREY,
    LIGHT,
    LINE,
    SHADE,
    QRCode,
    Styles,
    build,
    content_width,
    document,
    fit,
    in_words,
    live_url,
    no_padding,
    styles,
    text,
)


@dataclass(frozen=True)
class SeasonCell:
    """A member's result at one evening: their place and points (written as the page writes
    them), and whether the season's rule counted it (best N leaves some out)."""

    place: int
    points: str
    counts: bool = True


@dataclass(frozen=True)
class SeasonLine:
    """One member's row of the season table, as its page shows it. ``place`` None: not ranked
    yet (an average's minimum of evenings); ``cells`` has one entry an evening of the season,
    None where the member was absent."""

    place: int | None
    shared: bool
    name: str
    points: str
    evenings: int
    counted: int
    cells: tuple[SeasonCell | None, ...]


@dataclass(frozen=True)
class SeasonEvening:
    """An evening of the season as its column's key names it."""

    name: str
    date: str


def place_text(place: int | None, shared: bool) -> str:
    """A season place as the page writes it: ``4``, ``=4`` for a shared one, ``–`` unranked."""
    if place is None:
        return "–"
    return f"={place}" if shared else str(place)


def _sizes(rows: int) -> float:
    """The type size of the table's cells, smaller as it grows (so that 40 members are still
    read at arm's length)."""
    return 9.0 if rows <= 20 else 8.0 if rows <= 30 else 7.0


#: The smallest type of an evening's cell, in points (a wide season's narrow columns).
SMALLEST = 4.6


def _widest(lines: Sequence[SeasonLine], font: str) -> float:
    """The widest of the evenings' cells of ``lines`` in ``font``, in ems."""
    return max(
        (
            pdfmetrics.stringWidth(_shown(cell), font, 1)
            for line in lines
            for cell in line.cells
            if cell is not None
        ),
        default=0.0,
    )


def _evening_size(widest: float, room: float, size: float) -> float:
    """The type size at which the widest evening's cell (``widest`` ems) fits ``room`` points
    across (at most ``size``, at least :data:`SMALLEST`)."""
    if widest <= 0:
        return size
    return max(SMALLEST, min(size, room / widest))


@in_words
def season_pdf(
    club: str,
    season: str,
    rule: str,
    evenings: Sequence[SeasonEvening],
    lines: Sequence[SeasonLine],
    *,
    paper: str = "a4",
    url: str | None = None,
    notes: Sequence[str] = (),
) -> bytes:
    """The season table on one page of ``paper``: the title (``club · season``) and the rule in
    words, the table, what its marks mean, the key of the evenings' columns and ``notes`` (more
    of how it is scored), and a QR code of the season's page (``url``)."""
    st = styles()
    width = content_width(paper)
    size = _sizes(len(lines))
    title = f"{club} · {season}"
    header = _header(title, rule, live_url(url), st, width)
    table = _table(evenings, lines, st, width, size)
    story: list[Flowable] = [header, Spacer(0, 4 * mm), table, Spacer(0, 2 * mm)]
    legend = [
        _("=4: a shared place. –: not ranked yet."),
        _("Each evening: the member’s place there, and under it their points."),
    ]
    if any(cell is not None and not cell.counts for line in lines for cell in line.cells):
        legend.append(_("Points in brackets are not counted by the season’s rule."))
    if any(line.counted != line.evenings for line in lines):
        legend.append(_("Played: the evenings played, and in brackets how many the rule counts."))
    story += [Paragraph(text(" ".join(legend)), st.small)]
    if evenings:
        key = " · ".join(
            f"<b>{number}</b> {text(e.name)} ({text(e.date)})"
            for number, e in enumerate(evenings, start=1)
        )
        story += [Spacer(0, 1.5 * mm), Paragraph(_("Evenings") + ": " + key, st.small)]
    story += [Paragraph(text(note), st.small) for note in notes]
    out = io.BytesIO()
    doc = document(out, paper, title=f"{title} · {rule}", subject=_("Season table"))
    # As :func:`~scorekeeper.printing.common.one_page`, but a table wider than the page (a
    # long season's evenings at their smallest type) is shrunk too, not let out past the margin.
    page = KeepInFrame(doc.width - 12, doc.height - 12, story, mode="shrink", fakeWidth=False)
    build(doc, [page])
    return out.getvalue()


def _header(title: str, rule: str, url: str | None, st: Styles, width: float) -> Table:
    """The title and the rule on the left, the QR code of the season's page on the right."""
    qr_width = 30 * mm
    left: list[Flowable] = [Paragraph(text(title), st.title), Paragraph(text(rule), st.subtitle)]
    right: list[Flowable] = [Spacer(0, 0)]
    if url:
        code = QRCode(url, 22 * mm)
        code.hAlign = "RIGHT"
        right = [code, Paragraph(text(_("Scan to see the season table")), st.caption)]
    table = Table([[left, right]], colWidths=[width - qr_width, qr_width])
    table.setStyle(no_padding())
    return table


def _table(
    evenings: Sequence[SeasonEvening],
    lines: Sequence[SeasonLine],
    st: Styles,
    width: float,
    size: float,
) -> Table:
    count = len(evenings)
    widths, small = _column_widths(count, lines, st, width, size)
    table = Table(_rows(count, lines, st, size, widths[1]), colWidths=widths, repeatRows=1)
    table.setStyle(_grid(len(lines)))
    table.setStyle(_evening_cells(lines, st, small))
    return table


def _column_widths(
    count: int, lines: Sequence[SeasonLine], st: Styles, width: float, size: float
) -> tuple[list[float], float]:
    """The table's column widths (place, name, points, played, then ``count`` evenings) and the
    type size of the evenings' cells."""
    place_w, points_w, played_w = 10 * mm, 12 * mm, 13.5 * mm
    # The evenings share what the names leave them: the longest name's room (between 28 and
    # 55 mm; a longer name is cut short), at most 12 mm an evening.
    fixed = place_w + points_w + played_w
    longest = max(
        (pdfmetrics.stringWidth(line.name, st.fonts.bold, size) for line in lines), default=0
    )
    names_w = min(55 * mm, max(28 * mm, longest + 2 * PADDING + 1))
    # An evening's cell never wraps: where even the smallest type does not fit, the table is
    # wider than the page and the page shrinks it all alike (one page, still in its order).
    widest = _widest(lines, st.fonts.regular)
    evening_w = min(12 * mm, (width - fixed - names_w) / count) if count else 0
    evening_w = max(evening_w, widest * SMALLEST + 2 * PADDING + 0.5)
    name_w = max(names_w, width - fixed - evening_w * count)
    small = _evening_size(widest, evening_w - 2 * PADDING - 0.5, min(size, 7.5))
    return [place_w, name_w, points_w, played_w, *([evening_w] * count)], small


def _rows(
    count: int, lines: Sequence[SeasonLine], st: Styles, size: float, name_w: float
) -> list[list[Any]]:
    """The heading row and a row a member: the columns of their own as paragraphs, the
    evenings' cells as plain text (the place, under it the points)."""
    leading = size * 1.15
    cell = st.cell.clone("season-cell", fontSize=size, leading=leading)
    bold = st.cell_big.clone("season-points", fontSize=size, leading=leading)
    head = st.cell_head.clone("season-head", fontSize=min(size, 7.2), leading=min(size, 7.2) * 1.2)
    name_style = st.cell_left.clone(
        "season-name", fontName=st.fonts.bold, fontSize=size, leading=leading
    )
    # A narrow column's heading: a word that fits it ("Plats" rather than "Placering").
    heads = [pgettext("narrow heading", "Place"), _("Member"), _("Points"), _("Played")]
    data: list[list[Any]] = [
        [Paragraph(text(h), head) for h in heads]
        + [Paragraph(str(number), head) for number in range(1, count + 1)]
    ]
    name_room = name_w - 2 * PADDING - 0.5
    for line in lines:
        row: list[object] = [
            Paragraph(place_text(line.place, line.shared), cell),
            Paragraph(text(fit(line.name, st.fonts.bold, size, name_room)), name_style),
            Paragraph(text(line.points), bold),
            Paragraph(_played(line), cell),
        ]
        for at_evening in line.cells:
            row.append("" if at_evening is None else f"{at_evening.place}\n{_shown(at_evening)}")
        data.append(row)
    return data


def _evening_cells(lines: Sequence[SeasonLine], st: Styles, small: float) -> TableStyle:
    """The evenings' cells are plain text (a season's hundreds of cells draw several times
    faster than as paragraphs): the place, under it the points, greyed when not counted."""
    evening_cells: list[Any] = [
        ("FONTNAME", (4, 1), (-1, -1), st.fonts.regular),
        ("FONTSIZE", (4, 1), (-1, -1), small),
        ("LEADING", (4, 1), (-1, -1), small * 1.12),
        ("ALIGN", (4, 1), (-1, -1), "CENTER"),
    ]
    evening_cells += [
        ("TEXTCOLOR", (4 + i, r), (4 + i, r), GREY)
        for r, line in enumerate(lines, start=1)
        for i, at_evening in enumerate(line.cells)
        if at_evening is not None and not at_evening.counts
    ]
    return TableStyle(evening_cells)


def _played(line: SeasonLine) -> str:
    """The evenings played, and how many the rule counted when that differs (``7 (5)``)."""
    if line.counted == line.evenings:
        return str(line.evenings)
    return f"{line.evenings} ({line.counted})"


def _shown(at: SeasonCell) -> str:
    """An evening's points in its cell: in brackets when the rule does not count them."""
    return at.points if at.counts else f"({at.points})"


#: The room left and right in a cell, in points.
PADDING = 1.2


def _grid(rows: int) -> TableStyle:
    commands: list[Any] = [
        ("GRID", (0, 0), (-1, -1), 0.4, LINE),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), PADDING),
        ("RIGHTPADDING", (0, 0), (-1, -1), PADDING),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]
    # Every other member's row lightly shaded, so a row is followed across the evenings.
    commands += [("BACKGROUND", (0, r), (-1, r), LIGHT) for r in range(2, rows + 1, 2)]
    return TableStyle(commands)
