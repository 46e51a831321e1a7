"""The routes of club evenings (see the package's docstring). Views parse, call one service of
:mod:`scorekeeper.evenings.services`, render."""

from __future__ import annotations

import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import get_locale, ngettext, pgettext
from flask_babel import gettext as _

from scorekeeper import services as games
from scorekeeper.clubs import services as clubs
from scorekeeper.evenings import services
from scorekeeper.evenings.setup import EveningSetup, default_scoring
from scorekeeper.evenings.standings import TOTALS, Standings, TableState
from scorekeeper.evenings.suspense import Curtain, curtain, first_hidden
from scorekeeper.games.events import RuleError
from scorekeeper.games.registry import game_for
from scorekeeper.games.text import points as points  # the season prints import it from here
from scorekeeper.i18n import say_here, words
from scorekeeper.printing import Blank
from scorekeeper.printing import evening as paper_evening
from scorekeeper.qr import qr_svg
from scorekeeper.records import MAX_RECORD_BYTES, RecordError
from scorekeeper.records.problems import RECORD, problem
from scorekeeper.web import long_prints, page_cache
from scorekeeper.web.actions import field_for, show_error
from scorekeeper.web.evenings.forms import (
    EveningForm,
    EveningImportForm,
    StartRoundForm,
    setting_fields,
    settings,
    settings_form,
    validate_settings,
)
from scorekeeper.web.formatting import game_title, join_names
from scorekeeper.web.helpers import url_to_share
from scorekeeper.web.pages import GamePages, all_pages, pages_for
from scorekeeper.web.printing import default_paper

bp = Blueprint("evenings", __name__)

#: How many evenings a browser keeps on its list.
MY_EVENINGS = 10
#: How often the projector view reloads itself (seconds).
SCREEN_REFRESH = 15
#: The evening form's own fields: a rule error naming one of them is shown there.
_EVENING_FIELDS = ("name", "players", "rounds", "scoring")


def _pages_or_404(kind: str) -> GamePages:
    try:
        return pages_for(kind)
    except LookupError:
        abort(404)


def _evening_or_404(token: str) -> services.LoadedEvening:
    try:
        return services.load(token)
    except services.EveningNotFound:
        abort(404)


def _state_or_404(token: str) -> tuple[tuple[tuple[int, int, int], ...], bool, int | None]:
    """The evening's log positions, whether it is closed and how many places of its hidden
    standings are revealed: the key of its kept pages."""
    try:
        return services.page_state(token)
    except services.EveningNotFound:
        abort(404)


def _positions_or_404(token: str) -> tuple[tuple[int, int, int], ...]:
    try:
        return services.positions(token)
    except services.EveningNotFound:
        abort(404)


def remember_evening(token: str) -> None:
    """Keep the evening on this browser's list (the signed session cookie), newest first."""
    tokens = session.get("evenings", [])
    if tokens[:1] == [token]:
        return
    session["evenings"] = [token, *(t for t in tokens if t != token)][:MY_EVENINGS]


def my_evening_tokens() -> list[str]:
    return [t for t in session.get("evenings", []) if isinstance(t, str)]


@bp.route("/evening/new/<kind>", methods=["GET", "POST"])
def new(kind: str) -> ResponseReturnValue:
    """A new evening of ``kind``: its name, the players, the rounds, the scoring and the
    game's settings; then its page with the seating plan."""
    pages = _pages_or_404(kind)
    form = EveningForm()
    game_form = settings_form(pages.new_form)
    if not form.is_submitted():
        form.scoring.data = default_scoring(game_for(kind))
    else:
        valid = form.validate()
        valid = validate_settings(game_form) and valid
        if valid:
            try:
                setup = EveningSetup(
                    name=form.name.data or "",
                    kind=kind,
                    players=form.names(),
                    rounds=form.rounds.data or 0,
                    scoring=form.scoring.data or "",
                    settings=settings(game_form),
                    confirms=bool(form.confirms.data),
                )
            except RuleError as error:
                if error.field in _EVENING_FIELDS:
                    show_error(form, error)
                else:
                    field_for(game_form, error).errors.append(say_here(error.text))
            else:
                evening = services.create(setup)
                remember_evening(evening.token)
                return redirect(url_for("evenings.evening", token=evening.token), 303)
    return render_template(
        "evenings/new.html",
        form=form,
        game_form=game_form,
        settings=setting_fields(game_form),
        page=pages,
    ), 422 if form.is_submitted() else 200


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
        "sides": lambda seats: _sides(evening, rules.pairs, seats),
    }


