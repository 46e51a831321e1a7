"""a club keeps its version

Revision ID: 1796265000
Revises: 1796260000
Create Date: 2026-12-04 23:30:00

A club keeps a version of its own (issues 33 and 34): a counter moved by every write that
changes what the club's pages show. Its writes move it first, in their own transaction, so the
database holds a second writer until the first has committed (a row lock on PostgreSQL, the
write lock on SQLite); its pages read it as one cheap value instead of every game's position.
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '1796265000'
down_revision: Union[str, Sequence[str], None] = '1796260000'
branch_labels: Union[str, Sequence[str], None] = ()
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('club') as batch_op:
        batch_op.add_column(
            sa.Column('version', sa.Integer(), nullable=False, server_default='0')
        )


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('club') as batch_op:
        batch_op.drop_column('version')
