"""What every printed page shares: paper sizes, fonts that carry ♠ ♥ ♦ ♣, text styles, the QR
code of a game's live address, check boxes, and building a one-page PDF.

Fonts: DejaVu Sans, shipped in ``fonts/`` (its licence beside it), is embedded in every PDF
(subset by reportlab: only the glyphs used), so any player's name and the suits ♠ ♥ ♦ ♣ print
alike on every machine and every viewer, whatever fonts either has; nothing refers to a font
the PDF does not carry (not even the canvas's initial font). Only where the shipped files are
missing or damaged is the machine's DejaVu Sans used, and without one the standard Helvetica
(not embedded; reportlab draws what it lacks from Symbol).

Every PDF names its language (``/Lang``, from the words it is printed in), its title, subject
and author.
"""

from __future__ import annotations

import functools
import io
import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ParamSpec, TypeVar
from xml.sax.saxutils import escape

from reportlab import rl_config
from reportlab.graphics.barcode import qrencoder
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    Flowable,
    KeepInFrame,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tables import CellStyle

from scorekeeper.games.cards import Suit
from scorekeeper.games.text import LazyText, Words, current_words, speaking
from scorekeeper.games.text import gettext as _
from scorekeeper.server.qr import reachable_url

# Streams are compressed binary: ASCII85 on top would make every PDF a quarter larger and
# slower to write, for 7-bit mail transports nobody uses for PDFs any more. (A reportlab-wide
# setting; reportlab is used only here.)
rl_config.useA85 = 0

#: Paper sizes by the name used in URLs and on the command line; A4 is the default.
PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
DEFAULT_PAPER = "a4"
MARGIN = 14 * mm

#: Dark enough to stay legible when printed in black and white.
RED_HEX = "#b3141b"
RED = colors.HexColor(RED_HEX)
GREY = colors.HexColor("#555555")
LINE = colors.HexColor("#777777")
SHADE = colors.HexColor("#e8e8e8")
LIGHT = colors.HexColor("#f4f4f4")

#: DejaVu Sans as the package ships it (``fonts/LICENSE``).
PACKAGED_FONTS = Path(__file__).resolve().parent / "fonts"

#: Folders searched for DejaVu Sans: the package's own, then the machine's (Debian/Ubuntu,
#: Fedora, Arch, macOS/Homebrew, per user) should those be missing.
FONT_DIRS: tuple[Path, ...] = (
    PACKAGED_FONTS,
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu-sans-fonts"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/share/fonts/TTF"),
    Path("/usr/local/share/fonts"),
    Path("/opt/homebrew/share/fonts"),
    Path("/Library/Fonts"),
    Path.home() / ".local/share/fonts",
    Path.home() / "Library/Fonts",
)


P = ParamSpec("P")
R = TypeVar("R")


def in_words(printer: Callable[P, R]) -> Callable[..., R]:
    """A printer that takes ``words=`` (a :class:`~scorekeeper.games.text.Words`): everything
    it prints is in that language. Without it, the current words (what the web page's request
    or the command's ``--lang`` set; English otherwise)."""

    @functools.wraps(printer)
    def printed(*args: Any, words: Words | None = None, **kwargs: Any) -> R:
        with speaking(words):
            return printer(*args, **kwargs)

    return printed


def page_size(paper: str) -> tuple[float, float]:
    """The page size in points for ``a4`` or ``letter``; ``ValueError`` for anything else."""
    try:
        return PAPERS[paper.lower()]
    except (KeyError, AttributeError):
        raise ValueError(f"Paper must be one of: {', '.join(PAPERS)} (not {paper!r}).") from None


# --- fonts -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fonts:
    regular: str
    bold: str
    embedded: bool


STANDARD_FONTS = Fonts("Helvetica", "Helvetica-Bold", embedded=False)


def find_fonts(folders: Iterable[Path] = FONT_DIRS) -> Fonts:
    """Register DejaVu Sans (regular and bold) from the first folder that has both; otherwise
    the standard Helvetica, whose missing characters reportlab draws from Symbol."""
    for folder in folders:
        regular, bold = folder / "DejaVuSans.ttf", folder / "DejaVuSans-Bold.ttf"
        if regular.is_file() and bold.is_file():
            try:
                pdfmetrics.registerFont(TTFont("SK-Sans", str(regular)))
                pdfmetrics.registerFont(TTFont("SK-Sans-Bold", str(bold)))
            except Exception:  # a damaged or unreadable font file: try the next folder
                continue
            pdfmetrics.registerFontFamily(
                "SK-Sans",
                normal="SK-Sans",
                bold="SK-Sans-Bold",
                italic="SK-Sans",
                boldItalic="SK-Sans-Bold",
            )
            return Fonts("SK-Sans", "SK-Sans-Bold", embedded=True)
    return STANDARD_FONTS


@functools.cache
def fonts() -> Fonts:
    """The fonts of every printed page (looked up once per process)."""
    return find_fonts()


