"""The free game's score sheet, one page: a row per deal with who dealt, then for each player
(or team) the deal's points and the running total; the game's name and options above. A game
of a number of deals has as many rows; any other fills the page (a longer game shows its last
deals under a "carried forward" row). A blank sheet pre-prints the dealers when it knows the
names and the first dealer.

Takes engine values (a state, a setup), never the database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Spacer, Table

from scorekeeper.games import free
from scorekeeper.games.text import N_, say, signed
from scorekeeper.games.text import gettext as _
from scorekeeper.games.text import lazy_gettext as _l
from scorekeeper.printing.common import Styles, short_names, text
from scorekeeper.printing.sheet import Sheet, SheetLayout, SheetPage, SheetParts, to_fill
from scorekeeper.printing.table import Column, Command, RowLimits, Rows, ScoreTable

#: Deal rows: at most on one page, on a blank sheet (a full page), and at least for a game in
#: play; a game of a number of deals has that many (up to the most).
ROWS = RowLimits(most=26, blank=26, in_play=26)
NUMBER, DEALER = 20, 58


@dataclass(frozen=True)
class FreeSheet(Sheet[free.State]):
    """Everything a free game's sheet shows; ``state`` is None for a blank sheet."""

    rules: free.Setup | None = None


def title(setup: free.Setup) -> str:
    """The game's name on paper: its own (``Chicago``), or "Free game"."""
    return setup.name or _("Free game")


def options_line(setup: free.Setup) -> str:
    """Which total wins, how the game ends and whether each deal adds up to zero."""
    options = setup.options
    parts = [
        _("the lowest total wins") if options.lowest_wins else _("the highest total wins"),
        say(free.describe_end(setup)),
    ]
    if options.zero_sum:
        parts.append(_("every deal adds up to 0"))
    said = " · ".join(parts)
    return text(said[:1].upper() + said[1:])


def _table(sides: int, width: float) -> ScoreTable:
    """The columns: #, dealer, then each side's points and running total."""
    each = (width - NUMBER - DEALER) / sides
    return ScoreTable(
        fixed=(Column("#", NUMBER), Column(_l("Dealer"), DEALER, size=7.5, left=True)),
        group=(
            Column(_l("Points"), each * 0.45),
            Column(_l("Total"), each * 0.55, size=9, bold=True, shaded=True),
        ),
        groups=sides,
    )


def _rows(sheet: FreeSheet, setup: free.Setup) -> Rows[free.Deal]:
    state = sheet.state
    deals = state.deals if state is not None else None
    most = setup.options.deals
    if most is not None and most <= ROWS.most and len(deals or ()) <= most:
        shown = deals or ()
        finished = state is not None and state.finished
        return Rows(None, shown, 0 if finished else most - len(shown))
    return ROWS.shown(deals, finished=bool(state and state.finished))


def _deals_table(sheet: FreeSheet, setup: free.Setup, st: Styles, width: float) -> Table:
    """The game deal by deal."""
    named = sheet.players is not None
    sides = setup.side_names if named else ("",) * len(setup.sides)
    table = _table(len(sides), width)
    dealers = short_names(setup.players, st.fonts.regular, 7.5, DEALER - 5) if named else None

    def deal_row(deal: free.Deal, index: int) -> list[object]:
        cells = [signed(n) for pair in zip(deal.points, deal.totals, strict=True) for n in pair]
        return [str(deal.number), dealers[deal.dealer] if dealers else "", *cells]

    headings = short_names(sides, st.fonts.bold, 8.5, table.group_width(width) - 6)
    rows, carried = table.rows(
        headings,
        _rows(sheet, setup),
        deal_row,
        st,
        dealers=dealers,
        first_dealer=sheet.first_dealer,
    )
    height = 19 if len(rows) - 2 <= 20 else 16
    return table.table(rows, width, height, st, [*carried, *_fitted(table, rows, st, width)])


def _fitted(table: ScoreTable, rows: list[list[object]], st: Styles, width: float) -> list[Command]:
    """Smaller type in the columns whose longest number would not fit (eight players, five
    digits): each kind of column (points, totals) in one size, never below 5 points."""
    widths = table.widths(width)
    commands: list[Command] = []
    for offset, column in enumerate(table.group):
        size = column.size or 8.5
        font = st.fonts.bold if column.bold else st.fonts.regular
        indexes = [table.start(group) + offset for group in range(table.groups)]
        needed = max(
            (stringWidth(str(row[i]), font, size) for row in rows[2:] for i in indexes),
            default=0,
        )
        room = widths[indexes[0]] - 2 * table.padding - 1
        if needed > room:
            fitted = max(5.0, size * room / needed)
            commands += [("FONT", (i, 2), (i, -1), font, fitted) for i in indexes]
    return commands


def _result(state: free.State | None) -> str:
    if state is None:
        return to_fill(_("Winner"))
    sides = state.side_names
    won = state.winners
    if not won:
        leaders = ", ".join(text(sides[side]) for side in state.leaders)
        return _("Play on. Ahead now: %(names)s.", names=leaders) if state.deals else _("Play on.")
    total = signed(state.totals[won[0]])
    if len(won) == 1:
        return _("%(name)s wins with %(total)s.", name=text(sides[won[0]]), total=total)
    names = ", ".join(text(sides[side]) for side in won)
    return _("Shared victory: %(names)s (%(total)s).", names=names, total=total)


def _notes(setup: free.Setup) -> Sequence[str]:
    each = (
        _("Each deal, write each team's points")
        if setup.teams
        else _("Each deal, write each player's points")
    )
    return [
        _(
            "%(each)s (a minus for points lost) and add them to the total. The deal passes to "
            "the next player in seat order.",
            each=each,
        )
    ]


def _parts(sheet: FreeSheet, page: SheetPage) -> SheetParts:
    setup = sheet.rules
    assert setup is not None
    name = title(setup)
    return SheetParts(
        _("%(name)s score sheet", name=text(name)),
        [options_line(setup), sheet.facts()],
        [_deals_table(sheet, setup, page.st, page.width), Spacer(0, 3 * mm)],
        _result(sheet.state),
        _notes(setup),
        pdf_title=N_("Free game score sheet: %(names)s"),
        subject=name,
    )


#: The sheet as :class:`~scorekeeper.printing.printers.GamePrinters` prints it, filled or blank.
LAYOUT = SheetLayout(free.GAME, FreeSheet, lambda setup: {"rules": setup}, _parts)
