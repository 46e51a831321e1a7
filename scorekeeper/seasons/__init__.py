"""A club's season, worked out from its evenings and games: the season table by the season's
rule, and the members' ratings. Pure Python: no Flask, no database; nothing here is stored,
every table and rating is derived again from the games' logs."""

from scorekeeper.seasons.member_rows import Cells
from scorekeeper.seasons.player import Meeting, Story, TableGame, story
from scorekeeper.seasons.prepared import Prepared, prepare
from scorekeeper.seasons.ratings import (
    GameResult,
    Rating,
    Ratings,
    RatingsRun,
    Step,
    replay,
    run,
)
from scorekeeper.seasons.table import season_table
from scorekeeper.seasons.table_types import (
    ABSENCES,
    AVERAGE,
    BEST,
    LOWEST,
    NO_SCORE,
    OWN_AVERAGE,
    RULES,
    TOTAL,
    Cell,
    EveningResult,
    SeasonRow,
    SeasonRule,
    SeasonTable,
)

__all__ = [
    "ABSENCES",
    "AVERAGE",
    "BEST",
    "LOWEST",
    "NO_SCORE",
    "OWN_AVERAGE",
    "RULES",
    "TOTAL",
    "Cell",
    "Cells",
    "EveningResult",
    "GameResult",
    "Meeting",
    "Prepared",
    "Rating",
    "Ratings",
    "RatingsRun",
    "SeasonRow",
    "SeasonRule",
    "SeasonTable",
    "Step",
    "Story",
    "TableGame",
    "prepare",
    "replay",
    "run",
    "season_table",
    "story",
]
