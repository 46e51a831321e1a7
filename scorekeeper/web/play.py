"""What every game does the same way, whatever its kind: its page at the capability URL, a new
game, correcting a round, undo, and the poll that tells phones how long the log is. Each looks
the game's own pieces up in :mod:`scorekeeper.web.pages`."""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper import services
from scorekeeper.games.events import Event, RuleError
from scorekeeper.games.registry import game_for
from scorekeeper.web import actions, page_cache
from scorekeeper.web.forms import AgainForm, UndoForm
from scorekeeper.web.helpers import get_game_or_404, remember, share_url
from scorekeeper.web.pages import GamePages, pages_for

bp = Blueprint("play", __name__)


def render_game(game: services.LoadedGame, status: int = 200, **forms: Any) -> ResponseReturnValue:
    """The page of a game of any kind (its templates' indentation is gone already: they lose it
    as they are read, ``web/whitespace.py``)."""
    return pages_for(game.kind).render_game(game, status, **forms)


def _pages_or_404(kind: str) -> GamePages:
    try:
        return pages_for(kind)
    except LookupError:
        abort(404)


@bp.get("/g/<token>")
def game(token: str):
    loaded = get_game_or_404(token)
    remember(token)
    # The page shows the game at its log position and its address (from the request's host).
    key = (loaded.token, loaded.seq, share_url(token))
    return page_cache.serve(key, lambda: render_game(loaded))


@bp.route("/<kind>/new", methods=["GET", "POST"])
def new(kind: str) -> ResponseReturnValue:
    """A new game of any kind: the names, the first dealer (or a draw) and the options."""
    pages = _pages_or_404(kind)
    form = pages.new_form()
    if form.validate_on_submit():
        drawn = form.first_dealer.data == "random"
        seats = game_for(kind).seats
        first = secrets.randbelow(seats) if drawn else int(form.first_dealer.data)
        try:
            setup = form.setup(first)
        except RuleError as error:
            actions.show_error(form, error)
        else:
            created = services.create(kind, setup)
            remember(created.token)
            if drawn:
                flash(_("The draw: %(name)s deals first.", name=setup.players[first]))
            return redirect(url_for("play.game", token=created.token), 303)
    status = 422 if form.is_submitted() else 200
    return render_template(pages.new_template, form=form, kind=kind), status


#: How many rounds one correction may change at once.
MOST_AT_ONCE = 4


@bp.route("/g/<token>/<noun>/<int:number>/correct", methods=["GET", "POST"])
def correct(token: str, noun: str, number: int) -> ResponseReturnValue:
    """Correct round ``number`` (a deal, a hand) of a game whose rounds are corrected with one
    form; every later round is scored again. Where the game's rules take a correction of
    several rounds at once, ``?also=10`` adds round 10 to the same correction (and a refusal
    that names another round offers to add it)."""
    loaded = get_game_or_404(token)
    correction = pages_for(loaded.kind).correction
    if correction is None or noun != loaded.rules.noun:
        abort(404)
    remember(token)
    count = correction.count(loaded.state)
    if not 1 <= number <= count:
        return redirect(url_for("play.game", token=token), 303)
    also = _also(number, count) if correction.combine else []
    form = correction.form()
    others = {k: correction.form(prefix=f"d{k}-", meta={"csrf": False}) for k in also}
    numbers = [number, *also]
    status = 200
    if not form.is_submitted():
        form.seq.data = loaded.seq
        form.deal.data = number
        form.was.data = actions.fingerprint(loaded, numbers)
        correction.fill(form, loaded, number)
        for k, other in others.items():
            correction.fill(other, loaded, k)
        if "typed" in request.args:  # an entry another phone beat, or typed before "too"
            for typed in (form, *others.values()):
                actions.carry_over(typed, request.args)
        suggested = request.args.get("suggest", type=int)
        if correction.suggest and suggested in others:
            correction.suggest(form, others[suggested], loaded, number, suggested)
    elif form.validate() and all(other.validate() for other in others.values()):

        def event(_form: Any) -> Event:
            events = [correction.event(form, loaded, number)]
            events += [correction.event(other, loaded, k) for k, other in others.items()]
            return events[0] if len(events) == 1 else correction.combine(events)  # type: ignore[misc]

        def again(game: services.LoadedGame, status: int, **shown: Any) -> ResponseReturnValue:
            return _correction_page(game, correction, number, form, others, status, **shown)

        return actions.save_correction(loaded, form, event, numbers, page=again)
    else:
        status = 422
    return _correction_page(loaded, correction, number, form, others, status)


