"""Words: every user-facing string goes through gettext (Flask-Babel); English is the source."""

from __future__ import annotations

from babel.support import NullTranslations
from flask import Flask, g, has_app_context
from flask_babel import Babel, get_locale, get_translations

babel = Babel()


def _translations() -> NullTranslations:
    """This request's translations, looked up once per request rather than once per string (a
    game page says about a hundred strings)."""
    if not has_app_context():
        return get_translations()
    found = g.get("_translations")
    if found is None:
        found = g._translations = get_translations()
    return found


def init_app(app: Flask) -> None:
    babel.init_app(app)
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: _translations().ugettext(s),
        ngettext=lambda s, p, n: _translations().ungettext(s, p, n),
        pgettext=lambda c, s: _translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: _translations().unpgettext(c, s, p, n),
        newstyle=True,
    )
    app.jinja_env.globals["get_locale"] = get_locale
