"""Sviten Special at the table: the game page, a hand in two steps (cards → proposed melds →
record) or in quick mode, correct a hand (undo is play.undo).

The proposal step writes nothing: the cards tapped travel in the proposal page's hidden fields,
and only *Record hand* appends an event (validate → append → redirect, :mod:`.actions`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper import services
from scorekeeper.games import sviten as rules
from scorekeeper.games.events import Event, RuleError
from scorekeeper.games.sviten.melds import validate_meld
from scorekeeper.games.sviten.proposal import Proposal, melds_for, propose
from scorekeeper.i18n import say_here
from scorekeeper.web import actions
from scorekeeper.web.helpers import get_game_or_404, remember
from scorekeeper.web.sviten.forms import PACK, SvitenHandForm

bp = Blueprint("sviten", __name__)

#: A long match (many failed bids, or a hand cap) shows its latest hands and changes on its
#: page, the rest behind a link: the page stays within its budget (30 KB with CSS and JS).
RECENT_HANDS = 4
RECENT_CHANGES = 4
#: Renders the page a hand form is on: the game page, or a correction page.
FormPage = Callable[..., ResponseReturnValue]


def render_game(game: services.LoadedGame, status: int = 200, **forms: Any) -> ResponseReturnValue:
    """The game page; ``forms`` replaces the fresh hand form by one that carries the input."""
    state: rules.State = game.state
    base = {"seq": game.seq, "deal": state.current_hand or ""}
    hand = forms.get("hand") or SvitenHandForm(formdata=None, data=base)
    hand.seq.data = game.seq
    hand.deal.data = state.current_hand or ""
    visible = () if state.finished else (hand,)
    noted = actions.noted_round()  # a hand just corrected is shown even if it is an old one
    everything = request.args.get("all") == "1" or (
        noted is not None and noted <= len(state.hands) - RECENT_HANDS
    )
    return render_template(
        "sviten/game.html",
        **actions.page_context(game),
        rules=rules,
        pack=PACK,
        hand=hand,
        conflict=forms.get("conflict"),
        stray_errors=actions.stray_errors((hand, forms.get("undo")), visible),
        kept=forms.get("kept"),
        fix=forms.get("fix"),
        noun="hand",
        recent=None if everything else RECENT_CHANGES,
        recent_hands=None if everything else RECENT_HANDS,
        all_url=url_for("play.game", token=game.token, all=1, _anchor="log"),
    ), status


def _render_correction(
    game: services.LoadedGame,
    number: int,
    form: SvitenHandForm,
    status: int = 200,
    conflict: services.Conflict | None = None,
) -> ResponseReturnValue:
    state: rules.State = game.state
    form.seq.data = game.seq
    form.deal.data = number
    if not form.was.data:
        form.was.data = actions.fingerprint(game, [number])
    return render_template(
        "sviten/correct.html",
        game=game,
        state=state,
        result=state.hands[number - 1],
        rules=rules,
        pack=PACK,
        form=form,
        conflict=conflict,
    ), status


# --- one hand: the cards, the proposal, the record ------------------------------------------


def _before(state: rules.State, number: int) -> tuple[int, int]:
    """The running totals before hand ``number``."""
    return state.hands[number - 2].totals if number > 1 else (0, 0)


def _check(game: services.LoadedGame, number: int, correcting: bool, data: dict[str, Any]) -> None:
    """Ask the engine whether the hand may be recorded (RuleError if not), writing nothing."""
    if correcting:
        if rules.parse_hand(data, number, game.setup) == game.state.hands[number - 1].hand:
            return  # the hand as recorded: only its melds may still change
        event = rules.correct_event(number, data)
    else:
        event = rules.hand_event(number, data)
    services.trial(game, event)


def _proposal(
    game: services.LoadedGame, form: SvitenHandForm, number: int, correcting: bool
) -> Proposal:
    """The solver's melds for the cards on the form; RuleError if the hand breaks a rule."""
    data = form.cards_data(game.setup)
    _check(game, number, correcting, data)
    hand = rules.parse_hand(data, number, game.setup)
    return propose(game.setup, hand, number, _before(game.state, number))


def _hand_with_melds(
    game: services.LoadedGame, form: SvitenHandForm, number: int
) -> dict[str, Any]:
    """The hand as confirmed on the proposal page: the cards, and the melds each pair lays
    (left to the engine where they are what the engine would lay)."""
    data = form.cards_data(game.setup)
    hand = rules.parse_hand(data, number, game.setup)
    proposal = propose(game.setup, hand, number, _before(game.state, number))
    typed = [form.typed_melds(pair, proposal.melds(pair), hand, game.setup) for pair in range(2)]
    melds = melds_for(proposal, form.chosen_count(), typed)
    if any(m is not None for m in melds):
        data["melds"] = [None if m is None else [list(meld) for meld in m] for m in melds]
    return data


def _hand_data(game: services.LoadedGame, form: SvitenHandForm, number: int) -> dict[str, Any]:
    if form.action == "quick":
        return form.quick_data(game.setup)
    return _hand_with_melds(game, form, number)


