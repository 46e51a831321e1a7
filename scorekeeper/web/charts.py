"""Charts as small inline SVG, drawn on the server (no JavaScript, no library): a game's score
progression and an evening's running places. Each chart is a picture of a table the page
also shows in numbers (the score sheet, the standings): ``role="img"`` with a title and a
description that says so. Its looks are the shared stylesheet's (``.chart`` in ``app.css``:
the page's colour variables, so light and dark both work; no inline style). Every line also has
its own dash pattern and an end label, so it reads in black and white.

A game page shows its chart from the first scored deal or hand, in play as well as finished.
The game pages have a budget (under 30 KB with their style and script), so the markup is
spare: coordinates in whole units, one path per line and one for the grid, attributes
unquoted where HTML allows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from flask_babel import gettext as _
from markupsafe import Markup

from scorekeeper.table.services import LoadedGame

WIDTH, HEIGHT = 340, 190
LEFT, RIGHT, TOP, BOTTOM = 34, 78, 10, 22
#: Lines of a chart are told apart by these many styles (colour and dash), then repeat.
STYLES = 6
#: The least vertical distance between two end labels.
LABEL_GAP = 11
#: The classes of a chart's lines (colour and dash, in ``app.css``): ``c0`` … ``c5``.
LINE_CLASS = "c"
PLOT_WIDTH, PLOT_HEIGHT = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM


def progression(
    names: Sequence[str | Sequence[str]],
    steps: Sequence[Sequence[float]],
    *,
    title: str,
    description: str,
    places: bool = False,
    first: int = 0,
    ident: str = "chart",
    zero: bool = True,
) -> Markup:
    """A line per name through its values step by step (``steps[i][side]``: after each deal,
    round or game); a name given as several lines (a pair: one partner a line) is labelled
    so, each line cut short on its own rather than the whole cut after its first letters.
    Totals start from 0 before step 1 (``first=0``); with ``places`` the axis runs from 1 at
    the top down to the last place, and the lines start at step ``first`` itself. ``ident``
    makes the chart's element ids unique on its page. Without ``zero`` the values are levels
    rather than totals (a rating): the first is where the line starts, and the axis spans only
    what they reach."""
    series = [[row[side] for row in steps] for side in range(len(names))]
    if not places and zero:
        series = [[0, *values] for values in series]
    frame = _Frame.of(series, len(names), places=places, zero=zero)
    parts = [
        f'<svg class=chart viewBox="0 0 {WIDTH} {HEIGHT}" role=img '
        f'aria-labelledby="{ident}-t {ident}-d">',
        f"<title id={ident}-t>{escape(title)}</title>",
        f"<desc id={ident}-d>{escape(description)}</desc>",
        *_axis(frame, first),
    ]
    ends: list[tuple[float, int]] = []
    for side, values in enumerate(series):
        points = " ".join(f"{_at(frame.x(i))} {_at(frame.y(v))}" for i, v in enumerate(values))
        parts.append(f'<path class={LINE_CLASS}{side % STYLES} d="M{points}"/>')
        if values:
            ends.append((frame.y(values[-1]), side))
    parts += _end_labels(ends, names)
    parts.append("</svg>")
    return Markup("".join(parts))


@dataclass(frozen=True)
class _Frame:
    """Where a chart's steps and values go: ``count`` steps across, values from ``low`` to
    ``high`` (with ``places``, place 1 at the top)."""

    count: int
    low: float
    high: float
    places: bool
    #: The axis runs through 0 (totals); otherwise only over the values (levels).
    zero: bool = True

    @classmethod
    def of(
        cls, series: Sequence[Sequence[float]], sides: int, *, places: bool, zero: bool = True
    ) -> _Frame:
        count = len(series[0]) if series else 0
        everything = [v for values in series for v in values]
        low: float
        high: float
        if places:
            low, high = 1, max([sides, *everything])
        else:
            floor = [0] if zero else []
            low, high = min([*floor, *everything]), max([*floor, *everything])
        if low == high:
            high = low + 1
        return cls(count, low, high, places, zero)

    def x(self, i: int) -> float:
        return LEFT + (PLOT_WIDTH * i / (self.count - 1) if self.count > 1 else PLOT_WIDTH / 2)

    def y(self, v: float) -> float:
        span = self.high - self.low
        share = (v - self.low) / span if self.places else (self.high - v) / span
        return TOP + PLOT_HEIGHT * share


def _axis(frame: _Frame, first: int) -> list[str]:
    """The axis: the top and bottom values, zero (or place 1), and the steps along the foot."""
    ticks = sorted({frame.low, frame.high, *((0,) if frame.zero and not frame.places else ())})
    grid = "".join(f"M{LEFT} {_at(frame.y(value))}H{LEFT + PLOT_WIDTH}" for value in ticks)
    parts = [f'<path class=g d="{grid}"/>']
    for value in ticks:
        parts.append(
            f"<text class=e x={LEFT - 4} y={_at(frame.y(value) + 4)}>{_number(value)}</text>"
        )
    step = max(1, (frame.count - 1) // 6 + 1)
    for i in range(0 if frame.places else 1, frame.count, step):
        label = first + i if frame.places else i
        parts.append(f"<text class=m x={_at(frame.x(i))} y={HEIGHT - 6}>{label}</text>")
    return parts


def _end_labels(
    ends: Sequence[tuple[float, int]], names: Sequence[str | Sequence[str]]
) -> list[str]:
    """The names at the lines' ends (``ends``: height and side), nudged apart so that close
    lines' names do not overlap; a name of several lines takes a gap a line."""
    labels = [[name] if isinstance(name, str) else list(name) for name in names]
    rows = sum(len(labels[side]) for _at_, side in ends)
    gap = min(LABEL_GAP, (HEIGHT - TOP) / max(1, rows))  # many names: closer, still inside
    placed: list[tuple[float, int]] = []
    below = 0.0  # where the next label may start: under the last one's last line
    for at, side in sorted(ends):
        top = max(at, below) if placed else at
        placed.append((top, side))
        below = top + gap * len(labels[side])
    overflow = below - gap - (HEIGHT - 8) if placed else 0
    if overflow > 0:  # pushed past the foot: move them all up, keeping their gaps
        placed = [(at - overflow, side) for at, side in placed]
    x = LEFT + PLOT_WIDTH + 4
    return [_label(x, at, labels[side], gap) for at, side in placed]


