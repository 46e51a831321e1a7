"""club seasons

Revision ID: 1796223000
Revises: 1796177574
Create Date: 2026-12-02 14:00:00.000000

Seasons of a club (issue 25): each a name unique in the club, the rule of its table and its
evenings, by dates or chosen. Nothing of an existing club, evening or game changes.
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '1796223000'
down_revision: Union[str, Sequence[str], None] = '1796177574'
branch_labels: Union[str, Sequence[str], None] = ()
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('season',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('club_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('name_key', sa.String(length=60), nullable=False),
    sa.Column('rule', sa.String(length=10), nullable=False),
    sa.Column('n', sa.Integer(), nullable=False),
    sa.Column('absence', sa.String(length=10), nullable=False),
    sa.Column('date_from', sa.Date(), nullable=True),
    sa.Column('date_to', sa.Date(), nullable=True),
    sa.Column('evenings', sa.JSON(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['club.id'], name=op.f('fk_season_club_id_club')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_season')),
    sa.UniqueConstraint('club_id', 'name_key', name='uq_season_club_name')
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table('season')
