"""Security headers on every kind of response (issue 16): a policy without inline script, no
framing, no referrer, no sniffing, and game pages and downloads kept out of every cache."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.web import security
from tests.web.bismarck.client import Table
from tests.web.free.client import FreeTable
from tests.web.klaberjass.client import HANDS as KLABERJASS_HANDS
from tests.web.klaberjass.client import KlaberjassTable
from tests.web.records import upload
from tests.web.sviten.client import HANDS as SVITEN_HANDS
from tests.web.sviten.client import SvitenTable

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("tests/fourth_game/templates/**/*.html")]

#: What a page under the policy may not contain: inline script or style, handler attributes,
#: ``javascript:`` links.
INLINE = re.compile(
    r"<script(?![^>]*\bsrc=)[^>]*>|<style\b|\sstyle\s*=|\son[a-z]+\s*=|javascript:", re.I
)

KINDS = ["bismarck", "klaberjass", "sviten", "free"]


@pytest.fixture
def games(client):
    """A game of each kind in play, on one browser (its cookie)."""
    bismarck = Table(client)
    bismarck.start()
    bismarck.announce(1, "sang")
    klaberjass = KlaberjassTable(client)
    klaberjass.start()
    klaberjass.hand(1, KLABERJASS_HANDS[0])
    sviten = SvitenTable(client)
    sviten.start()
    sviten.quick(1, SVITEN_HANDS[0])
    free = FreeTable(client)
    free.start(game_name="Chicago")
    free.deal(1, [10, 0, 5, -2])
    return {"bismarck": bismarck, "klaberjass": klaberjass, "sviten": sviten, "free": free}


def check_common(response) -> None:
    headers = response.headers
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"
    assert headers["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]


def check_page(response) -> None:
    """An HTML page: the whole policy, nothing inline, and never stored by any cache."""
    check_common(response)
    assert response.mimetype == "text/html"
    header = response.headers["Content-Security-Policy"]
    policy = dict(part.strip().split(" ", 1) for part in header.split(";"))
    assert policy["default-src"] == "'self'"
    assert policy["script-src"] == "'self'"
    assert policy["style-src"] == "'self'"
    assert "unsafe" not in header
    assert policy["object-src"] == "'none'"
    found = INLINE.findall(response.get_data(as_text=True))
    assert not found, f"inline script or style on {response.request.path}: {found}"
    check_not_stored(response)


def check_not_stored(response) -> None:
    """Kept by no cache: ``no-store`` (and ``private`` where the view did not say itself)."""
    assert response.cache_control.no_store
    assert not response.cache_control.public


@pytest.mark.parametrize("kind", KINDS)
def test_game_pages_of_every_kind(client, games, kind):
    table = games[kind]
    page = client.get(table.url)
    check_page(page)
    assert page.cache_control.private


@pytest.mark.parametrize("kind", KINDS)
def test_new_game_pages_of_every_kind(client, kind):
    check_page(client.get(f"/{kind}/new"))


def test_a_game_page_with_its_chart(app, client):
    """A game shows its score progression, in play or finished: an inline SVG whose looks are
    the stylesheet's, with no style of its own (the policy allows none)."""
    from scorekeeper import records
    from scorekeeper.table import services

    record = records.loads((ROOT / "tests" / "records" / "modern-full-history.json").read_bytes())
    with app.app_context():
        finished = services.import_game(record.kind, record.setup, record.events, record.times)
        in_play = services.import_game(
            record.kind, record.setup, record.events[:9], record.times[:9]
        )
    for game in (finished, in_play):
        page = client.get(f"/g/{game.token}")
        assert "<svg class=chart" in page.get_data(as_text=True)
        check_page(page)


