"""Sviten Special at the table: the game page, a hand in two steps (cards → proposed melds →
enter) or in quick mode, correct a hand (undo is play.undo).

The proposal step writes nothing: the cards tapped travel in the proposal page's hidden fields,
and only *Record hand* appends an event (validate → append → redirect, :mod:`.actions`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from flask import Blueprint, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper.games import sviten as rules
from scorekeeper.games.events import Event, RuleError
from scorekeeper.games.sviten.meld_check import validate_meld
from scorekeeper.games.sviten.proposal import Proposal, melds_for, propose
from scorekeeper.languages.i18n import say_here
from scorekeeper.table import services
from scorekeeper.web.corrections import rebase, refused
from scorekeeper.web.entries import entered, landed, open_game
from scorekeeper.web.field_errors import refusals, show_error
from scorekeeper.web.game_locks import refused_as_locked
from scorekeeper.web.game_page import Recent, entry_form, game_page
from scorekeeper.web.seats import at_game
from scorekeeper.web.sviten.forms import PACK, SvitenHandForm

bp = Blueprint(rules.KIND, __name__)

#: A long match (many failed bids, or a hand cap) shows its latest hands and changes on its
#: page, the rest behind a link.
RECENT = Recent(deals=4, changes=4)


def render_game(game: services.LoadedGame, status: int = 200, **forms: Any) -> ResponseReturnValue:
    """The game page; a hand that came back (``forms``) is for the hand in play now."""
    state: rules.State = game.state
    hand = entry_form(forms, "hand", SvitenHandForm, game, state.current_hand or "")
    hand.deal.data = str(state.current_hand or "")
    entries = {"hand": hand}
    return game_page(game, status, forms, entries, recent=RECENT, rules=rules, pack=PACK)


def _render_correction(
    game: services.LoadedGame,
    number: int,
    form: SvitenHandForm,
    status: int = 200,
    conflict: services.Conflict | None = None,
) -> ResponseReturnValue:
    state: rules.State = game.state
    form.seq.data = str(game.seq)
    form.deal.data = str(number)
    if not form.was.data:
        form.was.data = services.fingerprint(game, [number])
    return render_template(
        "sviten/correct.html",
        game=game,
        state=state,
        result=state.hands[number - 1],
        rules=rules,
        pack=PACK,
        form=form,
        conflict=conflict,
        refusals=refusals([form]),
    ), status


# --- one hand: the cards, the proposal, entering it ----------------------------------------


def _before(state: rules.State, number: int) -> tuple[int, int]:
    """The running totals before hand ``number``."""
    return state.hands[number - 2].totals if number > 1 else (0, 0)


def _check(game: services.LoadedGame, number: int, correcting: bool, data: dict[str, Any]) -> None:
    """Ask the engine whether the hand may be entered (RuleError if not), writing nothing."""
    if correcting:
        if rules.parse_hand(data, number, game.setup) == game.state.hands[number - 1].hand:
            return  # the hand as entered: only its melds may still change
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
    laid = [None if melds is None else [tuple(meld) for meld in melds] for melds in typed]
    melds = melds_for(proposal, form.chosen_count(), laid)
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
    form.seq.data = str(game.seq)
    form.deal.data = str(number)
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


@dataclass(frozen=True)
class SvitenHand:
    """Hand ``number`` as the form has it — its cards with the melds confirmed on the proposal
    page, or quick mode's numbers —, the next hand or (``correcting``) an entered one."""

    form: SvitenHandForm
    number: int
    correcting: bool
    name: ClassVar[str] = "hand"

    def event(self, game: services.LoadedGame) -> Event:
        data = _hand_data(game, self.form, self.number)
        if self.correcting:
            return rules.correct_event(self.number, data)
        return rules.hand_event(self.form.deal_number() or 0, data)

    def kept(self, game: services.LoadedGame) -> str:
        return str(_("Your hand, not saved: %(hand)s", hand=self.form.summary(game.setup.players)))


