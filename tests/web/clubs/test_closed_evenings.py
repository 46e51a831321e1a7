"""Closed means closed, locked means locked (issue 35): every write of a closed club evening and
its games, starting rounds included, is its organiser's, whatever a player's phone sends; a
closed evening of no club (an imported copy of a closed evening) is nobody's; starting a round
of a club's evening is the organiser's act at any time; a locked game's page says so at its top
and offers no write a player cannot make; *Play again* stays inside the evening (it is not
offered: the evening's next round is)."""

from __future__ import annotations

import io
import re

import pytest

from scorekeeper.data.db import db
from scorekeeper.games import bismarck
from scorekeeper.table import services as games
from scorekeeper.table import store
from tests.conftest import csrf_token
from tests.e2e.table import example_events
from tests.web.clubs.club import evening_token, member_ids, plan_evening, post
from tests.web.clubs.locked import KINDS, club_of_every_game, everything, games_of, seed_evening

CLOSED = "This evening is closed: only the organiser can change its games, with the club&#39;s PIN."
CLOSED_FOR_GOOD = "This evening is closed and has no organiser: its games can no longer be changed."
ROUNDS_ARE_THE_ORGANISERS = (
    "Only the organiser starts the rounds of a club&#39;s evening, with the club&#39;s PIN."
)
LOCKED = "This game is over and round 2 has started: only the organiser can change it now"
# (The messages as a page writes them: an apostrophe is &#39;.)
VARIABLE = re.compile(r"<(?:[a-z]+:)?([a-z_]+)>")

#: The POST routes that take none of a game's, an evening's or a club's address: each makes
#: something new (a game, an evening, a club, an import) and can change nothing that exists.
MAKE_NEW = {
    "/<kind>/new",
    "/club/new",
    "/club/import",
    "/import",
    "/evening/import",
    "/evening/new/<kind>",
}
#: The club's routes a closed evening has nothing to do with, and why.
NOT_THE_EVENINGS = {
    # Typing the PIN signs this phone in as the organiser (or counts a wrong PIN): the PIN's
    # own tests hold it; it changes no evening or game.
    "/c/<token>/pin",
    "/c/<token>/pin/forget",
}


def write_urls(app, *, games_, evenings, club=None, members=(), seasons=("1",)):
    """Every (rule, address) a phone can POST to for these games, evenings and club: every
    POST route of the app's URL map that takes one of their addresses, its other variables
    filled with every value that means something here. A route added later is enumerated too;
    one that takes an address of another kind fails here until this learns it."""
    values = {
        "number": ("1", "2"),
        "noun": ("deal", "hand"),
        "seq": ("0", "1", "2"),
        "kind": KINDS,
        "member_id": tuple(str(m) for m in members) or ("1",),
        "season_id": seasons,
        "evening_token": tuple(evenings),
    }
    found = []
    for rule in app.url_map.iter_rules():
        if "POST" not in rule.methods:
            continue
        names = VARIABLE.findall(rule.rule)
        if "token" not in names and "evening_token" not in names:
            assert rule.rule in MAKE_NEW, f"{rule.rule}: which address does it write to?"
            continue
        if rule.rule in NOT_THE_EVENINGS:
            continue
        prefix = rule.rule.split("<token>")[0]
        tokens = {"/g/": games_, "/e/": evenings, "/c/": [club] if club else []}[prefix]
        for token in tokens:
            urls = [rule.rule.replace("<token>", token)]
            for name in (n for n in names if n != "token"):
                urls = [
                    VARIABLE.sub(lambda m, n=name, v=v: v if m[1] == n else m[0], url, count=1)
                    for url in urls
                    for v in values[name]
                ]
            found += [(rule.rule, url) for url in urls]
    return found


