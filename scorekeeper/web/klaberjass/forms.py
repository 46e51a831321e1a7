"""The Klaberjass pages' forms: a new game, and one hand in the order things happen at the
table. The rules that turn what was entered into a hand record live in the engine
(:mod:`scorekeeper.games.klaberjass.entry`); these only hold the fields."""

from __future__ import annotations

from typing import Any, ClassVar

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import Field, RadioField, SelectField, SelectMultipleField
from wtforms.validators import NumberRange, Optional

from scorekeeper.games import klaberjass
from scorekeeper.games.cards import Card, Suit
from scorekeeper.games.klaberjass import entry as klaberjass_entry
from scorekeeper.web.forms import (
    SUIT_CHOICES,
    LogForm,
    SelectChoice,
    WholeNumberField,
    counted_field,
)
from scorekeeper.web.setup_forms import BlankSheetForm, NewGameForm

#: The seats as the forms name them.
SEATS = (_l("First player"), _l("Second player"))


def _target_field(*, required: Any = None) -> WholeNumberField:
    """The points to play to (required when ``required`` says what to ask)."""
    return counted_field(
        _l("Play to"),
        klaberjass.MAX_TARGET,
        _l("Play to a number from 1 to %(most)d.", most=klaberjass.MAX_TARGET),
        required=required,
        default=klaberjass.DEFAULT_TARGET,
    )


class NewKlaberjassForm(NewGameForm):
    seats = SEATS
    target = _target_field(required=_l("Enter the points to play to."))

    def setup(self, first_dealer: int) -> klaberjass.Setup:
        first, second = self.names()
        target = self.target.data
        assert target is not None  # the form was validated: InputRequired
        return klaberjass.Setup(
            players=(first, second),
            first_dealer=first_dealer,
            options=klaberjass.Options(target=target),
        )


class KlaberjassBlankForm(BlankSheetForm):
    """A blank Klaberjass sheet (or rules card): optionally the names and the first dealer,
    the target and the paper. Its fields are named ``kj-…`` on the home page."""

    prefix = "kj"
    some_names = _l("Type both names, or none for a sheet to fill in.")
    dealer_needs_names = _l("Type the two names to print who deals.")

    seats = SEATS
    target = _target_field()

    def setting_errors(self) -> dict[str, str]:
        return {"target": "target", "options": "target"}

    def settings(self) -> dict[str, Any]:
        return {"options": {"target": self.target.data or klaberjass.DEFAULT_TARGET}}


#: Sequence rows per player. The page shows two; a third (three runs of three: rare) only when
#: a correction needs it.
RUN_ROWS = 3
RUN_LENGTHS = [SelectChoice("", "–"), *(SelectChoice(str(n), str(n)) for n in range(3, 9))]
RUN_SUITS = [SelectChoice("", "–"), *(SelectChoice(suit.symbol, suit.symbol) for suit in Suit)]
#: A run's top card: the lowest three-card run is 9 8 7.
RUN_TOPS = [SelectChoice("", "–"), *(SelectChoice(r, r) for r in klaberjass.PACK_RANKS[:6])]
#: The captured-cards lists send each card as it is shown (A♠, 10♥): 32 short options twice.
PACK_CHOICES = [SelectChoice(card.label, card.label) for card in klaberjass.pack()]
MOST_CARD_POINTS = klaberjass.max_card_points(Suit.SPADES)  # the same whatever the trumps
MAKER_THROWN_IN = "thrown"


def _codes(labels: list[str] | None) -> list[str]:
    """Card codes (``10H``) of cards as the page shows them (``10♥``)."""
    return [Card(label[:-1], Suit.from_name(label[-1])).code for label in labels or []]


def _seat(value: str | None) -> int | None:
    return int(value) if value in ("0", "1") else None


