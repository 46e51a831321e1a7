"""The free game's pages: registered with the web layer as one :class:`GamePages`."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from scorekeeper.web.free import routes
from scorekeeper.web.free.forms import DealForm, FreeBlankForm, NewFreeForm
from scorekeeper.web.pages import Correction, GamePages

PAGES = GamePages(
    routes,
    title=_l("Free game"),
    new_title=_l("New free game"),
    new_form=NewFreeForm,
    blank_form=FreeBlankForm,
    correction=Correction.of(routes, DealForm),
    own_assets=True,
)
