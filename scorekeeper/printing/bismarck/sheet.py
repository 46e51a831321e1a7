"""The Bismarck score sheet, one page: blank to fill in with a pencil, or filled from a game.

A Bismarck sheet is the paper grid of the rules (one row per player, one column per contract,
the totals on the right) and under it the game deal by deal: dealer, declarer, contract, trump,
each player's tricks, score and running total, and a box to tick when the deal sums to zero.
Every function here takes engine values (a state, a setup, a variant), never the database.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from scorekeeper.games import bismarck
from scorekeeper.games.bismarck import Contract, DealResult, ScheduledDeal, State, Variant
from scorekeeper.games.cards import Suit
from scorekeeper.games.text import N_, Words, join_names, ngettext, signed
from scorekeeper.games.text import gettext as _
from scorekeeper.games.text import lazy_gettext as _l
from scorekeeper.printing.blank import Blank
from scorekeeper.printing.common import (
    DEFAULT_PAPER,
    GREY,
    LIGHT,
    LINE,
    RED,
    SHADE,
    CheckBox,
    Styles,
    short_names,
    suit_markup,
    text,
)
from scorekeeper.printing.sheet import (
    Sheet,
    SheetLayout,
    SheetPage,
    SheetParts,
    date_fact,
    deals_first,
    to_fill,
)
from scorekeeper.printing.table import Column, Command, ScoreTable

# --- what goes on the sheet ------------------------------------------------------------------


@dataclass(frozen=True)
class BismarckSheet(Sheet[State]):
    """Everything a Bismarck sheet shows; ``state`` is None for a blank sheet."""

    variant: Variant = Variant.MODERN

    @functools.cached_property
    def slots(self) -> tuple[ScheduledDeal, ...] | None:
        """Who deals and who declares in every deal, when the names and first dealer are known."""
        if self.players is None or self.first_dealer is None:
            return None
        first, second, third = self.players
        setup = bismarck.Setup((first, second, third), self.first_dealer, self.variant)
        return bismarck.schedule(setup)

    def deal(self, number: int) -> DealResult | None:
        if self.state is None or number > len(self.state.deals):
            return None
        return self.state.deals[number - 1]

    def slot(self, number: int) -> ScheduledDeal | None:
        return self.slots[number - 1] if self.slots else None


def blank_bismarck_sheet(
    variant: Variant = Variant.MODERN,
    players: Sequence[str] | None = None,
    first_dealer: int | None = None,
    *,
    paper: str = DEFAULT_PAPER,
    words: Words | None = None,
) -> bytes:
    """The blank sheet of this variant, these names and first dealer (a seat: 0, 1 or 2)."""
    blank = Blank(players, first_dealer, {"variant": variant.value})
    return LAYOUT.blank(blank, paper=paper, words=words)


# --- layout ----------------------------------------------------------------------------------

GRID_NAME_SHARE = 0.30
GRID_TOTAL_SHARE = 0.14
# Deal table: #, dealer, declarer, contract, trump, 3 × (tricks, score, total), sum check.
FIXED_COLUMNS = (18, 56, 56, 54, 30)
CHECK_COLUMN = 32
#: Taller rows when there are fewer deals: room to write, and the sheet still fits on Letter.
DEAL_ROW_HEIGHT = {12: 25, 9: 30}


def _parts(sheet: BismarckSheet, page: SheetPage) -> SheetParts:
    st, width = page.st, page.width
    body: list[Flowable] = [
        Paragraph(_("Contracts"), st.heading),
        _grid(sheet, st, width),
        Spacer(0, 1.5 * mm),
        Paragraph(_grid_hint(sheet), st.small),
        Paragraph(_("Deal by deal"), st.heading),
        _deals(sheet, st, width),
        Spacer(0, 4 * mm),
    ]
    return SheetParts(
        _("Bismarck score sheet"),
        _lines(sheet),
        body,
        _status_line(sheet.state) if sheet.state is not None else to_fill(_("Winner")),
        _notes(sheet),
        pdf_title=N_("Bismarck score sheet: %(names)s"),
        subject=_("Bismarck, %(variant)s rules", variant=sheet.variant.title),
    )


def _contract_names(variant: Variant) -> str:
    return join_names([c.name_in(variant) for c in variant.contracts])


def _lines(sheet: BismarckSheet) -> list[str]:
    variant = sheet.variant
    subtitle = _(
        "%(variant)s rules · %(deals)d deals · every player declares %(contracts)s once",
        variant=variant.title,
        deals=variant.deal_count,
        contracts=_contract_names(variant),
    )
    facts = []
    if sheet.players:
        facts.append(text(", ".join(sheet.players)))
    if sheet.players and sheet.slots:
        facts.append(deals_first(sheet.players, sheet.slots[0].dealer))
    facts.append(date_fact(sheet.date, filled=sheet.state is not None))
    if not sheet.players:
        facts.append(to_fill(_("Players")))
    return [subtitle, " · ".join(facts)]


_CONTRACT_NOTES = {
    Contract.SPADER: "♠",
    Contract.VALFRI: _l("any trumps"),
    Contract.TRUMF: _l("trumps by a card"),
    Contract.SANG: _l("no trumps"),
    Contract.PASS: _l("avoid tricks"),
}


def _contract_note(contract: Contract) -> str:
    return str(_CONTRACT_NOTES[contract])


def _grid(sheet: BismarckSheet, st: Styles, width: float) -> Table:
    """One row per player, one column per contract, a totals column."""
    variant, state = sheet.variant, sheet.state
    contracts = variant.contracts
    name_width = width * GRID_NAME_SHARE
    total_width = width * GRID_TOTAL_SHARE
    contract_width = (width - name_width - total_width) / len(contracts)
    head = [
        Paragraph(_("Player"), st.cell_head),
        *(
            [
                Paragraph(text(c.name_in(variant)), st.cell_head),
                Paragraph(_contract_note(c), st.small_center),
            ]
            for c in contracts
        ),
        Paragraph(_("Total"), st.cell_head),
    ]
    rows: list[list[object]] = [head]

    def fits_one_line(name: str) -> bool:
        return stringWidth(name, st.cell_name.fontName, st.cell_name.fontSize) <= name_width - 13

    for seat in range(bismarck.PLAYERS):
        name = sheet.players[seat] if sheet.players else ""
        winner = state is not None and seat in state.winners
        row: list[object] = [
            Paragraph(text(name), st.cell_name if fits_one_line(name) else st.cell_name_small)
        ]
        for contract in contracts:
            row.append(_grid_cell(sheet, seat, contract, st))
        if state is not None and state.scored:
            total = signed(state.totals[seat]) + (" ★" if winner else "")
            row.append(Paragraph(total, st.cell_big))
        else:
            row.append("")
        rows.append(row)
    table = Table(
        rows,
        colWidths=[name_width, *(contract_width,) * len(contracts), total_width],
        rowHeights=[22, *(26,) * bismarck.PLAYERS],
    )
    commands: list[Command] = [
        ("GRID", (0, 0), (-1, -1), 0.5, LINE),
        ("BOX", (0, 0), (-1, -1), 1.2, colors.black),
        ("LINEBELOW", (0, 0), (-1, 0), 1, colors.black),
        ("LINEBEFORE", (-1, 0), (-1, -1), 1, colors.black),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]
    if state is not None:
        for seat in state.winners:
            commands.append(("BACKGROUND", (0, seat + 1), (-1, seat + 1), LIGHT))
    table.setStyle(TableStyle(commands))
    return table


def _grid_cell(sheet: BismarckSheet, seat: int, contract: Contract, st: Styles) -> object:
    state = sheet.state
    if state is None:
        return ""
    number = state.used[seat].get(contract)
    if number is None:
        return ""
    deal = state.deals[number - 1]
    where = _("deal %(n)d", n=number)
    if deal.trump_shown is not None and contract is not Contract.SPADER:
        where += " " + suit_markup(deal.trump_shown)
    mark = signed(deal.scores[seat]) if deal.scores is not None else "X"
    return [Paragraph(mark, st.cell_big), Paragraph(where, st.small_center)]


def _grid_hint(sheet: BismarckSheet) -> str:
    if sheet.state is None:
        return _(
            "Mark a box with X when its player declares that contract: nobody declares one twice."
            " Write the deal's score in it when the deal is over."
        )
    return _("Each box: the declarer's score in the deal where they played that contract.")


def _table(st: Styles, width: float) -> ScoreTable:
    """#, dealer, declarer, contract, trump; each player's tricks, score and running total; a
    box to tick when the deal's scores sum to zero."""
    per_player = (width - sum(FIXED_COLUMNS) - CHECK_COLUMN) / 9
    number, dealer, declarer, contract, trump = FIXED_COLUMNS
    return ScoreTable(
        fixed=(
            Column("#", number),
            Column(_("Dealer"), dealer, size=8, left=True),
            Column(_("Declarer"), declarer, size=8, bold=True, left=True),
            Column(_("Contract"), contract, size=8, bold=True),
            Column(_("Trump"), trump, size=11),
        ),
        group=(
            Column(_("Tricks"), per_player),
            Column(_("Score"), per_player, size=9, bold=True),
            # The running total is what players compare.
            Column(_("Total"), per_player, shaded=True),
        ),
        groups=bismarck.PLAYERS,
        last=Column(Paragraph(_("sum<br/>= 0"), st.cell_head), CHECK_COLUMN),
        heading_heights=(15, 11),
        subheading_size=6.5,
        padding=3,
    )


