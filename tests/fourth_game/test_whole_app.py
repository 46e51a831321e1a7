"""Tally, defined only under tests/, played through the same app and commands as the built-in
games: a new game, deals, a refused entry, a correction, an undo, its record exported and
imported, ``scorekeeper score`` — with no edit to any module of the app."""

from __future__ import annotations

import io
import json

from tests.cli.runner import invoke
from tests.conftest import csrf_token
from tests.fourth_game.tally_table import TallyTable


def test_the_home_page_offers_a_game_it_was_never_told_about(tally_app):
    page = tally_app.test_client().get("/").get_data(as_text=True)
    assert 'href="/tally/new"' in page and "New Tally game" in page


def test_a_whole_tally_game_through_the_app(tally_app):
    table = TallyTable(tally_app.test_client())
    table.start("Anna", "Ben")
    assert table.deal(1, 6, 4).status_code == 303
    refused = table.deal(2, 11, 0)
    assert refused.status_code == 422
    assert "from 0 to 10" in refused.get_data(as_text=True)
    assert table.deal(2, 3, 5).status_code == 303
    page = table.client.get(table.url).get_data(as_text=True)
    assert "Deal 3" in page and "3 (9)" in page and "5 (9)" in page

    correct = f"{table.url}/deal/1/correct"
    form = table.client.get(correct).get_data(as_text=True)
    assert 'value="6"' in form and 'value="4"' in form
    saved = table.post("/deal/1/correct", deal=1, points_0=7, points_1=4)
    assert saved.status_code == 303 and saved.headers["Location"].endswith("#r1")
    landed = table.client.get(saved.headers["Location"]).get_data(as_text=True)
    assert '<tr class="note"><td colspan="4" role="status">✓ Deal 1: corrected' in landed

    assert table.post("/undo", deal=3).status_code == 303
    page = table.client.get(table.url).get_data(as_text=True)
    assert "6 (6)" in page  # the correction is undone: deal 1 is 6/4 again
    assert table.deal(3, 4, 0).status_code == 303
    over = table.client.get(table.url).get_data(as_text=True)
    assert "Anna wins with 13." in over


def test_a_route_of_another_game_is_not_found_for_tally(tally_app):
    table = TallyTable(tally_app.test_client())
    table.start("Anna", "Ben")
    assert table.client.get(f"{table.url}/hand/1/correct").status_code == 404
    assert table.post("/announce", deal=1, contract="sang").status_code == 404


def test_a_tally_record_goes_out_and_comes_back_as_a_new_game(tally_app, tmp_path):
    table = TallyTable(tally_app.test_client())
    table.start("Anna", "Ben")
    table.deal(1, 6, 4)
    table.deal(2, 3, 5)
    record = table.client.get(f"{table.url}/record.json")
    assert record.status_code == 200
    data = json.loads(record.get_data(as_text=True))
    assert data["game"] == "tally" and [d["points"] for d in data["deals"]] == [[6, 4], [3, 5]]
    csv = table.client.get(f"{table.url}/deals.csv").get_data(as_text=True)
    assert "Points Anna" in csv

    imported = table.client.post(
        "/import",
        data={
            "csrf_token": csrf_token(table.client, "/"),
            "record": (io.BytesIO(record.get_data()), "tally.json"),
        },
    )
    assert imported.status_code == 303
    page = table.client.get(imported.headers["Location"]).get_data(as_text=True)
    assert "Deal 3" in page and "3 (9)" in page

    path = tmp_path / "tally.json"
    path.write_bytes(record.get_data())
    scored = invoke("score", str(path))
    assert scored.exit_code == 0, scored.output
    assert "Anna" in scored.output and "9" in scored.output


def test_no_two_games_answer_at_one_address(tally_app):
    """Each game's own actions have addresses of their own: a plug-in's route that a built-in
    game took first would never be reached (Werkzeug keeps both rules and answers the first)."""
    seen: dict[tuple[str, str], str] = {}
    for rule in tally_app.url_map.iter_rules():
        kind = rule.endpoint.split(".", 1)[0]
        if "." not in rule.endpoint or kind in ("play", "static"):
            continue
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            taken = seen.setdefault((rule.rule, method), kind)
            assert taken == kind, f"{method} {rule.rule}: {taken} and {kind}"
