"""The season table printed, on the projector, and as a chart: ``/c/<token>/season.pdf`` (one
page, A4 or Letter), ``/c/<token>/season/screen`` (large type, reloading itself) and the chart
of the top members' places on the season page. All three are for anyone with the club's link,
and add the season up by the rule the season page's address chose (its query string).

Each is drawn from plain values — the club's name, the season's evenings, its rows and the rule
in words — by :func:`season_pdf_bytes`, :func:`screen_page` and :func:`season_chart_of`, so a
season kept with a rule of its own prints, projects and charts the same way as the club's
running one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask import abort, current_app, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale, ngettext, pgettext
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from scorekeeper import seasons
from scorekeeper.clubs import services
from scorekeeper.clubs.season import DEFAULT_RULE, EveningResult, SeasonRow
from scorekeeper.games.text import points
from scorekeeper.languages.i18n import words
from scorekeeper.printing import season as paper_season
from scorekeeper.server import hosts
from scorekeeper.web import long_prints, page_cache
from scorekeeper.web.charts import SEASON_LINES, season_chart
from scorekeeper.web.clubs.forms import SeasonRuleForm
from scorekeeper.web.clubs.organiser import club_or_404
from scorekeeper.web.clubs.routes import bp
from scorekeeper.web.helpers import memo
from scorekeeper.web.printing import default_paper

#: The seconds between the projector view's reloads.
SCREEN_REFRESH = 30
#: How many of the table's rows the projector shows: its top, in type read across a room.
SCREEN_ROWS = 12
#: The fields of the season's rule in an address (the rest, ``paper``, is the printer's).
RULE_FIELDS = ("rule", "n", "absence")


def rule_words(rule: seasons.SeasonRule) -> str:
    """The season's rule in a few words, as a title says it: ``Best 5 evenings; a missed
    evening counts that evening's lowest``."""
    if rule.rule == seasons.BEST:
        said = ngettext("Best %(num)d evening", "Best %(num)d evenings", rule.n)
    elif rule.rule == seasons.AVERAGE:
        said = ngettext(
            "Average, ranked after %(num)d evening",
            "Average, ranked after %(num)d evenings",
            rule.n,
        )
    else:
        said = _("Total of every evening")
    if rule.absence == seasons.LOWEST:
        return str(_("%(rule)s; a missed evening counts that evening’s lowest", rule=said))
    if rule.absence == seasons.OWN_AVERAGE:
        return str(_("%(rule)s; a missed evening counts the member’s own average", rule=said))
    return str(said)


def asked_rule() -> seasons.SeasonRule | None:
    """The rule the address asks for, as the season page reads it (none asked: the default);
    None when it is not one."""
    asked = {key: request.args[key] for key in RULE_FIELDS if key in request.args}
    if not asked:
        return DEFAULT_RULE
    return SeasonRuleForm(MultiDict(asked)).season_rule()


def rule_args() -> dict[str, Any]:
    """The rule's fields of this page's address, for a link that keeps the rule."""
    return {key: request.args[key] for key in RULE_FIELDS if key in request.args}


def _season_url(token: str) -> str:
    return _shared(url_for("clubs.season", token=token, _external=True, **rule_args()))


def _paper() -> str:
    paper = request.args.get("paper", "").strip().lower()
    return paper if paper in ("a4", "letter") else default_paper()


def print_lines(rows: Sequence[SeasonRow]) -> list[paper_season.SeasonLine]:
    """The season's rows as the printed table shows them (the points as the page writes them)."""
    return [
        paper_season.SeasonLine(
            place=row.place,
            shared=row.shared,
            name=row.name,
            points=points(row.points),
            evenings=row.evenings,
            counted=row.counted,
            cells=tuple(
                None
                if at is None
                else paper_season.SeasonCell(
                    at[0], points(at[1]), row.counts[i] if i < len(row.counts) else True
                )
                for i, at in enumerate(row.by_evening)
            ),
        )
        for row in rows
    ]


