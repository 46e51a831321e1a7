"""a person's name in one alphabet a word

Revision ID: 1796320000
Revises: 1796310000
Create Date: 2026-12-05 10:30:00

People's names gain one refusal (scorekeeper/games/names.py: mixed_scripts, and
scorekeeper/games/players.py: refusal): no word of a player's or a member's name may mix letters
of the Latin, Cyrillic and Greek alphabets, whose letters are one another's twins ("Аnna" with
a Cyrillic "А" passes for "Anna").

Names stored before the rule are made names the rule takes, without losing what they said: a
word that mixes is split where its alphabet changes ("Аnna" becomes "А nna"), which shows what
it was and passes for no one. Where a name so split is then one with another name of its list
(a game's or an evening's players, a club's members not merged away) it gets " 2", " 3" ...,
never the name that was already there. An evening's table games are renamed as the evening, so
its record still reads; a member numbered keeps the name it had (split) in its history
(member_name), as a rename does, and the history's names are split alike. What was derived and kept of an
evening whose players were renamed (kept_evening) is thrown away, to be derived again from the
log. The rule is copied here as it was written, so that this migration never changes.
"""

import hashlib
import re
import unicodedata
from datetime import datetime, timezone
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = "1796320000"
down_revision: Union[str, Sequence[str], None] = "1796310000"
branch_labels: Union[str, Sequence[str], None] = ()
depends_on: Union[str, Sequence[str], None] = None


# --- the rule, as written when this migration was ----------------------------------------------

LOOKALIKE = frozenset({"LATIN", "CYRILLIC", "GREEK"})
INVISIBLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2065\u3164\ufe00-\ufe0f\uffa0"
    "\ufff0-\ufff8\U000e0000-\U000e0fff]"
)
SHOWN_FORMAT = re.compile("[\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\U000110bd\U000110cd]")
PLAYER, MEMBER, MEMBER_KEY = 30, 30, 40


def _script(char):
    """The look-alike alphabet of ``char`` (read in its compatibility form), or None."""
    for one in unicodedata.normalize("NFKC", char):
        if unicodedata.category(one)[0] == "L":
            script = unicodedata.name(one, "").split(" ", 1)[0]
            return script if script in LOOKALIKE else None
    return None


def _split(word):
    out, current = [], None
    for char in word.group():
        script = _script(char)
        if script is not None and current is not None and script != current:
            out.append(" ")
        if script is not None:
            current = script
        out.append(char)
    return "".join(out)


def separated(name):
    """``name`` with each word that mixes look-alike alphabets split where its alphabet changes."""
    return re.sub(r"\S+", _split, name)


def _invisible(char):
    if unicodedata.category(char) == "Cf":
        return SHOWN_FORMAT.fullmatch(char) is None
    return INVISIBLE.fullmatch(char) is not None


def key(name):
    visible = "".join(char for char in name if not _invisible(char))
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", visible).casefold())
    return " ".join("".join(char for char in folded if not _invisible(char)).split())


