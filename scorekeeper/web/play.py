"""What every game does the same way, whatever its kind: its page at the capability URL, a new
game, correcting a deal, undo, and the poll that tells phones how long the log is. Each looks
the game's own pieces up in :mod:`scorekeeper.web.pages`."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, flash, g, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper.evenings import services as evenings
from scorekeeper.games.events import Event, RuleError
from scorekeeper.languages.i18n import say_here
from scorekeeper.table import services
from scorekeeper.web import (
    corrections,
    entries,
    field_errors,
    game_locks,
    game_page,
    page_cache,
    seats,
)
from scorekeeper.web.bounds import whole
from scorekeeper.web.forms import AgainForm, ConfirmForm, LogForm, SeatForm, UndoForm
from scorekeeper.web.helpers import get_game_or_404, my_game_tokens, remember, url_to_share
from scorekeeper.web.pages import Correction, GamePages, pages_for

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
def game(token: str) -> ResponseReturnValue:
    loaded = get_game_or_404(token)
    # Before the first entry, a browser that did not have the game on its list yet (it came by
    # a link: an evening's page, a table card) shows its QR code first, for the others at its
    # table; the phone that started the game shows the form first, the code a tap away.
    new_here = g.new_here = not loaded.seq and token not in my_game_tokens()
    remember(token)
    # The page shows the game at its polled position (its log and, in a game that confirms, its
    # confirmations), its address (from the request's host), who this phone said it is (its
    # head) and, while entries wait, whether this browser confirms them as the organiser and
    # which of them it entered (it confirms none of those).
    organiser = bool(loaded.waiting) and seats.is_organiser(loaded)
    you, mine = seats.phone_seat(loaded), game_page.entered_here(loaded)
    # ... whether it is locked (its evening closed, a later round started), for this phone, and
    # whether this browser came by a link (new_here, above).
    lock = game_locks.lock_of(loaded)
    locked = lock and lock.key
    url = url_to_share("play.game", token)
    key = (loaded.token, loaded.position, url, you, organiser, mine, locked, new_here)
    return page_cache.serve(key, lambda: render_game(loaded))


@bp.route("/g/<token>/seat", methods=["GET", "POST"])
def seat(token: str) -> ResponseReturnValue:
    """Who is at this phone: one of the game's seats (a player, or a pair), or none. Kept in
    the phone's session for that game; every entry it makes from then on records that seat.
    Then back to the game page, which says it in its head ("You: Anna"). Anything but one of
    the game's own seats is refused, and so is a change the phone may no longer make (it
    entered or confirmed at a seat of a game that confirms: :mod:`scorekeeper.web.seats`): the
    page again saying why (422), nothing kept."""
    loaded = entries.open_game(token)
    form = SeatForm()
    you, stays = seats.phone_seat(loaded), seats.why_seat_stays(loaded)
    refused = None
    if form.is_submitted():
        if not form.validate():
            abort(400)
        chosen = form.seat.data or ""
        if chosen not in ("", *seats.seat_ids(loaded)):
            refused = _("Choose one of this game's seats.")
        elif stays is not None and (chosen or None) != you:
            refused = stays
        else:
            seats.choose_seat(token, chosen or None)
            return redirect(url_for("play.game", token=token), 303)
    return render_template(
        "seat.html",
        game=loaded,
        state=loaded.state,
        form=form,
        seat_names=seats.seat_names(loaded),
        you=you,
        stays=stays,
        refused=refused,
    ), 422 if refused else 200


@bp.route("/<kind>/new", methods=["GET", "POST"])
def new(kind: str) -> ResponseReturnValue:
    """A new game of any kind: the names, the first dealer (or a draw) and the options."""
    pages = _pages_or_404(kind)
    form = pages.new_form()
    if form.validate_on_submit():
        drawn = form.first_dealer.data == "random"
        seats = len(form.names())  # the game's seats, or as many as were typed (a free game)
        first = secrets.randbelow(seats) if drawn else int(form.first_dealer.data)
        try:
            setup = form.setup(first)
        except RuleError as error:
            field_errors.show_error(form, error)
        else:
            created = services.create(kind, setup, confirms=bool(form.confirms.data))
            remember(created.token)
            if drawn:
                flash(_("The draw: %(name)s deals first.", name=setup.players[first]))
            return redirect(url_for("play.game", token=created.token), 303)
    status = 422 if form.is_submitted() else 200
    return render_template(pages.new_template, form=form, kind=kind), status


#: How many deals one correction may change at once.
MOST_AT_ONCE = 4


@dataclass(frozen=True)
class Corrected:
    """A correction of deal ``number`` (and of the deals of ``others``, where the game's
    rules take several at once), as its forms have it: the entry a correction writes."""

    correction: Correction
    number: int
    form: LogForm
    others: dict[int, LogForm]

    @property
    def numbers(self) -> list[int]:
        return [self.number, *self.others]

    def event(self, game: services.LoadedGame) -> Event:
        """One ``correct`` event: of the deal, or the rules' one of all the deals."""
        forms = {self.number: self.form, **self.others}
        events = [self.correction.event(form, game, k) for k, form in forms.items()]
        combine = self.correction.combine
        return events[0] if combine is None or len(events) == 1 else combine(events)


