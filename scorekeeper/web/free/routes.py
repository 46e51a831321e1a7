"""The free game at the table: the game page, a deal's points, the table's end of the game;
what a correction of a deal fills in and writes (the shared flows are in
:mod:`scorekeeper.web.play`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from flask import Blueprint
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper.games import free as rules
from scorekeeper.games.events import Event, RuleError
from scorekeeper.games.text import T_, join_names, signed
from scorekeeper.table import services
from scorekeeper.web.entries import enter
from scorekeeper.web.free.forms import DealForm, EndForm
from scorekeeper.web.game_page import Recent, entry_form, game_page

bp = Blueprint(rules.KIND, __name__)

#: The latest deals and changes a game page shows; the rest are a tap away (``?all=1``).
RECENT = Recent(deals=10, changes=6)


def render_game(game: services.LoadedGame, status: int = 200, **forms: Any) -> ResponseReturnValue:
    """The game page; ``forms`` replaces a fresh form by one that carries a player's input."""
    state = game.state
    entries: dict[str, Any] = {"deal": None, "end": None}
    if not state.finished:
        entries["deal"] = entry_form(forms, "deal", DealForm, game, state.current)
        entries["end"] = entry_form(forms, "end", EndForm, game, state.current)
    return game_page(game, status, forms, entries, recent=RECENT)


def entered_points(form: DealForm, setup: rules.Setup) -> list[int]:
    """The points typed for each side. In a zero-sum game one left empty is what makes the
    deal add up to 0 (filled in, as the page's script shows it); any other left empty is
    refused beside it."""
    fields = form.fields_of(len(setup.sides))
    empty = [field for field in fields if field.data is None]
    if setup.options.zero_sum and len(empty) == 1:
        empty[0].data = -sum(field.data or 0 for field in fields)
        empty = []
    if empty:
        word = (
            T_("Enter every team's points (0 for none).")
            if setup.teams
            else T_("Enter every player's points (0 for none).")
        )
        raise RuleError(word, field=empty[0].name)
    return [field.data or 0 for field in fields]


@dataclass(frozen=True)
class Points:
    """A deal's points as the form has them."""

    form: DealForm
    name: ClassVar[str] = "deal"

    def event(self, game: services.LoadedGame) -> Event:
        points = entered_points(self.form, game.setup)
        return Event(rules.DEAL, {"deal": self.form.deal_number(), "points": points})

    def kept(self, game: services.LoadedGame) -> str:
        sides = len(game.setup.sides)
        typed = ("–" if f.data is None else signed(f.data) for f in self.form.fields_of(sides))
        return str(_("Your points, not saved: %(points)s", points=" / ".join(typed)))


@dataclass(frozen=True)
class End:
    """The table ends the game before the deal in play."""

    form: EndForm
    name: ClassVar[str] = "end"

    def event(self, game: services.LoadedGame) -> Event:
        return Event(rules.END, {"deal": self.form.deal_number()})

    def kept(self, game: services.LoadedGame) -> str:
        return str(_("Your end of the game was not saved."))


@bp.post("/g/<token>/scores")
def points(token: str) -> ResponseReturnValue:
    return enter(token, Points(DealForm()), rules.KIND)


@bp.post("/g/<token>/end")
def end(token: str) -> ResponseReturnValue:
    return enter(token, End(EndForm()), rules.KIND)


def fill_correction(form: DealForm, game: services.LoadedGame, number: int) -> None:
    """The correction form, filled with deal ``number`` as recorded."""
    deal = game.state.deals[number - 1]
    for field, points in zip(form.fields_of(len(deal.points)), deal.points, strict=True):
        field.data = points


def correction_event(form: DealForm, game: services.LoadedGame, number: int) -> Event:
    return rules.correct_event(number, entered_points(form, game.setup))


def correction_context(game: services.LoadedGame, number: int) -> dict[str, Any]:
    return {"deal": game.state.deals[number - 1]}


def progress(state: rules.State) -> str:
    """Where the game stands, for *Your games*: the deal in play, or the winner."""
    won = state.winners
    if len(won) == 1:
        name, total = state.side_names[won[0]], signed(state.totals[won[0]])
        return str(_("%(name)s wins with %(total)s.", name=name, total=total))
    if won:
        names = join_names([state.side_names[side] for side in won])
        return str(_("Shared victory: %(names)s", names=names))
    deals = state.options.deals
    if deals is not None:
        return str(_("Deal %(n)d of %(total)d", n=state.current, total=deals))
    return str(_("Deal %(n)d", n=state.current))
