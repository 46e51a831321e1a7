"""Backups (issue 16): ``scorekeeper backup`` writes every game, online and consistent, and
``scorekeeper restore`` brings them back into an empty database, each game at its own address
with a record identical byte for byte. Runs on SQLite and, in CI, on PostgreSQL."""

from __future__ import annotations

import json
import re
import stat
import threading
from datetime import datetime

import pytest
import sqlalchemy as sa

from scorekeeper import backup, create_app, models, store
from scorekeeper.cli import main
from scorekeeper.db import db
from scorekeeper.games import bismarck
from scorekeeper.games.events import Event
from tests.databases import close_connections, fresh_database
from tests.games.bismarck.examples import MODERN_GAME
from tests.web.bismarck.client import Table
from tests.web.klaberjass.client import HANDS as KLABERJASS_HANDS
from tests.web.klaberjass.client import KlaberjassTable
from tests.web.sviten.client import SvitenTable

SETTINGS = {"TESTING": True, "SECRET_KEY": "test"}


@pytest.fixture
def empty(tmp_path):
    """A second app on an empty database of the same kind (SQLite or PostgreSQL)."""
    folder = tmp_path / "restored"
    folder.mkdir()
    database = fresh_database(folder)
    app = create_app({**SETTINGS, "DATABASE_URL": next(database)})
    app.instance_path = str(folder)
    yield app
    close_connections(app)
    database.close()


@pytest.fixture
def games(client) -> list[str]:
    """Games of all three kinds, with what a real evening leaves in a log: corrections, undos,
    a game just started, one in play and finished ones."""
    bismarck_game = Table(client)
    bismarck_game.start(players=("Åsa", "Björn", "Cécile"))
    for number, (contract, trump, tricks) in enumerate(MODERN_GAME[:5], 1):
        assert bismarck_game.announce(number, contract, trump).status_code == 303
        assert bismarck_game.record(number, tricks).status_code == 303
    assert bismarck_game.post("undo").status_code == 303
    assert bismarck_game.record(5, MODERN_GAME[4][2]).status_code == 303
    corrected = {"deal": 2, "contract": "pass", "tricks_0": "6", "tricks_1": "8", "tricks_2": "2"}
    assert bismarck_game.post("deal/2/correct", **corrected).status_code == 303
    klaberjass = KlaberjassTable(client)
    klaberjass.start()
    klaberjass.play()
    assert (
        klaberjass.correct(3, {**KLABERJASS_HANDS[2], "card_points": [60, 60]}).status_code == 303
    )
    sviten = SvitenTable(client)
    sviten.start()
    sviten.play()
    fresh = Table(client)
    fresh.start()
    return [bismarck_game.url, klaberjass.url, sviten.url, fresh.url]


def record_bytes(app, url: str) -> bytes:
    response = app.test_client().get(f"{url}/record.json")
    assert response.status_code == 200, url
    return response.get_data()


def run(app, *args: str, input: bytes | None = None):
    """``scorekeeper ARGS`` on this app (its output: stdout and stderr as one, and apart)."""
    return app.test_cli_runner().invoke(main, list(args), input=input)


def rows(app) -> list[tuple]:
    """Every game and event as stored (ids left out: they may differ)."""
    with app.app_context():
        games = db.session.execute(
            sa.select(models.Game.id, models.Game.token, models.Game.kind, models.Game.setup,
                      models.Game.created_at).order_by(models.Game.id)
        ).all()  # fmt: skip
        events = db.session.execute(
            sa.select(models.Event.game_id, models.Event.seq, models.Event.kind,
                      models.Event.data, models.Event.created_at)
            .order_by(models.Event.game_id, models.Event.seq)
        ).all()  # fmt: skip
    tokens = {game.id: game.token for game in games}
    return [tuple(g[1:]) for g in games] + [(tokens[e[0]], *e[1:]) for e in events]


