"""Tally on paper, built from the shared sheet and card layouts only: what a new game's printing
takes. Register :data:`PRINTERS` with ``scorekeeper.printing.register_printers``."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.printing import GamePrinters, Setting
from scorekeeper.printing.card import CardLayout, CardPage, CardParts, this_game
from scorekeeper.printing.common import section, short_names
from scorekeeper.printing.sheet import Sheet, SheetLayout, SheetPage, SheetParts, to_fill
from scorekeeper.printing.table import Column, RowLimits, ScoreTable
from tests.fourth_game import rules

TABLE = ScoreTable(
    fixed=(Column("#", 24), Column("Dealer", 80, size=8, left=True)),
    group=(Column("Points", 60), Column("Total", 60, size=9, bold=True, shaded=True)),
    groups=rules.PLAYERS,
)
ROWS = RowLimits(most=20, blank=12, in_play=10)


@dataclass(frozen=True)
class TallySheet(Sheet[rules.State]):
    target: int = rules.DEFAULT_TARGET


def _sheet(sheet: TallySheet, page: SheetPage) -> SheetParts:
    st, width, players, state = page.st, page.width, sheet.players, sheet.state
    dealers = short_names(players, st.fonts.regular, 8, 74) if players else None

    def deal_row(deal: rules.Deal, index: int) -> list[object]:
        cells = [str(n) for seat in (0, 1) for n in (deal.points[seat], deal.totals[seat])]
        return [str(deal.number), dealers[deal.dealer] if dealers else "", *cells]

    shown = ROWS.shown(state and state.deals, finished=bool(state and state.finished))
    headings = TABLE.player_headings(players, st, width)
    rows, commands = TABLE.rows(
        headings, shown, deal_row, st, dealers=dealers, first_dealer=sheet.first_dealer
    )
    return SheetParts(
        "Tally score sheet",
        [f"2 players · first to {sheet.target}", sheet.facts()],
        [TABLE.table(rows, width, 22, st, commands)],
        _result(state),
        [f"0 to 10 points a deal. First to {sheet.target} wins."],
        pdf_title="Tally score sheet",
        subject="Tally",
    )


def _result(state: rules.State | None) -> str:
    if state is None:
        return to_fill("Winner")
    return "Play on." if state.winner is None else f"{state.players[state.winner]} wins."


def _card(target: int, setup: rules.Setup | None, page: CardPage) -> CardParts:
    lines = [f"2 players · first to {target}"]
    if setup is not None:
        lines.append(this_game(setup.players, setup.first_dealer))
    left = section("Play", ["The deal alternates. Each deal, each player scores 0 to 10."], page.st)
    right = section("End", [f"The first to {target} after a deal wins; level: play on."], page.st)
    return CardParts("Tally rules card", lines, left, right, subject="Tally")


SHEET = SheetLayout(rules.GAME, TallySheet, lambda setup: {"target": setup.target}, _sheet)
CARD: CardLayout[rules.Setup, int] = CardLayout(rules.GAME, lambda setup: setup.target, _card)
TARGET = Setting("--target", ("options", "target"), "Tally: the points to play to.", most=1000)
PRINTERS = GamePrinters.laid_out(SHEET, CARD, (TARGET,))
