"""names that look like one name

Revision ID: 1796300000
Revises: 1796290000
Create Date: 2026-12-05 00:30:00

The one rule of names (issue 34, scorekeeper/games/names.py): a name drops its invisible
characters (format characters such as the zero-width space, the marks, the byte order mark, the
soft hyphen; joiners and variation selectors only where they show nothing), is kept composed
(NFC) and trimmed, and is compared by its compatibility form case folded (NFKC_Casefold), so
"Anna" and "Anna" with a zero-width space are one name.

Names stored before the rule are rewritten as it keeps them: every game's and evening's
players (an evening's table games the same way as the evening, so its record still reads),
every evening's, club's, member's (and former name's) and season's name; and the keys the
register and the seasons compare (member.name_key, season.name_key) are recomputed. Where two
names of one list — a game's or an evening's players, a club's members (those not merged
away) or its seasons — are now one, the later one (by seat, or by id) gets " 2", " 3" ...
added, as the control character migration did; a member renamed so keeps the name it had in
its history (member_name), as a rename does, so the organisers see what happened and can merge
the two if they are one person. A name left empty (only invisible characters) becomes
"Player N" ("Member N", "Season N", "Club N", "Evening N": N its seat or id). The rule is
copied here as it was written, so that this migration never changes.
"""
import hashlib
import unicodedata
import re
from datetime import datetime, timezone
from typing import Callable, Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '1796300000'
down_revision: Union[str, Sequence[str], None] = '1796290000'
branch_labels: Union[str, Sequence[str], None] = ()
depends_on: Union[str, Sequence[str], None] = None

# --- the rule, as scorekeeper/games/names.py wrote it ----------------------------------------

INVISIBLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2065\u3164\ufe00-\ufe0f\uffa0"
    "\ufff0-\ufff8\U000e0000-\U000e0fff]"
)
JOINERS = frozenset("\u200c\u200d")
PRESENTATION = frozenset("\ufe0e\ufe0f")
JOINING_SCRIPTS = frozenset(
    "ARABIC SYRIAC NKO MANDAIC MONGOLIAN PHAGS-PA DEVANAGARI BENGALI GURMUKHI GUJARATI ORIYA "
    "TAMIL TELUGU KANNADA MALAYALAM SINHALA KHMER MYANMAR TIBETAN".split()
)


SHOWN_FORMAT = re.compile("[\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\U000110bd\U000110cd]")


def invisible(char):
    if unicodedata.category(char) == "Cf":
        return SHOWN_FORMAT.fullmatch(char) is None
    return INVISIBLE.fullmatch(char) is not None


def _emoji(char):
    return unicodedata.category(char) == "So" or "\U0001f3fb" <= char <= "\U0001f3ff"


def _joining_letter(char):
    return unicodedata.category(char)[0] in "LM" and (
        unicodedata.name(char, "").split(" ", 1)[0] in JOINING_SCRIPTS
    )


def _joins(name, at):
    char = name[at]
    before = name[at - 1] if at > 0 else ""
    if char in PRESENTATION:
        return bool(before) and _emoji(before)
    if char not in JOINERS or at + 1 >= len(name):
        return False
    back = at - 1
    while back >= 0 and name[back] in PRESENTATION:
        back -= 1
    before, after = (name[back] if back >= 0 else ""), name[at + 1]
    if not before:
        return False
    return (_emoji(before) and _emoji(after)) or (
        _joining_letter(before) and _joining_letter(after)
    )


def shown(name):
    visible = "".join(
        char for at, char in enumerate(name) if not invisible(char) or _joins(name, at)
    )
    return unicodedata.normalize("NFC", visible).strip()


def key(name):
    visible = "".join(char for char in name if not invisible(char))
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", visible).casefold())
    return " ".join("".join(char for char in folded if not invisible(char)).split())