def _render_proposal(
    game: services.LoadedGame,
    form: SvitenHandForm,
    proposal: Proposal,
    number: int,
    correcting: bool,
    status: int = 200,
) -> ResponseReturnValue:
    state: rules.State = game.state
    trump, factor = proposal.result.trump, game.setup.options.trump_run_factor
    for pair, field in enumerate(form.laid_fields):
        if not form.laid_given(pair):  # first showing: the text says what is proposed
            field.data = rules.melds_text(proposal.melds(pair))
    if form.chosen_count() is None:
        form.count.data = str(proposal.proposed)
    form.seq.data = game.seq
    form.deal.data = number
    action = (
        url_for("sviten.correct", token=game.token, number=number)
        if correcting
        else url_for("sviten.hand", token=game.token)
    )
    return render_template(
        "sviten/propose.html",
        game=game,
        state=state,
        rules=rules,
        form=form,
        p=proposal,
        number=number,
        correcting=correcting,
        action=action,
        value=lambda meld: validate_meld(meld, trump, trump_run_factor=factor),
    ), status


def _form_page(number: int | None) -> FormPage:
    """The page the first step of a hand is on: the game page, or hand ``number``'s
    correction page."""
    if number is None:
        return render_game

    def page(game: services.LoadedGame, status: int = 200, **forms: Any) -> ResponseReturnValue:
        return _render_correction(game, number, forms["hand"], status)

    return page


def _submit(token: str, form: SvitenHandForm, number: int | None) -> ResponseReturnValue:
    """Every step of a hand, for the game page (``number`` None: the next hand) and for a
    correction of hand ``number``."""
    correcting = number is not None
    first_page = _form_page(number)
    action = form.action
    game = get_game_or_404(token, rules.KIND)
    remember(token)
    state: rules.State = game.state
    if correcting and not 1 <= number <= len(state.hands):  # type: ignore[operator]
        return redirect(url_for("play.game", token=token), 303)
    current = number if number is not None else (state.current_hand or 0)

    if action == "edit":  # back from the proposal to the cards, nothing checked or written
        return first_page(game, 200, hand=form)

    if action == "propose":
        if not form.validate_on_submit():
            return first_page(game, 422, hand=form)
        if not correcting:
            try:
                services.check_position(
                    game, form.based_on(), services.untouched(form.deal_number())
                )
            except services.Conflict as conflict:
                return render_game(game, 409, hand=form, conflict=conflict, kept=_kept(form, game))
        try:
            proposal = _proposal(game, form, current, correcting)
        except RuleError as error:
            actions.show_error(form, error)
            return first_page(game, 422, hand=form)
        return _render_proposal(game, form, proposal, current, correcting)

    def again(game: services.LoadedGame, status: int = 200, **forms: Any) -> ResponseReturnValue:
        """After a refused record: the proposal again (or the first step), with the message;
        after a conflict, the game as it is now with the player's input kept."""
        if "conflict" in forms:  # the form is kept unless the page offers to correct its hand
            return render_game(game, status, **forms)
        if action == "record":
            try:
                proposal = _proposal(game, form, current, correcting)
            except RuleError:
                pass
            else:
                return _render_proposal(game, form, proposal, current, correcting, status)
        return first_page(game, status, hand=form)

    def event(f: SvitenHandForm, game: services.LoadedGame) -> Event:
        data = _hand_data(game, f, current)
        if correcting:
            return rules.correct_event(current, data)
        return rules.hand_event(f.deal_number() or 0, data)

    if not correcting:
        return actions.act(
            token, form, "hand", event, lambda now: _kept(form, now), again, rules.KIND
        )
    if not form.validate_on_submit():
        return again(game, 422)

    def shown(now: services.LoadedGame, status: int, **more: Any) -> ResponseReturnValue:
        if "conflict" in more:  # the hand changed meanwhile: its first step, based on now
            return _render_correction(now, current, form, status, more["conflict"])
        return again(now, status)

    return actions.save_correction(game, form, lambda f: event(f, game), [current], page=shown)


def _kept(form: SvitenHandForm, game: services.LoadedGame) -> str:
    return _("Your hand, not saved: %(hand)s", hand=form.summary(game.setup.players))


@bp.post("/g/<token>/sviten/hand")
def hand(token: str) -> ResponseReturnValue:
    """The next hand: its cards (→ the proposal), its proposal confirmed, or quick mode."""
    return _submit(token, SvitenHandForm(), None)


@bp.route("/g/<token>/sviten/hand/<int:number>/correct", methods=["GET", "POST"])
def correct(token: str, number: int) -> ResponseReturnValue:
    """Correct hand ``number``: the same two steps, then a ``correct`` event."""
    form = SvitenHandForm()
    if form.is_submitted():
        return _submit(token, form, number)
    game = get_game_or_404(token, rules.KIND)
    remember(token)
    state: rules.State = game.state
    if not 1 <= number <= len(state.hands):
        return redirect(url_for("play.game", token=token), 303)
    form.fill(state.hands[number - 1])
    if "typed" in request.args:  # a hand another phone beat, carried over
        form = SvitenHandForm(formdata=request.args)
    return _render_correction(game, number, form)


def progress(state: rules.State) -> str:
    """Where the match stands, for *Your games*: the hand in play, or the winning pair."""
    if state.finished and state.winner is not None:
        w = state.winner
        return _(
            "%(pair)s wins %(total)d to %(other)d.",
            pair=say_here(rules.PAIR_NAMES[w]),
            total=state.totals[w],
            other=state.totals[1 - w],
        )
    return _("Hand %(n)d", n=state.current_hand)
