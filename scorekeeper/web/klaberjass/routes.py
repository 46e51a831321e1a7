"""Klaberjass at the table: the game page, record a hand; what a correction of a hand fills in
and writes (the shared flows are in :mod:`scorekeeper.web.play`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from flask import Blueprint
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper.games import klaberjass as rules
from scorekeeper.games.events import Event
from scorekeeper.games.hand_log import EventKind
from scorekeeper.table import services
from scorekeeper.web.entries import enter
from scorekeeper.web.game_page import Recent, entry_form, game_page
from scorekeeper.web.klaberjass.forms import HandForm

bp = Blueprint(rules.KIND, __name__)


#: The latest hands and changes a game page shows; the rest are a tap away (``?all=1``).
RECENT = Recent(deals=8, changes=5)


def render_game(game: services.LoadedGame, status: int = 200, **forms: Any) -> ResponseReturnValue:
    """The game page; ``forms`` replaces the fresh hand form by one that carries the input."""
    hand = entry_form(forms, "hand", HandForm, game, game.state.current_hand or "")
    return game_page(game, status, forms, {"hand": hand}, recent=RECENT)


@dataclass(frozen=True)
class Hand:
    """A hand as the form has it, in the record format the engine reads (its sequences name
    the players)."""

    form: HandForm
    name: ClassVar[str] = "hand"

    def event(self, game: services.LoadedGame) -> Event:
        # A missing hand number stays missing: the engine asks which hand it is for.
        data = {**self.form.hand_data(game.setup.players), "number": self.form.deal_number()}
        return Event(EventKind.HAND.value, data)

    def kept(self, game: services.LoadedGame) -> str:
        return str(_("Your hand, not saved: %(hand)s", hand=self.form.summary(game.setup.players)))


@bp.post("/g/<token>/hand")
def hand(token: str) -> ResponseReturnValue:
    return enter(token, Hand(HandForm()), rules.KIND)


def fill_correction(form: HandForm, game: services.LoadedGame, number: int) -> None:
    """The correction form, filled with hand ``number`` as recorded."""
    form.fill(game.state.hands[number - 1].hand)


def correction_event(form: HandForm, game: services.LoadedGame, number: int) -> Event:
    return rules.correct_event(number, form.hand_data(game.setup.players))


def correction_context(game: services.LoadedGame, number: int) -> dict[str, Any]:
    return {"result": game.state.hands[number - 1]}


def progress(state: rules.State) -> str:
    """Where the game stands, for *Your games*: the hand in play, or the winner."""
    if state.finished and state.winner is not None:
        w = state.winner
        return str(
            _(
                "%(name)s wins %(total)d to %(other)d.",
                name=state.players[w],
                total=state.totals[w],
                other=state.totals[1 - w],
            )
        )
    return str(_("Hand %(n)d", n=state.current_hand))
