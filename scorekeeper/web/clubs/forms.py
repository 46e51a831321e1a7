"""The forms of clubs: a new club, the organiser PIN, the register (add, rename, merge) and an
evening of the club's members."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any, ClassVar

from flask_babel import lazy_gettext as _l
from markupsafe import Markup
from wtforms import (
    DateField,
    Field,
    Form,
    PasswordField,
    RadioField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError
from wtforms.widgets import CheckboxInput, ListWidget, PasswordInput

from scorekeeper import seasons
from scorekeeper.clubs.register import MAX_CLUB_NAME, PIN_DIGITS
from scorekeeper.clubs.season import MAX_SEASON_NAME, SeasonSpan
from scorekeeper.evenings.setup import MAX_ROUNDS, default_scoring
from scorekeeper.games.events import RuleError
from scorekeeper.games.registry import game_for
from scorekeeper.games.text import T_
from scorekeeper.languages.i18n import say_here
from scorekeeper.web.evenings.forms import EveningForm
from scorekeeper.web.forms import (
    FORM_WORDS,
    AppForm,
    NumberChoiceField,
    NumberChoicesField,
    SelectChoice,
    WholeNumberField,
)
from scorekeeper.web.setup_forms import NAME_FIELD


class PinInput(PasswordInput):
    """A PIN's input: hidden as typed, with the numeric keypad on phones; never refilled."""

    def __call__(self, field: Field, **kwargs: Any) -> Markup:
        kwargs.setdefault("inputmode", "numeric")
        kwargs.setdefault("autocomplete", "off")
        kwargs.setdefault("pattern", "[0-9]*")
        kwargs.setdefault("minlength", PIN_DIGITS[0])
        kwargs.setdefault("maxlength", PIN_DIGITS[1])
        return super().__call__(field, **kwargs)


class TickBoxes(SelectMultipleField):
    """A choice of several, each a tick box."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()

    def pre_validate(self, form: Any) -> None:
        """Unknown values are the service's to refuse, in its words."""


class NumberTickBoxes(NumberChoicesField):
    """Several things ticked by their numbers (members, evenings), each a tick box."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


class ClubForm(AppForm):
    name = StringField(
        _l("Name of the club"),
        validators=[InputRequired(_l("Give the club a name.")), Length(max=MAX_CLUB_NAME)],
    )
    games = TickBoxes(_l("The games it plays"))
    pin = PasswordField(
        _l("Organiser PIN"),
        widget=PinInput(),
        validators=[InputRequired(_l("Choose a PIN of 4 to 12 digits."))],
    )
    pin_again = PasswordField(
        _l("The PIN again"),
        widget=PinInput(),
        validators=[InputRequired(_l("Type the PIN again."))],
    )


class PinShape:
    """A PIN typed in the form every PIN has (4 to 12 digits), or the field's message: what
    cannot be any club's PIN is no guess at this one's, so it is neither checked, counted nor
    logged (a 5,000-digit "PIN" costs nothing and stores nothing)."""

    def __call__(self, form: Any, field: Any) -> None:
        low, high = PIN_DIGITS
        typed = (field.data or "").strip()
        if not (typed.isascii() and typed.isdigit() and low <= len(typed) <= high):
            raise ValidationError(
                say_here(T_("A PIN is %(low)s to %(high)s digits.", low=low, high=high))
            )
        field.data = typed


class PinForm(AppForm):
    pin = PasswordField(
        _l("Organiser PIN"),
        widget=PinInput(),
        validators=[InputRequired(_l("Type the organiser PIN.")), PinShape()],
    )


class MemberForm(AppForm):
    """A member's display name: a new member, or a new name for one."""

    name = StringField(
        _l("Name"), validators=[InputRequired(_l("Type the member's name."))], render_kw=NAME_FIELD
    )


_CHOOSE_TWO = _l("Choose two members of the register.")


class MergeForm(AppForm):
    """Two entries that are one person: ``merged`` joins ``keep``."""

    keep = NumberChoiceField(_l("Keep"), [InputRequired(_CHOOSE_TWO)], invalid=_CHOOSE_TWO)
    merged = NumberChoiceField(
        _l("Merge into it"), [InputRequired(_CHOOSE_TWO)], invalid=_CHOOSE_TWO
    )


class ActionForm(AppForm):
    """A button that does one thing (retire a member, forget the PIN)."""