def _submit(token: str, form: SvitenHandForm, number: int | None) -> ResponseReturnValue:
    """Every step of a hand, for the game page (``number`` None: the next hand) and for a
    correction of hand ``number``: back to the cards, the proposal, entering it."""
    game = open_game(token, rules.KIND)
    state: rules.State = game.state
    if number is not None and not 1 <= number <= len(state.hands):
        return redirect(url_for("play.game", token=token), 303)
    current = number if number is not None else (state.current_hand or 0)
    entry = SvitenHand(form, current, correcting=number is not None)
    if form.action == "edit":  # back from the proposal to the cards, nothing checked or written
        return _first_page(game, entry, 200)
    if not form.validate_on_submit():
        return _first_page(game, entry, 422) if form.action == "propose" else _again(game, entry)
    if form.action == "propose":
        return _propose(game, entry)
    if entry.correcting:
        return _save_correction(game, entry)
    by = at_game(game)
    written = services.enter(
        game, entry, form.based_on(), about=form.deal_number(), seat=by.seat, phone=by.phone
    )
    if isinstance(written, services.Refused):
        locked = refused_as_locked(written)
        if locked is not None:
            return locked
        show_error(form, written.error)
        return _again(written.game, entry)
    return entered(written, entry)


def _first_page(game: services.LoadedGame, entry: SvitenHand, status: int) -> ResponseReturnValue:
    """The page the first step of a hand is on: the game page, or the hand's correction."""
    if entry.correcting:
        return _render_correction(game, entry.number, entry.form, status)
    return render_game(game, status, hand=entry.form)


def _propose(game: services.LoadedGame, entry: SvitenHand) -> ResponseReturnValue:
    """The melds the solver proposes for the cards entered (writing nothing): refused on a
    game that moved on under the next hand, or with the rules' message on the first step."""
    form = entry.form
    if not entry.correcting:
        conflict = services.moved_on(game, form.based_on(), about=form.deal_number())
        if conflict is not None:
            return render_game(game, 409, hand=form, conflict=conflict, kept=entry.kept(game))
    try:
        proposal = _proposal(game, form, entry.number, entry.correcting)
    except RuleError as error:
        show_error(form, error)
        return _first_page(game, entry, 422)
    return _render_proposal(game, form, proposal, entry.number, entry.correcting)


def _again(game: services.LoadedGame, entry: SvitenHand, status: int = 422) -> ResponseReturnValue:
    """After a refused entry: the proposal again, with the message (or the first step, when
    the cards themselves are what the rules refuse, and in quick mode)."""
    if entry.form.action == "record":
        try:
            proposal = _proposal(game, entry.form, entry.number, entry.correcting)
        except RuleError:
            pass
        else:
            return _render_proposal(
                game, entry.form, proposal, entry.number, entry.correcting, status
            )
    return _first_page(game, entry, status)


def _save_correction(game: services.LoadedGame, entry: SvitenHand) -> ResponseReturnValue:
    """Write the correction of the hand; when its hand changed meanwhile, its first step again,
    based on the game as it is now."""
    form, numbers = entry.form, [entry.number]
    by = at_game(game)
    written = services.correct(
        game,
        entry,
        form.based_on(),
        deals=numbers,
        was=form.was.data,
        seat=by.seat,
        phone=by.phone,
    )
    if isinstance(written, services.LoadedGame):
        return landed(written, numbers)
    if isinstance(written, services.Refused):
        locked = refused_as_locked(written)
        if locked is not None:
            return locked
        refused(form, written.error, numbers)
        return _again(written.game, entry)
    rebase(form, written.current, numbers)
    return _render_correction(written.current, entry.number, form, 409, written)


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
    game = open_game(token, rules.KIND)
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
        return str(
            _(
                "%(pair)s wins %(total)d to %(other)d.",
                pair=say_here(rules.PAIR_NAMES[w]),
                total=state.totals[w],
                other=state.totals[1 - w],
            )
        )
    return str(_("Hand %(n)d", n=state.current_hand))
