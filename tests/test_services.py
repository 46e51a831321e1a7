"""The services without Flask: no app, no request, no test client — a SQLAlchemy session on an
SQLite file made from the models. Worked examples of what a write comes to (recorded, refused,
beaten by another phone, the same entry from another phone), a correction, an undo, playing
again, an import, and starting an evening's round."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy import orm

from scorekeeper.data.models import Model
from scorekeeper.evenings import services as evenings
from scorekeeper.evenings.setup import EveningSetup
from scorekeeper.games import bismarck, klaberjass
from scorekeeper.games.events import Event, RuleError
from scorekeeper.records import RecordError
from scorekeeper.table import services, store

PLAYERS = ("Anna", "Ben", "Carla")


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[sa.Engine]:
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'services.sqlite3'}")
    Model.metadata.create_all(engine)
    yield engine
    engine.dispose()


@pytest.fixture
def session(engine: sa.Engine) -> Iterator[orm.Session]:
    with orm.Session(engine, expire_on_commit=False) as session:
        yield session


@pytest.fixture
def other_phone(engine: sa.Engine) -> Iterator[orm.Session]:
    """A second phone's request: its own session on the same database."""
    with orm.Session(engine, expire_on_commit=False) as session:
        yield session


@contextmanager
def statements(engine: sa.Engine) -> Iterator[list[str]]:
    seen: list[str] = []

    def note(_conn, _cursor, statement, *_args) -> None:
        seen.append(statement.split()[0].upper())

    sa.event.listen(engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        sa.event.remove(engine, "before_cursor_execute", note)


def announce(deal: int, contract: str = "sang", trump: str | None = None) -> Event:
    return Event("announce", {"deal": deal, "contract": contract, "trump": trump})


def tricks(deal: int, *taken: int) -> Event:
    return Event("record", {"deal": deal, "tricks": list(taken)})


def new_game(session: orm.Session) -> services.LoadedGame:
    return services.create("bismarck", bismarck.Setup(PLAYERS), session=session)


def stored(session: orm.Session, token: str) -> tuple[Event, ...]:
    """The log as the database has it (not this process's cache)."""
    store.REPLAYS.clear()
    return services.load(token, session=session).events


def test_a_write_folds_one_event_and_inserts_one_row(engine, session):
    game = new_game(session)
    with statements(engine) as seen:
        written = services.enter(game, announce(1), 0, about=1, session=session)
    assert isinstance(written, services.LoadedGame)
    assert written.seq == 1 and written.state.announced.contract is bismarck.Contract.SANG
    assert seen == ["INSERT"]  # no re-load, no re-read of the log
    assert services.load(game.token, session=session) is written  # kept at (token, 1)
    assert stored(session, game.token) == (announce(1),)


def test_an_entry_that_becomes_its_event_against_the_game_as_loaded(session):
    game = services.create("klaberjass", klaberjass.Setup(("Anna", "Ben")), session=session)

    class ThrownIn:
        def event(self, game: services.LoadedGame) -> Event:
            assert game.setup.players == ("Anna", "Ben")
            return Event("hand", {"number": game.state.current_hand, "thrown_in": True})

    written = services.enter(game, ThrownIn(), 0, about=1, session=session)
    assert isinstance(written, services.LoadedGame)
    assert stored(session, game.token) == (Event("hand", {"number": 1, "thrown_in": True}),)


def test_a_refused_entry_says_which_field_and_stores_nothing(session):
    game = services.enter(new_game(session), announce(1), 0, about=1, session=session)
    assert isinstance(game, services.LoadedGame)
    refused = services.enter(game, tricks(1, 8, 8), 1, about=1, session=session)
    assert isinstance(refused, services.Refused)
    assert refused.error.field == "tricks" and refused.game is game
    assert stored(session, game.token) == (announce(1),)


def test_an_entry_that_cannot_become_an_event_is_refused_before_anything_is_written(session):
    game = new_game(session)

    class Unreadable:
        def event(self, game: services.LoadedGame) -> Event:
            raise RuleError("Enter the tricks of all three players.", field="tricks")

    refused = services.enter(game, Unreadable(), 0, about=1, session=session)
    assert isinstance(refused, services.Refused) and refused.error.field == "tricks"
    assert stored(session, game.token) == ()


def test_another_phone_first_about_the_same_deal_is_a_conflict_with_the_game_as_it_is_now(
    session, other_phone
):
    game = new_game(session)  # both phones have the page at log position 0
    assert isinstance(
        services.enter(game, announce(1, "pass"), 0, about=1, session=session), services.LoadedGame
    )
    beaten = services.enter(game, announce(1, "sang"), 0, about=1, session=other_phone)
    assert isinstance(beaten, store.Conflict)
    assert beaten.current.seq == 1 and beaten.based_on == 0
    assert [entry.deal for entry in beaten.new_events] == [1]
    assert stored(session, game.token) == (announce(1, "pass"),)


def test_the_same_entry_from_another_phone_is_no_conflict(session, other_phone):
    game = new_game(session)
    services.enter(game, announce(1, "spader"), 0, about=1, session=session)
    again = services.enter(game, announce(1, "spader"), 0, about=1, session=other_phone)
    assert isinstance(again, services.AlreadyEntered)
    assert again.game.seq == 1
    assert stored(session, game.token) == (announce(1, "spader"),)


def test_an_entry_goes_on_top_of_what_was_written_since_about_another_deal(session, other_phone):
    game = services.enter(new_game(session), announce(1), 0, about=1, session=session)
    game = services.enter(game, tricks(1, 4, 10, 2), 1, about=1, session=session)
    assert isinstance(game, services.LoadedGame)  # both phones now show deal 2 (seq 2)
    fixed = Event("correct", {"deal": 1, "contract": "sang", "trump": None, "tricks": [5, 9, 2]})
    corrected = services.correct(
        game, fixed, 2, deals=[1], was=services.fingerprint(game, [1]), session=session
    )
    assert isinstance(corrected, services.LoadedGame) and corrected.seq == 3
    on_top = services.enter(game, announce(2, "pass"), 2, about=2, session=other_phone)
    assert isinstance(on_top, services.LoadedGame)
    assert on_top.seq == 4 and on_top.events[2:] == (fixed, announce(2, "pass"))
    # Not so an entry about no single deal (an undo, a correction of several): it conflicts.
    assert isinstance(services.enter(game, announce(2), 2, session=other_phone), store.Conflict)


def test_a_correction_goes_on_top_unless_its_deal_changed_while_the_form_was_open(session):
    game = services.enter(new_game(session), announce(1), 0, about=1, session=session)
    game = services.enter(game, tricks(1, 4, 10, 2), 1, about=1, session=session)
    assert isinstance(game, services.LoadedGame)
    was = services.fingerprint(game, [1])  # what the correction form was opened with
    other = Event("correct", {"deal": 1, "contract": "sang", "trump": None, "tricks": [6, 8, 2]})
    first = services.correct(game, other, 2, deals=[1], was=was, session=session)
    assert isinstance(first, services.LoadedGame)
    mine = Event("correct", {"deal": 1, "contract": "sang", "trump": None, "tricks": [5, 9, 2]})
    beaten = services.correct(game, mine, 2, deals=[1], was=was, session=session)
    assert isinstance(beaten, store.Conflict) and beaten.current.seq == 3
    assert services.fingerprint(beaten.current, [1]) != was
    refused = Event("correct", {"deal": 1, "contract": "sang", "trump": None, "tricks": [9, 9]})
    now = beaten.current
    said = services.correct(
        now, refused, 3, deals=[1], was=services.fingerprint(now, [1]), session=session
    )
    assert isinstance(said, services.Refused) and said.error.field == "tricks"
    assert stored(session, game.token)[2:] == (other,)


def test_undo_takes_back_the_last_action_as_the_page_said_it(session, other_phone):
    game = services.enter(new_game(session), announce(1), 0, about=1, session=session)
    assert isinstance(game, services.LoadedGame)
    assert isinstance(
        services.undo(new_game(session), 0, session=session), services.Refused
    )  # nothing to undo
    beaten = services.undo(game, 0, session=other_phone)  # its page showed the game at 0
    assert isinstance(beaten, store.Conflict) and beaten.current.seq == 1
    undone = services.undo(game, 1, session=session)
    assert isinstance(undone, services.LoadedGame)
    assert undone.state.phase == "announce" and undone.state.history[0].undone
    assert stored(session, game.token) == (announce(1), Event("undo"))


def test_a_step_that_writes_nothing_still_refuses_a_stale_game(session):
    game = services.enter(new_game(session), announce(1), 0, about=1, session=session)
    assert isinstance(game, services.LoadedGame)
    assert services.moved_on(game, 1, about=1) is None
    assert services.moved_on(game, 0, about=2) is None  # written since: about another deal
    assert isinstance(services.moved_on(game, 0, about=1), store.Conflict)
    assert isinstance(services.moved_on(game, 0), store.Conflict)
    assert isinstance(services.moved_on(game, 5, about=2), store.Conflict)  # not a position
    with pytest.raises(RuleError):
        services.trial(game, tricks(1, 8, 8))
    assert services.trial(game, tricks(1, 4, 10, 2)).seq == 2
    assert stored(session, game.token) == (announce(1),)  # a trial writes nothing


def test_play_again_is_one_game_with_the_next_dealer_however_many_phones_ask(session, other_phone):
    game = new_game(session)
    following = services.play_again(game, session=session)
    assert following.setup.players == PLAYERS and following.setup.first_dealer == 1
    assert following.seq == 0 and following.token != game.token
    assert services.play_again(game, session=other_phone).token == following.token
    count = session.scalar(sa.select(sa.func.count()).select_from(sa.table("game")))
    assert count == 2


def test_an_import_stores_the_whole_log_or_nothing(session):
    setup = bismarck.Setup(PLAYERS)
    with pytest.raises(RuleError):
        services.import_game("bismarck", setup, [tricks(1, 4, 10, 2)], [None], session=session)
    assert session.scalar(sa.select(sa.func.count()).select_from(sa.table("game"))) == 0
    log = [announce(1), tricks(1, 4, 10, 2)]
    game = services.import_game("bismarck", setup, log, [None, None], session=session)
    assert game.seq == 2 and game.state.current.number == 2
    assert stored(session, game.token) == tuple(log)


def test_starting_an_evenings_round_makes_its_tables_games_once(session, other_phone):
    setup = EveningSetup(
        name="Club night",
        kind="bismarck",
        players=("Anna", "Ben", "Carla", "Dan", "Eva", "Fred"),
        rounds=2,
        scoring="totals",
        settings={"variant": "classic"},
    )
    evening = evenings.create(setup, seed=5, session=session)
    refused = evenings.start_round(evening, 2, session=session)
    assert isinstance(refused, evenings.Refused)
    assert str(refused.error) == "Start round 1 first."
    started = evenings.start_round(evening, 1, session=session)
    assert isinstance(started, evenings.LoadedEvening)
    assert sorted(started.games) == [(1, 1), (1, 2)]
    for table in started.tables(1):
        assert table.game is not None
        game = services.load(table.game.token, "bismarck", session=session)  # an ordinary game
        assert game.setup.players == started.names(table.seats)
    # Round 1 is still being played at both tables:
    assert evenings.start_round(started, 2, session=session) == evenings.InPlay(1, 2, 2)
    # A phone with the evening as it was:
    again = evenings.start_round(evening, 1, session=other_phone)
    assert isinstance(again, evenings.AlreadyStarted)
    assert again.evening.games[1, 1].token == started.games[1, 1].token
    assert evenings.load(evening.token, session=session).started == 1


def test_an_evening_record_makes_the_same_evening_again_or_stores_nothing(session):
    setup = EveningSetup(
        name="Club night",
        kind="bismarck",
        players=("Anna", "Ben", "Carla"),
        rounds=1,
        scoring="totals",
        settings={},
    )
    started = evenings.start_round(
        evenings.create(setup, seed=3, session=session), 1, session=session
    )
    game = started.games[1, 1]
    entry = announce(1, "sang")
    assert isinstance(services.enter(game, entry, game.seq, session=session), services.LoadedGame)
    kept = evenings.record_of(evenings.load(started.token, session=session))

    again = evenings.import_record(kept.encode(), session=session)
    assert again.token != started.token and again.setup == setup
    assert again.plan.rounds == started.plan.rounds
    assert again.games[1, 1].events == (entry,)
    assert evenings.record_of(again) == kept  # the same record, table for table

    count = session.scalar(sa.select(sa.func.count()).select_from(Model.metadata.tables["game"]))
    with pytest.raises(RecordError):
        evenings.import_record(kept.replace('"sang"', '"tango"'), session=session)
    assert (
        session.scalar(sa.select(sa.func.count()).select_from(Model.metadata.tables["game"]))
        == count
    )
