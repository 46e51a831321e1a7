"""Derived, then kept by what it derives from (issue 33, :mod:`scorekeeper.clubs.kept`): a deal
in tonight's game works out tonight's evening again, never the club's years; a correction of
an old game is what working everything out anew gives; what is kept equals what is rebuilt
from the log after any deals, corrections, merges and imports; the version moves with every
write that changes the club's pages and with nothing else."""

from __future__ import annotations

import random
from typing import Any

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import seasons
from scorekeeper.cli import main
from scorekeeper.clubs import kept as keeping
from scorekeeper.clubs import services, writes
from scorekeeper.data import models
from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.games.events import Event
from scorekeeper.games.game import Game
from scorekeeper.table import services as games
from scorekeeper.table import store
from tests.clubs import page_numbers
from tests.clubs.big_club import club_record, deals

RULES = page_numbers.RULES


def _tonight(club: services.LoadedClub, tables: int = 4, hide: int = 0) -> list[str]:
    """Tonight's evening of the club's first members, its round started: its games' tokens."""
    members = [e.id for e in services.page_of(club).members][: 3 * tables]
    made = services.new_evening(
        club,
        members,
        [],
        {
            "name": "Tonight",
            "kind": "bismarck",
            "rounds": 1,
            "scoring": "totals",
            "settings": {"variant": "modern"},
            "hide_last": hide,
        },
        "test",
    )
    loaded = evenings.start_round(made, 1, anyway=True)
    return [t.game.token for t in loaded.tables(1) if t.game is not None]


def _play(token: str, events: list[Event]) -> games.LoadedGame:
    game = games.load(token)
    for event in events:
        written = games.enter(game, event, game.seq)
        assert isinstance(written, games.LoadedGame), written
        game = written
    return game


def _correct_first_deal(token: str) -> None:
    game = games.load(token)
    deal = game.state.deals[0]
    tricks = list(deal.tricks)
    turned = [tricks[1], tricks[2], tricks[0]]
    trump = None if deal.trump is None else deal.trump.value
    data = {"deal": 1, "contract": deal.contract.value, "trump": trump, "tricks": turned}
    _play(token, [Event("correct", data)])


def _correct_a_place(token: str) -> None:
    """A correction of one of the game's deals that changes its final places (its outcome as
    the ratings read it)."""
    game = games.load(token)
    rules = game.rules
    places = rules.scoreboard(game.state).places()
    for deal in game.state.deals:
        for turn in (1, 2):
            tricks = [deal.tricks[(seat + turn) % 3] for seat in range(3)]
            trump = None if deal.trump is None else deal.trump.value
            data = {"deal": deal.number, "contract": deal.contract.value, "trump": trump}
            event = Event("correct", {**data, "tricks": tricks})
            after = rules.apply(game.played, event).state
            if rules.scoreboard(after).places() != places:
                _play(token, [event])
                return
    raise AssertionError("no correction of one deal changes this game's places")


def _anew(club: services.LoadedClub) -> dict[str, Any]:
    """Every number of the club's pages as a process that keeps nothing works them out (what
    this process keeps is left as it is: the next step goes on from it)."""
    anew = keeping.from_log(db.session, club)
    page = services.ClubPage(club, list(anew.entries), list(anew.evenings), anew)
    return page_numbers.numbers(club, page)