def test_evening_pages(client):
    from tests.web.evenings.helpers import evening_token, new_evening, start

    check_page(client.get("/evening/new/bismarck"))
    token = evening_token(new_evening(client))
    start(client, token, 1)
    check_page(client.get(f"/e/{token}"))
    check_page(client.get(f"/e/{token}/screen"))
    record = client.get(f"/e/{token}/evening.json")
    check_common(record)
    check_not_stored(record)
    standings = client.get(f"/e/{token}/standings.pdf")
    assert standings.mimetype == "application/pdf"
    assert standings.headers["Content-Security-Policy"] == security.PDF_POLICY


def test_home_page_lists_this_browsers_games_and_is_not_stored(client, games):
    page = client.get("/")
    check_page(page)
    assert games["bismarck"].url in page.get_data(as_text=True)


def test_correction_and_proposal_pages(client, games):
    check_page(client.get(f"{games['bismarck'].url}/deal/1/correct"))
    check_page(client.get(f"{games['klaberjass'].url}/hand/1/correct"))
    proposal = games["sviten"].propose(2, SVITEN_HANDS[1])
    assert proposal.status_code == 200
    check_page(proposal)


def test_a_refused_entry_and_a_conflict_are_pages_too(client, games):
    table = games["bismarck"]
    refused = table.record(1, [8, 8, 8])  # 24 tricks: refused with the form again
    assert refused.status_code == 422
    check_page(refused)
    stale = table.announce(1, "pass", seq=0)
    assert stale.status_code == 409
    check_page(stale)


def test_a_write_answers_with_a_redirect_that_is_not_stored(client, games):
    response = games["bismarck"].record(1, [6, 5, 5])
    assert response.status_code == 303
    check_common(response)
    check_not_stored(response)


@pytest.mark.parametrize("export", ["record.json", "deals.csv"])
@pytest.mark.parametrize("kind", KINDS)
def test_exports(client, games, kind, export):
    response = client.get(f"{games[kind].url}/{export}")
    assert response.status_code == 200
    check_common(response)
    check_not_stored(response)
    assert response.headers["Content-Disposition"].startswith("attachment")


@pytest.mark.parametrize("pdf", ["sheet.pdf", "rules.pdf"])
@pytest.mark.parametrize("kind", KINDS)
def test_game_pdfs(client, games, kind, pdf):
    response = client.get(f"{games[kind].url}/{pdf}")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    check_common(response)
    check_not_stored(response)
    # Only framing is ruled out: a fuller policy would break Chromium's own PDF viewer.
    assert response.headers["Content-Security-Policy"] == security.PDF_POLICY


def test_blank_sheet_pdf(client):
    response = client.get("/print/blank?paper=a4")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    check_common(response)
    assert response.headers["Content-Security-Policy"] == security.PDF_POLICY


def test_the_poll(client, games):
    """Answered before Flask (:mod:`scorekeeper.web.poll`), with the same headers and a policy
    that allows nothing: it is data, never a page."""
    response = client.get(f"{games['bismarck'].url}/seq")
    assert response.get_json() == {"seq": 1}
    check_common(response)
    assert (
        response.headers["Content-Security-Policy"] == "default-src 'none'; frame-ancestors 'none'"
    )
    assert response.cache_control.no_store


def test_the_poll_when_the_app_answers_it(client, games):
    """The app's own route (when the database could not answer before Flask) is guarded too."""
    from scorekeeper.web.poll import PollFirst

    app = client.application
    assert isinstance(app.wsgi_app, PollFirst)
    with app.test_request_context(f"{games['bismarck'].url}/seq"):
        response = app.full_dispatch_request()
    assert response.get_json() == {"seq": 1}
    check_common(response)
    assert response.cache_control.no_store


@pytest.mark.parametrize("path", ["/static/app.css", "/static/app.js", "/static/icon.svg"])
def test_static_files_are_cached_but_still_guarded(client, path):
    response = client.get(path)
    assert response.status_code == 200
    check_common(response)
    assert response.headers["Content-Security-Policy"] == security.PAGE_POLICY
    assert response.cache_control.max_age == 365 * 24 * 3600
    assert not response.cache_control.no_store
    response.close()


