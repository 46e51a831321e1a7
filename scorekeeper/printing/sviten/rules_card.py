"""The Sviten Special rules card: one page with the rules for a new player at the table, what
melds are worth and a worked example from the engine, and the options of the rulings (chosen for
a game, or boxes to agree on).

Takes engine values (a state, a setup, options), never the database.
"""

from __future__ import annotations

import functools

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table

from scorekeeper.games import sviten
from scorekeeper.games.cards import Suit
from scorekeeper.games.sviten import Options, Setup
from scorekeeper.games.sviten.proposal import Arrangement, arrangements
from scorekeeper.games.text import gettext as _
from scorekeeper.games.text import lazy_gettext as _l
from scorekeeper.games.text import ngettext, signed
from scorekeeper.printing.card import (
    CardLayout,
    CardPage,
    CardParts,
    choices,
    example,
    example_table,
    values_table,
)
from scorekeeper.printing.common import Styles, section, suit_markup, text
from scorekeeper.printing.sviten.sheet import pair_names

#: The paragraphs of the sections that say the same in every game (in the card's words when
#: printed).
PLAYERS_AND_CARDS = (
    _l(
        "Four players in two fixed pairs; partners sit opposite: <b>North and South</b> "
        "against <b>East and West</b>. One pack of 52 cards, ranking A K Q J 10 9 8 7 6 5 4 "
        "3 2 in play. Each pair keeps one shared pile of the tricks it wins, face up."
    ),
)

PLAY = (
    _l(
        "The declarer leads. Follow suit if you can; if not, play any card, a trump "
        "included. The highest trump wins the trick, otherwise the highest card of the suit "
        "led; the winner leads next. After 13 tricks each pair holds its tricks × 4 cards."
    ),
)

MELDS = (
    _l(
        "Each pair lays <b>melds</b> from its own captured cards, each card in at most one "
        "meld. A <b>set</b> is three or four cards of one rank. A <b>run</b> is three or "
        "more cards of one suit in a row; the ace is high (Q K A) or low (A 2 3), never both "
        "(no K A 2). A long run may be laid as shorter runs: more melds, fewer points."
    ),
    _l(
        "Scorekeeper proposes the best way to lay each pair's cards (for the declarers: "
        "enough melds for the bid first, then the most points) and lets the pair choose "
        "another."
    ),
)


def _card(options: Options, setup: Setup | None, page: CardPage) -> CardParts:
    st, column = page.st, page.column
    left = [
        *section(_("Players and cards"), PLAYERS_AND_CARDS, st),
        *section(_("Deal and bidding"), _bidding(options), st),
        *section(_("Play"), PLAY, st),
        *section(_("Melds"), MELDS, st),
    ]
    right = [
        Paragraph(_("What melds are worth"), st.heading),
        _values_table(options, st, column),
        Spacer(0, 1.5 * mm),
        *section(_("Scoring a hand"), _scoring(options), st),
        _example(options, st, column),
        *section(_("End of the match"), _end(options), st),
        *_options(setup, options, st, column),
    ]
    lines = [_("4 players in 2 pairs · 52 cards · 13 tricks, then melds · first pair to 100")]
    if setup is not None:
        lines.append(
            _(
                "This game: %(ns)s against %(ew)s · %(dealer)s deals first",
                ns=text(pair_names(setup.players, 0)),
                ew=text(pair_names(setup.players, 1)),
                dealer=text(setup.players[setup.first_dealer]),
            )
        )
    subject = _("Sviten Special, first pair to %(n)d", n=sviten.TARGET)
    return CardParts(_("Sviten Special rules card"), lines, left, right, subject)


def _bidding(options: Options) -> list[str]:
    what = (
        _("a number from 1 to 6, always in no-trump (this game plays no-trump only)")
        if options.no_trump_only
        else _("a number from 1 to 6 and a trump suit or no-trump")
    )
    return [
        _(
            "The deal goes clockwise; the dealer gives everyone 13 cards. Starting on the "
            "dealer's left, each player bids or passes. A bid is %(what)s: the number of "
            "<b>melds</b> the bidder's pair pledges to lay after play.",
            what=what,
        ),
        _(
            "Each bid must beat the last: a higher number, or the same number in a higher "
            "denomination: %(clubs)s below %(diamonds)s below %(hearts)s below %(spades)s below "
            "no-trump. The last bidder is the <b>declarer</b>, their pair the declarers.",
            clubs=suit_markup(Suit.CLUBS),
            diamonds=suit_markup(Suit.DIAMONDS),
            hearts=suit_markup(Suit.HEARTS),
            spades=suit_markup(Suit.SPADES),
        ),
    ]


def _values_table(options: Options, st: Styles, width: float) -> Table:
    factor = options.trump_run_factor
    head: list[object] = [_("Meld"), _("Points"), _("in trumps")]
    rows: list[list[object]] = [head, [_("Set of 3"), "5", "5"], [_("Set of 4"), "10", "10"]]
    for length in (3, 4, 5, 6, 7, 8, 10, 13):
        points = 5 * length - 10
        rows.append([_("Run of %(n)d", n=length), str(points), str(factor * points)])
    widths = [w * width * 0.8 for w in (0.4, 0.3, 0.3)]
    return values_table(rows, widths, st, bold=2, centred=(1, -1))


