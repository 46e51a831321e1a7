"""The Bismarck rules card: one page with a variant's rules for a new player at the table.

Printed from a game, the card also lists the house rules chosen for it, its schedule (who deals
and who declares in every deal) and a QR code of the live game. Takes engine values (a state, a
setup or a variant), never the database.
"""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from scorekeeper.games import bismarck
from scorekeeper.games.bismarck import Contract, Setup, Variant
from scorekeeper.games.events import RuleError
from scorekeeper.games.text import gettext as _
from scorekeeper.games.text import join_names, signed
from scorekeeper.games.text import lazy_gettext as _l
from scorekeeper.printing.card import (
    CardLayout,
    CardPage,
    CardParts,
    choices,
    example,
    example_table,
    this_game,
    values_table,
)
from scorekeeper.printing.common import LINE, SHADE, Styles, section, short_names, text


def _card(variant: Variant, setup: Setup | None, page: CardPage) -> CardParts:
    st, column = page.st, page.column
    left = [
        *section(_("Players and cards"), _players_and_cards(variant), st),
        *section(_("Deal and exchange"), _deal_and_exchange(variant), st),
        *section(_("Contracts"), _contracts_intro(variant), st),
        _contracts_table(variant, st, column),
        Paragraph(_contracts_after(variant), st.small),
        *section(_("Play"), _play(variant), st),
    ]
    right = [
        *section(_("Scoring"), _scoring(variant), st),
        _example(variant, st, column),
        *section(_("End of the game"), _end(variant), st),
        *_house_rules(setup, st, column),
    ]
    lines = [
        _(
            "%(variant)s rules · 3 players · 52 cards · %(deals)d deals of 16 tricks",
            variant=variant.title,
            deals=variant.deal_count,
        )
    ]
    if setup is not None:
        right += _schedule(setup, st, column)
        lines.append(this_game(setup.players, setup.first_dealer))
    return CardParts(
        _("Bismarck rules card"),
        lines,
        left,
        right,
        subject=_("Bismarck, %(variant)s rules", variant=variant.title),
        pdf_title=_("Bismarck rules card: %(variant)s", variant=variant.title),
    )


def _variant_alone(setup: Setup) -> Variant:
    """The variant of a card without a game: house rules print only on a game's card."""
    if setup.options:
        raise RuleError(
            "House rules print on the card of a game: give the names and the first dealer.",
            field="options",
        )
    return setup.variant


# --- pieces ----------------------------------------------------------------------------------


def _players_and_cards(variant: Variant) -> list[str]:
    return [
        _(
            "Three players, each playing for themselves, with one ordinary pack of 52 cards and "
            "no jokers. In every suit the cards rank A K Q J 10 9 8 7 6 5 4 3 2. Deal and play go "
            "clockwise. A deal has 16 tricks; the game has %(deals)d deals.",
            deals=variant.deal_count,
        )
    ]


def _deal_and_exchange(variant: Variant) -> list[str]:
    if variant is Variant.BRITISH:
        return [
            _(
                "Draw for the first dealer. Each player deals four deals in a row, and the "
                "<b>dealer is the declarer</b> of the deals they deal. The dealer gives everyone "
                "16 cards one at a time and keeps the last four face down."
            ),
            _(
                "The dealer adds those four hidden cards to their hand (20 cards) and discards "
                "any four face down; the discards take no part in play."
            ),
        ]
    who = (
        _(
            "Forehand announces an unused contract (for Valfri also the trump suit), looking "
            "only at these four cards."
        )
        if variant is Variant.MODERN
        else _(
            "The contract is fixed by the deal's number; in Trumf the suit of the first "
            "face-up card is trumps."
        )
    )
    return [
        _(
            "Draw for the first dealer; after each deal the deal passes to the left. "
            "<b>Forehand</b>, the dealer's left-hand neighbour, is the declarer. The dealer "
            "shuffles, the player on the right cuts, and the dealer turns the top four cards "
            "face up."
        )
        + " "
        + who,
        _(
            "The rest of the pack is dealt one at a time, 16 cards each. Forehand takes the four "
            "face-up cards (20 cards) and discards any four face down; the discards take no part "
            "in play."
        ),
    ]