@pytest.mark.parametrize("name", ["club.backup", "club.backup.gz"])
def test_a_backup_of_every_kind_restores_byte_for_byte(app, empty, games, tmp_path, name):
    path = tmp_path / name
    made = run(app, "backup", str(path))
    assert made.exit_code == 0, made.output
    assert f"Backed up 4 games to {path}." in made.output
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # it holds every game's address
    assert (path.read_bytes()[:2] == b"\x1f\x8b") == name.endswith(".gz")

    restored = run(empty, "restore", str(path))
    assert restored.exit_code == 0, restored.output
    assert f"Restored 4 games from {path}." in restored.output
    for url in games:  # the same address, the same record, byte for byte
        assert record_bytes(empty, url) == record_bytes(app, url)
        assert empty.test_client().get(url).status_code == 200
    assert rows(empty) == rows(app)


def test_backup_to_stdout_and_restore_from_stdin(app, empty, games):
    made = run(app, "backup", "-")
    assert made.exit_code == 0, made.stderr
    lines = made.stdout.splitlines()
    assert json.loads(lines[0])["format"] == "scorekeeper-backup/1"
    assert json.loads(lines[-1]) == {"end": "scorekeeper-backup/1", "games": 4}
    record = json.loads(lines[1])["record"]
    assert record["format"] == "scorekeeper-record/1"  # each line's record is a record
    restored = run(empty, "restore", "-", input=made.stdout.encode())
    assert restored.exit_code == 0, restored.output
    for url in games:
        assert record_bytes(empty, url) == record_bytes(app, url)


def test_restore_refuses_a_database_that_holds_games(app, games, tmp_path):
    path = tmp_path / "club.backup"
    run(app, "backup", str(path))
    before = rows(app)
    result = run(app, "restore", str(path))
    assert result.exit_code == 1
    assert "The database already holds 4 games: restore into an empty one" in result.output
    assert rows(app) == before


def backup_lines(app, tmp_path) -> list[str]:
    path = tmp_path / "club.backup"
    assert run(app, "backup", str(path)).exit_code == 0
    return path.read_text(encoding="utf-8").splitlines(keepends=True)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda lines: lines[:-1], "the backup is cut short (it has no end line)"),
        (lambda lines: lines[:2] + lines[-1:], "line 3: the end line says 4 games"),
        (lambda lines: [lines[0], lines[1][:100] + "\n", *lines[2:]], "line 2: not a line of a"),
        (lambda lines: [lines[0], lines[1], lines[1], *lines[2:]], "is in the backup twice"),
        (lambda lines: lines[1:], "line 1: not a Scorekeeper backup"),
        (lambda lines: [], "line 1: not a Scorekeeper backup"),
        (lambda lines: [*lines, "{}\n"], "nothing may follow the end line"),
        (lambda lines: [lines[0], "[1, 2]\n", *lines[2:]], "line 2: a game's line is a JSON"),
        (lambda lines: [lines[0], lines[1].replace('"token":"', '"token":"../', 1), *lines[2:]],
         "line 2: token must be a game's address"),
        (lambda lines: [lines[0], re.sub(r'"created_at":"([^"]+)Z"', r'"created_at":"\1+02:00Z"',
                                         lines[1], count=1), *lines[2:]],
         "created_at must be a time like"),
    ],
)  # fmt: skip
def test_a_damaged_backup_is_refused_and_nothing_is_stored(
    app, empty, games, tmp_path, damage, message
):
    damaged = tmp_path / "damaged.backup"
    damaged.write_text("".join(damage(backup_lines(app, tmp_path))), encoding="utf-8")
    result = run(empty, "restore", str(damaged))
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert rows(empty) == []


def test_a_record_that_breaks_a_rule_names_its_line_and_game(app, empty, games, tmp_path):
    lines = backup_lines(app, tmp_path)
    line = json.loads(lines[1])
    line["record"]["history"][2]["data"]["tricks"] = [9, 9, 9]
    lines[1] = json.dumps(line) + "\n"
    damaged = tmp_path / "damaged.backup"
    damaged.write_text("".join(lines), encoding="utf-8")
    result = run(empty, "restore", str(damaged))
    assert result.exit_code == 2
    assert f"line 2 (game {line['token']}): " in result.output
    assert rows(empty) == []