def _label(x: int, at: float, lines: Sequence[str], gap: float) -> str:
    """An end label: its first line at ``at``, each further line ``gap`` below."""
    first, *more = (escape(_short(line)) for line in lines)
    after = "".join(f"<tspan x={x} dy={_at(gap)}>{line}</tspan>" for line in more)
    return f"<text class=n x={x} y={_at(at + 4)}>{first}{after}</text>"


def _at(value: float) -> str:
    """A coordinate in whole units of the 340-unit-wide chart (well under a pixel on a phone):
    the page budget counts every byte of a long game's lines."""
    return str(round(value))


def _number(value: float) -> str:
    whole = int(value)
    shown = str(whole) if whole == value else f"{value:.1f}"
    return shown.replace("-", "−")


#: The room for an end label, in ems of its font (10 units of the 340-unit chart): the right
#: margin less the gap before it.
LABEL_ROOM = (RIGHT - 4) / 10
_NARROW, _WIDE = set("fijlrtI.,:;'!|() -"), set("mwMW@…")


def _width(text: str) -> float:
    """About how wide ``text`` is in the labels' bold font, in ems (a wide sans serif's widths,
    so that a label fits in narrower fonts too)."""
    return sum(
        0.42 if c in _NARROW else 1.0 if c in _WIDE else 0.78 if c.isupper() else 0.7 for c in text
    )


def _short(name: str, room: float = LABEL_ROOM) -> str:
    """``name``, or as much of it as fits in ``room`` (ems) followed by "…"."""
    if _width(name) <= room:
        return name
    while name and _width(name + "…") > room:
        name = name[:-1]
    return name.rstrip() + "…"


