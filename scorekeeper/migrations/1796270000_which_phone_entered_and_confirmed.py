"""which phone entered and confirmed

Revision ID: 1796270000
Revises: 1796265000
Create Date: 2026-12-05 10:00:00

A confirmation comes from another person's phone (issue 35): each event and each confirmation
records which phone made it, as a digest of the phone's session id (``web/phone.py``), or NULL
when not known (every row stored before this, the command line, an import). A phone's seat in a
game that confirms stays once it has entered or confirmed there, and the phone that entered
an entry never confirms it, whatever seat its session says later. Metadata only: the log's
positions stay as they are.
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '1796270000'
down_revision: Union[str, Sequence[str], None] = '1796265000'
branch_labels: Union[str, Sequence[str], None] = ()
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('event') as batch_op:
        batch_op.add_column(sa.Column('phone', sa.String(length=32), nullable=True))
    with op.batch_alter_table('confirmation') as batch_op:
        batch_op.add_column(sa.Column('phone', sa.String(length=32), nullable=True))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('confirmation') as batch_op:
        batch_op.drop_column('phone')
    with op.batch_alter_table('event') as batch_op:
        batch_op.drop_column('phone')