def test_backup_and_restore_speak_swedish(app, empty, games, tmp_path):
    """Every line they print, a record's own problems included, in the terminal's language."""
    path = tmp_path / "club.backup"
    made = run(app, "backup", "--lang", "sv", str(path))
    assert made.exit_code == 0, made.output
    assert f"Säkerhetskopierade 4 spel till {path}." in made.output
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    line = json.loads(lines[1])
    line["record"]["history"][2]["data"]["tricks"] = [9, 9, 9]
    damaged = tmp_path / "damaged.backup"
    damaged.write_text("".join([lines[0], json.dumps(line) + "\n", *lines[2:]]), "utf-8")
    refused = run(empty, "restore", "--lang", "sv", str(damaged))
    assert refused.exit_code == 2
    said = refused.output.strip()
    assert said.startswith(f"{damaged}: rad 2 (spel {line['token']}): historikpost 3: "), said
    assert "okänt fält" in said
    assert run(empty, "restore", "--lang", "sv", str(path)).output.startswith(
        f"Återställde 4 spel från {path}."
    )
    again = run(empty, "restore", "--lang", "sv", str(path))
    assert again.exit_code == 1
    assert "Databasen innehåller redan 4 spel" in again.output


def test_binary_junk_is_refused(empty, tmp_path):
    junk = tmp_path / "junk.backup"
    junk.write_bytes(b"\xff\xfe\x00garbage")
    result = run(empty, "restore", str(junk))
    assert result.exit_code == 2 and "not a readable backup" in result.output
    missing = run(empty, "restore", str(tmp_path / "nowhere.backup"))
    assert missing.exit_code == 1 and "Cannot read" in missing.output


def test_games_this_version_cannot_replay_are_kept_as_stored(app, empty, tmp_path):
    """A game of a kind this version does not know, and a log its rules now refuse: backed up
    and restored exactly as stored, not lost."""
    at = datetime(2026, 5, 1, 19, 30, 0, 123456)
    with app.app_context():
        plugin = models.Game(token="plugin-game", kind="tally", setup={"players": ["A"]},
                             created_at=at)  # fmt: skip
        legacy = models.Game(token="legacy-game", kind="bismarck",
                             setup=bismarck.Setup(("Anna", "Ben", "Carla")).to_dict(),
                             created_at=at)  # fmt: skip
        db.session.add_all([plugin, legacy])
        db.session.flush()
        db.session.add_all([
            models.Event(game_id=plugin.id, seq=0, kind="add", data={"n": 3}, created_at=at),
            models.Event(game_id=legacy.id, seq=0, kind="record",
                         data={"deal": 1, "tricks": [9, 9, 9]}, created_at=at),
        ])  # fmt: skip
        db.session.commit()
    path = tmp_path / "club.backup"
    made = run(app, "backup", str(path))
    assert made.exit_code == 0, made.output
    assert "2 of them are kept as stored, not as records" in made.output
    restored = run(empty, "restore", str(path))
    assert restored.exit_code == 0, restored.output
    assert "(tally) were restored as stored" in restored.output
    assert rows(empty) == rows(app)


def test_an_online_backup_is_consistent_while_phones_write(app, empty, tmp_path):
    """Phones keep writing while the backup runs: every game in it is whole (its log replays),
    and it restores."""
    setup = bismarck.Setup(("Anna", "Ben", "Carla"))
    events = [
        event
        for number, (contract, trump, tricks) in enumerate(MODERN_GAME, 1)
        for event in (
            Event("announce", {"deal": number, "contract": contract, "trump": trump}),
            Event("record", {"deal": number, "tricks": list(tricks)}),
        )
    ]
    with app.app_context():
        tokens = [store.create_game(db.session, bismarck.KIND, setup).token for _ in range(6)]
    stop = threading.Event()

    def phones() -> None:
        for position, event in enumerate(events):
            for token in tokens:
                if stop.is_set():
                    return
                with app.app_context():
                    game = store.load(db.session, token)
                    store.append(db.session, game, event, position)

    writer = threading.Thread(target=phones)
    writer.start()
    try:
        backups = []
        for number in range(5):
            path = tmp_path / f"during-{number}.backup"
            result = run(app, "backup", str(path))
            assert result.exit_code == 0, result.output
            backups.append(path)
    finally:
        stop.set()
        writer.join(60)
    sizes = set()
    for path in backups:
        games = list(backup.read(path.read_text(encoding="utf-8").splitlines()))  # replays each
        assert [g.token for g in games] == tokens
        sizes.add(sum(len(g.events) for g in games))
    assert len(sizes) > 1 or sizes == {len(events) * len(tokens)}  # taken while the log grew
    restored = run(empty, "restore", str(backups[-1]))
    assert restored.exit_code == 0, restored.output


