"""evenings that reveal their standings

Revision ID: 1796250000
Revises: 1796240000
Create Date: 2026-12-02 15:00:00.000000

A club evening may hide its standings for the last rounds until its organiser reveals them, a
place at a time (issue 26): how many places are shown, or nothing before the reveal. Every
existing evening has not begun one (and hides nothing: its setup says no rounds).
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '1796250000'
down_revision: Union[str, Sequence[str], None] = '1796240000'
branch_labels: Union[str, Sequence[str], None] = ()
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('evening') as batch_op:
        batch_op.add_column(sa.Column('revealed', sa.Integer(), nullable=True))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('evening') as batch_op:
        batch_op.drop_column('revealed')
