"""evenings that close

Revision ID: 1796230000
Revises: 1796223000
Create Date: 2026-12-02 14:30:00.000000

An evening's organiser may close it (issue 26): when, or nothing while it is open. Every
existing evening stays open.
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '1796230000'
down_revision: Union[str, Sequence[str], None] = '1796223000'
branch_labels: Union[str, Sequence[str], None] = ()
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('evening') as batch_op:
        batch_op.add_column(sa.Column('closed_at', sa.DateTime(), nullable=True))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('evening') as batch_op:
        batch_op.drop_column('closed_at')
