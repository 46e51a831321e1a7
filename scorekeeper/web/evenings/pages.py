"""The evening's pages: the evening (its standings, each round's tables with their games, the
next round to start), starting a round, the projector view and the organiser's view of the
round in play; and what every page's templates get of the evenings."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

from flask import abort, current_app, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper.clubs import services as clubs
from scorekeeper.evenings import services
from scorekeeper.evenings.suspense import first_hidden
from scorekeeper.games.registry import game_for
from scorekeeper.games.text import points
from scorekeeper.languages.i18n import say_here
from scorekeeper.server.qr import qr_svg
from scorekeeper.table import services as games
from scorekeeper.web import page_cache
from scorekeeper.web.evenings.blueprint import (
    bp,
    club_of,
    curtain_of,
    evening_or_404,
    my_evening_tokens,
    remember_evening,
    sides,
    state_or_404,
)
from scorekeeper.web.evenings.formatting import minutes, scoring_explained, table_status
from scorekeeper.web.evenings.forms import EveningImportForm, StartRoundForm
from scorekeeper.web.helpers import url_to_share
from scorekeeper.web.pages import all_pages

#: How often the projector view and the organiser's view reload themselves (seconds).
SCREEN_REFRESH = 15


def _context(evening: services.LoadedEvening, *, veiled: bool) -> dict[str, Any]:
    """What the evening's pages share; ``veiled``: the reader is not its organiser (or it is
    the projector, which the whole room reads), so while the standings are hidden the tables
    of the hidden rounds show neither their games nor who won (``veiled_from``)."""
    rules = game_for(evening.setup.kind)
    standings = services.standings_of(evening)
    shown = curtain_of(evening, standings)
    hides = veiled and shown.hidden
    return {
        "evening": evening,
        "rules": rules,
        "states": services.table_states(evening),
        "standings": standings,
        "curtain": shown,
        "veiled_from": first_hidden(evening.setup.rounds, evening.setup.hide_last) if hides else 0,
        "sides": lambda seats: sides(evening, rules.pairs, seats),
    }


def _evening_page(
    loaded: services.LoadedEvening, start_form: StartRoundForm, managing: bool
) -> str:
    """The evening's page, for its organiser (``managing``) or anyone else."""
    url = url_to_share("evenings.evening", loaded.token)
    next_round = loaded.next_round
    club = clubs.members_of_evening(loaded.token)
    return render_template(
        "evenings/evening.html",
        **_context(loaded, veiled=not managing),
        start_form=start_form,
        # Who starts the next round: anyone, in an open evening of no club; in a club's, its
        # organiser; in a closed evening of no club, nobody (it has no organiser).
        starts=managing if club is not None else not loaded.closed_at,
        # The round before the next is still being played: starting needs "Start anyway".
        in_play=None if next_round is None else services.in_play_before(loaded, next_round),
        share_url=url,
        share_qr=qr_svg(url, title=_("QR code of this evening's address")),
        round_notice=round_notice,
        player_page=_player_pages(loaded, club),
        # An evening of no club has no organiser: no lock, no PIN (its page says so), while
        # it is open.
        no_organiser=club is None and not loaded.closed_at,
    )


def _player_pages(
    loaded: services.LoadedEvening, club: clubs.EveningOfClub | None
) -> dict[str, str]:
    """Each player's page in the club, by name (an evening's names are unique), when the
    evening is a club's (``club``); none for an evening of no club."""
    if club is None:
        return {}
    return {
        name: url_for("clubs.player", token=club.club_token, member_id=member)
        for name, member in zip(loaded.setup.players, club.members, strict=False)
        if member >= 0
    }


@bp.get("/e/<token>")
def evening(token: str) -> ResponseReturnValue:
    """The evening: the standings, each round's tables with their games, the next round to
    start, and how the evening is scored."""
    # The page shows the evening's tables at their log positions and its address (from the
    # request's host): drawn once for those, then served from memory without loading the
    # evening (its setup and plan never change).
    _club, managing = club_of(token)
    key = ("evening", token, state_or_404(token), url_to_share("evenings.evening", token), managing)
    remember_evening(token)
    return page_cache.serve(
        key,
        lambda: _evening_page(evening_or_404(token), StartRoundForm(formdata=None), managing),
    )


