"""What the templates may call besides Jinja's own: the filters and globals of every page."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

from flask import Flask, url_for

from scorekeeper.games.cards import Suit
from scorekeeper.games.text import join_names, signed
from scorekeeper.web import assets, charts, helpers
from scorekeeper.web.formatting import card_label, game_title, seat_label
from scorekeeper.web.pages import all_pages, pages_for
from scorekeeper.web.phone import known_phone_id
from scorekeeper.web.whitespace import Unindent


def init_app(app: Flask) -> None:
    env = app.jinja_env
    env.add_extension(Unindent)
    env.globals["game_assets"] = assets.game_assets
    env.globals["page_style"] = assets.page_style
    env.globals["Suit"] = Suit
    env.globals["asset"] = asset_urls(app)
    env.filters["signed"] = signed
    env.filters["join_names"] = join_names
    env.filters["card"] = card_label
    env.filters["seat_label"] = seat_label
    env.globals["game_title"] = game_title
    env.globals["game_pages"] = all_pages
    env.globals["game_pages_for"] = pages_for
    env.globals["game_part"] = helpers.game_part
    env.globals["game_chart"] = charts.game_chart
    env.globals["evening_chart"] = charts.evening_chart
    env.globals["page_part"] = helpers.page_part
    env.globals["memo"] = helpers.memo
    env.globals["join_qr"] = helpers.share_qr
    env.globals["this_phone"] = known_phone_id


def asset_urls(app: Flask) -> Callable[[str], str]:
    """``asset("app.css")`` → ``/static/app.css?v=<content hash>``: browsers may cache static
    files for a year (``SEND_FILE_MAX_AGE_DEFAULT``) and still get a new version at once."""
    versions: dict[str, str] = {}

    def asset(filename: str) -> str:
        if filename not in versions or app.debug:
            path = Path(app.static_folder or "static") / filename
            versions[filename] = hashlib.sha256(path.read_bytes()).hexdigest()[:10]
        return url_for("static", filename=filename, v=versions[filename])

    return asset
