"""Each game's pages, registered by kind: the one place the web layer learns about a game.

A game's package (``web/<kind>/``) builds one :class:`GamePages`: its title as the pages say
it, its blueprint (the actions only it has: announce, a hand ...), how its game page is drawn,
its new-game form and, when its rounds are corrected with one form, its :class:`Correction`.
The shared flows — the game page's address, a new game, correcting a round, undo, the poll,
records and printing — look the game up here; no other module of the web layer names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from flask import Blueprint
from flask.typing import ResponseReturnValue

from scorekeeper.games.events import Event
from scorekeeper.games.registry import game_for
from scorekeeper.store import LoadedGame
from scorekeeper.web.forms import BlankSheetForm, LogForm, NewGameForm


class GamePage(Protocol):
    """Draws a game's page; ``forms`` replace fresh forms by ones that carry a player's input
    (and ``conflict``/``kept`` say that another phone wrote first)."""

    def __call__(
        self, game: LoadedGame, status: int = ..., /, **forms: Any
    ) -> ResponseReturnValue: ...


@dataclass(frozen=True)
class Correction:
    """How one round (a deal, a hand) is corrected with one form, at
    ``/g/<token>/<noun>/<number>/correct``."""

    #: The form, filled with the round as recorded (``fill``) on the first showing.
    form: type[LogForm]
    template: str
    #: How many rounds there are to correct.
    count: Callable[[Any], int]
    fill: Callable[[Any, LoadedGame, int], None]
    #: The ``correct`` event of the form's input (RuleError for what cannot be an event).
    event: Callable[[Any, LoadedGame, int], Event]
    #: What the page shows besides the form (the round as recorded ...).
    context: Callable[[LoadedGame, int], Mapping[str, Any]]


@dataclass(frozen=True)
class GamePages:
    kind: str
    #: The game's name on the pages (a lazy translation).
    title: Any
    #: Its own actions; the shared flows are the ``play`` blueprint's.
    blueprint: Blueprint
    render_game: GamePage
    new_form: type[NewGameForm]
    new_template: str
    correction: Correction | None = None
    #: The form of a sheet to fill in by hand (its settings), when the game prints one.
    blank_form: type[BlankSheetForm] | None = None
    #: Whether it has ``static/<kind>.css`` and ``static/<kind>.js`` of its own.
    own_assets: bool = False

    @property
    def seats(self) -> int:
        return game_for(self.kind).seats


_PAGES: dict[str, GamePages] = {}


def register_pages(pages: GamePages) -> GamePages:
    _PAGES[pages.kind] = pages
    return pages


def unregister_pages(kind: str) -> None:
    _PAGES.pop(kind, None)


def pages_for(kind: str) -> GamePages:
    """The pages of a game kind; LookupError when it has none."""
    try:
        return _PAGES[kind]
    except KeyError:
        raise LookupError(f"No pages for {kind!r} games.") from None


def has_pages(kind: str) -> bool:
    return kind in _PAGES


def all_pages() -> tuple[GamePages, ...]:
    return tuple(_PAGES.values())
