"""Long PDFs drawn a few at a time, and kept, so that they never hold up the players' pages.

A round's table cards (a page a table, each with its QR code and blank sheet) take seconds to
draw for a big evening, and the server's threads also answer every phone's page and poll. So
at most ``LONG_PRINTS`` such drawings run at once in a process (one by default: a drawing
holds a thread and, in Python, most of the interpreter, so a second at once in the same process
would finish no sooner and slow the pages more); a request beyond that is
answered at once with "busy, try again" (503 with ``Retry-After``) instead of waiting on a
thread. What was drawn is kept, by what it shows, so the same cards asked for again (by the
organiser's second tap, or another phone) come from memory.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable

from flask import current_app, render_template
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper.data.cache import LRUCache

#: How many long drawings run at once in a process, unless the app's config says otherwise.
LONG_PRINTS = 1
#: How many drawn PDFs a process keeps (a 25-table round's cards are some 200 KB).
KEPT = 16
#: The seconds a phone is asked to wait before it tries again.
RETRY_AFTER = 5


class _Printer:
    def __init__(self, slots: int):
        self.slots = threading.BoundedSemaphore(slots)
        self.kept: LRUCache[bytes] = LRUCache(KEPT)


def _printer() -> _Printer:
    extensions = current_app.extensions
    printer = extensions.get("scorekeeper_long_prints")
    if printer is None:
        slots = int(current_app.config.get("LONG_PRINTS", LONG_PRINTS))
        printer = extensions.setdefault("scorekeeper_long_prints", _Printer(max(1, slots)))
    assert isinstance(printer, _Printer)
    return printer


def drawn(key: Hashable, draw: Callable[[], bytes]) -> bytes | None:
    """The PDF ``draw()`` makes, kept by ``key`` (which must name everything it shows); None,
    at once, when ``LONG_PRINTS`` drawings are under way already."""
    printer = _printer()
    data = printer.kept.get(key)
    if data is not None:
        return data
    if not printer.slots.acquire(blocking=False):
        return None
    try:
        data = draw()
    finally:
        printer.slots.release()
    printer.kept.put(key, data)
    return data


def busy() -> ResponseReturnValue:
    """The page that says the printer is busy: try again in a few seconds."""
    page = render_template(
        "error.html",
        title=_("The printer is busy"),
        message=_(
            "Other long printouts are being drawn just now. Try again in %(n)d seconds.",
            n=RETRY_AFTER,
        ),
    )
    return page, 503, {"Retry-After": str(RETRY_AFTER)}
