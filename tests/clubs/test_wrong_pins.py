"""Wrong PINs counted in the database (issue 35): the limits as settings write them, addresses
as they are counted, and the moving window against a model of it, for any times PINs come at."""

from __future__ import annotations

import itertools
from datetime import datetime, timedelta

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.clubs import services, wrong_pins
from scorekeeper.clubs.wrong_pins import Limit, Limits, Typist
from scorekeeper.data import models
from scorekeeper.data.db import db

START = datetime(2026, 12, 5, 19, 0)


@pytest.mark.parametrize(
    ("text", "limit"),
    [
        ("5 per 15 minutes", Limit(5, 900)),
        ("20 per hour", Limit(20, 3600)),
        ("100/hour", Limit(100, 3600)),
        (" 3 per 2 days ", Limit(3, 172_800)),
        ("1 per second", Limit(1, 1)),
    ],
)
def test_a_limit_is_read_as_a_setting_writes_it(text, limit):
    assert Limit.parse(text) == limit


@pytest.mark.parametrize("text", ["", "five per hour", "5 per fortnight", "5 per -1 hours"])
def test_a_limit_that_is_not_one_is_refused(text):
    with pytest.raises(ValueError, match="5 per 15 minutes"):
        Limit.parse(text)


@pytest.mark.parametrize(
    ("address", "counted"),
    [
        ("192.0.2.7", "192.0.2.7"),
        ("2001:db8:a:b:1:2:3:4", "2001:db8:a:b::/64"),
        ("2001:db8:a:b::ffff", "2001:db8:a:b::/64"),
        ("::ffff:192.0.2.7", "192.0.2.7"),
        ("not an address", "not an address"),
        ("", "?"),
    ],
)
def test_an_ipv6_address_counts_by_its_64(address, counted):
    assert wrong_pins.address_key(address) == counted


def _allowed(times: list[int], limit: Limit) -> list[bool]:
    """The model: a PIN at ``t`` is counted when fewer than ``count`` counted ones came in the
    ``seconds`` before it."""
    counted: list[int] = []
    found = []
    for t in times:
        room = sum(t - limit.seconds < c for c in counted) < limit.count
        found.append(room)
        if room:
            counted.append(t)
    return found


EXAMPLES = itertools.count()


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    # Times in tens of seconds, so that PINs come exactly a window apart too.
    st.lists(st.integers(0, 40).map(lambda t: 10 * t), min_size=1, max_size=14).map(sorted),
    st.integers(1, 4),
    st.sampled_from([10, 30, 60, 100, 300]),
)
def test_pins_are_counted_in_a_moving_window_as_the_model_says(
    app, monkeypatch, offsets, count, seconds
):
    """One address (a new one each example) types wrong PINs at ``offsets`` seconds: each is
    counted exactly when the model says so, and one held back says how long to wait."""
    limit = Limit(count, seconds)
    limits = Limits(Limit(1000, 60), limit, None)
    example = next(EXAMPLES)
    with app.app_context():
        club = _club()
        typist = Typist(f"phone-{example}", f"198.51.100.{example % 250}-{example}", False)
        outcomes = []
        for offset in offsets:
            at = START + timedelta(seconds=offset)
            monkeypatch.setattr(wrong_pins, "now", lambda at=at: at)
            outcomes.append(wrong_pins.attempt(db.session, club.id, typist, limits))
        assert [o.wait == 0 for o in outcomes] == _allowed(offsets, limit)
        counted = [t for t, o in zip(offsets, outcomes, strict=True) if not o.wait]
        for offset, outcome in zip(offsets, outcomes, strict=True):
            if outcome.wait:
                inside = [c for c in counted if offset - seconds < c <= offset]
                assert outcome.wait == pytest.approx(inside[-count] + seconds - offset)
        # Kept while a window may still count them: from the last one counted, the longest.
        kept = [t for t in counted if t >= counted[-1] - max(60, seconds)]
        stored = db.session.scalars(
            sa.select(models.WrongPin.at).where(models.WrongPin.address == typist.address)
        ).all()
        assert sorted(stored) == [START + timedelta(seconds=t) for t in kept]


_CLUBS: dict[str, services.LoadedClub] = {}


def _club() -> services.LoadedClub:
    """One club for the examples of a test's app (made once per database)."""
    url = str(db.engine.url)
    if url not in _CLUBS:
        _CLUBS[url] = services.create("Klubben", ["bismarck"], "4711", ("bismarck",), "test")
    return _CLUBS[url]
