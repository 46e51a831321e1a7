"""The season table on paper (scorekeeper.printing.season): one page however big the season
(40 members and 20 evenings), on A4 and Letter, its rows in order with their values, in English
and Swedish, sound and with its fonts embedded."""

from __future__ import annotations

import random
import re
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.languages.locales import words_for
from scorekeeper.printing.season import (
    SeasonCell,
    SeasonEvening,
    SeasonLine,
    place_text,
    season_pdf,
)
from tests.printing.pdfs import A4, LETTER, Pdf, require_tool, run_at

NAMES = [
    "Anna Lindqvist", "Ben Okafor", "Carla Mägi", "Dag Hammarskiöld", "Eva Ström",
    "Fredrik Åberg", "Gunilla Öst", "Hassan Ali", "Ingrid Bergman", "Jonas Kallio",
]  # fmt: skip


def big_season(members: int = 40, evenings: int = 20, seed: int = 7):
    """A season of ``members`` and ``evenings``: each member misses about one evening in four,
    some results are left out by the rule, places are shared now and then."""
    chance = random.Random(seed)
    shown = [
        SeasonEvening(f"Torsdag vecka {i + 1}", f"2026-03-{i + 1:02d}") for i in range(evenings)
    ]
    lines = []
    for m in range(members):
        cells = tuple(
            None
            if chance.random() < 0.25
            else SeasonCell(
                chance.randint(1, members), f"−{chance.randint(10, 199)}", chance.random() < 0.8
            )
            for _ in range(evenings)
        )
        played = sum(c is not None for c in cells)
        name = f"{NAMES[m % len(NAMES)]} {m + 1}"
        lines.append(
            SeasonLine(m + 1, m % 9 == 4, name, str(900 - 7 * m), played, min(played, 15), cells)
        )
    return shown, lines


def _row(line: SeasonLine) -> tuple[str, ...]:
    """A row's cells as the PDF's text reads them left to right."""
    played = (
        str(line.evenings) if line.counted == line.evenings else f"{line.evenings} ({line.counted})"
    )
    cells: list[str] = []
    for at in line.cells:
        if at is not None:
            cells += [str(at.place), at.points if at.counts else f"({at.points})"]
    return (place_text(line.place, line.shared), line.name, line.points, played, *cells)


def _starts(pdf: Pdf, lines: list[SeasonLine]) -> list[int]:
    return [run_at(pdf, *_row(line)) for line in lines]


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_forty_members_and_twenty_evenings_fit_one_page(paper, size):
    evenings, lines = big_season()
    pdf = Pdf(
        season_pdf(
            "Torsdagsklubben",
            "Säsongen 2026",
            "Best 15 evenings",
            evenings,
            lines,
            paper=paper,
            url="http://192.168.1.5:5000/c/x/season",
        )
    )
    assert pdf.pages == 1 and pdf.size == size
    starts = _starts(pdf, lines)
    assert starts == sorted(starts)  # every row, with each evening's values, in its order
    assert "=5" in pdf.lines  # a shared place as the page writes it
    assert "Torsdagsklubben · Säsongen 2026" in pdf.lines
    assert "20 Torsdag vecka 20 (2026-03-20)" in pdf.text.replace("\n", " ")
    # Still read at arm's length: the names, as printed (after any shrinking), are 6 pt or
    # more tall.
    assert min(_heights(pdf.data, "Lindqvist")) >= 6


def _heights(data: bytes, word: str) -> list[float]:
    """How tall ``word`` is wherever the PDF prints it, in points (pdftotext's boxes)."""
    pdftotext = require_tool("pdftotext", "poppler-utils")
    boxes = subprocess.run(
        [pdftotext, "-bbox", "-", "-"], input=data, capture_output=True, check=True
    ).stdout.decode()
    found = re.findall(rf'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">{word}<', boxes)
    assert found, word
    return [float(high) - float(low) for low, high in found]


def test_a_swedish_season_is_in_swedish_and_sound(tmp_path: Path):
    evenings, lines = big_season(12, 20)
    assert any(line.counted != line.evenings for line in lines)
    data = season_pdf(
        "Klubben", "Säsongstabell", "Summan av alla kvällar", evenings, lines, words=words_for("sv")
    )
    pdf = Pdf(data)
    assert pdf.reader.trailer["/Root"]["/Lang"] == "sv"
    for word in ("Plats", "Medlem", "Poäng", "Spelade", "Kvällar", "parentes", "regeln räknar"):
        assert word in " ".join(pdf.text.split()), word
    assert pdf.reader.metadata.title == "Klubben · Säsongstabell · Summan av alla kvällar"
    english = Pdf(season_pdf("Klubben", "Season", "Total", evenings, lines))
    assert english.reader.trailer["/Root"]["/Lang"] == "en" and "Played" in english.text
    file = tmp_path / "season.pdf"
    file.write_bytes(data)
    qpdf = require_tool("qpdf", "qpdf")
    checked = subprocess.run([qpdf, "--check", str(file)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    pdftotext = require_tool("pdftotext", "poppler-utils")
    text = subprocess.run(
        [pdftotext, "-layout", str(file), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Säsongstabell" in text and lines[0].name in text


@settings(max_examples=8)
@given(members=st.integers(0, 42), evenings=st.integers(0, 21), seed=st.integers(0, 99))
def test_any_season_prints_on_one_page_with_every_member(members, evenings, seed):
    shown, lines = big_season(members, evenings, seed)
    pdf = Pdf(season_pdf("Klubben <&>", "Säsong", "Total", shown, lines, paper="letter"))
    assert pdf.pages == 1
    assert "Klubben <&> · Säsong" in pdf.lines
    for line in lines:
        run_at(pdf, *_row(line))
