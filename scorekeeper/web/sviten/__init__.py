"""Sviten Special's pages: registered with the web layer as one :class:`GamePages`.

Its hands are corrected in the same two steps as they are entered (the cards, then the melds),
at its own ``/g/<token>/sviten/hand/<number>/correct``, not with the one-form
:class:`~scorekeeper.web.pages.Correction`.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from scorekeeper.games.sviten.meld_check import meld_label
from scorekeeper.web.pages import GamePages
from scorekeeper.web.sviten import routes
from scorekeeper.web.sviten.forms import NewSvitenForm, SvitenBlankForm

PAGES = GamePages(
    routes,
    title=_l("Sviten Special"),
    new_form=NewSvitenForm,
    blank_form=SvitenBlankForm,
    own_assets=True,
    bundle_parts=("tricks.js",),
    correct_endpoint="sviten.correct",
    card_label=lambda code: meld_label([code]),
)
