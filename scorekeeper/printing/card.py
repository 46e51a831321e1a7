"""What every rules card shares: the header (with the game's players and QR code when it is a
game's card), two columns of sections, the small tables of values and worked examples, and the
options of the rulings, each "on" or "off" for a game or a box to agree on; and
:class:`CardLayout`, a game's card of a game or of its rules alone, the same way for every game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from scorekeeper.games.game import Game
from scorekeeper.games.text import Words, speaking
from scorekeeper.games.text import gettext as _
from scorekeeper.printing.blank import Blank
from scorekeeper.printing.common import (
    DEFAULT_PAPER,
    LINE,
    SHADE,
    CheckBox,
    Styles,
    build_pdf,
    content_width,
    live_url,
    no_padding,
    page_header,
    styles,
    text,
)
from scorekeeper.printing.table import Command

GUTTER = 7 * mm


@dataclass(frozen=True)
class CardPage:
    """A rules card being laid out: its styles, its width and its game's live address."""

    st: Styles
    width: float
    url: str | None

    @property
    def column(self) -> float:
        """The width of each of the two columns."""
        return (self.width - GUTTER) / 2


def card_page(paper: str, url: str | None) -> CardPage:
    """A card on ``paper`` with a QR code of ``url`` (never a loopback address)."""
    return CardPage(styles(), content_width(paper), live_url(url))


def this_game(players: Sequence[str], first_dealer: int) -> str:
    """The line under a game's card title: its players and who deals first."""
    return _(
        "This game: %(names)s · %(dealer)s deals first",
        names=text(", ".join(players)),
        dealer=text(players[first_dealer]),
    )


def card_pdf(
    page: CardPage,
    heading: tuple[str, Sequence[str]],
    left: Sequence[Flowable],
    right: Sequence[Flowable],
    *,
    paper: str,
    title: str,
    subject: str,
) -> bytes:
    """One page: the card's title and the lines under it, then its two columns."""
    header = page_header(*heading, page.url, page.st, page.width, 22 * mm)
    body = Table([[list(left), "", list(right)]], colWidths=[page.column, GUTTER, page.column])
    body.setStyle(no_padding())
    story: list[Flowable] = [header, Spacer(0, 3 * mm), body]
    return build_pdf(story, paper=paper, title=title, subject=subject)


SetupT = TypeVar("SetupT")
RulesT = TypeVar("RulesT")


@dataclass(frozen=True)
class CardParts:
    """What a game's rules card says, for :class:`CardLayout` to lay out: its title and the
    lines under it, its two columns, and the subject (and, when it is not the card's title,
    the title) its PDF carries."""

    title: str
    lines: Sequence[str]
    left: Sequence[Flowable]
    right: Sequence[Flowable]
    subject: str
    pdf_title: str | None = None


@dataclass(frozen=True)
class CardLayout(Generic[SetupT, RulesT]):
    """A game's rules card, of a game or of its rules alone, the same way for every game: its
    engine (``game``), the ``rules`` a card prints as a setup has them (a variant, a target,
    the options), and the ``card`` that says them (of a game when given its setup, else of the
    rules alone) on a page. ``rules_only`` reads a blank's setup for a card without a game
    where that differs (it may refuse a setting that prints only on a game's card). Its
    methods are what :class:`~scorekeeper.printing.printers.GamePrinters` prints with; those
    that make a PDF take ``words=``, the language it is in."""

    game: Game[Any, Any]
    rules: Callable[[SetupT], RulesT]
    card: Callable[[RulesT, SetupT | None, CardPage], CardParts]
    rules_only: Callable[[SetupT], RulesT] | None = None

    def pdf(
        self,
        rules: RulesT,
        setup: SetupT | None = None,
        *,
        paper: str = DEFAULT_PAPER,
        url: str | None = None,
    ) -> bytes:
        """The card of ``rules`` alone, or of the game ``setup`` (whose rules they are), with a
        QR code of ``url`` (never a loopback address)."""
        page = card_page(paper, url)
        said = self.card(rules, setup, page)
        heading = (said.title, said.lines)
        title = said.pdf_title or said.title
        return card_pdf(
            page, heading, said.left, said.right, paper=paper, title=title, subject=said.subject
        )

    def of(
        self,
        game: Any = None,
        *,
        paper: str = DEFAULT_PAPER,
        url: str | None = None,
        words: Words | None = None,
    ) -> bytes:
        """The card of a game given its state or setup; else of the rules given (what
        ``rules`` reads from a setup: a variant, options), or of the game's default rules."""
        with speaking(words):
            setup = game.setup if isinstance(game, self.game.state_type) else game
            if isinstance(setup, self.game.setup_type):
                return self.pdf(self.rules(setup), setup, paper=paper, url=url)
            rules = self.rules(Blank().setup(self.game)) if game is None else game
            return self.pdf(rules, paper=paper, url=url)

    def filled(
        self,
        state: Any,
        *,
        paper: str = DEFAULT_PAPER,
        url: str | None = None,
        words: Words | None = None,
    ) -> bytes:
        """The card of a game in any state."""
        with speaking(words):
            setup = state.setup
            return self.pdf(self.rules(setup), setup, paper=paper, url=url)

    def blank(
        self,
        blank: Blank,
        *,
        paper: str = DEFAULT_PAPER,
        url: str | None = None,
        words: Words | None = None,
    ) -> bytes:
        """The card of a game when the names and the first dealer are known, else of the rules
        with the settings given; RuleError when the engine refuses one."""
        with speaking(words):
            setup = blank.setup(self.game)
            if blank.seated:
                return self.pdf(self.rules(setup), setup, paper=paper, url=url)
            return self.pdf((self.rules_only or self.rules)(setup), paper=paper, url=url)