_TRUMPS = {
    Contract.SPADER: _l("spades (♠)"),
    Contract.VALFRI: _l("any suit the declarer names"),
    Contract.SANG: _l("none"),
    Contract.PASS: _l("none: avoid tricks"),
}


def _trumps(contract: Contract, variant: Variant) -> str:
    if contract is Contract.TRUMF:
        if variant is Variant.BRITISH:
            return _("suit of a card cut before the deal")
        return _("suit of the first face-up card")
    return str(_TRUMPS[contract])


def _contracts_intro(variant: Variant) -> list[str]:
    return [
        _(
            "Every deal is played in one contract. Each player has a <b>quota</b> of tricks; the "
            "three quotas add up to 16."
        )
    ]


def _contracts_table(variant: Variant, st: Styles, width: float) -> Table:
    head = st.cell_head
    rows: list[list[object]] = [
        [
            Paragraph(_("Contract"), head),
            Paragraph(_("Trumps"), head),
            Paragraph(_("Quota (tricks)"), head),
            "",
            Paragraph(_("Each player scores"), head),
        ],
        ["", "", Paragraph(_("declarer"), st.cell_sub), Paragraph(_("others"), st.cell_sub), ""],
    ]
    for contract in variant.contracts:
        mine, others = (4, 6) if contract.is_pass else (8, 4)
        rows.append(
            [
                Paragraph(f"<b>{text(contract.explained_in(variant))}</b>", st.cell_left),
                Paragraph(text(_trumps(contract, variant)), st.cell_left),
                str(mine),
                str(others),
                _("quota − tricks") if contract.is_pass else _("tricks − quota"),
            ]
        )
    widths = [0.19, 0.27, 0.17, 0.13, 0.24]  # room for "Kontrakt", "spelförare"
    table = Table(rows, colWidths=[share * width for share in widths])
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 2), (-1, -1), st.fonts.regular, 8),
                ("FONT", (4, 2), (4, -1), st.fonts.regular, 7.5),
                ("SPAN", (0, 0), (0, 1)),
                ("SPAN", (1, 0), (1, 1)),
                ("SPAN", (2, 0), (3, 0)),
                ("SPAN", (4, 0), (4, 1)),
                ("GRID", (0, 0), (-1, -1), 0.4, LINE),
                ("BOX", (0, 0), (-1, -1), 1, colors.black),
                ("BACKGROUND", (0, 0), (-1, 1), SHADE),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("ALIGN", (2, 2), (-1, -1), "CENTER"),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                ("LEFTPADDING", (0, 0), (-1, -1), 3),
                ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            ]
        )
    )
    return table


def _contracts_after(variant: Variant) -> str:
    names = [c.name_in(variant) for c in variant.contracts]
    if variant is Variant.MODERN:
        return _(
            "Each player declares each of %(names)s exactly once in the game, so everyone's "
            "last contract is forced. Valfri may name spades again: use Spader first if you want "
            "spades.",
            names=text(join_names(names)),
        )
    if variant is Variant.CLASSIC:
        return _(
            "Fixed order: deals 1–3 %(trumf)s, 4–6 %(sang)s, 7–9 %(noll)s; forehand declares.",
            trumf=text(names[0]),
            sang=text(names[1]),
            noll=text(names[2]),
        )
    return _("A dealer's four deals are, in order: %(names)s.", names=text(join_names(names)))


def _play(variant: Variant) -> list[str]:
    leader = _("The player on the dealer's left") if variant is Variant.BRITISH else _("Forehand")
    declarer = _("the dealer") if variant is Variant.BRITISH else _("forehand")
    return [
        _(
            "%(leader)s leads any card. Follow suit if you can; if you cannot, play any card: you "
            "never have to trump or to beat the cards played. The highest trump wins the trick, "
            "otherwise the highest card of the suit led, and the winner leads next. All 16 tricks "
            "are played; everyone keeps their own tricks.",
            leader=leader,
        ),
        _(
            "<b>Redeal:</b> if %(declarer)s starts play still holding 20 cards, the same dealer "
            "deals again; the deal and its contract stay, and nothing is scored.",
            declarer=declarer,
        ),
    ]


