"""A new evening of no club (``/evening/new/<kind>``): its name, the players, the rounds, the
scoring and the game's settings (the game's own new-game form)."""

from __future__ import annotations

from flask import redirect, render_template, url_for
from flask.typing import ResponseReturnValue

from scorekeeper.evenings import services
from scorekeeper.evenings.setup import EveningSetup, default_scoring
from scorekeeper.games.events import RuleError
from scorekeeper.games.registry import game_for
from scorekeeper.i18n import say_here
from scorekeeper.web.actions import field_for, show_error
from scorekeeper.web.evenings.blueprint import bp, pages_or_404, remember_evening
from scorekeeper.web.evenings.forms import (
    EveningForm,
    setting_fields,
    settings,
    settings_form,
    validate_settings,
)

#: The evening form's own fields: a rule error naming one of them is shown there.
_EVENING_FIELDS = ("name", "players", "rounds", "scoring")


@bp.route("/evening/new/<kind>", methods=["GET", "POST"])
def new(kind: str) -> ResponseReturnValue:
    """A new evening of ``kind``: its name, the players, the rounds, the scoring and the
    game's settings; then its page with the seating plan."""
    pages = pages_or_404(kind)
    form = EveningForm()
    game_form = settings_form(pages.new_form)
    if not form.is_submitted():
        form.scoring.data = default_scoring(game_for(kind))
    else:
        valid = form.validate()
        valid = validate_settings(game_form) and valid
        if valid:
            try:
                setup = EveningSetup(
                    name=form.name.data or "",
                    kind=kind,
                    players=form.names(),
                    rounds=form.rounds.data or 0,
                    scoring=form.scoring.data or "",
                    settings=settings(game_form),
                    confirms=bool(form.confirms.data),
                )
            except RuleError as error:
                if error.field in _EVENING_FIELDS:
                    show_error(form, error)
                else:
                    field_for(game_form, error).errors.append(say_here(error.text))
            else:
                evening = services.create(setup)
                remember_evening(evening.token)
                return redirect(url_for("evenings.evening", token=evening.token), 303)
    return render_template(
        "evenings/new.html",
        form=form,
        game_form=game_form,
        settings=setting_fields(game_form),
        page=pages,
    ), 422 if form.is_submitted() else 200
