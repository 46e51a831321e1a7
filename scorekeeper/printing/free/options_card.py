"""The free game's card: not the rules of a game Scorekeeper does not know, but one page of the
options the table chose at the start — the game's name, its players (or teams), which total
wins, how it ends, whether each deal adds up to zero, how the deal goes round — and lines to
write the table's own rules on. Of a game, with its players and QR code.

Takes engine values (a state, a setup), never the database.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from scorekeeper.games import free
from scorekeeper.games.text import gettext as _
from scorekeeper.printing.card import CardLayout, CardPage, CardParts, this_game
from scorekeeper.printing.common import LINE, Styles, section, text
from scorekeeper.printing.free.sheet import options_line, title

#: The lines left to write the table's own rules on.
NOTE_LINES = 16


def _scoring(setup: free.Setup) -> list[str]:
    options = setup.options
    said = [
        _(
            "After every deal each team's points are written down, a minus for points lost; "
            "a team's total is the sum of its deals."
        )
        if setup.teams
        else _(
            "After every deal each player's points are written down, a minus for points "
            "lost; a player's total is the sum of their deals."
        )
    ]
    if options.zero_sum:
        said.append(
            _(
                "<b>Every deal adds up to 0</b>: what some win, the others lose. Scorekeeper "
                "refuses a deal that does not, and fills in the last number itself."
            )
        )
    return said


def _winning(setup: free.Setup) -> list[str]:
    options = setup.options
    best = (
        _("The <b>lowest</b> total wins.")
        if options.lowest_wins
        else _("The <b>highest</b> total wins.")
    )
    end = options.end
    if end is free.End.TARGET:
        how = _("The game is over after the deal in which a total reaches %(n)d.", n=options.target)
    elif end is free.End.DEALS:
        how = _("The game is over after %(n)d deals.", n=options.deals)
    else:
        how = _("The game is over when the table says so (End the game, on the game's page).")
    return [best, how, _("Equal totals at the end share the win.")]


def _teams(setup: free.Setup, st: Styles) -> list[Flowable]:
    if not setup.teams:
        return []
    lines = [
        _("Team %(n)d: %(names)s", n=number, names=text(name))
        for number, name in enumerate(setup.side_names, 1)
    ]
    return section(_("Teams"), lines, st)


def _notes(st: Styles, width: float) -> Table:
    """Ruled lines to write the table's own rules on."""
    table = Table([[""]] * NOTE_LINES, colWidths=[width], rowHeights=[7 * mm] * NOTE_LINES)
    table.setStyle(TableStyle([("LINEBELOW", (0, 0), (-1, -1), 0.4, LINE)]))
    return table


def _card(setup: free.Setup, game: free.Setup | None, page: CardPage) -> CardParts:
    st = page.st
    name = title(setup)
    left = [
        *section(_("Scoring"), _scoring(setup), st),
        *section(_("Winning and the end"), _winning(setup), st),
        *section(
            _("The deal"),
            [_("The deal passes to the next player in seat order after every deal.")],
            st,
        ),
        *(_teams(setup, st) if game is not None else []),
    ]
    right = [Paragraph(_("The table's own rules"), st.heading), _notes(st, page.column)]
    lines = [options_line(setup)]
    if game is not None:
        lines.append(this_game(game.players, game.first_dealer))
    else:
        lines.append(
            _("%(fewest)d to %(most)d players, or teams", fewest=free.FEWEST, most=free.MOST)
        )
    return CardParts(
        _("%(name)s: the options chosen", name=text(name)),
        lines,
        left,
        right,
        subject=name,
        pdf_title=_("%(name)s options card", name=name),
    )


#: The card as :class:`~scorekeeper.printing.printers.GamePrinters` prints it.
LAYOUT: CardLayout[free.Setup, free.Setup] = CardLayout(free.GAME, lambda setup: setup, _card)
