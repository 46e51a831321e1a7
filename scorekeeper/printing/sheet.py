"""What every score sheet shares around its table (:mod:`scorekeeper.printing.table`): the facts
under the title (the names, who deals first, the date or a line to write it on), the foot (the
result, or a line to write the winner on, and how scoring works), and the page itself; and
:class:`SheetLayout`, a game's sheet filled or blank, the same way for every game.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Self, TypeVar

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table

from scorekeeper.games.game import Game
from scorekeeper.games.text import Words, current_words, speaking
from scorekeeper.games.text import gettext as _
from scorekeeper.printing.blank import Blank
from scorekeeper.printing.chart import progression_chart
from scorekeeper.printing.common import (
    DEFAULT_PAPER,
    Styles,
    build_pdf,
    content_width,
    live_url,
    page_header,
    styles,
    text,
)

StateT = TypeVar("StateT")


@dataclass(frozen=True)
class Sheet(Generic[StateT]):
    """Whom and what a sheet is for: the names (None: to write in), who deals first (None: not
    decided yet), the game's state (None: a blank sheet), its live address and its date. A
    game's sheet adds its settings."""

    players: tuple[str, ...] | None = None
    first_dealer: int | None = None
    state: StateT | None = None
    url: str | None = None
    date: datetime.date | None = None

    @classmethod
    def filled(
        cls, state: Any, *, url: str | None, date: datetime.date | None, **settings: Any
    ) -> Self:
        """The sheet of a game in any state, with a QR code of ``url`` (its live address; a
        loopback address is replaced by this machine's LAN address)."""
        return cls(
            players=state.players,
            first_dealer=state.setup.first_dealer,
            state=state,
            url=live_url(url),
            date=date,
            **settings,
        )

    @classmethod
    def blank(cls, blank: Blank, setup: Any, **settings: Any) -> Self:
        """A sheet to fill in by hand, for ``setup`` as the engine read it from ``blank``."""
        return cls(players=blank.names(setup), first_dealer=blank.first_dealer, **settings)

    def facts(self, names: str | None = None, *, to_write: str | None = None) -> str:
        """The line under the title: the names (``names``, markup, or else the names joined)
        and who deals first, or a line to write the names on (``to_write``, or else
        "Players"); then the date."""
        if self.players:
            parts = [names or text(", ".join(self.players))]
            if self.first_dealer is not None:
                parts.append(deals_first(self.players, self.first_dealer))
        else:
            parts = [to_fill(to_write or _("Players"))]
        parts.append(date_fact(self.date, filled=self.state is not None))
        return " · ".join(parts)


def to_fill(label: str, length: int = 30) -> str:
    """A label and a line to write on by hand: ``Winner: ______``."""
    return f"{label}: {'_' * length}"


def names_or_blank(players: Sequence[str] | None) -> str:
    """The names for a document's title, or "blank"."""
    return ", ".join(players) if players else _("blank")


def deals_first(players: Sequence[str], seat: int) -> str:
    return text(_("%(name)s deals first", name=players[seat]))


def date_fact(date: datetime.date | None, *, filled: bool) -> str:
    """The game's date; on a blank sheet a line to write it on; for a game whose date is unknown
    (a record without times), when the sheet was printed."""
    if date is not None:
        return text(current_words().date(date))
    if not filled:
        return to_fill(_("Date"), 12)
    return _("printed %(date)s", date=current_words().date(datetime.date.today()))


def footer(result: str, notes: Sequence[str], st: Styles) -> list[Flowable]:
    """The foot of a sheet: the result (or a line to write it on) and small print."""
    return [
        Paragraph(result, st.result),
        Spacer(0, 2 * mm),
        *(Paragraph(note, st.small) for note in notes),
    ]


@dataclass(frozen=True)
class SheetStory:
    """A sheet laid out but not yet printed: its flowables (one page's worth on ``paper``) and
    the title and subject its own PDF carries. :meth:`pdf` prints it alone; another document
    (a round's table cards) can lay the same flowables out as one of its pages."""

    flowables: tuple[Flowable, ...]
    paper: str
    title: str
    subject: str

    def pdf(self) -> bytes:
        return build_pdf(
            list(self.flowables), paper=self.paper, title=self.title, subject=self.subject
        )


