"""The evening's prints: the standings on one page, and a round's table cards (each followed
by its table's blank sheet)."""

from __future__ import annotations

from flask import abort, current_app, request
from flask.typing import ResponseReturnValue
from flask_babel import get_locale, ngettext, pgettext
from flask_babel import gettext as _

from scorekeeper.evenings import services
from scorekeeper.evenings.standings import TOTALS, Standings
from scorekeeper.evenings.suspense import first_hidden
from scorekeeper.games.registry import game_for
from scorekeeper.games.text import points
from scorekeeper.printing import Blank
from scorekeeper.printing import evening as paper_evening
from scorekeeper.web import long_prints
from scorekeeper.web.evenings.blueprint import (
    bp,
    club_of,
    curtain_of,
    evening_or_404,
    positions_or_404,
    sides,
)
from scorekeeper.web.evenings.formatting import scoring_explained
from scorekeeper.web.formatting import game_title
from scorekeeper.web.helpers import url_to_share
from scorekeeper.web.printing import default_paper


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
    loaded = evening_or_404(token)
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
    positions = positions_or_404(token)
    paper = _paper()
    # The cards show the round's seats and, once it started, its games' addresses (from the
    # request's host): drawn a few at a time, kept by what they show. The evening is loaded
    # only to draw them (a big one's games take a while to load the first time).
    started = any(round_ == number for round_, _table, _seq in positions)
    # A round whose results are hidden from this phone: its cards without the games' addresses
    # (the organiser prints them; each table then reaches its own game by its card).
    addresses = started and not _veiled(token, number)
    key = (
        "cards",
        token,
        number,
        started,
        addresses,
        str(get_locale()),
        paper,
        url_to_share("evenings.evening", token),
    )
    data = long_prints.drawn(
        key, lambda: _table_cards(evening_or_404(token), number, paper, addresses)
    )
    if data is None:
        return long_prints.busy()
    return _pdf(data, pgettext("file name", "round-%(num)d.pdf", num=number))


def _veiled(token: str, number: int) -> bool:
    """Whether round ``number``'s results are hidden from this phone: its standings are hidden
    from that round on and this phone is not the evening's organiser."""
    club, managing = club_of(token)
    if club is None or managing:
        return False
    loaded = evening_or_404(token)
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
                sides=tuple(sides(loaded, pairs, table.seats)),
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