def fitted(folded, length):
    if len(folded) <= length:
        return folded
    digest = hashlib.sha256(folded.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"{folded[: length - len(digest) - 1]}#{digest}"


# --- the names of one list, one each ---------------------------------------------------------

PLAYER, MEMBER, SEASON, CLUB, EVENING = 30, 30, 40, 60, 60
MEMBER_KEY, SEASON_KEY = 40, 60


def one_each(names: list, most: int, empty: Callable[[int], str], squeeze=False) -> list:
    """Each name as the rule keeps it; a name that repeats an earlier one (by key) numbered."""
    found: list = []
    for at, name in enumerate(names):
        if not isinstance(name, str):
            found.append(name)
            continue
        name = shown(name)
        if squeeze:
            name = " ".join(name.split())
        name = name[:most].strip() or empty(at)
        base, number = name, 1
        while any(isinstance(n, str) and key(n) == key(name) for n in found):
            number += 1
            suffix = f" {number}"
            name = base[: most - len(suffix)].rstrip() + suffix
        found.append(name)
    return found


def player(at: int) -> str:
    return f"Player {at + 1}"


# --- the tables -------------------------------------------------------------------------------

game = sa.table("game", sa.column("id", sa.Integer), sa.column("setup", sa.JSON))
evening = sa.table("evening", sa.column("id", sa.Integer), sa.column("setup", sa.JSON))
evening_table = sa.table(
    "evening_table", sa.column("evening_id", sa.Integer), sa.column("game_id", sa.Integer)
)
club = sa.table("club", sa.column("id", sa.Integer), sa.column("name", sa.String))
member = sa.table(
    "member",
    sa.column("id", sa.Integer),
    sa.column("club_id", sa.Integer),
    sa.column("name", sa.String),
    sa.column("name_key", sa.String),
    sa.column("merged_into_id", sa.Integer),
)
member_name = sa.table(
    "member_name",
    sa.column("id", sa.Integer),
    sa.column("member_id", sa.Integer),
    sa.column("name", sa.String),
    sa.column("until", sa.DateTime),
)
season = sa.table(
    "season",
    sa.column("id", sa.Integer),
    sa.column("club_id", sa.Integer),
    sa.column("name", sa.String),
    sa.column("name_key", sa.String),
)


def _players(setup):
    players = setup.get("players") if isinstance(setup, dict) else None
    return players if isinstance(players, list) else None


def _games(bind) -> None:
    """Each evening's players and name, and its tables' games' players by the same renaming;
    then every other game's players."""
    renamed_games: set = set()
    tables: dict = {}
    for row in bind.execute(sa.select(evening_table.c.evening_id, evening_table.c.game_id)):
        tables.setdefault(row.evening_id, []).append(row.game_id)
    for row in bind.execute(sa.select(evening.c.id, evening.c.setup)).all():
        setup, players = row.setup, _players(row.setup)
        if players is None:
            continue
        now = one_each(players, PLAYER, player)
        mapping = {old: new for old, new in zip(players, now) if isinstance(old, str)}
        name = setup.get("name")
        if isinstance(name, str):
            (name,) = one_each([name], EVENING, lambda _at: f"Evening {row.id}", squeeze=True)
        if now != players or name != setup.get("name"):
            cleaned = {**setup, "players": now, "name": name}
            bind.execute(evening.update().where(evening.c.id == row.id).values(setup=cleaned))
        for game_id in tables.get(row.id, []):
            _game(bind, game_id, mapping)
            renamed_games.add(game_id)
    for row in bind.execute(sa.select(game.c.id)).all():
        if row.id not in renamed_games:
            _game(bind, row.id, {})


def _game(bind, game_id: int, mapping: dict) -> None:
    setup = bind.execute(sa.select(game.c.setup).where(game.c.id == game_id)).scalar()
    players = _players(setup)
    if players is None:
        return
    if all(isinstance(p, str) and p in mapping for p in players):
        now = [mapping[p] for p in players]
    else:
        now = one_each(players, PLAYER, player)
    if now != players:
        bind.execute(game.update().where(game.c.id == game_id).values(setup={**setup, "players": now}))


def _clubs(bind) -> None:
    for row in bind.execute(sa.select(club.c.id, club.c.name)).all():
        (name,) = one_each([row.name], CLUB, lambda _at: f"Club {row.id}")
        if name != row.name:
            bind.execute(club.update().where(club.c.id == row.id).values(name=name))


def _members(bind, club_id: int, at: datetime) -> None:
    """The club's members: those not merged away named one each and keyed; the merged ones'
    names as the rule keeps them (they have no key: their names are free)."""
    rows = bind.execute(
        sa.select(member.c.id, member.c.name, member.c.merged_into_id)
        .where(member.c.club_id == club_id)
        .order_by(member.c.id)
    ).all()
    keyed = [r for r in rows if r.merged_into_id is None]
    names = one_each([r.name for r in keyed], MEMBER, lambda at_: f"Member {keyed[at_].id}")
    bind.execute(member.update().where(member.c.club_id == club_id).values(name_key=None))
    for row, name in zip(keyed, names):
        was = shown(row.name)
        if was and key(name) != key(was):  # numbered: the name it had stays in its history
            bind.execute(
                member_name.insert().values(member_id=row.id, name=was, until=at)
            )
        bind.execute(
            member.update()
            .where(member.c.id == row.id)
            .values(name=name, name_key=fitted(key(name), MEMBER_KEY))
        )
    for row in rows:
        if row.merged_into_id is not None:
            (name,) = one_each([row.name], MEMBER, lambda _at: f"Member {row.id}")
            if name != row.name:
                bind.execute(member.update().where(member.c.id == row.id).values(name=name))


def _seasons(bind, club_id: int) -> None:
    rows = bind.execute(
        sa.select(season.c.id, season.c.name).where(season.c.club_id == club_id).order_by(season.c.id)
    ).all()
    names = one_each([r.name for r in rows], SEASON, lambda at_: f"Season {rows[at_].id}")
    for row in rows:  # a key no name has (a key never holds an invisible character) meanwhile
        bind.execute(season.update().where(season.c.id == row.id).values(name_key=f"\u200b{row.id}"))
    for row, name in zip(rows, names):
        bind.execute(
            season.update()
            .where(season.c.id == row.id)
            .values(name=name, name_key=fitted(key(name), SEASON_KEY))
        )


def upgrade() -> None:
    """Every stored name as the rule keeps it, and the register's and seasons' keys."""
    bind = op.get_bind()
    at = datetime.now(timezone.utc).replace(tzinfo=None)
    _games(bind)
    _clubs(bind)
    for (club_id,) in bind.execute(sa.select(club.c.id)).all():
        _members(bind, club_id, at)
        _seasons(bind, club_id)
    for row in bind.execute(sa.select(member_name.c.id, member_name.c.name)).all():
        (name,) = one_each([row.name], MEMBER, lambda _at: "?")
        if name != row.name:
            bind.execute(member_name.update().where(member_name.c.id == row.id).values(name=name))


def downgrade() -> None:
    """The names stay as the rule keeps them; the keys are the earlier rule's again (trimmed,
    case folded), cut to their columns."""
    bind = op.get_bind()
    bind.execute(member.update().values(name_key=None))
    for row in bind.execute(sa.select(member.c.id, member.c.name, member.c.merged_into_id)).all():
        if row.merged_into_id is None:
            old = row.name.strip().casefold()[:MEMBER_KEY]
            bind.execute(member.update().where(member.c.id == row.id).values(name_key=old))
    for row in bind.execute(sa.select(season.c.id)).all():
        bind.execute(season.update().where(season.c.id == row.id).values(name_key=f"\u200b{row.id}"))
    for row in bind.execute(sa.select(season.c.id, season.c.name)).all():
        old = row.name.strip().casefold()[:SEASON_KEY]
        bind.execute(season.update().where(season.c.id == row.id).values(name_key=old))
