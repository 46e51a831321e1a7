"""The game page at its capability URL, shared by every kind of game."""

from __future__ import annotations

from flask import Blueprint, jsonify

from scorekeeper import store
from scorekeeper.db import db
from scorekeeper.web import bismarck
from scorekeeper.web.helpers import get_game_or_404, remember

bp = Blueprint("play", __name__)

PAGES = {"bismarck": bismarck.render_game}


@bp.get("/g/<token>")
def game(token: str):
    loaded = get_game_or_404(token)
    remember(token)
    return PAGES[loaded.kind](loaded)


@bp.get("/g/<token>/seq")
def seq(token: str):
    """How long the log is: phones poll this and reload when another phone wrote."""
    try:
        position = store.log_position(db.session, token)
    except store.GameNotFound:
        return jsonify(error="not found"), 404
    response = jsonify(seq=position)
    response.cache_control.no_store = True
    return response
