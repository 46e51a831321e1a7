"""The routes of clubs: a new club, its page (anyone with the link), the organiser PIN, the
register and an evening of the club's members. Views parse, call one service of
:mod:`scorekeeper.clubs.services`, render; the organiser's pages and actions first ask
:func:`~scorekeeper.web.clubs.organiser.organiser_club`."""

from __future__ import annotations

import math
import re

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext

from scorekeeper.clubs import register, services
from scorekeeper.clubs.season import DEFAULT_RULE
from scorekeeper.games.events import RuleError
from scorekeeper.games.names import shown
from scorekeeper.languages.i18n import say_here
from scorekeeper.server.qr import qr_svg
from scorekeeper.web import charts, page_cache
from scorekeeper.web.clubs import organiser
from scorekeeper.web.clubs.forms import (
    ActionForm,
    ClubForm,
    MemberForm,
    MergeForm,
    PinForm,
    SeasonRuleForm,
)
from scorekeeper.web.clubs.organiser import club_or_404, organiser_club, session_id
from scorekeeper.web.field_errors import show_error
from scorekeeper.web.helpers import on_this_site, url_to_share
from scorekeeper.web.pages import all_pages

bp = Blueprint("clubs", __name__)


def game_choices() -> list[tuple[str, str]]:
    """The games a club may play: every game an evening can be made of."""
    return [(p.kind, str(p.title)) for p in all_pages() if p.new_form is not None]


@bp.route("/club/new", methods=["GET", "POST"])
def new() -> ResponseReturnValue:
    """A new club: its name, its games and its organiser PIN (typed twice); then its page."""
    form = ClubForm()
    form.games.choices = game_choices()
    if form.validate_on_submit():
        pin, again = form.pin.data or "", form.pin_again.data or ""
        try:
            register.checked_pin(pin)
            if pin != again:
                message = _("The two PINs differ: type the same PIN twice.")
                form.pin_again.errors = [message]
                raise LookupError(message)
            club = services.create(
                form.name.data or "",
                form.games.data or [],
                pin,
                [kind for kind, _title in game_choices()],
                by=session_id(),
            )
        except RuleError as error:
            show_error(form, error)
        except LookupError:
            pass
        else:
            organiser.become_organiser(club)
            flash(_("The club is made. Keep its address: it is the club's only key."))
            return redirect(url_for("clubs.club", token=club.token), 303)
    return render_template("clubs/new.html", form=form), 422 if form.is_submitted() else 200


@bp.get("/c/<token>")
def club(token: str) -> ResponseReturnValue:
    """The club as every member sees it: its members and its evenings, and its address."""
    found = club_or_404(token)
    url = url_to_share("clubs.club", token)
    managing = organiser.is_organiser(found)
    # Drawn once per club version (its latest organiser action, its games' positions), address
    # and whether the reader manages it; then served from memory.
    key = ("club", token, services.version_of(found), url, managing)
    return page_cache.serve(
        key,
        lambda: render_template(
            "clubs/club.html",
            page=services.page_of(found),
            seasons=services.seasons_of(found),
            organiser=managing,
            share_url=url,
            share_qr=qr_svg(url, title=_("QR code of this club's address")),
            forget_form=ActionForm(formdata=None),
        ),
    )


#: A path a PIN form goes back to: letters, digits and a path's and query's punctuation only
#: (no line break, which no header may hold; no backslash, which browsers read as a slash).
SAFE_PATH = re.compile(r"[\w/.~%?=&+-]*", re.ASCII)


def _back(club: services.LoadedClub) -> str:
    """Where the PIN form goes once the PIN is right: a page of this club, else its page."""
    back = request.values.get("next", "")
    mine = f"/c/{club.token}/"
    good = on_this_site(back) and back.startswith(mine) and "//" not in back
    return back if good and SAFE_PATH.fullmatch(back) else f"/c/{club.token}"


def _try_again(seconds: float) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return str(
        ngettext(
            "Too many wrong PINs. Try again in %(num)d minute.",
            "Too many wrong PINs. Try again in %(num)d minutes.",
            minutes,
        )
    )


@bp.route("/c/<token>/pin", methods=["GET", "POST"])
def pin(token: str) -> ResponseReturnValue:
    """The organiser PIN, once per phone and evening. Wrong PINs are limited (429, saying when
    to try again; nothing stored or logged); each PIN tried is logged."""
    found = club_or_404(token)
    form = PinForm()
    back = _back(found)
    status = 200
    if form.validate_on_submit():
        typed = organiser.type_pin(found, form.pin.data or "")
        if typed.right:
            return redirect(back, 303)
        if typed.wait:
            form.pin.errors = [_try_again(typed.wait)]
            status = 429
        else:
            form.pin.errors = [_("That is not the organiser PIN.")]
            status = 422
    elif form.is_submitted():
        status = 422
    return render_template(
        "clubs/pin.html", club=found, form=form, back=back, refused=False
    ), status