@bp.post("/e/<token>/round/<int:number>/start")
def start_round(token: str, number: int) -> ResponseReturnValue:
    """Start round ``number``: make each of its tables' games, seated as the plan says. While
    the round before is still being played, only with *Start anyway* ticked: otherwise the page
    again, saying so beside the button, and nothing made."""
    loaded = evening_or_404(token)
    form = StartRoundForm()
    if not 1 <= number <= loaded.setup.rounds:
        abort(404)
    if form.validate_on_submit():
        started = services.start_round(loaded, number, anyway=bool(form.anyway.data))
        if isinstance(started, services.InPlay):
            tick = _("Tick “Start round %(n)d anyway” to start it all the same.", n=number)
            form.anyway.errors = [f"{say_here(started.text)} {tick}"]
            return _evening_page(loaded, form, club_of(token)[1]), 422
        if isinstance(started, services.Refused) and isinstance(started.error, games.Locked):
            # Not this phone's to start: said beside the round.
            flash(say_here(started.error.text), round_notice(number))
            return _evening_page(started.evening, StartRoundForm(formdata=None), False), 403
        # Said beside the round, where the page lands (not at the top, out of view).
        flash(_round_said(started, number), round_notice(number))
    return redirect(url_for("evenings.evening", token=token, _anchor=f"round-{number}"), 303)


def _round_said(
    started: services.LoadedEvening | services.Refused | services.AlreadyStarted, number: int
) -> str:
    """What the evening page says beside round ``number`` once a start came to ``started``."""
    said: str
    if isinstance(started, services.AlreadyStarted):
        said = _("Round %(n)d was already started on another phone.", n=number)
    elif isinstance(started, services.Refused):
        said = say_here(started.error.text)
    else:
        said = _("Round %(n)d started: each table has its game.", n=number)
    return said


def round_notice(number: int) -> str:
    """The category of a flashed message that the evening page shows beside round ``number``."""
    return f"round-{number}"


@bp.get("/e/<token>/screen")
def screen(token: str) -> ResponseReturnValue:
    """The projector view: the standings and the tables of the round in play, in large type,
    reloading itself every few seconds (no JavaScript needed)."""
    key = ("screen", token, state_or_404(token))
    response = current_app.make_response(
        page_cache.serve(
            key,
            lambda: render_template(
                "evenings/screen.html",
                **_context(evening_or_404(token), veiled=True),
                refresh=SCREEN_REFRESH,
            ),
        )
    )
    response.cache_control.no_store = True
    return response


@bp.get("/e/<token>/tables")
def tables(token: str) -> ResponseReturnValue:
    """The organiser's view of the round in play: every table with how far its game is and how
    long since its last entry, the tables gone quiet marked (colour, sign and word), one tap to
    each game. Updates itself like the projector view; drawn once a minute and log position."""
    minute = int(time.time() // 60)
    club, managing = club_of(token)
    key = ("tables", token, state_or_404(token), minute, managing)
    response = current_app.make_response(
        page_cache.serve(key, lambda: _tables_page(evening_or_404(token), club, managing))
    )
    response.cache_control.no_store = True
    return response


def _tables_page(loaded: services.LoadedEvening, club: str | None, managing: bool) -> str:
    number = loaded.started
    watched = (
        {w.number: w for w in services.watch_round(loaded, number, utc_now())} if number else {}
    )
    return render_template(
        "evenings/tables.html",
        **_context(loaded, veiled=not managing),
        number=number,
        watched=watched,
        quiet=[n for n, w in watched.items() if w.quiet],
        refresh=SCREEN_REFRESH,
        club=club,
        managing=managing,
    )


def utc_now() -> datetime:
    """Now, as the log's times are kept (naive UTC)."""
    return datetime.now(UTC).replace(tzinfo=None)


@bp.app_context_processor
def _evening_helpers() -> dict[str, object]:
    return {
        "my_evenings": lambda: services.my_evenings(my_evening_tokens()),
        "evening_games": lambda: [p for p in all_pages() if p.new_form is not None],
        "evening_points": points,
        "table_status": table_status,
        "idle_minutes": minutes,
        "scoring_explained": scoring_explained,
        "evening_import_form": lambda: EveningImportForm(formdata=None),
    }
