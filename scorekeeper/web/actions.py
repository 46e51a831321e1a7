"""What every game page does with a form, whatever the game: validate → append → redirect, or
show the page again with the player's input and the message next to its field, or with the
"Already recorded from another phone" banner when another phone wrote first.

A game's route reads its form, calls one write of :mod:`scorekeeper.services` and hands what
came back to :func:`entered` (or, for a correction, :func:`landed`, :func:`rebase` and
:func:`refused`); the page is the game's ``render_game`` (:mod:`scorekeeper.web.pages`). The
rules stay in the engine, the log in :mod:`scorekeeper.store`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from flask import (
    Response,
    abort,
    flash,
    g,
    get_flashed_messages,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_wtf import FlaskForm

from scorekeeper import services
from scorekeeper.evenings import services as evenings
from scorekeeper.games.events import Event, HistoryEntry, RuleError
from scorekeeper.games.text import Text
from scorekeeper.i18n import say_here
from scorekeeper.web.forms import AgainForm, ConfirmForm, ErrorSlot, LogForm
from scorekeeper.web.helpers import get_game_or_404, remember, url_to_share
from scorekeeper.web.pages import pages_for
from scorekeeper.web.phone import known_phone_id
from scorekeeper.web.seats import ORGANISER_CHECKS as ORGANISER_CHECKS
from scorekeeper.web.seats import SEATS_KEPT as SEATS_KEPT
from scorekeeper.web.seats import at_game as at_game
from scorekeeper.web.seats import choose_seat as choose_seat
from scorekeeper.web.seats import is_organiser as is_organiser
from scorekeeper.web.seats import phone_seat as phone_seat
from scorekeeper.web.seats import seat_names as seat_names


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
    """Put a rule error's message, in the reader's language, where :func:`field_for` says; a
    lock's (:class:`services.Locked`) is no form's: the page says it once, at its top."""
    if not isinstance(error, services.Locked):
        field_for(form, error).errors.append(say_here(error.text))


def refusals(forms: Iterable[FlaskForm | None]) -> list[str]:
    """The messages of the forms that came back refused, each once: shown at the top of the
    page, just below its head, where the page lands (``#latest``) and a screen reader hears
    them, whether the page still shows the form (beside its fields too) or not (the game
    moved on under the player: they would be lost otherwise)."""
    said: list[str] = []
    for form in forms:
        if form is not None:
            slots: dict[str, ErrorSlot] = getattr(form, "error_slots", {})
            said += [*form.form_errors, *(e for f in (*form, *slots.values()) for e in f.errors)]
    return list(dict.fromkeys(said))


def entry_form(
    forms: Mapping[str, Any], name: str, form: type[LogForm], game: services.LoadedGame, deal: Any
) -> LogForm:
    """The form ``name`` of a game page: the one that came back with the player's input, else a
    fresh one for deal ``deal``; based on the game's log position either way."""
    shown: LogForm = forms.get(name) or form(formdata=None, data={"seq": game.seq, "deal": deal})
    shown.seq.data = str(game.seq)
    return shown


def entry_context(forms: Mapping[str, Any], shown: Sequence[Any] = ()) -> dict[str, Any]:
    """What a game page shows of an entry that did not go in (``forms``, as ``render_game``
    takes them): what another phone entered first (``conflict``; ``own`` when this phone
    did, :func:`sent_here`), what was typed (``kept``) and the offer to correct its deal with
    it (``fix``); the messages of the forms that came back and that the page no longer shows
    (``stray_errors``, :func:`refusals`: the game moved on under the player); and the name of
    the form that came back refused and is shown again (``refused``), its messages beside its
    fields: said once, where the player fixes them (``shown``: the forms the page shows)."""
    given = {name: f for name, f in forms.items() if isinstance(f, FlaskForm)}
    conflict = forms.get("conflict")
    again = [name for name, f in given.items() if any(f is s for s in shown) and refusals([f])]
    return {
        "conflict": conflict,
        "own": conflict is not None and sent_here(conflict.current, conflict.based_on),
        "kept": forms.get("kept"),
        "fix": forms.get("fix"),
        "stray_errors": refusals(f for name, f in given.items() if name not in again),
        "refused": again[0] if again else None,
    }


@dataclass(frozen=True)
class Recent:
    """How much of a long game its page shows: its latest ``deals`` and ``changes``, the rest
    a tap away (``?all=1``), so that however long the game, its page stays within its weight
    budget (30 KB)."""

    deals: int
    changes: int


def latest(game: services.LoadedGame, recent: Recent) -> dict[str, Any]:
    """What a long game's page shows of its deals and changes (:class:`Recent`): all of them
    when a deal just corrected is an older one."""
    noted = noted_deal()
    deals = pages_for(game.kind).deals(game.state)
    older = noted is not None and noted <= deals - recent.deals
    everything = request.args.get("all") == "1" or older
    return {
        "recent": None if everything else recent.changes,
        "recent_deals": None if everything else recent.deals,
        "all_url": url_for("play.game", token=game.token, all=1, _anchor="log"),
    }


def game_page(
    game: services.LoadedGame,
    status: int,
    forms: Mapping[str, Any],
    entries: Mapping[str, LogForm | None],
    *,
    recent: Recent | None = None,
    in_place: bool = False,
    **context: Any,
) -> ResponseReturnValue:
    """A game's page (``<kind>/game.html``): the sections every game page shares, its entry
    forms by name (None where its phase shows none; none is shown once the game is over),
    what came back of an entry that did not go in (``forms``, as ``render_game`` takes them),
    only the ``recent`` deals and changes of a long game, and the game's own ``context``.
    ``in_place``: a refused form the page shows again says its messages beside its fields only
    and the page lands on it (:data:`REFUSED`; a game whose forms fit a small phone's screen),
    rather than at the top too. A page that shows this phone no form (``readonly``) says them
    at its top."""
    shared = page_context(game)
    writes = in_place and not shared["readonly"]
    shown = [form for form in entries.values() if form is not None] if writes else []
    told = entry_context(forms, shown)
    page = render_template(
        f"{game.kind}/game.html",
        **shared,
        **told,
        land=NEWS
        if told["conflict"] or told["stray_errors"] or done_words()
        else LOCKED
        if shared["readonly"]
        else REFUSED
        if told["refused"]
        else WAITING
        if game.waiting
        else None,
        **(latest(game, recent) if recent is not None else {}),
        **entries,
        **context,
    )
    return _EMPTY_LINES.sub("\n", page), status


#: The empty lines a game page's parts leave between them (a line of a template that only
#: sets a variable or closes a block): HTML shows none, the page has a 30 KB budget, and no
#: game page has a ``<pre>`` or ``<textarea>`` (``web/whitespace.py`` takes those of the
#: templates' own text out as they are read).
_EMPTY_LINES = re.compile(r"\n{2,}")


#: Where a game page lands when it opens with news (``land``): a refusal, what another phone
#: entered first, what an undo took back (``conflict_banner`` in ``_macros.html``); otherwise
#: the game's template picks the part that shows the latest change (the deal, the winner).
NEWS = "news"

#: Where a game page lands when a form it shows came back refused: that form, the messages
#: beside its fields (its template puts ``#latest`` on the form named ``refused``), so that
#: fixing it needs no scroll on a small phone.
REFUSED = "refused"

#: Where a game page lands while entries wait for a second phone (and there is no news): the
#: box that lists them, with Confirm (``waiting_box`` in ``_macros.html``).
WAITING = "waiting"

#: Where the page of a game this phone may not change lands (and there is no news): the
#: notice at its top that says why (``lock_notice`` in ``_game_parts.html``).
LOCKED = "locked"


def done_words() -> list[str]:
    """What the write that led to this page said (flashed as :data:`DONE`)."""
    return [str(m) for m in get_flashed_messages(category_filter=[DONE])]


def page_context(game: services.LoadedGame) -> dict[str, Any]:
    """What every game page's shared sections need (joining, keeping, printing, the log, what
    Undo takes back, the deal a correction just changed, the evening it was made for, what the
    game calls a deal: ``deal`` or ``hand``; its ``lock``, and ``readonly`` when this phone
    may write nothing to it: no entry form, ✎, Undo, Confirm or seat to choose; whether this
    browser did not have the game on its list before this page, ``new_here``: its QR code then
    comes first)."""
    seat = evenings.seat_of(game)
    lock = lock_of(game)
    return {
        "lock": lock,
        "readonly": lock is not None and not lock.organiser,
        "game": game,
        "state": game.state,
        "share_url": url_to_share("play.game", game.token),
        "times": game.times,
        "last_event": last_event(game),
        "noted": noted_deal(),
        # A table's game of an evening plays on in the evening's next round, not outside it.
        "again": AgainForm(formdata=None) if game.state.finished and not seat else None,
        "seat": seat,
        "noun": game.rules.noun,
        "you": phone_seat(game),
        "seat_names": seat_names(game),
        "new_here": g.get("new_here", False),
        **waiting_context(game),
    }


@dataclass(frozen=True)
class Lock:
    """Why a game is no longer its table's to change (its pages say it at their top) and
    whether this browser holds the authority that changes it all the same (the club's
    organiser PIN: its pages then keep every control)."""

    reason: Text
    organiser: bool = False

    @property
    def key(self) -> tuple[str, bool]:
        """What a kept page drawn under this lock is kept by."""
        return str(self.reason), self.organiser


#: Who locks a game, and how for this browser: registered by the clubs' pages
#: (``web/clubs/locks.py``); with none, no game is ever locked.
LOCK_CHECKS: list[Callable[[services.LoadedGame], Lock | None]] = []


def lock_of(game: services.LoadedGame) -> Lock | None:
    """The lock on ``game`` for this browser, or None (asked once per request and position)."""
    asked: dict[tuple[str, int], Lock | None] = g.setdefault("locks", {})
    key = (game.token, game.position)
    if key not in asked:
        found = (check(game) for check in LOCK_CHECKS)
        asked[key] = next((lock for lock in found if lock is not None), None)
    return asked[key]


def refuse_if_locked(game: services.LoadedGame) -> None:
    """Stop here a request to change ``game`` (or to open a form that would) that this
    browser may not make: a page that asked for a form goes to the game's page, a form that was
    sent gets that page (403); either says at its top why, once, and offers nothing to write.
    (The write itself checks again, :func:`services.guard_writes`.)"""
    lock = lock_of(game)
    if lock is not None and not lock.organiser:
        abort(locked_page(game, lock))


def refused_as_locked(refused: services.Refused) -> Response | None:
    """The locked page of a write refused by a lock (the game was locked after its form was
    opened: an evening closed meanwhile), or None for any other refusal."""
    if isinstance(refused.error, services.Locked):
        return locked_page(refused.game, Lock(refused.error.text))
    return None


def locked_page(game: services.LoadedGame, lock: Lock) -> Response:
    """The answer to a request ``lock`` refuses (see :func:`refuse_if_locked`)."""
    if request.method == "GET":
        return make_response(redirect(url_for("play.game", token=game.token), 303))
    g.setdefault("locks", {})[(game.token, game.position)] = lock
    return make_response(pages_for(game.kind).render_game(game, 403))


def waiting_context(game: services.LoadedGame) -> dict[str, Any]:
    """What a game page shows of the entries waiting for a second phone: the entries, the
    form that confirms one and whether this browser confirms as the organiser. Nothing is
    asked of a game with none waiting (the organiser's PIN is looked up only then)."""
    waiting = game.waiting
    if not waiting:
        return {"waiting": ()}
    return {"waiting": waiting, "confirm_form": ConfirmForm(), "organiser": is_organiser(game)}


def entered_here(game: services.LoadedGame) -> tuple[int, ...]:
    """The log positions of the entries waiting in ``game`` that this phone entered (it
    confirms none of them: the page says so, ``this_phone()`` in ``waiting_box``)."""
    phone = known_phone_id()
    return tuple(w.seq for w in game.waiting if phone is not None and w.phone == phone)


def last_event(game: services.LoadedGame) -> HistoryEntry | None:
    """The event an undo would take back: the latest one still in effect."""
    undoable = game.played.undoable
    return game.state.history[undoable[-1][0]] if undoable else None


def change_words(entry: HistoryEntry, noun: str) -> str:
    """An entry of the changes list in words: ``Deal 5: tricks 5/5/6``."""
    said = say_here(entry.summary)
    if noun == "deal":
        return _("Deal %(n)d: %(change)s", n=entry.deal, change=said) if entry.deal else said
    return said[:1].upper() + said[1:]


def noted_deal() -> int | None:
    """The deal a correction just changed (the page marks it, and says what changed)."""
    for number in get_flashed_messages(category_filter=["deal"]):
        if isinstance(number, str) and number.isdigit():
            return int(number)
    return None


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
    (``#latest``), once it is entered (by this phone, or the very same by another or by this
    one before: sent again after *Back*); the page again with the message beside its field
    when the rules refuse it; with what another phone (or this one) entered first
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
#: the id on one part: a refusal, what an undo took back, the winner, the latest deal).
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
    """Whether what was written to ``game`` since log position ``based_on`` (about deal
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


#: Fields a typed entry does not carry over to a correction of its deal; and the names of
#: the correction address's own arguments, which a form sent with such a field must not set
#: twice (``typed=``: a TypeError, once a 500).
NOT_CARRIED = frozenset(
    {"csrf_token", "seq", "deal", "was", "step"}
    | {"token", "noun", "number", "also", "suggest", "typed"}
)


def carried() -> dict[str, list[str]]:
    """What a typed entry carries over to a correction (its address's query string): the
    form's fields, but for :data:`NOT_CARRIED` and ``url_for``'s own (``_anchor`` …)."""
    return {
        name: values
        for name, values in request.form.lists()
        if name not in NOT_CARRIED and not name.startswith("_")
    }


def correction_url(game: services.LoadedGame, number: int | None, form: LogForm) -> str | None:
    """The correction of deal ``number`` with what was typed in ``form`` filled in (None when
    the game has no such deal to correct). ``typed=all``: the form is the whole deal, as the
    correction form has it; ``typed=some``: only some of its fields (the tricks)."""
    pages = pages_for(game.kind)
    if number is None or not 1 <= number <= pages.deals(game.state):
        return None
    typed = {name: values for name, values in carried().items() if values != [""]}
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


def landed(game: services.LoadedGame, numbers: Sequence[int]) -> ResponseReturnValue:
    """After a correction: its (first) deal in the game's log, where the page says what
    changed."""
    sent(game)
    flash(str(min(numbers)), "deal")
    return redirect(url_for("play.game", token=game.token, _anchor=f"r{min(numbers)}"), 303)


def rebase(form: LogForm, game: services.LoadedGame, numbers: Sequence[int]) -> None:
    """A correction form that another phone's change beat, based on the game as it is now
    (its log position, and what its deals say now)."""
    form.seq.data = str(game.seq)
    form.was.data = services.fingerprint(game, numbers)


def refused(form: LogForm, error: RuleError, numbers: Sequence[int]) -> list[int]:
    """A correction the rules refused: the message beside its field; returns the other deals
    the message names, to offer correcting them with it."""
    show_error(form, error)
    return [k for k in (error.deal, error.other) if k and k not in numbers]


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
