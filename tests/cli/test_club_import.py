"""``scorekeeper club import FILE``: a club record stored as a new club of this instance, of any
size (the web page takes at most 64 MB), with a new organiser PIN asked for or given; its
address printed; a record or a PIN refused with one line each, nothing stored (issue 34)."""

from __future__ import annotations

import re

import sqlalchemy as sa

from scorekeeper.cli import main
from scorekeeper.clubs import record, services
from scorekeeper.data import models
from scorekeeper.data.db import db
from scorekeeper.records import RecordError
from tests.clubs.big_club import BY, PIN, big_record


def _clubs(app) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(models.Club)) or 0


def _record(app, tmp_path, evenings: int = 2):
    with app.app_context():
        data = big_record(evenings)
    path = tmp_path / "club.json"
    path.write_bytes(data)
    return path, data


def test_a_club_record_is_imported_as_a_new_club(app, runner, tmp_path):
    path, data = _record(app, tmp_path)
    result = runner.invoke(main, ["club", "import", str(path), "--pin", "90817263"])
    assert result.exit_code == 0, result.output
    url = result.stdout.strip()  # no PUBLIC_URL: the club's path, no address guessed
    assert re.fullmatch(r"/c/[A-Za-z0-9_-]{22}", url), url
    assert "Imported as a new club: Storklubben." in result.stderr
    assert f"Open {url} after the address scorekeeper serve prints" in result.stderr
    with app.app_context():
        club = services.load(url.removeprefix("/c/"))
        assert services.record_of(club).encode() == data  # the same club, byte for byte
        assert services.check_pin(club, "90817263") and not services.check_pin(club, PIN)
        assert [a.action for a in services.actions(club)] == ["create"]


def test_the_pin_is_asked_for_twice_when_not_given(app, runner, tmp_path):
    path, _data = _record(app, tmp_path, 1)
    before = _clubs(app)
    differs = runner.invoke(main, ["club", "import", str(path)], input="4711\n4712\n4711\n4711\n")
    assert differs.exit_code == 0, differs.output
    assert "Organiser PIN of the new club" in differs.stderr
    assert _clubs(app) == before + 1
    path_ = differs.stdout.strip()
    with app.app_context():
        assert services.check_pin(services.load(path_.removeprefix("/c/")), "4711")


def test_a_refused_record_or_pin_stores_nothing(app, runner, tmp_path):
    path, data = _record(app, tmp_path, 1)
    before = _clubs(app)
    bad = tmp_path / "bad.json"
    bad.write_bytes(data.replace(b'"scorekeeper-club/1"', b'"scorekeeper-club/9"'))
    result = runner.invoke(main, ["club", "import", str(bad), "--pin", PIN])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "format must be scorekeeper-club/1" in result.stderr
    short = runner.invoke(main, ["club", "import", "--lang", "sv", str(path), "--pin", "12"])
    assert short.exit_code == 2
    assert short.stdout == "" and "PIN" in short.stderr
    assert _clubs(app) == before


def test_the_command_line_takes_a_record_larger_than_an_upload(app, runner, tmp_path, monkeypatch):
    """The web's limit (64 MB, here made smaller than the record) stays for an upload; the
    command line has none."""
    path, data = _record(app, tmp_path, 1)
    monkeypatch.setattr(record, "MAX_CLUB_BYTES", len(data) - 1)
    with app.app_context():
        try:
            services.import_club(data, PIN, ["bismarck"], BY)
        except RecordError as error:
            assert "larger than" in str(error)
        else:
            raise AssertionError("the upload's limit did not hold")
    result = runner.invoke(main, ["club", "import", str(path), "--pin", PIN])
    assert result.exit_code == 0, result.output