# --- styles ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Styles:
    """The paragraph styles of one document, in its fonts."""

    fonts: Fonts
    title: ParagraphStyle
    subtitle: ParagraphStyle
    heading: ParagraphStyle
    body: ParagraphStyle
    small: ParagraphStyle
    cell: ParagraphStyle
    cell_left: ParagraphStyle
    cell_head: ParagraphStyle
    cell_big: ParagraphStyle
    caption: ParagraphStyle
    small_center: ParagraphStyle
    cell_name: ParagraphStyle
    cell_name_small: ParagraphStyle
    cell_sub: ParagraphStyle
    cell_suit: ParagraphStyle
    cell_fixed: ParagraphStyle
    result: ParagraphStyle


def styles(base: Fonts | None = None) -> Styles:
    f = base or fonts()

    def style(name: str, size: float, *, bold: bool = False, **kw: Any) -> ParagraphStyle:
        kw.setdefault("leading", size * 1.22)
        return ParagraphStyle(name, fontName=f.bold if bold else f.regular, fontSize=size, **kw)

    return Styles(
        fonts=f,
        title=style("title", 18, bold=True, leading=21),
        subtitle=style("subtitle", 9.5, textColor=GREY, spaceBefore=2),
        heading=style("heading", 10.5, bold=True, spaceBefore=8, spaceAfter=3),
        body=style("body", 8.6, leading=10.8, spaceAfter=3),
        small=style("small", 7.2, textColor=GREY),
        cell=style("cell", 8, alignment=TA_CENTER),
        cell_left=style("cell_left", 8, alignment=TA_LEFT),
        cell_head=style("cell_head", 7.2, bold=True, alignment=TA_CENTER, leading=8.4),
        cell_big=style("cell_big", 10.5, bold=True, alignment=TA_CENTER, leading=12),
        caption=style("caption", 6.5, textColor=GREY, alignment=TA_RIGHT, leading=7.6),
        small_center=style("small_center", 6.5, textColor=GREY, alignment=TA_CENTER, leading=7.6),
        cell_name=style("cell_name", 10, bold=True, leading=12),
        cell_name_small=style("cell_name_small", 8, bold=True, leading=9.5),
        cell_sub=style("cell_sub", 6.5, alignment=TA_CENTER, leading=7.6),
        cell_suit=style("cell_suit", 11, alignment=TA_CENTER, leading=12),
        cell_fixed=style("cell_fixed", 8, alignment=TA_CENTER, textColor=GREY),
        result=style("result", 12, bold=True, leading=15),
    )


# --- text pieces -----------------------------------------------------------------------------


def text(value: object) -> str:
    """Escape text for a Paragraph (player names may hold ``<`` or ``&``)."""
    return escape(str(value))


def suit_markup(suit: Suit | None) -> str:
    """A suit symbol for a Paragraph: hearts and diamonds in red, spades and clubs in black."""
    if suit is None:
        return ""
    if suit.is_red:
        return f'<font color="{RED_HEX}">{suit.symbol}</font>'
    return suit.symbol


def fit(value: str, font: str, size: float, width: float) -> str:
    """``value`` shortened with an ellipsis until it fits ``width`` points."""
    if pdfmetrics.stringWidth(value, font, size) <= width:
        return value
    while value and pdfmetrics.stringWidth(value + "…", font, size) > width:
        value = value[:-1]
    return value.rstrip() + "…"


def short_names(names: Sequence[str], font: str, size: float, width: float) -> list[str]:
    """Names for a narrow column: whole where they fit, else the first name when that fits and
    tells the players apart, else cut short with an ellipsis."""
    firsts = [name.split()[0] if name.split() else name for name in names]
    distinct = len({first.casefold() for first in firsts}) == len(firsts)
    shown = []
    for name, first in zip(names, firsts, strict=True):
        if pdfmetrics.stringWidth(name, font, size) <= width:
            shown.append(name)
        elif distinct and pdfmetrics.stringWidth(first, font, size) <= width:
            shown.append(first)
        else:
            shown.append(fit(name, font, size, width))
    return shown


# --- flowables -------------------------------------------------------------------------------


QUIET_ZONE = 4  # modules of white around a QR code, as the standard asks


class QRCode(Flowable):
    """A QR code of ``value``, ``size`` points square, with its quiet zone."""

    def __init__(self, value: str, size: float = 25 * mm):
        super().__init__()
        self.value = value
        self.size = size

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.size, self.size

    def draw(self) -> None:
        # Drawn as one filled path of horizontal runs: several times faster than rendering
        # reportlab's widget, a Drawing of one shape per run.
        modules = qr_modules(self.value)
        box = self.size / (len(modules) + 2 * QUIET_ZONE)
        path = self.canv.beginPath()
        for r, row in enumerate(modules):
            y = self.size - (r + QUIET_ZONE + 1) * box
            c = 0
            for dark, run in itertools.groupby(row):
                length = len(list(run))
                if dark:
                    path.rect((c + QUIET_ZONE) * box, y, length * box, box)
                c += length
        self.canv.setFillColor(colors.black)
        self.canv.drawPath(path, stroke=0, fill=1)


