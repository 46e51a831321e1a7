"""Issue 15, at the table: an identical entry from a second phone, a beaten entry offered as a
correction, Undo that asks first and says what it took back, joining first, Play again."""

from __future__ import annotations

import html
import re

from scorekeeper.data.db import db
from scorekeeper.table import store
from tests.conftest import csrf_token
from tests.web import text
from tests.web.bismarck.client import Table
from tests.web.table import events


def two_phones(app) -> tuple[Table, Table]:
    phone_a, phone_b = Table(app.test_client()), Table(app.test_client())
    phone_a.start()
    phone_b.url = phone_a.url
    phone_b.token = csrf_token(phone_b.client, phone_b.url)
    return phone_a, phone_b


def test_the_same_entry_from_a_second_phone_is_a_success(app):
    phone_a, phone_b = two_phones(app)
    phone_a.announce(1, "sang")
    seq = phone_b.seq()
    assert phone_a.record(1, (8, 4, 4), seq=seq).status_code == 303
    response = phone_b.record(1, (8, 4, 4), seq=seq)
    assert response.status_code == 303
    page = text(phone_b.client.get(response.headers["Location"]).get_data(as_text=True))
    assert "Another phone recorded the same: nothing more to do." in page
    assert "Already recorded" not in page
    assert len(events(app, phone_a)) == 2


def test_beaten_tricks_are_offered_as_a_correction_of_that_deal(app):
    phone_a, phone_b = two_phones(app)
    phone_a.announce(1, "sang")
    seq = phone_b.seq()
    phone_a.record(1, (8, 4, 4), seq=seq)
    response = phone_b.record(1, (9, 3, 4), seq=seq)
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "enter it again" not in text(page)
    fix = re.search(r'<a class="button" href="([^"]+)">✎ Correct deal 1', page)
    assert fix, "no ✎ for deal 1"
    form = phone_b.client.get(html.unescape(fix.group(1))).get_data(as_text=True)
    for name, value in (("tricks_0", 9), ("tricks_1", 3), ("tricks_2", 4)):
        assert re.search(rf'name="{name}"[^>]*value="{value}"', form), name


def test_an_entry_about_another_deal_goes_on_top(app):
    phone_a, phone_b = two_phones(app)
    phone_a.announce(1, "sang")
    phone_a.record(1, (8, 4, 4))
    seq = phone_b.seq()
    phone_a.client.get(f"{phone_a.url}/deal/1/correct")
    corrected = phone_a.post("deal/1/correct", deal=1, contract="sang", tricks_0=7, tricks_1=5)
    assert corrected.status_code == 303  # tricks_2 left empty: the rest of the 16
    # Phone B still shows deal 2's announcement as of before the correction of deal 1.
    assert phone_b.announce(2, "pass", seq=seq).status_code == 303
    assert [e.kind for e in events(app, phone_a)] == ["announce", "record", "correct", "announce"]


def test_undo_says_what_it_takes_back_asks_and_says_what_it_took_back(client, app):
    table = Table(client)
    table.start()
    table.announce(1, "sang")
    table.record(1, (8, 4, 4))
    page = table.page()
    assert "Undo: Deal 1: tricks 8/4/4" in text(page)
    asked = client.get(f"{table.url}/undo").get_data(as_text=True)
    assert "This takes back the latest entry still in effect: Deal 1: tricks 8/4/4" in text(asked)
    assert len(events(app, table)) == 2  # asking stores nothing
    done = table.post("undo", deal=1)
    assert done.status_code == 303
    page = text(client.get(done.headers["Location"]).get_data(as_text=True))
    assert "Taken back: Deal 1: tricks 8/4/4" in page
    # A stale undo (another entry came first) undoes nothing and asks again.
    seq = table.seq()
    table.record(1, (6, 5, 5))
    stale = table.post("undo", seq=seq, deal=1)
    assert stale.status_code == 409
    assert "Nothing was undone" in text(stale.get_data(as_text=True))
    assert [e.kind for e in events(app, table)][-1] == "record"


def test_the_form_comes_first_and_joining_is_a_tap_away(app):
    """Issue 37: on deal 1 the phone that started the game shows the form first (the QR code
    below it, and a tap away: Join); a phone that did not have the game yet (it came by a
    link: an evening's page, a table card) shows the code first, for the others at its table,
    until it has seen the game once. After the first entry, Join alone."""
    client = app.test_client()
    table = Table(client)
    table.start()
    page = table.page()
    join = f'href="{table.url}/join"'
    assert page.index("Announce") < page.index('id="share-h"') and join in page
    stranger = app.test_client()
    first = stranger.get(table.url).get_data(as_text=True)
    assert first.index('id="share-h"') < first.index("Announce") and join in first
    again = stranger.get(table.url).get_data(as_text=True)
    assert again.index("Announce") < again.index('id="share-h"')
    third = app.test_client().get(table.url).get_data(as_text=True)  # not the page kept for B
    assert third.index('id="share-h"') < third.index("Announce")
    table.announce(1, "sang")
    for seen in (table.page(), stranger.get(table.url).get_data(as_text=True)):
        assert 'id="share-h"' not in seen and join in seen
    joined = client.get(f"{table.url}/join").get_data(as_text=True)
    assert "<svg" in joined and table.url in joined


def test_a_changed_mind_does_not_lock_announce(client, app):
    table = Table(client)
    table.start()
    # Valfri, ♥, then Sang: the ♥ is still selected in the hidden picker.
    assert table.announce(1, "sang", "hearts").status_code == 303
    assert events(app, table)[-1].data["trump"] is None