def _deals(sheet: BismarckSheet, st: Styles, width: float) -> Table:
    """The game deal by deal, with pre-printed dealers, declarers and fixed contracts."""
    variant = sheet.variant
    players = sheet.players
    table = _table(st, width)
    rows = table.headings(table.player_headings(players, st, width))
    commands: list[Command] = []
    short = short_names(players, st.fonts.bold, 8, FIXED_COLUMNS[1] - 6) if players else None
    in_play = (table.start(0), table.total(bismarck.PLAYERS - 1))
    for number in range(1, variant.deal_count + 1):
        row_index = number + 1
        slot = sheet.slot(number)
        deal = sheet.deal(number)
        dealer = declarer = ""
        if slot is not None and short is not None:
            dealer, declarer = short[slot.dealer], short[slot.declarer]
        trump = _trump(variant, number, deal)
        row: list[object] = [
            str(number),
            dealer,
            declarer,
            _contract_cell(variant, number, deal, st),
            trump.symbol if isinstance(trump, Suit) else trump,
        ]
        if isinstance(trump, Suit) and trump.is_red:
            commands.append(("TEXTCOLOR", (4, row_index), (4, row_index), RED))
        if deal is None:
            row += [""] * 9
        elif deal.tricks is None or deal.scores is None:
            first, last = (in_play[0], row_index), (in_play[1], row_index)
            row += [_("in play: tricks not recorded yet"), *[""] * 8]
            commands.append(("SPAN", first, last))
            commands.append(("FONT", first, last, st.fonts.regular, 7.5))
            commands.append(("TEXTCOLOR", first, last, GREY))
            commands.append(("BACKGROUND", first, last, colors.white))
        else:
            for seat in range(bismarck.PLAYERS):
                row += [
                    str(deal.tricks[seat]),
                    signed(deal.scores[seat]),
                    signed(deal.totals[seat]),
                ]
        sums_to_zero = deal is not None and deal.scores is not None and sum(deal.scores) == 0
        row.append(CheckBox(checked=sums_to_zero))
        rows.append(row)
    row_height = DEAL_ROW_HEIGHT[variant.deal_count]
    return table.table(
        rows, width, row_height, st, [*_declarers_and_groups(sheet, table), *commands]
    )