def curtain_of(evening: services.LoadedEvening, standings: Standings) -> Curtain:
    """What of the standings may be shown: a club's evening may hide them for its last rounds
    until its organiser reveals them; an evening of no club (one imported, say) has no
    organiser to reveal them and shows everything."""
    hide = evening.setup.hide_last
    if hide and clubs.club_of_evening(evening.token) is None:
        hide = 0
    places = [row.place for row in standings.rows]
    return curtain(evening.setup.rounds, hide, evening.started, evening.revealed, places)


def _sides(
    evening: services.LoadedEvening, pairs: bool, seats: Sequence[int]
) -> list[tuple[str, ...]]:
    """A table's players as they score: each alone, or two pairs (seats 0 and 2, 1 and 3)."""
    names = evening.names(seats)
    if pairs:
        return [(names[0], names[2]), (names[1], names[3])]
    return [(name,) for name in names]


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
    _club, managing = _club_of(token)
    url = url_to_share("evenings.evening", token)
    key = ("evening", token, _state_or_404(token), url, managing)
    remember_evening(token)
    return page_cache.serve(
        key,
        lambda: _evening_page(_evening_or_404(token), StartRoundForm(formdata=None), managing),
    )


@bp.post("/e/<token>/round/<int:number>/start")
def start_round(token: str, number: int) -> ResponseReturnValue:
    """Start round ``number``: make each of its tables' games, seated as the plan says. While
    the round before is still being played, only with *Start anyway* ticked: otherwise the page
    again, saying so beside the button, and nothing made."""
    loaded = _evening_or_404(token)
    form = StartRoundForm()
    if not 1 <= number <= loaded.setup.rounds:
        abort(404)
    if form.validate_on_submit():
        try:
            services.start_round(loaded, number, anyway=bool(form.anyway.data))
        except games.Locked as error:  # not this phone's to start: said beside the round
            flash(say_here(error.text), round_notice(number))
            return _evening_page(loaded, StartRoundForm(formdata=None), False), 403
        except services.RoundInPlay as error:
            tick = _("Tick “Start round %(n)d anyway” to start it all the same.", n=number)
            form.anyway.errors = [f"{say_here(error.text)} {tick}"]
            return _evening_page(loaded, form, _club_of(token)[1]), 422
        except services.RoundStarted:
            said = _("Round %(n)d was already started on another phone.", n=number)
        except RuleError as error:
            said = say_here(error.text)
        else:
            said = _("Round %(n)d started: each table has its game.", n=number)
        # Said beside the round, where the page lands (not at the top, out of view).
        flash(said, round_notice(number))
    return redirect(url_for("evenings.evening", token=token, _anchor=f"round-{number}"), 303)


def round_notice(number: int) -> str:
    """The category of a flashed message that the evening page shows beside round ``number``."""
    return f"round-{number}"