def sheet_story(
    header: Table,
    body: Sequence[Flowable],
    foot: Sequence[Flowable],
    *,
    paper: str,
    title: str,
    subject: str,
    state: Any = None,
) -> SheetStory:
    """One page: the header, the body (the table and what goes with it), the game's score
    progression so far (``state``: :mod:`scorekeeper.printing.chart`), the foot."""
    story: list[Flowable] = [header, Spacer(0, 4 * mm), *body]
    chart = None if state is None else progression_chart(state, content_width(paper))
    if chart is not None:
        story += [Paragraph(_("Score progression"), styles().heading), chart, Spacer(0, 3 * mm)]
    story += foot
    return SheetStory(tuple(story), paper, title, subject)


SheetT = TypeVar("SheetT", bound=Sheet[Any])


@dataclass(frozen=True)
class SheetPage:
    """A sheet being laid out: its paper, its styles and the width inside the margins."""

    paper: str
    st: Styles
    width: float


@dataclass(frozen=True)
class SheetParts:
    """What a game's sheet says, for :class:`SheetLayout` to lay out: its title and the lines
    under it (markup), the body (the table and what goes with it), the result (or a line to
    write it on) and the small print under it, and the title and subject its PDF carries (the
    title a message id, marked with ``N_``, with ``%(names)s`` where the names go)."""

    title: str
    lines: Sequence[str]
    body: Sequence[Flowable]
    result: str
    notes: Sequence[str]
    pdf_title: str
    subject: str


@dataclass(frozen=True)
class SheetLayout(Generic[SheetT]):
    """A game's sheet, filled or blank, the same way for every game: its engine (``game``),
    the :class:`Sheet` it fills (``sheet``) with the ``settings`` it takes from the game's
    setup (``{"target": setup.target}``), and the ``parts`` that say a sheet on a page (the
    header with the QR code, the foot, the score progression and the page are the same for
    every game). Its methods are what :class:`~scorekeeper.printing.printers.GamePrinters`
    prints with; those that make a PDF take ``words=``, the language it is in."""

    game: Game[Any, Any]
    sheet: type[SheetT]
    settings: Callable[[Any], Mapping[str, Any]]
    parts: Callable[[SheetT, SheetPage], SheetParts]

    def filled(
        self,
        state: Any,
        *,
        paper: str = DEFAULT_PAPER,
        url: str | None = None,
        date: datetime.date | None = None,
        words: Words | None = None,
    ) -> bytes:
        """The filled sheet of a game in any state, with a QR code of ``url`` (its live
        address; a loopback address is replaced by this machine's LAN address)."""
        with speaking(words):
            sheet = self.sheet.filled(state, url=url, date=date, **self.settings(state.setup))
            return self.story(sheet, paper).pdf()

    def blank(
        self, blank: Blank, *, paper: str = DEFAULT_PAPER, words: Words | None = None
    ) -> bytes:
        """A sheet to fill in by hand. With the names it prints them; with the first dealer as
        well it prints who deals every round."""
        with speaking(words):
            return self.blank_story(blank, paper=paper).pdf()

    def blank_story(self, blank: Blank, *, paper: str = DEFAULT_PAPER) -> SheetStory:
        """:meth:`blank` laid out, for another document to print as one of its pages (in the
        words of the caller's language)."""
        setup = blank.setup(self.game)
        return self.story(self.sheet.blank(blank, setup, **self.settings(setup)), paper)

    def story(self, sheet: SheetT, paper: str) -> SheetStory:
        """``sheet`` laid out on ``paper``: its parts under the header, then the score
        progression so far and the foot."""
        page = SheetPage(paper, styles(), content_width(paper))
        said = self.parts(sheet, page)
        header = page_header(said.title, said.lines, sheet.url, page.st, page.width)
        return sheet_story(
            header,
            said.body,
            footer(said.result, said.notes, page.st),
            paper=paper,
            title=_(said.pdf_title, names=names_or_blank(sheet.players)),
            subject=said.subject,
            state=sheet.state,
        )