def season_pdf_bytes(
    club: str,
    season: str,
    rule: str,
    evenings: Sequence[EveningResult],
    rows: Sequence[SeasonRow],
    *,
    paper: str,
    url: str | None,
    left_out: Sequence[services.ClubEvening] = (),
) -> bytes:
    """A season's table on one page of ``paper``, in the page's language (with a line for each
    evening ``left_out`` while its standings are hidden)."""
    shown = [
        paper_season.SeasonEvening(e.name, words().date(e.created_at.date())) for e in evenings
    ]
    notes = []
    if any(e.provisional for e in evenings):
        notes.append(_("Some games are still being played: the table counts them as they stand."))
    notes.extend(left_out_words(left_out))
    return paper_season.season_pdf(
        club, season, rule, shown, print_lines(rows), paper=paper, url=url, notes=notes
    )


def left_out_words(left_out: Sequence[services.ClubEvening]) -> list[str]:
    """A line for each evening the season table leaves out while its standings are hidden."""
    return [
        _("%(evening)s is left out until its standings are revealed.", evening=e.name)
        for e in left_out
    ]


def screen_page(
    club: str,
    season: str,
    rule: str,
    evenings: Sequence[EveningResult],
    rows: Sequence[SeasonRow],
    *,
    back: str,
    left_out: Sequence[services.ClubEvening] = (),
) -> str:
    """A season's projector view: the top of its table in large type, reloading itself."""
    return render_template(
        "clubs/season_screen.html",
        club_name=club,
        season=season,
        rule_words=rule,
        evenings=evenings,
        rows=rows[:SCREEN_ROWS],
        more=max(0, len(rows) - SCREEN_ROWS),
        back=back,
        refresh=SCREEN_REFRESH,
        left_out=left_out,
    )


def season_chart_of(rows: Sequence[SeasonRow], most: int = SEASON_LINES) -> Markup:
    """The chart of the season page: the places of the table's top ``most`` members at each
    evening (empty before a second evening)."""
    top = [row for row in rows if row.place is not None][:most]
    names = tuple(row.name for row in top)
    places = tuple(tuple(None if at is None else at[0] for at in row.by_evening) for row in top)
    # Drawn once for what it shows: a deal moves the places of the members at its table only.
    return memo(
        "season chart",
        names,
        places,
        caller=lambda: season_chart(list(names), [list(p) for p in places]),
    )


def ratings_key(
    rated: Sequence[tuple[str, seasons.Rating]], all_time: Mapping[str, seasons.Rating] | None
) -> tuple[object, ...]:
    """Everything the season page's ratings show (with each member's all-time rating on a
    season's page)."""
    return (
        tuple(rated),
        None if all_time is None else tuple(all_time[name].shown for name, _r in rated),
    )


def evenings_key(evenings: Sequence[Any]) -> tuple[object, ...]:
    """Everything a page's list of a club's evenings shows (an evening's name, game, day and
    players never change: its token says them), with whether each is still being played."""
    return tuple((e.token, getattr(e, "provisional", None)) for e in evenings)


@bp.app_context_processor
def _season_helpers() -> dict[str, object]:
    """Lets the season page (the club's running season, or a season kept) show its chart and
    link its print and projector view with its rule; the keys of the parts drawn once (a club
    of years lists hundreds of evenings)."""
    return {
        "season_chart": season_chart_of,
        "season_rule_args": rule_args,
        "ratings_key": ratings_key,
        "evenings_key": evenings_key,
    }


def _season_of(
    found: services.LoadedClub, rule: seasons.SeasonRule
) -> tuple[list[EveningResult], list[SeasonRow], list[services.ClubEvening]]:
    page = services.page_of(found)
    evenings, rows = services.season_of(page, rule)
    return evenings, rows, services.left_out_of(page)


