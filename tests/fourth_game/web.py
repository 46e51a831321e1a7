"""Tally's pages: its new-game form, its game page with one form per deal, and a correction of
a deal through the shared flow — registered with the web layer as any game is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from flask import Blueprint
from flask.typing import ResponseReturnValue
from wtforms.validators import InputRequired, NumberRange

from scorekeeper.games.events import Event
from scorekeeper.table import services
from scorekeeper.web.entries import enter
from scorekeeper.web.forms import LogForm, WholeNumberField
from scorekeeper.web.game_page import entry_form, game_page
from scorekeeper.web.pages import Correction, GamePages, Routes
from scorekeeper.web.setup_forms import NewGameForm
from tests.fourth_game import rules

bp = Blueprint(rules.KIND, __name__, template_folder="templates")


def _points_field(label: str) -> WholeNumberField:
    return WholeNumberField(
        label, most=rules.MOST_POINTS, validators=[InputRequired("Enter the points.")]
    )


class NewTallyForm(NewGameForm):
    seats = ("First player", "Second player")
    target = WholeNumberField(
        "Play to", most=1000, default=10, validators=[NumberRange(1, 1000, "1 to 1000.")]
    )

    def setup(self, first_dealer: int) -> rules.Setup:
        return rules.Setup(self.names(), first_dealer, self.target.data)  # type: ignore[arg-type]


class DealForm(LogForm):
    error_fields = {"points": "points_1"}  # noqa: RUF012 (WTForms reads it per instance)

    points_0 = _points_field("0")
    points_1 = _points_field("1")

    def points(self) -> list[int]:
        return [self.points_0.data, self.points_1.data]  # type: ignore[list-item]


def render_game(game: services.LoadedGame, status: int = 200, **forms: Any) -> ResponseReturnValue:
    deal = entry_form(forms, "deal", DealForm, game, game.state.current or "")
    return game_page(game, status, forms, {"deal": deal})


@dataclass(frozen=True)
class Points:
    """A deal's points as the form has them (the game page shows its form as ``deal``)."""

    form: DealForm
    name: ClassVar[str] = "deal"

    def event(self, game: services.LoadedGame) -> Event:
        return rules.deal_event(self.form.deal_number() or 0, self.form.points())

    def kept(self, game: services.LoadedGame) -> str:
        return "Your points, not saved."


@bp.post("/g/<token>/points")
def points(token: str) -> ResponseReturnValue:
    return enter(token, Points(DealForm()), rules.KIND)


def _fill(form: DealForm, game: services.LoadedGame, number: int) -> None:
    form.points_0.data, form.points_1.data = game.state.deals[number - 1].points


def _event(form: DealForm, game: services.LoadedGame, number: int) -> Event:
    return Event("correct", {"number": number, "points": form.points()})


PAGES = GamePages(
    Routes(bp, render_game),
    title="Tally",
    new_form=NewTallyForm,
    correction=Correction(
        DealForm, _fill, _event, lambda game, number: {"deal": game.state.deals[number - 1]}
    ),
)
