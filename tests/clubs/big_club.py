"""Big clubs for the tests and benchmarks, two ways.

A club of many years as a club record (``scorekeeper-club/1``), made without a database
(:func:`club_record`): weekly Bismarck evenings of 12 of its members at four tables, every game
played to its end with deals that differ from game to game (a seeded draw), so the season table
and the ratings have something to add up, and a stored season for each year, each by another
rule. The benchmark (``benchmarks/clubs.py``) and the tests seed clubs of any size through the
app's own import of it (:func:`scorekeeper.clubs.services.import_club`).

    data = club_record(games=2000)          # 500 evenings of four tables

A club of many evenings made through the app's own services and written out by its own record
export (:func:`big_club`, :func:`big_record`): the club record the import tests and
``benchmarks/club_import.py`` import. Every evening is twelve members at four Bismarck tables of
three (one round), each table's game the worked example's twelve deals; the members take turns
(sixteen of them, each evening a different twelve), a week apart. The register has a merge, a
retirement and a rename, and the club a season of chosen evenings, so the import writes every
kind of row a club has.
"""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta
from typing import Any

from scorekeeper import seasons
from scorekeeper.clubs import record_format, record_writing, services
from scorekeeper.clubs import store_evenings as club_store
from scorekeeper.clubs.season import DEFAULT_RULE, SeasonSpan
from scorekeeper.data import models
from scorekeeper.data.db import db
from scorekeeper.evenings import record as evening_record
from scorekeeper.evenings import services as evenings
from scorekeeper.evenings.setup import EveningSetup
from scorekeeper.games.events import Event
from tests.games.bismarck.examples import MODERN_GAME, events_for

#: The first evening's day: a Thursday, ten years back from the benchmark's own.
FIRST = datetime(2016, 1, 7, 18, 30)
PLAYERS_AN_EVENING = 12


def deals(draw: random.Random) -> list[Event]:
    """A whole modern game (Anna's worked example's contracts in their order), each deal's
    tricks dealt out anew between the seats."""
    events = []
    for number, (contract, trump, tricks) in enumerate(MODERN_GAME, start=1):
        turned = list(tricks)
        draw.shuffle(turned)
        events.append(Event("announce", {"deal": number, "contract": contract, "trump": trump}))
        events.append(Event("record", {"deal": number, "tricks": turned}))
    return events


def evening(number: int, members: int, draw: random.Random) -> tuple[datetime, list[int], Any]:
    """Evening ``number`` (from 1): when, which members (ids from 1) and its evening record."""
    held = FIRST + timedelta(days=7 * (number - 1))
    chosen = draw.sample(range(1, members + 1), PLAYERS_AN_EVENING)
    setup = EveningSetup(
        f"Evening {number}",
        "bismarck",
        tuple(f"Member {m}" for m in chosen),
        1,
        "totals",
        {"variant": "modern"},
    )
    plan = setup.plan(number)
    tables = []
    for table, seats in enumerate(plan.rounds[0].tables, start=1):
        names = tuple(setup.players[p] for p in seats)
        events = deals(draw)
        times = [held + timedelta(minutes=5 + 2 * k) for k in range(len(events))]
        tables.append(
            evening_record.RecordTable(
                1, table, "bismarck", setup.table_setup(names, draw.randrange(3)), events, times
            )
        )
    return held, chosen, evening_record.build_evening(setup, plan, number, tables)


def club_record(games: int, members: int = 60, seed: int = 33, name: str = "Big club") -> str:
    """A club of ``members`` members and ``games`` // 4 evenings, one a week (see the
    module's docstring)."""
    draw = random.Random(seed)
    register = [
        record_format.Member(m, f"Member {m}", joined=FIRST - timedelta(days=1))
        for m in range(1, members + 1)
    ]
    evenings = [evening(n, members, draw) for n in range(1, games // 4 + 1)]
    years = sorted({held.year for held, _members, _record in evenings})
    built = record_writing.build_club(
        name, ["bismarck"], register, evenings, [season(year) for year in years]
    )
    return record_writing.dumps_club(built)


#: The rule of each year's stored season, in turn.
SEASON_RULES = (
    seasons.SeasonRule(seasons.TOTAL),
    seasons.SeasonRule(seasons.BEST, seasons.LOWEST, 10),
    seasons.SeasonRule(seasons.AVERAGE, seasons.OWN_AVERAGE, 5),
)


def season(year: int) -> record_format.Season:
    """The stored season of the calendar year ``year``."""
    rule = SEASON_RULES[year % len(SEASON_RULES)]
    return record_format.Season(f"{year}", rule, date(year, 1, 1), date(year, 12, 31))


# --- a club made through the services, and its record ------------------------------------------

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
