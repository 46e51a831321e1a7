"""The game page at its capability URL, shared by every kind of game, and what every game does
the same way: undo the last action, tell phones how long the log is."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper import services, store
from scorekeeper.games.events import Event
from scorekeeper.web import actions, bismarck, klaberjass, sviten
from scorekeeper.web.forms import UndoForm
from scorekeeper.web.helpers import get_game_or_404, remember

bp = Blueprint("play", __name__)

PAGES = {
    "bismarck": bismarck.render_game,
    "klaberjass": klaberjass.render_game,
    "sviten": sviten.render_game,
}


def render_game(game: store.LoadedGame, status: int = 200, **forms: Any) -> ResponseReturnValue:
    """The page of a game of any kind."""
    return PAGES[game.kind](game, status, **forms)


@bp.get("/g/<token>")
def game(token: str):
    loaded = get_game_or_404(token)
    remember(token)
    return render_game(loaded)


@bp.post("/g/<token>/undo")
def undo(token: str):
    """Take back the last action still in effect (an undo is an event too)."""
    form = UndoForm()
    kept = _("Your undo was not saved.")
    return actions.act(token, form, "undo", lambda f, g: Event("undo"), kept, render_game)


@bp.get("/g/<token>/seq")
def seq(token: str):
    """How long the log is: phones poll this and reload when another phone wrote."""
    try:
        position = services.position(token)
    except services.GameNotFound:
        return jsonify(error="not found"), 404
    response = jsonify(seq=position)
    response.cache_control.no_store = True
    return response
