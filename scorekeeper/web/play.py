"""What every game does the same way, whatever its kind: its page at the capability URL, a new
game, correcting a round, undo, and the poll that tells phones how long the log is. Each looks
the game's own pieces up in :mod:`scorekeeper.web.pages`."""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper import services
from scorekeeper.games.events import Event, RuleError
from scorekeeper.games.registry import game_for
from scorekeeper.web import actions, page_cache
from scorekeeper.web.forms import UndoForm
from scorekeeper.web.helpers import get_game_or_404, remember, share_url
from scorekeeper.web.pages import GamePages, pages_for

bp = Blueprint("play", __name__)


def render_game(game: services.LoadedGame, status: int = 200, **forms: Any) -> ResponseReturnValue:
    """The page of a game of any kind."""
    return pages_for(game.kind).render_game(game, status, **forms)


def _pages_or_404(kind: str) -> GamePages:
    try:
        return pages_for(kind)
    except LookupError:
        abort(404)


@bp.get("/g/<token>")
def game(token: str):
    loaded = get_game_or_404(token)
    remember(token)
    # The page shows the game at its log position and its address (from the request's host).
    key = (loaded.token, loaded.seq, share_url(token))
    return page_cache.serve(key, lambda: render_game(loaded))


@bp.route("/<kind>/new", methods=["GET", "POST"])
def new(kind: str) -> ResponseReturnValue:
    """A new game of any kind: the names, the first dealer (or a draw) and the options."""
    pages = _pages_or_404(kind)
    form = pages.new_form()
    if form.validate_on_submit():
        drawn = form.first_dealer.data == "random"
        seats = game_for(kind).seats
        first = secrets.randbelow(seats) if drawn else int(form.first_dealer.data)
        try:
            setup = form.setup(first)
        except RuleError as error:
            actions.show_error(form, error)
        else:
            created = services.create(kind, setup)
            remember(created.token)
            if drawn:
                flash(_("The draw: %(name)s deals first.", name=setup.players[first]))
            return redirect(url_for("play.game", token=created.token), 303)
    status = 422 if form.is_submitted() else 200
    return render_template(pages.new_template, form=form, kind=kind), status


@bp.route("/g/<token>/<noun>/<int:number>/correct", methods=["GET", "POST"])
def correct(token: str, noun: str, number: int) -> ResponseReturnValue:
    """Correct round ``number`` (a deal, a hand) of a game whose rounds are corrected with one
    form; every later round is scored again."""
    loaded = get_game_or_404(token)
    correction = pages_for(loaded.kind).correction
    if correction is None or noun != loaded.rules.noun:
        abort(404)
    remember(token)
    if not 1 <= number <= correction.count(loaded.state):
        return redirect(url_for("play.game", token=token), 303)
    form = correction.form()
    status = 200
    if not form.is_submitted():
        form.seq.data = loaded.seq
        form.deal.data = number
        correction.fill(form, loaded, number)
    elif form.validate():
        done = actions.save_correction(
            loaded,
            form,
            lambda f: correction.event(f, loaded, number),
            saved=_("Deal %(n)d corrected.", n=number)
            if noun == "deal"
            else _("Hand %(n)d corrected.", n=number),
            changed=_(
                "Someone changed the game on another phone. "
                "Check deal %(n)d and correct it again if needed.",
                n=number,
            )
            if noun == "deal"
            else _(
                "Someone changed the game on another phone. "
                "Check hand %(n)d and correct it again if needed.",
                n=number,
            ),
        )
        if done is not None:
            return done
        status = 422
    else:
        status = 422
    context = correction.context(loaded, number)
    return render_template(
        correction.template, game=loaded, state=loaded.state, form=form, **context
    ), status


@bp.post("/g/<token>/undo")
def undo(token: str):
    """Take back the last action still in effect (an undo is an event too)."""
    form = UndoForm()
    kept = _("Your undo was not saved.")
    return actions.act(token, form, "undo", lambda f, g: Event("undo"), kept, render_game)


@bp.get("/g/<token>/seq")
def seq(token: str):
    """How long the log is: phones poll this and reload when another phone wrote. Served by
    :mod:`scorekeeper.web.poll` before Flask sees it; this route answers the same when the
    database could not answer there (and names the address for ``url_for``)."""
    try:
        position = services.position(token)
    except services.GameNotFound:
        return jsonify(error="not found"), 404
    response = jsonify(seq=position)
    response.cache_control.no_store = True
    return response