def _form(phone, app, url: str) -> dict[str, object]:
    """What a page's forms would send to ``url``, as a phone that read the game's page before
    the evening was closed would have it: the CSRF token, the game's log position, the next
    deal, and an entry the rules take (a forehand's Sang, tricks adding up to 16, a seat ...)."""
    data: dict[str, object] = {
        "csrf_token": csrf_token(phone),
        "deal": "5",
        "contract": "sang",
        "tricks_0": "6",
        "tricks_1": "5",
        "tricks_2": "5",
        "seat": "1",
        "anyway": "y",
        "name": "Gus",
    }
    found = re.match(r"/g/([\w-]+)/", url)
    if found:
        with app.app_context():
            data["seq"] = str(games.load(found[1]).position)
    return data


def _closed_club(app, client):
    """A club with a closed evening of every game (round 1 of 2 in play at its one table), a
    closed Bismarck evening whose round 1 is over and round 2 in play, and a closed one never
    started: the club's token and the evenings' tokens."""
    club = club_of_every_game(client)
    tokens = [seed_evening(app, client, club, kind, played={1: 2}) for kind in KINDS]
    tokens.append(
        seed_evening(app, client, club, "bismarck", started=2, played={2: 3}, name="Vecka 2")
    )
    tokens.append(seed_evening(app, client, club, "sviten", started=0, name="Vecka 0"))
    for token in tokens:
        assert post(client, f"/c/{club}/e/{token}/close").status_code == 303
    return club, tokens


def test_every_write_route_of_a_closed_club_evening_is_refused_to_a_players_phone(app, client):
    club, tokens = _closed_club(app, client)
    game_tokens = [t for token in tokens for t in games_of(app, token).values()]
    assert len(game_tokens) == len(KINDS) + 2
    phone = app.test_client()  # a player's: the club's and the games' links, not the PIN
    urls = write_urls(
        app,
        games_=game_tokens,
        evenings=tokens,
        club=club,
        members=member_ids(client, club).values(),
    )
    rules = {rule for rule, _url in urls}
    # The writes a player could try on a closed evening's game or the evening itself.
    assert {
        "/g/<token>/announce",
        "/g/<token>/record",
        "/g/<token>/redeal",
        "/g/<token>/hand",
        "/g/<token>/sviten/hand",
        "/g/<token>/<noun>/<int:number>/correct",
        "/g/<token>/sviten/hand/<int:number>/correct",
        "/g/<token>/undo",
        "/g/<token>/again",
        "/g/<token>/confirm/<int:seq>",
        "/g/<token>/seat",
        "/e/<token>/round/<int:number>/start",
        "/c/<token>/e/<evening_token>/reopen",
    } <= rules
    before = everything(app)
    for rule, url in urls:
        response = phone.post(url, data=_form(phone, app, url))
        assert 400 <= response.status_code < 500, (rule, url, response.status_code)
        if response.status_code == 403 and url.startswith("/g/"):
            # Said once, at the top of the game's page, which offers nothing to send again.
            assert response.text.count(CLOSED) == 1, url
            assert 'method="post"' not in response.text and "method=post" not in response.text
    assert everything(app) == before
    # Opening a form that writes leads to the game's page, which says why.
    for game in game_tokens:
        for page in (f"/g/{game}/undo", f"/g/{game}/seat", f"/g/{game}/deal/1/correct"):
            opened = phone.get(page)
            assert opened.status_code in (303, 404), page
    # The organiser's phone still changes a closed evening: an undo, a round started.
    (game,) = games_of(app, tokens[0]).values()
    seq = client.get(f"/g/{game}/seq").get_json()["seq"]
    done = client.post(f"/g/{game}/undo", data={"csrf_token": csrf_token(client), "seq": seq})
    assert done.status_code == 303
    started = client.post(
        f"/e/{tokens[0]}/round/2/start", data={"csrf_token": csrf_token(client), "anyway": "y"}
    )
    assert started.status_code == 303 and len(games_of(app, tokens[0])) == 2


