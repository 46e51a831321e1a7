"""Bismarck's pages: registered with the web layer as one :class:`GamePages`."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from scorekeeper.games import bismarck as rules
from scorekeeper.web.bismarck import routes
from scorekeeper.web.bismarck.forms import BismarckBlankForm, CorrectForm, NewBismarckForm
from scorekeeper.web.pages import Correction, GamePages

PAGES = GamePages(
    bundle_parts=("tricks.js",),
    progress=routes.progress,
    kind=rules.KIND,
    title=_l("Bismarck"),
    blueprint=routes.bp,
    render_game=routes.render_game,
    new_form=NewBismarckForm,
    new_template="bismarck/new.html",
    blank_form=BismarckBlankForm,
    correction=Correction(
        form=CorrectForm,
        template="bismarck/correct.html",
        count=lambda state: len(state.deals),
        fill=routes.fill_correction,
        event=routes.correction_event,
        context=routes.correction_context,
        combine=routes.combine_corrections,
        suggest=routes.suggest_swap,
    ),
    own_assets=True,
)
