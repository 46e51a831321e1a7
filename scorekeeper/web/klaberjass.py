"""Klaberjass at the table: new game, record a hand, correct a hand (undo is play.undo)."""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper import services, store
from scorekeeper.games import klaberjass as rules
from scorekeeper.games.events import Event, RuleError
from scorekeeper.web import actions
from scorekeeper.web.forms import HandForm, NewKlaberjassForm, UndoForm
from scorekeeper.web.helpers import get_game_or_404, remember

bp = Blueprint("klaberjass", __name__)


@bp.route("/klaberjass/new", methods=["GET", "POST"])
def new() -> ResponseReturnValue:
    form = NewKlaberjassForm()
    if form.validate_on_submit():
        first = form.first_dealer.data
        drawn = first == "random"
        try:
            setup = rules.Setup(
                players=(form.player_0.data, form.player_1.data),
                first_dealer=secrets.randbelow(2) if drawn else int(first),
                options=rules.Options(target=form.target.data),
            )
        except RuleError as error:
            fields = {
                "players": form.player_1,
                "first_dealer": form.first_dealer,
                "target": form.target,
            }
            target = fields.get(error.field or "")
            (target.errors if target else form.form_errors).append(error.message)
        else:
            game = services.create(rules.KIND, setup)
            remember(game.token)
            if drawn:
                dealer = setup.players[setup.first_dealer]
                flash(_("The draw: %(name)s deals first.", name=dealer))
            return redirect(url_for("play.game", token=game.token), 303)
    status = 422 if form.is_submitted() else 200
    return render_template("klaberjass/new.html", form=form), status


#: The latest hands and changes a game page shows; the rest are a tap away (``?all=1``), so
#: that however long the game, its page stays within its weight budget (30 KB).
RECENT_HANDS = 8
RECENT_CHANGES = 5


def render_game(game: store.LoadedGame, status: int = 200, **forms: Any) -> ResponseReturnValue:
    """The game page; ``forms`` replaces the fresh hand form by one that carries the input."""
    state: rules.State = game.state
    everything = request.args.get("all") == "1"
    base = {"seq": game.seq, "deal": state.current_hand or ""}
    hand = forms.get("hand") or HandForm(formdata=None, data=base)
    hand.seq.data = game.seq
    undo = UndoForm(formdata=None, data=base)
    visible = () if state.finished else (hand,)
    return render_template(
        "klaberjass/game.html",
        **actions.page_context(game),
        hand=hand,
        undo=undo,
        conflict=forms.get("conflict"),
        stray_errors=actions.stray_errors((hand, forms.get("undo")), visible),
        kept=forms.get("kept"),
        noun="hand",
        recent=None if everything else RECENT_CHANGES,
        recent_hands=None if everything else RECENT_HANDS,
        all_url=url_for("play.game", token=game.token, all=1, _anchor="log"),
    ), status


@bp.post("/g/<token>/hand")
def hand(token: str) -> ResponseReturnValue:
    form = HandForm()

    def event(f: HandForm, game: store.LoadedGame) -> Event:
        # A missing hand number stays missing: the engine asks which hand it is for.
        data = {**f.hand_data(game.setup.players), "number": f.deal_number()}
        return Event(rules.EventKind.HAND.value, data)

    def kept(game: store.LoadedGame) -> str:
        return _("Your hand, not saved: %(hand)s", hand=form.summary(game.setup.players))

    return actions.act(token, form, "hand", event, kept, render_game, rules.KIND)


@bp.route("/g/<token>/hand/<int:number>/correct", methods=["GET", "POST"])
def correct(token: str, number: int) -> ResponseReturnValue:
    game = get_game_or_404(token, rules.KIND)
    remember(token)
    state: rules.State = game.state
    if not 1 <= number <= len(state.hands):
        return redirect(url_for("play.game", token=token), 303)
    result = state.hands[number - 1]
    form = HandForm()
    status = 200
    if not form.is_submitted():
        form.seq.data = game.seq
        form.deal.data = number
        form.fill(result.hand)
    elif form.validate():
        done = actions.save_correction(
            game,
            form,
            lambda f: rules.correct_event(number, f.hand_data(state.players)),
            saved=_("Hand %(n)d corrected.", n=number),
            changed=_(
                "Someone changed the game on another phone. "
                "Check hand %(n)d and correct it again if needed.",
                n=number,
            ),
        )
        if done is not None:
            return done
        status = 422
    else:
        status = 422
    return render_template(
        "klaberjass/correct.html",
        game=game,
        state=state,
        result=result,
        form=form,
    ), status
