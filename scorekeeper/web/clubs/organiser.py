"""Who may manage a club: a browser that typed the club's organiser PIN, remembered in its
signed session for the evening (:data:`ORGANISER_HOURS`), and the limit on wrong PINs.

Wrong PINs are counted with Flask-Limiter's rate limiter and storage (in memory unless
``RATELIMIT_STORAGE_URI`` names a shared one, such as Redis, for several processes): per club
(:data:`PER_CLUB`, so many addresses together cannot try every PIN) and per client address
(:data:`PER_ADDRESS`, across every club). Only wrong PINs count: an organiser who types the
right one is never held up by an earlier slip. The counting is done here rather than by the
library's route decorator so that a refused attempt gets the PIN page again (429) saying when
to try again, and a right PIN is free."""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, abort, render_template, request, session, url_for
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import RateLimitItem, parse

from scorekeeper.clubs import services
from scorekeeper.web import phone

#: How long a browser that typed the PIN may manage the club (an evening's length).
ORGANISER_HOURS = 12
#: Wrong PINs allowed per club, whoever types them, and per client address, across clubs.
PER_CLUB = "20 per hour"
PER_ADDRESS = "5 per 15 minutes"
#: The most clubs a browser is organiser of at once (the session cookie stays small).
MOST_CLUBS = 8

#: The store is the app's ``RATELIMIT_STORAGE_URI`` (memory by default): a store given here
#: would win over the app's setting.
limiter = Limiter(get_remote_address, strategy="moving-window", headers_enabled=False)


def init_app(app: Flask) -> None:
    app.config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    app.config.setdefault("CLUB_PIN_PER_CLUB", PER_CLUB)
    app.config.setdefault("CLUB_PIN_PER_ADDRESS", PER_ADDRESS)
    limiter.init_app(app)
    # Only wrong PINs are counted (below), never a request as such: the limiter's check of
    # every request would find no limit to apply, and costs about 75 µs on every page (the
    # game pages' budgets are a few ms), so it is taken off again.
    hooks = app.before_request_funcs.get(None, [])
    hooks[:] = [hook for hook in hooks if getattr(hook, "__self__", None) is not limiter]


def session_id() -> str:
    """A random id of this browser's session, for the organisers' log (never the PIN): the
    phone's own (:func:`scorekeeper.web.phone.session_id`)."""
    return phone.session_id()


def is_organiser(club: services.LoadedClub) -> bool:
    """Whether this browser typed the club's PIN less than :data:`ORGANISER_HOURS` ago."""
    until = session.get("organiser", {}).get(club.token)
    return isinstance(until, int | float) and until > time.time()


def become_organiser(club: services.LoadedClub) -> None:
    held = session.get("organiser", {})
    now = time.time()
    kept = {t: u for t, u in held.items() if isinstance(u, int | float) and u > now}
    kept.pop(club.token, None)
    newest = sorted(kept.items(), key=lambda item: item[1])[-(MOST_CLUBS - 1) :]
    session["organiser"] = {**dict(newest), club.token: int(now + ORGANISER_HOURS * 3600)}


def stop_being_organiser(club: services.LoadedClub) -> None:
    held = dict(session.get("organiser", {}))
    if held.pop(club.token, None) is not None:
        session["organiser"] = held


def _limits(club: services.LoadedClub) -> list[tuple[RateLimitItem, tuple[str, ...]]]:
    from flask import current_app

    config = current_app.config
    return [
        (_limit(config, "CLUB_PIN_PER_CLUB"), ("club-pin", club.token)),
        (_limit(config, "CLUB_PIN_PER_ADDRESS"), ("club-pin-address", get_remote_address())),
    ]


def _limit(config: Mapping[str, Any], name: str) -> RateLimitItem:
    """The limit the setting ``name`` says, as this process applies it.

    Wrong PINs counted in memory are counted by each of the ``SERVER_PROCESSES`` processes
    ``scorekeeper serve`` forked (one a core) on its own: each then allows its share of every
    limit, rounded up, so that all of them together allow what one would. (With a shared store,
    such as Redis, the limit is as it is.) An organiser whose browser keeps talking to one
    process gets that process's share before the wait; the many addresses of an attack get no
    more than one process would allow."""
    limit = parse(config[name])
    processes = int(config.get("SERVER_PROCESSES", 1))
    if processes <= 1 or config["RATELIMIT_STORAGE_URI"] != "memory://":
        return limit
    return type(limit)(math.ceil(limit.amount / processes), limit.multiples, limit.namespace)


def wait_seconds(club: services.LoadedClub) -> int:
    """How long before this browser may try a PIN again: 0 when it may now."""
    wait = 0.0
    for item, keys in _limits(club):
        if not limiter.limiter.test(item, *keys):
            reset = limiter.limiter.get_window_stats(item, *keys).reset_time
            wait = max(wait, reset - time.time())
    return math.ceil(wait)


def count_wrong_pin(club: services.LoadedClub) -> None:
    for item, keys in _limits(club):
        limiter.limiter.hit(item, *keys)


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
