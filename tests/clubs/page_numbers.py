"""Every number a club's pages show, for a few clubs seeded the same way every time: the season
table under every rule (all the club's evenings, and each stored season's by its own rule),
the ratings with their history, and each member's page (games, places, meetings, statistics).

The numbers were written by the code before issue 33 kept what it derives
(``page_numbers.json``); ``test_page_numbers.py`` works them out again and compares them cell
for cell, so a faster way to the same pages cannot change one of them. After a change that
*means* to change numbers (a season rule fixed), write them again and read the difference::

    python -m tests.clubs.page_numbers --write      # in an app of a scratch database

Each club is imported from a club record made here (weekly evenings of Bismarck of seven
players over two rounds, someone sitting out each; Klaberjass evenings scored by placings; a
game still in play; merged, renamed and retired members; stored seasons of every kind), then
changed through the services as the pages change it: a merge, a correction of an old deal, an
evening whose standings stay hidden and one whose are revealed. Whatever the services draw at
random (an evening's seating, first dealers) is drawn from a seeded generator instead.
"""

from __future__ import annotations

import json
import random
import secrets
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime, timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

from scorekeeper import seasons
from scorekeeper.clubs import record_format, record_writing, services
from scorekeeper.evenings import record as evening_record
from scorekeeper.evenings import services as evenings
from scorekeeper.evenings.setup import EveningSetup
from scorekeeper.games.events import Event
from tests.clubs.big_club import deals

FIXTURE = Path(__file__).with_name("page_numbers.json")
PIN = "4711"
KNOWN = ["bismarck", "klaberjass", "sviten"]
MEMBERS = 16
RULES = [
    seasons.SeasonRule(rule, absence, n)
    for rule, n in ((seasons.TOTAL, 0), (seasons.BEST, 3), (seasons.AVERAGE, 2))
    for absence in seasons.ABSENCES
]


def _klaberjass(draw: random.Random) -> list[Event]:
    """A short Klaberjass game to 300: the maker makes it or not, a hand thrown in."""
    events = []
    totals = [0, 0]
    number = 1
    while max(totals) < 300:
        if draw.random() < 0.1:
            events.append(Event("hand", {"number": number, "thrown_in": True}))
            number += 1
            continue
        maker = draw.randrange(2)
        made = draw.random() < 0.7
        points = [140, 0] if made == (maker == 0) else [0, 140]
        if not made:
            points = [60, 50] if maker == 1 else [50, 60]
        winner = 0 if points[0] > points[1] else 1
        hand = {
            "number": number,
            "maker": maker,
            "trump": "hearts",
            "sequences": [[], []],
            "bella": None,
            "last_trick": winner,
            "card_points": points,
        }
        events.append(Event("hand", hand))
        totals[winner] += 150
        number += 1
    return events


def _evening(
    number: int, held: datetime, chosen: list[int], kind: str, draw: random.Random, rounds: int
) -> tuple[datetime, list[int], Any]:
    settings: dict[str, Any] = {"variant": "modern"} if kind == "bismarck" else {}
    if kind == "klaberjass":
        settings = {"options": {"target": 300}}
    scoring = "totals" if kind == "bismarck" and number % 3 else "placings"
    setup = EveningSetup(
        f"Evening {number}",
        kind,
        tuple(f"Member {m}" for m in chosen),
        rounds,
        scoring,
        settings,
    )
    plan = setup.plan(number)
    tables = []
    for round_, planned in enumerate(plan.rounds, start=1):
        for table, seats in enumerate(planned.tables, start=1):
            names = tuple(setup.players[p] for p in seats)
            played = deals(draw) if kind == "bismarck" else _klaberjass(draw)
            if number == 9 and round_ == rounds and table == 1:
                played = played[:15]  # still in play
            times = [held + timedelta(minutes=round_ * 60 + k) for k in range(len(played))]
            game_setup = setup.table_setup(names, draw.randrange(len(seats)))
            tables.append(
                evening_record.RecordTable(round_, table, kind, game_setup, played, times)
            )
    return held, chosen, evening_record.build_evening(setup, plan, number, tables)