def _pdf_response(data: bytes | None) -> ResponseReturnValue:
    if data is None:
        return long_prints.busy()
    response = current_app.response_class(data, mimetype="application/pdf")
    filename = pgettext("file name", "season.pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.cache_control.no_store = True  # it moves with every deal; the address is a key
    response.cache_control.private = True
    return response


def _screen_response(key: tuple[object, ...], draw: Callable[[], str]) -> ResponseReturnValue:
    response = current_app.make_response(page_cache.serve(key, draw, with_args=True))
    response.cache_control.no_store = True
    return response


def _shared(url: str) -> str:
    return hosts.share_url(url, current_app.config, request.environ.get("SERVER_PORT"))


@bp.get("/c/<token>/season.pdf")
def season_pdf(token: str) -> ResponseReturnValue:
    """The season table on one page (``?paper=a4`` or ``letter``), by the rule in the address
    as the season page adds it up, with the QR code of that page."""
    found = club_or_404(token)
    rule = asked_rule()
    if rule is None:  # the season page says what is wrong beside the fields
        return redirect(url_for("clubs.season", token=token, **rule_args()), 303)
    paper, url = _paper(), _season_url(token)
    key = ("season.pdf", token, services.version_of(found), rule, str(get_locale()), paper, url)

    def draw() -> bytes:
        evenings, rows, left_out = _season_of(found, rule)
        return season_pdf_bytes(
            found.name,
            _("Season table"),
            rule_words(rule),
            evenings,
            rows,
            paper=paper,
            url=url,
            left_out=left_out,
        )

    return _pdf_response(long_prints.drawn(key, draw))


@bp.get("/c/<token>/season/screen")
def season_screen(token: str) -> ResponseReturnValue:
    """The season table on the projector: its top in large type, reloading itself every
    :data:`SCREEN_REFRESH` seconds (no JavaScript needed), by the rule in the address."""
    found = club_or_404(token)
    rule = asked_rule()
    if rule is None:
        return redirect(url_for("clubs.season", token=token, **rule_args()), 303)

    def draw() -> str:
        evenings, rows, left_out = _season_of(found, rule)
        back = url_for("clubs.season", token=token, **rule_args())
        return screen_page(
            found.name,
            _("Season table"),
            rule_words(rule),
            evenings,
            rows,
            back=back,
            left_out=left_out,
        )

    return _screen_response(("season-screen", token, services.version_of(found)), draw)


def _stored(
    found: services.LoadedClub, season_id: int
) -> tuple[services.LoadedSeason, list[EveningResult], list[SeasonRow], list[services.ClubEvening]]:
    """A season the club keeps, and its evenings and table by its own rule; 404 when the club
    has no such season."""
    try:
        chosen = services.load_season(found, season_id)
    except services.SeasonNotFound:
        abort(404)
    held = services.in_season(services.page_of(found), chosen)
    evenings, rows = services.season_of(held, chosen.rule)
    return chosen, evenings, rows, services.left_out_of(held)


@bp.get("/c/<token>/s/<int:season_id>/season.pdf")
def stored_season_pdf(token: str, season_id: int) -> ResponseReturnValue:
    """A season the club keeps on one page: its name, its own rule, its evenings only, and the
    QR code of its page."""
    found = club_or_404(token)
    paper = _paper()
    url = _shared(url_for("clubs.stored_season", token=token, season_id=season_id, _external=True))
    version = services.version_of(found)
    key = ("stored-season.pdf", token, season_id, version, str(get_locale()), paper, url)

    def draw() -> bytes:
        chosen, evenings, rows, left_out = _stored(found, season_id)
        return season_pdf_bytes(
            found.name,
            chosen.name,
            rule_words(chosen.rule),
            evenings,
            rows,
            paper=paper,
            url=url,
            left_out=left_out,
        )

    return _pdf_response(long_prints.drawn(key, draw))


@bp.get("/c/<token>/s/<int:season_id>/screen")
def stored_season_screen(token: str, season_id: int) -> ResponseReturnValue:
    """A season the club keeps on the projector, as :func:`season_screen` shows the club's."""
    found = club_or_404(token)

    def draw() -> str:
        chosen, evenings, rows, left_out = _stored(found, season_id)
        back = url_for("clubs.stored_season", token=token, season_id=season_id)
        return screen_page(
            found.name,
            chosen.name,
            rule_words(chosen.rule),
            evenings,
            rows,
            back=back,
            left_out=left_out,
        )

    key = ("stored-season-screen", token, season_id, services.version_of(found))
    return _screen_response(key, draw)