@functools.lru_cache(maxsize=256)
def qr_modules(value: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code's modules (True is dark), by reportlab's encoder at error correction level M.
    Kept per address: choosing the best mask is most of the work, and a game's sheet and card
    are printed again and again with the same address."""
    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(value)
    code.make()
    return tuple(tuple(bool(module) for module in row) for row in code.modules)


class CheckBox(Flowable):
    """A small square to tick by hand; drawn ticked when ``checked`` (no font needed)."""

    def __init__(self, size: float = 3.2 * mm, checked: bool = False):
        super().__init__()
        self.size = size
        self.checked = checked

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.size, self.size

    def draw(self) -> None:
        canvas, s = self.canv, self.size
        canvas.setLineWidth(0.6)
        canvas.setStrokeColor(colors.black)
        canvas.rect(0, 0, s, s)
        if self.checked:
            canvas.setLineWidth(1.1)
            path = canvas.beginPath()
            path.moveTo(0.2 * s, 0.5 * s)
            path.lineTo(0.42 * s, 0.22 * s)
            path.lineTo(0.85 * s, 0.85 * s)
            canvas.drawPath(path, stroke=1, fill=0)


def live_url(url: str | None) -> str | None:
    """The address a QR code may show: never ``localhost`` (a phone cannot reach it)."""
    return reachable_url(url) if url else None


def qr_block(url: str, st: Styles, size: float = 24 * mm, caption: str = "") -> list[Flowable]:
    """The QR code, right-aligned in its cell, with a short caption under it."""
    code = QRCode(url, size)
    code.hAlign = "RIGHT"
    return [code, Paragraph(text(caption), st.caption)] if caption else [code]


# --- page pieces ---------------------------------------------------------------------------


def no_padding() -> TableStyle:
    """A layout table's style: cells top-aligned, no padding (columns, a header beside a QR)."""
    return TableStyle(
        [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ]
    )


def page_header(
    title: str,
    lines: Sequence[str],
    url: str | None,
    st: Styles,
    width: float,
    qr_size: float = 24 * mm,
) -> Table:
    """The top of every sheet and card: its title and the lines under it (markup) on the left
    and, for a game, its live address under them and as a QR code on the right."""
    left: list[Flowable] = [
        Paragraph(title, st.title),
        *(Paragraph(line, st.subtitle) for line in lines),
    ]
    if url:
        left.append(Paragraph(_("Live game: %(url)s", url=text(url)), st.subtitle))
    qr_width = 30 * mm
    right: list[Flowable] = (
        qr_block(url, st, qr_size, _("Scan to follow the game")) if url else [Spacer(0, 0)]
    )
    table = Table([[left, right]], colWidths=[width - qr_width, qr_width])
    table.setStyle(no_padding())
    return table


def section(title: str, paragraphs: Sequence[str | LazyText], st: Styles) -> list[Flowable]:
    """A rules card's section: a heading and its paragraphs (markup; a constant's said in the
    current words)."""
    return [Paragraph(title, st.heading), *(Paragraph(str(p), st.body) for p in paragraphs)]


# --- documents -------------------------------------------------------------------------------


def document(
    out: io.BytesIO, paper: str, *, title: str, subject: str | None = None
) -> SimpleDocTemplate:
    """A document on ``paper`` written to ``out``, with every printout's margins and author,
    its ``title`` and ``subject`` (none when None), and the language of the current words.
    The canvas starts in the document's font, so a PDF refers to no font it does not embed."""
    return SimpleDocTemplate(
        out,
        pagesize=page_size(paper),
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=title,
        subject=subject,
        author="Scorekeeper",
        creator="Scorekeeper",
        lang=current_words().language,
        initialFontName=fonts().regular,
    )


def one_page(doc: SimpleDocTemplate, story: list[Flowable]) -> Flowable:
    """``story`` fitted to one page of ``doc``: the frame has 6 pt of padding on each side; one
    KeepInFrame fills it and shrinks the content rather than letting it spill onto a second
    page."""
    return KeepInFrame(doc.width - 12, doc.height - 12, story, mode="shrink")


def build_pdf(story: list[Flowable], *, paper: str, title: str, subject: str = "") -> bytes:
    """Lay ``story`` out on exactly one page of ``paper`` (shrunk to fit if it must be)."""
    out = io.BytesIO()
    doc = document(out, paper, title=title, subject=subject)
    build(doc, [one_page(doc, story)])
    return out.getvalue()


def build(doc: SimpleDocTemplate, story: list[Flowable]) -> None:
    """Build ``doc`` from ``story`` in the printouts' fonts. A table's cell sets its font
    before drawing what it holds — reportlab's Helvetica unless told — so the PDF would name a
    font it never draws nor embeds: every cell is told the document's font (read when the
    table draws, so this reportlab-wide default is set at each build, from :func:`fonts`)."""
    CellStyle.fontname = fonts().regular
    doc.build(story)


def content_width(paper: str) -> float:
    """The width a story has on ``paper`` inside the margins and the frame's padding."""
    return page_size(paper)[0] - 2 * MARGIN - 12
