"""Counting a player's taps in the browser tests: every tap on the page is one, and so is every
key pressed while typing a number."""

from __future__ import annotations

from typing import Any


class Taps:
    """Taps on a page, counted: ``tap(locator)``, ``type_in(field, text)``, then ``count``."""

    def __init__(self) -> None:
        self.count = 0

    def tap(self, locator: Any) -> None:
        locator.tap()
        self.count += 1

    def type_in(self, field: Any, text: str) -> None:
        """The field tapped, then each key pressed: one tap each."""
        self.tap(field)
        field.press_sequentially(text)
        self.count += len(text)
