"""Where the evenings' points were formatted before their routes were split by job (issue 36):
kept only for ``web/clubs/season_prints.py``, which may not be edited until the ``derive``
branch is merged; import :func:`scorekeeper.web.evenings.formatting.points` instead, and remove
this module then."""

from scorekeeper.web.evenings.formatting import points

__all__ = ["points"]