def _contract_cell(variant: Variant, number: int, deal: DealResult | None, st: Styles) -> object:
    if deal is not None:
        name = deal.contract.name_in(variant)
        if not deal.redeals:
            return name
        note = ngettext("redealt", "redealt %(num)d×", deal.redeals)
        return [Paragraph(f"<b>{text(name)}</b>", st.cell), Paragraph(text(note), st.small_center)]
    fixed = _fixed_contract(variant, number)
    return Paragraph(text(fixed.name_in(variant)), st.cell_fixed) if fixed else ""


def _fixed_contract(variant: Variant, number: int) -> Contract | None:
    """The contract a variant prescribes for a deal, whoever deals first (None in modern)."""
    anyone = bismarck.Setup(("1", "2", "3"), variant=variant)
    return bismarck.schedule(anyone)[number - 1].fixed_contract


def _trump(variant: Variant, number: int, deal: DealResult | None) -> Suit | str:
    """The deal's trump suit; "–" for none; "" where it is still to be written in."""
    if deal is not None:
        return deal.trump_shown or "–"
    fixed = _fixed_contract(variant, number)
    if fixed in (Contract.SANG, Contract.PASS):
        return "–"
    return ""


def _declarers_and_groups(sheet: BismarckSheet, table: ScoreTable) -> list[Command]:
    """The declarer's columns shaded in every deal where the declarer is known, and a heavier
    line after each group of deals: every 3 deals, every 4 in the British game."""
    variant = sheet.variant
    commands: list[Command] = []
    for number in range(1, variant.deal_count + 1):
        slot = sheet.slot(number)
        deal = sheet.deal(number)
        declarer = deal.declarer if deal is not None else slot.declarer if slot else None
        if declarer is not None:
            commands.append(table.shade(number + 1, declarer, through_total=True))
    group = 4 if variant is Variant.BRITISH else 3
    for number in range(group, variant.deal_count, group):
        commands.append(("LINEBELOW", (0, number + 1), (-1, number + 1), 0.9, colors.black))
    return commands


