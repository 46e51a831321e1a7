"""Bismarck's pages: registered with the web layer as one :class:`GamePages`."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from scorekeeper.web.bismarck import routes
from scorekeeper.web.bismarck.forms import BismarckBlankForm, CorrectForm, NewBismarckForm
from scorekeeper.web.pages import Correction, GamePages

PAGES = GamePages(
    routes,
    title=_l("Bismarck"),
    new_form=NewBismarckForm,
    blank_form=BismarckBlankForm,
    correction=Correction.of(
        routes, CorrectForm, combine=routes.combine_corrections, suggest=routes.suggest_swap
    ),
    own_assets=True,
    bundle_parts=("tricks.js",),
)
