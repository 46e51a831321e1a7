"""authority kept on the server

Revision ID: 1796290000
Revises: 1796270000
Create Date: 2026-12-05 09:00:00

Who manages a club is kept on the server's side (issue 35): a row for each phone that typed the
organiser PIN (named by its device cookie), how long the club knows it and how long it manages,
so that *Forget* and *Sign out every phone* end a copy of its cookies too; and a row for each
PIN typed until it is found right, so the wrong PINs are counted in the database, the same count
for every serving process.
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '1796290000'
down_revision: Union[str, Sequence[str], None] = '1796270000'
branch_labels: Union[str, Sequence[str], None] = ()
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('organiser_phone',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('club_id', sa.Integer(), nullable=False),
    sa.Column('phone', sa.String(length=32), nullable=False),
    sa.Column('known_until', sa.DateTime(), nullable=False),
    sa.Column('manages_until', sa.DateTime(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['club.id'], name=op.f('fk_organiser_phone_club_id_club')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_organiser_phone')),
    sa.UniqueConstraint('club_id', 'phone', name='uq_organiser_phone_club_phone')
    )
    op.create_table('wrong_pin',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('club_id', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.Column('phone', sa.String(length=32), nullable=False),
    sa.Column('address', sa.String(length=64), nullable=False),
    sa.Column('known', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['club.id'], name=op.f('fk_wrong_pin_club_id_club')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_wrong_pin'))
    )
    op.create_index('ix_wrong_pin_address_at', 'wrong_pin', ['address', 'at'], unique=False)
    op.create_index('ix_wrong_pin_club_id_at', 'wrong_pin', ['club_id', 'at'], unique=False)
    op.create_index('ix_wrong_pin_phone_at', 'wrong_pin', ['phone', 'at'], unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_index('ix_wrong_pin_phone_at', table_name='wrong_pin')
    op.drop_index('ix_wrong_pin_club_id_at', table_name='wrong_pin')
    op.drop_index('ix_wrong_pin_address_at', table_name='wrong_pin')
    op.drop_table('wrong_pin')
    op.drop_table('organiser_phone')