@bp.get("/e/<token>/screen")
def screen(token: str) -> ResponseReturnValue:
    """The projector view: the standings and the tables of the round in play, in large type,
    reloading itself every few seconds (no JavaScript needed)."""
    key = ("screen", token, _state_or_404(token))
    response = current_app.make_response(
        page_cache.serve(
            key,
            lambda: render_template(
                "evenings/screen.html",
                **_context(_evening_or_404(token), veiled=True),
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
    club, managing = _club_of(token)
    key = ("tables", token, _state_or_404(token), minute, managing)
    response = current_app.make_response(
        page_cache.serve(key, lambda: _tables_page(_evening_or_404(token), club, managing))
    )
    response.cache_control.no_store = True
    return response


def _club_of(token: str) -> tuple[str | None, bool]:
    """The token of the club the evening belongs to (None: no club's) and whether this phone
    is its organiser, who may close the evening and open it again."""
    from scorekeeper.clubs import services as clubs  # the clubs' pages build on the evenings'
    from scorekeeper.web.clubs.organiser import is_organiser

    club = clubs.club_of_evening(token)
    if club is None:
        return None, False
    return club.token, is_organiser(club)


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


def minutes(idle: timedelta) -> int:
    """Whole minutes of ``idle``, as the organiser's view says them."""
    return int(idle.total_seconds() // 60)


@bp.get("/e/<token>/evening.json")
def evening_record(token: str) -> ResponseReturnValue:
    """The evening as a portable record: its setup, plan and every started table's game."""
    loaded = _evening_or_404(token)
    if curtain_of(loaded, services.standings_of(loaded)).hidden and not _club_of(token)[1]:
        message = _(
            "The standings are hidden until the end: until they are revealed, only the "
            "organiser can download the evening record."
        )
        return render_template("error.html", title=_("Hidden until the end"), message=message), 403
    body = services.record_of(loaded)
    response = current_app.response_class(body.encode("utf-8"), mimetype="application/json")
    filename = f"scorekeeper-evening-{loaded.created_at:%Y-%m-%d-%H%M}.json"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.cache_control.no_store = True
    response.cache_control.private = True
    return response


@bp.post("/evening/import")
def import_evening() -> ResponseReturnValue:
    """A new evening from an uploaded evening record; on any problem, the messages beside the
    file field and nothing stored."""
    form = EveningImportForm()
    if form.validate_on_submit():
        data = form.evening_record.data.read(MAX_RECORD_BYTES + 1)
        try:
            evening = services.import_record(data)
        except RecordError as error:
            form.evening_record.errors.extend(error.lines_in(words()))
        except RuleError as error:
            form.evening_record.errors.append(problem(RECORD, error.text).render(words()))
        else:
            remember_evening(evening.token)
            flash(_("Imported as a new evening: %(name)s.", name=evening.setup.name))
            return redirect(url_for("evenings.evening", token=evening.token), 303)
    return render_template("evenings/import.html", form=form), 422


def scoring_explained(scoring: str) -> list[str]:
    """How an evening with ``scoring`` is scored, paragraph by paragraph (the page and the
    printed standings say the same)."""
    if scoring == TOTALS:
        first = _(
            "Game totals: at every table a player scores their total in that game; the evening "
            "adds them up. A game that sums to zero at its table keeps the evening summing to "
            "zero too."
        )
    else:
        first = _(
            "Placings: at every table a player scores a point for each player (or pair) placed "
            "below them and half a point for each one level with them: 2, 1 and 0 at a table of "
            "three; 1 for the winner of a game of two, ½ each for a tie. A game's winners are "
            "placed first whatever their totals."
        )
    return [
        first,
        _(
            "Every game counts as it stands from its first scored deal or hand, so the "
            "standings move during the round. A player who sits out a round scores the average "
            "of everyone who played in it, so sitting out neither helps nor hurts."
        ),
        _(
            "Players with equal points share a place, shown as =2; within a place they are "
            "listed by name."
        ),
    ]


def _paper() -> str:
    paper = request.args.get("paper", "").strip().lower()
    return paper if paper in ("a4", "letter") else default_paper()


def _pdf(data: bytes, filename: str) -> ResponseReturnValue:
    response = current_app.response_class(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.cache_control.no_store = True  # it changes with every deal; a capability
    response.cache_control.private = True
    return response


def _in_play_note(standings: Standings) -> str:
    if not standings.provisional:
        return ""
    return str(
        ngettext(
            "%(num)d game is still being played: the standings count it as it stands.",
            "%(num)d games are still being played: the standings count them as they stand.",
            standings.in_play,
        )
    )


@bp.get("/e/<token>/standings.pdf")
def standings_pdf(token: str) -> ResponseReturnValue:
    """The standings on one page, with how they are scored and the evening's QR code."""
    loaded = _evening_or_404(token)
    standings = services.standings_of(loaded)
    signed = standings.scoring == TOTALS
    hidden = curtain_of(loaded, standings).hidden
    rows = [
        paper_evening.StandingRow(
            row.place, row.shared, row.name, points(row.points, signed), row.games, row.wins
        )
        for row in standings.rows
        if not hidden
    ]
    data = paper_evening.standings_pdf(
        loaded.setup.name,
        game_title(loaded.setup.kind),
        rows,
        scoring_explained(standings.scoring),
        paper=_paper(),
        url=url_to_share("evenings.evening", token),
        date=loaded.created_at.date(),
        note=_hidden_note(loaded) if hidden else _note(loaded, standings),
    )
    return _pdf(data, pgettext("file name", "standings.pdf"))


def _note(loaded: services.LoadedEvening, standings: Standings) -> str:
    return _closed_note() if loaded.closed_at else _in_play_note(standings)


def _hidden_note(loaded: services.LoadedEvening) -> str:
    round_ = _("Round %(n)d of %(count)d", n=loaded.started, count=loaded.setup.rounds)
    return f"{round_}: {_('Standings hidden until the end')}"


def _closed_note() -> str:
    return str(_("This evening is closed: its results are final."))


@bp.get("/e/<token>/round/<int:number>/cards.pdf")
def table_cards(token: str, number: int) -> ResponseReturnValue:
    """Round ``number``'s table cards: a page a table, with its game's QR code once started,
    each followed by the table's blank sheet with its names (and, once started, who deals)."""
    positions = _positions_or_404(token)
    paper = _paper()
    # The cards show the round's seats and, once it started, its games' addresses (from the
    # request's host): drawn a few at a time, kept by what they show. The evening is loaded
    # only to draw them (a big one's games take a while to load the first time).
    started = any(round_ == number for round_, _table, _seq in positions)
    # A round whose results are hidden from this phone: its cards without the games' addresses
    # (the organiser prints them; each table then reaches its own game by its card).
    addresses = started and not _veiled(token, number)
    url = url_to_share("evenings.evening", token)
    key = ("cards", token, number, started, addresses, str(get_locale()), paper, url)
    data = long_prints.drawn(
        key, lambda: _table_cards(_evening_or_404(token), number, paper, addresses)
    )
    if data is None:
        return long_prints.busy()
    return _pdf(data, pgettext("file name", "round-%(num)d.pdf", num=number))


def _veiled(token: str, number: int) -> bool:
    """Whether round ``number``'s results are hidden from this phone: its standings are hidden
    from that round on and this phone is not the evening's organiser."""
    club, managing = _club_of(token)
    if club is None or managing:
        return False
    loaded = _evening_or_404(token)
    shown = curtain_of(loaded, services.standings_of(loaded))
    return shown.hidden and number >= first_hidden(loaded.setup.rounds, loaded.setup.hide_last)


def _table_cards(loaded: services.LoadedEvening, number: int, paper: str, addresses: bool) -> bytes:
    if not 1 <= number <= loaded.setup.rounds:
        abort(404)
    pairs = game_for(loaded.setup.kind).pairs
    settings = loaded.setup.settings
    cards = []
    for table in loaded.tables(number):
        game = table.game
        names = loaded.names(table.seats)
        cards.append(
            paper_evening.TableCard(
                number=table.number,
                seats=names,
                sides=tuple(_sides(loaded, pairs, table.seats)),
                first_dealer=None if game is None else game.setup.players[game.setup.first_dealer],
                url=None
                if game is None or not addresses
                else url_to_share("play.game", game.token),
                sheet=Blank(names, None if game is None else game.setup.first_dealer, settings),
            )
        )
    return paper_evening.table_cards_pdf(
        loaded.setup.name,
        game_title(loaded.setup.kind),
        number,
        cards,
        loaded.names(loaded.sitting_out(number)),
        paper=paper,
        kind=loaded.setup.kind,
    )


def table_status(
    state: TableState, noun: str, names: Sequence[str], entered: int = 0, veiled: bool = False
) -> str:
    """Where a table stands in words: not started, the deal (hand) in play, or over and who
    won (``names`` are the evening's players); over and no more while its result is hidden
    (``veiled``). A table with ``entered`` entries but no round scored yet (a contract
    announced) has its first deal in play: it has started."""
    if state.finished and veiled:
        return str(_("Finished"))
    if state.finished:
        winners = [names[p] for p in state.winners]
        if state.shared:
            return str(_("Finished: %(names)s share the win", names=join_names(winners)))
        return str(_("Finished: %(names)s won", names=join_names(winners)))
    if not state.made or not (state.scored or entered):
        return str(_("Not started"))
    number = state.scored + 1
    return str(_("Deal %(n)d", n=number) if noun == "deal" else _("Hand %(n)d", n=number))


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
