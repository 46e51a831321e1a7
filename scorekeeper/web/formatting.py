"""How the pages write the things every game shows: a signed score, a list of names, a game's
title, a card. The views and the templates (as filters and globals: :mod:`scorekeeper.web.jinja`)
use the same functions.

A game's own way of writing its cards (Sviten's jokers) comes from its
:class:`~scorekeeper.web.pages.GamePages`; nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_babel import gettext as _

from scorekeeper.games.cards import parse_card
from scorekeeper.games.confirming import ORGANISER
from scorekeeper.games.registry import game_for, is_known
from scorekeeper.web.bounds import whole_or_none
from scorekeeper.web.pages import has_pages, pages_for


def game_title(kind: str, setup: Any = None) -> str:
    """The name of a game kind as the pages show it (``Klaberjass``); of a game whose setup
    gives it a name of its own (a free game's ``Chicago``), that name and the kind's."""
    try:
        title = str(pages_for(kind).title)
    except LookupError:
        return kind.capitalize()
    named = game_for(kind).named(setup) if setup is not None and is_known(kind) else ""
    return f"{named} ({title})" if named else title


def card_label(code: str, kind: str | None = None) -> str:
    """A card code as the players of ``kind`` read it: ``10H`` → ``10♥``, and what the game
    has besides the pack as it says it (a joker → ``Joker``); what is not a card, as it is."""
    label = pages_for(kind).card_label if kind is not None and has_pages(kind) else None
    if label is not None:
        return label(code)
    try:
        return parse_card(code).label
    except ValueError:
        return code


__all__ = ["card_label", "game_title"]


def seat_label(seat: str | None, names: Sequence[str]) -> str | None:
    """Who a seat is, as a game page names it: the player (or the pair) at seat number
    ``seat`` of ``names``, "the organiser", or None when not known."""
    if seat == ORGANISER:
        return str(_("the organiser"))
    number = whole_or_none(seat, most=len(names) - 1)
    return None if number is None else names[number]
