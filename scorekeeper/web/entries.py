"""What every game page does with an entry typed into a form, whatever the game: validate →
write → redirect, or show the page again with the player's input and the message next to its
field, or with the "Already recorded from another phone" banner when another phone wrote first.

A game's route reads its form, calls one write of :mod:`scorekeeper.table.services` and hands what
came back to :func:`entered` (or, for a correction, :func:`landed` here and
:func:`~scorekeeper.web.corrections.rebase` and :func:`~scorekeeper.web.corrections.refused`);
the page is the game's ``render_game`` (:mod:`scorekeeper.web.pages`, drawn by
:func:`scorekeeper.web.game_page.game_page`). The rules stay in the engine, the log in
:mod:`scorekeeper.table.store`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

from flask import Response, flash, redirect, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper.games.events import Event
from scorekeeper.table import services
from scorekeeper.web.corrections import correction_url
from scorekeeper.web.field_errors import show_error
from scorekeeper.web.forms import LogForm
from scorekeeper.web.game_locks import refuse_if_locked, refused_as_locked
from scorekeeper.web.helpers import get_game_or_404, remember
from scorekeeper.web.pages import pages_for
from scorekeeper.web.seats import at_game


class FormEntry(Protocol):
    """An entry typed into a form of a game page, as the game's pages read it: the form (which
    the page's ``render_game`` takes under ``name``), the event it makes against the game as it
    stands (a :class:`services.Entry`), and what was typed, in words, for the page that says
    another phone wrote first."""

    name: ClassVar[str]

    @property
    def form(self) -> LogForm: ...

    def event(self, game: services.LoadedGame) -> Event: ...

    def kept(self, game: services.LoadedGame) -> str: ...


def enter(token: str, entry: FormEntry, kind: str) -> ResponseReturnValue:
    """An entry typed on the page of a game of ``kind``: validate its form, write it
    (:func:`services.enter`), answer (:func:`entered`)."""
    game = open_game(token, kind)
    if not entry.form.validate_on_submit():
        return refill(game, entry)
    form, by = entry.form, at_game(game)
    written = services.enter(
        game, entry, form.based_on(), about=form.deal_number(), seat=by.seat, phone=by.phone
    )
    return entered(written, entry)


def open_game(token: str, kind: str | None = None) -> services.LoadedGame:
    """The game a form was sent to, or a form's page is for (of ``kind``, for a page of one
    game's), kept on this browser's list; the 404 page when there is none, its locked page when
    this browser may not change it (:func:`refuse_if_locked`)."""
    game = get_game_or_404(token, kind)
    remember(token)
    refuse_if_locked(game)
    return game


def refill(game: services.LoadedGame, entry: FormEntry, status: int = 422) -> ResponseReturnValue:
    """The game page again, the entry's form keeping the player's input and its messages."""
    return pages_for(game.kind).render_game(game, status, **{entry.name: entry.form})


def entered(written: services.Written, entry: FormEntry) -> ResponseReturnValue:
    """The answer to an entry typed on a game page: the game page, landing on what changed
    (``#latest``), once it is recorded (by this phone, or the very same by another or by this
    one before: sent again after *Back*); the page again with the message beside its field
    when the rules refuse it; with what another phone (or this one) recorded first
    (:func:`conflict_page`) when that came in between."""
    if isinstance(written, services.LoadedGame):
        sent(written)
        return to_latest(written)
    if isinstance(written, services.AlreadyEntered):
        now, form = written.game, entry.form
        if sent_here(now, form.based_on(), form.deal_number()):
            flash(_("You already recorded this: nothing more to do."), DONE)
        else:
            flash(_("Another phone recorded the same: nothing more to do."), DONE)
        return to_latest(now)
    if isinstance(written, services.Refused):
        locked = refused_as_locked(written)
        if locked is not None:
            return locked
        show_error(entry.form, written.error)
        return refill(written.game, entry)
    return conflict_page(written, entry)


#: The flash category of what a game page says about the write that led to it (an undo, an
#: entry that was there already): said just below its head, where the page lands.
DONE = "done"


def to_latest(game: services.LoadedGame) -> ResponseReturnValue:
    """The game page where it says what just changed (``#latest``, below its sticky head;
    app.js puts it in place of the page the entry was sent from, adding no step to *Back*)."""
    return redirect(url_for("play.game", token=game.token, _anchor=LATEST), 303)


#: The fragment of the part of a game page that says what just changed (its templates put
#: the id on one part: a refusal, what an undo took back, the winner, the latest round).
LATEST = "latest"


#: How many of its latest writes a phone's session keeps (as game/log position): enough to
#: know an entry sent again (*Back*, then the same button) as its own.
SENT_KEPT = 8


def sent(game: services.LoadedGame) -> None:
    """Keep in this phone's session (its signed cookie) that the latest entry of ``game`` was
    written from here. Nothing of it goes into the game's log or its record."""
    mark = f"{game.token}/{game.seq - 1}"
    session["sent"] = [*session.get("sent", [])[1 - SENT_KEPT :], mark]


def sent_here(game: services.LoadedGame, based_on: int, deal: int | None = None) -> bool:
    """Whether what was written to ``game`` since log position ``based_on`` (about round
    ``deal``, when any of it is) was all written from this phone (:func:`sent`)."""
    mine = set(session.get("sent", ()))
    since = [h for h in game.state.history if h.seq >= based_on]
    about = [h for h in since if deal is not None and h.deal == deal] or since
    return bool(about) and all(f"{game.token}/{h.seq}" in mine for h in about)


def conflict_page(conflict: services.Conflict, entry: FormEntry) -> ResponseReturnValue:
    """Nothing was stored: the game page as it is now says what the other phone recorded and
    what this one typed, and offers to correct that deal with it — or, while its deal is still
    to be entered, keeps the input in the form."""
    now = conflict.current
    number = entry.form.deal_number()
    forms: dict[str, Any] = {"conflict": conflict, "kept": entry.kept(now)}
    fix = correction_url(now, number, entry.form)
    if fix is not None and any(h.deal == number for h in conflict.new_events):
        forms["fix"] = (number, fix)
    else:  # its deal is still to be entered: the form keeps what was typed
        forms[entry.name] = entry.form
    return pages_for(now.kind).render_game(now, 409, **forms)


def landed(game: services.LoadedGame, numbers: Sequence[int]) -> ResponseReturnValue:
    """After a correction: its (first) round in the game's log, where the page says what
    changed."""
    sent(game)
    flash(str(min(numbers)), "deal")
    return redirect(url_for("play.game", token=game.token, _anchor=f"r{min(numbers)}"), 303)


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
