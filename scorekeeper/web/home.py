"""Home: start a game; the games this browser started or joined."""

from __future__ import annotations

from flask import Blueprint, render_template

from scorekeeper import services
from scorekeeper.web.helpers import my_game_tokens

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    games = services.my_games(my_game_tokens())
    return render_template("home.html", games=games)
