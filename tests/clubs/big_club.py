"""A club of many evenings, made through the app's own services and written out by its own
record export: the club record the import tests and ``benchmarks/club_import.py`` import.

Every evening is twelve members at four Bismarck tables of three (one round), each table's game
the worked example's twelve deals; the members take turns (sixteen of them, each evening a
different twelve), a week apart. The register has a merge, a retirement and a rename, and the
club a season of chosen evenings, so the import writes every kind of row a club has."""

from __future__ import annotations

from datetime import datetime, timedelta

from scorekeeper import models
from scorekeeper.clubs import services
from scorekeeper.clubs import store as club_store
from scorekeeper.clubs.season import DEFAULT_RULE, SeasonSpan
from scorekeeper.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.evenings.setup import EveningSetup
from tests.games.bismarck.examples import MODERN_GAME, events_for

BY = "test"
PIN = "4711"
MEMBERS = 16
FIRST_EVENING = datetime(2016, 1, 7, 19, 0)


def big_club(count: int, name: str = "Storklubben") -> services.LoadedClub:
    """The club with ``count`` evenings (inside an app context)."""
    club = services.create(name, ["bismarck"], PIN, ["bismarck"], BY)
    names = [f"Medlem {n + 1}" for n in range(MEMBERS)]
    ids = [services.add_member(club, n, BY) for n in names]
    events = events_for(MODERN_GAME)
    for number in range(count):
        chosen = [(number * 4 + k) % MEMBERS for k in range(12)]
        setup = EveningSetup(
            f"Kväll {number + 1}",
            "bismarck",
            tuple(names[i] for i in chosen),
            1,
            "totals",
            {"variant": "modern"},
        )
        plan = setup.plan(number + 1)
        tables = [
            (
                1,
                table,
                setup.table_setup([setup.players[p] for p in seats], 0),
                events,
                [None] * len(events),
            )
            for table, seats in enumerate(plan.rounds[0].tables, start=1)
        ]
        made = evenings.import_evening(setup, plan, number + 1, tables)
        club_store.link_evening(db.session, club.id, made.id, [ids[i] for i in chosen])
        row = db.session.get(models.Evening, made.id)
        assert row is not None
        row.created_at = FIRST_EVENING + timedelta(weeks=number)
        db.session.commit()
    extra = services.add_member(club, "Medlem 1 B", BY)
    services.merge_members(club, ids[0], extra, BY)
    services.retire_member(club, ids[-1], BY)
    services.rename_member(club, ids[1], "Medlem Två", BY)
    listed = [e.id for e in club_store.evenings(db.session, club.id)]
    span = SeasonSpan(chosen=tuple(listed[: max(1, count // 2)]))
    services.save_season(club, None, "Första halvan", DEFAULT_RULE, span, BY)
    return club


def big_record(count: int) -> bytes:
    """The record of a club with ``count`` evenings (inside an app context)."""
    return services.record_of(big_club(count)).encode("utf-8")
