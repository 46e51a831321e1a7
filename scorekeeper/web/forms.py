"""Forms for every page. Every POST carries a CSRF token (Flask-WTF) and, on a game page, the
log position it was based on (``seq``), so a stale form becomes a conflict instead of a guess."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import BooleanField, HiddenField, IntegerField, RadioField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange, Optional
from wtforms.widgets import NumberInput

from scorekeeper.games.bismarck import MAX_NAME_LENGTH, OPTIONS, Contract, Variant
from scorekeeper.games.cards import Suit

SUIT_CHOICES = [SelectChoice(suit.record_name, suit.symbol) for suit in Suit]


class WholeNumberField(IntegerField):
    """An integer field whose error a player understands, with a numeric keypad on phones."""

    widget = NumberInput(min=0, max=16)

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("render_kw", {"inputmode": "numeric", "pattern": "[0-9]*"})
        super().__init__(*args, **kwargs)

    def process_formdata(self, valuelist):
        if not valuelist or valuelist[0].strip() == "":
            self.data = None
            return
        try:
            self.data = int(valuelist[0].strip())
        except ValueError:
            self.data = None
            raise ValueError(_l("Type a whole number from 0 to 16.")) from None


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
