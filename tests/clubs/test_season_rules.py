"""The season's rules as the README writes them, through the club's services (issue 35): an
evening the organiser planned but nobody played is no evening attended, and changes nothing;
a kept season charges its absence rule from its own first evening to everyone who was a member
of the club then. Each table is worked out by hand below; the club record's reader
(``scorekeeper club score``) gives the same."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scorekeeper import seasons
from scorekeeper.clubs import record, record_text, services
from scorekeeper.clubs.season import SeasonSpan
from tests.clubs.season_club import BACKWARDS, BY, MODERN_GAME, TURNED, evening, play, start

# A finished game of three, by seat: MODERN_GAME gives (−3, +2, +1), TURNED (+2, +1, −3),
# BACKWARDS (+1, −3, +2) (the evening's totals scoring).


def _club(app):
    club = services.create("Torsdagsklubben", ["bismarck"], "4711", ("bismarck",), BY)
    ids = {n: services.add_member(club, n, BY) for n in ("Anna", "Ben", "Carla", "Dag")}
    return club, ids


def _played(club, name, members, deals) -> str:
    token = evening(club, name, members, 1)
    (game,) = start(token, 1)
    play(game, deals)
    return token


def _table(rows):
    return [(r.name, r.place, r.points, r.evenings, r.by_evening) for r in rows]


def _f(*values):
    return tuple(None if v is None else (v[0], Fraction(v[1])) for v in values)


@pytest.mark.parametrize(
    ("absence", "expected"),
    [
        # Vecka 1: Anna −3, Ben +2, Carla +1; Vecka 3: Ben +2, Carla +1, Dag −3. Vecka 2,
        # planned for Anna, Ben and Dag and never played, is nobody's evening.
        (
            seasons.NO_SCORE,
            [
                ("Ben", 1, 4, 2, _f((1, 2), (1, 2))),
                ("Carla", 2, 2, 2, _f((2, 1), (2, 1))),
                ("Anna", 3, -3, 1, _f((3, -3), None)),
                ("Dag", 3, -3, 1, _f(None, (3, -3))),
            ],
        ),
        # Anna misses Vecka 3 as a member since Vecka 1: her own average, −3, again. Dag was
        # not one at Vecka 1 (his first evening is Vecka 2's plan): nothing charged there.
        (
            seasons.OWN_AVERAGE,
            [
                ("Ben", 1, 4, 2, _f((1, 2), (1, 2))),
                ("Carla", 2, 2, 2, _f((2, 1), (2, 1))),
                ("Dag", 3, -3, 1, _f(None, (3, -3))),
                ("Anna", 4, -6, 1, _f((3, -3), None)),
            ],
        ),
        # Anna is charged Vecka 3's lowest, −3.
        (
            seasons.LOWEST,
            [
                ("Ben", 1, 4, 2, _f((1, 2), (1, 2))),
                ("Carla", 2, 2, 2, _f((2, 1), (2, 1))),
                ("Dag", 3, -3, 1, _f(None, (3, -3))),
                ("Anna", 4, -6, 1, _f((3, -3), None)),
            ],
        ),
    ],
)
def test_an_evening_planned_and_never_played_is_nobodys_evening(app, absence, expected):
    with app.app_context():
        club, ids = _club(app)
        anna, ben, carla, dag = (ids[n] for n in ("Anna", "Ben", "Carla", "Dag"))
        _played(club, "Vecka 1", [anna, ben, carla], MODERN_GAME)
        evening(club, "Vecka 2", [anna, ben, dag], 1)  # planned, never started
        _played(club, "Vecka 3", [ben, carla, dag], TURNED)
        rule = seasons.SeasonRule(seasons.TOTAL, absence)
        page = services.page_of(club)
        held, rows = services.season_of(page, rule)
        assert [e.name for e in held] == ["Vecka 1", "Vecka 3"]
        assert _table(rows) == expected
        # The club record's reader (``scorekeeper club score``) adds it up the same way.
        read = record.loads_club(services.record_of(club))
        assert _table(record_text.season_rows(read, rule)) == expected


def test_a_kept_season_charges_a_member_who_misses_its_first_evening(app):
    with app.app_context():
        club, ids = _club(app)
        anna, ben, carla, dag = (ids[n] for n in ("Anna", "Ben", "Carla", "Dag"))
        _played(club, "Vecka 1", [anna, ben, carla], MODERN_GAME)  # before the season
        _played(club, "Vecka 2", [ben, carla, dag], TURNED)  # its first evening: Anna away
        _played(club, "Vecka 3", [anna, ben, carla], BACKWARDS)
        held = {e.name: e.id for e in services.page_of(club).evenings}
        rule = seasons.SeasonRule(seasons.TOTAL, seasons.LOWEST)
        services.save_season(
            club, None, "Våren", rule, SeasonSpan(chosen=(held["Vecka 2"], held["Vecka 3"])), BY
        )
        (kept,) = services.seasons_of(club)
        # Vecka 2: Ben +2, Carla +1, Dag −3 (the lowest); Vecka 3: Anna +1, Ben −3, Carla +2
        # (the lowest −3). Anna, a member since Vecka 1, missed Vecka 2: −3 + 1 = −2. Dag,
        # a member since Vecka 2, missed Vecka 3: −3 − 3 = −6.
        expected = [
            ("Carla", 1, 3, 2, _f((2, 1), (1, 2))),
            ("Ben", 2, -1, 2, _f((1, 2), (3, -3))),
            ("Anna", 3, -2, 1, _f(None, (2, 1))),
            ("Dag", 4, -6, 1, _f((3, -3), None)),
        ]
        season_page = services.in_season(services.page_of(club), kept)
        assert _table(services.season_of(season_page, kept.rule)[1]) == expected
        read = record.loads_club(services.record_of(club))
        assert _table(record_text.season_rows(read, of=read.seasons[0])) == expected
