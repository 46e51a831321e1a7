"""What every game's forms share. Every POST carries a CSRF token (Flask-WTF) and, on a game
page, the log position it was based on (``seq``), so a stale form becomes a conflict instead of a
guess. A game's own forms live in its package (``web/<kind>/forms.py``) and build on these."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, cast

from babel import support
from flask_babel import get_locale
from flask_babel import lazy_gettext as _l
from flask_wtf.file import FileField, FileRequired
from wtforms import (
    Field,
    Form,
    HiddenField,
    IntegerField,
    SelectField,
    SelectMultipleField,
)
from wtforms.form import BaseForm
from wtforms.i18n import messages_path
from wtforms.validators import InputRequired, NumberRange, Optional, StopValidation
from wtforms.widgets import NumberInput, TextInput

from scorekeeper.games.cards import Suit
from scorekeeper.games.text import whole_number
from scorekeeper.web.bounds import whole, whole_or_none

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


class FormWords:
    """WTForms' own messages ("Not a valid choice") in this request's language. Flask-WTF
    reads WTForms' catalogue from disk on every request; this reads it once per language."""

    def gettext(self, string: str) -> str:
        return _wtforms_catalogue(str(get_locale())).ugettext(string)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return _wtforms_catalogue(str(get_locale())).ungettext(singular, plural, n)


FORM_WORDS = FormWords()


class AppForm(FlaskForm):
    """Every POSTed form of the app: Flask-WTF (CSRF) with WTForms' words cached."""

    class Meta:
        def get_translations(self, form: Any) -> FormWords:
            return FORM_WORDS


class WholeNumberInput(NumberInput):
    """A whole number's input: ``type=number`` with the numeric keypad on phones (``inputmode``;
    ``pattern`` is not allowed on a number input). What was typed that is not a number is shown
    as it was typed, which a number input cannot hold: in a text input, with the same keypad."""

    def __call__(self, field: Field, **kwargs: Any) -> Markup:
        kwargs.setdefault("inputmode", "numeric")
        if input_type(field) == "number":
            return super().__call__(field, **kwargs)
        for attribute in ("min", "max", "step"):
            kwargs.pop(attribute, None)
        return TextInput()(field, **kwargs)


#: What a number input may hold (a valid floating-point number, of the kind a player types).
_SHOWN_AS_NUMBER = re.compile(r"-?[0-9]+")


def input_type(field: Field) -> str:
    """``number``, or ``text`` when the field shows what was typed and a number input cannot
    hold it (``abc``, ``1_0``): for a template that writes a whole number's input itself."""
    shown: str = cast(Any, field)._value()  # what the input shows (WTForms' own)
    return "number" if not shown or _SHOWN_AS_NUMBER.fullmatch(shown) else "text"


