"""Klaberjass's pages: registered with the web layer as one :class:`GamePages`."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from scorekeeper.games import klaberjass as rules
from scorekeeper.web.klaberjass import routes
from scorekeeper.web.klaberjass.forms import HandForm, KlaberjassBlankForm, NewKlaberjassForm
from scorekeeper.web.pages import Correction, GamePages

PAGES = GamePages(
    progress=routes.progress,
    kind=rules.KIND,
    title=_l("Klaberjass"),
    blueprint=routes.bp,
    render_game=routes.render_game,
    new_form=NewKlaberjassForm,
    new_template="klaberjass/new.html",
    blank_form=KlaberjassBlankForm,
    correction=Correction(
        form=HandForm,
        template="klaberjass/correct.html",
        count=lambda state: len(state.hands),
        fill=routes.fill_correction,
        event=routes.correction_event,
        context=routes.correction_context,
    ),
    own_assets=True,
)