def _partners(names: Sequence[str]) -> str | tuple[str, ...]:
    """A side's end label: a player's name, or a pair's names a line each ("Eva &",
    "Wilhelmina"), so that a pair's second name is not the one cut short."""
    if len(names) == 1:
        return names[0]
    room = LABEL_ROOM - _width(" &")
    return (*(f"{_short(name, room)} &" for name in names[:-1]), names[-1])


def game_chart(game: LoadedGame) -> Markup:
    """A game's score progression, in play or finished (empty before its first scored deal or
    hand): each side's running total after each deal or hand, a pair's line named by both
    partners."""
    board = game.rules.scoreboard(game.state)
    if not board.deals:
        return Markup("")
    players = game.setup.players
    names = [_partners([players[seat] for seat in seats]) for seats in board.sides]
    if game.rules.noun == "deal":
        description = _(
            "Each player's running total after each deal, from 0 before the first; the score "
            "sheet has the same numbers."
        )
    else:
        description = _(
            "Each player's (or pair's) running total after each hand, from 0 before the first; "
            "the score sheet has the same numbers."
        )
    return progression(
        names, board.deals, title=_("Score progression"), description=description, ident="score"
    )


def rating_chart(name: str, ratings: Sequence[int]) -> Markup:
    """A member's rating before their first game and after each since (``ratings``); empty
    before a second point."""
    if len(ratings) < 2:
        return Markup("")
    return progression(
        [name],
        [[value] for value in ratings],
        title=_("Rating over time"),
        description=_(
            "The rating before the first game and after each game since; the list below has "
            "the same numbers."
        ),
        ident="rating",
        zero=False,
    )


def evening_chart(
    names: Sequence[str], rounds: Sequence[int], places: Sequence[Sequence[int]]
) -> Markup:
    """Each player's place after each round of an evening (``places[player][i]`` after
    ``rounds[i]``); empty before a second round counts."""
    if len(rounds) < 2:
        return Markup("")
    by_round = [[places[p][i] for p in range(len(names))] for i in range(len(rounds))]
    return progression(
        names,
        by_round,
        title=_("Place after each round"),
        description=_(
            "Each player's place after each round; the table below has the same numbers."
        ),
        places=True,
        first=rounds[0],
        ident="places",
    )


#: How many members a season's chart draws: the top of the table (more would be a tangle).
SEASON_LINES = 8
#: The shapes that mark a member's evenings in a season's chart, a shape a member (filled or
#: hollow, in the text's colour): with the line's dash, told apart in black and white too.
MARKERS = ("o", "s", "t", "d", "O", "S", "v", "D")


def _marker(shape: str, x: float, y: float) -> str:
    """A marker centred on ``x``, ``y``: a circle, square, triangle (up or down) or diamond;
    a capital letter is the hollow one."""
    fill = "fill=none stroke=currentColor stroke-width=1.3" if shape.isupper() else ""
    fill = fill or "fill=currentColor"
    kind = shape.lower()
    if kind == "o":
        return f"<circle cx={_at(x)} cy={_at(y)} r=3 {fill} />"
    if kind == "s":
        return f"<rect x={_at(x - 3)} y={_at(y - 3)} width=6 height=6 {fill} />"
    corners = {
        "t": ((0, -4), (4, 3), (-4, 3)),
        "v": ((0, 4), (4, -3), (-4, -3)),
        "d": ((0, -4), (4, 0), (0, 4), (-4, 0)),
    }[kind]
    points = " ".join(f"{_at(x + dx)},{_at(y + dy)}" for dx, dy in corners)
    return f'<polygon points="{points}" {fill} />'


