"""what a club derives, kept

Revision ID: 1796310000
Revises: 1796300000
Create Date: 2026-12-05 00:00:00

Derived, then kept by what it derives from (issue 33). Each evening of a club says at which of
the club's versions it last changed (``club_evening.version``: a game of it written, a round
started, a reveal, a close), so a page that finds the club's version moved on derives again only
the evenings that changed since the version it knew. And an evening's results, its games'
outcomes and its record are kept (``kept_evening``), with what they were derived from (its
games' log positions, its reveal, when it was closed: ``key``), so a new process reads them
instead of replaying a club's years; ``scorekeeper club rebuild`` throws them away and derives
them again from the log, which stays the truth.
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '1796310000'
down_revision: Union[str, Sequence[str], None] = '1796300000'
branch_labels: Union[str, Sequence[str], None] = ()
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('club_evening') as batch_op:
        batch_op.add_column(
            sa.Column('version', sa.Integer(), nullable=False, server_default='0')
        )
    # The evenings of a club changed since a version: one range of one index (it serves the
    # club's evenings alone as well as the index on the club it replaces).
    op.drop_index(op.f('ix_club_evening_club_id'), table_name='club_evening')
    op.create_index(
        'ix_club_evening_club_id_version', 'club_evening', ['club_id', 'version'], unique=False
    )
    op.create_table(
        'kept_evening',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('evening_id', sa.Integer(), nullable=False),
        sa.Column('key', sa.Text(), nullable=False),
        sa.Column('facts', sa.JSON(), nullable=False),
        sa.Column('record', sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ['evening_id'], ['evening.id'], name=op.f('fk_kept_evening_evening_id_evening')
        ),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_kept_evening')),
        sa.UniqueConstraint('evening_id', name=op.f('uq_kept_evening_evening_id')),
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table('kept_evening')
    op.drop_index('ix_club_evening_club_id_version', table_name='club_evening')
    op.create_index(op.f('ix_club_evening_club_id'), 'club_evening', ['club_id'], unique=False)
    with op.batch_alter_table('club_evening') as batch_op:
        batch_op.drop_column('version')
