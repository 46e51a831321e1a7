"""A club's seasons: the organiser makes one or changes it (its name, the rule of its table and
its evenings, by dates or ticked), and anyone with the club's link sees its table by its
stored rule and its ratings (the season's games only) beside the all-time ones. Registered on
the clubs' blueprint; views parse, call one service of :mod:`scorekeeper.clubs.services`,
render."""

from __future__ import annotations

from flask import abort, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper.clubs import services
from scorekeeper.games.events import RuleError
from scorekeeper.web import page_cache
from scorekeeper.web.clubs import organiser
from scorekeeper.web.clubs.forms import SeasonForm
from scorekeeper.web.clubs.organiser import club_or_404, organiser_club, session_id
from scorekeeper.web.clubs.routes import bp
from scorekeeper.web.field_errors import show_error


def _season_or_404(club: services.LoadedClub, season_id: int) -> services.LoadedSeason:
    try:
        return services.load_season(club, season_id)
    except services.SeasonNotFound:
        abort(404)


def _form_page(club: services.LoadedClub, form: SeasonForm, season_id: int | None) -> str:
    page = services.page_of(club)
    form.evenings.choices = [(e.id, f"{e.name} · {e.created_at:%Y-%m-%d}") for e in page.evenings]
    return render_template("clubs/season_form.html", club=club, form=form, season_id=season_id)


def _save(club: services.LoadedClub, form: SeasonForm, season_id: int | None) -> int | None:
    """The season's id once kept, or None with the refusal shown beside its field."""
    if not form.validate_on_submit():
        return None
    try:
        return services.save_season(
            club,
            season_id,
            form.name.data or "",
            form.season_rule(),
            form.span(),
            session_id(),
        )
    except RuleError as error:
        show_error(form, error)
        return None


@bp.route("/c/<token>/seasons/new", methods=["GET", "POST"])
def new_season(token: str) -> ResponseReturnValue:
    """A new season: its name, its table's rule and its evenings; then its page."""
    club = organiser_club(token)
    form = SeasonForm()
    if form.is_submitted():
        made = _save(club, form, None)
        if made is not None:
            flash(_("The season is made."))
            return redirect(url_for("clubs.stored_season", token=token, season_id=made), 303)
        return _form_page(club, form, None), 422
    return _form_page(club, form, None)


@bp.route("/c/<token>/s/<int:season_id>/edit", methods=["GET", "POST"])
def edit_season(token: str, season_id: int) -> ResponseReturnValue:
    """The season changed: another name, rule or evenings (its table follows at once)."""
    club = organiser_club(token)
    kept = _season_or_404(club, season_id)
    form = SeasonForm()
    if form.is_submitted():
        if _save(club, form, season_id) is not None:
            flash(_("The season is changed."))
            return redirect(url_for("clubs.stored_season", token=token, season_id=season_id), 303)
        return _form_page(club, form, season_id), 422
    form.show(kept.rule, kept.span, kept.name)
    return _form_page(club, form, season_id)


@bp.get("/c/<token>/s/<int:season_id>")
def stored_season(token: str, season_id: int) -> ResponseReturnValue:
    """A season's table by its stored rule, over its evenings only, and its ratings (its games
    only) beside the all-time ones: for anyone with the club's link."""
    found = club_or_404(token)
    managing = organiser.is_organiser(found)
    # Drawn once per club version (a change to the season logs an action) and whether the
    # reader manages it (an edit link); then served from memory.
    key = ("club-season", token, season_id, services.version_of(found), managing)
    return page_cache.serve(key, lambda: _season_page(found, season_id, managing))


def _season_page(found: services.LoadedClub, season_id: int, managing: bool) -> str:
    chosen = _season_or_404(found, season_id)
    page = services.page_of(found)
    held = services.in_season(page, chosen)
    evenings, rows = services.season_of(held, chosen.rule)
    names = page.names()
    ratings = services.ratings_of(held)
    rated = sorted(
        ((names.get(member, "?"), rating) for member, rating in ratings.now.items()),
        key=lambda named: (-named[1].shown, named[0].casefold()),
    )
    # The all-time rating of each member, by name (a rating's member is the one kept).
    all_time = {names.get(m, "?"): r for m, r in services.ratings_of(page).now.items()}
    return render_template(
        "clubs/season.html",
        page=page,
        evenings=evenings,
        rows=rows,
        rated=rated,
        all_time=all_time,
        left_out=services.left_out_of(held),
        form=None,
        rule=chosen.rule,
        season=chosen,
        organiser=managing,
    )