def test_operators_without_auto_migrate_upgrade_then_restore(app, games, tmp_path):
    path = tmp_path / "club.backup"
    run(app, "backup", str(path))
    folder = tmp_path / "manual"
    folder.mkdir()
    database = fresh_database(folder)
    manual = create_app({**SETTINGS, "DATABASE_URL": next(database), "AUTO_MIGRATE": False})
    try:
        refused = run(manual, "restore", str(path))
        assert refused.exit_code == 1
        assert "AUTO_MIGRATE is off: run “scorekeeper db upgrade”" in refused.output
        assert run(manual, "db", "current").exit_code == 0
        upgraded = run(manual, "db", "upgrade")
        assert upgraded.exit_code == 0, upgraded.output
        current = run(manual, "db", "current")
        assert current.exit_code == 0 and "(head)" in current.output
        restored = run(manual, "restore", str(path))
        assert restored.exit_code == 0, restored.output
        for url in games:
            assert record_bytes(manual, url) == record_bytes(app, url)
    finally:
        close_connections(manual)
        database.close()


def test_a_backup_that_cannot_be_written_says_so(app, games, tmp_path):
    result = run(app, "backup", str(tmp_path / "no-such-folder" / "club.backup"))
    assert result.exit_code == 1
    assert "Cannot write" in result.output
    assert not any(p.name.endswith(".tmp") for p in tmp_path.iterdir())


def test_a_failed_backup_leaves_the_old_one_whole(app, games, tmp_path, monkeypatch):
    path = tmp_path / "club.backup"
    run(app, "backup", str(path))
    before = path.read_bytes()

    def broken(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(backup, "write", broken)
    result = run(app, "backup", str(path))
    assert result.exit_code == 1 and "No space left on device" in result.output
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".club")] == []


def _seat_rows(app) -> list[tuple]:
    """Each event's game, position and who entered it."""
    with app.app_context():
        found = db.session.execute(
            sa.select(models.Game.token, models.Event.seq, models.Event.seat)
            .join(models.Game, models.Game.id == models.Event.game_id)
            .order_by(models.Game.token, models.Event.seq)
        ).all()
    return [tuple(row) for row in found]


def _with_seats(app) -> None:
    """Who entered what, as phones that said who they are leave it (and a game kept as stored,
    whose entries say it too); some entries by nobody known."""
    at = datetime(2026, 5, 1, 19, 30)
    with app.app_context():
        plugin = models.Game(token="plugin-game", kind="tally", setup={"players": ["A", "B"]},
                             created_at=at)  # fmt: skip
        db.session.add(plugin)
        db.session.flush()
        db.session.add_all(
            models.Event(game_id=plugin.id, seq=seq, kind="add", data={"n": seq}, created_at=at,
                         seat=seat)
            for seq, seat in enumerate(["1", None, "organiser"])
        )  # fmt: skip
        events = db.session.execute(sa.select(models.Event).order_by(models.Event.id)).scalars()
        for number, event in enumerate(events):
            if event.game_id != plugin.id and number % 3:
                event.seat = "organiser" if number % 5 == 0 else str(number % 2)
        db.session.commit()


