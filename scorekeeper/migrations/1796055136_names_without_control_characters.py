"""names without control characters

Revision ID: 1796055136
Revises: 1795990862
Create Date: 2026-11-30 16:12:16.403809

Before the one name rule (issue 13) the new-game forms stored names holding a control
character (a TAB, NUL, ESC, U+0085 ...). Such a game could not be exported and read back, and
now would not load at all. Each such character becomes a space; spaces are squeezed, the name
trimmed and cut to 30 characters; a name left empty becomes "Player N", and a name that then
repeats another (ignoring case) gets " 2", " 3" ... added. The rule is copied here as it was
written, so that this migration never changes.
"""
import re
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '1796055136'
down_revision: Union[str, Sequence[str], None] = '1795990862'
branch_labels: Union[str, Sequence[str], None] = ()
depends_on: Union[str, Sequence[str], None] = None

UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
MAX_NAME_LENGTH = 30


def clean_names(players: list) -> list:
    names: list = []
    for seat, name in enumerate(players):
        if not isinstance(name, str):
            names.append(name)
            continue
        name = " ".join(UNPRINTABLE.sub(" ", name).split())[:MAX_NAME_LENGTH].strip()
        name = name or f"Player {seat + 1}"
        base, number = name, 1
        while any(isinstance(n, str) and n.casefold() == name.casefold() for n in names):
            number += 1
            suffix = f" {number}"
            name = base[: MAX_NAME_LENGTH - len(suffix)].rstrip() + suffix
        names.append(name)
    return names


def upgrade() -> None:
    """Clean the names of games stored before the name rule."""
    game = sa.table("game", sa.column("id", sa.Integer), sa.column("setup", sa.JSON))
    bind = op.get_bind()
    for row in bind.execute(sa.select(game.c.id, game.c.setup)).all():
        setup = row.setup
        players = setup.get("players") if isinstance(setup, dict) else None
        if not isinstance(players, list) or not any(
            isinstance(name, str) and UNPRINTABLE.search(name) for name in players
        ):
            continue
        cleaned = {**setup, "players": clean_names(players)}
        bind.execute(game.update().where(game.c.id == row.id).values(setup=cleaned))


def downgrade() -> None:
    """The names stay clean: nothing to undo."""