def test_play_again_starts_one_game_with_the_next_dealer(app):
    from tests.games.bismarck.examples import MODERN_GAME
    from tests.web.bismarck.client import play_modern_game

    phone_a, phone_b = two_phones(app)
    play_modern_game(phone_a, MODERN_GAME)
    over = phone_a.page()
    assert "Play again" in over and "same players, Ben deals first" in text(over)
    first = phone_a.client.post(f"{phone_a.url}/again", data={"csrf_token": phone_a.token})
    second = phone_b.client.post(f"{phone_b.url}/again", data={"csrf_token": phone_b.token})
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"] != phone_a.url
    new = text(phone_a.client.get(first.headers["Location"]).get_data(as_text=True))
    assert "Deal 1 of 12" in new and "Ben deals" in new


def test_a_correction_of_an_old_hand_lands_on_it_though_the_page_shows_the_latest(client):
    from tests.web.klaberjass.client import HANDS, KlaberjassTable

    table = KlaberjassTable(client)
    table.start()
    table.play(HANDS)  # more hands than the page lists
    assert "Show all" in table.page()
    response = table.correct(1, {**HANDS[0], "card_points": [52, 60]})
    assert response.status_code == 303 and response.headers["Location"].endswith("#r1")
    landed = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "<tr id=r1>" in landed and "✓ Corrected: hand 1" in text(landed)


def test_your_games_say_where_each_game_stands(client):
    from tests.games.bismarck.examples import MODERN_GAME
    from tests.web.bismarck.client import play_modern_game

    playing, over = Table(client), Table(client)
    playing.start()
    play_modern_game(playing, MODERN_GAME[:4])
    over.start(("Dora", "Erik", "Fia"))
    play_modern_game(over, MODERN_GAME)
    home = text(client.get("/").get_data(as_text=True))
    assert "Anna, Ben, Carla Deal 5 of 12 Bismarck" in home
    assert "Dora, Erik, Fia Erik wins with +2. Bismarck" in home
    assert "last change" in home


def test_swapping_two_deals_contracts_in_one_correction(client, app):
    from tests.games.bismarck.examples import MODERN_GAME
    from tests.web.bismarck.client import play_modern_game

    table = Table(client)
    table.start()
    play_modern_game(table, MODERN_GAME[:7])  # Ben: Sang in deal 1, Spader in deal 7
    client.get(f"{table.url}/deal/1/correct")
    # Deal 1 was really Spader: alone that is refused (Spader is deal 7's) ...
    refused = table.post(
        "deal/1/correct", deal=1, contract="spader", tricks_0=4, tricks_1=10, tricks_2=2
    )
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    offer = re.search(r'<a class="button wide" href="([^"]+)">Change deal 7 too', page)
    assert offer, "no offer to change deal 7 too"
    # ... so deal 7 is added to the same correction, offered deal 1's Sang in exchange.
    url = html.unescape(offer.group(1))
    both = client.get(url).get_data(as_text=True)
    assert "Correct deals 1 and 7" in text(both)
    assert re.search(r'name="contract" value="spader" checked', both)
    assert re.search(r'name="d7-contract" value="sang" checked', both)
    was = re.search(r'name="was" type="hidden" value="(\w+)"', both).group(1)
    fields = dict(re.findall(r'name="(d7-tricks_\d)"[^>]*value="(\d+)"', both))
    saved = client.post(
        url,
        data={
            "csrf_token": table.token,
            "seq": table.seq(),
            "deal": 1,
            "was": was,
            "contract": "spader",
            **{f"tricks_{i}": t for i, t in enumerate((4, 10, 2))},
            "d7-contract": "sang",
            **fields,
        },
    )
    assert saved.status_code == 303, text(saved.get_data(as_text=True))[:500]
    stored = events(app, table)
    assert stored[-1].kind == "correct" and len(stored[-1].data["deals"]) == 2
    with app.app_context():
        state = store.load(db.session, table.url.rsplit("/", 1)[-1]).state
    assert (state.deals[0].contract.value, state.deals[6].contract.value) == ("spader", "sang")


def test_the_app_is_installable_from_its_manifest(client):
    page = client.get("/").get_data(as_text=True)
    link = re.search(r'<link rel="manifest" href="([^"]+)">', page)
    assert link
    response = client.get(link.group(1))
    manifest = response.get_json(force=True)
    response.close()  # a static file: its handle is closed with the response
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert manifest["name"] == "Scorekeeper"
    icon = client.get("/static/" + manifest["icons"][0]["src"])
    assert icon.status_code == 200
    icon.close()


def test_an_entry_the_script_sends_learns_where_the_redirect_leads(app):
    """app.js sends an entry itself (to keep it until the server answers): its redirect comes
    back as 200 with the address, #deal included, which a script's request cannot see."""
    table = Table(app.test_client())
    table.start()
    table.announce(1, "sang")
    table.record(1, (8, 4, 4))
    payload = {"csrf_token": table.token, "seq": table.seq(), "deal": 1, "contract": "spader"}
    correct = f"{table.url}/deal/1/correct"
    page = table.client.get(correct).get_data(as_text=True)
    fields = dict(re.findall(r'name="?(\w+)"? type="?hidden"? value="?([^">]*)', page))
    fields.update({"contract": "pass", "tricks_0": "8", "tricks_1": "4", "tricks_2": "4"})
    response = table.client.post(correct, data=fields, headers={"X-Sent-By": "app.js"})
    assert response.status_code == 200 and "Location" not in response.headers
    assert response.headers["X-Location"].endswith("#r1")
    plain = table.client.post(f"{table.url}/announce", data={**payload, "deal": 2})
    assert plain.status_code == 303  # without the header: a redirect as ever
