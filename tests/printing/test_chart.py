"""A game's printed sheet carries its score progression so far (a line per player, names at the
ends), finished or in play; a blank sheet, or one of a game with nothing scored yet, does not."""

from __future__ import annotations

from pathlib import Path

from scorekeeper import printing, records
from scorekeeper.games.registry import game_for
from scorekeeper.printing.chart import progression_chart
from tests.printing.pdfs import Pdf, one_line

FULL = Path(__file__).parent.parent / "records" / "modern-full-history.json"


def test_a_sheet_has_the_chart_finished_or_in_play_but_not_before_anything_is_scored():
    record = records.loads(FULL.read_bytes())
    sheet = printing.printer_for("bismarck").sheet
    finished = Pdf(sheet(record.state, paper="a4", url=None, date=None))
    assert finished.pages == 1
    assert "Score progression" in one_line(finished.text)
    rules = game_for("bismarck")
    in_play = rules.replay(record.setup, record.events[:-1]).state
    assert not in_play.finished
    playing = Pdf(sheet(in_play, paper="a4", url=None, date=None))
    assert playing.pages == 1 and "Score progression" in one_line(playing.text)
    drawing = progression_chart(in_play, 400)
    lines = [shape for shape in drawing.contents if type(shape).__name__ == "PolyLine"]
    scored = sum(1 for deal in in_play.deals if deal.scored)
    assert scored < 12 and all(len(line.points) == 2 * (scored + 1) for line in lines)
    fresh = rules.replay(record.setup, ()).state
    assert progression_chart(fresh, 400) is None
    nothing = Pdf(sheet(fresh, paper="a4", url=None, date=None))
    assert "Score progression" not in one_line(nothing.text)


def test_the_chart_draws_a_line_per_player_through_every_deal():
    record = records.loads(FULL.read_bytes())
    drawing = progression_chart(record.state, 400)
    assert drawing is not None
    lines = [shape for shape in drawing.contents if type(shape).__name__ == "PolyLine"]
    assert len(lines) == 3 and all(len(line.points) == 2 * 13 for line in lines)
    labels = [s.text for s in drawing.contents if type(s).__name__ == "String"]
    assert set(record.state.players) <= set(labels)
    # The highest ends are the highest totals (here Ben and Carla share the win, +1 each).
    ends = {label.text: label.y for label in drawing.contents if type(label).__name__ == "String"}
    top = max(record.state.totals)
    best = {
        name
        for name, total in zip(record.state.players, record.state.totals, strict=True)
        if total == top
    }
    by_height = sorted(record.state.players, key=lambda name: -ends[name])
    assert set(by_height[: len(best)]) == best
