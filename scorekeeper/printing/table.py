"""The score table every sheet is built on: one row per deal (or hand), a few columns that say
what the deal was, then a group of columns per player (or pair) ending in the running total,
and perhaps one last column.

    # | Dealer | Maker | Trump ‖ Anna: Seq. … Score Total ‖ Ben: Seq. … Score Total ‖ Settled

A game describes its columns (:class:`Column`) and fills the rows; :class:`ScoreTable` writes
the two heading rows, the grid, the heavier lines between the groups, the shaded running
totals, and the rows every long or unfinished game needs: "carried forward" when the game is
longer than the page, and empty numbered rows (with the dealer pre-printed when known) to
write the next deals in.

Plain strings (styled by the table) where a cell holds one run of text: far cheaper to lay out
than a Paragraph per cell.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeAlias, TypeVar

from reportlab.lib import colors
from reportlab.platypus import Flowable, Table, TableStyle

from scorekeeper.games.text import gettext as _
from scorekeeper.printing.common import GREY, LIGHT, LINE, SHADE, Styles, short_names

#: A table style command: ("FONT", (column, row), (column, row), ...).
Command: TypeAlias = tuple[Any, ...]


@dataclass(frozen=True)
class Column:
    """A column: its heading, its width in points (None: what the others leave), and how the
    cells under the headings print."""

    heading: object
    width: float | None
    #: Font size of its cells (None: the table's 8.5), and whether they are bold.
    size: float | None = None
    bold: bool = False
    #: Aligned left (names) instead of centred.
    left: bool = False
    #: The running total players compare: a faint background.
    shaded: bool = False
    #: A heavier line before it, inside a player's group.
    rule: bool = False


class ScoredDeal(Protocol):
    """A deal or hand as a sheet lists it: its number and the running totals after it."""

    @property
    def number(self) -> int: ...

    @property
    def totals(self) -> Sequence[int]: ...


DealT = TypeVar("DealT", bound=ScoredDeal)


@dataclass(frozen=True)
class Rows(Generic[DealT]):
    """What the table shows of a game: the deal carried forward from (when the game is too
    long for the page), the deals shown, and how many empty rows follow them."""

    carried: DealT | None
    shown: Sequence[DealT]
    empty: int


@dataclass(frozen=True)
class RowLimits:
    """How many rows a sheet's table of deals has: at most ``most`` on the page (a longer game
    shows its last deals under a "carried forward" row), ``blank`` on a blank sheet, and at
    least ``in_play`` for a game in play, so there is room to write on."""

    most: int
    blank: int
    in_play: int

    def shown(
        self, deals: Sequence[DealT] | None, *, finished: bool, at_least: int = 0
    ) -> Rows[DealT]:
        """The rows of a sheet: ``blank`` empty ones for a blank sheet (``deals`` None); a
        game in play gets at least ``in_play`` rows and three to spare; a finished one just
        its deals. ``at_least`` rows (up to ``most``) when the game says how many deals it
        may take."""
        most = self.most
        at_least = min(at_least, most)
        if deals is None:
            return Rows(None, (), max(self.blank, at_least))
        if len(deals) > most:
            return Rows(deals[-most], deals[-(most - 1) :], 0)
        if finished:
            return Rows(None, deals, 0)
        rows = min(most, max(self.in_play, len(deals) + 3, at_least))
        return Rows(None, deals, rows - len(deals))


@dataclass(frozen=True)
class ScoreTable:
    """The columns of a score sheet's table and the style they make.

    ``fixed`` columns come first (the deal's number, its dealer ...; their headings span both
    heading rows), then ``group`` once per player or pair (``groups`` times) under the group's
    name, then ``last`` if there is one.
    """

    fixed: tuple[Column, ...]
    group: tuple[Column, ...]
    groups: int
    last: Column | None = None
    #: Heights of the two heading rows.
    heading_heights: tuple[float, float] = (14, 11)
    #: Font size of the second heading row (the group's column names).
    subheading_size: float = 6.3
    #: Padding left and right in every cell.
    padding: float = 2

    @property
    def columns(self) -> tuple[Column, ...]:
        return (*self.fixed, *self.group * self.groups, *((self.last,) if self.last else ()))

    def start(self, group: int) -> int:
        """The index of a group's first column."""
        return len(self.fixed) + len(self.group) * group

    def total(self, group: int) -> int:
        """The index of a group's last column: its running total."""
        return self.start(group) + len(self.group) - 1

    def widths(self, width: float) -> list[float]:
        """Every column's width; a column of no width takes what the others leave of ``width``."""
        known = sum(column.width or 0 for column in self.columns)
        return [width - known if c.width is None else c.width for c in self.columns]

    def group_width(self, width: float) -> float:
        return sum(self.widths(width)[self.start(0) : self.start(1)])

    def player_headings(self, players: Sequence[str] | None, st: Styles, width: float) -> list[str]:
        """The players' names over their groups, shortened to fit (blanks without names)."""
        if not players:
            return [""] * self.groups
        return short_names(players, st.fonts.bold, 8.5, self.group_width(width) - 6)

    def headings(self, groups: Sequence[str]) -> list[list[object]]:
        """The two heading rows: the deal's columns and each group's name over its columns."""
        top: list[object] = [_heading(column) for column in self.fixed]
        below: list[object] = [""] * len(self.fixed)
        for name in groups:
            top += [name, *[""] * (len(self.group) - 1)]
            below += [_heading(column) for column in self.group]
        if self.last is not None:
            top.append(_heading(self.last))
            below.append("")
        return [top, below]

    def style(self, st: Styles) -> list[Command]:
        """The grid, the headings, the groups' lines and each column's cells."""
        regular, bold = st.fonts.regular, st.fonts.bold
        commands: list[Command] = [
            ("FONT", (0, 0), (-1, -1), regular, 8.5),
            ("FONT", (0, 0), (-1, 0), bold, 7.5),
            ("FONT", (0, 1), (-1, 1), regular, self.subheading_size),
            ("ALIGN", (0, 0), (-1, -1), "CENTER"),
            ("GRID", (0, 0), (-1, -1), 0.4, LINE),
            ("BOX", (0, 0), (-1, -1), 1.2, colors.black),
            ("BACKGROUND", (0, 0), (-1, 1), SHADE),
            ("LINEBELOW", (0, 1), (-1, 1), 1, colors.black),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 1),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ("LEFTPADDING", (0, 0), (-1, -1), self.padding),
            ("RIGHTPADDING", (0, 0), (-1, -1), self.padding),
        ]
        for index, column in enumerate(self.fixed):
            commands.append(("SPAN", (index, 0), (index, 1)))
            commands += _cells(column, index, st)
        if self.last is not None:
            commands += [
                ("LINEBEFORE", (-1, 0), (-1, -1), 1, colors.black),
                ("SPAN", (-1, 0), (-1, 1)),
                *_cells(self.last, len(self.columns) - 1, st),
            ]
        for group in range(self.groups):
            start = self.start(group)
            commands += [
                ("SPAN", (start, 0), (start + len(self.group) - 1, 0)),
                ("LINEBEFORE", (start, 0), (start, -1), 1, colors.black),
            ]
            for index, column in enumerate(self.group, start):
                if column.rule:
                    commands.append(("LINEBEFORE", (index, 1), (index, -1), 0.8, colors.black))
                commands += _cells(column, index, st)
        return commands

    def rows(
        self,
        groups: Sequence[str],
        shown: Rows[DealT],
        row: Callable[[DealT, int], list[object]],
        st: Styles,
        *,
        dealers: Sequence[str] | None = None,
        first_dealer: int | None = None,
        last: Callable[[], object] = str,
    ) -> tuple[list[list[object]], list[Command]]:
        """Every row of a sheet of deals, and the style commands of its carried-forward row:
        the headings (with ``groups`` over the groups), the carried-forward row, a row per
        deal shown (``row(deal, its row index)`` makes its cells), and the empty rows, with
        the dealers pre-printed when ``dealers`` (the names as they fit the dealer's column)
        and ``first_dealer`` are known: the deal goes round the table. ``last`` makes the last
        cell of an empty row."""
        rows = self.headings(groups)
        commands: list[Command] = []
        if shown.carried is not None:
            cells, commands = self._carried_forward(len(rows), shown.carried, st)
            rows.append(cells)
        rows += [row(each, index) for index, each in enumerate(shown.shown, len(rows))]
        after = shown.shown[-1].number if shown.shown else 0
        for number in range(after + 1, after + shown.empty + 1):
            dealer = ""
            if dealers is not None and first_dealer is not None:
                dealer = dealers[(first_dealer + number - 1) % len(dealers)]
            cells = [str(number), dealer, *[""] * (len(self.columns) - 2 - bool(self.last))]
            rows.append([*cells, last()] if self.last else cells)
        return rows, commands

    def _carried_forward(
        self, row: int, carried: ScoredDeal, st: Styles
    ) -> tuple[list[object], list[Command]]:
        """Row ``row``, standing for deals 1 to ``carried``: only the totals after it."""
        cells: list[object] = [f"1–{carried.number}", _("carried forward")]
        cells += [""] * (len(self.fixed) - 2)
        commands: list[Command] = []
        for group in range(self.groups):
            cells += [*[""] * (len(self.group) - 1), str(carried.totals[group])]
            commands.append(("SPAN", (self.start(group), row), (self.total(group) - 1, row)))
        if self.last is not None:
            cells.append("")
        commands += [
            ("SPAN", (1, row), (len(self.fixed) - 1, row)),
            ("FONT", (0, row), (-1, row), st.fonts.regular, 7),
            ("TEXTCOLOR", (0, row), (-2 if self.last else -1, row), GREY),
        ]
        return cells, commands

    def shade(self, row: int, group: int, *, through_total: bool = False) -> Command:
        """Shade a group's columns in one row (the declarer's, the maker's)."""
        end = self.total(group) if through_total else self.total(group) - 1
        return ("BACKGROUND", (self.start(group), row), (end, row), SHADE)

    def table(
        self,
        rows: list[list[object]],
        width: float,
        row_height: float,
        st: Styles,
        commands: Sequence[Command] = (),
    ) -> Table:
        """The table: ``rows`` under the two heading rows, with the table's style and then
        ``commands`` (a row's own spans, colours and fonts)."""
        count = len(rows) - 2
        table = Table(
            rows,
            colWidths=self.widths(width),
            rowHeights=[*self.heading_heights, *(row_height,) * count],
        )
        table.setStyle(TableStyle([*self.style(st), *commands]))
        return table


def _heading(column: Column) -> object:
    """A column's heading: a flowable as it is, words in the reader's language."""
    return column.heading if isinstance(column.heading, Flowable) else str(column.heading)


def _cells(column: Column, index: int, st: Styles) -> list[Command]:
    """How a column's cells under the headings print."""
    commands: list[Command] = []
    if column.size is not None:
        font = st.fonts.bold if column.bold else st.fonts.regular
        commands.append(("FONT", (index, 2), (index, -1), font, column.size))
    if column.left:
        commands.append(("ALIGN", (index, 2), (index, -1), "LEFT"))
    if column.shaded:
        commands.append(("BACKGROUND", (index, 2), (index, -1), LIGHT))
    return commands
