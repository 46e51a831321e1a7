"""Pieces a write leaves as they were (a deal's row of the log, a line of the changes list) are
drawn once per content and language (scorekeeper/web/helpers.py ``memo``): the page after a
write draws only what the write changed, and still shows everything as it now is."""

from __future__ import annotations

import re

import pytest

from scorekeeper.web import helpers
from tests.web.bismarck.client import Table


@pytest.fixture
def pieces(app, monkeypatch):
    """The pieces drawn, as (label, …) keys, in order."""
    drawn: list[tuple] = []
    original = helpers.memo

    def counting(*key, caller):
        def drawing():
            drawn.append(key)
            return caller()

        return original(*key, caller=drawing)

    app.jinja_env.globals["memo"] = counting
    return drawn


def _rows(page: str) -> list[str]:
    """Each row of the log (an end tag is optional: a row ends where the next one, or the
    table, starts)."""
    return re.findall(r"<tr id=r\d+>.*?(?=<tr|</tbody>|</table>)", page, re.S)


def test_a_write_draws_only_the_rows_and_lines_it_changed(app, pieces):
    table = Table(app.test_client())
    table.start()
    for deal, (contract, tricks) in enumerate([("pass", (6, 5, 5)), ("sang", (4, 6, 6))], 1):
        assert table.announce(deal, contract).status_code == 303
        assert table.record(deal, tricks).status_code == 303
    before = _rows(table.page())
    pieces.clear()
    assert table.announce(3, "spader").status_code == 303
    after = table.page()
    # Deal 3's new row and the announcement's line; deals 1 and 2 and the older lines as drawn.
    assert sorted(key[0] for key in pieces) == ["bismarck row", "change"]
    assert _rows(after)[:2] == before
    assert "Spader" in _rows(after)[2]
    pieces.clear()
    table.page()
    assert pieces == []  # nothing new to draw on a reload


def test_an_undo_marks_the_line_it_took_back(app):
    table = Table(app.test_client())
    table.start()
    assert table.announce(1, "pass").status_code == 303
    assert "undone" not in table.page().split('class="changes"')[1]
    undo = table.client.post(f"{table.url}/undo", data={"csrf_token": table.token, "seq": 1})
    assert undo.status_code == 303
    changes = table.page().split('class="changes"')[1]
    assert '<li class="undone">' in changes and "(undone)" in changes


def test_a_row_is_drawn_in_each_language(app):
    table = Table(app.test_client())
    table.start()
    assert table.announce(1, "pass").status_code == 303
    assert table.record(1, (6, 5, 5)).status_code == 303
    english = _rows(table.page())[0]
    swedish = _rows(table.client.get(f"{table.url}?lang=sv").get_data(as_text=True))[0]
    assert "6 tricks" in english and "6 stick" in swedish


def test_debug_mode_draws_every_time(app, pieces):
    table = Table(app.test_client())
    table.start()
    assert table.announce(1, "pass").status_code == 303
    app.debug = True
    try:
        table.page()
        pieces.clear()
        table.page()
    finally:
        app.debug = False
    assert [key[0] for key in pieces].count("bismarck row") == 1


def test_a_corrected_klaberjass_hand_and_the_rows_after_it_are_drawn_again(app, pieces):
    from tests.web.klaberjass.client import HANDS, KlaberjassTable

    table = KlaberjassTable(app.test_client())
    table.start()
    table.play(HANDS[:4])
    before = _rows(table.page())
    pieces.clear()
    assert table.correct(3, {**HANDS[2], "card_points": [60, 60]}).status_code == 303
    after = _rows(table.page())
    # Hands 1 and 2 as drawn; hand 3 (its scores) and hand 4 (its running totals) anew.
    assert after[:2] == before[:2] and after[2] != before[2] and after[3] != before[3]
    assert sorted(key[3] for key in pieces if key[0] == "klaberjass row") == [3, 4]
