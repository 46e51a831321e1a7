"""What every game page does with a form, whatever the game: validate → append → redirect, or
show the page again with the player's input and the message next to its field, or with the
"Already recorded from another phone" banner when another phone wrote first.

A game's blueprint gives these its page renderer (``render_game(game, status, **forms)``) and
its event builder; the rules stay in the engine, the log in :mod:`scorekeeper.store`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from flask import Response, flash, get_flashed_messages, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_wtf import FlaskForm

from scorekeeper import services, store
from scorekeeper.evenings import services as evenings
from scorekeeper.games.events import Event, HistoryEntry, RuleError
from scorekeeper.i18n import say_here
from scorekeeper.records import NoRecordFormat, codec_for
from scorekeeper.web.forms import AgainForm, ErrorSlot, LogForm
from scorekeeper.web.helpers import get_game_or_404, remember, share_url
from scorekeeper.web.pages import pages_for


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
    """What every game page's shared sections need (joining, keeping, printing, the log, what
    Undo takes back, the deal a correction just changed, the evening it was made for)."""
    return {
        "game": game,
        "state": game.state,
        "share_url": share_url(game.token),
        "times": game.times,
        "last_action": last_action(game),
        "noted": noted_round(),
        "again": AgainForm(formdata=None) if game.state.finished else None,
        "seat": evenings.seat_of(game),
    }


def last_action(game: store.LoadedGame) -> HistoryEntry | None:
    """The entry an undo would take back: the latest one still in effect."""
    undoable = game.played.undoable
    return game.state.history[undoable[-1][0]] if undoable else None


def change_words(entry: HistoryEntry, noun: str) -> str:
    """An entry of the changes list in words: ``Deal 5: tricks 5/5/6``."""
    said = say_here(entry.summary)
    if noun == "deal":
        return _("Deal %(n)d: %(change)s", n=entry.deal, change=said) if entry.deal else said
    return said[:1].upper() + said[1:]


def noted_round() -> int | None:
    """The round a correction just changed (the page marks it, and says what changed)."""
    for number in get_flashed_messages(category_filter=["round"]):
        if str(number).isdigit():
            return int(number)
    return None


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

    Another phone may have written since this page was drawn. Then the entry still goes on top
    when nothing written since was about its deal; it is a success when the other phone
    recorded the very same; otherwise nothing is stored and the page says what the other phone
    recorded, keeps the input, and offers to correct that deal with it.
    """
    game = get_game_or_404(token, kind)
    remember(token)
    if not form.validate_on_submit():
        return page(game, 422, **{form_name: form})
    number = form.deal_number()
    try:
        event = event_for(form, game)
        services.record_on_top(game, event, form.based_on(), services.untouched(number))
    except store.Conflict as conflict:
        if conflict.recorded(event):
            flash(_("Another phone recorded the same: nothing more to do."))
            return redirect(url_for("play.game", token=token) + "#top", 303)
        now = conflict.current
        words = kept(now) if callable(kept) else kept
        forms: dict[str, Any] = {"conflict": conflict, "kept": words}
        fix = correction_url(now, number, form)
        if fix is not None and any(h.deal == number for h in conflict.new_events):
            forms["fix"] = (number, fix)
        else:  # its deal is still to be entered: the form keeps what was typed
            forms[form_name] = form
        return page(now, 409, **forms)
    except RuleError as error:
        show_error(form, error)
        return page(game, 422, **{form_name: form})
    return redirect(url_for("play.game", token=token) + "#top", 303)


#: Fields a typed entry does not carry over to a correction of its deal.
NOT_CARRIED = frozenset({"csrf_token", "seq", "deal", "was", "step"})


def correction_url(game: store.LoadedGame, number: int | None, form: LogForm) -> str | None:
    """The correction of deal ``number`` with what was typed in ``form`` filled in (None when
    the game has no such deal to correct). ``typed=all``: the form is the whole deal, as the
    correction form has it; ``typed=some``: only some of its fields (the tricks)."""
    pages = pages_for(game.kind)
    if number is None or not 1 <= number <= pages.rounds(game.state):
        return None
    typed = {
        name: values
        for name, values in request.form.lists()
        if name not in NOT_CARRIED and values != [""]
    }
    whole = pages.correction is None or isinstance(form, pages.correction.form)
    return pages.correction_url(game.token, number, typed="all" if whole else "some", **typed)


def carry_over(form: FlaskForm, args: Any) -> None:
    """Fill ``form`` (a correction, already filled with its deal as recorded) with what a
    typed entry carried over in ``args`` (:func:`correction_url`): every field when it carried
    the whole deal, else only the fields it has."""
    whole = args.get("typed") == "all"
    for field in form:
        if field.name in NOT_CARRIED:
            continue
        if whole or field.name in args:
            field.process(args)


def save_correction(
    game: store.LoadedGame,
    form: LogForm,
    event_for: Callable[[Any], Event],
    numbers: Sequence[int],
    *,
    page: Callable[..., ResponseReturnValue],
) -> ResponseReturnValue:
    """Append a correction built from a validated form and land on its (first) deal in the
    game's log, where the page says what changed.

    Another phone may have written since the form was opened: the correction still goes on top
    unless one of its deals changed meanwhile (``form.was`` is what they said when the form was
    opened). Then, and when the rules refuse it, the correction form is shown again
    (``page(game, status, conflict=…)``) with the input kept, the message beside its field or
    what changed at the top, and the form based on the game as it is now.
    """
    try:
        event = event_for(form)
        services.record_on_top(
            game, event, form.based_on(), lambda c: fingerprint(c.current, numbers) == form.was.data
        )
    except store.Conflict as conflict:
        now = conflict.current
        form.seq.data = now.seq
        form.was.data = fingerprint(now, numbers)
        return page(now, 409, conflict=conflict)
    except RuleError as error:
        show_error(form, error)
        form.refused_rounds = [k for k in (error.deal, error.other) if k and k not in numbers]
        return page(game, 422)
    flash(str(min(numbers)), "round")
    return redirect(url_for("play.game", token=game.token, _anchor=f"r{min(numbers)}"), 303)


def fingerprint(game: store.LoadedGame, numbers: Iterable[int]) -> str:
    """What deals ``numbers`` say as entered, in a few characters: a correction form carries it
    (``was``) to tell whether its deals changed while it was open. Without a record format, the
    log position stands in (any change then counts)."""
    try:
        codec = codec_for(game.kind)
    except NoRecordFormat:
        return f"seq {game.seq}"
    entries = codec.state_entries(game.state)
    said = [
        codec.entered(entries[number - 1]) if 1 <= number <= len(entries) else None
        for number in sorted(set(numbers))
    ]
    text = json.dumps(said, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


#: Sent by static/app.js with an entry it sends itself (to keep it on the phone until the
#: server answers): a redirect is then answered with where it leads instead, since a script's
#: request follows a redirect without saying where to (nor its ``#deal`` to land on).
SENT_BY_SCRIPT = "X-Sent-By"


def redirect_for_script(response: Response) -> Response:
    """A redirect that answers an entry app.js sent: 200 with the address in ``X-Location``."""
    if request.headers.get(SENT_BY_SCRIPT) == "app.js" and response.status_code in (302, 303):
        response.headers["X-Location"] = response.headers.pop("Location")
        response.status_code = 200
    return response
