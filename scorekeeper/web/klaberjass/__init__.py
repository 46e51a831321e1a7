"""Klaberjass's pages: registered with the web layer as one :class:`GamePages`."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from scorekeeper.web.klaberjass import routes
from scorekeeper.web.klaberjass.forms import HandForm, KlaberjassBlankForm, NewKlaberjassForm
from scorekeeper.web.pages import Correction, GamePages

PAGES = GamePages(
    routes,
    title=_l("Klaberjass"),
    new_form=NewKlaberjassForm,
    blank_form=KlaberjassBlankForm,
    correction=Correction.of(routes, HandForm),
    own_assets=True,
)
