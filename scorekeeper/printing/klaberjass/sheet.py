"""The Klaberjass score sheet, one page: hand by hand, filled from a game or blank.

The sheet has a row per hand: the dealer, who made trumps and in what, each player's sequences,
bella, card points, last trick, hand total, score and running total, and how the hand was
settled. A blank sheet pre-prints the dealers when it knows the names and the first dealer. A
game with more hands than fit (20) shows the last ones under a "carried forward" row.

Takes engine values (a state, a setup), never the database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Spacer, Table

from scorekeeper.games import klaberjass
from scorekeeper.games.klaberjass import HandResult, Outcome, State
from scorekeeper.games.text import N_, Words
from scorekeeper.games.text import gettext as _
from scorekeeper.games.text import lazy_gettext as _l
from scorekeeper.printing.blank import Blank
from scorekeeper.printing.common import DEFAULT_PAPER, GREY, RED, Styles, short_names, text
from scorekeeper.printing.sheet import (
    Sheet,
    SheetLayout,
    SheetPage,
    SheetParts,
    to_fill,
)
from scorekeeper.printing.table import Column, Command, RowLimits, ScoreTable

#: Hand rows: on one page (a longer game shows its last hands under a "carried forward" row), on
#: a blank sheet, and at least for a game in progress.
ROWS = RowLimits(most=20, blank=16, in_play=12)
PER_PLAYER = 7  # sequences, bella, cards, last trick, hand total, score, running total


# --- what goes on the sheet ------------------------------------------------------------------


@dataclass(frozen=True)
class KlaberjassSheet(Sheet[State]):
    """Everything a Klaberjass sheet shows; ``state`` is None for a blank sheet."""

    target: int = klaberjass.DEFAULT_TARGET


def blank_klaberjass_sheet(
    players: Sequence[str] | None = None,
    first_dealer: int | None = None,
    target: int = klaberjass.DEFAULT_TARGET,
    *,
    paper: str = DEFAULT_PAPER,
    words: Words | None = None,
) -> bytes:
    """The blank sheet of these names, first dealer (seat 0 or 1) and target."""
    blank = Blank(players, first_dealer, {"options": {"target": target}})
    return LAYOUT.blank(blank, paper=paper, words=words)


# --- the sheet -------------------------------------------------------------------------------


def _parts(sheet: KlaberjassSheet, page: SheetPage) -> SheetParts:
    subtitle = _(
        "2 players · 32 cards (7 to ace) · the deal alternates · first to %(n)d", n=sheet.target
    )
    return SheetParts(
        _("Klaberjass score sheet"),
        [subtitle, sheet.facts()],
        [_hands_table(sheet, page.st, page.width), Spacer(0, 4 * mm)],
        _status_line(sheet.state) if sheet.state else to_fill(_("Winner")),
        [_scoring_note(sheet.target)],
        pdf_title=N_("Klaberjass score sheet: %(names)s"),
        subject=_("Klaberjass, first to %(n)d", n=sheet.target),
    )


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


#: #, dealer, maker, trumps; a player's sequences, bella, card points, last trick, hand total,
#: score and running total; the settlement takes the rest of the width.
TABLE = ScoreTable(
    fixed=(
        Column("#", 17),
        Column(_l("Dealer"), 40, size=7.5, left=True),
        Column(_l("Maker"), 40, size=7.5, bold=True, left=True),
        Column(_l("Trump"), 28, size=11),
    ),
    group=(
        Column(_l("Seq."), 20),
        Column(_l("Bella"), 21),
        Column(_l("Cards"), 23),
        Column(_l("Last"), 20),
        # The hand total and the score are what the settlement is about; the running total
        # is what players compare.
        Column(_l("Hand"), 24, rule=True),
        Column(_l("Score"), 26, size=9, bold=True),
        Column(_l("Total"), 28, size=8.5, bold=True, shaded=True),
    ),
    groups=klaberjass.PLAYERS,
    last=Column(_l("Settled"), None, size=6.5, left=True),
)


def _hands_table(sheet: KlaberjassSheet, st: Styles, width: float) -> Table:
    """The game hand by hand."""
    regular, bold = st.fonts.regular, st.fonts.bold
    widths = TABLE.widths(width)
    settle_width = widths[-1]
    players = sheet.players
    short = short_names(players, bold, 7.5, widths[1] - 5) if players else None
    takes = pdfmetrics.stringWidth(_("%(name)s takes all", name=""), regular, 6.5)
    settle_names = (
        short_names(players, regular, 6.5, settle_width - takes - 5) if players else ["", ""]
    )
    names = players or ("", "")
    commands: list[Command] = []

    def hand_row(hand: HandResult, index: int) -> list[object]:
        dealer = short[hand.dealer] if short else ""
        if hand.thrown_in or hand.maker is None or hand.trump is None:
            row: list[object] = [str(hand.number), dealer, "", "–"]
            for seat in range(klaberjass.PLAYERS):
                row += [_("thrown in: no score"), *[""] * (PER_PLAYER - 2), str(hand.totals[seat])]
                start = TABLE.start(seat)
                commands.append(("SPAN", (start, index), (TABLE.total(seat) - 1, index)))
                commands.append(("TEXTCOLOR", (start, index), (start, index), GREY))
                commands.append(("FONT", (start, index), (start, index), regular, 7))
            return [*row, _settlement(hand, names)]
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
        commands.append(TABLE.shade(index, hand.maker))
        return [*row, _settlement(hand, settle_names)]

    state = sheet.state
    shown = ROWS.shown(state.hands if state else None, finished=bool(state and state.finished))
    headings = TABLE.player_headings(players, st, width)
    rows, carried = TABLE.rows(
        headings, shown, hand_row, st, dealers=short, first_dealer=sheet.first_dealer
    )
    height = 21 if len(rows) - 2 <= ROWS.blank else 17
    return TABLE.table(rows, width, height, st, [*carried, *commands])


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


#: The sheet as :class:`~scorekeeper.printing.printers.GamePrinters` prints it, filled or blank.
LAYOUT = SheetLayout(
    klaberjass.GAME, KlaberjassSheet, lambda setup: {"target": setup.target}, _parts
)
klaberjass_sheet = LAYOUT.filled