class ClubEveningForm(EveningForm):
    """A new evening of the club: the evening's own fields with the players ticked in the
    register, and new members typed, one a line."""

    players = None  # type: ignore[assignment]  # the register's tick boxes instead
    #: The evening's refusals about its players are said beside the tick boxes.
    error_fields: ClassVar[dict[str, str]] = {"players": "members"}
    members = NumberTickBoxes(_l("Who plays"), invalid=_l("Tick members of the club's register."))
    new_members = TextAreaField(_l("New members, one name a line"))
    #: Suspense (issue 26): the setup checks it against the evening's rounds.
    hide_last = WholeNumberField(
        _l("Hide the standings for the last rounds"),
        most=MAX_ROUNDS,
        default=0,
        validators=[
            Optional(),
            NumberRange(
                0, MAX_ROUNDS, _l("Give a number of rounds from 0 to %(most)d.", most=MAX_ROUNDS)
            ),
        ],
    )

    def new_names(self) -> tuple[str, ...]:
        lines = (self.new_members.data or "").splitlines()
        return tuple(line.strip() for line in lines if line.strip())

    def evening_fields(self, kind: str, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The evening chosen, as the club's service takes it: its players are the members
        ticked and the new names (:meth:`new_names`), each made a member first."""
        return {
            "name": self.name.data or "",
            "kind": kind,
            "rounds": self.rounds.data or 0,
            "scoring": self.scoring.data or "",
            "hide_last": self.hide_last.data or 0,
            "confirms": bool(self.confirms.data),
            "settings": settings,
        }


class ClubGameForm(ClubEveningForm):
    """A new game of the club: its name and its players from the register (a table's worth),
    no rounds or scoring to choose (one table, one round)."""

    rounds = None  # type: ignore[assignment]
    scoring = None  # type: ignore[assignment]

    def evening_fields(self, kind: str, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The game chosen, as the club's service takes it (an evening of one round at one
        table, scored as the game's evenings are by default)."""
        return {
            "name": self.name.data or "",
            "kind": kind,
            "scoring": default_scoring(game_for(kind)),
            "settings": settings,
        }


def _rule_field() -> RadioField:
    return RadioField(
        _l("Add up"),
        choices=[
            SelectChoice(seasons.TOTAL, _l("every evening")),
            SelectChoice(seasons.BEST, _l("the best evenings")),
            SelectChoice(seasons.AVERAGE, _l("the average")),
        ],
        default=seasons.TOTAL,
    )


def _n_field() -> WholeNumberField:
    return WholeNumberField(
        _l("Evenings (the best N, or the fewest for an average)"),
        most=366,
        validators=[
            Optional(),
            NumberRange(1, 366, _l("Give a number of evenings from 1 to 366.")),
        ],
    )


def _absence_field() -> RadioField:
    return RadioField(
        _l("A missed evening counts"),
        choices=[
            SelectChoice(seasons.NO_SCORE, _l("nothing")),
            SelectChoice(seasons.LOWEST, _l("that evening’s lowest")),
            SelectChoice(seasons.OWN_AVERAGE, _l("the member’s own average")),
        ],
        default=seasons.NO_SCORE,
    )


class SeasonRuleForm(Form):
    """How the season table adds the evenings up, as the reader chooses it (a GET form: the
    choice is in the address, so a table can be shared or put on a projector as chosen)."""

    rule = _rule_field()
    n = _n_field()
    absence = _absence_field()

    class Meta:
        csrf = False

        def get_translations(self, form: Any) -> Any:
            return FORM_WORDS

    def season_rule(self) -> seasons.SeasonRule | None:
        """The rule chosen, or None (with the errors beside the fields) when it is not one."""
        if not self.validate():
            return None
        rule, absence = self.rule.data or seasons.TOTAL, self.absence.data or seasons.NO_SCORE
        n = self.n.data or (3 if rule != seasons.TOTAL else 0)
        try:
            return seasons.SeasonRule(rule, absence, n if rule != seasons.TOTAL else 0)
        except RuleError as error:
            field = getattr(self, error.field or "rule", self.rule)
            field.errors = [*field.errors, say_here(error.text)]
            return None


class DayField(DateField):
    """A day (a date input). What it writes back into the page is a day or nothing: a date
    input holds nothing else (a browser empties it, and the HTML checker refuses the page), so
    an impossible one sent anyway (``2026-02-30``) is said beside the field, not written back."""

    def _value(self) -> str:
        return self.data.isoformat() if isinstance(self.data, date) else ""


#: A season's evenings: those held between two dates, or those ticked.
BY_DATES = "dates"
CHOSEN = "chosen"


class SeasonForm(AppForm):
    """A season of the club as the organiser keeps it: its name, the rule of its table (the
    reader's choices of :class:`SeasonRuleForm`, stored) and its evenings, by dates or
    ticked."""

    name = StringField(
        _l("Name of the season"),
        validators=[InputRequired(_l("Give the season a name."))],
        render_kw={"maxlength": MAX_SEASON_NAME},
    )
    rule = _rule_field()
    n = _n_field()
    absence = _absence_field()
    by = RadioField(
        _l("Its evenings"),
        choices=[
            SelectChoice(BY_DATES, _l("those held between two dates")),
            SelectChoice(CHOSEN, _l("those ticked below")),
        ],
        default=BY_DATES,
    )
    date_from = DayField(
        _l("From (the first day)"),
        validators=[Optional()],
        render_kw={"max": "9999-12-31"},
    )
    date_to = DayField(
        _l("To (the last day)"), validators=[Optional()], render_kw={"max": "9999-12-31"}
    )
    evenings = NumberTickBoxes(
        _l("The evenings of the season"), invalid=_l("Tick evenings of the club.")
    )

    def season_rule(self) -> seasons.SeasonRule:
        """The rule chosen; RuleError naming its field when it is not one."""
        rule = self.rule.data or seasons.TOTAL
        if rule == seasons.TOTAL:
            return seasons.SeasonRule(rule, self.absence.data or "", 0)
        if self.n.data is None:
            raise RuleError(T_("Give a number of evenings from 1 to 366."), field="n")
        return seasons.SeasonRule(rule, self.absence.data or "", self.n.data)

    def span(self) -> SeasonSpan:
        """The evenings chosen; RuleError naming its field when they are not."""
        if self.by.data == CHOSEN:
            return SeasonSpan(chosen=tuple(self.evenings.data or ()))
        return SeasonSpan(self.date_from.data, self.date_to.data)

    def show(self, rule: seasons.SeasonRule, span: SeasonSpan, name: str) -> None:
        """Fill the form with a season as it is kept (to edit it)."""
        self.name.data = name
        self.rule.data, self.absence.data = rule.rule, rule.absence
        self.n.data = rule.n or None
        self.by.data = BY_DATES if span.chosen is None else CHOSEN
        self.date_from.data, self.date_to.data = span.date_from, span.date_to
        self.evenings.data = list(span.chosen or ())
