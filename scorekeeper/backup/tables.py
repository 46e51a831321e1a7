"""Which tables a backup holds, and the database's schema revision they are at.

Every table of the models is backed up — :data:`Model.metadata <scorekeeper.data.models.Model>`,
walked in the order of their foreign keys, so a table added to the schema is in the next backup
without a line here — except one marked as derived (``__table_args__ = {"info": {"derived":
True}}``): results kept only to save work, which the app rebuilds from the games' logs when
they are missing. A restore leaves such a table empty.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic.runtime.migration import MigrationContext

from scorekeeper.data import models

#: The key of ``Table.info`` that marks a table of kept, derived results.
DERIVED = "derived"


def derived(table: sa.Table) -> bool:
    return bool(table.info.get(DERIVED))


def backed_up(metadata: sa.MetaData | None = None) -> list[sa.Table]:
    """The tables a backup holds, each after the tables it refers to."""
    tables = (metadata or models.Model.metadata).sorted_tables
    return [table for table in tables if not derived(table)]


def left_out(metadata: sa.MetaData | None = None) -> list[str]:
    """The names of the tables a backup leaves out (derived), in order."""
    return [t.name for t in (metadata or models.Model.metadata).sorted_tables if derived(t)]


def revision(connection: sa.Connection) -> list[str]:
    """The schema revision the database is at (Alembic's heads: one, unless migrations branch)."""
    return sorted(MigrationContext.configure(connection).get_current_heads())


def rows_in(connection: sa.Connection, tables: list[sa.Table]) -> dict[str, int]:
    """How many rows each table holds."""
    return {
        table.name: connection.execute(sa.select(sa.func.count()).select_from(table)).scalar_one()
        for table in tables
    }


def primary_key(table: sa.Table) -> list[sa.Column[Any]]:
    """The columns a table's rows are ordered by: its primary key (else all its columns)."""
    return list(table.primary_key.columns) or list(table.columns)
