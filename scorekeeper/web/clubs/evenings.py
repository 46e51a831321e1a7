"""An evening of the club: its players ticked in the register (the members seen most recently
first) or typed as new members, made by the evenings' own service and listed on the club's
page. The evening's own fields and the game's settings are the evenings' forms, and its page
the evenings' new-evening flow (:class:`~scorekeeper.web.evenings.new.NewEvening`)."""

from __future__ import annotations

from flask import abort, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper.clubs import register, services
from scorekeeper.evenings import services as evening_services
from scorekeeper.web.clubs.forms import ClubEveningForm, ClubGameForm
from scorekeeper.web.clubs.organiser import organiser_club, session_id
from scorekeeper.web.clubs.routes import bp
from scorekeeper.web.evenings.blueprint import curtain_of
from scorekeeper.web.evenings.new import NewEvening
from scorekeeper.web.pages import GamePages, pages_for


@bp.get("/c/<token>/evening/new")
def choose_game(token: str) -> ResponseReturnValue:
    """A new evening of the club: which of its games (straight to the form when it plays one)."""
    club = organiser_club(token)
    if len(club.games) == 1:
        return redirect(url_for("clubs.new_evening", token=token, kind=club.games[0]), 303)
    return render_template("clubs/choose_game.html", club=club, pages=_pages(club))


def _pages(club: services.LoadedClub) -> list[GamePages]:
    return [pages_for(kind) for kind in club.games]


@bp.route("/c/<token>/evening/new/<kind>", methods=["GET", "POST"])
def new_evening(token: str, kind: str) -> ResponseReturnValue:
    """The evening's name, its players from the register (and new members), its rounds, its
    scoring and the game's settings; then the evening's page with its seating plan."""
    club = organiser_club(token)
    if kind not in club.games:
        abort(404)
    form = ClubEveningForm()
    form.members.choices = _register(club)
    draft = NewEvening.of(kind, form)
    evening = draft.made(
        lambda fields: services.new_evening(
            club, form.members.data or [], form.new_names(), fields, session_id()
        )
    )
    if evening is not None:
        return redirect(url_for("evenings.evening", token=evening.token), 303)
    return draft.page("clubs/evening_new.html", club=club)


def _register(club: services.LoadedClub) -> list[tuple[int, str]]:
    """The club's members to tick, the ones seen most recently first."""
    return [(e.id, e.name) for e in register.most_recent_first(services.page_of(club).members)]


@bp.get("/c/<token>/game/new")
def choose_game_kind(token: str) -> ResponseReturnValue:
    """A new game of the club: which of its games (straight to the form when it plays one)."""
    club = organiser_club(token)
    if len(club.games) == 1:
        return redirect(url_for("clubs.new_game", token=token, kind=club.games[0]), 303)
    return render_template("clubs/choose_game.html", club=club, pages=_pages(club), single=True)


@bp.route("/c/<token>/game/new/<kind>", methods=["GET", "POST"])
def new_game(token: str, kind: str) -> ResponseReturnValue:
    """A game of the club: its players ticked in the register (a table's worth, new members
    typed on the spot) and the game's settings; then straight to the game, which counts in
    the season and the ratings as any table of the club's evenings does."""
    club = organiser_club(token)
    if kind not in club.games:
        abort(404)
    form = ClubGameForm()
    form.members.choices = _register(club)
    draft = NewEvening.of(kind, form)
    evening = draft.made(
        lambda fields: services.new_game(
            club, form.members.data or [], form.new_names(), fields, session_id()
        )
    )
    if evening is not None:
        (table,) = evening.tables(1)
        assert table.game is not None  # started with the evening
        return redirect(url_for("play.game", token=table.game.token), 303)
    return draft.page("clubs/game_new.html", club=club)


@bp.post("/c/<token>/e/<evening_token>/close")
def close_evening(token: str, evening_token: str) -> ResponseReturnValue:
    """Close the club's evening: its games, standings and printouts are final, and only the
    organiser can change a game of it (logged)."""
    return _set_closed(token, evening_token, True)


@bp.post("/c/<token>/e/<evening_token>/reopen")
def reopen_evening(token: str, evening_token: str) -> ResponseReturnValue:
    """Open a closed evening again (logged)."""
    return _set_closed(token, evening_token, False)


def _set_closed(token: str, evening_token: str, closed: bool) -> ResponseReturnValue:
    club = organiser_club(token)
    belongs = services.club_of_evening(evening_token)
    if belongs is None or belongs.id != club.id:
        abort(404)
    evening = evening_services.load(evening_token)
    changed = services.close_evening(club, evening, closed, session_id())
    if closed:
        flash(
            _("The evening is closed: only you, the organiser, can change its games now.")
            if changed
            else _("The evening was closed already (on another phone).")
        )
    else:
        flash(
            _("The evening is open again: every table can change its games.")
            if changed
            else _("The evening was open already (on another phone).")
        )
    return redirect(url_for("evenings.tables", token=evening_token), 303)


@bp.post("/c/<token>/e/<evening_token>/reveal")
def reveal(token: str, evening_token: str) -> ResponseReturnValue:
    """Begin revealing the club's evening's hidden standings on the projector: its last place
    first (logged)."""
    return _reveal(token, evening_token, first=True)


@bp.post("/c/<token>/e/<evening_token>/reveal/next")
def reveal_next(token: str, evening_token: str) -> ResponseReturnValue:
    """Show one more place of the standings being revealed, the next up; after the first
    place, everything is shown again as before."""
    return _reveal(token, evening_token, first=False)


def _reveal(token: str, evening_token: str, *, first: bool) -> ResponseReturnValue:
    club = organiser_club(token)
    belongs = services.club_of_evening(evening_token)
    if belongs is None or belongs.id != club.id:
        abort(404)
    evening = evening_services.load(evening_token)
    shown = curtain_of(evening, evening_services.standings_of(evening))
    if not shown.hidden or shown.revealing == first:
        # Nothing hidden, or the reveal already begun (a second tap, another phone): no step.
        flash(_("Nothing to reveal: the standings are as shown."))
    else:
        places = 1 if first else shown.shown + 1
        if not services.reveal_standings(club, evening, places, session_id()):
            flash(_("Another phone revealed it first: the standings are as shown."))
    return redirect(url_for("evenings.tables", token=evening_token), 303)
