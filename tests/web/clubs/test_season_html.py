"""Issue 37, point 6: the Nu HTML checker found two errors among the club's pages: a refused
season table put its message (a ``<p>``) inside a ``<p>``, and a season form refused for an
impossible date wrote it back into its date input (which holds a day or nothing). Both pages,
refused and not, in English and Swedish, pass the checker now; the quick tests below say what
each page says instead."""

from __future__ import annotations

import re

import pytest

from tests.web.clubs.club import make_club, post
from tests.web.html_validator import checker, landmark_names, validate

#: A season the form refuses: its first day is no day at all.
IMPOSSIBLE = {"name": "Vår", "rule": "total", "absence": "", "by": "dates"}
IMPOSSIBLE |= {"date_from": "2026-02-30", "date_to": ""}


def test_an_impossible_day_is_said_beside_its_field_not_written_back(client):
    token = make_club(client)
    refused = post(client, f"/c/{token}/seasons/new", **IMPOSSIBLE)
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    field = re.search(r'<input[^>]*name="date_from"[^>]*>', page).group(0)
    assert 'value=""' in field and 'aria-invalid="true"' in field
    assert 'id="date_from-error">Not a valid date value.' in page
    kept = post(client, f"/c/{token}/seasons/new", **{**IMPOSSIBLE, "name": ""})
    field = re.search(r'<input[^>]*name="date_to"[^>]*>', kept.get_data(as_text=True)).group(0)
    assert 'value=""' in field  # nothing typed, nothing written


def test_a_valid_day_typed_is_kept_when_the_form_is_refused_for_another_field(client):
    token = make_club(client)
    refused = post(client, f"/c/{token}/seasons/new", **{**IMPOSSIBLE, "date_to": "2026-06-30"})
    field = re.search(r'<input[^>]*name="date_to"[^>]*>', refused.get_data(as_text=True)).group(0)
    assert 'value="2026-06-30"' in field


def test_a_refused_season_tables_message_is_not_in_a_paragraph_of_its_own(client):
    token = make_club(client)
    page = client.get(f"/c/{token}/season?rule=best&n=abc").get_data(as_text=True)
    message = re.search(r'<p class="error" id="n-error">', page)
    assert message is not None
    before = page[: message.start()]
    assert before.rfind("<p>") < before.rfind("</p>") or "<p>" not in before  # no <p> open


@pytest.mark.slow
def test_the_season_pages_pass_the_checker(app, tmp_path):
    assert checker()
    folder = tmp_path / "pages"
    folder.mkdir()
    for language in ("en", "sv"):
        client = app.test_client()
        headers = {"Accept-Language": language}
        token = make_club(client)
        pages = {
            "season": client.get(f"/c/{token}/season", headers=headers),
            "season refused": client.get(f"/c/{token}/season?rule=best&n=abc", headers=headers),
            "new season": client.get(f"/c/{token}/seasons/new", headers=headers),
            "new season refused": post(client, f"/c/{token}/seasons/new", **IMPOSSIBLE),
        }
        for name, response in pages.items():
            html = response.get_data(as_text=True)
            repeated = {n for n in landmark_names(html) if landmark_names(html).count(n) > 1}
            assert not repeated, (name, language, repeated)
            (folder / f"{language}-{re.sub(r'[^a-z]+', '-', name)}.html").write_text(html)
    said = [
        f"{m.get('url')}: {m.get('message')} {m.get('extract', '')!r}" for m in validate(folder)
    ]
    assert not said, "\n".join(said)
