"""Issue 23, point 11: every kind of page passes the Nu HTML checker (the W3C's validator, the
``vnu-jar`` npm package run by Debian's Java) with no error, in English and Swedish.

The pages are made through the test client — the games of all four kinds in play, finished,
refused (422) and beaten by another phone (409), their new-game and correction pages, an
evening with its new-evening form, page and projector view, a club evening's locked and closed
games and hidden rounds as a player sees them, the home and join pages, refused imports and
blank sheets, the error pages — written to a folder and checked by one run of the checker (one
JVM start for them all). No page may name two landmarks alike either (the checker
does not look at that; a screen reader's list of landmarks does). Skipped where Java or the
checker is missing, except in CI, where it must run.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import csrf_token
from tests.games.bismarck.examples import MODERN_GAME
from tests.web.bismarck.client import Table, play_modern_game
from tests.web.clubs.club import post
from tests.web.clubs.locked import club_of_every_game, games_of, seed_evening
from tests.web.evenings.helpers import evening_token, new_evening, play_out, start_seated
from tests.web.free.client import CHICAGO, FreeTable
from tests.web.html_validator import checker, landmark_names, validate
from tests.web.klaberjass.client import HANDS as KLABERJASS_HANDS
from tests.web.klaberjass.client import KlaberjassTable
from tests.web.sviten.client import HANDS as SVITEN_HANDS
from tests.web.sviten.client import SvitenTable

LANGUAGES = ("en", "sv")
CORRECT = re.compile(r'href="(/g/[^"?#]+/correct)"')

pytestmark = pytest.mark.slow  # about 17 s: 58 pages in each language, a JVM


Pages = dict[str, str]


def page(pages: Pages, name: str, response: Any, status: int) -> None:
    """Keep ``response``'s page as ``name``, once it answered ``status``."""
    assert response.status_code == status, (name, response.status_code)
    assert response.mimetype == "text/html", (name, response.mimetype)
    pages[name] = response.get_data(as_text=True)


def correction(pages: Pages, client: Any, name: str, game_page: str) -> None:
    """The first correction page a finished game's page links to."""
    found = CORRECT.search(game_page)
    assert found, f"{name}: no correction link"
    page(pages, name, client.get(found.group(1)), 200)


def play_on(table: Any, hands: list[dict[str, Any]], first: int) -> None:
    """Record ``hands`` from hand ``first`` on (the tables' ``play`` starts at hand 1)."""
    for number in range(first, len(hands) + 1):
        response = table.hand(number, hands[number - 1])
        assert response.status_code == 303, response.get_data(as_text=True)


def bismarck_pages(client: Any, pages: Pages) -> None:
    page(pages, "bismarck new", client.get("/bismarck/new"), 200)
    refused = {"csrf_token": csrf_token(client), "player_0": "Anna", "first_dealer": "0"}
    page(pages, "bismarck new refused", client.post("/bismarck/new", data=refused), 422)
    page(pages, "bad request", client.post("/bismarck/new", data={}), 400)
    table = Table(client)
    table.start()
    page(pages, "bismarck first deal", client.get(table.url), 200)
    play_modern_game(table, MODERN_GAME[:3])
    contract, trump, _tricks = MODERN_GAME[3]
    table.announce(4, contract, trump)
    page(pages, "bismarck in play", client.get(table.url), 200)
    page(pages, "bismarck refused", table.record(4, ("5", "x", "99")), 422)
    page(pages, "bismarck beaten", table.record(4, (5, 5, 6), seq=0), 409)
    page(pages, "bismarck join", client.get(f"{table.url}/join"), 200)
    page(pages, "bismarck seat", client.get(f"{table.url}/seat"), 200)
    finished = Table(client)
    finished.start()
    play_modern_game(finished)
    page(pages, "bismarck finished", client.get(finished.url), 200)
    correction(pages, client, "bismarck correction", pages["bismarck finished"])


