"""A game's score progression on its printed sheet (finished or in play, from its first scored
deal or hand, as on its page): a line per player or pair through its running totals, deal by
deal, each line with its own dash pattern and its name at its end (legible in black and white).
Drawn from the game's :class:`~scorekeeper.games.scoreboard.Scoreboard`, so it names no game;
the table above it has the same numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.graphics.shapes import Drawing, Line, PolyLine, String
from reportlab.lib import colors
from reportlab.lib.units import mm

from scorekeeper.games.registry import UnknownGame, game_for
from scorekeeper.printing import common
from scorekeeper.printing.common import GREY, LINE, RED, Fonts

#: Each line's colour and dash pattern, in side order (then again).
LINE_STYLES = (
    (colors.black, None),
    (RED, (4, 2)),
    (GREY, (1, 2)),
    (colors.black, (6, 2, 1, 2)),
)
HEIGHT = 38 * mm
LABELS = 26 * mm
AXIS = 9 * mm


def progression_chart(state: Any, width: float) -> Drawing | None:
    """The chart of a game so far (None before anything is scored, or for a game the registry
    does not know): ``width`` points wide."""
    try:
        rules = game_for(state.kind)
    except (UnknownGame, AttributeError):
        return None
    board = rules.scoreboard(state)
    if not board.deals:
        return None
    names = [" & ".join(state.players[seat] for seat in seats) for seats in board.sides]
    series = [[0, *(row[side] for row in board.deals)] for side in range(len(board.sides))]
    low = min(0, *(v for values in series for v in values))
    high = max(0, *(v for values in series for v in values))
    if low == high:
        high = low + 1
    font = common.fonts()  # looked up when drawn: the printing benchmark swaps it
    # Its initial font the sheet's, not Helvetica (which the PDF would name but not embed).
    drawing = Drawing(width, HEIGHT, initialFontName=font.regular)
    left, right, bottom, top = AXIS, width - LABELS, 4 * mm, HEIGHT - 2 * mm
    count = len(series[0])

    def x(i: int) -> float:
        return left + (right - left) * i / (count - 1)

    def y(v: float) -> float:
        return bottom + (top - bottom) * (v - low) / (high - low)

    for value in sorted({low, 0, high}):
        drawing.add(Line(left, y(value), right, y(value), strokeColor=LINE, strokeWidth=0.4))
        label = str(value).replace("-", "−")
        drawing.add(
            String(
                left - 1.5,
                y(value) - 2.2,
                label,
                fontName=font.regular,
                fontSize=6.5,
                textAnchor="end",
                fillColor=GREY,
            )
        )
    ends: list[tuple[float, int]] = []
    for side, values in enumerate(series):
        colour, dash = LINE_STYLES[side % len(LINE_STYLES)]
        points = [coordinate for i, v in enumerate(values) for coordinate in (x(i), y(v))]
        line = PolyLine(points, strokeColor=colour, strokeWidth=1.3)
        if dash is not None:
            line.strokeDashArray = dash
        drawing.add(line)
        ends.append((y(values[-1]), side))
    _end_names(drawing, ends, names, right + 2, font)
    return drawing


def _end_names(
    drawing: Drawing, ends: list[tuple[float, int]], names: Sequence[str], x: float, font: Fonts
) -> None:
    """The names at the lines' ends (``ends``: height and side), at least 8 points apart."""
    placed: list[tuple[float, int]] = []
    for at, side in sorted(ends):
        placed.append((max(at, placed[-1][0] + 8) if placed else at, side))
    for at, side in placed:
        colour, _dash = LINE_STYLES[side % len(LINE_STYLES)]
        drawing.add(
            String(x, at - 2.4, names[side], fontName=font.bold, fontSize=7, fillColor=colour)
        )
