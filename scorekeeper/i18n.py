"""Words: every user-facing string goes through gettext (Flask-Babel); English is the source."""

from __future__ import annotations

from flask import Flask
from flask_babel import Babel, get_locale

babel = Babel()


def init_app(app: Flask) -> None:
    babel.init_app(app)
    app.jinja_env.globals["get_locale"] = get_locale
