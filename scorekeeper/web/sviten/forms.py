"""Forms of the Sviten Special pages: a new game, and one hand in two steps.

A hand is entered as it happens at the table: the final bid (declarer, 1–6, trumps or no-trump),
then the cards one pair captured, tapped on a 52-card grid (the other pair's pile is the rest of
the pack). The server answers with the solver's melds for both pairs (no write yet); the players
confirm them, choose another meld count for the declarers, or type their own melds, and only then
is the hand entered. Quick mode skips the cards: both pairs' tricks, meld points and meld counts
are typed in and entered at once.

Every POST carries the CSRF token, the log position it was based on (``seq``) and the hand
number (``deal``), as every game form does (:class:`~scorekeeper.web.forms.LogForm`).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import (
    BooleanField,
    Field,
    HiddenField,
    RadioField,
    TextAreaField,
)
from wtforms.utils import unset_value
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from scorekeeper.games import sviten
from scorekeeper.games.cards import Suit, full_pack, parse_card
from scorekeeper.games.events import RuleError
from scorekeeper.games.sviten.meld_check import JOKER, meld_points
from scorekeeper.games.text import T_, whole_number
from scorekeeper.languages.i18n import say_here
from scorekeeper.web.forms import LogForm, SelectChoice, WholeNumberField, counted_field
from scorekeeper.web.setup_forms import BlankSheetForm, NewGameForm

#: The seats as the pages name them, in seat order N, E, S, W.
SEAT_NAMES = (_l("North"), _l("East"), _l("South"), _l("West"))
#: The pack as the grid shows it: suit by suit (♠ ♥ ♦ ♣), high to low.
PACK = [card.code for card in full_pack()]
NO_TRUMP = "nt"
#: Meld points a pair could type in quick mode (all 52 cards as four trump runs: well below).
MOST_MELD_POINTS = 500
MOST_MELDS = 17

_SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_MELD_BREAKS = re.compile(r"[·•,;|/\n]+")
_JOKER_WORDS = frozenset({"JOKER", "JK", "*"})


def _hand_cap_field(label: Any) -> WholeNumberField:
    """After how many hands the leader wins (optional)."""
    return counted_field(
        label,
        sviten.MAX_HAND_CAP,
        _l("A hand cap is 1 to %(most)d hands, or empty.", most=sviten.MAX_HAND_CAP),
    )


class NewSvitenForm(NewGameForm):
    """Four names clockwise from North, the first dealer, and the options of the rulings."""

    seats = (
        _l("North (N)"),
        _l("East (E), on North's left"),
        _l("South (S), North's partner"),
        _l("West (W), East's partner"),
    )
    dealers = SEAT_NAMES
    slam_bonus = BooleanField(
        _l("Slam bonus: a pair that takes all 13 tricks adds 25"), default=True
    )
    failed_bid = RadioField(
        _l("Declarers who lay fewer melds than they bid"),
        choices=[
            SelectChoice("minus_bid", _l("score −10 × the bid")),
            SelectChoice("keep_points", _l("score tricks + melds − 10 × the bid")),
        ],
        default="minus_bid",
    )
    hand_cap = _hand_cap_field(_l("Hand cap"))
    no_trump_only = BooleanField(_l("No-trump only: every hand is played without trumps"))
    double_trump_runs = BooleanField(_l("Double-trump runs: runs in trumps count three times"))
    jokers = BooleanField(_l("Jokers: two wild cards, used only in melds"))
    open_last_three = BooleanField(
        _l("Open last three: the last three cards are played face up (changes no score)")
    )

    @property
    def switches(self) -> list[BooleanField]:
        """The on/off options, in the order the page shows them."""
        return [self.slam_bonus, self.no_trump_only, self.double_trump_runs, self.jokers]

    def options(self) -> sviten.Options:
        return sviten.Options(
            slam_bonus=bool(self.slam_bonus.data),
            failed_bid=self.failed_bid.data or "minus_bid",
            hand_cap=self.hand_cap.data,
            no_trump_only=bool(self.no_trump_only.data),
            open_last_three=bool(self.open_last_three.data),
            double_trump_runs=bool(self.double_trump_runs.data),
            jokers=bool(self.jokers.data),
        )

    def setup(self, first_dealer: int) -> sviten.Setup:
        north, east, south, west = self.names()
        return sviten.Setup(
            players=(north, east, south, west),
            first_dealer=first_dealer,
            options=self.options(),
        )


class SvitenBlankForm(BlankSheetForm):
    """A blank Sviten Special sheet (or rules card): optionally the four names (N, E, S, W)
    and the first dealer, a hand cap, and the paper. Its fields are named ``sv-…`` on the home
    page."""

    prefix = "sv"
    names_hint = _l("optional: prints the pairs and who deals")
    some_names = _l("Type all four names, or none for a sheet to fill in.")
    dealer_needs_names = _l("Type the four names to print who deals.")

    seats = (_l("North (N)"), _l("East (E)"), _l("South (S)"), _l("West (W)"))
    dealers = SEAT_NAMES
    hand_cap = _hand_cap_field(_l("Hand cap (optional)"))

    def setting_errors(self) -> dict[str, str]:
        return {"options": "hand_cap", "hand_cap": "hand_cap"}

    def settings(self) -> dict[str, Any]:
        return {"options": {"hand_cap": self.hand_cap.data}} if self.hand_cap.data else {}


def _count_field(most: int) -> WholeNumberField:
    return WholeNumberField(
        "",
        most=most,
        validators=[Optional(), NumberRange(0, most, _l("Type a number from 0 to %(n)d.", n=most))],
    )


def _jokers_field() -> RadioField:
    return RadioField(
        choices=[SelectChoice(str(n), str(n)) for n in range(3)],
        default="0",
        validators=[Optional()],
    )


def parse_melds_text(text: str) -> list[list[str]]:
    """Melds as players type them: ``7♣ 8♣ 9♣ · Q♥ Q♠ Q♦`` (or ``7C 8C 9C, QH QS QD``).

    Melds are separated by ``·``, commas, semicolons or new lines, cards by spaces; a joker is
    ``Joker`` or ``*``. Raises :class:`RuleError` naming a word that is not a card."""
    melds = []
    for part in _MELD_BREAKS.split(text or ""):
        words = part.split()
        if not words:
            continue
        meld = []
        for word in words:
            if word.upper() in _JOKER_WORDS:
                meld.append(JOKER)
                continue
            code = "".join(_SUIT_LETTERS.get(ch, ch) for ch in word)
            try:
                meld.append(parse_card(code).code)
            except ValueError:
                raise RuleError(
                    T_(
                        "“%(word)s” is not a card: write cards like 7♣ 10♥ Q♠ (or 7C 10H QS).",
                        word=word,
                    ),
                    field="melds",
                ) from None
        melds.append(meld)
    return melds


class CardsField(Field):
    """The cards of one pile, as a grid of 52 checkboxes each *named* by its card
    (``<input type=checkbox name=QS>``): the grid is most of the game page's markup, and a name
    per card spares it 52 ``name``/``value`` pairs. ``data``: the codes ticked, in pack order."""

    def process(self, formdata: Any, data: Any = unset_value, extra_filters: Any = None) -> None:
        super().process(None, data, extra_filters)
        if formdata is not None:
            self.data = [code for code in PACK if code in formdata]
            self.raw_data = list(self.data)


class SvitenHandForm(LogForm):
    """One hand: the bid, then one pair's captured cards (or quick mode), then the melds."""

    #: Where the engine's errors are shown (``error_slots`` hold the groups' messages).
    error_fields: ClassVar[dict[str, str]] = {"number": "", "options": "", "melds": "meld_points"}
    error_groups = ("captured", "jokers", "tricks", "meld_points", "meld_counts")

    declarer = RadioField(
        _l("Who won the bid?"),
        choices=[SelectChoice(str(seat), letter) for seat, letter in enumerate(sviten.SEATS)],
        validators=[InputRequired(_l("Choose who won the bid."))],
    )
    bid = RadioField(
        _l("Bid (melds)"),
        choices=[SelectChoice(str(n), str(n)) for n in range(sviten.MIN_BID, sviten.MAX_BID + 1)],
        validators=[InputRequired(_l("Choose the bid: how many melds, 1 to 6."))],
    )
    trump = RadioField(
        _l("Trumps"),
        choices=[
            *(SelectChoice(suit.record_name, suit.symbol) for suit in Suit),
            SelectChoice(NO_TRUMP, _l("No-trump")),
        ],
        validators=[Optional()],
    )
    pair = RadioField(
        _l("Whose cards are you tapping?"),
        choices=[SelectChoice("0", "N–S"), SelectChoice("1", "E–W")],
        validators=[Optional()],
    )
    cards = CardsField()
    jokers_0 = _jokers_field()
    jokers_1 = _jokers_field()
    # Quick mode: both pairs' tricks, meld points and meld counts typed in.
    tricks_0 = _count_field(sviten.TRICKS)
    tricks_1 = _count_field(sviten.TRICKS)
    points_0 = _count_field(MOST_MELD_POINTS)
    points_1 = _count_field(MOST_MELD_POINTS)
    melds_0 = _count_field(MOST_MELDS)
    melds_1 = _count_field(MOST_MELDS)
    # The proposal: the declarers' meld count, or the melds each pair typed.
    count = HiddenField()
    laid_0 = TextAreaField(validators=[Optional(), Length(max=600)])
    laid_1 = TextAreaField(validators=[Optional(), Length(max=600)])
    #: Which button sent the form: propose (the cards), record (the proposal), quick, edit.
    step = HiddenField()
    #: The first choice of the form: tap the cards, or type the numbers (quick mode).
    entry = RadioField(
        choices=[SelectChoice("cards", "cards"), SelectChoice("quick", "quick")],
        validate_choice=False,
    )

    # --- which step ----------------------------------------------------------------------

    @property
    def quick_fields(self) -> list[WholeNumberField]:
        return [
            self.tricks_0,
            self.tricks_1,
            self.points_0,
            self.points_1,
            self.melds_0,
            self.melds_1,
        ]

    @property
    def action(self) -> str:
        """``propose`` (cards tapped), ``quick`` (numbers typed), ``record`` (a proposal
        confirmed) or ``edit`` (back from a proposal to the cards).

        *Show the melds* (``propose``) writes nothing, whatever numbers quick mode still holds;
        it sends ``quick`` only with quick mode chosen, where it is not shown: that is the
        Enter key in one of quick mode's fields (the form's first button is the default).
        """
        step = self.step.data or ""
        if step in ("record", "edit", "quick"):
            return step
        if step == "propose":
            return "quick" if self.entry.data == "quick" else "propose"
        typed = any(field.data is not None for field in self.quick_fields)
        return "quick" if typed and not self.cards.data else "propose"

    def quick_chosen(self, refused: bool = False) -> bool:
        """Whether the page shows quick mode: as chosen, else when its numbers were typed
        (or ``refused``) and no card was tapped."""
        if self.entry.data in ("cards", "quick"):
            return bool(self.entry.data == "quick")
        typed = any(field.data is not None for field in self.quick_fields)
        return bool(typed or refused) and not self.cards.data

    @property
    def card_pair(self) -> int | None:
        return int(self.pair.data) if self.pair.data in ("0", "1") else None

    # --- reading it ----------------------------------------------------------------------

    def _trump(self, setup: sviten.Setup) -> str | None:
        if setup.options.no_trump_only:
            return None
        if not self.trump.data:
            raise RuleError(T_("Choose trumps, or no-trump."), field="trump")
        return None if self.trump.data == NO_TRUMP else self.trump.data

    def _jokers(self, setup: sviten.Setup) -> dict[str, Any]:
        if not setup.options.jokers:
            return {}
        counts = [int(f.data) if f.data in ("0", "1", "2") else 0 for f in self.jokers_fields]
        return {"jokers": counts} if any(counts) else {}

    @property
    def jokers_fields(self) -> list[RadioField]:
        return [self.jokers_0, self.jokers_1]

    def bid_data(self, setup: sviten.Setup) -> dict[str, Any]:
        """The final bid in the record format (``declarer``, ``bid``, ``trump``)."""
        return {
            "declarer": int(self.declarer.data),
            "bid": int(self.bid.data),
            "trump": self._trump(setup),
        }

    def pile(self) -> tuple[int, list[str]]:
        """The pair whose cards were tapped, and those cards (codes, in pack order)."""
        chosen = set(self.cards.data or ())
        if not chosen:
            raise RuleError(
                T_("Tap the cards one pair captured (or choose quick entry at the top)."),
                field="captured",
            )
        pair = self.card_pair
        if pair is None:
            raise RuleError(T_("Whose cards are these? Choose N–S or E–W."), field="captured")
        return pair, [code for code in PACK if code in chosen]

    def cards_data(self, setup: sviten.Setup) -> dict[str, Any]:
        """The hand with the captured cards (the melds left to the engine)."""
        pair, cards = self.pile()
        captured: list[list[str] | None] = [None, None]
        captured[pair] = cards
        return {**self.bid_data(setup), "captured": captured, **self._jokers(setup)}

    def quick_data(self, setup: sviten.Setup) -> dict[str, Any]:
        """The hand in quick mode: tricks, meld points and meld counts typed in."""
        tricks = [self.tricks_0.data, self.tricks_1.data]
        points = [self.points_0.data, self.points_1.data]
        counts = [self.melds_0.data, self.melds_1.data]
        if None in tricks:
            raise RuleError(T_("Enter both pairs' tricks: 13 in all."), field="tricks")
        for pair, name in enumerate(sviten.PAIR_NAMES):
            if points[pair] is None:
                raise RuleError(
                    T_("Enter %(pair)s's meld points (0 for none).", pair=name),
                    field="meld_points",
                )
            if counts[pair] is None:
                raise RuleError(
                    T_("Enter how many melds %(pair)s laid (0 for none).", pair=name),
                    field="meld_counts",
                )
        return {
            **self.bid_data(setup),
            "tricks": tricks,
            "meld_points": points,
            "meld_counts": counts,
            **self._jokers(setup),
        }

    @property
    def laid_fields(self) -> list[TextAreaField]:
        return [self.laid_0, self.laid_1]

    def laid_given(self, pair: int) -> bool:
        """Did the proposal page send this pair's melds text (not the first step)?"""
        return bool(self.laid_fields[pair].raw_data)

    def typed_melds(
        self, pair: int, proposed: tuple[tuple[str, ...], ...], hand: sviten.Hand, setup: Any
    ) -> list[list[str]] | None:
        """The melds the players typed for ``pair``, checked against its cards; None when the
        text still says what was proposed."""
        field = self.laid_fields[pair]
        if not self.laid_given(pair):
            return None
        try:
            melds = parse_melds_text(field.data or "")
        except RuleError as error:
            raise RuleError(error.text, field=field.name) from None
        if sorted(map(sorted, melds)) == sorted(map(sorted, proposed)):
            return None
        assert hand.captured is not None
        try:
            meld_points(
                melds,
                hand.trump,
                trump_run_factor=setup.options.trump_run_factor,
                cards=hand.captured[pair],
                jokers=hand.jokers[pair],
                owner=sviten.PAIR_NAMES[pair],
            )
        except RuleError as error:
            raise RuleError(error.text, field=field.name) from None
        return melds

    def chosen_count(self) -> int | None:
        return whole_number(self.count.data or "", negative=True)

    # --- filling it ----------------------------------------------------------------------

    def fill(self, result: sviten.HandResult) -> None:
        """Prefill with an entered hand (to correct it): the declarers' pile when the cards
        were entered, else the numbers of quick mode."""
        hand = result.hand
        self.declarer.data = str(hand.declarer)
        self.bid.data = str(hand.bid)
        self.trump.data = hand.trump.record_name if hand.trump else NO_TRUMP
        for field, count in zip(self.jokers_fields, hand.jokers, strict=True):
            field.data = str(count)
        self.entry.data = "cards" if hand.captured is not None else "quick"
        if hand.captured is not None:
            pair = hand.declarers
            self.pair.data = str(pair)
            self.cards.data = [card.code for card in hand.captured[pair]]
            return
        self.tricks_0.data, self.tricks_1.data = result.tricks
        self.points_0.data, self.points_1.data = result.meld_points
        self.melds_0.data, self.melds_1.data = result.meld_counts

    def summary(self, players: tuple[str, ...]) -> str:
        """What the player entered, in a few words (for the conflict banner)."""
        parts = []
        if self.declarer.data in ("0", "1", "2", "3") and self.bid.data:
            seat = int(self.declarer.data)
            trump = (
                _("no-trump")
                if self.trump.data in (None, "", NO_TRUMP)
                else Suit.from_name(self.trump.data).symbol
            )
            parts.append(
                _(
                    "%(name)s bid %(bid)s %(trump)s",
                    name=players[seat],
                    bid=self.bid.data,
                    trump=trump,
                )
            )
        if self.cards.data and self.card_pair is not None:
            parts.append(
                _(
                    "%(n)d cards of %(pair)s",
                    n=len(self.cards.data),
                    pair=say_here(sviten.PAIR_NAMES[self.card_pair]),
                )
            )
        tricks = [self.tricks_0.data, self.tricks_1.data]
        if tricks != [None, None]:
            shown = " / ".join("–" if t is None else str(t) for t in tricks)
            parts.append(_("tricks %(tricks)s", tricks=shown))
        return " · ".join(parts) or "–"
