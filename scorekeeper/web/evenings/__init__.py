"""Club evenings' pages: a new evening, its page (the plan round by round, each table's game,
the standings), starting a round, and the projector view. Nothing here names a game: the
evening's game is looked up in the registries like any other page's."""

from scorekeeper.web.evenings.routes import bp

__all__ = ["bp"]
