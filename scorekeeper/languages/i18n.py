"""Words: every user-facing string goes through gettext (Flask-Babel); English is the source.

The language of a request is, in this order: ``?lang=sv`` (the printing links carry it, so a PDF
is in the language of the page that asked for it), the ``lang`` cookie (the sv/en switch on
every page), the browser's ``Accept-Language``, English. The catalogues are read by
:mod:`scorekeeper.languages.locales` (no compiled files); a request looks its translations up once.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any, Protocol, cast

from babel.support import NullTranslations
from flask import Flask, Response, g, has_app_context, has_request_context, request
from flask_babel import Babel, Domain, get_locale, get_translations

from scorekeeper.games.text import current_words, say, speaking
from scorekeeper.languages import locales

#: The cookie that keeps a browser's choice of language (a year).
COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600


class _CatalogueDomain(Domain):
    """Flask-Babel's domain, with the catalogues :mod:`scorekeeper.languages.locales` reads from the
    ``.po`` files (no ``.mo`` files on disk)."""

    def get_translations(self) -> NullTranslations:
        locale = get_locale()
        return locales.translations(locale.language if locale is not None else "en")


class _Babel(Babel):
    @cached_property
    def domain_instance(self) -> Domain:
        return _CatalogueDomain()


babel = _Babel()


def select_language() -> str:
    """This request's language: ``?lang=``, the cookie, ``Accept-Language``, English. Outside
    a request (the server starting), the language the command line speaks."""
    if not has_request_context():
        return current_words().language
    for chosen in (request.args.get("lang"), request.cookies.get(COOKIE)):
        if chosen in locales.LANGUAGES:
            return chosen
    accepted = [tag for tag, quality in request.accept_languages if quality > 0]
    return locales.best_language(accepted) or locales.DEFAULT_LANGUAGE


def language() -> str:
    """The language of this request (``sv``, ``en``)."""
    locale = get_locale()
    return locale.language if locale is not None else locales.DEFAULT_LANGUAGE


def words() -> locales.BabelWords:
    """This request's words (the engines' messages, numbers, dates): English outside one."""
    if not has_app_context():
        return locales.words_for(locales.DEFAULT_LANGUAGE)
    return locales.words_for(language())


def say_here(message: Any) -> str:
    """An engine's message (a :class:`~scorekeeper.games.text.Text`), a message id or any
    value, in this request's language."""
    return say(message, words())


def _translations() -> NullTranslations:
    """This request's translations, looked up once per request rather than once per string (a
    game page says about a hundred strings)."""
    if not has_app_context():
        return _domain_translations()
    found: NullTranslations | None = g.get("_translations")
    if found is None:
        found = g._translations = _domain_translations()
    return found


def _domain_translations() -> NullTranslations:
    """Flask-Babel's translations of the request, from its domain (ours, above). Flask-Babel
    has no types: this says what its ``get_translations`` returns."""
    translations: NullTranslations = get_translations()
    return translations


def _speak() -> None:
    """For the rest of the request, engine messages a page shows are said in its language."""
    talk = speaking(words())
    talk.__enter__()
    g._speaking = talk


def _stop_speaking(_error: BaseException | None = None) -> None:
    talk = g.pop("_speaking", None)
    if talk is not None:
        talk.__exit__(None, None, None)


#: Responses whose words depend on the language chosen.
_WORDED = frozenset({"text/html", "application/pdf", "text/csv"})


def _vary(response: Response) -> Response:
    """A page, PDF or CSV differs by the browser's languages and the cookie that chose one:
    say so to any cache between the server and the phone."""
    if response.mimetype in _WORDED:
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
    return response


class _GettextEnvironment(Protocol):
    """What Jinja's i18n extension, which Flask-Babel adds, puts on the Jinja environment."""

    def install_gettext_callables(
        self,
        gettext: Callable[[str], str],
        ngettext: Callable[[str, str, int], str],
        newstyle: bool | None = None,
        pgettext: Callable[[str, str], str] | None = None,
        npgettext: Callable[[str, str, str, int], str] | None = None,
    ) -> None: ...


def init_app(app: Flask) -> None:
    babel.init_app(app, locale_selector=select_language)
    cast(_GettextEnvironment, app.jinja_env).install_gettext_callables(
        gettext=lambda s: _translations().ugettext(s),
        ngettext=lambda s, p, n: _translations().ungettext(s, p, n),
        pgettext=lambda c, s: _translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: _translations().unpgettext(c, s, p, n),
        newstyle=True,
    )
    app.before_request(_speak)
    app.teardown_request(_stop_speaking)
    app.after_request(_vary)
    app.jinja_env.globals["get_locale"] = get_locale
    app.jinja_env.globals["language"] = language
    app.jinja_env.globals["languages"] = locales.LANGUAGE_NAMES
    app.jinja_env.filters["say"] = say_here
    app.jinja_env.filters["date"] = lambda day: words().date(day)
    app.jinja_env.filters["clock"] = lambda moment: words().time(moment)


__all__ = ["COOKIE", "babel", "init_app", "language", "say_here", "select_language", "words"]
