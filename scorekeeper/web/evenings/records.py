"""The evening as a portable record (``scorekeeper-evening/1``): downloaded, and imported as a
new evening."""

from __future__ import annotations

from flask import current_app, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper.evenings import services
from scorekeeper.games.events import RuleError
from scorekeeper.languages.i18n import words
from scorekeeper.records import MAX_RECORD_BYTES, RecordError
from scorekeeper.records.problems import RECORD, problem
from scorekeeper.web.evenings.blueprint import (
    bp,
    club_of,
    curtain_of,
    evening_or_404,
    remember_evening,
)
from scorekeeper.web.evenings.forms import EveningImportForm


@bp.get("/e/<token>/evening.json")
def evening_record(token: str) -> ResponseReturnValue:
    """The evening as a portable record: its setup, plan and every started table's game."""
    loaded = evening_or_404(token)
    if curtain_of(loaded, services.standings_of(loaded)).hidden and not club_of(token)[1]:
        message = _(
            "The standings are hidden until the end: until they are revealed, only the "
            "organiser can download the evening record."
        )
        return render_template("error.html", title=_("Hidden until the end"), message=message), 403
    body = services.record_of(loaded)
    response = current_app.response_class(body.encode("utf-8"), mimetype="application/json")
    filename = f"scorekeeper-evening-{loaded.created_at:%Y-%m-%d-%H%M}.json"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.cache_control.no_store = True
    response.cache_control.private = True
    return response


@bp.post("/evening/import")
def import_evening() -> ResponseReturnValue:
    """A new evening from an uploaded evening record; on any problem, the messages beside the
    file field and nothing stored."""
    form = EveningImportForm()
    if form.validate_on_submit():
        data = form.evening_record.data.read(MAX_RECORD_BYTES + 1)
        try:
            evening = services.import_record(data)
        except RecordError as error:
            form.evening_record.errors.extend(error.lines_in(words()))
        except RuleError as error:
            form.evening_record.errors.append(problem(RECORD, error.text).render(words()))
        else:
            remember_evening(evening.token)
            flash(_("Imported as a new evening: %(name)s.", name=evening.setup.name))
            return redirect(url_for("evenings.evening", token=evening.token), 303)
    return render_template("evenings/import.html", form=form), 422