class WholeNumberField(IntegerField):
    """An integer field whose error a player understands, with a numeric keypad on phones;
    ``most`` is the largest number it takes (16 tricks by default).

    It reads ASCII digits only (:func:`~scorekeeper.games.text.whole_number`), never ``1_0``,
    ``+5`` or another script's digits, and at most ``MAX_DIGITS`` of them; a leading minus is
    read, so that the field's range says its rule ("Tricks are from 0 to 16")."""

    widget = WholeNumberInput(min=0, max=16)

    def __init__(self, *args: Any, most: int = 16, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.most = most
        if most != 16:
            self.widget = WholeNumberInput(min=0, max=most)

    @property
    def input_type(self) -> str:
        """How its input is written (:func:`input_type`): ``number``, or ``text`` to show what
        was typed that is not a number."""
        return input_type(self)

    def pre_validate(self, form: BaseForm) -> None:
        if self.process_errors:  # not a number: that is the one thing to say
            raise StopValidation()

    def process_formdata(self, valuelist: Sequence[str]) -> None:
        if not valuelist or valuelist[0].strip() == "":
            self.data = None
            return
        self.data = whole_number(valuelist[0].strip(), negative=True)
        if self.data is None:
            raise ValueError(_l("Type a whole number from 0 to %(most)d.", most=self.most))


def counted_field(
    label: Any, most: int, out_of_range: Any, *, required: Any = None, default: int | None = None
) -> WholeNumberField:
    """A whole number from 1 to ``most`` (``out_of_range`` says so otherwise): required, with
    the message ``required``, or else optional."""
    given = InputRequired(required) if required is not None else Optional()
    return WholeNumberField(
        label, most=most, default=default, validators=[given, NumberRange(1, most, out_of_range)]
    )


class NumberChoiceField(SelectField):
    """A choice of one thing by its number (a member of the register): read by
    :func:`~scorekeeper.web.bounds.whole`, so that a value no column holds (24 digits, ``²``)
    is refused beside the field in its own words (``invalid``) before any query is made with
    it. Whether the number is one of the choices is the service's to say."""

    def __init__(self, label: Any = None, validators: Any = None, *, invalid: Any, **kwargs: Any):
        super().__init__(label, validators, coerce=whole, validate_choice=False, **kwargs)
        self.invalid = invalid

    def process_formdata(self, valuelist: list[Any]) -> None:
        try:
            super().process_formdata(valuelist)
        except ValueError as error:
            raise ValueError(self.invalid) from error


class NumberChoicesField(SelectMultipleField):
    """A choice of several things by their numbers (members or evenings ticked), read as
    :class:`NumberChoiceField` reads one."""

    def __init__(self, label: Any = None, validators: Any = None, *, invalid: Any, **kwargs: Any):
        super().__init__(label, validators, coerce=whole, **kwargs)
        self.invalid = invalid

    def process_formdata(self, valuelist: list[Any]) -> None:
        try:
            super().process_formdata(valuelist)
        except ValueError as error:
            raise ValueError(self.invalid) from error

    def pre_validate(self, form: BaseForm) -> None:
        """Unknown values are the service's to refuse, in its words."""


class ErrorSlot:
    """A place for the errors of a group of fields (a form's ``error_slots``): the engine's
    ``sequences`` or ``captured``, shown once beside the whole group."""

    def __init__(self) -> None:
        self.errors: list[str] = []


class LogForm(AppForm):
    """What every game action carries: the log position and the deal it is about; a
    correction also what its deals said when it was opened (``was``: a conflict is only a
    change of those)."""

    #: The groups of fields whose errors are said once, beside the whole group: the engine's
    #: errors about them (``tricks``, ``captured``) go to the form's ``error_slots``.
    error_groups: ClassVar[tuple[str, ...]] = ()

    seq = HiddenField()
    deal = HiddenField()
    was = HiddenField()
    #: Set when the rules refuse a correction: the other deals its refusal names.
    refused_deals: list[int]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.error_slots = {name: ErrorSlot() for name in self.error_groups}

    def based_on(self) -> int:
        found = whole_or_none(self.seq.data or "")
        return -1 if found is None else found

    def deal_number(self) -> int | None:
        return whole_number(self.deal.data or "", negative=True)


class UndoForm(LogForm):
    pass


class AgainForm(AppForm):
    """Play again: a new game with the same players, the next one dealing first."""


class SeatForm(AppForm):
    """Who is at this phone: ``seat`` is a seat's number (a player, or a pair in a game of
    pairs), or empty for nobody (``web/seats.py``: :func:`phone_seat`)."""

    seat = HiddenField()


class ConfirmForm(AppForm):
    """*Confirm*: a phone at another seat (or the organiser) confirms an entry that waits
    (which one is in the address)."""


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
    "ErrorSlot",
    "FormWords",
    "ImportForm",
    "LogForm",
    "NumberChoiceField",
    "NumberChoicesField",
    "SelectChoice",
    "UndoForm",
    "WholeNumberField",
    "WholeNumberInput",
    "counted_field",
    "input_type",
]