def record(seed: int) -> str:
    """The club record of club ``seed`` (see the module's docstring)."""
    draw = random.Random(seed)
    first = datetime(2024, 1, 4, 18, 0)
    members = [
        record_format.Member(m, f"Member {m}", joined=first - timedelta(days=30))
        for m in range(1, 17)
    ]
    members[1] = record_format.Member(2, "Member 2", ("Maja",), first - timedelta(days=30))
    members[14] = record_format.Member(15, "Member 15", (), first, merged_into=3)
    members[15] = record_format.Member(16, "Member 16", (), first, retired=True)
    held = []
    for number in range(1, 13):
        kind = "klaberjass" if number % 4 == 0 else "bismarck"
        count = 4 if kind == "klaberjass" else 7
        chosen = draw.sample(range(1, MEMBERS + 1), count)
        if number == 2:  # 15 (merged into 3 since) plays early on
            chosen = [15 if m == 3 else m for m in chosen]
        rounds = 2 if number % 5 else 1
        when = first + timedelta(days=7 * (number - 1))
        held.append(_evening(number, when, chosen, kind, draw, rounds))
    stored = [
        record_format.Season(
            "Spring", seasons.SeasonRule(seasons.BEST, seasons.LOWEST, 3), date(2024, 1, 1), None
        ),
        record_format.Season(
            "Late",
            seasons.SeasonRule(seasons.AVERAGE, seasons.OWN_AVERAGE, 2),
            date(2024, 2, 1),
            date(2024, 3, 31),
        ),
        record_format.Season("Cup", seasons.SeasonRule(), evenings=(2, 5, 7, 11)),
    ]
    built = record_writing.build_club(
        f"Club {seed}", ["bismarck", "klaberjass"], members, held, stored
    )
    return record_writing.dumps_club(built)


@contextmanager
def drawn_from(seed: int) -> Iterator[None]:
    """``secrets.randbelow`` (an evening's seed, first dealers) drawn from a seeded generator."""
    draw = random.Random(seed)
    was = secrets.randbelow
    secrets.randbelow = lambda n: draw.randrange(n)  # type: ignore[assignment]
    try:
        yield
    finally:
        secrets.randbelow = was  # type: ignore[assignment]


def _play(token: str, events: list[Event]) -> None:
    from scorekeeper.table import services as games

    game = games.load(token)
    for event in events:
        written = games.enter(game, event, game.seq)
        assert isinstance(written, games.LoadedGame), written
        game = written


def _new_evening(club: services.LoadedClub, name: str, members: list[int], hide: int) -> str:
    made = services.new_evening(
        club,
        members,
        [],
        {
            "name": name,
            "kind": "bismarck",
            "rounds": 1,
            "scoring": "totals",
            "settings": {"variant": "modern"},
            "hide_last": hide,
        },
        "test",
    )
    return evenings.start_round(made, 1, anyway=True).token


def seed_club(seed: int) -> services.LoadedClub:
    """Club ``seed``, imported and changed (inside an app context)."""
    with drawn_from(seed):
        club = services.import_club(record(seed), PIN, KNOWN, "test")
        page = services.page_of(club)
        ids = {entry.name: entry.id for entry in page.entries}
        services.merge_members(club, ids["Member 1"], ids["Member 14"], "test")
        oldest = evenings.load(page.evenings[-1].token)
        game = oldest.games[1, 1]
        deal = game.state.deals[0]
        tricks = list(deal.tricks)
        turned = [tricks[1], tricks[2], tricks[0]]
        trump = None if deal.trump is None else deal.trump.value
        correction = {"deal": 1, "contract": deal.contract.value, "trump": trump, "tricks": turned}
        _play(game.token, [Event("correct", correction)])
        draw = random.Random(seed)
        active = [entry.id for entry in services.page_of(club).members]
        for name, reveal in (("Hidden", False), ("Revealed", True)):
            chosen = draw.sample(active, 6)
            token = _new_evening(club, name, chosen, 1)
            loaded = evenings.load(token)
            for table in loaded.tables(1):
                assert table.game is not None
                _play(table.game.token, deals(draw))
            if reveal:
                evenings.reveal(evenings.load(token), 6)
    return club