def values_table(
    rows: list[list[object]],
    widths: Sequence[float],
    st: Styles,
    *,
    bold: int,
    centred: tuple[int, int],
    padding: float = 1,
    more: Sequence[Command] = (),
    align: Literal["LEFT", "CENTER", "RIGHT"] = "LEFT",
    repeat_rows: int = 0,
) -> Table:
    """A small ruled table with a shaded heading row: what cards or melds are worth, a
    schedule. Column ``bold`` is bold; columns ``centred`` (first, last) are centred."""
    table = Table(rows, colWidths=list(widths), repeatRows=repeat_rows)
    table.hAlign = align
    first, last = centred
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), st.fonts.regular, 8),
                ("FONT", (0, 0), (-1, 0), st.fonts.bold, 7.5),
                ("FONT", (bold, 1), (bold, -1), st.fonts.bold, 8),
                ("GRID", (0, 0), (-1, -1), 0.4, LINE),
                ("BOX", (0, 0), (-1, -1), 1, colors.black),
                ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                ("ALIGN", (first, 0), (last, -1), "CENTER"),
                ("TOPPADDING", (0, 0), (-1, -1), padding),
                ("BOTTOMPADDING", (0, 0), (-1, -1), padding),
                *more,
            ]
        )
    )
    return table


def example_table(
    rows: list[list[object]],
    widths: Sequence[float],
    st: Styles,
    *,
    centred: tuple[int, int] = (1, -1),
    more: Sequence[Command] = (),
) -> Table:
    """The numbers of a worked example: a heading row ruled off, no grid."""
    table = Table(rows, colWidths=list(widths))
    table.hAlign = "LEFT"
    first, last = centred
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), st.fonts.regular, 8),
                ("FONT", (0, 0), (-1, 0), st.fonts.bold, 7.5),
                ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black),
                ("ALIGN", (first, 0), (last, -1), "CENTER"),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                *more,
            ]
        )
    )
    return table


def example(intro: str, table: Table, outcome: str | None, st: Styles, width: float) -> Flowable:
    """A worked example: what happened, its numbers, and (if it needs saying) what follows."""
    rows: list[list[object]] = [[Paragraph(intro, st.body)], [table]]
    if outcome is not None:
        rows.append([Paragraph(outcome, st.body)])
    return Table(rows, colWidths=[width], style=no_padding())


def choices(
    title: str,
    intro: str,
    lines: Sequence[tuple[bool | None, str]],
    st: Styles,
    width: float,
) -> list[Flowable]:
    """Options of the rulings, each with whether it is on: "on", "off", or (None) a box to tick
    when the table agrees on it."""
    rows = []
    for chosen, description in lines:
        mark: object = CheckBox() if chosen is None else _("on") if chosen else _("off")
        rows.append([mark, Paragraph(description, st.body)])
    table = Table(rows, colWidths=[9 * mm, width - 9 * mm])
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (0, -1), st.fonts.bold, 8),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return [Paragraph(title, st.heading), Paragraph(intro, st.body), table]