@bp.route("/g/<token>/<noun>/<int:number>/correct", methods=["GET", "POST"])
def correct(token: str, noun: str, number: int) -> ResponseReturnValue:
    """Correct deal ``number`` (a hand game's hand) of a game whose deals are corrected with one
    form; every later deal is scored again. Where the game's rules take a correction of
    several deals at once, ``?also=10`` adds deal 10 to the same correction (and a refusal
    that names another deal offers to add it)."""
    loaded = get_game_or_404(token)
    pages = pages_for(loaded.kind)
    correction = pages.correction
    if correction is None or noun != loaded.rules.noun:
        abort(404)
    entries.open_game(token)  # kept on the list; its page instead when locked for this phone
    count = pages.deals(loaded.state)
    if not 1 <= number <= count:
        return redirect(url_for("play.game", token=token), 303)
    also = _also(number, count) if correction.combine else []
    form = correction.form()
    others = {k: correction.form(prefix=f"d{k}-", meta={"csrf": False}) for k in also}
    entry = Corrected(correction, number, form, others)
    if not form.is_submitted():
        _prefill(loaded, entry)
    elif form.validate() and all(other.validate() for other in others.values()):
        return _save(loaded, entry)
    else:
        return _correction_page(loaded, entry, 422)
    return _correction_page(loaded, entry, 200)


def _prefill(game: services.LoadedGame, entry: Corrected) -> None:
    """The correction's forms as first shown: its deals as entered, with what a typed entry
    carried over (another phone beat it, or it was typed before "correct this one too"), and
    what the game suggests for an added deal."""
    correction, form, others = entry.correction, entry.form, entry.others
    corrections.rebase(form, game, entry.numbers)
    form.deal.data = str(entry.number)
    correction.fill(form, game, entry.number)
    for k, other in others.items():
        correction.fill(other, game, k)
    if "typed" in request.args:
        for typed in (form, *others.values()):
            corrections.carry_over(typed, request.args)
    suggested = request.args.get("suggest", type=whole)
    if correction.suggest and suggested in others:
        correction.suggest(form, others[suggested], game, entry.number, suggested)


def _save(game: services.LoadedGame, entry: Corrected) -> ResponseReturnValue:
    """Write the correction; on its (first) deal in the game's log once it is in, else the
    form again: with the rules' message (and the other deal it names offered), or based on
    the game as another phone's change left it."""
    form, numbers = entry.form, entry.numbers
    by = seats.at_game(game)
    written = services.correct(
        game,
        entry,
        form.based_on(),
        deals=numbers,
        was=form.was.data,
        seat=by.seat,
        phone=by.phone,
    )
    if isinstance(written, services.LoadedGame):
        return entries.landed(written, numbers)
    if isinstance(written, services.Refused):
        locked = game_locks.refused_as_locked(written)
        if locked is not None:
            return locked
        offered = corrections.refused(form, written.error, numbers)
        return _correction_page(written.game, entry, 422, offered=offered)
    corrections.rebase(form, written.current, numbers)
    return _correction_page(written.current, entry, 409, conflict=written)


def _also(number: int, count: int) -> list[int]:
    """The other deals of a correction (``?also=``): each once, at most a few."""
    found: list[int] = []
    for k in request.args.getlist("also", type=whole):
        if 1 <= k <= count and k != number and k not in found:
            found.append(k)
    return found[: MOST_AT_ONCE - 1]


def _with_also(token: str, noun: str, number: int, also: list[int], adding: int) -> str:
    """The correction page of ``number`` with ``also`` beside it, keeping what was typed for
    ``number`` (and, where the game suggests it, what deal ``adding`` should say)."""
    typed: dict[str, Any] = corrections.carried()
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
    entry: Corrected,
    status: int,
    conflict: services.Conflict | None = None,
    offered: Sequence[int] = (),
) -> ResponseReturnValue:
    """The correction form of its deals, with what the rules said (and the other deal their
    message names, ``offered`` to be corrected too), or with what another phone changed
    meanwhile (``conflict``)."""
    correction, number, others = entry.correction, entry.number, entry.others
    context = correction.context(game, number)
    deals = [(k, other, correction.context(game, k)) for k, other in others.items()]
    offer = offer_url = None
    if correction.combine and len(others) < MOST_AT_ONCE - 1:
        offer = next(iter(offered), None)
    if offer is not None:
        noun = game.rules.noun
        offer_url = _with_also(game.token, noun, number, [*others, offer], offer)
    return render_template(
        correction.template,
        game=game,
        state=game.state,
        form=entry.form,
        others=deals,
        offer=offer,
        offer_url=offer_url,
        conflict=conflict,
        refusals=field_errors.refusals([entry.form, *others.values()]),
        **context,
    ), status


