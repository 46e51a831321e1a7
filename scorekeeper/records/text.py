"""A game's sheet as text: padded tables for the terminal, and CSV for spreadsheets."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from scorekeeper.games.text import gettext, signed
from scorekeeper.records.problems import is_int


def plain_signed(value: int) -> str:
    """A score with its sign in plain text (a terminal, a spreadsheet): ``+4``, ``-5``, ``0``."""
    return signed(value, minus="-")


def each(columns: Sequence[str], names: Sequence[str], key: str = "name") -> list[str]:
    """The headings of columns that a table has once per player (or pair), in the current
    words: ``columns`` are message ids (marked with ``N_``) with ``%(name)s`` (or ``key``),
    each given for every name in turn: ``Score Anna, Score Ben, Total Anna, Total Ben``."""
    return [gettext(column, **{key: name}) for column in columns for name in names]


def table(
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    right: set[int],
    groups: Sequence[tuple[str, int, int]] = (),
) -> list[str]:
    """Columns padded to fit; ``groups`` label column ranges ``[start, end)`` above the header."""
    count = len(headers)
    padded = [[*row, *[""] * (count - len(row))] for row in rows]
    widths = [max([len(headers[i]), *(len(row[i]) for row in padded)]) for i in range(count)]

    def line(cells: Sequence[str]) -> str:
        parts = [
            cell.rjust(width) if i in right else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    lines = []
    if groups:
        starts = [sum(widths[:i]) + 2 * i for i in range(count)]
        label_line = ""
        for label, start, end in groups:
            left = starts[start]
            span = starts[end - 1] + widths[end - 1] - left
            label_line = label_line.ljust(left) + label.center(span).rstrip()
        lines.append(label_line.rstrip())
    lines.append(line(headers))
    lines.append("  ".join("-" * width for width in widths))
    lines.extend(line(row) for row in padded)
    return lines


def csv_text(header: Sequence[Any], rows: Sequence[Sequence[Any]]) -> str:
    """A header row and rows as CSV: UTF-8 text with a byte-order mark, so that spreadsheets
    open it with the right encoding. Text cells that a spreadsheet would take for a formula get
    a leading apostrophe; ``None`` is an empty cell."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([_csv_cell(cell) for cell in header])
    writer.writerows([[_csv_cell(cell) for cell in row] for row in rows])
    return "\ufeff" + out.getvalue()


def _csv_cell(value: Any) -> str | int:
    if value is None:
        return ""
    if is_int(value):
        return value
    text = str(value)
    if text[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + text
    return text