def fitted(folded, length):
    if len(folded) <= length:
        return folded
    digest = hashlib.sha256(folded.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"{folded[: length - len(digest) - 1]}#{digest}"


def one_each(names: list, most: int) -> list:
    """Each name the rule takes: a mixing one split, and numbered if it is then one with any
    other name of the list (the names that were already right keep theirs)."""
    taken = {key(n) for n in names if isinstance(n, str) and separated(n) == n}
    found = []
    for name in names:
        if not isinstance(name, str) or separated(name) == name:
            found.append(name)
            continue
        base = separated(name)[:most].strip()
        new, number = base, 1
        while key(new) in taken:
            number += 1
            suffix = f" {number}"
            new = base[: most - len(suffix)].rstrip() + suffix
        taken.add(key(new))
        found.append(new)
    return found


# --- the tables -------------------------------------------------------------------------------

game = sa.table("game", sa.column("id", sa.Integer), sa.column("setup", sa.JSON))
evening = sa.table("evening", sa.column("id", sa.Integer), sa.column("setup", sa.JSON))
evening_table = sa.table(
    "evening_table", sa.column("evening_id", sa.Integer), sa.column("game_id", sa.Integer)
)
kept_evening = sa.table("kept_evening", sa.column("evening_id", sa.Integer))
member = sa.table(
    "member",
    sa.column("id", sa.Integer),
    sa.column("name", sa.String),
    sa.column("name_key", sa.String),
    sa.column("merged_into_id", sa.Integer),
    sa.column("club_id", sa.Integer),
)
member_name = sa.table(
    "member_name",
    sa.column("id", sa.Integer),
    sa.column("member_id", sa.Integer),
    sa.column("name", sa.String),
    sa.column("until", sa.DateTime),
)


def _players(setup):
    players = setup.get("players") if isinstance(setup, dict) else None
    return players if isinstance(players, list) else None


def _games(bind) -> None:
    """Each evening's players, and its tables' games' players by the same renaming; then every
    other game's players. Each table read once (a club's years are many games)."""
    tables: dict = {}
    for row in bind.execute(sa.select(evening_table.c.evening_id, evening_table.c.game_id)):
        tables.setdefault(row.evening_id, []).append(row.game_id)
    setups = dict(bind.execute(sa.select(game.c.id, game.c.setup)).all())
    for row in bind.execute(sa.select(evening.c.id, evening.c.setup)).all():
        players = _players(row.setup)
        if players is None:
            continue
        now = one_each(players, PLAYER)
        if now == players:
            continue
        bind.execute(
            evening.update().where(evening.c.id == row.id).values(setup={**row.setup, "players": now})
        )
        bind.execute(kept_evening.delete().where(kept_evening.c.evening_id == row.id))
        mapping = {old: new for old, new in zip(players, now) if isinstance(old, str)}
        for game_id in tables.get(row.id, []):
            _game(bind, game_id, setups.pop(game_id, None), mapping)
    for game_id, setup in setups.items():
        _game(bind, game_id, setup, {})


def _game(bind, game_id: int, setup, mapping: dict) -> None:
    players = _players(setup)
    if players is None:
        return
    if mapping and all(isinstance(p, str) and p in mapping for p in players):
        now = [mapping[p] for p in players]
    else:
        now = one_each(players, PLAYER)
    if now != players:
        bind.execute(game.update().where(game.c.id == game_id).values(setup={**setup, "players": now}))


def _members(bind, club_id: int, at: datetime) -> None:
    rows = bind.execute(
        sa.select(member.c.id, member.c.name, member.c.merged_into_id)
        .where(member.c.club_id == club_id)
        .order_by(member.c.id)
    ).all()
    keyed = [r for r in rows if r.merged_into_id is None]
    names = one_each([r.name for r in keyed], MEMBER)
    for row, name in zip(keyed, names):
        if name == row.name:
            continue
        was = separated(row.name)[:MEMBER].strip()
        if key(name) != key(was):  # numbered: the name it had stays in its history
            bind.execute(member_name.insert().values(member_id=row.id, name=was, until=at))
        bind.execute(
            member.update()
            .where(member.c.id == row.id)
            .values(name=name, name_key=fitted(key(name), MEMBER_KEY))
        )
    for row in rows:
        if row.merged_into_id is not None and separated(row.name) != row.name:
            name = separated(row.name)[:MEMBER].strip()
            bind.execute(member.update().where(member.c.id == row.id).values(name=name))


def upgrade() -> None:
    bind = op.get_bind()
    at = datetime.now(timezone.utc).replace(tzinfo=None)
    _games(bind)
    for (club_id,) in bind.execute(sa.select(member.c.club_id).distinct()).all():
        _members(bind, club_id, at)
    for row in bind.execute(sa.select(member_name.c.id, member_name.c.name)).all():
        if separated(row.name) != row.name:
            name = separated(row.name)[:MEMBER].strip()
            bind.execute(member_name.update().where(member_name.c.id == row.id).values(name=name))


def downgrade() -> None:
    """The names stay as the rule keeps them (the earlier rule takes them too)."""
