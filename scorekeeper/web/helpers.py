"""Small pieces every view uses: loading a game or 404, this browser's games, share links."""

from __future__ import annotations

from flask import abort, current_app, request, session, url_for

from scorekeeper import hosts, store
from scorekeeper.db import db
from scorekeeper.qr import qr_svg

MY_GAMES = 20


def get_game_or_404(token: str) -> store.LoadedGame:
    try:
        return store.load(db.session, token)
    except store.GameNotFound:
        abort(404)


def remember(token: str) -> None:
    """Keep the game on this browser's list (signed session cookie), newest first."""
    tokens = [t for t in session.get("games", []) if t != token]
    session["games"] = [token, *tokens][:MY_GAMES]


def my_game_tokens() -> list[str]:
    tokens = session.get("games", [])
    return [t for t in tokens if isinstance(t, str)]


def share_url(token: str) -> str:
    """The game's address as other phones reach it (never localhost, never a forged host)."""
    url = url_for("play.game", token=token, _external=True)
    return hosts.share_url(url, current_app.config, request.environ.get("SERVER_PORT"))


def share_qr(token: str):
    return qr_svg(share_url(token), title="QR code of this game's address")
