"""Every game address of the URL map, sent to a game of every kind: never a server error.

A route of one game sent to a game of another kind (a Bismarck correction of a Klaberjass
game, a Klaberjass hand posted to a Sviten game ...) answers the friendly 404 page.
"""

from __future__ import annotations

import re

import sqlalchemy as sa

from scorekeeper.data.db import db
from scorekeeper.games import klaberjass
from scorekeeper.table import store
from tests.conftest import csrf_token
from tests.web.seeds import seed_games

#: A value for each URL variable a game route may have, beside the token.
VALUES = {
    "number": ["1", "2", "99"],
    "noun": ["deal", "hand", "round"],
    "kind": ["x"],
    "member_id": ["1", "99"],
    "evening_token": ["x"],
    "season_id": ["1", "99"],
    "seq": ["1", "99"],
    "since": ["0", "1", "99"],
}
VARIABLE = re.compile(r"<(?:[a-z]+:)?([a-z_]+)>")


def _urls(rule: str, token: str) -> list[str]:
    urls = [rule.replace("<token>", token)]
    for name in VARIABLE.findall(rule):
        if name == "token":
            continue
        urls = [
            VARIABLE.sub(lambda m, n=name, v=value: v if m.group(1) == n else m.group(0), url, 1)
            for url in urls
            for value in VALUES[name]
        ]
    return urls


def test_every_game_route_on_a_game_of_every_kind_answers_without_a_server_error(app, client):
    with app.app_context():
        tokens = seed_games()
    form = {"csrf_token": csrf_token(client), "seq": "2", "deal": "1"}
    rules = [r for r in app.url_map.iter_rules() if "<token>" in r.rule]
    assert len(rules) >= 12  # the shared routes and every game's own
    seen: dict[tuple[str, str], int] = {}
    for rule in rules:
        for kind, token in tokens.items():
            for url in _urls(rule.rule, token):
                for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                    response = client.open(url, method=method, data=form)
                    seen[url.replace(token, kind), method] = response.status_code
                    assert response.status_code < 500, (kind, method, url)
    # A game's own actions answer the friendly 404 for a game of another kind.
    assert seen["/g/bismarck/hand", "POST"] == 404
    assert seen["/g/klaberjass/announce", "POST"] == 404
    assert seen["/g/sviten/record", "POST"] == 404
    assert seen["/g/klaberjass/deal/1/correct", "GET"] == 404
    assert seen["/g/bismarck/hand/1/correct", "GET"] == 404
    assert seen["/g/bismarck/sviten/hand/1/correct", "GET"] == 404
    # ... and their own game's page as usual.
    assert seen["/g/bismarck/deal/1/correct", "GET"] == 200
    assert seen["/g/klaberjass/hand/1/correct", "GET"] == 200
    assert seen["/g/sviten/sviten/hand/1/correct", "GET"] == 200


def test_a_new_game_of_an_unknown_kind_is_not_found(client):
    assert client.get("/chess/new").status_code == 404
    assert "no game at this address" in client.get("/chess/new").get_data(as_text=True)


def test_the_poll_neither_reads_nor_writes_the_session(app, client):
    with app.app_context():
        token = seed_games()["bismarck"]
    client.get(f"/g/{token}")  # a phone that has the game open: its cookie holds the game
    response = client.get(f"/g/{token}/seq")
    assert response.get_json() == {"seq": 2}
    assert "Set-Cookie" not in response.headers
    assert "Cookie" not in response.headers.get("Vary", "")
    assert response.headers["Cache-Control"] == "no-store"


def test_a_stored_log_the_rules_now_refuse_is_a_page_that_says_so(app, client):
    """An entry stored by an earlier version that this version refuses (impossible typed card
    points, say) must not turn the game's address into a server error."""
    with app.app_context():
        game = store.create_game(db.session, "klaberjass", klaberjass.Setup(("Anna", "Ben")))
        db.session.execute(
            sa.text(
                "insert into event (game_id, seq, kind, data, created_at) values (:g, 0, 'hand', "
                '\'{"number": 1, "maker": 0, "trump": "spades", "last_trick": 1, '
                "\"card_points\": [146, 0]}', '2026-01-01')"
            ),
            {"g": game.id},
        )
        db.session.commit()
    response = client.get(f"/g/{game.token}")
    assert response.status_code == 409
    assert "cannot be shown" in response.get_data(as_text=True)
    assert client.get(f"/g/{game.token}/seq").get_json() == {"seq": 1}


def test_the_poll_is_answered_before_flask_with_the_headers_of_any_answer(app, client):
    with app.app_context():
        token = seed_games()["klaberjass"]
    response = client.get(f"/g/{token}/seq")
    assert response.get_json() == {"seq": 1}
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
    assert client.head(f"/g/{token}/seq").data == b""
    missing = client.get("/g/no-such-game/seq")
    assert (missing.status_code, missing.get_json()) == (404, {"error": "not found"})


def test_when_the_database_cannot_answer_the_poll_the_app_does(app, client, monkeypatch):
    from sqlalchemy.exc import OperationalError

    def broken(*_args, **_kwargs):
        raise OperationalError("SELECT", {}, Exception("disk I/O error"))

    with app.app_context():
        token = seed_games()["bismarck"]
    monkeypatch.setattr(store.positions, "position_of", broken)  # the poll, before Flask
    monkeypatch.setattr(store, "position_of", broken)  # the app's own route
    store.POSITIONS.clear()  # nothing recent in memory: the poll must ask the database
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as served: errors become the error page
    response = client.get(f"/g/{token}/seq")
    assert response.status_code == 500  # the app's friendly error page, not a dropped connection
    assert "Something went wrong" in response.get_data(as_text=True)