def _notes(sheet: BismarckSheet) -> list[str]:
    variant = sheet.variant
    pass_name = Contract.PASS.name_in(variant)
    positive = join_names([c.name_in(variant) for c in variant.contracts if not c.is_pass])
    notes = [
        _(
            "<b>Scoring.</b> %(positive)s: the declarer's quota is 8 tricks, the others' 4; "
            "each scores tricks − quota. %(pass)s: the declarer's quota is 4, the others' 6; "
            "each scores quota − tricks. The tricks of a deal add up to 16 and its scores "
            "to 0: tick the box when they do. Shaded: the declarer's columns.",
            positive=text(positive),
            **{"pass": text(pass_name)},
        )
    ]
    if sheet.players and not sheet.slots:
        notes.append(
            _("The deal passes to the left; forehand, the dealer's left, declares.")
            if variant is not Variant.BRITISH
            else _("Each player deals four deals in a row and declares them.")
        )
    return notes


def _status_line(state: State) -> str:
    players = state.players
    variant = state.variant
    if state.finished:
        winners = state.winners
        best = signed(state.totals[winners[0]])
        if len(winners) == 1:
            return _("%(name)s wins with %(total)s.", name=text(players[winners[0]]), total=best)
        return _(
            "Shared victory: %(names)s, %(total)s each.",
            names=text(join_names(state.winner_names)),
            total=best,
        )
    current = state.current
    assert current is not None
    if state.announced is not None:
        return _(
            "Deal %(n)d of %(count)d is in play: %(name)s plays %(contract)s.",
            n=current.number,
            count=state.deal_count,
            name=text(players[current.declarer]),
            contract=text(state.announced.contract.name_in(variant)),
        )
    return _(
        "Next: deal %(n)d of %(count)d, %(dealer)s deals and %(name)s declares.",
        n=current.number,
        count=state.deal_count,
        dealer=text(players[current.dealer]),
        name=text(players[current.declarer]),
    )


#: The sheet as :class:`~scorekeeper.printing.printers.GamePrinters` prints it, filled or blank.
LAYOUT = SheetLayout(bismarck.GAME, BismarckSheet, lambda setup: {"variant": setup.variant}, _parts)
bismarck_sheet = LAYOUT.filled