def _scoring(options: Options) -> list[str]:
    failed = (
        _("the hand scores −10 × the bid for them")
        if options.failed_bid == "minus_bid"
        else _("they score tricks + melds − 10 × the bid")
    )
    paragraphs = [
        _(
            "Each trick scores 1. Sets score as in the table; a run of n cards scores 5n − 10, "
            "and runs in trumps count %(times)s (sets never do).",
            times=_("three times") if options.trump_run_factor == 3 else _("double"),
        ),
        _(
            "The <b>defenders</b> always score tricks + melds. The <b>declarers</b> score tricks "
            "+ melds if they lay at least as many melds as they bid; otherwise %(failed)s.",
            failed=failed,
        ),
    ]
    if options.slam_bonus:
        paragraphs.append(_("<b>Slam:</b> a pair that takes all 13 tricks adds 25."))
    return paragraphs


#: The worked example: E–W bid 3 in spades (in no-trump when the game has no trumps) holding
#: the whole spade suit and three odd cards.
EXAMPLE_PILE = ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]


@functools.cache
def example_arrangements(options: Options) -> tuple[Arrangement, ...]:
    """The worked example's arrangements under these options (the same on every card)."""
    hand = sviten.parse_hand(
        {
            "declarer": 1,
            "bid": 3,
            "trump": None if options.no_trump_only else "spades",
            "captured": [None, [*EXAMPLE_PILE, "2H", "5D", "9C"]],
        },
        1,
    )
    return arrangements(Setup(("N", "E", "S", "W"), options=options), hand, 1)


def _example(options: Options, st: Styles, width: float) -> Flowable:
    found = example_arrangements(options)
    rows: list[list[object]] = [[_("Melds"), _("Points"), _("Bid 3")]]
    for a in reversed(found):
        rows.append(
            [
                ngettext("%(num)d meld", "%(num)d melds", a.count),
                str(a.points),
                _("made: %(s)s", s=signed(a.score))
                if a.made
                else _("failed: %(s)s", s=signed(a.score)),
            ]
        )
    widths = [w * width * 0.85 for w in (0.3, 0.25, 0.45)]
    table = example_table(rows, widths, st, centred=(1, 1))
    whole, made = found[0], next(a for a in found if a.made)
    if options.no_trump_only:
        intro = _(
            "<b>Example.</b> East bids 3 in no-trump; E–W win 4 tricks holding every spade. "
            "As one run of 13 the spades score %(points)d, but that is one meld, not three:",
            points=whole.points,
        )
    else:
        intro = _(
            "<b>Example.</b> East bids 3 in %(spades)s; E–W win 4 tricks holding every spade. "
            "As one run of 13 the spades score 55 × %(factor)d = %(points)d, but that is one "
            "meld, not three:",
            spades=suit_markup(Suit.SPADES),
            factor=options.trump_run_factor,
            points=whole.points,
        )
    outcome = _(
        "Laid as three runs (A–7, 8–10, J–K) they make the bid: 4 tricks + %(points)d = %(score)d.",
        points=made.points,
        score=made.score,
    )
    return example(intro, table, outcome, st, width)


def _end(options: Options) -> list[str]:
    paragraphs = [
        _(
            "Keep a running total for each pair; it may go below 0. The first pair with "
            "%(n)d or more after a hand wins. If both pairs reach %(n)d in the same hand, the "
            "declarers win.",
            n=sviten.TARGET,
        )
    ]
    if options.hand_cap is not None:
        paragraphs.append(
            _(
                "<b>Hand cap:</b> after hand %(n)d the pair ahead wins; if they are level, play "
                "on until one leads.",
                n=options.hand_cap,
            )
        )
    return paragraphs


def _option_lines(options: Options | None) -> list[tuple[bool | None, str]]:
    """The options of the rulings in words, each with whether it is on (None: not known)."""

    def on(name: str) -> bool | None:
        return None if options is None else bool(getattr(options, name))

    cap = options.hand_cap if options is not None else None
    return [
        (on("slam_bonus"), _("Slam bonus: all 13 tricks add 25 (usually on).")),
        (
            None if options is None else options.failed_bid == "keep_points",
            _("A failed bid scores tricks + melds − 10 × the bid (instead of −10 × the bid)."),
        ),
        (
            None if options is None else cap is not None,
            _("Hand cap: after hand %(n)d the leader wins.", n=cap)
            if cap is not None
            else _("Hand cap: after an agreed number of hands (often 12) the leader wins."),
        ),
        (on("no_trump_only"), _("No-trump only: every hand is played without trumps.")),
        (on("double_trump_runs"), _("Double-trump runs: runs in trumps count three times.")),
        (
            on("jokers"),
            _(
                "Jokers: two wild cards, used only in melds. A joker stands for any one card of "
                "its meld; a meld holds at most one joker and at least two real cards."
            ),
        ),
        (on("open_last_three"), _("Open last three: the last three cards are played face up.")),
    ]


def _options(setup: Setup | None, options: Options, st: Styles, width: float) -> list[Flowable]:
    """The options of the rulings: on or off for this game, or boxes to agree on."""
    intro = (
        _("Chosen for this game:")
        if setup is not None
        else _("Agree on these before the first deal:")
    )
    known = setup.options if setup is not None else None
    lines = _option_lines(known)
    if known is None and options.hand_cap is not None:  # a hand cap agreed already
        lines[2] = (True, _("Hand cap: after hand %(n)d the leader wins.", n=options.hand_cap))
    return choices(_("Options"), intro, lines, st, width)


#: The card as :class:`~scorekeeper.printing.printers.GamePrinters` prints it, of a game or of
#: the rules with boxes to agree on the options (those given, such as a hand cap, filled in).
LAYOUT: CardLayout[Setup, Options] = CardLayout(sviten.GAME, lambda setup: setup.options, _card)
#: The card of a game (the options chosen for it) given its state or setup, else of the rules
#: with boxes to agree on the options (those given, such as a hand cap, filled in).
sviten_rules_card = LAYOUT.of
