"""What every game page does with a form, whatever the game: validate → append → redirect, or
show the page again with the player's input and the message next to its field, or with the
"Already recorded from another phone" banner when another phone wrote first.

A game's blueprint gives these its page renderer (``render_game(game, status, **forms)``) and
its event builder; the rules stay in the engine, the log in :mod:`scorekeeper.store`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from flask import flash, redirect, url_for
from flask.typing import ResponseReturnValue
from flask_wtf import FlaskForm

from scorekeeper import services, store
from scorekeeper.games.events import Event, RuleError
from scorekeeper.i18n import say_here
from scorekeeper.web.forms import ErrorSlot, LogForm
from scorekeeper.web.helpers import get_game_or_404, remember, share_qr, share_url


class GamePage(Protocol):
    def __call__(
        self, game: store.LoadedGame, status: int = ..., /, **forms: Any
    ) -> ResponseReturnValue: ...


class FormErrors:
    """Errors that belong to no single field are shown at the top of the form."""

    def __init__(self, form: FlaskForm):
        self.errors = form.form_errors


def field_for(form: FlaskForm, error: RuleError) -> Any:
    """Where a rule error is shown: the field it names (through the form's ``error_fields``
    aliases, then its ``error_slots``), else at the top of the form."""
    name = error.field or ""
    name = getattr(form, "error_fields", {}).get(name, name)
    if name and name in form and name not in ("seq", "deal", "csrf_token"):
        return form[name]
    slots: dict[str, ErrorSlot] = getattr(form, "error_slots", {})
    if name in slots:
        return slots[name]
    return FormErrors(form)


def show_error(form: FlaskForm, error: RuleError) -> None:
    """Put a rule error's message, in the reader's language, where :func:`field_for` says."""
    field_for(form, error).errors.append(say_here(error.text))


def stray_errors(forms: Iterable[FlaskForm | None], visible: Iterable[FlaskForm]) -> list[str]:
    """The messages of forms the page does not show (the game moved on under the player), to
    be shown at the top of the page instead of being lost."""
    shown = list(visible)
    return [
        message
        for form in forms
        if form is not None and not any(form is v for v in shown)
        for message in [*form.form_errors, *(e for f in form for e in f.errors)]
    ]


def page_context(game: store.LoadedGame) -> dict[str, Any]:
    """What every game page's shared sections need (joining, keeping, printing, the log)."""
    return {
        "game": game,
        "state": game.state,
        "share_url": share_url(game.token),
        "share_qr": share_qr(game.token),
        "times": game.times,
    }


def act(
    token: str,
    form: LogForm,
    form_name: str,
    event_for: Callable[[Any, store.LoadedGame], Event],
    kept: str | Callable[[store.LoadedGame], str],
    page: GamePage,
    kind: str | None = None,
) -> ResponseReturnValue:
    """Validate, append, redirect; or show the page again with the message and the input.

    ``event_for(form, game)`` builds the event from the form and the game as loaded; it may
    raise :class:`RuleError` too (a form that cannot become an event). ``kept`` says in words
    what the player entered, for the conflict banner (a function of the game as it is now,
    when the words need its players' names).
    """
    game = get_game_or_404(token, kind)
    remember(token)
    if not form.validate_on_submit():
        return page(game, 422, **{form_name: form})
    try:
        services.record(game, event_for(form, game), form.based_on())
    except store.Conflict as conflict:
        words = kept(conflict.current) if callable(kept) else kept
        return page(conflict.current, 409, conflict=conflict, kept=words)
    except RuleError as error:
        show_error(form, error)
        return page(game, 422, **{form_name: form})
    return redirect(url_for("play.game", token=token) + "#top", 303)


def save_correction(
    game: store.LoadedGame,
    form: LogForm,
    event_for: Callable[[Any], Event],
    *,
    saved: str,
    changed: str,
) -> ResponseReturnValue | None:
    """Append a correction built from a validated form and go back to the game's log.

    Returns None when the rules refuse it: the message is then beside its field and the caller
    shows the correction form again. When another phone wrote first, nothing is stored and the
    game's log says ``changed``.
    """
    log = url_for("play.game", token=game.token, _anchor="log")
    try:
        services.record(game, event_for(form), form.based_on())
    except store.Conflict:
        flash(changed)
        return redirect(log, 303)
    except RuleError as error:
        show_error(form, error)
        return None
    flash(saved)
    return redirect(log, 303)
