"""who entered each event

Revision ID: 1796240000
Revises: 1796230000
Create Date: 2026-12-02 14:50:00

Who is at this phone (issue 26): each event records the seat of the phone that entered it, as
text ("0", "1"… a player, or a pair in a game of pairs), or NULL when the phone did not say
(every event stored before this). Metadata only: no event kind changes and the log positions
stay as they are.
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '1796240000'
down_revision: Union[str, Sequence[str], None] = '1796230000'
branch_labels: Union[str, Sequence[str], None] = ()
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seat', sa.String(length=20), nullable=True))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('seat')
