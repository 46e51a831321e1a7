"""Who may manage a club, as the web asks it: a phone that typed the club's organiser PIN, for
the evening (:data:`~scorekeeper.clubs.organisers.MANAGES_HOURS`), and the limits on wrong PINs.

A phone that types the right PIN gets a **device cookie** (OWASP's "device cookies"): a random
id of its own, signed with the app's secret key, kept for a year. The server keeps, per club,
which phones it knows and until when each manages it (:mod:`scorekeeper.clubs.organisers`),
and asks that on every organiser page and action: *Forget* and *Sign out every phone* end
authority on the server's side, a copy of the cookies with it.

Wrong PINs are counted in the database (:mod:`scorekeeper.clubs.wrong_pins`), exactly, however
many processes serve: a phone the club knows against itself alone (``CLUB_PIN_PER_PHONE``),
never held back by anyone else's; any other phone against itself (its session), its address
(``CLUB_PIN_PER_ADDRESS``, across clubs) and the club's unknown phones together
(``CLUB_PIN_PER_CLUB``). Only wrong PINs count: an organiser who types the right one is never
held up by an earlier slip."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from flask import (
    Flask,
    Response,
    abort,
    after_this_request,
    current_app,
    g,
    render_template,
    request,
    session,
    url_for,
)
from itsdangerous import BadSignature, URLSafeTimedSerializer

from scorekeeper.clubs import organisers, services, wrong_pins
from scorekeeper.clubs.wrong_pins import Limit, Limits, Typist
from scorekeeper.server import proxy
from scorekeeper.web.phone import session_id as phone_session_id

#: Wrong PINs allowed per phone (a phone the club knows: its only limit), per client address
#: across clubs and per club for the phones it does not know together (None: no such limit).
PER_PHONE = "5 per 15 minutes"
PER_ADDRESS = "5 per 15 minutes"
PER_CLUB = "100 per hour"
#: The device cookie: the phone's id, signed, for as long as a club knows a phone.
DEVICE_COOKIE = "organiser_phone"
DEVICE_SALT = "scorekeeper.organiser-phone"
DEVICE_SECONDS = organisers.KNOWN_DAYS * 24 * 3600


def init_app(app: Flask) -> None:
    app.config.setdefault("CLUB_PIN_PER_PHONE", PER_PHONE)
    app.config.setdefault("CLUB_PIN_PER_ADDRESS", PER_ADDRESS)
    app.config.setdefault("CLUB_PIN_PER_CLUB", PER_CLUB)
    limits(app.config)  # a limit that is not one stops the start, saying which


def limits(config: Mapping[str, Any]) -> Limits:
    club = config.get("CLUB_PIN_PER_CLUB")
    return Limits(
        Limit.parse(config["CLUB_PIN_PER_PHONE"]),
        Limit.parse(config["CLUB_PIN_PER_ADDRESS"]),
        Limit.parse(club) if club else None,
    )


def session_id() -> str:
    """A random id of this browser's session, for the organisers' log (never the PIN): the
    phone's own (:func:`scorekeeper.web.phone.session_id`)."""
    return phone_session_id()


def _signer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.secret_key or "", salt=DEVICE_SALT)


def device() -> str | None:
    """This phone's id from its device cookie, when it has one the server signed."""
    if "organiser_device" not in g:
        found = request.cookies.get(DEVICE_COOKIE)
        try:
            loaded = None if found is None else _signer().loads(found, max_age=DEVICE_SECONDS)
        except BadSignature:
            loaded = None
        g.organiser_device = loaded if isinstance(loaded, str) and loaded else None
    return g.organiser_device  # type: ignore[no-any-return]


def _set_device(phone: str) -> None:
    """Give this phone the device cookie naming ``phone`` (with the response)."""
    g.organiser_device = phone
    g.pop("organiser_of", None)
    session.pop("organiser", None)  # where an earlier version kept it, the cookie's own say
    value = _signer().dumps(phone)

    @after_this_request
    def keep(response: Response) -> Response:
        response.set_cookie(
            DEVICE_COOKIE,
            value,
            max_age=DEVICE_SECONDS,
            httponly=True,
            samesite="Lax",
            secure=proxy.cookie_secure(current_app.config["SESSION_COOKIE_SECURE"]),
        )
        return response


def is_organiser(club: services.LoadedClub) -> bool:
    """Whether this phone manages the club now (asked of the server once a request)."""
    phone = device()
    if phone is None:
        return False
    known: dict[int, bool] = g.setdefault("organiser_of", {})
    if club.id not in known:
        known[club.id] = organisers.manages(club, phone)
    return known[club.id]


def become_organiser(club: services.LoadedClub) -> None:
    """This phone manages the club it made or imported."""
    phone = device() or secrets.token_urlsafe(16)
    organisers.grant(club, phone)
    _set_device(phone)


def type_pin(club: services.LoadedClub, pin: str) -> organisers.PinOutcome:
    """The PIN typed on this phone (see the module's docstring); when right, this phone
    manages the club."""
    phone = device()
    typist = Typist(
        phone or session_id(),
        wrong_pins.address_key(request.remote_addr),
        phone is not None and organisers.knows(club, phone),
    )
    given = phone or secrets.token_urlsafe(16)
    typed = organisers.type_pin(
        club, pin, typist, limits(current_app.config), session_id(), device=given
    )
    if typed.right:
        _set_device(given)
    return typed


def stop_being_organiser(club: services.LoadedClub) -> bool:
    """This phone no longer manages the club, nor does the club know it (logged); whether
    it did."""
    phone = device()
    g.pop("organiser_of", None)
    return phone is not None and organisers.forget(club, phone, session_id())


def sign_out_every_phone(club: services.LoadedClub) -> None:
    """No phone manages the club any more, this one neither (logged)."""
    g.pop("organiser_of", None)
    organisers.sign_out_every_phone(club, session_id())


def organiser_club(token: str) -> services.LoadedClub:
    """The club at ``token``, for an organiser's page or action: 404 when there is none;
    without the PIN, a page is sent to the PIN form (303, back here after) and an action is
    refused (403: the PIN form, nothing changed)."""
    club = club_or_404(token)
    if is_organiser(club):
        return club
    if request.method == "GET":
        abort(Response(status=303, headers={"Location": pin_url(club, request.full_path)}))
    from scorekeeper.web.clubs.forms import PinForm

    page = render_template(
        "clubs/pin.html", club=club, form=PinForm(formdata=None), back="", refused=True
    )
    abort(Response(page, 403))


def pin_url(club: services.LoadedClub, back: str) -> str:
    return url_for("clubs.pin", token=club.token, next=back.rstrip("?"))


def club_or_404(token: str) -> services.LoadedClub:
    try:
        return services.load(token)
    except services.ClubNotFound:
        abort(404)