class Replays:
    """Counts the games replayed from their logs (any game, any layer)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch):
        self.count = 0
        replay = Game.replay

        def counted(game: Any, *args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return replay(game, *args, **kwargs)

        monkeypatch.setattr(Game, "replay", counted)


@pytest.mark.slow
def test_a_season_page_after_one_deal_replays_at_most_tonights_games(app, client, monkeypatch):
    with app.app_context():
        club = services.import_club(club_record(300), "4711", ["bismarck"], "test")
        tonight = _tonight(club)
        events = deals(random.Random(7))
        for token in tonight:
            _play(token, events[:2])
    assert client.get(f"/c/{club.token}/season").status_code == 200
    before = client.get(f"/c/{club.token}/season").get_data(as_text=True)
    replays = Replays(monkeypatch)
    with app.app_context():
        _play(tonight[0], events[2:4])  # one deal, by this process
    after = client.get(f"/c/{club.token}/season").get_data(as_text=True)
    assert after != before
    assert replays.count == 0  # the game written here was kept at its new position
    with app.app_context():
        _play(tonight[1], events[2:4])  # one deal, by another process of the same server:
    store.REPLAYS.clear()  # this one has not seen tonight's games at all
    replays.count = 0
    assert client.get(f"/c/{club.token}/season").status_code == 200
    assert 0 < replays.count <= len(tonight)
    # And every rule's table, the projector, a stored season, a player's page likewise: each
    # seen once before (a player's page reads their finished games' states the first time).
    with app.app_context():
        member = services.page_of(club).members[0].id
        season = services.seasons_of(club)[0].id
    queries = [
        f"season?rule={r.rule}&absence={r.absence}" + (f"&n={r.n}" if r.n else "") for r in RULES
    ]
    urls = [f"/c/{club.token}/{url}".rstrip("/") for url in (*queries, "season/screen")]
    urls += [f"/c/{club.token}/{url}".rstrip("/") for url in (f"s/{season}", f"p/{member}", "")]
    for url in urls:
        assert client.get(url).status_code == 200
    with app.app_context():
        _play(tonight[2], events[2:4])
    replays.count = 0
    for url in urls:
        assert client.get(url).status_code == 200
    assert replays.count == 0


def test_a_correction_of_an_old_game_is_what_working_everything_out_anew_gives(app):
    with app.app_context():
        club = services.import_club(club_record(120), "4711", ["bismarck"], "test")
        tonight = _tonight(club, tables=2)
        _play(tonight[0], deals(random.Random(3)))  # a game of tonight ends: rated
        kept_before = page_numbers.numbers(club)
        oldest = evenings.load(services.page_of(club).evenings[-1].token).games[1, 1]
        _correct_a_place(oldest.token)
        kept = page_numbers.numbers(club)
        assert kept != kept_before  # the correction moved the tables and the ratings
        assert kept == _anew(club)


def test_ratings_run_on_from_the_game_that_changed(app, monkeypatch):
    """A game that ends tonight is rated alone; a correction of the oldest game rates every
    game from it on, once."""
    with app.app_context():
        club = services.import_club(club_record(40), "4711", ["bismarck"], "test")
        tonight = _tonight(club, tables=2)
        services.ratings_of(services.page_of(club))
        rated: list[Any] = []
        rate = seasons.ratings._Rater.rate
        monkeypatch.setattr(
            seasons.ratings._Rater,
            "rate",
            lambda self, game, sides: (rated.append(game.key), rate(self, game, sides))[1],
        )
        _play(tonight[0], deals(random.Random(3)))
        services.ratings_of(services.page_of(club))
        assert rated == [tonight[0]]
        rated.clear()
        oldest = evenings.load(services.page_of(club).evenings[-1].token).games[1, 1]
        _correct_a_place(oldest.token)
        services.ratings_of(services.page_of(club))
        assert rated[0] == oldest.token and len(rated) == len(set(rated)) == 41
        rated.clear()
        services.ratings_of(services.page_of(club))
        assert rated == []
        _tonight(
            club, tables=1
        )  # a new evening: the ratings of the club's games go on as they were
        services.ratings_of(services.page_of(club))
        assert rated == []


# --- what is kept equals what is rebuilt --------------------------------------------------------

STEPS = st.lists(
    st.sampled_from(["deal", "deal", "deal", "correct", "merge", "reveal", "import", "view"]),
    min_size=1,
    max_size=7,
)


class Club:
    """A small club changed step by step as its pages change it."""

    def __init__(self, draw: random.Random):
        self.draw = draw
        self.club = services.import_club(club_record(16, members=14), "4711", ["bismarck"], "t")
        self.tonight = _tonight(self.club, tables=2, hide=1)
        self.events = {token: deals(draw) for token in self.tonight}

    def step(self, step: str) -> None:
        getattr(self, step)()

    def deal(self) -> None:
        token = self.draw.choice(self.tonight)
        game = games.load(token)
        if game.seq < len(self.events[token]):
            _play(token, self.events[token][game.seq : game.seq + 2])

    def correct(self) -> None:
        listed = services.page_of(self.club).evenings
        evening = evenings.load(self.draw.choice(listed[2:]).token)
        _correct_first_deal(self.draw.choice(list(evening.games.values())).token)

    def merge(self) -> None:
        active = [e.id for e in services.page_of(self.club).members]
        if len(active) > 4:
            keep, gone = self.draw.sample(active, 2)
            services.merge_members(self.club, keep, gone, "t")

    def reveal(self) -> None:
        loaded = evenings.load(services.page_of(self.club).evenings[0].token)
        evenings.reveal(loaded, len(loaded.setup.players))

    def import_(self) -> None:
        """The club's own export imported: a new club whose kept pages are what it rebuilds,
        and say what this one's say (when none of its standings are hidden: an imported
        evening is of no club and hides nothing)."""
        copy = services.import_club(services.record_of(self.club), "4711", ["bismarck"], "t")
        assert page_numbers.numbers(copy) == _anew(copy)
        if not services.left_out_of(services.page_of(self.club)):
            assert _normal(page_numbers.numbers(copy)) == _normal(page_numbers.numbers(self.club))

    def view(self) -> None:
        page_numbers.numbers(self.club)


def _normal(numbers: dict[str, Any]) -> dict[str, Any]:
    """The numbers with each member's meetings by name (a club's member ids say the order of
    meetings as many games long, and an imported club's ids are its own)."""
    for player in numbers["players"].values():
        player["meetings"].sort()
    return numbers


