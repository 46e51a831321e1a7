"""entries a second phone confirms

Revision ID: 1796260000
Revises: 1796250000
Create Date: 2026-12-03 09:00:00

A second phone confirms (issue 26): a game may ask that each scoring entry be confirmed by a
phone at another seat (``game.confirms``; every existing game does not; an evening's setup
says whether its tables' games do), and each confirmation is a row of its own, never an
event, so that the log's positions, which the engines number history by, stay as they are: which
game, the log position of the entry it confirms, the seat that confirmed it (or the organiser)
and when. A seat confirms an entry once.
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '1796260000'
down_revision: Union[str, Sequence[str], None] = '1796250000'
branch_labels: Union[str, Sequence[str], None] = ()
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('game') as batch_op:
        batch_op.add_column(
            sa.Column('confirms', sa.Boolean(), nullable=False, server_default=sa.false())
        )
    op.create_table(
        'confirmation',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('seq', sa.Integer(), nullable=False),
        sa.Column('seat', sa.String(length=20), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ['game_id'], ['game.id'], name=op.f('fk_confirmation_game_id_game')
        ),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_confirmation')),
        sa.UniqueConstraint('game_id', 'seq', 'seat', name='uq_confirmation_game_seq_seat'),
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table('confirmation')
    with op.batch_alter_table('game') as batch_op:
        batch_op.drop_column('confirms')
