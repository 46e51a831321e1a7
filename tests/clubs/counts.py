"""How many rows each of a club's tables holds: what an import or a refused one left behind."""

from __future__ import annotations

import sqlalchemy as sa

from scorekeeper.data import models
from scorekeeper.data.db import db

TABLES = (
    models.Club,
    models.Member,
    models.MemberName,
    models.ClubEvening,
    models.OrganiserAction,
    models.Season,
    models.Evening,
    models.EveningTable,
    models.Game,
    models.Event,
)


def counts() -> dict[str, int]:
    return {
        t.__tablename__: db.session.execute(sa.select(sa.func.count()).select_from(t)).scalar_one()
        for t in TABLES
    }
