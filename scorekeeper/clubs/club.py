"""A club itself (``docs/architecture.md``, "Clubs"): made with its organiser PIN hashed,
loaded by its token (or its evening's), its PIN checked, a line of its organisers' log on its
own and the log read, its version (the key of what its pages keep), and which member each
player of one of its evenings is.

The PIN is hashed with Argon2id (``argon2-cffi``'s :class:`~argon2.PasswordHasher`, RFC 9106's
low-memory profile: 64 MiB, three passes): a PIN has few digits, so what protects it in a
stolen database is the cost of each guess, which a memory-hard hash keeps high on GPUs too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import sqlalchemy as sa
from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import orm

from scorekeeper.clubs import register as rules
from scorekeeper.clubs import store_club
from scorekeeper.clubs.store_club import Action, LoadedClub
from scorekeeper.data import models
from scorekeeper.data.db import db

HASHER = PasswordHasher.from_parameters(profiles.RFC_9106_LOW_MEMORY)


def _session(session: orm.Session | None) -> orm.Session:
    return db.session if session is None else session


def hash_pin(pin: str) -> str:
    return HASHER.hash(rules.checked_pin(pin))


def create(
    name: str,
    games: Sequence[str],
    pin: str,
    known_games: Sequence[str],
    by: str,
    *,
    session: orm.Session | None = None,
) -> LoadedClub:
    """A new club; RuleError (naming its field) when its name, games or PIN will not do."""
    name = rules.checked_club_name(name)
    chosen = rules.checked_games(games, known_games)
    pin_hash = hash_pin(pin)
    session = _session(session)
    row = store_club.create_club(session, name, chosen, pin_hash)
    store_club.log(session, row.id, "create", name, by)
    session.commit()
    return store_club.loaded(row)


def load(token: str, *, session: orm.Session | None = None) -> LoadedClub:
    return store_club.load_club(_session(session), token)


def all_tokens(*, session: orm.Session | None = None) -> list[str]:
    """Every club's token, oldest club first (the command line's work on every club)."""
    return store_club.tokens(_session(session))


def club_of_evening(evening_token: str, *, session: orm.Session | None = None) -> LoadedClub | None:
    """The club the evening at ``evening_token`` belongs to, or None."""
    return store_club.club_of_evening(_session(session), evening_token)


def check_pin(club: LoadedClub, pin: str) -> bool:
    """Whether ``pin`` is the club's organiser PIN (the hash is checked, never compared)."""
    try:
        return HASHER.verify(club.pin_hash, pin)
    except (VerificationError, InvalidHashError):
        return False


def log(
    club: LoadedClub, action: str, detail: str, by: str, *, session: orm.Session | None = None
) -> None:
    """A line of the organisers' log on its own (a sign-in, a wrong PIN)."""
    session = _session(session)
    store_club.log(session, club.id, action, detail, by)
    session.commit()


def actions(club: LoadedClub, *, session: orm.Session | None = None) -> list[Action]:
    return store_club.actions(_session(session), club.id)


@dataclass(frozen=True)
class EveningOfClub:
    """An evening that belongs to a club: the club's address and which member each of the
    evening's players is (by id as entered; a merged entry's page leads to the one kept)."""

    club_token: str
    members: tuple[int, ...]


def members_of_evening(
    evening_token: str, *, session: orm.Session | None = None
) -> EveningOfClub | None:
    """The club of the evening at ``evening_token``, or None for an evening of no club (one
    query; an evening's club never changes)."""
    row = (
        _session(session)
        .execute(
            sa.select(models.Club.token, models.ClubEvening.members)
            .join(models.ClubEvening, models.ClubEvening.club_id == models.Club.id)
            .join(models.Evening, models.Evening.id == models.ClubEvening.evening_id)
            .where(models.Evening.token == evening_token)
        )
        .first()
    )
    if row is None:
        return None
    return EveningOfClub(row.token, tuple(m if isinstance(m, int) else -1 for m in row.members))


def version_of(club: LoadedClub, *, session: orm.Session | None = None) -> int:
    """What the club's pages show besides the reader, in one read: the club's version, moved by
    every write that changes what they show (a deal in one of its evenings' games, a round
    started, a reveal, every organiser action). The key of its kept pages."""
    return store_club.version(_session(session), club.id)