def test_a_round_of_a_club_evening_is_the_organisers_to_start(app, client):
    club = club_of_every_game(client)
    evening = seed_evening(app, client, club, "bismarck")  # round 1 over
    phone = app.test_client()
    page = phone.get(f"/e/{evening}").text
    assert "The organiser starts round 2." in page and "/round/2/start" not in page
    before = everything(app)
    refused = phone.post(f"/e/{evening}/round/2/start", data={"csrf_token": csrf_token(phone)})
    assert refused.status_code == 403
    said = refused.text.split('id="round-2"', 1)[1]
    assert refused.text.count(ROUNDS_ARE_THE_ORGANISERS) == 1
    assert ROUNDS_ARE_THE_ORGANISERS in said  # beside the round
    assert everything(app) == before
    phone.set_cookie("lang", "sv")
    assert "Arrangören startar rond 2." in phone.get(f"/e/{evening}").text
    # The organiser's page has the button, and it starts the round.
    assert "/round/2/start" in client.get(f"/e/{evening}").text
    started = client.post(f"/e/{evening}/round/2/start", data={"csrf_token": csrf_token(client)})
    assert started.status_code == 303 and len(games_of(app, evening)) == 2


def test_the_evening_page_of_a_closed_club_evening_offers_a_player_no_start(app, client):
    club = club_of_every_game(client)
    evening = seed_evening(app, client, club, "bismarck")
    assert post(client, f"/c/{club}/e/{evening}/close").status_code == 303
    page = app.test_client().get(f"/e/{evening}").text
    assert "/round/2/start" not in page and "starts round 2" not in page
    assert "This evening is closed: its results are final." in page
    assert "/round/2/start" in client.get(f"/e/{evening}").text  # the organiser's


def _imported_copy(app, client) -> tuple[str, object]:
    """A closed club evening (Bismarck, round 1 in play), its record imported from the home
    page by a stranger's phone: the copy's token and that phone."""
    club = club_of_every_game(client)
    evening = seed_evening(app, client, club, "bismarck", played={1: 4})
    assert post(client, f"/c/{club}/e/{evening}/close").status_code == 303
    record = client.get(f"/e/{evening}/evening.json")
    assert record.status_code == 200 and '"closed_at"' in record.text
    stranger = app.test_client()
    imported = stranger.post(
        "/evening/import",
        data={
            "csrf_token": csrf_token(stranger),
            "evening_record": (io.BytesIO(record.data), "evening.json"),
        },
    )
    assert imported.status_code == 303, imported.text
    return evening_token(imported), stranger


def test_an_imported_copy_of_a_closed_evening_is_read_only_for_everyone(app, client):
    copy, stranger = _imported_copy(app, client)
    page = stranger.get(f"/e/{copy}").text
    assert "This evening is closed: its results are final." in page
    assert "anyone at a table can correct its games" not in page
    assert "/round/2/start" not in page and "can start the next round" not in page
    game_tokens = list(games_of(app, copy).values())
    urls = write_urls(app, games_=game_tokens, evenings=[copy])
    before = everything(app)
    # Nobody: the phone that imported it, another, the copied club's organiser.
    for phone in (stranger, app.test_client(), client):
        for rule, url in urls:
            response = phone.post(url, data=_form(phone, app, url))
            assert 400 <= response.status_code < 500, (rule, url, response.status_code)
            if response.status_code == 403 and url.startswith("/g/"):
                assert response.text.count(CLOSED_FOR_GOOD) == 1, url
    assert everything(app) == before
    (game,) = game_tokens
    shown = stranger.get(f"/g/{game}").text
    assert CLOSED_FOR_GOOD in shown and "Undo" not in shown and "/correct" not in shown
    stranger.set_cookie("lang", "sv")
    assert "Kvällen är stängd och har ingen arrangör" in stranger.get(f"/g/{game}").text


def _top(page: str) -> str:
    """What a game page says between its head and its first section of play."""
    head = re.search(r'<header class="?now"?[^>]*>.*?</header>', page, re.S)
    return page[head.end() :].split("<section", 1)[0][:800]


