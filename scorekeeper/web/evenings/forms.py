"""The forms of club evenings: a new evening (its name, the players, the rounds, the scoring,
and the game's settings from the game's own new-game form), starting a round, and importing an
evening record."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf.file import FileField, FileRequired
from wtforms import BooleanField, Field, RadioField, StringField, TextAreaField
from wtforms.validators import InputRequired, Length, NumberRange

from scorekeeper.evenings.setup import MAX_NAME, MAX_ROUNDS, settings_of
from scorekeeper.evenings.standings import PLACINGS, TOTALS
from scorekeeper.web.forms import AppForm, SelectChoice, WholeNumberField
from scorekeeper.web.setup_forms import NewGameForm

#: The fields of a new-game form that are not settings of each table's game (whether a second
#: phone confirms is the evening's own field).
_NOT_SETTINGS = ("csrf_token", "first_dealer", "confirms")


class EveningForm(AppForm):
    #: A second phone confirms each score at every table (issue 26).
    confirms = BooleanField(_l("A second phone confirms each score"))
    name = StringField(
        _l("Name of the evening"),
        validators=[
            InputRequired(_l("Give the evening a name.")),
            # as the evening's setup says it (no maxlength on the page: a browser would cut)
            Length(
                max=MAX_NAME,
                message=_l("An evening's name can be at most %(n)s characters.", n=MAX_NAME),
            ),
        ],
    )
    players = TextAreaField(
        _l("Players, one name a line"),
        validators=[InputRequired(_l("List the players, one name a line."))],
    )
    rounds = WholeNumberField(
        _l("Rounds"),
        most=MAX_ROUNDS,
        validators=[
            InputRequired(_l("Enter the number of rounds.")),
            NumberRange(1, MAX_ROUNDS, _l("Rounds are from 1 to %(most)d.", most=MAX_ROUNDS)),
        ],
    )
    scoring = RadioField(
        _l("Standings"),
        choices=[
            SelectChoice(TOTALS, _l("Game totals: each player's totals added up")),
            SelectChoice(PLACINGS, _l("Placings: a point for each side placed below yours")),
        ],
        validators=[InputRequired(_l("Choose how the evening is scored."))],
    )

    def names(self) -> tuple[str, ...]:
        """The names typed, one a line, without empty lines."""
        lines = (self.players.data or "").splitlines()
        return tuple(line.strip() for line in lines if line.strip())

    def evening_fields(self, kind: str, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The evening chosen, as :class:`~scorekeeper.evenings.setup.EveningSetup` takes it
        (which checks it): an evening of ``kind`` with the game's ``settings``."""
        return {
            "name": self.name.data or "",
            "kind": kind,
            "players": self.names(),
            "rounds": self.rounds.data or 0,
            "scoring": self.scoring.data or "",
            "settings": settings,
            "confirms": bool(self.confirms.data),
        }


def settings_form(new_form: type[NewGameForm], formdata: Any = None) -> NewGameForm:
    """The game's new-game form, for its settings only, without its own CSRF token (the
    evening's form has one). Its fields keep their names (``variant``): no game names a
    setting as the evening names its own fields (``name``, ``players``, ``rounds``,
    ``scoring``), which a test checks."""
    kwargs: dict[str, Any] = {"meta": {"csrf": False}}
    if formdata is not None:
        kwargs["formdata"] = formdata
    return new_form(**kwargs)


def setting_fields(form: NewGameForm) -> list[Field]:
    """A new-game form's fields that are settings (not the names or the first dealer)."""
    return [
        field
        for field in form
        if field.short_name not in _NOT_SETTINGS and not field.short_name.startswith("player_")
    ]


def validate_settings(form: NewGameForm) -> bool:
    """Each settings field's own checks (the names are the evening's, not this form's), then
    the game's checks across them."""
    valid = True
    for field in setting_fields(form):
        valid = field.validate(form) and valid
    return form.check_settings() and valid


def settings(form: NewGameForm) -> dict[str, Any]:
    """The settings chosen, in the record form of the game's setup (RuleError from the engine
    when they are wrong): the form makes a setup with stand-in names, the names are dropped."""
    for seat, field in enumerate(form.player_fields):
        field.data = str(seat + 1)
    return settings_of(form.setup(0))


class StartRoundForm(AppForm):
    """Start the next round: its tables' games are made (the round is in the address). While
    the round before is still being played, ``anyway`` must be ticked (the page labels it with
    the round's number)."""

    anyway = BooleanField(_l("Start anyway"))


class EveningImportForm(AppForm):
    """Upload an evening record (``scorekeeper-evening/1``) to make a new evening of it."""

    evening_record = FileField(
        _l("Evening record (JSON)"),
        validators=[FileRequired(_l("Choose an evening record to import."))],
    )
