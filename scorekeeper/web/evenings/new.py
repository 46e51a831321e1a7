"""A new evening, written once: the evening's own form beside the game's settings (the game's
own new-game form), both checked, the evening made by one service from what the form chose
(its ``evening_fields``), a refusal said beside the field it names, the evening kept on this
browser's list. The evening's own page (``/evening/new/<kind>``, below) and a club's new evening
and new game (:mod:`scorekeeper.web.clubs.evenings`) all go through :class:`NewEvening`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import redirect, render_template, url_for
from flask.typing import ResponseReturnValue

from scorekeeper.evenings import services
from scorekeeper.evenings.setup import EveningSetup, default_scoring
from scorekeeper.games.events import RuleError
from scorekeeper.games.registry import game_for
from scorekeeper.languages.i18n import say_here
from scorekeeper.web.evenings.blueprint import bp, pages_or_404, remember_evening
from scorekeeper.web.evenings.forms import (
    EveningForm,
    setting_fields,
    settings,
    settings_form,
    validate_settings,
)
from scorekeeper.web.field_errors import field_for, show_error
from scorekeeper.web.pages import GamePages
from scorekeeper.web.setup_forms import NewGameForm

#: The fields of an evening's forms (its own, a club's) that a refusal may name: a refusal
#: naming any other is about the game's settings, said beside the setting it names.
EVENING_FIELDS = ("name", "players", "rounds", "scoring", "hide_last", "members", "new_members")

#: What makes the evening of the fields its form chose (RuleError naming a field: nothing
#: made).
Maker = Callable[[dict[str, Any]], services.LoadedEvening]


@dataclass(frozen=True)
class NewEvening:
    """A new evening's page of the game ``kind``: its own ``form`` (an :class:`EveningForm`, or
    a club's) and the game's settings (``game_form``)."""

    kind: str
    pages: GamePages
    form: EveningForm
    game_form: NewGameForm

    @classmethod
    def of(cls, kind: str, form: EveningForm) -> NewEvening:
        """The page's forms as sent (or fresh, its scoring the game's usual one, when the form
        chooses one); the 404 page for a game that has no pages."""
        pages = pages_or_404(kind)
        if not form.is_submitted() and "scoring" in form:
            form.scoring.data = default_scoring(game_for(kind))
        return cls(kind, pages, form, settings_form(pages.new_form))

    def made(self, make: Maker) -> services.LoadedEvening | None:
        """The evening ``make`` made of what the forms chose, kept on this browser's list; None
        when the page was not sent, or its checks or ``make`` refused it (each message beside
        its field, and nothing made)."""
        if not self.form.is_submitted():
            return None
        valid = self.form.validate()
        if not (validate_settings(self.game_form) and valid):
            return None
        try:
            evening = make(self.form.evening_fields(self.kind, settings(self.game_form)))
        except RuleError as error:
            self.refuse(error)
            return None
        remember_evening(evening.token)
        return evening

    def refuse(self, error: RuleError) -> None:
        """A refusal beside its field: the evening form's own, or the game's setting it names."""
        if error.field in EVENING_FIELDS:
            show_error(self.form, error)
        else:
            field_for(self.game_form, error).errors.append(say_here(error.text))

    def page(self, template: str, **context: Any) -> ResponseReturnValue:
        """The page with its forms (422 when they came back refused)."""
        return render_template(
            template,
            form=self.form,
            game_form=self.game_form,
            settings=setting_fields(self.game_form),
            page=self.pages,
            **context,
        ), 422 if self.form.is_submitted() else 200


def create(fields: dict[str, Any]) -> services.LoadedEvening:
    """An evening of no club, of the fields its form chose (checked by its setup)."""
    return services.create(EveningSetup(**fields))


@bp.route("/evening/new/<kind>", methods=["GET", "POST"])
def new(kind: str) -> ResponseReturnValue:
    """A new evening of ``kind``: its name, the players, the rounds, the scoring and the
    game's settings; then its page with the seating plan."""
    draft = NewEvening.of(kind, EveningForm())
    evening = draft.made(create)
    if evening is not None:
        return redirect(url_for("evenings.evening", token=evening.token), 303)
    return draft.page("evenings/new.html")