def _also(number: int, count: int) -> list[int]:
    """The other rounds of a correction (``?also=``): each once, at most a few."""
    found: list[int] = []
    for k in request.args.getlist("also", type=int):
        if 1 <= k <= count and k != number and k not in found:
            found.append(k)
    return found[: MOST_AT_ONCE - 1]


def _with_also(token: str, noun: str, number: int, also: list[int], adding: int) -> str:
    """The correction page of ``number`` with ``also`` beside it, keeping what was typed for
    ``number`` (and, where the game suggests it, what round ``adding`` should say)."""
    typed = {
        name: values for name, values in request.form.lists() if name not in actions.NOT_CARRIED
    }
    return url_for(
        "play.correct",
        token=token,
        noun=noun,
        number=number,
        also=also,
        suggest=adding,
        typed="some",
        **typed,
    )


def _correction_page(
    game: services.LoadedGame,
    correction: Any,
    number: int,
    form: Any,
    others: dict[int, Any],
    status: int,
    conflict: services.Conflict | None = None,
) -> ResponseReturnValue:
    """The correction form of round ``number`` (and of ``others``), with what the rules said,
    or with what another phone changed meanwhile (``conflict``)."""
    context = correction.context(game, number)
    rounds = [(k, other, correction.context(game, k)) for k, other in others.items()]
    offer = offer_url = None
    if correction.combine and len(others) < MOST_AT_ONCE - 1:
        offer = next(iter(getattr(form, "refused_rounds", ())), None)
    if offer is not None:
        noun = game.rules.noun
        offer_url = _with_also(game.token, noun, number, [*others, offer], offer)
    return render_template(
        correction.template,
        game=game,
        state=game.state,
        form=form,
        others=rounds,
        offer=offer,
        offer_url=offer_url,
        conflict=conflict,
        **context,
    ), status


@bp.route("/g/<token>/undo", methods=["GET", "POST"])
def undo(token: str) -> ResponseReturnValue:
    """Take back the last action still in effect (an undo is an event too): the page says what
    that is and asks first; afterwards the game page says what was taken back. An undo is
    always of what the page said: if another phone wrote meanwhile, nothing is undone and the
    page asks again about what is last now."""
    loaded = get_game_or_404(token)
    remember(token)
    form = UndoForm()
    status = 200
    conflict = None
    if form.validate_on_submit():
        entry = actions.last_action(loaded)
        try:
            services.record(loaded, Event("undo"), form.based_on())
        except services.Conflict as changed:
            conflict, loaded, status = changed, changed.current, 409
        except RuleError:  # nothing left to undo
            status = 422
        else:
            said = actions.change_words(entry, loaded.rules.noun) if entry else ""
            flash(_("Taken back: %(change)s", change=said))
            return redirect(url_for("play.game", token=token, _anchor="top"), 303)
    elif form.is_submitted():
        status = 422
    form.seq.data = loaded.seq
    return render_template(
        "undo.html",
        game=loaded,
        form=form,
        entry=actions.last_action(loaded),
        conflict=conflict,
        noun=loaded.rules.noun,
    ), status


@bp.get("/g/<token>/join")
def join(token: str) -> ResponseReturnValue:
    """The game's QR code and address, for another phone to join (a tap away on the game page
    once the game has begun; before that it stands at the top of the game page)."""
    loaded = get_game_or_404(token)
    remember(token)
    return render_template("join.html", **actions.page_context(loaded))


@bp.post("/g/<token>/again")
def again(token: str) -> ResponseReturnValue:
    """Play again: the same players, the next one dealing first (one game, however many phones
    ask); then the new game's page, whose QR code the table may not even need."""
    loaded = get_game_or_404(token)
    remember(token)
    if not AgainForm().validate_on_submit() or not loaded.state.finished:
        return redirect(url_for("play.game", token=token), 303)
    following = services.play_again(loaded)
    remember(following.token)
    return redirect(url_for("play.game", token=following.token), 303)


@bp.get("/g/<token>/seq")
def seq(token: str):
    """How long the log is: phones poll this and reload when another phone wrote. Served by
    :mod:`scorekeeper.web.poll` before Flask sees it; this route answers the same when the
    database could not answer there (and names the address for ``url_for``)."""
    try:
        position = services.position(token)
    except services.GameNotFound:
        return jsonify(error="not found"), 404
    response = jsonify(seq=position)
    response.cache_control.no_store = True
    return response
