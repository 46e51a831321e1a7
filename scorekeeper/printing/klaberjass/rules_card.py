"""The Klaberjass rules card: one page with the rules for a new player at the table, the card
values and a worked example from the engine; of a game, its players, target and QR code.

Takes engine values (a state, a setup), never the database.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table

from scorekeeper.games import klaberjass
from scorekeeper.games.cards import Card, Suit
from scorekeeper.games.klaberjass import Options, Setup
from scorekeeper.games.text import gettext as _
from scorekeeper.games.text import lazy_gettext as _l
from scorekeeper.printing.card import (
    CardLayout,
    CardPage,
    CardParts,
    example,
    example_table,
    this_game,
    values_table,
)
from scorekeeper.printing.common import Styles, section, suit_markup

#: The paragraphs of the sections that say the same in every game (in the card's words when
#: printed).
PLAYERS_AND_CARDS = (
    _l(
        "Two players, each for themselves, with the 32 cards from the sevens to the aces "
        "(take out the sixes and lower). Outside trumps the cards rank A K Q J 10 9 8 7. "
        "<b>In trumps</b> they rank J 9 A 10 K Q 8 7: the jack is the highest trump, then "
        "the nine."
    ),
)

DEAL = (
    _l(
        "The deal alternates. The dealer gives each player six cards and turns the next "
        "card face up: its suit is proposed as trumps. After the bidding each player gets "
        "three more cards, nine in all. The rest of the pack is not played."
    ),
)

BIDDING = (
    _l(
        "The non-dealer (elder hand) speaks first: <b>play</b> (take the turned suit as "
        "trumps and become the <b>maker</b>), <b>pass</b>, or <b>throw in</b> (propose a "
        "new deal). A refused throw-in makes the caller play the turned suit as maker."
    ),
    _l(
        "After a pass the dealer may <b>name another suit</b> and become the maker, pass, "
        "or propose to throw in. A hand thrown in (both agree, or both pass) scores "
        "nothing; the other player deals next. The maker leads to the first trick."
    ),
)

PLAY = (
    _l(
        "Follow suit if you can; you need not win the trick. If you cannot follow, you "
        "must trump; with no trump left, play any card. When trumps are led you must beat "
        "the card if you can. The highest trump wins the trick, otherwise the highest card "
        "of the suit led; the winner leads next. Nine tricks are played."
    ),
)

DECLARATIONS = (
    _l(
        "<b>Sequences</b>: three cards of one suit in a row (in the order A K Q J 10 9 8 7, "
        "in trumps too) score 20, four or more 50. Only the player with the best sequence "
        "scores, and then all of theirs: the longer wins; at equal length one in trumps; "
        "then the higher top card; still equal, the non-dealer's."
    ),
    _l("<b>Bella</b>: the king and queen of trumps in one hand score 20."),
)

SETTLEMENT = (
    _l(
        "Each player adds up their <b>hand</b>: sequences + bella + card points + last "
        "trick. Then: if the maker has more, each scores their own hand. If they are equal, "
        "the opponent scores theirs and the maker 0. If the opponent has more, the opponent "
        "scores <b>both</b> hands and the maker 0."
    ),
)


def _card(options: Options, setup: Setup | None, page: CardPage) -> CardParts:
    goal = options.target
    st, column = page.st, page.column
    left = [
        *section(_("Players and cards"), PLAYERS_AND_CARDS, st),
        *section(_("The deal"), DEAL, st),
        *section(_("Bidding"), BIDDING, st),
        *section(_("Play"), PLAY, st),
    ]
    right = [
        *section(_("Before the first trick"), DECLARATIONS, st),
        Paragraph(_("Card points"), st.heading),
        _values_table(st, column),
        Spacer(0, 1.5 * mm),
        Paragraph(
            _("The last trick is worth 10 more. Only 18 of the 32 cards are played."),
            st.body,
        ),
        *section(_("Settlement"), SETTLEMENT, st),
        _example(st, column),
        *section(_("End of the game"), _end(goal), st),
    ]
    lines = [_("2 players · 32 cards · 9 tricks a hand · first to %(n)d", n=goal)]
    if setup is not None:
        lines.append(this_game(setup.players, setup.first_dealer))
    subject = _("Klaberjass, first to %(n)d", n=goal)
    return CardParts(_("Klaberjass rules card"), lines, left, right, subject)


def _values_table(st: Styles, width: float) -> Table:
    """What each card scores when won in a trick, in trumps and in the other suits."""
    trump, plain = Suit.SPADES, Suit.HEARTS
    rows: list[list[object]] = [[_("Card"), _("in trumps"), _("other suits")]]
    for rank in ("J", "9", "A", "10", "K", "Q", "8", "7"):
        card = Card(rank, trump)
        other = Card(rank, plain)
        rows.append(
            [
                rank,
                str(klaberjass.card_value(card, trump)),
                str(klaberjass.card_value(other, trump)),
            ]
        )
    widths = [w * width * 0.75 for w in (0.3, 0.35, 0.35)]
    return values_table(rows, widths, st, bold=0, centred=(0, -1))


#: The worked example: Anna makes hearts and holds bella; Ben declares a three-card run and
#: takes the last trick; Anna scores less, so Ben takes both hands (151).
EXAMPLE = {
    "maker": 0,
    "trump": "hearts",
    "sequences": [[], [["QC", "JC", "10C"]]],
    "bella": 0,
    "last_trick": 1,
    "card_points": [51, 50],
}


def _example(st: Styles, width: float) -> Flowable:
    names = ("Anna", "Ben")
    setup = Setup(names, first_dealer=1)
    result = klaberjass.score_hand(setup, klaberjass.parse_hand(EXAMPLE, 1, names), 1)
    rows: list[list[object]] = [
        ["", _("Seq."), _("Bella"), _("Cards"), _("Last"), _("Hand"), _("Score")]
    ]
    for seat, name in enumerate(names):
        rows.append(
            [
                _("%(name)s (maker)", name=name) if seat == result.maker else name,
                str(result.sequence_points[seat]),
                str(result.bella_points[seat]),
                str(result.card_points[seat]),
                str(result.last_trick_points[seat]),
                str(result.hand_totals[seat]),
                str(result.scores[seat]),
            ]
        )
    widths = [w * width for w in (0.26, 0.11, 0.12, 0.12, 0.11, 0.12, 0.12)]  # "Anna (förhand)"
    bold_scores = ("FONT", (-1, 1), (-1, -1), st.fonts.bold, 8.5)
    table = example_table(rows, widths, st, more=[bold_scores])
    intro = _(
        "<b>Example.</b> Ben deals; Anna makes %(suit)s trumps and holds bella. Ben's "
        "Q J 10 of clubs is the only sequence, and he takes the last trick.",
        suit=suit_markup(Suit.HEARTS),
    )
    outcome = _(
        "Anna's hand is %(a)d, Ben's %(b)d: the maker scored less, so Ben takes both, "
        "%(a)d + %(b)d = %(total)d, and Anna 0.",
        a=result.hand_totals[0],
        b=result.hand_totals[1],
        total=result.scores[1],
    )
    return example(intro, table, outcome, st, width)


def _end(target: int) -> list[str]:
    return [
        _(
            "Keep a running total. The first to reach %(n)d points at the end of a hand wins. "
            "If both reach it in the same hand the higher total wins; if they are equal, play "
            "another hand.",
            n=target,
        )
    ]


#: The card as :class:`~scorekeeper.printing.printers.GamePrinters` prints it, of a game or of
#: the rules with a target.
LAYOUT: CardLayout[Setup, Options] = CardLayout(klaberjass.GAME, lambda setup: setup.options, _card)
#: The card of a game (its players, first dealer and target) given its state or setup, else of
#: the rules with the options given (the target) or the default ones.
klaberjass_rules_card = LAYOUT.of
