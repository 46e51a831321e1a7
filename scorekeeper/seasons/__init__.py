"""A club's season, worked out from its evenings and games: the season table by the season's
rule, and the members' ratings. Pure Python: no Flask, no database; nothing here is stored,
every table and rating is derived again from the games' logs."""

from scorekeeper.seasons.player import Meeting, Story, TableGame, story
from scorekeeper.seasons.ratings import GameResult, Rating, Ratings, Step, replay
from scorekeeper.seasons.table import (
    ABSENCES,
    AVERAGE,
    BEST,
    LOWEST,
    NO_SCORE,
    OWN_AVERAGE,
    RULES,
    TOTAL,
    Cell,
    Cells,
    EveningResult,
    Prepared,
    SeasonRow,
    SeasonRule,
    SeasonTable,
    prepare,
    season_table,
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
    "SeasonRow",
    "SeasonRule",
    "SeasonTable",
    "Step",
    "Story",
    "TableGame",
    "prepare",
    "replay",
    "season_table",
    "story",
]
