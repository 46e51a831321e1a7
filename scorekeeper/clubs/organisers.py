"""Who manages a club, kept on the server's side (issue 35).

A phone that types the club's organiser PIN is named by a random id of its own, which the web
layer keeps in a signed, long-lived device cookie (OWASP's "device cookies"), and gets a row
here (``organiser_phone``): the club **knows** the phone for :data:`KNOWN_DAYS` (its wrong PINs
are then counted for it alone, :mod:`scorekeeper.clubs.wrong_pins`), and it **manages** the
club for the evening, :data:`MANAGES_HOURS`. Every organiser page and action asks that row
(:func:`manages`), so authority ends on the server's side: *Forget* on the phone ends its row,
and a copy of its cookies with it (:func:`forget`); *Sign out every phone* ends every phone's
management of the club (:func:`sign_out_every_phone`; they stay known, so no stranger's wrong
PINs hold them back when they type the PIN again).

Each is logged with the organisers' actions in the same transaction as the change; a PIN
refused for the limits stores and logs nothing."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

import sqlalchemy as sa
from sqlalchemy import orm

from scorekeeper.clubs import services, store_club, wrong_pins
from scorekeeper.clubs.store_club import LoadedClub
from scorekeeper.clubs.wrong_pins import Limits, Typist
from scorekeeper.data import models
from scorekeeper.data.db import db

#: How long a club knows a phone that typed its PIN (again that long from each right PIN).
KNOWN_DAYS = 365
#: How long a phone that typed the PIN manages the club: an evening's length.
MANAGES_HOURS = 12


@dataclass(frozen=True)
class PinOutcome:
    """What became of a PIN typed: right (the phone now manages the club), wrong, or not
    tried: ``wait`` seconds before the limits let this phone try one."""

    right: bool
    wait: float = 0


def _session(session: orm.Session | None) -> orm.Session:
    return db.session if session is None else session


def _row(session: orm.Session, club_id: int, phone: str) -> models.OrganiserPhone | None:
    return session.scalar(
        sa.select(models.OrganiserPhone).where(
            models.OrganiserPhone.club_id == club_id, models.OrganiserPhone.phone == phone
        )
    )


def knows(club: LoadedClub, phone: str, *, session: orm.Session | None = None) -> bool:
    """Whether the club knows the phone ``phone`` (it typed the PIN, and was not forgotten)."""
    found = _row(_session(session), club.id, phone)
    return found is not None and found.known_until > wrong_pins.now()


def manages(club: LoadedClub, phone: str, *, session: orm.Session | None = None) -> bool:
    """Whether the phone ``phone`` manages the club now (one query)."""
    until = _session(session).scalar(
        sa.select(models.OrganiserPhone.manages_until).where(
            models.OrganiserPhone.club_id == club.id, models.OrganiserPhone.phone == phone
        )
    )
    return until is not None and until > wrong_pins.now()


def _changed(result: sa.Result[object]) -> int:
    """How many rows an UPDATE changed."""
    return int(getattr(result, "rowcount", 0))


def _this(club_id: int, phone: str) -> sa.ColumnElement[bool]:
    row = models.OrganiserPhone
    return (row.club_id == club_id) & (row.phone == phone)


def _grant(session: orm.Session, club_id: int, phone: str) -> None:
    """The phone manages the club from now, and the club knows it (the caller commits). Held
    per phone first (the update takes SQLite's write lock), so that two right PINs from one
    phone at once make one row."""
    wrong_pins.lock(session, [f"organiser {club_id} {phone}"])
    at = wrong_pins.now()
    values = {
        "known_until": at + timedelta(days=KNOWN_DAYS),
        "manages_until": at + timedelta(hours=MANAGES_HOURS),
    }
    found = session.execute(
        sa.update(models.OrganiserPhone).where(_this(club_id, phone)).values(**values)
    )
    if not _changed(found):
        session.add(models.OrganiserPhone(club_id=club_id, phone=phone, created_at=at, **values))


def grant(club: LoadedClub, phone: str, *, session: orm.Session | None = None) -> None:
    """The phone ``phone`` manages the club: it made the club, or imported it (logged so)."""
    session = _session(session)
    _grant(session, club.id, phone)
    session.commit()


def type_pin(
    club: LoadedClub,
    pin: str,
    typist: Typist,
    limits: Limits,
    by: str,
    *,
    device: str,
    session: orm.Session | None = None,
) -> PinOutcome:
    """The PIN ``pin`` typed by ``typist``, within ``limits``: counted before its hash is
    checked; when right, the phone (by its id ``device``) manages the club; either way logged.
    Refused for the limits: nothing stored, nothing logged."""
    session = _session(session)
    counted = wrong_pins.attempt(session, club.id, typist, limits)
    if counted.wait:
        return PinOutcome(False, counted.wait)
    if not services.check_pin(club, pin):
        store_club.log(session, club.id, "wrong-pin", "", by)
        session.commit()
        return PinOutcome(False)
    wrong_pins.forget_attempt(session, counted.attempt)
    _grant(session, club.id, device)
    store_club.log(session, club.id, "pin", "", by)
    session.commit()
    return PinOutcome(True)


def forget(club: LoadedClub, phone: str, by: str, *, session: orm.Session | None = None) -> bool:
    """The phone ``phone`` no longer manages the club, nor does the club know it (a borrowed
    phone given back), a copy of its cookies neither; logged. Whether it did."""
    session = _session(session)
    at = wrong_pins.now()
    row = models.OrganiserPhone
    ended = session.execute(
        sa.update(row)
        .where(_this(club.id, phone), row.manages_until.is_not(None) | (row.known_until > at))
        .values(manages_until=None, known_until=at)
    )
    if not _changed(ended):
        session.rollback()
        return False
    store_club.log(session, club.id, "forget", "", by)
    session.commit()
    return True


def sign_out_every_phone(club: LoadedClub, by: str, *, session: orm.Session | None = None) -> int:
    """No phone manages the club any more, this one neither: each needs the PIN again (and
    stays known to the club); logged. How many phones managed it."""
    session = _session(session)
    ended = session.execute(
        sa.update(models.OrganiserPhone)
        .where(
            models.OrganiserPhone.club_id == club.id,
            models.OrganiserPhone.manages_until.is_not(None),
        )
        .values(manages_until=None)
    )
    store_club.log(session, club.id, "sign-out", "", by)
    session.commit()
    return _changed(ended)