def klaberjass_pages(client: Any, pages: Pages) -> None:
    page(pages, "klaberjass new", client.get("/klaberjass/new"), 200)
    table = KlaberjassTable(client)
    table.start()
    table.play(KLABERJASS_HANDS[:3])
    page(pages, "klaberjass in play", client.get(table.url), 200)
    refused = table.hand(4, KLABERJASS_HANDS[3], card_points_0="abc", card_points_1="999")
    page(pages, "klaberjass refused", refused, 422)
    seq = table.seq()
    play_on(table, KLABERJASS_HANDS[:4], 4)
    page(pages, "klaberjass beaten", table.hand(4, KLABERJASS_HANDS[4], seq=seq), 409)
    play_on(table, KLABERJASS_HANDS, 5)
    page(pages, "klaberjass finished", client.get(table.url), 200)
    correction(pages, client, "klaberjass correction", pages["klaberjass finished"])


def sviten_pages(client: Any, pages: Pages) -> None:
    page(pages, "sviten new", client.get("/sviten/new"), 200)
    table = SvitenTable(client)
    table.start()
    page(pages, "sviten first hand", client.get(table.url), 200)
    table.play(SVITEN_HANDS[:1])
    page(pages, "sviten in play", client.get(table.url), 200)
    hand = SVITEN_HANDS[1]
    if "captured" in hand:
        page(pages, "sviten proposal", table.propose(2, hand), 200)
    page(pages, "sviten refused", table.step(2, "quick", declarer="0", bid="x"), 422)
    seq = table.seq()
    play_on(table, SVITEN_HANDS[:2], 2)
    page(pages, "sviten beaten", table.quick(2, SVITEN_HANDS[0], seq=seq), 409)
    play_on(table, SVITEN_HANDS, 3)
    page(pages, "sviten finished", client.get(table.url), 200)
    correction(pages, client, "sviten correction", pages["sviten finished"])


def free_pages(client: Any, pages: Pages) -> None:
    page(pages, "free new", client.get("/free/new"), 200)
    refused = {"csrf_token": csrf_token(client), "player_0": "Anna", "player_2": "Carla"}
    page(pages, "free new refused", client.post("/free/new", data=refused), 422)
    table = FreeTable(client)
    table.start(game_name="Chicago", end="target", target="52", zero_sum="")
    page(pages, "free first deal", client.get(table.url), 200)
    table.play(CHICAGO[:3])
    page(pages, "free in play", client.get(table.url), 200)
    page(pages, "free refused", table.deal(4, ["x", "", "3", "99999999"]), 422)
    seq = table.seq()
    table.play(CHICAGO[:4], first=4)
    page(pages, "free beaten", table.deal(4, [1, 2, 3, 4], seq=seq), 409)
    teams = FreeTable(client)
    teams.start(game_name="Whist", player_teams="2", zero_sum="y", end="rounds", deals="2")
    page(pages, "free teams refused", teams.deal(1, [3, 2]), 422)
    teams.play([[3, -3], [0, 0]])
    page(pages, "free teams finished", client.get(teams.url), 200)
    table.play(CHICAGO, first=5)
    page(pages, "free finished", client.get(table.url), 200)
    correction(pages, client, "free correction", pages["free finished"])
    ended = FreeTable(client)
    ended.start(("Anna", "Ben"))
    ended.play([[1, 2]])
    assert ended.end(2).status_code == 303
    page(pages, "free ended", client.get(ended.url), 200)


def evening_pages(app: Any, client: Any, pages: Pages) -> None:
    page(pages, "evening new", client.get("/evening/new/bismarck"), 200)
    page(pages, "evening new refused", new_evening(client, rounds="x"), 422)
    token = evening_token(new_evening(client))
    page(pages, "evening planned", client.get(f"/e/{token}"), 200)
    start_seated(app, token, 1)
    play_out(app, token, 1, slice(0, 1))
    page(pages, "evening in play", client.get(f"/e/{token}"), 200)
    page(pages, "projector in play", client.get(f"/e/{token}/screen"), 200)
    play_out(app, token, 1, slice(1, None))
    page(pages, "evening round over", client.get(f"/e/{token}"), 200)
    page(pages, "projector", client.get(f"/e/{token}/screen"), 200)