@pytest.mark.parametrize("path", ["/assets/klaberjass.css", "/assets/sviten.js"])
def test_game_bundles_are_cached_but_still_guarded(client, path):
    response = client.get(path)
    assert response.status_code == 200
    check_common(response)
    assert response.cache_control.public and not response.cache_control.no_store


def test_error_pages(client):
    not_found = client.get("/g/no-such-game")
    assert not_found.status_code == 404
    check_page(not_found)
    forged = client.post("/bismarck/new", data={"player_0": "Anna"})
    assert forged.status_code == 400
    check_page(forged)
    bad_paper = client.get("/print/blank?paper=a3")
    assert bad_paper.status_code in (400, 422)
    check_page(bad_paper)


def test_a_server_error_page(app, client):
    app.config["PROPAGATE_EXCEPTIONS"] = False

    @app.get("/boom")
    def boom():
        raise RuntimeError("boom")

    response = client.get("/boom")
    assert response.status_code == 500
    check_page(response)


def test_a_too_large_upload(app, client):
    response = upload(client, b"{" + b" " * (2 * 1024 * 1024) + b"}")
    assert response.status_code == 413
    check_page(response)


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_template_has_inline_script_or_style(template):
    assert not INLINE.findall(template.read_text(encoding="utf-8"))


def test_a_view_that_sets_its_own_headers_keeps_them(app, client):
    @app.get("/framed")
    def framed():
        return "ok", {"X-Frame-Options": "SAMEORIGIN", "Cache-Control": "max-age=60"}

    response = client.get("/framed")
    assert response.headers["X-Frame-Options"] == "SAMEORIGIN"
    assert response.cache_control.max_age == 60
    assert response.headers["Referrer-Policy"] == "no-referrer"


@pytest.mark.parametrize("site", ["cross-site", "same-site"])
def test_a_form_sent_from_another_site_is_refused(client, site):
    """Even with a valid token (the page of another site cannot have one, but a leaked one):
    the browser says where the form came from, and another site's forms change nothing."""
    table = Table(client)
    table.start()
    response = client.post(
        f"{table.url}/announce",
        data={"csrf_token": table.token, "seq": 0, "deal": 1, "contract": "sang"},
        headers={"Sec-Fetch-Site": site},
    )
    assert response.status_code == 400
    assert "Please try again" in response.get_data(as_text=True)
    check_page(response)
    assert table.seq() == 0


@pytest.mark.parametrize("site", ["same-origin", "none", None])
def test_a_form_from_this_site_or_an_older_browser_is_taken(client, site):
    table = Table(client)
    table.start()
    headers = {"Sec-Fetch-Site": site} if site else {}
    response = client.post(
        f"{table.url}/announce",
        data={"csrf_token": table.token, "seq": 0, "deal": 1, "contract": "sang"},
        headers=headers,
    )
    assert response.status_code == 303
    assert table.seq() == 1


def test_secret_addresses_tell_search_engines_to_leave_them_out(client, games):
    """Issue 37, point 6: every response at a secret address (a game's, an evening's, a
    club's, their records and PDFs) says ``noindex``; the public pages do not."""
    from tests.web.clubs.club import make_club
    from tests.web.evenings.helpers import evening_token, new_evening

    game = games["bismarck"].url
    club = make_club(client)
    evening = evening_token(new_evening(client))
    secret = [
        game,
        f"{game}/join",
        f"{game}/record.json",
        f"{game}/sheet.pdf",
        f"{game}/news/0",
        f"/e/{evening}",
        f"/c/{club}",
        f"/c/{club}/season",
        "/g/no-such-game",
    ]
    for path in secret:
        response = client.get(path)
        assert response.status_code == (404 if "no-such" in path else 200), path
        assert response.headers.get("X-Robots-Tag") == "noindex, nofollow", path
    for path in ("/", "/bismarck/new", "/club/new", "/evening/new/bismarck"):
        assert "X-Robots-Tag" not in client.get(path).headers, path