@pytest.mark.parametrize("kind", KINDS)
def test_a_locked_games_page_says_so_at_the_top_and_offers_a_player_no_write(app, client, kind):
    club = club_of_every_game(client)
    evening = seed_evening(app, client, club, kind, started=2, played={2: 1})
    game = games_of(app, evening)[1, 1]  # over, and round 2 has started: locked
    phone = app.test_client()
    page = phone.get(f"/g/{game}").text
    assert LOCKED in _top(page) and page.count(LOCKED) == 1
    for write in ("/correct", "/undo", "/again", "/seat", 'method="post"', "method=post"):
        assert write not in page, write
    assert "Play again" not in page and "Back to the evening" in page
    # The organiser's phone sees the same notice, and every control.
    mine = client.get(f"/g/{game}").text
    assert LOCKED in _top(mine)
    assert "/correct" in mine and f"/g/{game}/undo" in mine and "/seat" in mine
    # The game still in play in round 2 stays its table's.
    playing = phone.get(f"/g/{games_of(app, evening)[2, 1]}").text
    assert LOCKED not in playing and 'method="post"' in playing.replace(
        "method=post", 'method="post"'
    )


def test_the_locked_notice_follows_the_evening_on_a_kept_page(app, client):
    """A game page is kept by its log position: closing the evening changes no position, yet
    the next phone to load the page is told."""
    club = club_of_every_game(client)
    evening = seed_evening(app, client, club, "bismarck", played={1: 4})
    (game,) = games_of(app, evening).values()
    phone = app.test_client()
    assert CLOSED not in phone.get(f"/g/{game}").text
    assert post(client, f"/c/{club}/e/{evening}/close").status_code == 303
    page = phone.get(f"/g/{game}").text
    assert CLOSED in _top(page) and "/record#latest" not in page
    assert post(client, f"/c/{club}/e/{evening}/reopen").status_code == 303
    assert CLOSED not in phone.get(f"/g/{game}").text


def test_play_again_on_an_evenings_game_is_not_offered_it_leads_back_to_the_evening(app, client):
    club = club_of_every_game(client)
    evening = seed_evening(app, client, club, "bismarck")  # round 1 over, round 2 to start
    (game,) = games_of(app, evening).values()
    phone = app.test_client()
    page = phone.get(f"/g/{game}").text
    assert "Play again" not in page and f"/g/{game}/again" not in page
    assert f'href="/e/{evening}#round-2">Back to the evening' in page
    before = everything(app)
    refused = phone.post(f"/g/{game}/again", data={"csrf_token": csrf_token(phone)})
    assert refused.status_code == 403
    assert refused.text.count("A game of an evening plays on in the evening&#39;s next round.") == 1
    assert everything(app) == before
    phone.set_cookie("lang", "sv")
    assert "Tillbaka till kvällen" in phone.get(f"/g/{game}").text


def test_play_again_keeps_a_casual_games_confirmations(app):
    with app.app_context():
        game = games.create("bismarck", bismarck.Setup(("Anna", "Ben", "Carla")), confirms=True)
        for seq, event in enumerate(example_events(12)):
            game = store.append(db.session, game, event, seq)
        following = games.play_again(game)
        assert following.confirms and following.setup.first_dealer == 1


def test_a_club_evening_planned_through_its_pages_starts_only_on_the_organisers_phone(app, client):
    """The club's evening form, then *Start round 1*: from a player's phone, refused; from
    the organiser's, started."""
    club = club_of_every_game(client)
    evening = evening_token(plan_evening(client, club, name="Vecka 9", rounds="1"))
    phone = app.test_client()
    refused = phone.post(f"/e/{evening}/round/1/start", data={"csrf_token": csrf_token(phone)})
    assert refused.status_code == 403 and not games_of(app, evening)
    started = client.post(f"/e/{evening}/round/1/start", data={"csrf_token": csrf_token(client)})
    assert started.status_code == 303 and games_of(app, evening)