def locked_pages(app: Any, client: Any, pages: Pages, language: str) -> None:
    """A club evening as a player's phone sees it: a locked game (its page, and the page
    answering a form sent to it), the evening with its last rounds hidden, its projector."""
    club = club_of_every_game(client)
    evening = seed_evening(app, client, club, "sviten", rounds=3, hide_last=2, started=2)
    phone = app.test_client()
    phone.get(f"/language/{language}")
    game = games_of(app, evening)[1, 1]
    page(pages, "game locked", phone.get(f"/g/{game}"), 200)
    undo = {"csrf_token": csrf_token(phone), "seq": "3"}
    page(pages, "game locked refused", phone.post(f"/g/{game}/undo", data=undo), 403)
    page(pages, "evening hidden", phone.get(f"/e/{evening}"), 200)
    page(pages, "projector hidden", phone.get(f"/e/{evening}/screen"), 200)
    assert post(client, f"/c/{club}/e/{evening}/close").status_code == 303
    page(pages, "game closed", phone.get(f"/g/{games_of(app, evening)[2, 1]}"), 200)


def other_pages(client: Any, pages: Pages) -> None:
    page(pages, "home", client.get("/"), 200)
    refused = client.post(
        "/import",
        data={"csrf_token": csrf_token(client, "/"), "record": (b"{not json", "game.json")},
        content_type="multipart/form-data",
    )
    page(pages, "home import refused", refused, 422)
    refused = client.post(
        "/evening/import",
        data={"csrf_token": csrf_token(client, "/"), "evening_record": (b"[]", "evening.json")},
        content_type="multipart/form-data",
    )
    page(pages, "evening import refused", refused, 422)
    for kind, prefix in (
        ("bismarck", ""),
        ("klaberjass", "kj-"),
        ("sviten", "sv-"),
        ("free", "fr-"),
    ):
        bad = client.get(f"/print/blank/{kind}?{prefix}player_0=Anna&{prefix}player_1=Anna")
        page(pages, f"{kind} blank sheet refused", bad, 422)
    page(pages, "not found", client.get("/g/no-such-game"), 404)
    page(pages, "not found path", client.get("/no/such/page"), 404)
    page(pages, "method not allowed", client.get("/import"), 405)


def all_pages(app: Any, language: str) -> Pages:
    client = app.test_client()
    client.get(f"/language/{language}")
    pages: Pages = {}
    makers: list[Callable[[Any, Pages], None]] = [
        bismarck_pages,
        klaberjass_pages,
        sviten_pages,
        free_pages,
        other_pages,
    ]
    for make in makers:
        make(client, pages)
    evening_pages(app, client, pages)
    locked_pages(app, client, pages, language)
    return pages


def test_every_kind_of_page_passes_the_nu_html_checker(app, tmp_path):
    command = checker()  # skip before making the pages where the checker cannot run
    assert command
    folder = tmp_path / "pages"  # not tmp_path: the test's database is there
    folder.mkdir()
    names: dict[str, str] = {}
    for language in LANGUAGES:
        for name, html in all_pages(app, language).items():
            file = f"{language}-{re.sub(r'[^a-z0-9]+', '-', name)}.html"
            (folder / file).write_text(html, encoding="utf-8")
            names[file] = f"{name} [{language}]"
            repeated = {n for n in landmark_names(html) if landmark_names(html).count(n) > 1}
            assert not repeated, f"{name} [{language}]: landmarks named alike: {repeated}"
    assert len(names) == 2 * 58
    errors = validate(folder)
    said = [
        f"{names.get(Path(m.get('url', '')).name, m.get('url'))}: line {m.get('lastLine')}: "
        f"{m.get('message')} — {m.get('extract', '').strip()!r}"
        for m in errors
    ]
    assert not said, f"{len(said)} errors:\n" + "\n".join(said)
