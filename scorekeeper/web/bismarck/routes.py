"""Bismarck at the table: the game page, announce, record tricks, redeal; what a correction
of a deal fills in and writes (the shared flows are in :mod:`scorekeeper.web.play`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from flask import Blueprint
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_wtf import FlaskForm

from scorekeeper.games import bismarck as rules
from scorekeeper.games.cards import Suit
from scorekeeper.games.events import Event, RuleError
from scorekeeper.games.text import T_
from scorekeeper.table import services
from scorekeeper.web.bismarck.forms import (
    AnnounceForm,
    CorrectForm,
    RedealForm,
    TricksForm,
)
from scorekeeper.web.entries import enter
from scorekeeper.web.forms import LogForm
from scorekeeper.web.game_page import Recent, entry_form, game_page

bp = Blueprint(rules.KIND, __name__)

#: A game page shows every deal (a game has at most 12) and its latest changes, the rest a tap
#: away (``?all=1``): a game of 12 deals has 24 or more, and the page has a 30 KB budget.
RECENT = Recent(deals=12, changes=6)

#: The forms of the game page, by the name ``render_game`` takes a player's input under.
_FORMS: dict[str, type[LogForm]] = {
    "announce": AnnounceForm,
    "record": TricksForm,
    "redeal": RedealForm,
}


def render_game(game: services.LoadedGame, status: int = 200, **forms: Any) -> ResponseReturnValue:
    """The game page; ``forms`` replaces a fresh form by one that carries a player's input."""
    state = game.state
    current = state.current
    deal = current.number if current else ""
    # Only the forms this phase shows are made (a finished game shows none).
    shown: dict[str, FlaskForm] = {}
    for name in {"announce": ("announce",), "record": ("record", "redeal")}.get(state.phase, ()):
        shown[name] = entry_form(forms, name, _FORMS[name], game, deal)
    if "announce" in shown and "announce" not in forms and len(state.allowed) == 1:
        shown["announce"].contract.data = state.allowed[0].value
    entries = {name: shown.get(name) for name in _FORMS}
    return game_page(game, status, forms, entries, recent=RECENT, in_place=True, rules=rules)


@dataclass(frozen=True)
class Announcement:
    """An announcement as the form has it (the trump suit only for a contract that names
    one)."""

    form: AnnounceForm
    name: ClassVar[str] = "announce"

    def event(self, game: services.LoadedGame) -> Event:
        contract = self.form.contract.data
        trump = _trump(contract, self.form.trump)
        return Event(
            "announce", {"deal": self.form.deal_number(), "contract": contract, "trump": trump}
        )

    def kept(self, game: services.LoadedGame) -> str:
        return str(_("Your announcement, not saved: %(contract)s %(trump)s")) % {
            "contract": (self.form.contract.data or "").capitalize(),
            "trump": _suit_symbol(self.form.trump.data),
        }


@dataclass(frozen=True)
class Tricks:
    """Each player's tricks of a deal, as the form has them."""

    form: TricksForm
    name: ClassVar[str] = "record"

    def event(self, game: services.LoadedGame) -> Event:
        return Event("record", {"deal": self.form.deal_number(), "tricks": self.form.tricks()})

    def kept(self, game: services.LoadedGame) -> str:
        tricks = (t.data for t in self.form.tricks_fields)
        return str(_("Your tricks, not saved: %(tricks)s")) % {
            "tricks": " / ".join("–" if t is None else str(t) for t in tricks)
        }


@dataclass(frozen=True)
class Redeal:
    """A deal dealt again (the trump suit of a Trumf deal chosen anew, if any)."""

    form: RedealForm
    name: ClassVar[str] = "redeal"

    def event(self, game: services.LoadedGame) -> Event:
        trump = self.form.trump.data or None
        return Event("redeal", {"deal": self.form.deal_number(), "trump": trump})

    def kept(self, game: services.LoadedGame) -> str:
        return str(_("Your redeal was not saved."))


@bp.post("/g/<token>/announce")
def announce(token: str) -> ResponseReturnValue:
    return enter(token, Announcement(AnnounceForm()), rules.KIND)


@bp.post("/g/<token>/record")  # the event's kind names the address (old pages post to it)
def tricks(token: str) -> ResponseReturnValue:
    return enter(token, Tricks(TricksForm()), rules.KIND)


@bp.post("/g/<token>/redeal")
def redeal(token: str) -> ResponseReturnValue:
    return enter(token, Redeal(RedealForm()), rules.KIND)


def fill_correction(form: CorrectForm, game: services.LoadedGame, number: int) -> None:
    """The correction form, filled with deal ``number`` as entered."""
    deal = game.state.deals[number - 1]
    form.contract.data = deal.contract.value
    form.trump.data = deal.trump.record_name if deal.trump else None
    for field, taken in zip(form.tricks_fields, deal.tricks or (None,) * 3, strict=True):
        field.data = taken


def correction_event(form: CorrectForm, game: services.LoadedGame, number: int) -> Event:
    deal = game.state.deals[number - 1]
    data: dict[str, Any] = {
        "deal": number,
        "contract": form.contract.data,
        "trump": _trump(form.contract.data, form.trump),
    }
    if deal.scored:
        tricks = form.tricks()
        if None in tricks:
            raise RuleError(T_("Enter the tricks of all three players."), field="tricks")
        data["tricks"] = tricks
    return Event("correct", data)


def correction_context(game: services.LoadedGame, number: int) -> dict[str, Any]:
    return {"deal": game.state.deals[number - 1], "rules": rules}


def combine_corrections(events: Sequence[Event]) -> Event:
    """One correction of several deals, checked as a whole (swapped contracts)."""
    return Event("correct", {"deals": [dict(event.data) for event in events]})


def suggest_swap(
    first: CorrectForm, other: CorrectForm, game: services.LoadedGame, number: int, k: int
) -> None:
    """Deal ``number`` is to take the contract deal ``k`` has: deal ``k`` is offered deal
    ``number``'s contract in exchange (a swap is what a mix-up at the table usually is)."""
    deals = game.state.deals
    if first.contract.data == deals[k - 1].contract.value:
        old = deals[number - 1]
        other.contract.data = old.contract.value
        other.trump.data = old.trump.record_name if old.trump else None


def _trump(contract: str | None, field: Any) -> str | None:
    """The trump suit chosen, for a contract that names one (Valfri, Trumf): a suit left
    selected from a contract chosen before is not the player's meaning for Spader or Sang."""
    try:
        needs = rules.parse_contract(contract).needs_trump
    except RuleError:
        needs = True  # the engine says what is wrong with the contract
    return (field.data or None) if needs else None


def _suit_symbol(name: str | None) -> str:
    try:
        return Suit.from_name(name).symbol if name else ""
    except ValueError:
        return ""


def progress(state: rules.State) -> str:
    """Where the game stands, for *Your games*: the deal in play, or the winner."""
    from scorekeeper.games.text import join_names, signed

    if state.finished:
        won = state.winners
        if len(won) == 1:
            name, total = state.players[won[0]], signed(state.totals[won[0]])
            return str(_("%(name)s wins with %(total)s.", name=name, total=total))
        return str(_("Shared victory: %(names)s", names=join_names(state.winner_names)))
    number = state.current.number if state.current is not None else state.deal_count
    return str(_("Deal %(n)d of %(total)d", n=number, total=state.deal_count))
