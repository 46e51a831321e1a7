"""The club record's pages pass the Nu HTML checker, in English and Swedish: *Import a club*
empty, refused (its messages beside the file field and the PIN), and the club's page as its
organiser sees it (the download link). Skipped where the checker cannot run, as
``tests/web/test_html_validator.py`` is."""

from __future__ import annotations

import io
import re

import pytest

from tests.conftest import csrf_token
from tests.web.clubs.club import add, make_club
from tests.web.html_validator import checker, landmark_names, validate

pytestmark = pytest.mark.slow


def _pages(app, language: str) -> dict[str, str]:
    client = app.test_client()
    headers = {"Accept-Language": language}
    token = make_club(client)
    add(client, token, "Anna")
    refused = client.post(
        "/club/import",
        data={
            "csrf_token": csrf_token(client, "/club/import"),
            "club_record": (io.BytesIO(b'{"format": "scorekeeper-club/1", "pin": 1}'), "c.json"),
            "pin": "12",
            "pin_again": "12",
        },
        content_type="multipart/form-data",
        headers=headers,
    )
    assert refused.status_code == 422
    pages = {
        "import": client.get("/club/import", headers=headers),
        "import refused": refused,
        "club as organiser": client.get(f"/c/{token}", headers=headers),
        "new club": client.get("/club/new", headers=headers),
    }
    return {name: response.get_data(as_text=True) for name, response in pages.items()}


def test_the_club_record_pages_pass_the_checker(app, tmp_path):
    assert checker()
    folder = tmp_path / "pages"
    folder.mkdir()
    for language in ("en", "sv"):
        for name, html in _pages(app, language).items():
            repeated = {n for n in landmark_names(html) if landmark_names(html).count(n) > 1}
            assert not repeated, (name, language, repeated)
            (folder / f"{language}-{re.sub(r'[^a-z]+', '-', name)}.html").write_text(html)
    said = [
        f"{m.get('url')}: {m.get('message')} {m.get('extract', '')!r}" for m in validate(folder)
    ]
    assert not said, "\n".join(said)
