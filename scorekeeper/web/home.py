"""Home: start a game; the games this browser started or joined."""

from __future__ import annotations

from flask import Blueprint, render_template

from scorekeeper import store
from scorekeeper.db import db
from scorekeeper.web.helpers import my_game_tokens

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    games = store.summaries(db.session, my_game_tokens())
    return render_template("home.html", games=games)
