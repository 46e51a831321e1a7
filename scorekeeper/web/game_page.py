"""What every game's page shows, whatever the game: its shared sections (joining, keeping,
printing, the log, Undo, the evening, the lock, the entries waiting for a second phone), what
came back of an entry that did not go in, only the latest rounds of a long game, and where the
page lands."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import g, get_flashed_messages, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_wtf import FlaskForm

from scorekeeper.evenings import services as evenings
from scorekeeper.games.events import HistoryEntry
from scorekeeper.languages.i18n import say_here
from scorekeeper.table import services
from scorekeeper.web.entries import DONE, sent_here
from scorekeeper.web.field_errors import refusals
from scorekeeper.web.forms import AgainForm, ConfirmForm, LogForm
from scorekeeper.web.game_locks import lock_of
from scorekeeper.web.helpers import url_to_share
from scorekeeper.web.pages import pages_for
from scorekeeper.web.phone import known_phone_id
from scorekeeper.web.seats import is_organiser, phone_seat, seat_names


def entry_form(
    forms: Mapping[str, Any], name: str, form: type[LogForm], game: services.LoadedGame, deal: Any
) -> LogForm:
    """The form ``name`` of a game page: the one that came back with the player's input, else a
    fresh one for round ``deal``; based on the game's log position either way."""
    shown: LogForm = forms.get(name) or form(formdata=None, data={"seq": game.seq, "deal": deal})
    shown.seq.data = str(game.seq)
    return shown


def entry_context(forms: Mapping[str, Any], shown: Sequence[Any] = ()) -> dict[str, Any]:
    """What a game page shows of an entry that did not go in (``forms``, as ``render_game``
    takes them): what another phone recorded first (``conflict``; ``own`` when this phone
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
    """How much of a long game its page shows: its latest ``rounds`` and ``changes``, the rest
    a tap away (``?all=1``), so that however long the game, its page stays within its weight
    budget (30 KB)."""

    deals: int
    changes: int


def latest(game: services.LoadedGame, recent: Recent) -> dict[str, Any]:
    """What a long game's page shows of its rounds and changes (:class:`Recent`): all of them
    when a round just corrected is an older one."""
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
    only the ``recent`` rounds and changes of a long game, and the game's own ``context``.
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
#: recorded first, what an undo took back (``conflict_banner`` in ``_macros.html``); otherwise
#: the game's template picks the part that shows the latest change (the round, the winner).
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
    game calls a round: ``deal`` or ``hand``; its ``lock``, and ``readonly`` when this phone
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
    """The entry an undo would take back: the latest one still in effect."""
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
