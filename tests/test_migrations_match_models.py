"""The migrations make the schema the models describe: a database migrated to the newest
revision differs from ``models.py`` in nothing Alembic's autogenerate would write (a table, a
column, an index, a unique key), on SQLite and on PostgreSQL."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from scorekeeper.data.db import db
from scorekeeper.data.models import Model


def test_the_migrated_schema_is_the_models_schema(app):
    with app.app_context(), db.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Model.metadata)
    assert differences == []


def test_the_comparison_sees_a_table_the_migrations_lack(app):
    """It can fail: a table only the models have is reported."""
    import sqlalchemy as sa

    metadata = sa.MetaData()
    for table in Model.metadata.tables.values():
        table.to_metadata(metadata)
    sa.Table("not_migrated", metadata, sa.Column("id", sa.Integer, primary_key=True))
    with app.app_context(), db.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), metadata)
    assert [d[0] for d in differences] == ["add_table"]
