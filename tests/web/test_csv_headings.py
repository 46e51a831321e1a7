"""Issue 23, point 10: every game's deals CSV has a heading a column, none twice, in English and
in Swedish (the Swedish Klaberjass CSV had "Poäng Anna" for both the hand's points and its
score), and Bismarck's CSV says how often each deal was redealt."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from scorekeeper import records
from scorekeeper.table import services

RECORDS = Path(__file__).parent.parent / "records"


def deals_csv(client, app, example: str, lang: str) -> list[list[str]]:
    record = records.loads((RECORDS / example).read_bytes())
    with app.app_context():
        game = services.import_game(record.kind, record.setup, record.events, record.times)
    response = client.get(f"/g/{game.token}/deals.csv?lang={lang}")
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"))))


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("example", ["issue-example.json", "klaberjass.json", "sviten.json"])
def test_no_heading_twice(client, app, example, lang):
    header = deals_csv(client, app, example, lang)[0]
    twice = sorted({heading for heading in header if header.count(heading) > 1})
    assert not twice, f"{example} in {lang}: {twice} in {header}"


def test_klaberjass_points_and_score_are_told_apart(client, app):
    english = deals_csv(client, app, "klaberjass.json", "en")[0]
    swedish = deals_csv(client, app, "klaberjass.json", "sv")[0]
    assert english[5:9] == ["Hand points Anna", "Hand points Ben", "Score Anna", "Score Ben"]
    assert swedish[5:9] == ["Givpoäng Anna", "Givpoäng Ben", "Poäng Anna", "Poäng Ben"]


@pytest.mark.parametrize(("lang", "heading"), [("en", "Redeals"), ("sv", "Omgivar")])
def test_bismarck_says_how_often_a_deal_was_redealt(client, app, lang, heading):
    rows = deals_csv(client, app, "issue-example.json", lang)
    column = rows[0].index(heading)
    assert [row[column] for row in rows[1:]] == ["0", "0", "1"]  # deal 3 redealt once
