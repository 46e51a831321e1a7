"""Which phone a request comes from: the one place the web layer gets a phone's id.

A phone is a browser: its signed session carries a random id of its own (``sid``), made the
first time anything needs it and kept for as long as the session cookie lives. Nothing else
about a person is known, so two browsers on one phone (a private tab) are two phones.

- :func:`session_id` is that random id, as the organisers' log keeps it.
- :func:`phone_id` is what a game's log keeps of it beside each entry and each confirmation
  (issue 35: the phone that entered something never confirms it, and its seat stays once it
  has entered or confirmed there): a digest, so the database never holds a session's own id
  next to a game's entries. :func:`known_phone_id` is the same without making one up for a
  browser that has none yet (a page that only reads).
"""

from __future__ import annotations

import hashlib
import secrets
from functools import lru_cache

from flask import session

#: The session's key for the phone's random id.
SESSION_KEY = "sid"
#: How many hexadecimal characters of the digest a game's log keeps (64 bits).
DIGEST_CHARS = 16


def session_id() -> str:
    """This browser's random id (made now if it has none)."""
    found = session.get(SESSION_KEY)
    if not isinstance(found, str) or not found:
        found = secrets.token_hex(8)
        session[SESSION_KEY] = found
    return found


def phone_id() -> str:
    """This phone's id as a game's log keeps it (the browser gets a random id now if it has
    none)."""
    return digest(session_id())


def known_phone_id() -> str | None:
    """This phone's id as a game's log keeps it, or None when the browser has none yet (it
    has then entered and confirmed nothing)."""
    found = session.get(SESSION_KEY)
    return digest(found) if isinstance(found, str) and found else None


@lru_cache(maxsize=4096)
def digest(sid: str) -> str:
    """The id a game's log keeps for the session id ``sid`` (kept for the phones seen lately: a
    game page asks for it on every load)."""
    return hashlib.sha256(f"scorekeeper-phone:{sid}".encode()).hexdigest()[:DIGEST_CHARS]