@bp.post("/c/<token>/pin/forget")
def forget(token: str) -> ResponseReturnValue:
    """This phone stops being the organiser's (a borrowed phone given back): on the server's
    side, so a copy of its cookies stops too."""
    found = club_or_404(token)
    if ActionForm().validate_on_submit():
        organiser.stop_being_organiser(found)
        flash(_("This phone no longer manages the club."))
    return redirect(url_for("clubs.club", token=token), 303)


@bp.post("/c/<token>/pin/sign-out")
def sign_out(token: str) -> ResponseReturnValue:
    """No phone manages the club any more, this one neither (a phone lost, a PIN seen): each
    needs the PIN again."""
    found = organiser_club(token)
    if ActionForm().validate_on_submit():
        organiser.sign_out_every_phone(found)
        flash(_("Every phone is signed out: each needs the organiser PIN again."))
    return redirect(url_for("clubs.club", token=token), 303)


def _members_page(club: services.LoadedClub, add: MemberForm, merge: MergeForm) -> str:
    page = services.page_of(club)
    choices = [(e.id, e.name) for e in page.members]
    merge.keep.choices = choices
    merge.merged.choices = choices
    return render_template(
        "clubs/members.html", page=page, add_form=add, merge_form=merge, organiser=True
    )


@bp.get("/c/<token>/members")
def members(token: str) -> ResponseReturnValue:
    """The register, to manage: add a member, open one to rename or retire, merge two."""
    found = organiser_club(token)
    return _members_page(found, MemberForm(formdata=None), MergeForm(formdata=None))


@bp.post("/c/<token>/members/add")
def add_member(token: str) -> ResponseReturnValue:
    found = organiser_club(token)
    form = MemberForm()
    if form.validate_on_submit():
        try:
            services.add_member(found, form.name.data or "", session_id())
        except RuleError as error:
            show_error(form, error)
        else:
            flash(_("%(name)s is a member now.", name=shown(form.name.data or "")))
            return redirect(url_for("clubs.members", token=token), 303)
    return _members_page(found, form, MergeForm(formdata=None)), 422


@bp.post("/c/<token>/members/merge")
def merge(token: str) -> ResponseReturnValue:
    """Two entries that are one person: the second joins the first."""
    found = organiser_club(token)
    form = MergeForm()
    if form.validate_on_submit():
        names = services.page_of(found).names()  # as they are before the merge
        try:
            merged = services.merge_members(found, form.keep.data, form.merged.data, session_id())
        except services.MemberNotFound:
            form.merged.errors = [_("Choose two members of the register.")]
        except RuleError as error:
            show_error(form, error)
        else:
            who = {
                "merged": names.get(form.merged.data, "?"),
                "kept": names.get(form.keep.data, "?"),
            }
            flash(
                _("%(merged)s is %(kept)s now.", **who)
                if merged
                else _("%(merged)s was merged into %(kept)s already (on another phone).", **who)
            )
            return redirect(url_for("clubs.members", token=token), 303)
    return _members_page(found, MemberForm(formdata=None), form), 422


def _entry_or_404(page: services.ClubPage, member_id: int) -> register.Entry:
    try:
        entry = page.entry(member_id)
    except services.MemberNotFound:
        abort(404)
    if entry.merged_into is not None:
        abort(404)
    return entry


def _member_page(club: services.LoadedClub, member_id: int, form: MemberForm) -> str:
    page = services.page_of(club)
    entry = _entry_or_404(page, member_id)
    if not form.is_submitted():
        form.name.data = entry.name
    return render_template(
        "clubs/member.html",
        page=page,
        entry=entry,
        form=form,
        retire_form=ActionForm(formdata=None),
    )


@bp.route("/c/<token>/m/<int:member_id>", methods=["GET", "POST"])
def member(token: str, member_id: int) -> ResponseReturnValue:
    """One member, to manage: a new name (the old one stays in the history), or retire."""
    found = organiser_club(token)
    form = MemberForm()
    if request.method == "POST":
        if form.validate_on_submit():
            _entry_or_404(services.page_of(found), member_id)
            name = shown(form.name.data or "")
            try:
                renamed = services.rename_member(found, member_id, name, session_id())
            except RuleError as error:
                show_error(form, error)
            else:
                flash(
                    _("Renamed: %(name)s.", name=name)
                    if renamed
                    else _("Nothing to rename: the member is called %(name)s already.", name=name)
                )
                return redirect(url_for("clubs.members", token=token), 303)
        return _member_page(found, member_id, form), 422
    return _member_page(found, member_id, form)


