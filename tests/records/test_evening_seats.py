"""Who entered each entry (``seat``) in evening and club records: carried by each table's game
record, optional, so export → import → export gives the same bytes and a record from before
seats imports with no one known."""

from __future__ import annotations

import json
import re

import sqlalchemy as sa

from scorekeeper.clubs import services as clubs
from scorekeeper.data import models
from scorekeeper.data.db import db
from scorekeeper.evenings import services
from scorekeeper.table import store
from tests.clubs.season_club import BY, GAMES, PIN, season_club
from tests.records.schemas import EVENING, errors, play_tables
from tests.web.evenings.helpers import evening_token, new_evening, start


def _seat_everything() -> list[str | None]:
    """Give every third entry of the database a seat (some the organiser's): who entered it."""
    events = db.session.execute(sa.select(models.Event).order_by(models.Event.id)).scalars()
    for number, event in enumerate(events):
        if number % 3 == 0:
            event.seat = "organiser" if number % 2 else "0"
    db.session.commit()
    # Written behind the store's back (as phones that said who they are would have): the
    # replays this process keeps are of the logs without them.
    store.REPLAYS.clear()
    return _seats()


def _seats() -> list[str | None]:
    return list(
        db.session.execute(sa.select(models.Event.seat).order_by(models.Event.id)).scalars()
    )


def test_an_evening_record_keeps_who_entered_each_entry(client, app):
    token = evening_token(new_evening(client, "bismarck", variant="modern"))
    assert start(client, token, 1).status_code == 303
    play_tables(app, token, 1, "bismarck", 4)
    with app.app_context():
        seats = _seat_everything()
        assert {"0", "organiser", None} <= set(seats)
        text = services.record_of(services.load(token))
        assert '"seat": "organiser"' in text and '"seat": "0"' in text
        assert not errors(EVENING, json.loads(text))
        copy = services.import_record(text.encode())
        assert services.record_of(services.load(copy.token)) == text  # the same bytes
        assert _seats() == seats + seats  # the copy's entries, entered by the same seats
        # A record from before seats imports, with no one known.
        old = re.sub(r',\s*"seat":\s*"[^"]*"', "", text)
        assert "seat" not in old
        before = services.import_record(old.encode())
        assert services.record_of(services.load(before.token)) == old
        assert _seats()[len(seats) * 2 :] == [None] * len(seats)


def test_a_club_record_keeps_who_entered_each_entry(app):
    with app.app_context():
        club = season_club()
        _seat_everything()
        text = clubs.record_of(club)
        assert '"seat"' in text
        copy = clubs.import_club(text.encode(), PIN, GAMES, BY)
        assert clubs.record_of(copy) == text
        old = re.sub(r',\s*"seat":\s*"[^"]*"', "", text)
        assert clubs.record_of(clubs.import_club(old.encode(), PIN, GAMES, BY)) == old