def _scoring(variant: Variant) -> list[str]:
    positive = join_names([c.name_in(variant) for c in variant.contracts if not c.is_pass])
    return [
        _(
            "After the deal everyone counts their tricks against their quota. In %(positive)s "
            "each trick above the quota scores +1 and each trick below it −1. In %(pass)s it is "
            "the other way round: each trick below the quota +1, each above −1. Exactly the "
            "quota scores 0. The three scores of a deal always add up to 0: check it.",
            positive=text(positive),
            **{"pass": text(Contract.PASS.name_in(variant))},
        )
    ]


def _example(variant: Variant, st: Styles, width: float) -> Flowable:
    """The rules' worked example: Sang declared by Anna, tricks 6, 6, 4."""
    sang = Contract.SANG.name_in(variant)
    if variant is Variant.BRITISH:
        intro = _("<b>Example.</b> Anna deals and declares %(sang)s.", sang=sang)
    else:
        intro = _("<b>Example.</b> Carla deals; Anna is forehand and declares %(sang)s.", sang=sang)
    tricks, quotas = (6, 6, 4), Contract.SANG.quotas(0)
    scores = bismarck.score(Contract.SANG, 0, tricks)
    rows: list[list[object]] = [["", _("Tricks"), _("Quota"), _("Score")]]
    for name, taken, quota, score in zip(
        ("Anna", "Ben", "Carla"), tricks, quotas, scores, strict=True
    ):
        rows.append([name, str(taken), str(quota), f"{taken} − {quota} = {signed(score)}"])
    rows.append([_("Sum"), "16", "16", "0"])
    widths = [w * width * 0.8 for w in (0.25, 0.2, 0.2, 0.35)]
    sums = [
        ("FONT", (0, -1), (-1, -1), st.fonts.bold, 8),
        ("LINEABOVE", (0, -1), (-1, -1), 0.6, colors.black),
    ]
    table = example_table(rows, widths, st, more=sums)
    return example(intro, table, None, st, width)


def _end(variant: Variant) -> list[str]:
    return [
        _(
            "After deal %(deals)d every player has declared each contract once. The highest "
            "total wins; players level at the top share the victory.",
            deals=variant.deal_count,
        )
    ]


def _house_rules(setup: Setup | None, st: Styles, width: float) -> list[Flowable]:
    """The house-rule options: ticked as chosen for this game, or boxes to agree on."""
    intro = (
        _("Chosen for this game (none changes the scoring):")
        if setup is not None
        else _("Agree on these before you start (none changes the scoring):")
    )
    lines = [
        (None if setup is None else name in setup.options, _(description))
        for name, description in bismarck.OPTIONS.items()
    ]
    return choices(_("House rules"), intro, lines, st, width)


def _schedule(setup: Setup, st: Styles, width: float) -> list[Flowable]:
    """Who deals and who declares in every deal of this game."""
    variant = setup.variant
    players = setup.players
    rows: list[list[object]] = [[_("Deal"), _("Dealer"), _("Declarer"), _("Contract")]]
    short = short_names(players, st.fonts.bold, 8, width * 0.3 - 6)
    for slot in bismarck.schedule(setup):
        fixed = slot.fixed_contract
        rows.append(
            [
                str(slot.number),
                short[slot.dealer],
                short[slot.declarer],
                fixed.name_in(variant) if fixed else _("their choice"),
            ]
        )
    group = 4 if variant is Variant.BRITISH else 3
    group_lines = [
        ("LINEBELOW", (0, number), (-1, number), 0.9, colors.black)
        for number in range(group, variant.deal_count, group)
    ]
    widths = [w * width for w in (0.12, 0.3, 0.3, 0.28)]
    table = values_table(
        rows, widths, st, bold=2, centred=(0, 0), padding=1.5, more=group_lines, align="CENTER",
        repeat_rows=1,
    )  # fmt: skip
    return [Paragraph(_("This game's schedule"), st.heading), table]


#: The card as :class:`~scorekeeper.printing.printers.GamePrinters` prints it, of a game or of
#: a variant with boxes to agree on the house rules.
LAYOUT: CardLayout[Setup, Variant] = CardLayout(
    bismarck.GAME, lambda setup: setup.variant, _card, rules_only=_variant_alone
)
#: The card of a game (its house rules and schedule) given its state or setup, else of the
#: variant given (modern by default).
bismarck_rules_card = LAYOUT.of