def season_chart(
    names: Sequence[str], places: Sequence[Sequence[int | None]], *, ident: str = "season"
) -> Markup:
    """Each member's place at each evening of a season (``places[member][evening]``, None
    where they missed it), a line a member (broken where they missed an evening), a marker
    at each evening they played and their name at their last; place 1 at the top. Empty
    before a season's second evening, or without a member who played one."""
    count = len(places[0]) if places else 0
    if count < 2 or not any(at is not None for row in places for at in row):
        return Markup("")
    shown = [[at for at in row if at is not None] for row in places]
    frame = _Frame.of([[1, *row] for row in shown], 1, places=True)
    frame = _Frame(count, frame.low, frame.high, True)
    parts = [
        f'<svg class=chart viewBox="0 0 {WIDTH} {HEIGHT}" role=img '
        f'aria-labelledby="{ident}-t {ident}-d">',
        f"<title id={ident}-t>{escape(_('Place at each evening'))}</title>",
        f"<desc id={ident}-d>"
        + escape(
            _(
                "The places of the top %(num)d members at each evening: a line and a shape "
                "each, broken where they missed an evening; the season table gives each "
                "member's places too.",
                num=len(names),
            )
        )
        + "</desc>",
        *_axis(frame, 1),
    ]
    parts += _season_markers(ident, len(places))
    ends: list[tuple[float, int]] = []
    for member, row in enumerate(places):
        drawn = _season_line(frame, row)
        if drawn is None:
            continue
        path, end = drawn
        ends.append((end, member))
        mark = f"url(#{ident}-m{member})"
        parts.append(
            f'<path class={LINE_CLASS}{member % STYLES} d="{path}" '
            f'marker-start="{mark}" marker-mid="{mark}" marker-end="{mark}"/>'
        )
    parts += _season_labels(ends, names)
    parts.append("</svg>")
    return Markup("".join(parts))


def _season_markers(ident: str, members: int) -> list[str]:
    """Each member's shape as an SVG marker, drawn by the browser at every evening of their
    line: a long season's markers cost no bytes an evening."""
    parts = ["<defs>"]
    for member in range(members):
        shape = _marker(MARKERS[member % len(MARKERS)], 0, 0)
        parts.append(
            f'<marker id={ident}-m{member} viewBox="-5 -5 10 10" markerWidth=10 '
            f"markerHeight=10 markerUnits=userSpaceOnUse>{shape}</marker>"
        )
    parts.append("</defs>")
    return parts


def _season_line(frame: _Frame, row: Sequence[int | None]) -> tuple[str, float] | None:
    """A member's line through their places (a new stroke after each missed evening) and the
    height of its last point; None when they played no evening."""
    line: list[str] = []
    last: int | None = None
    end = 0.0
    for i, at in enumerate(row):
        if at is None:
            continue
        x, y = frame.x(i), frame.y(at)
        if last == i - 1:
            line.append(f"L{_at(x)} {_at(y)}")
        else:  # after a missed evening: a new stroke (h0: an evening alone still shows)
            line.append(f"M{_at(x)} {_at(y)}")
            if i + 1 >= len(row) or row[i + 1] is None:
                line.append("h0")
        last, end = i, y
    if last is None:
        return None
    return "".join(line), end


def _season_labels(ends: Sequence[tuple[float, int]], names: Sequence[str]) -> list[str]:
    """The members' names in the right margin at their lines' last evenings, each after its
    member's shape (the chart's key in black and white), nudged apart as :func:`_end_labels`
    does."""
    gap = min(LABEL_GAP, (HEIGHT - TOP) / max(1, len(ends)))
    placed: list[tuple[float, int]] = []
    below = 0.0
    for at, member in sorted(ends):
        top = max(at, below) if placed else at
        placed.append((top, member))
        below = top + gap
    overflow = below - gap - (HEIGHT - 8) if placed else 0
    if overflow > 0:
        placed = [(at - overflow, member) for at, member in placed]
    # The shape clear of the lines' last markers (at the plot's right edge), the name after it.
    x = LEFT + PLOT_WIDTH + 14
    room = (RIGHT - 22) / 10
    return [
        _marker(MARKERS[member % len(MARKERS)], x, at)
        + f"<text class=n x={x + 7} y={_at(at + 4)}>{escape(_short(names[member], room))}</text>"
        for at, member in placed
    ]
