"""The club record on the web: an organiser downloads the whole club (``scorekeeper-club/1``,
:mod:`scorekeeper.clubs.record`) from its page, and anyone makes a new club of such a file with
an organiser PIN of their own (*Import a club*, off the new-club page). A record refused is
refused whole, with its messages beside the file field, and nothing is stored."""

from __future__ import annotations

from datetime import UTC, datetime

from flask import current_app, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf.file import FileField, FileRequired
from werkzeug.exceptions import RequestEntityTooLarge
from wtforms import PasswordField
from wtforms.validators import InputRequired

from scorekeeper.clubs import record as club_record
from scorekeeper.clubs import register, services
from scorekeeper.games.events import RuleError
from scorekeeper.languages.i18n import words
from scorekeeper.records import RecordError
from scorekeeper.web.clubs import organiser
from scorekeeper.web.clubs.forms import PinInput
from scorekeeper.web.clubs.organiser import organiser_club, session_id
from scorekeeper.web.clubs.routes import bp, game_choices
from scorekeeper.web.field_errors import show_error
from scorekeeper.web.forms import AppForm


class ClubImportForm(AppForm):
    """A club record to make a new club of, and the new club's organiser PIN (typed twice:
    the record never holds one)."""

    club_record = FileField(
        _l("Club record (JSON)"),
        validators=[FileRequired(_l("Choose a club record to import."))],
    )
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


@bp.get("/c/<token>/record.json")
def record_json(token: str) -> ResponseReturnValue:
    """The whole club as one file, for its organisers: its register, its evenings and every
    game with its history (never the PIN)."""
    club = organiser_club(token)
    body = services.record_of(club)
    response = current_app.response_class(body.encode("utf-8"), mimetype="application/json")
    filename = f"scorekeeper-club-{datetime.now(UTC):%Y-%m-%d}.json"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.cache_control.no_store = True
    response.cache_control.private = True
    return response


def _too_large() -> str:
    return str(
        _(
            "The file is too large: a club record is at most %(n)s MB.",
            n=club_record.MAX_CLUB_BYTES // 2**20,
        )
    )


def _pin(form: ClubImportForm) -> bool:
    """Whether the new PIN will do, typed the same twice; if not, the message beside it."""
    pin, again = form.pin.data or "", form.pin_again.data or ""
    try:
        register.checked_pin(pin)
    except RuleError as error:
        show_error(form, error)
        return False
    if pin != again:
        form.pin_again.errors = [_("The two PINs differ: type the same PIN twice.")]
        return False
    return True


#: The form fields beside the file: room for them on top of the largest record.
_FORM_ROOM = 2**16


@bp.url_value_preprocessor
def _room_for_a_club(endpoint: str | None, _values: object) -> None:
    """A whole club's record is larger than a game's (the app's ``MAX_CONTENT_LENGTH``): the
    import may carry one. Set before any ``before_request`` reads the form (the CSRF check)."""
    if endpoint == "clubs.import_club":
        request.max_content_length = club_record.MAX_CLUB_BYTES + _FORM_ROOM


@bp.errorhandler(RequestEntityTooLarge)
def _too_large_here(error: RequestEntityTooLarge) -> ResponseReturnValue:
    """An upload over the limit: on the import page, said beside the file field."""
    if request.endpoint != "clubs.import_club":
        return error
    form = ClubImportForm(formdata=None)
    form.club_record.errors = [_too_large()]
    return render_template("clubs/import.html", form=form), 413


@bp.route("/club/import", methods=["GET", "POST"])
def import_club() -> ResponseReturnValue:
    """A new club from a club record; on any problem, the messages beside the field at fault
    and nothing stored; else the new club's page, this phone its organiser."""
    form = ClubImportForm()
    if form.validate_on_submit():
        data = form.club_record.data.read(club_record.MAX_CLUB_BYTES + 1)
        known = [kind for kind, _title in game_choices()]
        pin_ok = _pin(form)
        try:
            if pin_ok:
                club = services.import_club(data, form.pin.data or "", known, by=session_id())
            else:  # the record's own problems are said at once too
                club_record.loads_club(data, known)
        except RecordError as error:
            form.club_record.errors = list(error.lines_in(words()))
        except RuleError as error:
            show_error(form, error)
        else:
            if pin_ok:
                organiser.become_organiser(club)
                flash(_("Imported as a new club: %(name)s.", name=club.name))
                return redirect(url_for("clubs.club", token=club.token), 303)
    status = 422 if form.is_submitted() else 200
    return render_template("clubs/import.html", form=form), status
