"""A game's token: a new one, unguessable, and the one of the game played after a game."""

from __future__ import annotations

import base64
import hashlib
import secrets


def new_token() -> str:
    """An unguessable game token (128 bits). Never one that starts with ``-``, which a command
    line (``scorekeeper export TOKEN``) would read as an option."""
    while (token := secrets.token_urlsafe(16)).startswith("-"):
        pass
    return token


class TokenTaken(Exception):
    """A game with the token asked for exists already (another phone started it first)."""


def next_token(token: str) -> str:
    """The token of the game played after the game at ``token`` (*Play again*): derived from
    it, so that every phone that knows the finished game finds the next one, and two phones
    tapping *Play again* start one game. As unguessable as ``token`` itself (128 bits)."""
    salt = 0
    while True:
        digest = hashlib.sha256(f"again:{salt}:{token}".encode()).digest()[:16]
        derived = base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
        if not derived.startswith("-"):
            return derived
        salt += 1
