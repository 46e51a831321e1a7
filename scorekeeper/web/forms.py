"""What every game's forms share. Every POST carries a CSRF token (Flask-WTF) and, on a game
page, the log position it was based on (``seq``), so a stale form becomes a conflict instead of a
guess. A game's own forms live in its package (``web/<kind>/forms.py``) and build on these."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from babel import support
from flask_babel import get_locale
from flask_babel import lazy_gettext as _l
from flask_wtf.file import FileField, FileRequired
from wtforms import (
    Field,
    Form,
    HiddenField,
    IntegerField,
    RadioField,
    StringField,
)
from wtforms.form import BaseForm
from wtforms.i18n import messages_path
from wtforms.validators import InputRequired, Length, NumberRange, Optional, StopValidation
from wtforms.widgets import NumberInput

from scorekeeper.games.cards import Suit
from scorekeeper.games.players import MAX_NAME_LENGTH

if TYPE_CHECKING:
    from markupsafe import Markup

    class FlaskForm(Form):
        """Flask-WTF's form (it ships no types): a WTForms form that reads the request and
        checks its CSRF token."""

        def is_submitted(self) -> bool: ...

        def validate_on_submit(self, extra_validators: Any = None) -> bool: ...

        def hidden_tag(self, *fields: Any) -> Markup: ...

    class SelectChoice(NamedTuple):
        """A choice of a radio or select field (WTForms 3.3; its stubs are 3.2's, without it):
        its value and its label, as the forms here give them."""

        value: Any
        label: Any
else:
    from flask_wtf import FlaskForm
    from wtforms.fields.choices import SelectChoice

SUIT_CHOICES = [SelectChoice(suit.record_name, suit.symbol) for suit in Suit]


@lru_cache(maxsize=16)
def _wtforms_catalogue(locale: str) -> support.NullTranslations:
    return support.Translations.load(messages_path(), [locale], domain="wtforms")


class _FormWords:
    """WTForms' own messages ("Not a valid choice") in this request's language. Flask-WTF
    reads WTForms' catalogue from disk on every request; this reads it once per language."""

    def gettext(self, string: str) -> str:
        return _wtforms_catalogue(str(get_locale())).ugettext(string)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return _wtforms_catalogue(str(get_locale())).ungettext(singular, plural, n)


FORM_WORDS = _FormWords()


class AppForm(FlaskForm):
    """Every POSTed form of the app: Flask-WTF (CSRF) with WTForms' words cached."""

    class Meta:
        def get_translations(self, form: Any) -> _FormWords:
            return FORM_WORDS


class WholeNumberField(IntegerField):
    """An integer field whose error a player understands, with a numeric keypad on phones;
    ``most`` is the largest number it takes (16 tricks by default)."""

    widget = NumberInput(min=0, max=16)

    def __init__(self, *args: Any, most: int = 16, **kwargs: Any) -> None:
        kwargs.setdefault("render_kw", {"inputmode": "numeric", "pattern": "[0-9]*"})
        super().__init__(*args, **kwargs)
        self.most = most
        if most != 16:
            self.widget = NumberInput(min=0, max=most)

    def pre_validate(self, form: BaseForm) -> None:
        if self.process_errors:  # not a number: that is the one thing to say
            raise StopValidation()

    def process_formdata(self, valuelist: Sequence[str]) -> None:
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


def counted_field(
    label: Any, most: int, out_of_range: Any, *, required: Any = None, default: int | None = None
) -> WholeNumberField:
    """A whole number from 1 to ``most`` (``out_of_range`` says so otherwise): required, with
    the message ``required``, or else optional."""
    given = InputRequired(required) if required is not None else Optional()
    return WholeNumberField(
        label, most=most, default=default, validators=[given, NumberRange(1, most, out_of_range)]
    )


def name_field(label: Any) -> StringField:
    """A player's name: required, as long as the engines allow."""
    return StringField(
        label, validators=[InputRequired(_l("Enter a name.")), Length(max=MAX_NAME_LENGTH)]
    )


def first_dealer_field(seats: Sequence[Any], *, draw: bool = True) -> RadioField:
    """Who deals first: a draw (when ``draw``) or one of the seats, named by ``seats``."""
    choices = [SelectChoice("random", _l("Draw at random"))] if draw else []
    choices += [SelectChoice(str(seat), label) for seat, label in enumerate(seats)]
    return RadioField(_l("First dealer"), choices=choices, default="random" if draw else None)


class NewGameForm(AppForm):
    """A new game: the names in seat order (``player_0`` …), the first dealer (or a draw) and the
    game's options. A game's form adds its fields and says how they make its setup."""

    #: Who deals first (each game's form gives its seats: :func:`first_dealer_field`).
    first_dealer: RadioField

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The engine's ``players`` errors are shown under the last name.
        self.error_fields = {"players": self.player_fields[-1].name}

    @property
    def player_fields(self) -> list[Field]:
        return [field for field in self if field.name.startswith("player_")]

    def names(self) -> tuple[str, ...]:
        return tuple(field.data or "" for field in self.player_fields)

    def setup(self, first_dealer: int) -> Any:
        """The game's setup (its engine's ``Setup``: RuleError when the rules refuse it)."""
        raise NotImplementedError


class BlankSheetForm(Form):
    """A sheet (or rules card) to fill in by hand, read from the query string: optionally the
    names in seat order (``player_0`` …) and the first dealer, the game's settings, the paper.
    A game's form adds its name fields and settings, and says what its settings are in the
    record form of its setup. Its ``prefix`` names its fields on the home page, which shows
    every game's form (``kj-target``); the game without one has the address ``/print/blank``.
    """

    #: What typing the names adds to the sheet.
    names_hint: ClassVar[Any] = _l("optional: prints who deals")
    #: Said when only some names were typed, and when a first dealer was chosen without them.
    some_names: ClassVar[Any] = _l("Type all the names, or none for a sheet to fill in.")
    dealer_needs_names: ClassVar[Any] = _l("Type the names to print who deals.")
    prefix: ClassVar[str] = ""
    #: Who deals first (each game's form gives its seats: :func:`blank_first_dealer_field`).
    first_dealer: RadioField

    class Meta:
        def get_translations(self, form: Any) -> _FormWords:
            return FORM_WORDS

    paper = RadioField(
        _l("Paper"),
        choices=[SelectChoice("a4", _l("A4")), SelectChoice("letter", _l("US Letter"))],
        default="a4",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", self.prefix)
        super().__init__(*args, **kwargs)
        #: The engine's errors: ``players`` under the last name, settings beside their field.
        self.error_fields = {"players": self.player_fields[-1].short_name, **self.setting_errors()}

    @property
    def player_fields(self) -> list[Field]:
        return [field for field in self if field.short_name.startswith("player_")]

    @property
    def setting_fields(self) -> list[Field]:
        """The game's own fields, in the order the form shows them."""
        shared = {"paper", "first_dealer"}
        return [
            f for f in self if f.short_name not in shared and not f.short_name.startswith("player_")
        ]

    def setting_errors(self) -> dict[str, str]:
        """Where the engine's errors about settings go: its field name → a field of this form."""
        return {}

    def settings(self) -> dict[str, Any]:
        """The game's settings in the record form of its setup (``{"variant": "classic"}``)."""
        return {}

    def names(self) -> tuple[str, ...] | None:
        """The names typed (trimmed), or None when none was."""
        names = tuple((field.data or "").strip() for field in self.player_fields)
        return names if any(names) else None

    def first_dealer_seat(self) -> int | None:
        return int(self.first_dealer.data) if self.first_dealer.data else None

    def validate(self, extra_validators: Any = None) -> bool:
        """The fields' own checks, then: all the names or none, and no first dealer without
        them (the engine checks the names themselves)."""
        valid = super().validate(extra_validators)
        typed = [(field.data or "").strip() for field in self.player_fields]
        if any(typed) and not all(typed):
            missing = next(f for f, name in zip(self.player_fields, typed, strict=True) if not name)
            missing.errors = [*missing.errors, str(self.some_names)]
            valid = False
        if not any(typed) and self.first_dealer.data:
            self.first_dealer.errors = [*self.first_dealer.errors, str(self.dealer_needs_names)]
            valid = False
        return valid


def blank_first_dealer_field(seats: Sequence[Any]) -> RadioField:
    """Who deals first on a blank sheet: not decided yet, or one of the seats."""
    return RadioField(
        _l("First dealer"),
        choices=[
            SelectChoice("", _l("Not decided yet")),
            *(SelectChoice(str(seat), label) for seat, label in enumerate(seats)),
        ],
        default="",
        validate_choice=True,
    )


def blank_name_field(label: Any) -> StringField:
    return StringField(label, validators=[Length(max=MAX_NAME_LENGTH)])


class ErrorSlot:
    """A place for the errors of a group of fields (a form's ``error_slots``): the engine's
    ``sequences`` or ``captured``, shown once beside the whole group."""

    def __init__(self) -> None:
        self.errors: list[str] = []


class LogForm(AppForm):
    """What every game action carries: the log position and the deal it is about; a
    correction also what its deals said when it was opened (``was``: a conflict is only a
    change of those)."""

    seq = HiddenField()
    deal = HiddenField()
    was = HiddenField()
    #: Set when the rules refuse a correction: the other rounds its refusal names.
    refused_rounds: list[int]

    def based_on(self) -> int:
        try:
            return int(self.seq.data or "")
        except (TypeError, ValueError):
            return -1

    def deal_number(self) -> int | None:
        try:
            return int(self.deal.data or "")
        except (TypeError, ValueError):
            return None


class UndoForm(LogForm):
    pass


class AgainForm(AppForm):
    """Play again: a new game with the same players, the next one dealing first."""


class ImportForm(AppForm):
    """Upload a game record (``docs/records.md``) to start a new game from it."""

    record = FileField(
        _l("Record file (JSON)"),
        validators=[FileRequired(_l("Choose a record file to import."))],
    )


__all__ = [
    "FORM_WORDS",
    "SUIT_CHOICES",
    "AgainForm",
    "AppForm",
    "BlankSheetForm",
    "ErrorSlot",
    "ImportForm",
    "LogForm",
    "NewGameForm",
    "SelectChoice",
    "UndoForm",
    "WholeNumberField",
    "blank_first_dealer_field",
    "blank_name_field",
    "counted_field",
    "first_dealer_field",
    "name_field",
]
