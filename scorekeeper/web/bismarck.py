"""Bismarck at the table: new game, announce, record tricks, redeal, correct, undo."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from flask import Blueprint, flash, redirect, render_template, url_for
from flask_babel import gettext as _

from scorekeeper import services, store
from scorekeeper.games import bismarck as rules
from scorekeeper.games.cards import Suit
from scorekeeper.games.events import Event, RuleError
from scorekeeper.web import actions
from scorekeeper.web.forms import (
    AnnounceForm,
    CorrectForm,
    LogForm,
    NewBismarckForm,
    RecordForm,
    RedealForm,
    UndoForm,
)
from scorekeeper.web.helpers import get_game_or_404, remember

bp = Blueprint("bismarck", __name__)


@bp.route("/bismarck/new", methods=["GET", "POST"])
def new():
    form = NewBismarckForm()
    if form.validate_on_submit():
        first = form.first_dealer.data
        drawn = first == "random"
        try:
            setup = rules.Setup(
                players=(form.player_0.data, form.player_1.data, form.player_2.data),
                first_dealer=secrets.randbelow(3) if drawn else int(first),
                variant=rules.Variant(form.variant.data),
                options=frozenset(f.name for f in form.option_fields if f.data),
            )
        except RuleError as error:
            fields = {"players": form.player_2, "first_dealer": form.first_dealer}
            target = fields.get(error.field or "")
            (target.errors if target else form.form_errors).append(error.message)
        else:
            game = services.create(rules.KIND, setup)
            remember(game.token)
            dealer = setup.players[setup.first_dealer]
            if drawn:
                flash(_("The draw: %(name)s deals first.", name=dealer))
            return redirect(url_for("play.game", token=game.token), 303)
    status = 422 if form.is_submitted() else 200
    return render_template("bismarck/new.html", form=form), status


def render_game(game: store.LoadedGame, status: int = 200, **forms: Any):
    """The game page; ``forms`` replaces a fresh form by one that carries a player's input."""
    state = game.state
    current = state.current
    base = {"seq": game.seq, "deal": current.number if current else ""}
    announce = forms.get("announce") or AnnounceForm(formdata=None, data=base)
    if "announce" not in forms and len(state.allowed) == 1:
        announce.contract.data = state.allowed[0].value
    record = forms.get("record") or RecordForm(formdata=None, data=base)
    redeal = forms.get("redeal") or RedealForm(formdata=None, data=base)
    undo = UndoForm(formdata=None, data=base)
    for form in (announce, record, redeal):
        form.seq.data = game.seq
    visible = {"announce": (announce,), "record": (record, redeal)}.get(state.phase, ())
    stray = actions.stray_errors((announce, record, redeal, forms.get("undo")), visible)
    return render_template(
        "bismarck/game.html",
        **actions.page_context(game),
        rules=rules,
        announce=announce,
        record=record,
        redeal=redeal,
        undo=undo,
        conflict=forms.get("conflict"),
        stray_errors=stray,
        kept=forms.get("kept"),
        noun="deal",
    ), status


def _act(
    token: str,
    form: LogForm,
    form_name: str,
    event_for: Callable[[LogForm], Event],
    kept: str,
):
    return actions.act(
        token, form, form_name, lambda f, _game: event_for(f), kept, render_game, rules.KIND
    )


@bp.post("/g/<token>/announce")
def announce(token: str):
    form = AnnounceForm()

    def event(f: AnnounceForm) -> Event:
        return Event(
            "announce",
            {"deal": f.deal_number(), "contract": f.contract.data, "trump": f.trump.data or None},
        )

    kept = _("Your announcement, not saved: %(contract)s %(trump)s") % {
        "contract": (form.contract.data or "").capitalize(),
        "trump": _suit_symbol(form.trump.data),
    }
    return _act(token, form, "announce", event, kept)


@bp.post("/g/<token>/record")
def record(token: str):
    form = RecordForm()

    def event(f: RecordForm) -> Event:
        return Event("record", {"deal": f.deal_number(), "tricks": f.tricks()})

    kept = _("Your tricks, not saved: %(tricks)s") % {
        "tricks": " / ".join("–" if t.data is None else str(t.data) for t in form.tricks_fields)
    }
    return _act(token, form, "record", event, kept)


@bp.post("/g/<token>/redeal")
def redeal(token: str):
    form = RedealForm()

    def event(f: RedealForm) -> Event:
        return Event("redeal", {"deal": f.deal_number(), "trump": f.trump.data or None})

    return _act(token, form, "redeal", event, _("Your redeal was not saved."))


@bp.route("/g/<token>/deal/<int:number>/correct", methods=["GET", "POST"])
def correct(token: str, number: int):
    game = get_game_or_404(token, rules.KIND)
    remember(token)
    state = game.state
    if not 1 <= number <= len(state.deals):
        return redirect(url_for("play.game", token=token), 303)
    deal = state.deals[number - 1]
    form = CorrectForm()
    status = 200
    if not form.is_submitted():
        form.seq.data = game.seq
        form.deal.data = number
        form.contract.data = deal.contract.value
        form.trump.data = deal.trump.record_name if deal.trump else None
        for field, taken in zip(form.tricks_fields, deal.tricks or (None,) * 3, strict=True):
            field.data = taken
    elif form.validate():
        tricks = form.tricks()

        def event(f: CorrectForm) -> Event:
            data: dict[str, Any] = {
                "deal": number,
                "contract": f.contract.data,
                "trump": f.trump.data or None,
            }
            if deal.recorded:
                if None in tricks:
                    raise RuleError(_("Enter the tricks of all three players."), field="tricks")
                data["tricks"] = tricks
            return Event("correct", data)

        done = actions.save_correction(
            game,
            form,
            event,
            saved=_("Deal %(n)d corrected.", n=number),
            changed=_(
                "Someone changed the game on another phone. "
                "Check deal %(n)d and correct it again if needed.",
                n=number,
            ),
        )
        if done is not None:
            return done
        status = 422
    else:
        status = 422
    return render_template(
        "bismarck/correct.html", game=game, state=state, deal=deal, form=form, rules=rules
    ), status


def _suit_symbol(name: str | None) -> str:
    try:
        return Suit.from_name(name).symbol if name else ""
    except ValueError:
        return ""
