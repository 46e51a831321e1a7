"""Wrong organiser PINs, counted in the database: the same count whatever the number of serving
processes (issue 35; each process counting in its own memory let 6 through where 5 were meant).

Following OWASP's "device cookies" (*Slow Down Online Guessing Attacks with Device Cookies*), a
PIN typed is counted against:

* a phone the club **knows** (it typed the PIN before: its device cookie): that phone alone
  (:attr:`Limits.phone`), so no one else's wrong PINs ever hold it back;
* any other phone: that phone (its device cookie's id, else its session's:
  :attr:`Limits.phone`), its **address** (:attr:`Limits.address`, across clubs; an IPv6
  address by its /64, which one device may fill with addresses of its own), and the club's
  unknown phones **together** (:attr:`Limits.club`), so that many addresses cannot try every
  PIN, while the organiser's known phones are never held back by them.

Each limit is a moving window: at most N PINs in the last T seconds. A PIN typed is stored as a
row (``wrong_pin``) before its hash is checked, in a transaction that first holds every count it
is checked against (PostgreSQL: an advisory lock per phone, address and club, taken in order;
SQLite: the database's write lock, which the row's insert takes), counts, and stores it only when
every limit has room, so two PINs typed at once in two processes each take a place. A right PIN
deletes its row again (:func:`forget_attempt`): only wrong PINs count."""

from __future__ import annotations

import hashlib
import ipaddress
import math
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from sqlalchemy import orm

from scorekeeper.data import models

#: A limit as a setting writes it: ``5 per 15 minutes``, ``20 per hour``.
LIMIT_TEXT = re.compile(r"\s*(\d+)\s*(?:per|/)\s*(\d*)\s*(second|minute|hour|day)s?\s*", re.I)
SECONDS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}


@dataclass(frozen=True)
class Limit:
    """At most ``count`` PINs in any ``seconds``."""

    count: int
    seconds: int

    @classmethod
    def parse(cls, text: str) -> Limit:
        """``5 per 15 minutes`` (ValueError for anything else)."""
        found = LIMIT_TEXT.fullmatch(text)
        if found is None:
            raise ValueError(f"a limit is written '5 per 15 minutes', not {text!r}")
        count, times, unit = found.groups()
        return cls(int(count), int(times or 1) * SECONDS[unit.lower()])


@dataclass(frozen=True)
class Limits:
    """The limits on wrong PINs (see the module's docstring); ``club`` None: none."""

    phone: Limit
    address: Limit
    club: Limit | None


@dataclass(frozen=True)
class Typist:
    """Who types a PIN: the phone's id, its address (:func:`address_key`) and whether the club
    knows the phone."""

    phone: str
    address: str
    known: bool


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def address_key(address: str | None) -> str:
    """The address a limit counts: an IPv4 address as it is, an IPv6 address by its /64 (a
    phone's network hands it the whole /64: one device can take as many of its addresses as it
    likes), an IPv4 address written as IPv6 as IPv4."""
    try:
        found = ipaddress.ip_address(address or "")
    except ValueError:
        return (address or "?")[:64]
    if isinstance(found, ipaddress.IPv6Address):
        if found.ipv4_mapped is not None:
            return str(found.ipv4_mapped)
        return str(ipaddress.IPv6Network((found, 64), strict=False))
    return str(found)


def _counts(
    typist: Typist, club_id: int, limits: Limits
) -> list[tuple[str, sa.ColumnElement[bool], Limit]]:
    """What this PIN counts against: (lock key, which rows, limit)."""
    row = models.WrongPin
    found: list[tuple[str, sa.ColumnElement[bool], Limit]] = [
        (f"phone {typist.phone}", row.phone == typist.phone, limits.phone)
    ]
    if not typist.known:
        unknown = row.known.is_(False)
        found.append(
            (f"address {typist.address}", (row.address == typist.address) & unknown, limits.address)
        )
        if limits.club is not None:
            found.append((f"club {club_id}", (row.club_id == club_id) & unknown, limits.club))
    return found


def lock(session: orm.Session, keys: list[str]) -> None:
    """Hold ``keys`` until the transaction ends: on PostgreSQL an advisory lock for each (in
    one order, so two transactions never wait for each other); on SQLite the transaction's
    first write takes the database's write lock, which holds them all."""
    if session.get_bind().dialect.name != "postgresql":
        return
    numbers = sorted(
        int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big", signed=True)
        for key in keys
    )
    for number in numbers:
        session.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": number})


@dataclass(frozen=True)
class Counted:
    """A PIN about to be checked: its row (``attempt``, its id), or, when a limit has no room,
    the seconds until it has (``wait``; nothing stored)."""

    attempt: int = 0
    wait: float = 0


def attempt(session: orm.Session, club_id: int, typist: Typist, limits: Limits) -> Counted:
    """Count a PIN about to be checked: its row, stored and committed when every limit has
    room; else how long until one has, nothing stored."""
    counts = _counts(typist, club_id, limits)
    lock(session, [key for key, _rows, _limit in counts])
    at = now()
    row = models.WrongPin(
        club_id=club_id, at=at, phone=typist.phone, address=typist.address, known=typist.known
    )
    session.add(row)
    session.flush()  # SQLite: the write lock, held until the commit
    wait = max(_wait(session, rows, limit, at, row.id) for _key, rows, limit in counts)
    if wait > 0:
        session.rollback()
        return Counted(wait=wait)
    longest = max(limit.seconds for limit in (limits.phone, limits.address, limits.club) if limit)
    _forget_old(session, at - timedelta(seconds=longest))
    session.commit()
    return Counted(attempt=row.id)


def _wait(
    session: orm.Session, rows: sa.ColumnElement[bool], limit: Limit, at: datetime, own: int
) -> float:
    """Seconds until ``limit`` has room for one more of ``rows`` (0: it has)."""
    window = timedelta(seconds=limit.seconds)
    latest = session.scalars(
        sa.select(models.WrongPin.at)
        .where(rows, models.WrongPin.at > at - window, models.WrongPin.id != own)
        .order_by(models.WrongPin.at.desc())
        .limit(limit.count)
    ).all()
    if len(latest) < limit.count:
        return 0
    return max(math.ulp(1.0), (latest[-1] + window - at).total_seconds())


def _forget_old(session: orm.Session, before: datetime) -> None:
    """Delete the rows older than every window; rows another transaction holds are left for
    the next time (never waited for, so two deletes cannot wait for each other)."""
    old = (
        sa.select(models.WrongPin.id)
        .where(models.WrongPin.at < before)
        .with_for_update(skip_locked=True)
    )
    session.execute(sa.delete(models.WrongPin).where(models.WrongPin.id.in_(old)))


def forget_attempt(session: orm.Session, attempt_id: int) -> None:
    """A PIN found right: it counts against nothing (the caller commits)."""
    session.execute(sa.delete(models.WrongPin).where(models.WrongPin.id == attempt_id))
