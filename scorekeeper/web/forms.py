"""Forms for every page. Every POST carries a CSRF token (Flask-WTF) and, on a game page, the
log position it was based on (``seq``), so a stale form becomes a conflict instead of a guess."""

from __future__ import annotations

from typing import ClassVar

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import (
    BooleanField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange, Optional, StopValidation
from wtforms.widgets import NumberInput

from scorekeeper.games import klaberjass
from scorekeeper.games.bismarck import OPTIONS, Contract, Variant
from scorekeeper.games.cards import Card, Suit
from scorekeeper.games.events import RuleError
from scorekeeper.games.players import MAX_NAME_LENGTH

SUIT_CHOICES = [SelectChoice(suit.record_name, suit.symbol) for suit in Suit]


class WholeNumberField(IntegerField):
    """An integer field whose error a player understands, with a numeric keypad on phones;
    ``most`` is the largest number it takes (16 tricks by default)."""

    widget = NumberInput(min=0, max=16)

    def __init__(self, *args, most: int = 16, **kwargs):
        kwargs.setdefault("render_kw", {"inputmode": "numeric", "pattern": "[0-9]*"})
        super().__init__(*args, **kwargs)
        self.most = most
        if most != 16:
            self.widget = NumberInput(min=0, max=most)

    def pre_validate(self, form):
        if self.process_errors:  # not a number: that is the one thing to say
            raise StopValidation()

    def process_formdata(self, valuelist):
        if not valuelist or valuelist[0].strip() == "":
            self.data = None
            return
        try:
            self.data = int(valuelist[0].strip())
        except ValueError:
            self.data = None
            raise ValueError(
                _l("Type a whole number from 0 to %(most)d.", most=self.most)
            ) from None


class NewBismarckForm(FlaskForm):
    player_0 = StringField(
        _l("First player"),
        validators=[InputRequired(_l("Enter a name.")), Length(max=MAX_NAME_LENGTH)],
    )
    player_1 = StringField(
        _l("Second player (on the first's left)"),
        validators=[InputRequired(_l("Enter a name.")), Length(max=MAX_NAME_LENGTH)],
    )
    player_2 = StringField(
        _l("Third player"),
        validators=[InputRequired(_l("Enter a name.")), Length(max=MAX_NAME_LENGTH)],
    )
    variant = RadioField(
        _l("Rules"),
        choices=[
            SelectChoice(
                Variant.MODERN.value, _l("Modern: 12 deals, forehand chooses any unused contract")
            ),
            SelectChoice(
                Variant.CLASSIC.value, _l("Classic 1949: 9 deals, Trumf, Sang, Noll in fixed order")
            ),
            SelectChoice(
                Variant.BRITISH.value, _l("British: each deals four in a row and declares")
            ),
        ],
        default=Variant.MODERN.value,
    )
    first_dealer = RadioField(
        _l("First dealer"),
        choices=[
            SelectChoice("random", _l("Draw at random")),
            SelectChoice("0", _l("First player")),
            SelectChoice("1", _l("Second player")),
            SelectChoice("2", _l("Third player")),
        ],
        default="random",
    )
    see_all_cards = BooleanField(OPTIONS["see_all_cards"])
    other_face_up = BooleanField(OPTIONS["other_face_up"])
    must_trump = BooleanField(OPTIONS["must_trump"])

    @property
    def option_fields(self):
        return [self[name] for name in OPTIONS]


class ErrorSlot:
    """A place for the errors of a group of fields (a form's ``error_slots``): the engine's
    ``sequences`` or ``captured``, shown once beside the whole group."""

    def __init__(self) -> None:
        self.errors: list[str] = []


class LogForm(FlaskForm):
    """What every game action carries: the log position and the deal it is about."""

    seq = HiddenField()
    deal = HiddenField()

    def based_on(self) -> int:
        try:
            return int(self.seq.data)
        except (TypeError, ValueError):
            return -1

    def deal_number(self) -> int | None:
        try:
            return int(self.deal.data)
        except (TypeError, ValueError):
            return None


class AnnounceForm(LogForm):
    contract = RadioField(
        _l("Contract"),
        choices=[SelectChoice(c.value, c.display) for c in Contract],
        validators=[InputRequired(_l("Choose a contract."))],
    )
    trump = RadioField(_l("Trumps"), choices=SUIT_CHOICES, validators=[Optional()])


def _tricks_field(position: str, *, required: bool = True) -> WholeNumberField:
    first = InputRequired(_l("Enter the tricks.")) if required else Optional()
    return WholeNumberField(
        position, validators=[first, NumberRange(0, 16, _l("Tricks are from 0 to 16."))]
    )


class RecordForm(LogForm):
    #: The engine's ``tricks`` errors are shown under the last tricks field, below all three.
    error_fields: ClassVar[dict[str, str]] = {"tricks": "tricks_2"}

    tricks_0 = _tricks_field("0")
    tricks_1 = _tricks_field("1")
    tricks_2 = _tricks_field("2")

    @property
    def tricks_fields(self):
        return [self.tricks_0, self.tricks_1, self.tricks_2]

    def tricks(self) -> list[int | None]:
        return [field.data for field in self.tricks_fields]


class RedealForm(LogForm):
    trump = RadioField(_l("New trumps"), choices=SUIT_CHOICES, validators=[Optional()])


class CorrectForm(RecordForm):
    """Tricks may stay empty when the deal being corrected is still in play."""

    tricks_0 = _tricks_field("0", required=False)
    tricks_1 = _tricks_field("1", required=False)
    tricks_2 = _tricks_field("2", required=False)
    contract = RadioField(
        _l("Contract"),
        choices=[SelectChoice(c.value, c.display) for c in Contract],
        validators=[InputRequired(_l("Choose a contract."))],
    )
    trump = RadioField(_l("Trumps"), choices=SUIT_CHOICES, validators=[Optional()])


class UndoForm(LogForm):
    pass


class ImportForm(FlaskForm):
    """Upload a game record (``docs/records.md``) to start a new game from it."""

    record = FileField(
        _l("Record file (JSON)"),
        validators=[FileRequired(_l("Choose a record file to import."))],
    )


# --- Klaberjass -------------------------------------------------------------------------------


class NewKlaberjassForm(FlaskForm):
    player_0 = StringField(
        _l("First player"),
        validators=[InputRequired(_l("Enter a name.")), Length(max=MAX_NAME_LENGTH)],
    )
    player_1 = StringField(
        _l("Second player"),
        validators=[InputRequired(_l("Enter a name.")), Length(max=MAX_NAME_LENGTH)],
    )
    first_dealer = RadioField(
        _l("First dealer"),
        choices=[
            SelectChoice("random", _l("Draw at random")),
            SelectChoice("0", _l("First player")),
            SelectChoice("1", _l("Second player")),
        ],
        default="random",
    )
    target = WholeNumberField(
        _l("Play to"),
        most=klaberjass.MAX_TARGET,
        default=klaberjass.DEFAULT_TARGET,
        validators=[
            InputRequired(_l("Enter the points to play to.")),
            NumberRange(
                1,
                klaberjass.MAX_TARGET,
                _l("Play to a number from 1 to %(most)d.", most=klaberjass.MAX_TARGET),
            ),
        ],
    )


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


def _count(codes: list[str], trump: Suit) -> int:
    """The card points of captured cards (codes), with ``trump`` as trumps."""
    cards = [Card(code[:-1], Suit(code[-1])) for code in codes]
    return klaberjass.count_card_points(cards, trump)


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
    card_points_0 = WholeNumberField(
        "0",
        most=MOST_CARD_POINTS,
        validators=[Optional(), NumberRange(0, 999, _l("Card points cannot be negative."))],
    )
    card_points_1 = WholeNumberField(
        "1",
        most=MOST_CARD_POINTS,
        validators=[Optional(), NumberRange(0, 999, _l("Card points cannot be negative."))],
    )
    # The cards each player captured: a multiple select (phones show it as a list to tick);
    # static/klaberjass.js turns it into a grid of card tiles.
    captured_0 = SelectMultipleField(choices=PACK_CHOICES, name="c0")
    captured_1 = SelectMultipleField(choices=PACK_CHOICES, name="c1")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.error_slots = {"sequences": ErrorSlot(), "captured": ErrorSlot()}

    # --- reading it ---------------------------------------------------------------------

    def run_fields(self, seat: int, row: int) -> tuple[SelectField, SelectField, SelectField]:
        prefix = f"run_{seat}_{row}_"
        return (self[prefix + "length"], self[prefix + "suit"], self[prefix + "top"])

    def run_rows(self, seat: int) -> list[tuple[SelectField, SelectField, SelectField]]:
        """The rows the page shows: two, and a third when it holds something."""
        rows = [self.run_fields(seat, row) for row in range(RUN_ROWS)]
        return [r for i, r in enumerate(rows) if i < 2 or any(f.data for f in r)]

    @property
    def thrown_in(self) -> bool:
        return self.maker.data == MAKER_THROWN_IN

    def _runs(self, seat: int, name: str) -> list[list[str]]:
        runs = []
        for row in range(RUN_ROWS):
            length, suit, top = (f.data or "" for f in self.run_fields(seat, row))
            if not (length or suit or top):
                continue
            if not (length and suit and top):
                raise RuleError(
                    _("Choose the length, suit and top card of %(name)s's sequence.", name=name),
                    field="sequences",
                )
            n, start = int(length), klaberjass.PACK_RANKS.index(top)
            if start + n > len(klaberjass.PACK_RANKS):
                lowest = klaberjass.PACK_RANKS[len(klaberjass.PACK_RANKS) - n]
                raise RuleError(
                    _(
                        "%(name)s's %(n)d-card run cannot start at the %(top)s: the top card of "
                        "a run of %(n)d is %(lowest)s or higher.",
                        name=name,
                        n=n,
                        top=top,
                        lowest=lowest,
                    ),
                    field="sequences",
                )
            cards = klaberjass.PACK_RANKS[start : start + n]
            runs.append([Card(rank, Suit.from_name(suit)).code for rank in cards])
        return runs

    def _trump_suit(self) -> Suit | None:
        try:
            return Suit.from_name(self.trump.data) if self.trump.data else None
        except ValueError:
            return None

    def _card_points(self, players: tuple[str, str]) -> dict[str, list]:
        """Card points typed, or counted from the cards captured, per player (the engine checks
        them). Both piles tapped: the record keeps the cards. One pile: its count and the other
        player's typed number."""
        piles = [_codes(self.captured_0.data), _codes(self.captured_1.data)]
        typed = [self.card_points_0.data, self.card_points_1.data]
        trump = self._trump_suit()
        if piles[0] and piles[1]:
            if typed == [None, None] or trump is None:
                return {"captured": piles}
            # A number typed beside tapped cards must match them (the engine checks).
            counted = [_count(pile, trump) for pile in piles]
            points = [counted[i] if t is None else t for i, t in enumerate(typed)]
            return {"captured": piles, "card_points": points}
        if not (piles[0] or piles[1]):
            if typed[0] is None and typed[1] is None:
                return {}  # the engine asks for them
            missing = typed.index(None) if None in typed else None
            if missing is not None:
                raise RuleError(
                    _(
                        "Enter %(name)s's card points, or tap the cards %(name)s captured.",
                        name=players[missing],
                    ),
                    field="card_points",
                )
            return {"card_points": typed}
        seat = 0 if piles[0] else 1
        other = 1 - seat
        name = players[seat]
        if len(piles[seat]) % 2:
            raise RuleError(
                _(
                    "%(name)s captured %(n)d cards, but tricks have two cards each: it must be "
                    "an even number.",
                    name=name,
                    n=len(piles[seat]),
                ),
                field="captured",
            )
        points = list(typed)
        if trump is not None:
            counted = _count(piles[seat], trump)
            if typed[seat] is not None and typed[seat] != counted:
                raise RuleError(
                    _(
                        "%(name)s's card points (%(typed)d) do not match the cards %(name)s "
                        "captured (%(counted)d).",
                        name=name,
                        typed=typed[seat],
                        counted=counted,
                    ),
                    field="card_points",
                )
            points[seat] = counted
        if typed[other] is None:
            raise RuleError(
                _(
                    "Enter %(name)s's card points, or tap the cards %(name)s captured.",
                    name=players[other],
                ),
                field="card_points",
            )
        return {"card_points": points}

    def hand_data(self, players: tuple[str, str]) -> dict:
        """The hand in the record format the engine reads (``klaberjass.parse_hand``).

        Raises :class:`RuleError` (with the field it belongs to) for what the engine cannot be
        asked: an incomplete sequence row, a run that falls off the bottom of the pack, card
        points to take from one player's cards. Mistakes are reported in table order: while the
        maker, trumps or the last trick are missing, the engine says so first.
        """
        if self.thrown_in:
            return {"thrown_in": True}
        data = {
            "maker": _seat(self.maker.data),
            "trump": self.trump.data or None,
            "bella": _seat(self.bella.data),
            "last_trick": _seat(self.last_trick.data),
        }
        if data["maker"] is None or data["trump"] is None:
            return data
        data["sequences"] = [self._runs(seat, players[seat]) for seat in range(2)]
        if data["last_trick"] is None:
            return data
        return {**data, **self._card_points(players)}

    # --- filling it -----------------------------------------------------------------------

    def fill(self, hand: klaberjass.Hand) -> None:
        """Prefill with a recorded hand (to correct it)."""
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
            return _("thrown in")
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