# --- what the pages show -----------------------------------------------------------------------


def _text(value: Any) -> Any:
    """A value as the fixture writes it: fractions exact, floats to 9 places."""
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, float):
        return round(value, 9)
    if isinstance(value, (tuple, list)):
        return [_text(v) for v in value]
    return value


def _labels(page: services.ClubPage) -> dict[str, str]:
    """Each game's token by what it is: its evening, round and table."""
    found = {}
    for evening in page.evenings:
        loaded = evenings.load(evening.token)
        for (round_, table), game in loaded.games.items():
            found[game.token] = f"{evening.name} {round_}:{table}"
    return found


def _season(page: services.ClubPage, rule: seasons.SeasonRule) -> dict[str, Any]:
    held, rows = services.season_of(page, rule)
    return {
        "evenings": [[e.name, e.provisional] for e in held],
        "rows": [
            [
                row.name,
                row.place,
                row.shared,
                _text(row.points),
                row.evenings,
                row.counted,
                [None if at is None else _text(at) for at in row.by_evening],
                list(row.counts),
            ]
            for row in rows
        ],
        "left out": [e.name for e in services.left_out_of(page)],
    }


def _ratings(page: services.ClubPage, labels: dict[str, str]) -> dict[str, Any]:
    names = page.names()
    ratings = services.ratings_of(page)
    return {
        names[member]: {
            "now": [rating.shown, rating.plus_minus, rating.games],
            "exact": _text([rating.mu, rating.sigma]),
            "steps": [
                [labels[str(step.game)], step.before.shown, step.after.shown]
                for step in ratings.history.get(member, [])
            ],
        }
        for member, rating in sorted(ratings.now.items(), key=lambda item: names[item[0]])
    }


def _player(page: services.ClubPage, member: int, labels: dict[str, str]) -> dict[str, Any]:
    names = page.names()
    story = services.story_of(page, member)
    evening_of = services.evenings_of_games(page)
    return {
        "games": [
            [labels[str(g.key)], evening_of[str(g.key)].name, side, _text(g.totals), g.places]
            for g, side in story.games
        ],
        "wins": story.wins,
        "finished": story.finished,
        "average place": _text(story.average_place),
        "average score": _text(story.average_score),
        "meetings": [[names[m.other], m.games, m.above, m.level, m.below] for m in story.meetings],
        "stats": [
            [
                table.kind,
                table.games,
                [[str(row.label), _text(row.cells)] for row in table.rows],
            ]
            for table in services.stats_of(page, member)
        ],
    }


def numbers(club: services.LoadedClub, page: services.ClubPage | None = None) -> dict[str, Any]:
    """Every number of the club's pages (see the module's docstring), of ``page`` when given
    (the club as something else derived it)."""
    page = page or services.page_of(club)
    labels = _labels(page)
    found: dict[str, Any] = {
        "season": {f"{r.rule} {r.n} {r.absence}": _season(page, r) for r in RULES},
        "ratings": _ratings(page, labels),
        "stored seasons": {},
        "players": {
            entry.name: _player(page, entry.id, labels)
            for entry in page.entries
            if entry.merged_into is None
        },
    }
    for stored in services.seasons_of(club):
        held = services.in_season(page, stored)
        found["stored seasons"][stored.name] = {
            "table": _season(held, stored.rule),
            "ratings": _ratings(held, labels),
        }
    return found


#: The clubs of the fixture, by their seed.
SEEDS = (1, 2, 3)


def main() -> int:
    import tempfile

    from scorekeeper import create_app

    if sys.argv[1:] != ["--write"]:
        print(__doc__)
        return 2
    found = {}
    for seed in SEEDS:  # each in a database of its own, as each test has (ids from 1)
        with tempfile.TemporaryDirectory() as tmp:
            url = f"sqlite:///{tmp}/numbers.sqlite3"
            app = create_app({"SECRET_KEY": "numbers", "DATABASE_URL": url})
            with app.app_context():
                found[str(seed)] = numbers(seed_club(seed))
    text = json.dumps(found, ensure_ascii=False, separators=(",", ":"))
    FIXTURE.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
