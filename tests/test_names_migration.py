"""Migration 1796300000: names stored before the one name rule (issue 34) are kept as the rule
keeps them. ``Anna`` and ``Anna`` with a zero-width space, two members, two players of one game
or of one evening, become ``Anna`` and ``Anna 2`` (the member's history keeps what it was
called); the register's and the seasons' keys are the rule's; every game still loads, and the
club's and the evening's records still read back.

The data is made as the app made it before the rule — with a placeholder name the migration's
test then turns into the invisible one in every table that holds it, at the revision before
the migration — then migrated to the newest revision."""

from __future__ import annotations

import sqlalchemy as sa

from scorekeeper.clubs import record as club_record
from scorekeeper.clubs import services as clubs
from scorekeeper.data import models
from scorekeeper.data.db import alembic as migrations
from scorekeeper.data.db import db
from scorekeeper.evenings import record as evening_record
from scorekeeper.evenings import services as evenings
from scorekeeper.games import bismarck
from scorekeeper.games.events import Event
from scorekeeper.table import store
from tests.upgrades import forget_games, migrated, spelt
from tests.web.clubs.club import add, make_club, member_ids, plan_evening, post
from tests.web.clubs.seasons import new_season, season_id_of
from tests.web.evenings.helpers import evening_token

BEFORE = "1796265000"
#: Stands for the invisible name until the data is at the revision before the migration.
PLACEHOLDER = "Xanna"
INVISIBLE = "Anna\u200b"


def _renamed(name: str) -> str:
    """A name with the placeholder made invisible."""
    return INVISIBLE if name == PLACEHOLDER else name.replace("Xvåren", "Våren\u200b")


def _before_the_rule(app) -> None:
    """Down to the revision before the migration, and every placeholder made the invisible
    name, with the key the earlier rule gave it (trimmed, case folded)."""
    with app.app_context():
        migrations.downgrade(BEFORE)
        session = db.session
        for table in (models.Game, models.Evening):
            for row in session.scalars(sa.select(table)):
                row.setup = spelt(row.setup, _renamed)
        for row in session.scalars(sa.select(models.Member)):
            if row.name == PLACEHOLDER:
                row.name, row.name_key = INVISIBLE, INVISIBLE.strip().casefold()
        for row in session.scalars(sa.select(models.Season)):
            if row.name == "Xvåren":
                row.name = "Våren\u200b"
                row.name_key = row.name.strip().casefold()
        session.commit()
    forget_games()


def _fill(app, client) -> tuple[str, str, str]:
    """A club whose register has Anna and the placeholder (and four more), an evening of all
    six with its first round started, two seasons; a game of its own with both names."""
    token = make_club(client)
    add(client, token, "Anna", PLACEHOLDER, "Ben", "Carla", "Dag", "Eva")
    planned = plan_evening(client, token, name="Vecka 1", rounds="1")
    assert planned.status_code == 303, planned.get_data(as_text=True)
    night = evening_token(planned)
    season_id_of(new_season(client, token, name="Våren", by="dates"))
    season_id_of(new_season(client, token, name="Xvåren", by="dates"))
    ids = member_ids(client, token)
    # A merged entry keeps its (placeholder) name and has no key.
    assert post(client, f"/c/{token}/members/add", name="Fred").status_code == 303
    fred = member_ids(client, token)["Fred"]
    assert post(client, f"/c/{token}/members/merge", keep=ids["Ben"], merged=fred).status_code
    with app.app_context():
        evenings.start_round(evenings.load(night), 1)
        game = store.create_game(
            db.session, "bismarck", bismarck.Setup(("Anna", PLACEHOLDER, "Ben"))
        )
        game = store.append(db.session, game, Event("announce", {"deal": 1, "contract": "sang"}), 0)
    return token, night, game.token


def test_two_names_that_look_the_same_become_two_names_and_everything_still_reads(app, client):
    token, night, game = _fill(app, client)
    _before_the_rule(app)
    with app.app_context():  # as it was: two members who look the same, a game of both
        names = db.session.scalars(sa.select(models.Member.name).order_by(models.Member.id))
        assert list(names)[:2] == ["Anna", INVISIBLE]
    migrated(app)
    with app.app_context():
        members = db.session.execute(
            sa.select(models.Member.id, models.Member.name, models.Member.name_key).order_by(
                models.Member.id
            )
        ).all()
        assert [(m.name, m.name_key) for m in members[:2]] == [
            ("Anna", "anna"),
            ("Anna 2", "anna 2"),
        ]
        history = db.session.execute(
            sa.select(models.MemberName.member_id, models.MemberName.name)
        ).all()
        assert (members[1].id, "Anna") in [tuple(h) for h in history]  # the merge's: Fred
        assert [h for h in history if h.member_id in (members[0].id, members[1].id)] == [
            (members[1].id, "Anna")
        ]
        seasons = db.session.execute(
            sa.select(models.Season.name, models.Season.name_key).order_by(models.Season.id)
        ).all()
        assert [tuple(s) for s in seasons] == [("Våren", "våren"), ("Våren 2", "våren 2")]
        # The game of its own loads, its second player numbered.
        assert store.load(db.session, game).setup.players == ("Anna", "Anna 2", "Ben")
        # The evening's players and its table's game are renamed alike: its record reads back.
        loaded = evenings.load(night)
        assert "Anna 2" in loaded.setup.players and INVISIBLE not in loaded.setup.players
        seated = [name for g in loaded.games.values() for name in g.setup.players]
        assert "Anna 2" in seated
        evening_record.loads_evening(evenings.record_of(loaded))
        # The club's record reads back, its register as the pages show it.
        read = club_record.loads_club(clubs.record_of(clubs.load(token)))
        assert [m.name for m in read.members][:2] == ["Anna", "Anna 2"]
        assert read.members[1].former_names == ("Anna",)


def test_names_that_only_lose_invisible_characters_keep_no_history(app, client):
    token = make_club(client)
    add(client, token, "Ben", "Carla")
    with app.app_context():
        migrations.downgrade(BEFORE)
        ben = db.session.scalars(sa.select(models.Member).where(models.Member.name == "Ben")).one()
        ben.name, ben.name_key = "\ufeffBen\u00ad", "\ufeffben\u00ad"
        ben_id = ben.id
        club = db.session.scalars(sa.select(models.Club)).one()
        club.name = "Torsdags\u200bklubben"
        db.session.commit()
    migrated(app)
    with app.app_context():
        ben = db.session.get(models.Member, ben_id)
        assert (ben.name, ben.name_key) == ("Ben", "ben")
        assert db.session.scalar(sa.select(sa.func.count()).select_from(models.MemberName)) == 0
        assert db.session.scalar(sa.select(models.Club.name)) == "Torsdagsklubben"


def test_a_name_of_nothing_but_invisible_characters_gets_a_name(app, client):
    with app.app_context():
        game = store.create_game(db.session, "bismarck", bismarck.Setup(("Anna", "X", "Ben")))
        migrations.downgrade(BEFORE)
        row = db.session.get(models.Game, game.id)
        row.setup = {**row.setup, "players": ["Anna", "\u200b\u200d", "Ben"]}
        db.session.commit()
    migrated(app)
    with app.app_context():
        assert store.load(db.session, game.token).setup.players == ("Anna", "Player 2", "Ben")
