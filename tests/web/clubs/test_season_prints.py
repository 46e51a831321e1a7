"""The season table printed (one page, A4 or Letter, English or Swedish, with the rows and
values of the season page), on the projector (no PIN needed) and as a chart on its page."""

from __future__ import annotations

import itertools
import re
import subprocess
from datetime import datetime
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.clubs.season import EveningResult, SeasonRow
from scorekeeper.printing.season import place_text
from scorekeeper.web.charts import season_chart
from scorekeeper.web.clubs import season_prints
from tests.printing.pdfs import A4, LETTER, Pdf, decode_qr, require_tool, run_at
from tests.web.clubs.club import make_club
from tests.web.clubs.seasons import season_rows, two_evenings


def _pdf(client, url: str) -> Pdf:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    assert response.mimetype == "application/pdf"
    assert "no-store" in response.headers["Cache-Control"]
    return Pdf(response.data)


def _minus(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


def _evening_places(scores: dict[str, int]) -> dict[str, int]:
    return {name: 1 + sum(v > score for v in scores.values()) for name, score in scores.items()}


def test_the_season_pdf_prints_the_season_tables_rows_in_its_order(app, client, tmp_path):
    token, _ids, one, two = two_evenings(app, client)
    rows = season_rows(client, token, "")
    pdf = _pdf(client, f"/c/{token}/season.pdf?paper=a4")
    assert pdf.pages == 1 and pdf.size == A4
    assert "Torsdagsklubben · Season table" in pdf.lines
    assert "Total of every evening" in pdf.lines
    assert pdf.reader.metadata.title == "Torsdagsklubben · Season table · Total of every evening"
    # Each row as the page has it (place, name, points), then the evenings played and, for
    # each evening, the member's place and points there (nothing for an evening missed).
    starts = []
    for place, name, points in rows:
        evenings = [s for s in (one, two) if name in s]
        cells = []
        for scores in (one, two):
            if name in scores:
                cells += [str(_evening_places(scores)[name]), _minus(scores[name])]
        starts.append(run_at(pdf, place, name, points, str(len(evenings)), *cells))
    assert starts == sorted(starts) and len(rows) == 4
    key = pdf.text
    assert "1 Vecka 1 (" in key and "2 Vecka 2 (" in key
    assert decode_qr(pdf.data, tmp_path).endswith(f"/c/{token}/season")


def test_the_season_pdf_adds_up_by_the_rule_in_its_address(app, client):
    token, _ids, _one, _two = two_evenings(app, client)
    rows = season_rows(client, token, "rule=best&n=1")
    pdf = _pdf(client, f"/c/{token}/season.pdf?rule=best&n=1&paper=letter")
    assert pdf.size == LETTER and pdf.pages == 1
    assert "Best 1 evening" in pdf.lines
    starts = [run_at(pdf, place, name, points) for place, name, points in rows]
    assert starts == sorted(starts)
    # Best one of two: the evening left out is in brackets.
    assert any(re.fullmatch(r"\(−?\d+\)", line) for line in pdf.lines)
    rows = season_rows(client, token, "absence=lowest")
    pdf = _pdf(client, f"/c/{token}/season.pdf?absence=lowest")
    assert "Total of every evening; a missed evening counts that evening’s lowest" in pdf.text
    assert [run_at(pdf, *row) for row in rows] == sorted(run_at(pdf, *row) for row in rows)
    # A rule that is not one: the season page, which says what is wrong.
    response = client.get(f"/c/{token}/season.pdf?rule=best&n=0")
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/c/{token}/season?rule=best&n=0")


def test_the_season_pdf_is_sound_in_swedish(app, client, tmp_path):
    token, _ids, _one, _two = two_evenings(app, client)
    client.set_cookie("lang", "sv")
    pdf = _pdf(client, f"/c/{token}/season.pdf?rule=average&n=2")
    assert pdf.pages == 1 and pdf.size == A4
    text = pdf.text
    for word in ("Säsongstabell", "Plats", "Medlem", "Poäng", "Spelade", "Kvällar"):
        assert word in text, word
    assert "Snitt, rankad efter 2 kvällar" in text
    assert pdf.reader.trailer["/Root"]["/Lang"] == "sv"
    file = tmp_path / "season.pdf"
    file.write_bytes(pdf.data)
    qpdf = require_tool("qpdf", "qpdf")
    checked = subprocess.run([qpdf, "--check", str(file)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    pdffonts = require_tool("pdffonts", "poppler-utils")
    fonts = subprocess.run([pdffonts, str(file)], capture_output=True, text=True, check=True)
    listed = fonts.stdout.splitlines()[2:]
    assert listed and all(re.search(r"\byes\s+yes\s+(yes|no)\s+\d+", f) for f in listed), listed
    assert all("DejaVu" in f for f in listed), listed


def test_the_projector_shows_the_top_of_the_season_without_a_pin(app, client):
    token, _ids, _one, _two = two_evenings(app, client)
    rows = season_rows(client, token, "rule=best&n=1")
    anyone = app.test_client()
    response = anyone.get(f"/c/{token}/season/screen?rule=best&n=1")
    assert response.status_code == 200
    assert "no-store" in response.headers["Cache-Control"]
    page = response.get_data(as_text=True)
    assert '<meta http-equiv="refresh" content="30">' in page and 'data-refresh="30"' in page
    assert 'class="projector"' in page and "Best 1 evening" in page
    shown = re.findall(
        r'<td class="place">(?:<span class="sr">[^<]*</span>)?([^<]*)</td>\s*'
        r'<th scope="row">([^<]+)</th>\s*<td class="total">([^<]+)</td>',
        page,
    )
    assert [(place.replace("=", ""), name, points) for place, name, points in shown] == [
        (place.replace("=", ""), name, points) for place, name, points in rows
    ]
    assert page.count("shared place") == sum(p.startswith("=") for p, *_ in rows)
    assert f'href="/c/{token}/season?rule=best&amp;n=1"' in page
    # Kept like the season page: the same address again is the same page.
    assert anyone.get(f"/c/{token}/season/screen?rule=best&n=1").get_data(as_text=True) == page
    anyone.set_cookie("lang", "sv")
    swedish = anyone.get(f"/c/{token}/season/screen").get_data(as_text=True)
    assert "Säsongstabell" in swedish and "Summan av alla kvällar" in swedish
    assert anyone.get("/c/nope/season/screen").status_code == 404


def test_the_season_page_links_its_print_and_projector_with_its_rule(app, client):
    token, _ids, _one, _two = two_evenings(app, client)
    page = client.get(f"/c/{token}/season?rule=best&n=1").get_data(as_text=True)
    assert f'href="/c/{token}/season.pdf?paper=a4&amp;rule=best&amp;n=1"' in page
    assert f'href="/c/{token}/season/screen?rule=best&amp;n=1"' in page
    assert "Print the season table" in page


def test_the_season_page_charts_each_members_places(app, client):
    token, _ids, one, two = two_evenings(app, client)
    page = client.get(f"/c/{token}/season").get_data(as_text=True)
    svg = re.search(r"<svg class=chart.*?</svg>", page, re.S)
    assert svg, "no chart"
    chart = svg.group(0)
    assert "<title id=season-t>Place at each evening</title>" in chart
    assert 'aria-labelledby="season-t season-d"' in chart
    lines = re.findall(r'<path class=c\d d="([^"]+)" marker-start=', chart)
    rows = season_rows(client, token, "")
    assert len(lines) == len(rows) == 4  # every ranked member, up to eight
    for (_place, name, _points), path in zip(rows, lines, strict=True):
        played = sum(name in scores for scores in (one, two))
        assert len(re.findall(r"[ML]\d+ \d+", path)) == played, (name, path)
        assert f">{name}</text>" in chart


def test_a_club_with_no_evening_prints_an_empty_season(client):
    token = make_club(client)
    pdf = _pdf(client, f"/c/{token}/season.pdf")
    assert pdf.pages == 1 and "Torsdagsklubben · Season table" in pdf.lines
    page = client.get(f"/c/{token}/season").get_data(as_text=True)
    assert "<svg class=chart" not in page
    screen = client.get(f"/c/{token}/season/screen").get_data(as_text=True)
    assert "The season table appears here once an evening of the club has scored." in screen
    assert place_text(None, False) == "–" and place_text(4, True) == "=4"


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    places=st.integers(2, 12).flatmap(
        lambda count: st.lists(
            st.lists(st.one_of(st.none(), st.integers(1, 40)), min_size=count, max_size=count),
            min_size=1,
            max_size=8,
        )
    )
)
def test_the_chart_draws_a_line_and_a_shape_for_each_evening_a_member_played(app, places):
    names = [f"Member {i}" for i in range(len(places))]
    with app.test_request_context():
        chart = str(season_chart(names, places))
    played = [row for row in places if any(at is not None for at in row)]
    if not played:
        assert chart == ""
        return
    lines = re.findall(r'<path class=c\d d="([^"]+)" marker-start="url\(#season-m(\d)\)"', chart)
    assert len(lines) == len(played)
    # Each line its own shape (up to eight members), drawn at each of its evenings.
    markers = dict(re.findall(r"<marker id=season-m(\d)[^>]*>(.*?)</marker>", chart))
    shapes = [markers[member] for _path, member in lines]
    assert len(set(shapes)) == len(shapes)
    for row, (path, _member) in zip(played, lines, strict=True):
        shown = [at for at in row if at is not None]
        assert len(re.findall(r"[ML]\d+ \d+", path)) == len(shown)
        # A new stroke after each evening missed between two played.
        runs = sum(
            1 for i, at in enumerate(row) if at is not None and (i == 0 or row[i - 1] is None)
        )
        assert path.count("M") == runs
        # Place 1 at the top: a better place is drawn higher (a smaller y).
        heights = [int(y) for y in re.findall(r"[ML]\d+ (\d+)", path)]
        for (a, ya), (b, yb) in itertools.combinations(zip(shown, heights, strict=True), 2):
            assert (ya <= yb) if a < b else (ya >= yb)
    assert chart.count("<text class=n") == len(played)
    assert "<title id=season-t>" in chart and "<desc id=season-d>" in chart


def test_the_projector_shows_the_tables_top_and_says_how_many_more(app):
    rows = [
        SeasonRow(m, f"Member {m}", m, False, Fraction(100 - m), 3, ((m, Fraction(1)),))
        for m in range(1, 16)
    ]
    evening = EveningResult("t", "Vecka 1", datetime(2026, 3, 5), {})
    with app.test_request_context():
        page = season_prints.screen_page(
            "Klubben", "Season table", "Best 3 evenings", [evening], rows, back="/c/x/season"
        )
    shown = re.findall(r'<th scope="row">([^<]+)</th>', page)
    assert shown == [f"Member {m}" for m in range(1, season_prints.SCREEN_ROWS + 1)]
    assert "and 3 more members: the whole table is on the season page." in page
    assert "Klubben · Season table" in page and "Best 3 evenings · 1 evening" in page


def test_a_kept_season_prints_and_projects_by_its_own_rule_and_evenings(app, client):
    from tests.web.clubs.seasons import evening_ids, new_season, season_id_of

    token, _ids, one, _two = two_evenings(app, client)
    chosen = evening_ids(client, token)["Vecka 1"]
    season = season_id_of(
        new_season(
            client,
            token,
            name="Bara vecka 1",
            rule="best",
            n="1",
            absence="none",
            by="chosen",
            evenings=[chosen],
        )
    )
    page = client.get(f"/c/{token}/s/{season}").get_data(as_text=True)
    assert f'href="/c/{token}/s/{season}/season.pdf?paper=a4"' in page
    assert f'href="/c/{token}/s/{season}/screen"' in page
    anyone = app.test_client()  # no PIN needed
    pdf = _pdf(anyone, f"/c/{token}/s/{season}/season.pdf?paper=letter")
    assert pdf.pages == 1 and pdf.size == LETTER
    assert "Torsdagsklubben · Bara vecka 1" in pdf.lines and "Best 1 evening" in pdf.lines
    assert pdf.reader.metadata.title == "Torsdagsklubben · Bara vecka 1 · Best 1 evening"
    # Vecka 1's players only, with their points there; Dag (Vecka 2 only) is not in it.
    for name, points in one.items():
        run_at(pdf, name, _minus(points), "1")
    assert "Dag" not in pdf.text and "1 Vecka 1 (" in pdf.text and "Vecka 2" not in pdf.text
    screen = anyone.get(f"/c/{token}/s/{season}/screen").get_data(as_text=True)
    assert "Torsdagsklubben · Bara vecka 1" in screen and "Best 1 evening" in screen
    assert re.findall(r'<th scope="row">([^<]+)</th>', screen) == [
        name for name, _points in sorted(one.items(), key=lambda kv: (-kv[1], kv[0]))
    ]
    assert anyone.get(f"/c/{token}/s/999999/season.pdf").status_code == 404
    assert anyone.get(f"/c/{token}/s/999999/screen").status_code == 404
