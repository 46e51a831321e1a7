"""Each game's pages, registered by kind: the one place the web layer learns about a game.

A game's package (``web/<kind>/``) builds one :class:`GamePages`: its routes (its blueprint,
named by its kind, with the actions only it has: announce, a hand ...; how its game page is
drawn; where a game in play stands), its title as the pages say it, its new-game form and, when
its deals are corrected with one form, its :class:`Correction`. What every game has the same
way is not declared: its pages are ``templates/<kind>/new.html`` and ``correct.html``, and its
state keeps its deals as ``deals`` or ``hands``, as its game's noun says.

The shared flows — the game page's address, a new game, correcting a deal, undo, the poll,
records and printing — look the game up here; no other module of the web layer names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from flask import Blueprint, url_for
from flask.typing import ResponseReturnValue

from scorekeeper.games.events import Event
from scorekeeper.games.registry import game_for
from scorekeeper.table.services import LoadedGame
from scorekeeper.web.forms import LogForm
from scorekeeper.web.setup_forms import BlankSheetForm, NewGameForm


class GamePage(Protocol):
    """Draws a game's page; ``forms`` replace fresh forms by ones that carry a player's input
    (and ``conflict``/``kept`` say that another phone wrote first)."""

    def __call__(
        self, game: LoadedGame, status: int = ..., **forms: Any
    ) -> ResponseReturnValue: ...


class GameRoutes(Protocol):
    """What a game's routes give its pages, by these names: a game's ``web/<kind>/routes.py``
    module, or :class:`Routes` of them."""

    #: Its own actions (the shared flows are the ``play`` blueprint's), named by its kind.
    @property
    def bp(self) -> Blueprint: ...

    @property
    def render_game(self) -> GamePage: ...

    #: Where a game in play stands, in a few words (``Deal 5 of 12``), for *Your games*.
    @property
    def progress(self) -> Callable[[Any], str] | None: ...


@dataclass(frozen=True)
class Routes:
    """A game's :class:`GameRoutes` given one by one (a game whose pages are one module)."""

    bp: Blueprint
    render_game: GamePage
    progress: Callable[[Any], str] | None = None


class CorrectionRoutes(Protocol):
    """What a routes module gives a one-form :class:`Correction`, by these names."""

    def fill_correction(self, form: Any, game: LoadedGame, number: int) -> None: ...

    def correction_event(self, form: Any, game: LoadedGame, number: int) -> Event: ...

    def correction_context(self, game: LoadedGame, number: int) -> Mapping[str, Any]: ...


@dataclass(frozen=True)
class Correction:
    """How one deal (a hand game's hand) is corrected with one form, at
    ``/g/<token>/<noun>/<number>/correct``."""

    #: The form, filled with the deal as entered (``fill``) on the first showing.
    form: type[LogForm]
    fill: Callable[[Any, LoadedGame, int], None]
    #: The ``correct`` event of the form's input (RuleError for what cannot be an event).
    event: Callable[[Any, LoadedGame, int], Event]
    #: What the page shows besides the form (the deal as entered ...).
    context: Callable[[LoadedGame, int], Mapping[str, Any]]
    #: One ``correct`` event of several deals' events, checked as a whole, when the game's
    #: rules take one (then the page can correct more deals at once: ``?also=10``).
    combine: Callable[[Sequence[Event]], Event] | None = None
    #: What another deal's form suggests once the first deal's change would break it (the
    #: contract swapped): ``suggest(first, other, game, number, other_number)``.
    suggest: Callable[[Any, Any, LoadedGame, int, int], None] | None = None
    #: Its page; by default the game's ``<kind>/correct.html``.
    template: str = ""

    @classmethod
    def of(
        cls,
        routes: CorrectionRoutes,
        form: type[LogForm],
        *,
        combine: Callable[[Sequence[Event]], Event] | None = None,
        suggest: Callable[[Any, Any, LoadedGame, int, int], None] | None = None,
    ) -> Correction:
        """The correction with ``form`` that a routes module fills in, writes and shows
        (``fill_correction``, ``correction_event``, ``correction_context``)."""
        return cls(
            form,
            routes.fill_correction,
            routes.correction_event,
            routes.correction_context,
            combine=combine,
            suggest=suggest,
        )


@dataclass(frozen=True)
class GamePages:
    routes: GameRoutes
    #: The game's name on the pages (a lazy translation).
    title: Any
    new_form: type[NewGameForm]
    correction: Correction | None = None
    #: The form of a sheet to fill in by hand (its settings), when the game prints one.
    blank_form: type[BlankSheetForm] | None = None
    #: Whether it has ``static/<kind>.css`` and ``static/<kind>.js`` of its own.
    own_assets: bool = False
    #: Shared files its bundles carry between ``app.*`` and its own (``("tricks.js",)``: the
    #: tricks steppers), so that a game that does not need them does not load them.
    bundle_parts: tuple[str, ...] = ()
    #: How many deals a state has (each can be corrected), when its state does not keep them
    #: as its noun says (``state.deals``, ``state.hands``).
    count: Callable[[Any], int] | None = None
    #: Where a deal is corrected: the shared flow, or the game's own (Sviten's two steps).
    correct_endpoint: str = "play.correct"
    #: How its pages write a card code (the ``card`` filter), when the game has cards besides
    #: the pack's (a joker); otherwise as any card: ``10H`` → ``10♥``.
    card_label: Callable[[str], str] | None = None
    #: Its new-game page; by default ``<kind>/new.html``.
    new_template: str = ""
    #: What its start button says (a lazy translation), when "New … game" does not say it
    #: well (a free game: "New free game", not "New Free game game").
    new_title: Any = None

    def __post_init__(self) -> None:
        if not self.new_template:
            object.__setattr__(self, "new_template", f"{self.kind}/new.html")
        if self.correction is not None and not self.correction.template:
            template = f"{self.kind}/correct.html"
            object.__setattr__(self, "correction", replace(self.correction, template=template))

    @property
    def kind(self) -> str:
        """The game's kind: its blueprint's name (its own endpoints are ``<kind>.<view>``)."""
        return self.routes.bp.name

    @property
    def blueprint(self) -> Blueprint:
        return self.routes.bp

    def render_game(self, game: LoadedGame, status: int = 200, **forms: Any) -> ResponseReturnValue:
        return self.routes.render_game(game, status, **forms)

    @property
    def progress(self) -> Callable[[Any], str] | None:
        return self.routes.progress

    @property
    def seats(self) -> int:
        return game_for(self.kind).seats

    @property
    def seat_range(self) -> tuple[int, int] | None:
        """The fewest and the most players, for a game of a varying number of them."""
        return game_for(self.kind).seat_range

    def deals(self, state: Any) -> int:
        """How many deals (a hand game's hands) the game has so far, the one in play included."""
        if self.count is not None:
            return self.count(state)
        return len(getattr(state, f"{game_for(self.kind).noun}s", ()))

    def correction_url(self, token: str, number: int, **args: Any) -> str:
        """The address of deal ``number``'s correction (``args``: its query string)."""
        if self.correct_endpoint == "play.correct":
            noun = game_for(self.kind).noun
            return url_for("play.correct", token=token, noun=noun, number=number, **args)
        return url_for(self.correct_endpoint, token=token, number=number, **args)


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