@settings(
    max_examples=6,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@pytest.mark.slow
@given(STEPS, st.randoms(use_true_random=False))
def test_what_is_kept_equals_what_is_rebuilt_after_any_changes(app, steps, draw):
    with app.app_context():
        club = Club(draw)
        page_numbers.numbers(club.club)  # kept from here on
        for step in steps:
            club.step("import_" if step == "import" else step)
            services.keep_derived()
            assert page_numbers.numbers(club.club) == _anew(club.club), step


# --- kept in the database, and rebuilt ---------------------------------------------------------


def _kept_rows(club: services.LoadedClub) -> dict[int, str]:
    rows = db.session.execute(
        sa.select(models.KeptEvening.evening_id, models.KeptEvening.key)
        .join(models.ClubEvening, models.ClubEvening.evening_id == models.KeptEvening.evening_id)
        .where(models.ClubEvening.club_id == club.id)
    )
    return {row.evening_id: row.key for row in rows}


def test_settled_evenings_are_kept_in_the_database_and_read_by_a_new_process(app, monkeypatch):
    with app.app_context():
        club = services.import_club(club_record(40), "4711", ["bismarck"], "test")
        tonight = _tonight(club, tables=2)
        _play(tonight[0], deals(random.Random(1))[:4])  # in play: not kept
        numbers = page_numbers.numbers(club)
        services.keep_derived()
        kept = _kept_rows(club)
        listed = services.page_of(club).evenings
        assert set(kept) == {e.id for e in listed[1:]}  # all but tonight's
        keeping.forget()  # a new process
        store.REPLAYS.clear()
        replays = Replays(monkeypatch)
        page = services.page_of(club)
        for rule in RULES:
            services.season_of(page, rule)
        services.ratings_of(page)
        services.story_of(page, page.members[0].id)
        assert replays.count == len(tonight)  # the evening in play, never the kept ones
        assert page_numbers.numbers(club) == numbers


def test_a_row_kept_from_another_log_is_derived_again(app):
    """A correction of a kept evening's game (by another process: this one forgot) and a kept
    row of an older form are not read as they are."""
    with app.app_context():
        club = services.import_club(club_record(12), "4711", ["bismarck"], "test")
        numbers = page_numbers.numbers(club)
        services.keep_derived()
        oldest = services.page_of(club).evenings[-1]
        before = _kept_rows(club)[oldest.id]
        _correct_first_deal(evenings.load(oldest.token).games[1, 1].token)
        keeping.forget()
        corrected = page_numbers.numbers(club)
        assert corrected != numbers and corrected == _anew(club)
        services.keep_derived()
        assert _kept_rows(club)[oldest.id] != before
        db.session.execute(sa.update(models.KeptEvening).values(key="[0]"))
        db.session.commit()
        keeping.forget()
        assert page_numbers.numbers(club) == corrected


def test_club_rebuild_throws_away_what_is_kept_and_derives_it_again(app, runner):
    with app.app_context():
        club = services.import_club(club_record(12), "4711", ["bismarck"], "test")
        numbers = page_numbers.numbers(club)
        services.keep_derived()
        kept = _kept_rows(club)
        db.session.execute(sa.update(models.KeptEvening).values(facts={}, record=""))
        db.session.commit()
    result = runner.invoke(main, ["club", "rebuild", f"http://example.org/c/{club.token}"])
    assert result.exit_code == 0, result.output
    assert "3 evenings derived again from their games" in result.output
    with app.app_context():
        assert _kept_rows(club) == kept
        rows = db.session.execute(sa.select(models.KeptEvening.record)).scalars().all()
        assert all(rows)
        keeping.forget()
        assert page_numbers.numbers(club) == numbers
    assert runner.invoke(main, ["club", "rebuild", "--all"]).exit_code == 0
    unknown = runner.invoke(main, ["club", "rebuild", "nope"])
    assert unknown.exit_code == 1 and "There is no club 'nope'" in unknown.output
    assert runner.invoke(main, ["club", "rebuild"]).exit_code == 2


@pytest.mark.parametrize("token", ["a\x00b", "a\nb", "x" * 65, "~pending", "Ａｂｃ"])
def test_club_rebuild_reads_only_a_tokens_letters(app, runner, token, monkeypatch):
    """A token no club can have (a NUL, which PostgreSQL refuses in a query, a line break,
    too long, a pending import's, another script's letters) is no club: nothing asked of the
    database."""
    asked = []
    monkeypatch.setattr(services, "load", lambda found: asked.append(found))
    result = runner.invoke(main, ["club", "rebuild", token])
    assert result.exit_code == 1 and "There is no club" in result.output
    assert asked == []


def test_club_rebuild_all_leaves_out_a_club_still_being_imported(app, runner):
    with app.app_context():
        club = services.import_club(club_record(4), "4711", ["bismarck"], "test")
        pending = services.create("Halfway", ["bismarck"], "4711", ["bismarck"], "test")
        db.session.execute(
            sa.update(models.Club)
            .where(models.Club.id == pending.id)
            .values(token="~" + pending.token)
        )
        db.session.commit()
    result = runner.invoke(main, ["club", "rebuild", "--all"])
    assert result.exit_code == 0, result.output
    assert club.name in result.output and "Halfway" not in result.output


def test_the_export_writes_the_kept_records_without_replaying(app, monkeypatch):
    with app.app_context():
        club = services.import_club(club_record(40), "4711", ["bismarck"], "test")
        first = services.record_of(club)
        services.keep_derived()
        replays = Replays(monkeypatch)
        assert services.record_of(club) == first
        assert replays.count == 0
        keeping.forget()
        db.session.execute(sa.delete(models.KeptEvening))
        db.session.commit()
        assert services.record_of(club) == first  # derived again from the log: the same


# --- the club's version ---------------------------------------------------------------------------


def _versions(club: services.LoadedClub) -> tuple[int, dict[int, int]]:
    version = db.session.execute(
        sa.select(models.Club.version).where(models.Club.id == club.id)
    ).scalar_one()
    evenings_ = db.session.execute(
        sa.select(models.ClubEvening.evening_id, models.ClubEvening.version).where(
            models.ClubEvening.club_id == club.id
        )
    )
    db.session.commit()
    return version, {evening: at for evening, at in evenings_}


def test_every_write_that_changes_the_clubs_pages_moves_its_version(app):
    with app.app_context():
        club = services.import_club(club_record(8), "4711", ["bismarck"], "test")
        other = services.import_club(club_record(8), "4711", ["bismarck"], "test")
        alone = games.create("bismarck", deals_setup())
        start, _listed = _versions(club)
        tonight = _tonight(club, tables=1, hide=1)  # an organiser action, a round started
        version, listed = _versions(club)
        evening = services.page_of(club).evenings[0].id
        assert version > start and listed[evening] == version
        _play(tonight[0], deals(random.Random(2))[:2])  # two entries of a game of the club
        moved, listed = _versions(club)
        assert moved == version + 2 and listed[evening] == moved
        assert max(v for e, v in listed.items() if e != evening) < version
        loaded = evenings.load(services.page_of(club).evenings[0].token)
        evenings.reveal(loaded, 1)
        revealed, listed = _versions(club)
        assert revealed == moved + 1 and listed[evening] == revealed
        elsewhere = _versions(other)
        _play(alone.token, deals(random.Random(2))[:2])  # a game of no club
        services.add_member(other, "Someone", "test")  # another club's register
        assert _versions(club) == (revealed, listed)
        assert _versions(other)[0] == elsewhere[0] + 1


def test_a_club_write_rolled_back_leaves_nothing_kept_at_the_version_it_took_back(app):
    """A club's write moves the version first, in its transaction; whatever is read of the
    club inside it is not kept, so a write rolled back (refused) leaves no process believing
    in the club at that version, which the next write makes again with something else."""
    with app.app_context():
        club = services.import_club(club_record(8), "4711", ["bismarck"], "test")
        services.page_of(club)  # known at the version now
        with pytest.raises(RuntimeError), writes.club_write(db.session, club):
            inside = services.page_of(club)  # the club at the write's version
            assert "Newcomer" not in [e.name for e in inside.entries]
            raise RuntimeError("refused")
        services.add_member(club, "Newcomer", "test")  # the same version number, committed
        assert "Newcomer" in [e.name for e in services.page_of(club).entries]


def test_a_version_taken_back_is_read_anew(app):
    """A club whose version is lower than the one this process knows (its database restored
    from a backup made before tonight's last deals, while the process ran) is read again
    whole, not gone on from: nothing marked changed since the later version is no news."""
    with app.app_context():
        club = services.import_club(club_record(8), "4711", ["bismarck"], "test")
        tonight = _tonight(club, tables=1)
        _play(tonight[0], deals(random.Random(2))[:2])
        version, listed = _versions(club)
        before = page_numbers.numbers(club)
        _play(tonight[0], deals(random.Random(2))[2:4])
        assert page_numbers.numbers(club) != before  # known at the later version
        # The backup's database: the last two entries gone, the versions as they were.
        game = games.load(tonight[0])
        db.session.execute(
            sa.delete(models.Event).where(models.Event.game_id == game.id, models.Event.seq >= 2)
        )
        db.session.execute(
            sa.update(models.Club).where(models.Club.id == club.id).values(version=version)
        )
        for evening, at in listed.items():
            db.session.execute(
                sa.update(models.ClubEvening)
                .where(models.ClubEvening.evening_id == evening)
                .values(version=at)
            )
        db.session.commit()
        assert page_numbers.numbers(club) == before


def deals_setup() -> Any:
    from scorekeeper.games.registry import game_for

    return game_for("bismarck").parse_setup(
        {"players": ["Anna", "Ben", "Carla"], "first_dealer": 0, "variant": "modern"}
    )
