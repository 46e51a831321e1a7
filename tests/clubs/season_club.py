"""A club with a season behind it, made through the clubs' and evenings' services as the pages
make one: seven members, three evenings of Bismarck (one in play, one never started), a member
added at the second, a merge, a rename and a retirement; shared by the club record's tests."""

from __future__ import annotations

from datetime import date
from typing import Any

from scorekeeper import seasons
from scorekeeper.clubs import services
from scorekeeper.clubs.season import SeasonSpan
from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.games.events import Event
from scorekeeper.table import store
from tests.games.bismarck.examples import MODERN_GAME, events_for

PIN = "4711"
GAMES = ("bismarck", "klaberjass", "sviten")
BY = "test"

# Other whole games than MODERN_GAME, so the evenings do not all end alike: the same deals with
# the tricks turned round between the seats.
TURNED = [(c, t, (tricks[1], tricks[2], tricks[0])) for c, t, tricks in MODERN_GAME]
BACKWARDS = [(c, t, (tricks[2], tricks[0], tricks[1])) for c, t, tricks in MODERN_GAME]


def play(game: Any, deals: list[Any], *, undo_after: int | None = None) -> Any:
    """The deals entered one by one at ``game`` (an undo and the entry again after deal
    ``undo_after``: a history that is more than its deals)."""
    for number, event in enumerate(events_for(deals), start=1):
        game = store.append(db.session, game, event, game.seq)
        if number == undo_after:
            game = store.append(db.session, game, Event("undo", {}), game.seq)
            game = store.append(db.session, game, event, game.seq)
    return game


def evening(club: services.LoadedClub, name: str, members: list[int], rounds: int) -> str:
    made = services.new_evening(
        club,
        members,
        [],
        {
            "name": name,
            "kind": "bismarck",
            "rounds": rounds,
            "scoring": "totals",
            "settings": {"variant": "modern"},
        },
        BY,
    )
    return made.token


def start(token: str, round_: int) -> list[Any]:
    loaded = evenings.start_round(evenings.load(token), round_, anyway=True)
    return [table.game for table in loaded.tables(round_)]


def season_club(name: str = "Torsdagsklubben") -> services.LoadedClub:
    """The club (inside an app context)."""
    club = services.create(name, ["bismarck", "klaberjass"], "90817263", GAMES, BY)
    ids = {n: services.add_member(club, n, BY) for n in ("Anna", "Ben", "Carla", "Dag", "Eva")}
    ids["Fred"] = services.add_member(club, "Fred", BY)
    ids["Gun"] = services.add_member(club, "Gun", BY)
    six = [ids[n] for n in ("Anna", "Ben", "Carla", "Dag", "Eva", "Fred")]
    first = evening(club, "Vecka 1", six, 2)
    one, two = start(first, 1)
    play(one, MODERN_GAME, undo_after=5)
    play(two, TURNED)
    three, four = start(first, 2)
    play(three, BACKWARDS)
    play(four, MODERN_GAME[:4])  # still in play
    ids["Anna S"] = services.add_member(club, "Anna S", BY)
    second = evening(
        club, "Vecka 2", [ids[n] for n in ("Anna S", "Ben", "Carla", "Dag", "Gun", "Eva")], 1
    )
    five, six_ = start(second, 1)
    play(five, TURNED)
    play(six_, BACKWARDS)
    services.merge_members(club, ids["Anna"], ids["Anna S"], BY)
    services.rename_member(club, ids["Eva"], "Eva L", BY)
    services.retire_member(club, ids["Fred"], BY)
    evening(club, "Vecka 3", [ids[n] for n in ("Anna", "Ben", "Carla")], 1)  # not started
    # Two stored seasons: the first two evenings chosen (best one, the lowest for a miss), and
    # every evening from today on, by their average over at least two.
    held = {e.name: e.id for e in services.page_of(club).evenings}
    services.save_season(
        club,
        None,
        "Utvalda",
        seasons.SeasonRule(seasons.BEST, seasons.LOWEST, 1),
        SeasonSpan(chosen=(held["Vecka 2"], held["Vecka 1"])),
        BY,
    )
    services.save_season(
        club,
        None,
        "Från i dag",
        seasons.SeasonRule(seasons.AVERAGE, seasons.NO_SCORE, 2),
        SeasonSpan(date_from=date.today()),
        BY,
    )
    return club


def _rows(rows: list[Any]) -> list[Any]:
    return [(r.name, r.place, r.shared, r.points, r.evenings, r.by_evening) for r in rows]


def season_and_ratings(club: services.LoadedClub) -> tuple[list[Any], dict[str, Any]]:
    """The club's season table (the total) and each stored season's (by its rule, over its
    evenings) as names and values, and every member's rating by name, all-time and each
    season's: what an imported copy must show the same."""
    page = services.page_of(club)
    names = page.names()
    tables: list[Any] = [_rows(services.season_of(page)[1])]
    pages = {"": page}
    for stored in reversed(services.seasons_of(club)):
        held = services.in_season(page, stored)
        tables.append((stored.name, stored.rule, _rows(services.season_of(held, stored.rule)[1])))
        pages[stored.name] = held
    ratings = {
        season_name: {
            names[member]: (rating.mu, rating.sigma, rating.games)
            for member, rating in services.ratings_of(held).now.items()
        }
        for season_name, held in pages.items()
    }
    return tables, ratings