class HandForm(LogForm):
    """One Klaberjass hand, in the order things happen at the table: who made trumps (or thrown
    in), trumps, the sequences each player declared, bella, the last trick, and each player's
    card points, typed or counted from the cards they captured."""

    #: Where the engine's errors are shown: the card points under both fields; sequences and
    #: captured cards beside their whole group (``error_slots``, made per form).
    error_fields: ClassVar[dict[str, str]] = {
        "card_points": "card_points_1",
        "thrown_in": "maker",
        "hand": "maker",
    }
    error_groups = ("sequences", "captured")

    maker = RadioField(
        _l("Who made trumps?"),
        choices=[
            SelectChoice("0", "0"),
            SelectChoice("1", "1"),
            SelectChoice(MAKER_THROWN_IN, _l("Thrown in")),
        ],
        validators=[Optional()],
    )
    trump = RadioField(_l("Trumps"), choices=SUIT_CHOICES, validators=[Optional()])
    bella = RadioField(
        _l("Bella"),
        choices=[SelectChoice("", _l("Nobody")), SelectChoice("0", "0"), SelectChoice("1", "1")],
        default="",
        validators=[Optional()],
    )
    last_trick = RadioField(
        _l("Last trick"),
        choices=[SelectChoice("0", "0"), SelectChoice("1", "1")],
        validators=[Optional()],
    )
    # Too many card points are the rules' to refuse: they name the player and the most.
    card_points_0 = WholeNumberField(
        "0",
        most=MOST_CARD_POINTS,
        validators=[Optional(), NumberRange(min=0, message=_l("Card points cannot be negative."))],
    )
    card_points_1 = WholeNumberField(
        "1",
        most=MOST_CARD_POINTS,
        validators=[Optional(), NumberRange(min=0, message=_l("Card points cannot be negative."))],
    )
    # The cards each player captured: a multiple select (phones show it as a list to tick);
    # static/klaberjass.js turns it into a grid of card tiles.
    captured_0 = SelectMultipleField(choices=PACK_CHOICES, name="c0")
    captured_1 = SelectMultipleField(choices=PACK_CHOICES, name="c1")

    # --- reading it ---------------------------------------------------------------------

    def run_fields(self, seat: int, row: int) -> tuple[Field, Field, Field]:
        prefix = f"run_{seat}_{row}_"
        return (self[prefix + "length"], self[prefix + "suit"], self[prefix + "top"])

    def run_rows(self, seat: int) -> list[tuple[Field, Field, Field]]:
        """The rows the page shows: two, and a third when it holds something."""
        rows = [self.run_fields(seat, row) for row in range(RUN_ROWS)]
        return [r for i, r in enumerate(rows) if i < 2 or any(f.data for f in r)]

    @property
    def thrown_in(self) -> bool:
        return bool(self.maker.data == MAKER_THROWN_IN)

    def _trump_suit(self) -> Suit | None:
        try:
            return Suit.from_name(self.trump.data) if self.trump.data else None
        except ValueError:
            return None

    def _run(self, seat: int, row: int) -> tuple[str, str, str]:
        """A sequence row as (length, suit, top); an empty row when its length is "none" (its
        suit and top card are hidden then, and may still hold what was tapped before)."""
        length, suit, top = (f.data or "" for f in self.run_fields(seat, row))
        return (length, suit, top) if length else ("", "", "")

    def hand_data(self, players: tuple[str, str]) -> dict[str, Any]:
        """The hand in the record format the engine reads (``klaberjass.parse_hand``): the
        entries as typed and tapped, turned into cards and points by
        :func:`scorekeeper.games.klaberjass.entry.hand_record` (RuleError, with the field it
        belongs to, for what cannot be asked of the engine)."""
        return klaberjass_entry.hand_record(
            thrown_in=self.thrown_in,
            maker=_seat(self.maker.data),
            trump=self.trump.data or None,
            bella=_seat(self.bella.data),
            last_trick=_seat(self.last_trick.data),
            runs=[[self._run(seat, row) for row in range(RUN_ROWS)] for seat in range(2)],
            piles=[_codes(self.captured_0.data), _codes(self.captured_1.data)],
            typed=[self.card_points_0.data, self.card_points_1.data],
            players=players,
        )

    # --- filling it -----------------------------------------------------------------------

    def fill(self, hand: klaberjass.Hand) -> None:
        """Prefill with an entered hand (to correct it)."""
        if hand.thrown_in:
            self.maker.data = MAKER_THROWN_IN
            return
        self.maker.data = str(hand.maker)
        self.trump.data = hand.trump.record_name if hand.trump else None
        for seat, runs in enumerate(hand.sequences):
            for row, run in enumerate(runs[:RUN_ROWS]):
                length, suit, top = self.run_fields(seat, row)
                length.data, suit.data, top.data = (
                    str(run.length),
                    run.suit.symbol,
                    run.top.rank,
                )
        self.bella.data = "" if hand.bella is None else str(hand.bella)
        self.last_trick.data = None if hand.last_trick is None else str(hand.last_trick)
        if hand.card_points is not None:
            self.card_points_0.data, self.card_points_1.data = hand.card_points
        if hand.captured is not None:
            self.captured_0.data = [card.label for card in hand.captured[0]]
            self.captured_1.data = [card.label for card in hand.captured[1]]
            if hand.card_points is None:
                self.card_points_0.data, self.card_points_1.data = hand.points

    def summary(self, players: tuple[str, str]) -> str:
        """What the player entered, in a few words (for the conflict banner)."""
        if self.thrown_in:
            return str(_("thrown in"))
        parts = []
        maker = _seat(self.maker.data)
        if maker is not None:
            suit = self._trump_suit()
            parts.append(
                _(
                    "%(name)s made trumps %(suit)s",
                    name=players[maker],
                    suit=suit.symbol if suit else "",
                )
            )
        typed = [self.card_points_0.data, self.card_points_1.data]
        if typed != [None, None]:
            shown = " / ".join("–" if t is None else str(t) for t in typed)
            parts.append(_("card points %(points)s", points=shown))
        last = _seat(self.last_trick.data)
        if last is not None:
            parts.append(_("last trick %(name)s", name=players[last]))
        return " · ".join(parts) or "–"


def _add_run_fields(form: type[HandForm]) -> None:
    """run_<seat>_<row>_length, _suit and _top: one declared sequence per row (named
    ``run<seat><row>l``, ``…s``, ``…t`` in the page: twelve selects add up)."""
    for seat in range(2):
        for row in range(RUN_ROWS):
            prefix, short = f"run_{seat}_{row}_", f"run{seat}{row}"
            for part, choices in (("length", RUN_LENGTHS), ("suit", RUN_SUITS), ("top", RUN_TOPS)):
                field = SelectField(choices=choices, default="", name=short + part[0])
                setattr(form, prefix + part, field)


_add_run_fields(HandForm)
