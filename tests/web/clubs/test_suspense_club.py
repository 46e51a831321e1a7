"""Suspense reaches the club's pages (issue 26): while an evening's standings are hidden, no
page of the club a player's phone can fetch counts it — the season tables, ratings, player
pages, season PDF, projector and chart leave it out and say so — and a reveal shows it at
once (the kept pages' key holds how much is revealed)."""

from __future__ import annotations

import re

from scorekeeper.evenings import services as evenings
from scorekeeper.games.text import points
from tests.printing.pdfs import poppler_text
from tests.web.clubs.club import member_ids, post
from tests.web.clubs.suspense import hidden_evening, standings_of, text_shows

LEFT_OUT = "Vecka 1 is left out until its standings are revealed."


def _season_values(app, evening: str) -> set[str]:
    """The evening's points as the season table writes them (not 0)."""
    with app.app_context():
        found = evenings.standings_of(evenings.load(evening))
    return {points(row.points, False) for row in found.rows} - {"0"}


def _game_totals(app, evening: str) -> set[str]:
    """Each of the evening's games' totals as a player's page writes them, signed (not 0)."""
    found = set()
    with app.app_context():
        loaded = evenings.load(evening)
        board = loaded.setup.game.scoreboard
        for table in loaded.all_tables():
            assert table.game is not None
            found |= {points(total, True) for total in board(table.game.state).totals}
    return found - {"0", "+0"}


def _hidden_values(app, evening: str) -> set[str]:
    """The evening's points as its standings and its games' totals write them, signed (not 0):
    distinct enough to look for in a whole page."""
    standings = {p for _place, _name, p in standings_of(app, evening)} - {"0", "+0"}
    return standings | _game_totals(app, evening)


def _club_pages(phone, token: str, members, folder) -> dict[str, str]:
    """Every club page a player's phone can fetch (the ``members``' pages among them), as text
    (the PDFs' by pdftotext)."""
    pages = ["", "/season", "/season/screen"]
    club = phone.get(f"/c/{token}").text
    seasons = sorted(set(re.findall(rf"/c/{token}/s/(\d+)", club)))
    assert seasons, "a stored season to look at"
    for season in seasons:
        pages += [f"/s/{season}", f"/s/{season}/screen"]
    pages += [f"/p/{member}" for member in members]
    got = {}
    for page in pages:
        response = phone.get(f"/c/{token}{page}")
        assert response.status_code == 200, page
        got[page or "/"] = response.get_data(as_text=True)
    for pdf in ["/season.pdf", *(f"/s/{season}/season.pdf" for season in seasons)]:
        response = phone.get(f"/c/{token}{pdf}")
        assert response.status_code == 200, pdf
        got[pdf] = poppler_text(response.data, folder)
    return got


def test_the_club_leaves_a_hidden_evening_out_until_it_is_revealed(app, client, tmp_path):
    token, evening = hidden_evening(app, client)
    made = post(
        client, f"/c/{token}/seasons/new", name="Vår", rule="total", absence="none", by="dates"
    )
    assert made.status_code == 303, made.get_data(as_text=True)
    values = _hidden_values(app, evening)
    assert len(values) >= 3, values  # something to look for
    members = sorted(member_ids(client, token).values())  # the organiser's register
    phone = app.test_client()
    hidden = _club_pages(phone, token, members, tmp_path)
    for page, text in hidden.items():
        for value in values:
            assert not text_shows(text, value), (page, value)
    seasons = [page for page in hidden if "season" in page or page.startswith("/s/")]
    assert len(seasons) == 6, seasons
    for page in seasons:  # the club's season and the stored one: page, projector, PDF
        assert LEFT_OUT in " ".join(hidden[page].split()), page
        assert "Anna" not in hidden[page] and "Carla" not in hidden[page], page  # no row
    assert any(LEFT_OUT in text for page, text in hidden.items() if page.startswith("/p/"))
    # The organiser reveals every place, from the last up: the club's pages count it at once.
    assert post(client, f"/c/{token}/e/{evening}/reveal").status_code == 303
    # Half revealed is still hidden (and these pages are kept by what they show)...
    for page, text in _club_pages(phone, token, members, tmp_path).items():
        assert not any(text_shows(text, value) for value in values), page
    # ...and the last steps of the reveal (which log nothing) are a new key all the same.
    for _step in range(2):
        assert post(client, f"/c/{token}/e/{evening}/reveal/next").status_code == 303
    shown = _club_pages(phone, token, members, tmp_path)
    totals = _season_values(app, evening)
    assert len(totals) >= 2, totals
    for page in seasons:
        assert LEFT_OUT not in " ".join(shown[page].split()), page
        assert "Anna" in shown[page] and "Carla" in shown[page], page
        for value in totals:
            assert text_shows(shown[page], value), (page, value)
    players = " ".join(text for page, text in shown.items() if page.startswith("/p/"))
    for value in _game_totals(app, evening):
        assert text_shows(players, value), value
    # The club record stays the organiser's whole record, hidden or not.
    assert client.get(f"/c/{token}/record.json").status_code == 200


def test_the_left_out_evening_is_said_in_swedish(app, client, tmp_path):
    token, _evening_token = hidden_evening(app, client)
    phone = app.test_client()
    phone.set_cookie("lang", "sv")
    wanted = "Vecka 1 räknas inte med förrän kvällens ställning har visats."
    for page in ("/season", "/season/screen"):
        assert wanted in phone.get(f"/c/{token}{page}").text, page
    pdf = poppler_text(phone.get(f"/c/{token}/season.pdf").data, tmp_path)
    assert wanted in " ".join(pdf.split())