@bp.post("/c/<token>/m/<int:member_id>/retire")
def retire(token: str, member_id: int) -> ResponseReturnValue:
    found = organiser_club(token)
    entry = _entry_or_404(services.page_of(found), member_id)
    if ActionForm().validate_on_submit():
        try:
            retired = services.retire_member(found, member_id, session_id())
        except RuleError as error:  # merged into another meanwhile: which, it says
            flash(say_here(error.text))
        else:
            flash(
                _("%(name)s is retired: no longer on the evenings' tick boxes.", name=entry.name)
                if retired
                else _("%(name)s was retired already (on another phone).", name=entry.name)
            )
    return redirect(url_for("clubs.members", token=token), 303)


@bp.get("/c/<token>/log")
def log(token: str) -> ResponseReturnValue:
    """The organisers' log: the latest actions, newest first."""
    found = organiser_club(token)
    return render_template(
        "clubs/log.html", club=found, actions=services.actions(found), action_word=action_word
    )


def action_word(action: str) -> str:
    words = {
        "create": _("Club made"),
        "pin": _("PIN typed"),
        "wrong-pin": _("Wrong PIN"),
        "forget": _("A phone stopped managing"),
        "sign-out": _("Every phone signed out"),
        "add": _("Member added"),
        "rename": _("Member renamed"),
        "retire": _("Member retired"),
        "merge": _("Members merged"),
        "evening": _("Evening made"),
        "change-game": _("Changed a finished game (round:table)"),
        "close-evening": _("Evening closed"),
        "reopen-evening": _("Evening opened again"),
        "reveal-standings": _("Hidden standings revealed"),
        "season": _("Season made"),
        "season-edit": _("Season changed"),
    }
    return str(words.get(action, action))


@bp.get("/c/<token>/season")
def season(token: str) -> ResponseReturnValue:
    """The season table: each member's evening results added up, worked out from the evenings'
    games each time it is shown."""
    found = club_or_404(token)
    # Kept per club version, and per rule asked for (the query string).
    key = ("season", token, services.version_of(found))
    return page_cache.serve(key, lambda: _season_page(found), with_args=True)


def _season_page(found: services.LoadedClub) -> ResponseReturnValue:
    page = services.page_of(found)
    form = SeasonRuleForm(request.args)
    rule = form.season_rule() if request.args else DEFAULT_RULE
    evenings, rows = services.season_of(page, rule or DEFAULT_RULE)
    ratings = services.ratings_of(page)
    names = page.names()
    rated = sorted(
        ((names.get(member, "?"), rating) for member, rating in ratings.now.items()),
        key=lambda named: (-named[1].shown, named[0].casefold()),
    )
    html = render_template(
        "clubs/season.html",
        page=page,
        evenings=evenings,
        rows=rows,
        rated=rated,
        left_out=services.left_out_of(page),
        form=form,
        rule=rule or DEFAULT_RULE,
    )
    return html, 200 if rule is not None else 422


#: How many of a member's latest games and rating changes their page lists.
LATEST_GAMES = 20


@bp.get("/c/<token>/p/<int:member_id>")
def player(token: str, member_id: int) -> ResponseReturnValue:
    """A member's page, for anyone with the club's link: their rating and how it moved, their
    games, wins, places and scores, each game's own statistics of them (a table per game they
    play), and how they fared against each member they met."""
    found = club_or_404(token)
    key = ("player", token, member_id, services.version_of(found))
    return page_cache.serve(key, lambda: _player_page(found, member_id))


def _player_page(found: services.LoadedClub, member_id: int) -> ResponseReturnValue:
    token = found.token
    page = services.page_of(found)
    try:
        entry = page.entry(member_id)
    except services.MemberNotFound:
        abort(404)
    if entry.merged_into is not None:  # an entry merged away: the member it is now
        return redirect(url_for("clubs.player", token=token, member_id=_kept(page, member_id)))
    names = page.names()
    story = services.story_of(page, member_id)
    ratings = services.ratings_of(page)
    history = ratings.history.get(member_id, [])
    over_time = [step.after.shown for step in history]
    if history:  # where the line starts: before the first game
        over_time.insert(0, history[0].before.shown)
    return render_template(
        "clubs/player.html",
        rating_chart=charts.rating_chart(entry.name, over_time),
        page=page,
        entry=entry,
        names=names,
        story=story,
        stats=services.stats_of(page, member_id),
        evening_of=services.evenings_of_games(page),
        played_at=services.places_of_games(page),
        left_out=services.left_out_of(page),
        games=story.games[:LATEST_GAMES],
        rating=ratings.of(member_id),
        steps=list(reversed(ratings.history.get(member_id, [])))[:LATEST_GAMES],
    )


def _kept(page: services.ClubPage, member_id: int) -> int:
    kept = {e.id: e.merged_into for e in page.entries}
    while (into := kept.get(member_id)) is not None:
        member_id = into
    return member_id
