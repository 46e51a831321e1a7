"""Game records on the web: download a game's record (JSON) or its deals (CSV); import a record.

The record format itself lives in :mod:`scorekeeper.records`; these views only move bytes.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, current_app, flash, g, redirect, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import pgettext

from scorekeeper import records
from scorekeeper.games.events import RuleError
from scorekeeper.games.text import T_
from scorekeeper.languages.i18n import words
from scorekeeper.table import services
from scorekeeper.web import home
from scorekeeper.web.forms import ImportForm
from scorekeeper.web.helpers import get_game_or_404, remember
from scorekeeper.web.pages import has_pages

bp = Blueprint("records", __name__)


@bp.app_template_global()
def import_form() -> ImportForm:
    """The home page's import form: the one a failed import left (with its errors), or a new one."""
    form: ImportForm | None = g.get("import_form")
    if form is None:
        form = g.import_form = ImportForm(formdata=None)
    return form


@bp.app_template_global()
def failed_import() -> ImportForm | None:
    """The import form a failed import left, with its messages; None on a plain visit."""
    form: ImportForm | None = g.get("import_form")
    return form


def _download(body: str, mimetype: str, filename: str) -> Response:
    response = Response(body.encode("utf-8"), mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.cache_control.private = True
    response.cache_control.no_store = True
    return response


def _filename(game: services.LoadedGame, suffix: str) -> str:
    return f"scorekeeper-{game.kind}-{game.created_at:%Y-%m-%d-%H%M}-{suffix}"


def _game_with_records(token: str) -> services.LoadedGame:
    game = get_game_or_404(token)
    try:
        records.codec_for(game.kind)
    except records.NoRecordFormat:
        abort(404)
    return game


@bp.get("/g/<token>/record.json")
def record_json(token: str) -> Response:
    game = _game_with_records(token)
    text = services.record_text(game)
    word = pgettext("file name", "record")
    return _download(text, "application/json", _filename(game, f"{word}.json"))


@bp.get("/g/<token>/deals.csv")
def deals_csv(token: str) -> Response:
    game = _game_with_records(token)
    text = records.deals_csv(game.kind, game.state, words())
    deals = (
        pgettext("file name", "hands")
        if game.rules.noun == "hand"
        else pgettext("file name", "deals")
    )
    return _download(text, "text/csv", _filename(game, f"{deals}.csv"))


@bp.post("/import")
def import_record() -> ResponseReturnValue:
    """A new game from an uploaded record; on any problem, the home page with the messages
    next to the file field, and nothing stored."""
    form = ImportForm()
    if form.validate_on_submit():
        data = form.record.data.read(records.MAX_RECORD_BYTES + 1)
        try:
            record = records.loads(data)
            if not services.is_known(record.kind) or not has_pages(record.kind):
                title = record.codec.title
                raise records.RecordError(
                    [
                        T_(
                            "record: %(game)s games cannot be kept in this Scorekeeper yet",
                            game=title,
                        )
                    ]
                )
            game = services.import_record(record)
        except records.RecordError as error:
            form.record.errors.extend(error.lines_in(words()))
        except RuleError as error:
            form.record.errors.append(records.problem(records.RECORD, error.text).render(words()))
        else:
            remember(game.token)
            flash(_("Imported as a new game: %(players)s.", players=", ".join(game.setup.players)))
            return redirect(url_for("play.game", token=game.token), 303)
    g.import_form = form
    return _home_page(422)


def _home_page(status: int) -> Response:
    """The home page, with the import form's messages, as the answer to a failed import."""
    response = current_app.make_response(home.index())
    response.status_code = status
    return response


@bp.errorhandler(413)
def too_large(_error: Exception) -> ResponseReturnValue:
    """An upload over ``MAX_CONTENT_LENGTH``: say so next to the file field."""
    form = ImportForm(formdata=None)
    limit = current_app.config.get("MAX_CONTENT_LENGTH") or records.MAX_RECORD_BYTES
    size = f"{limit // 2**20} MB" if limit >= 2**20 else f"{max(1, limit // 2**10)} kB"
    form.record.errors = [
        _(
            "The file is too large: a game record is at most %(size)s (a real one is a few kB).",
            size=size,
        )
    ]
    g.import_form = form
    return _home_page(413)
