"""What a game can print, and the one registry of it by kind: the web pages and the command
line print any game the same way, and name none.

    printer_for(state.kind).sheet(state, paper="letter", url=..., date=...)
    printer_for("klaberjass").blank_sheet(Blank(settings={"options": {"target": 1000}}))

Each game's printing package makes its :class:`GamePrinters`, most simply from its sheet's
:class:`~scorekeeper.printing.sheet.SheetLayout` and its card's
:class:`~scorekeeper.printing.card.CardLayout` (:meth:`GamePrinters.laid_out`); the built-in
games are registered in :mod:`scorekeeper.printing`, and a game defined elsewhere (a plug-in, a
test's tiny game) joins with :func:`register_printers`.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from scorekeeper.printing.blank import Blank
from scorekeeper.printing.card import CardLayout
from scorekeeper.printing.sheet import SheetLayout, SheetStory


@dataclass(frozen=True)
class Setting:
    """A setting a blank sheet or rules card takes on the command line, and where its value
    goes in the record form of the game's setup: ``--target 700`` at ``("options", "target")``
    is ``{"options": {"target": 700}}``."""

    flag: str
    path: tuple[str, ...]
    help: str
    #: The values it takes; without them, a whole number from 1 to ``most``.
    choices: tuple[str, ...] = ()
    most: int | None = None
    #: Given any number of times, each value the name of a setting turned on:
    #: ``--house-rule must_trump`` at ``("options",)`` is ``{"options": {"must_trump": True}}``.
    repeated: bool = False
    #: Where it prints: on sheets and cards, on rules cards only, or only on a game's rules card
    #: (it then needs the names and the first dealer).
    on: Literal["sheet and card", "card", "game card"] = "sheet and card"

    @property
    def name(self) -> str:
        """The name its value goes by among the command's values: ``house_rule``."""
        return self.flag.lstrip("-").replace("-", "_")

    def prints_on(self, *, card: bool) -> bool:
        return self.on == "sheet and card" or card

    def put(self, value: Any, settings: dict[str, Any]) -> None:
        """Write ``value`` into ``settings`` (the record form) at this setting's path."""
        *parents, last = self.path
        for key in parents:
            settings = settings.setdefault(key, {})
        if self.repeated:
            settings.setdefault(last, {}).update(dict.fromkeys(value, True))
        else:
            settings[last] = value


class SheetPrinter(Protocol):
    """A game's filled score sheet, with a QR code of its live address."""

    def __call__(
        self,
        state: Any,
        /,
        *,
        paper: str = ...,
        url: str | None = ...,
        date: datetime.date | None = ...,
    ) -> bytes: ...


class CardPartsPrinter(Protocol):
    """A game's rules card: its players and settings, with a QR code of its live address."""

    def __call__(self, state: Any, /, *, paper: str = ..., url: str | None = ...) -> bytes: ...


class BlankSheetPrinter(Protocol):
    """A sheet to fill in by hand; RuleError when the engine refuses a name or a setting."""

    def __call__(self, blank: Blank, /, *, paper: str = ...) -> bytes: ...


class BlankSheetStoryPrinter(Protocol):
    """A sheet to fill in by hand, laid out for another document to print as one of its pages
    (a round's table cards); RuleError as for the blank sheet."""

    def __call__(self, blank: Blank, /, *, paper: str = ...) -> SheetStory: ...


class BlankCardPartsPrinter(Protocol):
    """A rules card without a game: a game's card when the names and first dealer are known,
    else the rules with the settings given; RuleError when the engine refuses one."""

    def __call__(self, blank: Blank, /, *, paper: str = ..., url: str | None = ...) -> bytes: ...


@dataclass(frozen=True)
class GamePrinters:
    """What a game kind can print: the sheet and rules card of a game (its state), the ones to
    fill in by hand, and the settings those take on the command line. A game whose blank sheet
    can also be laid out inside another document (``blank_sheet_story``) has it printed after
    each of a club evening's table cards."""

    kind: str
    sheet: SheetPrinter
    rules_card: CardPartsPrinter
    blank_sheet: BlankSheetPrinter
    blank_rules_card: BlankCardPartsPrinter
    settings: tuple[Setting, ...] = ()
    blank_sheet_story: BlankSheetStoryPrinter | None = None

    @classmethod
    def laid_out(
        cls,
        sheet: SheetLayout[Any],
        card: CardLayout[Any, Any],
        settings: tuple[Setting, ...] = (),
    ) -> GamePrinters:
        """The printers of the game whose sheet and rules card these lay out (each taking
        ``words=``), with the settings they take on the command line."""
        return cls(
            kind=sheet.game.kind,
            sheet=sheet.filled,
            rules_card=card.filled,
            blank_sheet=sheet.blank,
            blank_rules_card=card.blank,
            settings=settings,
            blank_sheet_story=sheet.blank_story,
        )

    def settings_on(self, *, card: bool) -> tuple[Setting, ...]:
        """The settings a blank sheet (or with ``card``, a rules card) takes."""
        return tuple(setting for setting in self.settings if setting.prints_on(card=card))

    def settings_from(self, values: Mapping[str, Any], *, card: bool) -> dict[str, Any]:
        """The record form of the settings given, by :attr:`Setting.name` (None, or empty
        when repeated, where one was not given)."""
        settings: dict[str, Any] = {}
        for setting in self.settings_on(card=card):
            value = values.get(setting.name)
            if value is not None and value != ():
                setting.put(value, settings)
        return settings


_PRINTERS: dict[str, GamePrinters] = {}


def register_printers(printers: GamePrinters) -> GamePrinters:
    """Make ``printers`` the printers of their kind (replacing any before)."""
    _PRINTERS[printers.kind] = printers
    return printers


def unregister_printers(kind: str) -> None:
    """Forget a kind's printers (tests that register a game of their own clean up with this)."""
    _PRINTERS.pop(kind, None)


def printer_for(kind: str) -> GamePrinters:
    """The printers of a game kind; ``LookupError`` when that kind has none."""
    try:
        return _PRINTERS[kind]
    except KeyError:
        raise LookupError(f"Nothing to print for {kind!r} games yet.") from None


def registered_printers() -> tuple[GamePrinters, ...]:
    """Every kind's printers, in the order they were registered."""
    return tuple(_PRINTERS.values())


__all__ = [
    "GamePrinters",
    "Setting",
    "printer_for",
    "register_printers",
    "registered_printers",
    "unregister_printers",
]
