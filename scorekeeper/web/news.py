"""What other phones wrote to a game since a page was drawn, for a phone whose player is typing.

A game page reloads itself when another phone writes, unless its player is typing: then
``static/later.js`` (which ``static/app.js`` loads when it is needed) asks here what was written
since the log position its form was based on, and about the deal it is typing. The answer is a
piece of a page, in the reader's language, that the script puts just below the sticky head:
the entries in words, *Show it*, and — when an entry changed the deal being typed and the game
corrects its deals with one form — that deal as entered, as the correction form's fields
(``data-was``), with its correction's address. The script compares them with what was typed:
the same, nothing more to do; different, one tap opens the correction with what was typed
(``?typed=some&…``, as :func:`scorekeeper.web.corrections.correction_url` offers it after a
conflict). Nothing is written here: GET never changes anything.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, make_response, render_template, request
from flask.typing import ResponseReturnValue

from scorekeeper.table import services
from scorekeeper.web.bounds import whole
from scorekeeper.web.corrections import NOT_CARRIED
from scorekeeper.web.helpers import get_game_or_404
from scorekeeper.web.pages import pages_for

bp = Blueprint("news", __name__)


@bp.get("/g/<token>/news/<int:since>")
def news(token: str, since: int) -> ResponseReturnValue:
    """The entries written since log position ``since`` (none when it is not one of the
    game's) and, when ``?deal=`` names a deal they touched, that deal as entered."""
    game = get_game_or_404(token)
    since = since if 0 <= since <= game.seq else game.seq
    number = request.args.get("deal", type=whole)
    touched = number is not None and services.Conflict(game, since).touched(number)
    was = fields_as_entered(game, number) if touched and number is not None else None
    pages = pages_for(game.kind)
    page = render_template(
        "_news.html",
        game=game,
        entries=[h for h in game.state.history if h.seq >= since],
        noun=game.rules.noun,
        number=number,
        was=was,
        fix=pages.correction_url(token, number) if was is not None and number else None,
    )
    response = make_response(page)
    response.cache_control.no_store = True
    return response


def fields_as_entered(game: services.LoadedGame, number: int) -> dict[str, str] | None:
    """Deal ``number`` as entered, as the fields of its correction form say it (the fields
    a typed entry carries over to a correction; a field with nothing entered is left out);
    None when the game has no such deal or no one-form correction."""
    pages = pages_for(game.kind)
    correction = pages.correction
    if correction is None or not 1 <= number <= pages.deals(game.state):
        return None
    form = correction.form(formdata=None, meta={"csrf": False})
    correction.fill(form, game, number)
    said = {field.name: _as_typed(field.data) for field in form if field.name not in NOT_CARRIED}
    return {name: value for name, value in said.items() if value}


def _as_typed(value: Any) -> str:
    """A field's value as a form would send it (a box ticked: ``y``)."""
    if value is None or value is False:
        return ""
    return "y" if value is True else str(value)
