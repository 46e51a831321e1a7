"""Tally on paper, built from the shared sheet and card pieces only: what a new game's printing
takes. Register :data:`PRINTERS` with ``scorekeeper.printing.register_printers``."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from scorekeeper.printing import DEFAULT_PAPER, Blank, GamePrinters, Setting
from scorekeeper.printing.card import card_page, card_pdf, this_game
from scorekeeper.printing.common import content_width, page_header, section, short_names, styles
from scorekeeper.printing.sheet import Sheet, footer, sheet_story, to_fill
from scorekeeper.printing.table import Column, ScoreTable, rows_to_show
from tests.fourth_game import rules

TABLE = ScoreTable(
    fixed=(Column("#", 24), Column("Dealer", 80, size=8, left=True)),
    group=(Column("Points", 60), Column("Total", 60, size=9, bold=True, shaded=True)),
    groups=rules.PLAYERS,
)


@dataclass(frozen=True)
class TallySheet(Sheet[rules.State]):
    target: int = rules.DEFAULT_TARGET


def _sheet_pdf(sheet: TallySheet, paper: str) -> bytes:
    st, width, players, state = styles(), content_width(paper), sheet.players, sheet.state
    dealers = short_names(players, st.fonts.regular, 8, 74) if players else None

    def deal_row(deal: rules.Deal, index: int) -> list[object]:
        cells = [str(n) for seat in (0, 1) for n in (deal.points[seat], deal.totals[seat])]
        return [str(deal.number), dealers[deal.dealer] if dealers else "", *cells]

    deals = state and state.deals
    shown = rows_to_show(
        deals, finished=bool(state and state.finished), most=20, blank=12, in_play=10
    )
    headings = TABLE.player_headings(players, st, width)
    rows, commands = TABLE.rows(
        headings, shown, deal_row, st, dealers=dealers, first_dealer=sheet.first_dealer
    )
    lines = [f"2 players · first to {sheet.target}", sheet.facts()]
    return sheet_story(
        page_header("Tally score sheet", lines, sheet.url, st, width),
        [TABLE.table(rows, width, 22, st, commands)],
        footer(_result(state), [f"0 to 10 points a deal. First to {sheet.target} wins."], st),
        paper=paper,
        title="Tally score sheet",
        subject="Tally",
    ).pdf()


def _result(state: rules.State | None) -> str:
    if state is None:
        return to_fill("Winner")
    return "Play on." if state.winner is None else f"{state.players[state.winner]} wins."


def _card_pdf(setup: rules.Setup | None, target: int, paper: str, url: str | None) -> bytes:
    page = card_page(paper, url)
    lines = [f"2 players · first to {target}"]
    if setup is not None:
        lines.append(this_game(setup.players, setup.first_dealer))
    left = section("Play", ["The deal alternates. Each deal, each player scores 0 to 10."], page.st)
    right = section("End", [f"The first to {target} after a deal wins; level: play on."], page.st)
    heading = ("Tally rules card", lines)
    return card_pdf(page, heading, left, right, paper=paper, title=heading[0], subject="Tally")


def sheet(
    state: rules.State,
    *,
    paper: str = DEFAULT_PAPER,
    url: str | None = None,
    date: datetime.date | None = None,
) -> bytes:
    return _sheet_pdf(
        TallySheet.filled(state, url=url, date=date, target=state.setup.target), paper
    )


def rules_card(state: rules.State, *, paper: str = DEFAULT_PAPER, url: str | None = None) -> bytes:
    return _card_pdf(state.setup, state.setup.target, paper, url)


def blank_sheet(blank: Blank, *, paper: str = DEFAULT_PAPER) -> bytes:
    setup = blank.setup(rules.GAME)
    return _sheet_pdf(TallySheet.blank(blank, setup, target=setup.target), paper)


def blank_rules_card(blank: Blank, *, paper: str = DEFAULT_PAPER, url: str | None = None) -> bytes:
    setup = blank.setup(rules.GAME)
    return _card_pdf(setup if blank.seated else None, setup.target, paper, url)


TARGET = Setting("--target", ("options", "target"), "Tally: the points to play to.", most=1000)
PRINTERS = GamePrinters(rules.KIND, sheet, rules_card, blank_sheet, blank_rules_card, (TARGET,))
