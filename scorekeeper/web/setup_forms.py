"""The forms that set a game up, whatever the game: a new game (:class:`NewGameForm`) and a
sheet to fill in by hand (:class:`BlankSheetForm`). Both have the names in seat order and the
first dealer, made of the labels a game's form gives its seats, and the game's settings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, Field, Form, RadioField, StringField
from wtforms.validators import InputRequired

from scorekeeper.games.players import MAX_NAME_LENGTH, name_problem
from scorekeeper.languages.i18n import say_here
from scorekeeper.web.forms import FORM_WORDS, AppForm, FormWords, SelectChoice

#: What a name field's ``maxlength`` says: the longest name the engines take, known before
#: submitting (the form still refuses a longer one, sent by other means, in words).
NAME_FIELD = {"maxlength": MAX_NAME_LENGTH}


def name_field(label: Any) -> StringField:
    """A player's name: required; the engines' rules for a name are :func:`check_names`'."""
    return StringField(label, validators=[InputRequired(_l("Enter a name."))], render_kw=NAME_FIELD)


def first_dealer_field(seats: Sequence[Any]) -> RadioField:
    """Who deals first: a draw, or one of the seats, named by ``seats``."""
    choices = [SelectChoice("random", _l("Draw at random"))]
    choices += [SelectChoice(str(seat), label) for seat, label in enumerate(seats)]
    return RadioField(_l("First dealer"), choices=choices, default="random")


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
    return StringField(label, render_kw=NAME_FIELD)


def check_names(fields: Sequence[Field]) -> bool:
    """The engines' rules for each name typed (:func:`~scorekeeper.games.players.name_problem`:
    too long, a control character, taken), each refusal beside the field at fault: the later
    of two seats with one name. The engine checks them again when the setup is made."""
    valid = True
    earlier: list[str] = []
    for field in fields:
        typed = (field.data or "").strip()
        if not typed:
            continue
        problem = None if field.errors else name_problem(field.data, earlier, len(fields))
        if problem is not None:
            field.errors = [*field.errors, say_here(problem)]
            valid = False
        earlier.append(typed)
    return valid


class Seated:
    """What the forms of a game's setup share: a name per seat (``player_0`` …) and who deals
    first, made of the labels the game's form gives its seats: ``seats``, the names' in seat
    order, and ``dealers``, the first dealer's choices' where they say less (``Second
    player``, for ``Second player (on the first's left)``)."""

    seats: ClassVar[Sequence[Any]] = ()
    dealers: ClassVar[Sequence[Any]] = ()
    first_dealer: RadioField
    #: How this kind of form makes a name field and the first dealer's.
    seat_fields: ClassVar[tuple[Callable[[Any], Field], Callable[[Sequence[Any]], RadioField]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "seats" in vars(cls):
            name, dealer = cls.seat_fields
            for seat, label in enumerate(cls.seats):
                setattr(cls, f"player_{seat}", name(label))
            cls.first_dealer = dealer(cls.dealers or cls.seats)


class NewGameForm(Seated, AppForm):
    """A new game: the names in seat order (``player_0`` …), the first dealer (or a draw) and the
    game's options. A game's form names its seats (:class:`Seated`), adds its options and says
    how they make its setup."""

    seat_fields = (name_field, first_dealer_field)
    #: A second phone confirms each entry that scores (issue 26): off for a casual game.
    confirms = BooleanField(_l("A second phone confirms each score"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The engine's ``players`` errors are shown under the last name.
        self.error_fields = {"players": self.player_fields[-1].name}

    @property
    def player_fields(self) -> list[Field]:
        return [field for field in self if field.name.startswith("player_")]

    def names(self) -> tuple[str, ...]:
        return tuple(field.data or "" for field in self.player_fields)

    def validate(self, extra_validators: Any = None) -> bool:
        """The fields' own checks, then the rules for each name beside its field."""
        valid = super().validate(extra_validators)
        return check_names(self.player_fields) and valid

    def check_settings(self) -> bool:
        """The game's checks across its options, each beside its field (a target chosen but not
        typed, say): a new game and an evening's games both run them. None by default."""
        return True

    def setup(self, first_dealer: int) -> Any:
        """The game's setup (its engine's ``Setup``: RuleError when the rules refuse it)."""
        raise NotImplementedError


class BlankSheetForm(Seated, Form):
    """A sheet (or rules card) to fill in by hand, read from the query string: optionally the
    names in seat order (``player_0`` …) and the first dealer, the game's settings, the paper.
    A game's form names its seats as its new-game form does (:class:`Seated`), adds its
    settings, and says what they are in the record form of its setup. Its ``prefix`` names its
    fields on the home page, which shows every game's form (``kj-target``); the game without
    one has the address ``/print/blank``.
    """

    #: What typing the names adds to the sheet.
    names_hint: ClassVar[Any] = _l("optional: prints who deals")
    #: Said when only some names were typed, and when a first dealer was chosen without them.
    some_names: ClassVar[Any] = _l("Type all the names, or none for a sheet to fill in.")
    dealer_needs_names: ClassVar[Any] = _l("Type the names to print who deals.")
    prefix: ClassVar[str] = ""
    seat_fields = (blank_name_field, blank_first_dealer_field)

    class Meta:
        def get_translations(self, form: Any) -> FormWords:
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

    def blank_seats(self) -> int | None:
        """How many seats a sheet without names has, for a game of a varying number of players
        (None: the game's usual number)."""
        return None

    def names(self) -> tuple[str, ...] | None:
        """The names typed (trimmed), or None when none was."""
        names = tuple((field.data or "").strip() for field in self.player_fields)
        return names if any(names) else None

    def first_dealer_seat(self) -> int | None:
        return int(self.first_dealer.data) if self.first_dealer.data else None

    def validate(self, extra_validators: Any = None) -> bool:
        """The fields' own checks, then: all the names or none, no first dealer without them,
        and the rules for each name typed beside its field."""
        valid = super().validate(extra_validators)
        typed = [(field.data or "").strip() for field in self.player_fields]
        if any(typed) and not all(typed):
            missing = next(f for f, name in zip(self.player_fields, typed, strict=True) if not name)
            missing.errors = [*missing.errors, str(self.some_names)]
            valid = False
        if not any(typed) and self.first_dealer.data:
            self.first_dealer.errors = [*self.first_dealer.errors, str(self.dealer_needs_names)]
            valid = False
        return check_names(self.player_fields) and valid


__all__ = [
    "BlankSheetForm",
    "NewGameForm",
    "blank_first_dealer_field",
    "blank_name_field",
    "check_names",
    "first_dealer_field",
    "name_field",
]
