"""Migration 1796320000: people's names stored before the look-alike alphabets rule are names
the rule takes. ``Аnna`` (a Cyrillic ``А``) beside ``Anna`` becomes ``А nna``, which shows what
it was and passes for no one; where a name so split is one with another of its list it is
numbered, never the name that was right; every game still loads, the evening's record and the
club's still read back, and what was derived of a renamed evening is derived again.

The data is made as the app makes it, with placeholder names that are then spelt in two
alphabets in every table that holds them, at the revision before the migration."""

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
from scorekeeper.games.names import mixed_scripts
from scorekeeper.table import store
from tests.upgrades import forget_games, migrated, spelt
from tests.web.clubs.club import add, make_club, member_ids, plan_evening
from tests.web.evenings.helpers import evening_token

BEFORE = "1796310000"
#: Placeholders, and the names in two alphabets they stand for until the migration.
MIXED = {
    "Xanna": "\u0410nna",  # Cyrillic А, then Latin: "А nna" once split
    "Xben": "B\u0435n",  # Latin B, Cyrillic е, Latin n: "B е n"
    "Xcarla": "Carl\u03bf",  # Greek ο at the end: "Carl ο"
}


def _before_the_rule(app) -> None:
    with app.app_context():
        migrations.downgrade(BEFORE)
        session = db.session
        for table in (models.Game, models.Evening):
            for row in session.scalars(sa.select(table)):
                row.setup = spelt(row.setup, lambda name: MIXED.get(name, name))
        for row in session.scalars(sa.select(models.Member)):
            if row.name in MIXED:
                row.name = MIXED[row.name]
                row.name_key = row.name.casefold()
        session.commit()
    forget_games()


def test_names_in_two_alphabets_are_split_numbered_where_one_and_everything_reads(app, client):
    token = make_club(client)
    # "А nna" is a name of its own (a word each alphabet): the split Аnna must not take it.
    add(client, token, "Anna", "\u0410 nna", "Xanna", "Xben", "Dag", "Eva")
    planned = plan_evening(client, token, name="Vecka 1", rounds="1")
    assert planned.status_code == 303, planned.get_data(as_text=True)
    night = evening_token(planned)
    with app.app_context():
        evenings.start_round(evenings.load(night), 1)
        clubs.record_of(clubs.load(token))  # derives and keeps the evening's results
        clubs.keep_derived()
        assert db.session.scalar(sa.select(sa.func.count()).select_from(models.KeptEvening))
        game = store.create_game(db.session, "bismarck", bismarck.Setup(("Xanna", "Xcarla", "Ben")))
    _before_the_rule(app)
    with app.app_context():  # as it was: a member who passes for Anna
        names = db.session.scalars(sa.select(models.Member.name).order_by(models.Member.id))
        assert list(names)[:3] == ["Anna", "\u0410 nna", "\u0410nna"]
    migrated(app)
    with app.app_context():
        members = db.session.execute(
            sa.select(models.Member.id, models.Member.name, models.Member.name_key).order_by(
                models.Member.id
            )
        ).all()
        assert [(m.name, m.name_key) for m in members[:4]] == [
            ("Anna", "anna"),
            ("\u0410 nna", "\u0430 nna"),
            ("\u0410 nna 2", "\u0430 nna 2"),
            ("B \u0435 n", "b \u0435 n"),
        ]
        history = db.session.execute(
            sa.select(models.MemberName.member_id, models.MemberName.name)
        ).all()
        assert [tuple(h) for h in history] == [(members[2].id, "\u0410 nna")]
        assert all(mixed_scripts(m.name) is None for m in members)
        # The game of its own loads, split.
        players = store.load(db.session, game.token).setup.players
        assert players == ("\u0410 nna", "Carl \u03bf", "Ben")
        # The evening and its table's game renamed alike: its record reads back; what was
        # derived of it is gone, to be derived again.
        loaded = evenings.load(night)
        assert "\u0410 nna 2" in loaded.setup.players
        seated = {name for g in loaded.games.values() for name in g.setup.players}
        assert seated <= set(loaded.setup.players)
        evening_record.loads_evening(evenings.record_of(loaded))
        assert not db.session.scalar(sa.select(sa.func.count()).select_from(models.KeptEvening))
        # The club's record reads back, its register as the pages show it.
        read = club_record.loads_club(clubs.record_of(clubs.load(token)))
        assert [m.name for m in read.members][:4] == [m.name for m in members[:4]]
        assert read.members[2].former_names == ("\u0410 nna",)
    assert "\u0410 nna 2" in member_ids(client, token)


def test_names_in_one_alphabet_a_word_are_left_as_they_are(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Анна", "Anna Иванова")
    with app.app_context():
        game = store.create_game(db.session, "bismarck", bismarck.Setup(("Anna", "Анна", "Σοφία")))
    with app.app_context():
        migrations.downgrade(BEFORE)
    migrated(app)
    with app.app_context():
        assert store.load(db.session, game.token).setup.players == ("Anna", "Анна", "Σοφία")
        assert not db.session.scalar(sa.select(sa.func.count()).select_from(models.MemberName))
    assert sorted(member_ids(client, token)) == ["Anna", "Anna Иванова", "Анна"]