@bp.route("/g/<token>/undo", methods=["GET", "POST"])
def undo(token: str) -> ResponseReturnValue:
    """Take back the last event still in effect (an undo is an event too): the page says what
    that is and asks first; afterwards the game page says what was taken back. An undo is
    always of what the page said: if another phone wrote meanwhile, nothing is undone and the
    page asks again about what is last now."""
    loaded = entries.open_game(token)
    form = UndoForm()
    status = 200
    conflict = None
    refused: RuleError | None = None
    if form.validate_on_submit():
        entry = game_page.last_event(loaded)
        by = seats.at_game(loaded)
        written = services.undo(loaded, form.based_on(), seat=by.seat, phone=by.phone)
        if isinstance(written, services.LoadedGame):
            said = game_page.change_words(entry, loaded.rules.noun) if entry else ""
            flash(_("Taken back: %(change)s", change=said), entries.DONE)
            entries.sent(written)
            return entries.to_latest(written)
        if isinstance(written, services.Conflict):
            conflict, loaded, status = written, written.current, 409
        elif (locked := game_locks.refused_as_locked(written)) is not None:
            return locked  # locked since the page was opened (its evening closed meanwhile)
        else:  # nothing left to undo
            refused, status = written.error, 422
    elif form.is_submitted():
        status = 422
    form.seq.data = str(loaded.seq)
    return render_template(
        "undo.html",
        game=loaded,
        form=form,
        entry=game_page.last_event(loaded),
        conflict=conflict,
        refused=refused,
        noun=loaded.rules.noun,
    ), status


@bp.post("/g/<token>/confirm/<int:seq>")
def confirm(token: str, seq: int) -> ResponseReturnValue:
    """*Confirm*: a phone at another seat than the entry's (or the organiser, with the club's
    PIN on this phone) confirms the entry at log position ``seq``; then the game page, which
    says so. A refusal (this phone's own seat entered it, it says no seat, the entry no longer
    waits) is said at the top of the game page, and nothing is stored."""
    loaded = entries.open_game(token)
    form = ConfirmForm()
    if not form.validate_on_submit():
        abort(400)
    by = seats.at_game(loaded)
    written = services.confirm(
        loaded,
        seq,
        by.seat,
        phone=by.phone,
        elsewhere=by.elsewhere,
        organiser=seats.is_organiser(loaded),
    )
    if isinstance(written, services.Refused):
        locked = game_locks.refused_as_locked(written)
        if locked is not None:  # locked since the page was opened (its evening closed meanwhile)
            return locked
        form.form_errors.append(say_here(written.error.text))
        return render_game(written.game, 422, confirm=form)
    entry = written.state.history[seq]
    flash(
        _("Confirmed: %(change)s", change=game_page.change_words(entry, written.rules.noun)),
        entries.DONE,
    )
    return entries.to_latest(written)


@bp.get("/g/<token>/join")
def join(token: str) -> ResponseReturnValue:
    """The game's QR code and address, for another phone to join (a tap away on the game page
    once the game has begun; before that it stands at the top of the game page)."""
    loaded = get_game_or_404(token)
    remember(token)
    return render_template("join.html", **game_page.page_context(loaded))


@bp.post("/g/<token>/again")
def again(token: str) -> ResponseReturnValue:
    """Play again: the same players and options, the next one dealing first (one game, however
    many phones ask); then the new game's page, whose QR code the table may not even need. Not
    for a table's game of an evening: its players play on in the evening's next round, seated
    by its plan (a game outside it would count nowhere and follow none of its rules)."""
    loaded = entries.open_game(token)
    if evenings.seat_of(loaded) is not None:
        form = AgainForm()
        form.form_errors.append(_("A game of an evening plays on in the evening's next round."))
        return render_game(loaded, 403, again=form)
    if not AgainForm().validate_on_submit() or not loaded.state.finished:
        return redirect(url_for("play.game", token=token), 303)
    following = services.play_again(loaded)
    remember(following.token)
    return redirect(url_for("play.game", token=following.token), 303)


@bp.get("/g/<token>/seq")
def seq(token: str) -> ResponseReturnValue:
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
