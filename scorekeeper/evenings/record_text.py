"""A read evening record as the terminal shows it (``scorekeeper score``): its standings as a
text table, in the current words, and points as the terminal writes them (a club's season
tables too, :mod:`scorekeeper.clubs.record_text`). The record itself is
:mod:`scorekeeper.evenings.record`."""

from __future__ import annotations

from fractions import Fraction

from scorekeeper.evenings.record import EveningRecord, evening_standings
from scorekeeper.evenings.standings import TOTALS
from scorekeeper.games.text import gettext as _
from scorekeeper.games.text import ngettext
from scorekeeper.records.text import table


def points_text(value: Fraction, signed: bool = False) -> str:
    """Points as the terminal shows them: ``12``, ``1½``, ``-3``, ``2.33``."""
    sign = "-" if value < 0 else "+" if signed and value > 0 else ""
    whole, rest = divmod(abs(value), 1)
    if rest == 0:
        return f"{sign}{whole}"
    if rest == Fraction(1, 2):
        return f"{sign}{whole or ''}½"
    return f"{sign}{float(abs(value)):.2f}"


def standings_text(read: EveningRecord) -> str:
    """The evening's standings as a text table for the terminal (shared places as ``=2``),
    in the current words."""
    found = evening_standings(read)
    signed = found.scoring == TOTALS
    rows = [
        [
            f"={row.place}" if row.shared else str(row.place),
            row.name,
            points_text(row.points, signed),
            str(row.games),
            str(row.wins),
        ]
        for row in found.rows
    ]
    headers = [_("Place"), _("Player"), _("Points"), _("Games"), _("Wins")]
    started = len({r for r, _n, _g in read.tables})
    lines = [
        read.setup.name,
        _(
            "%(game)s · round %(n)s of %(count)s",
            game=read.setup.game.title,
            n=started,
            count=read.setup.rounds,
        ),
        "",
        *table(headers, rows, right={0, 2, 3, 4}),
    ]
    if read.closed_at is not None:
        lines.append("")
        lines.append(_("This evening is closed: its results are final."))
    if found.provisional:
        lines.append("")
        lines.append(
            ngettext(
                "%(num)d game is still being played: the standings count it as it stands.",
                "%(num)d games are still being played: the standings count them as they stand.",
                found.in_play,
            )
        )
    return "\n".join(lines) + "\n"