def test_a_backup_keeps_who_entered_each_entry(app, empty, games, tmp_path):
    _with_seats(app)
    seats = _seat_rows(app)
    assert {seat for *_at, seat in seats} == {None, "0", "1", "organiser"}
    made = run(app, "backup", "-")
    assert made.exit_code == 0, made.stderr
    assert '"seat":"organiser"' in made.stdout and '"seat":"1"' in made.stdout
    restored = run(empty, "restore", "-", input=made.stdout.encode())
    assert restored.exit_code == 0, restored.output
    assert _seat_rows(empty) == seats and rows(empty) == rows(app)
    # Export → import → export: the same bytes (but the time it was made).
    again = run(empty, "backup", "-")
    assert again.stdout.splitlines()[1:] == made.stdout.splitlines()[1:]
    for url in games:
        assert record_bytes(empty, url) == record_bytes(app, url)


def test_a_backup_from_before_seats_restores_with_no_one_known(app, empty, games, tmp_path):
    _with_seats(app)
    made = run(app, "backup", "-").stdout
    old = re.sub(r',"seat":"[^"]*"', "", made)
    assert '"seat"' not in old and old != made
    restored = run(empty, "restore", "-", input=old.encode())
    assert restored.exit_code == 0, restored.output
    assert {seat for *_at, seat in _seat_rows(empty)} == {None}
    assert rows(empty) == rows(app)


def test_a_seat_no_game_has_is_refused_and_nothing_is_stored(app, empty, tmp_path):
    _with_seats(app)
    made = run(app, "backup", "-").stdout
    bad = made.replace('"seat":"organiser"}', '"seat":"the cat"}', 1)
    assert bad != made
    refused = run(empty, "restore", "-", input=bad.encode())
    assert refused.exit_code != 0 and "seat must be a seat" in refused.output, refused.output
    assert _seat_rows(empty) == []


def _confirmations(app) -> list[tuple]:
    with app.app_context():
        query = (
            sa.select(models.Game.token, models.Game.confirms, models.Confirmation.seq,
                      models.Confirmation.seat)
            .join(models.Confirmation, models.Confirmation.game_id == models.Game.id)
            .order_by(models.Game.token, models.Confirmation.seq, models.Confirmation.seat)
        )  # fmt: skip
        return [tuple(row) for row in db.session.execute(query)]


def test_a_backup_keeps_who_confirmed_each_entry(app, empty, tmp_path):
    """A game whose phones confirm each other's entries (issue 26), as a record (version 2) and
    as a game kept as stored: who confirmed what comes back, with nothing else changed."""
    from scorekeeper import services

    with app.app_context():
        game = services.create("bismarck", bismarck.Setup(("Anna", "Ben", "Carla")), confirms=True)
        game = services.record(
            game, Event("announce", {"deal": 1, "contract": "sang"}), 0, seat="0"
        )
        game = services.record(game, Event("record", {"deal": 1, "tricks": [8, 4, 4]}), 1, seat="0")
        assert isinstance(services.confirm(game, 1, "2"), services.LoadedGame)
        legacy = models.Game(token="legacy-game", kind="bismarck", confirms=True,
                             setup=bismarck.Setup(("Anna", "Ben", "Carla")).to_dict())  # fmt: skip
        db.session.add(legacy)
        db.session.flush()
        db.session.add_all([
            models.Event(game_id=legacy.id, seq=0, kind="record", seat="1",
                         data={"deal": 1, "tricks": [9, 9, 9]}),
            models.Confirmation(game_id=legacy.id, seq=0, seat="organiser"),
        ])  # fmt: skip
        db.session.commit()
    confirmations = _confirmations(app)
    assert len(confirmations) == 2
    made = run(app, "backup", "-")
    assert made.exit_code == 0, made.stderr
    assert '"format":"scorekeeper-record/2"' in made.stdout
    assert '"confirmed_by":["organiser"]' in made.stdout
    restored = run(empty, "restore", "-", input=made.stdout.encode())
    assert restored.exit_code == 0, restored.output
    assert _confirmations(empty) == confirmations and rows(empty) == rows(app)
    again = run(empty, "backup", "-")
    assert again.stdout.splitlines()[1:] == made.stdout.splitlines()[1:]
