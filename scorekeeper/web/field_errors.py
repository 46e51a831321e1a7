"""Where a rule's refusal is said on a form: beside the field it names (through the form's
aliases and slots), else at the form's top; and every refused form's messages, each once."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask_wtf import FlaskForm

from scorekeeper.games.events import RuleError
from scorekeeper.languages.i18n import say_here
from scorekeeper.table import services
from scorekeeper.web.forms import ErrorSlot


class FormErrors:
    """Errors that belong to no single field are shown at the top of the form."""

    def __init__(self, form: FlaskForm):
        self.errors = form.form_errors


def field_for(form: FlaskForm, error: RuleError) -> Any:
    """Where a rule error is shown: the field it names (through the form's ``error_fields``
    aliases, then its ``error_slots``), else at the top of the form."""
    name = error.field or ""
    name = getattr(form, "error_fields", {}).get(name, name)
    if name and name in form and name not in ("seq", "deal", "csrf_token"):
        return form[name]
    slots: dict[str, ErrorSlot] = getattr(form, "error_slots", {})
    if name in slots:
        return slots[name]
    return FormErrors(form)


def show_error(form: FlaskForm, error: RuleError) -> None:
    """Put a rule error's message, in the reader's language, where :func:`field_for` says; a
    lock's (:class:`services.Locked`) is no form's: the page says it once, at its top."""
    if not isinstance(error, services.Locked):
        field_for(form, error).errors.append(say_here(error.text))


def refusals(forms: Iterable[FlaskForm | None]) -> list[str]:
    """The messages of the forms that came back refused, each once: shown at the top of the
    page, just below its head, where the page lands (``#latest``) and a screen reader hears
    them, whether the page still shows the form (beside its fields too) or not (the game
    moved on under the player: they would be lost otherwise)."""
    said: list[str] = []
    for form in forms:
        if form is not None:
            slots: dict[str, ErrorSlot] = getattr(form, "error_slots", {})
            said += [*form.form_errors, *(e for f in (*form, *slots.values()) for e in f.errors)]
    return list(dict.fromkeys(said))
