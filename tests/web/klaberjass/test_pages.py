"""Klaberjass through the web pages, as phones at the table use them (Flask test client)."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from scorekeeper.data.db import db
from scorekeeper.table import store
from scorekeeper.web.assets import bundle_bytes, compact
from tests.conftest import csrf_token
from tests.web import error_of, text
from tests.web.klaberjass.client import HANDS, PLAYERS, KlaberjassTable, engine_state
from tests.web.records import upload


def stored_events(app, table: KlaberjassTable) -> int:
    with app.app_context():
        return len(store.load(db.session, table.game_token).events)


@pytest.fixture
def table(client) -> KlaberjassTable:
    table = KlaberjassTable(client)
    table.start()
    return table


# --- home and new game -----------------------------------------------------------------------


def test_home_offers_klaberjass_beside_bismarck_and_lists_its_kind(client):
    home = text(client.get("/").get_data(as_text=True))
    assert "New Bismarck game 3 players" in home
    assert "New Klaberjass game 2 players" in home
    KlaberjassTable(client).start(("Dora", "Eli"))
    home = text(client.get("/").get_data(as_text=True))
    assert re.search(r"Dora, Eli Hand 1 Klaberjass · \d{4}-\d\d-\d\d", home)


def test_the_new_game_form(client):
    page = client.get("/klaberjass/new").get_data(as_text=True)
    assert 'name="player_0"' in page and 'name="player_1"' in page
    assert 'name="target"' in page and 'value="500"' in page and 'inputmode="numeric"' in page
    assert re.search(
        r'checked id="first_dealer-0" name="first_dealer" type="radio" value="random"', page
    )
    assert "Third player" not in page


def test_a_random_first_dealer_is_drawn_and_announced(client):
    table = KlaberjassTable(client)
    table.start(first_dealer="random")
    page = text(table.page())
    match = re.search(r"The draw: (\w+) deals first\.", page)
    assert match and match.group(1) in PLAYERS
    other = PLAYERS[1 - PLAYERS.index(match.group(1))]
    assert f"{match.group(1)} deals · {other} bids first" in page


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"player_0": ""}, "player_0", "Enter a name."),
        ({"player_1": "anna"}, "player_1", "Both players are called anna."),
        ({"player_0": "A" * 31}, "player_0", "A name can be at most 30 characters."),
        ({"target": "0"}, "target", "Play to a number from 1 to 100000."),
        ({"target": "five hundred"}, "target", "Type a whole number from 0 to 100000."),
        ({"target": ""}, "target", "Enter the points to play to."),
        ({"first_dealer": "2"}, "first_dealer", "Not a valid choice."),
    ],
)
def test_new_game_errors_show_next_to_their_field_and_keep_the_input(
    client, fields, field, message
):
    data = {
        "csrf_token": csrf_token(client, "/klaberjass/new"),
        "player_0": "Anna",
        "player_1": "Ben",
        "first_dealer": "0",
        "target": "500",
        **fields,
    }
    response = client.post("/klaberjass/new", data=data)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert error_of(page, field) == message
    for name in ("player_0", "player_1", "target"):
        if data[name]:
            assert f'value="{data[name]}"' in page


# --- a whole game ----------------------------------------------------------------------------


def test_a_whole_game_to_500_through_the_forms(table):
    expected = engine_state()
    for number, hand in enumerate(HANDS, 1):
        page = text(table.page())
        assert f"Hand {number} " in page
        result = expected.hands[number - 1]
        dealer, elder = PLAYERS[result.dealer], PLAYERS[result.elder]
        assert f"{dealer} deals · {elder} bids first first to 500" in page
        assert table.hand(number, hand).status_code == 303
        page = text(table.page())
        # The hand's result: each player's hand total, then the settlement in words.
        if result.thrown_in:
            # ✎ and Undo beside the hand just recorded, then what it was
            assert f"Hand {number} ✎ Undo thrown in, no score." in page
        else:
            assert f"Anna {result.hand_totals[0]} " in page
            assert f"Ben {result.hand_totals[1]} " in page
            assert result.settlement in page
        if result.sequence_reason:
            assert f"Sequences: {result.sequence_reason}." in page
    assert expected.winner == 1 and expected.totals == (449, 509)
    page = table.page()
    assert "Game over" in text(page) and "Ben wins 509 to 449." in text(page)
    assert '<progress max="500" value="449" aria-label="Anna: 449 of 500">' in page
    assert '<progress max="500" value="500" aria-label="Ben: 509 of 500">' in page
    assert 'action="' + table.url + '/hand"' not in page  # no form once the game is over
    # The last hand's row on the sheet: its points, score (bold) and running total (Σ).
    assert "<td><i>45</i><b>45</b><small>Σ 449</small>" in page
    assert "<td class=declarer><i>105</i><b>105</b><small>Σ 509</small>" in page
    # A phone still showing the form of hand 10 is told the game is over.
    response = table.hand(10, HANDS[0])
    assert response.status_code == 422
    assert "The game is over: Ben won. No more hands can be recorded." in text(
        response.get_data(as_text=True)
    )


def test_the_settlements_in_words(table):
    table.play(HANDS[:7])
    page = text(table.page())
    # Hand 7: equal hands, the maker (Anna) scores nothing.
    assert "Hand 7 ✎ Undo Anna made trumps ♠" in page
    assert "Anna made trumps and tied at 90: Ben takes 90, Anna 0" in page
    assert "Sequences: Ben's 4-card run to the K♥ beats Anna's to the 10♣." in page
    assert "Anna 90 sequences 0" not in page  # only the parts that scored are listed
    assert "Ben 90 sequences 50 + cards 40" in page


def test_card_points_counted_from_the_captured_cards(table, app):
    table.play(HANDS[:4])
    # Hand 5 as tapped: both piles; nothing typed.
    assert table.hand(5, HANDS[4]).status_code == 303
    page = text(table.page())
    assert "Anna 54 bella 20 + cards 34" in page
    assert "Ben 80 cards 70 + last trick 10" in page
    with app.app_context():
        data = store.load(db.session, table.game_token).events[-1].data
    assert data["captured"][0] == ["JD", "9D", "7C", "8C"]
    # One pile tapped, the other player's points typed: the tapped pile is counted.
    table.post("undo")
    response = table.hand(
        5,
        maker="0",
        trump="diamonds",
        bella="0",
        last_trick="1",
        c0=["J♦", "9♦", "7♣", "8♣"],
        card_points_1="70",
    )
    assert response.status_code == 303
    assert "Anna made trumps and scored less: Ben takes 134" in text(table.page())


def test_a_thrown_in_hand_ignores_the_rest_of_the_form(table):
    response = table.hand(1, maker="thrown", trump="hearts", card_points_0="50", last_trick="0")
    assert response.status_code == 303
    page = text(table.page())
    assert "Hand 1 ✎ Undo thrown in, no score." in page
    assert "Hand 2 Ben deals · Anna bids first" in page


# --- what a phone sends wrong ----------------------------------------------------------------

GOOD = {
    "maker": "0",
    "trump": "hearts",
    "bella": "",
    "last_trick": "1",
    "card_points_0": "70",
    "card_points_1": "40",
}


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"maker": None}, "maker", "Who made trumps? Record the maker, or that the hand was"),
        ({"maker": None, "c0": ["A♠"]}, "maker", "Who made trumps?"),  # in table order
        ({"trump": None}, "trump", "Record the trump suit."),
        ({"last_trick": None}, "last_trick", "Record who took the last trick."),
        ({"maker": "2"}, "maker", "Not a valid choice."),
        ({"trump": "stars"}, "trump", "Not a valid choice."),
        ({"run00l": "3", "run00s": "♥"}, "sequences", "Choose the length, suit and top card"),
        (
            {"run00l": "4", "run00s": "♥", "run00t": "9"},
            "sequences",
            "Anna's 4-card run cannot start at the 9: the top card of a run of 4 is 10 or",
        ),
        (
            {
                **{"run00l": "3", "run00s": "♠", "run00t": "A"},
                **{"run10l": "3", "run10s": "♠", "run10t": "Q"},
            },
            "sequences",
            "Q♠ is in two sequences.",
        ),
        (
            {
                **{"run00l": "3", "run00s": "♠", "run00t": "A"},
                **{"run01l": "3", "run01s": "♠", "run01t": "J"},
            },
            "sequences",
            "A♠ K♠ Q♠ and J♠ 10♠ 9♠ follow each other: declare A♠ K♠ Q♠ J♠ 10♠ 9♠ as one",
        ),
        (
            {"bella": "0", "run10l": "3", "run10s": "♥", "run10t": "K"},
            "bella",
            "Anna holds bella (K♥ Q♥), so Ben cannot have K♥ in a sequence.",
        ),
        (
            {"card_points_0": None, "card_points_1": None},
            "card_points",
            "Record each player's card points, or the cards each captured.",
        ),
        (
            {"card_points_1": None},
            "card_points",
            "Enter Ben's card points, or tap the cards Ben captured.",
        ),
        ({"card_points_0": "seventy"}, "card_points", "Type a whole number from 0 to 146."),
        ({"card_points_0": "-5"}, "card_points", "Card points cannot be negative."),
        ({"card_points_0": "150"}, "card_points", "Anna's card points (150) are more than 9"),
        ({"card_points_0": "1"}, "card_points", "Anna's card points (1) are not a total that"),
        (
            {"card_points_0": "100", "card_points_1": "100"},
            "card_points",
            "Anna and Ben's card points add up to 200",
        ),
        (
            {"c0": ["A♠", "10♠", "K♠"], "card_points_0": None},
            "captured",
            "Anna captured 3 cards, but tricks have two cards each",
        ),
        (
            {"c0": ["A♠", "10♠"], "card_points_0": "50"},
            "card_points",
            "Anna's card points (50) do not match the cards Anna captured (21).",
        ),
        (
            {"c0": ["A♠", "10♠"], "c1": ["A♠", "K♠"]},
            "captured",
            "A♠ is in both Anna's and Ben's captured cards.",
        ),
        ({"c0": ["6♠", "A♠"]}, "captured", "'6♠' is not a valid choice for this field."),
    ],
)
def test_every_mistake_is_shown_next_to_its_field_and_the_input_is_kept(
    table, app, changes, field, message
):
    data = {**GOOD, **changes}
    data = {name: value for name, value in data.items() if value is not None}
    response = table.hand(1, **data)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert error_of(page, field).startswith(message)
    assert f'aria-describedby="{field}-error"' in page
    # What was typed and tapped is still there.
    for name in ("card_points_0", "card_points_1"):
        if data.get(name):
            # In a number input if it is a number; else as typed, which only a text input holds.
            kind = "number" if data[name].lstrip("-").isdigit() else "text"
            assert f'name="{name}" type="{kind}" value="{data[name]}"' in page
    if data.get("maker") in ("0", "1"):
        assert f'name=maker value="{data["maker"]}" checked' in page
    if data.get("run00l"):
        assert f"name=run00l value={data['run00l']} checked" in page
    for card in data.get("c0", []):
        if card != "6♠":
            assert f"<option selected>{card}<" in page
    assert stored_events(app, table) == 0


def test_a_form_for_another_hand_says_which_hand_it_is(table, app):
    response = table.hand(3, **GOOD)
    assert response.status_code == 422
    assert '<p class="error" role="alert">This is hand 1, not hand 3.</p>' in response.get_data(
        as_text=True
    )
    assert stored_events(app, table) == 0


def test_missing_or_garbled_fields_never_give_a_server_error(table, client):
    for action in ("hand", "undo", "hand/1/correct"):
        for payload in ({}, {"seq": "x", "deal": "y"}, {"seq": "-5", "deal": "1e9", "c0": "?"}):
            data = {"csrf_token": table.token, **payload}
            response = client.post(f"{table.url}/{action}", data=data)
            assert response.status_code in (303, 409, 422), (action, payload)


# --- two phones ------------------------------------------------------------------------------


def test_two_phones_recording_the_same_hand(app):
    phone_a, phone_b = KlaberjassTable(app.test_client()), KlaberjassTable(app.test_client())
    phone_a.start()
    phone_b.url = phone_a.url
    phone_b.token = csrf_token(phone_b.client, phone_b.url)
    seq = phone_b.seq()
    assert phone_a.hand(1, HANDS[0], seq=seq).status_code == 303
    response = phone_b.hand(1, HANDS[2], seq=seq)
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    words = text(page)
    assert "Already recorded from another phone" in words
    assert "Hand 1: trumps ♠; Ben made trumps and scored more: Ben takes 130" in words
    assert (
        "Your hand, not saved: Anna made trumps ♥ · card points 70 / 40 · last trick Ben" in words
    )
    # The page now shows hand 2 to record; phone B's entry was for hand 1 and is not kept in it.
    assert "Hand 2" in words
    assert stored_events(app, phone_a) == 1


def test_a_stale_form_is_a_conflict_only_when_its_hand_changed(table, app):
    assert table.hand(1, HANDS[0]).status_code == 303
    # Typed on a page from before hand 1 was written, but about hand 2: nothing written since
    # is about hand 2, so it goes on top.
    assert table.hand(2, HANDS[1], seq=0).status_code == 303
    assert stored_events(app, table) == 2
    # Hand 2 again, differently, from a page that had not seen it: that is a conflict.
    response = table.hand(2, HANDS[2], seq=1)
    assert response.status_code == 409
    assert stored_events(app, table) == 2


# --- correct and undo ------------------------------------------------------------------------


def test_the_correction_form_is_prefilled_with_the_hand(table, client):
    table.play(HANDS[:5])
    page = client.get(f"{table.url}/hand/1/correct").get_data(as_text=True)
    assert "Correct hand 1" in text(page) and "Anna dealt · Ben bid first" in text(page)
    assert 'name=maker value="1" checked' in page
    assert "value=spades checked" in page
    assert 'name=bella value="1" checked' in page and 'name=last_trick value="0" checked' in page
    assert "name=run00l value=3 checked" in page and "name=run10t value=A checked" in page
    assert 'value="50"' in page and 'value="60"' in page
    page = client.get(f"{table.url}/hand/5/correct").get_data(as_text=True)
    assert "<option selected>J♦<" in page and "<option selected>Q♦<" in page
    assert "<details open>" in page
    page = client.get(f"{table.url}/hand/2/correct").get_data(as_text=True)
    assert 'name=maker value="thrown" checked' in page
    assert client.get(f"{table.url}/hand/9/correct").status_code == 303


def test_correcting_a_hand_rescores_the_game(table, client):
    table.play(HANDS[:4])
    # Hand 3 was Anna's hearts, 70 to 50; really she had 60 card points and Ben 60 (and the
    # last trick): Ben takes both hands.
    corrected = {**HANDS[2], "card_points": [60, 60]}
    response = table.correct(3, corrected)
    assert response.status_code == 303 and response.headers["Location"].endswith("#r3")
    landed = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "<tr id=r3>" in landed and '<tr class="note">' in landed
    page = text(landed)
    # The notice is in the row after hand 3, where the page lands.
    assert "✓ Corrected: hand 3: trumps ♥" in page
    expected = engine_state([*HANDS[:2], corrected, HANDS[3]])
    assert f"Anna {expected.totals[0]} " in page and f"Ben {expected.totals[1]} " in page
    assert "Corrected: hand 3: trumps ♥; Anna made trumps and scored less: Ben takes 130" in page


def test_a_correction_that_breaks_a_later_hand_is_refused(client, app):
    table = KlaberjassTable(client)
    table.start(target="200")
    table.play(HANDS[:4])  # Anna reaches 274 in hand 4
    # Ben taking 120 in hand 3 would end the game there (250), before hand 4.
    corrected = {**HANDS[2], "card_points": [40, 70]}
    response = table.correct(3, corrected)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    said = (
        "This correction would make hand 4 illegal: The game was over after hand 3 (Ben won), "
        "so hand 4 cannot be played."
    )
    # Said once, at the top in an alert, where the page lands (issue 37: it was said twice).
    assert f'role="alert" id="latest" tabindex="-1"><p class="error">{said}</p>' in page
    assert page.count(said) == 1
    assert 'value="40"' in page  # the input is kept
    assert stored_events(app, table) == 4


def test_a_correction_goes_on_top_of_other_hands_but_not_of_its_own(table, client, app):
    table.play(HANDS[:2])
    form = client.get(f"{table.url}/hand/1/correct").get_data(as_text=True)
    seq, was = table.seq(), re.search(r'name="was" type="hidden" value="(\w+)"', form).group(1)
    table.hand(3, HANDS[2])  # another phone records hand 3 meanwhile: hand 1 is as it was
    response = table.correct(1, {**HANDS[0], "card_points": [52, 60]}, seq=seq, was=was)
    assert response.status_code == 303 and response.headers["Location"].endswith("#r1")
    assert stored_events(app, table) == 4
    # Now hand 1 changes while this form is still open with the old hand 1: not stored.
    response = table.correct(1, {**HANDS[0], "card_points": [50, 62]}, seq=seq, was=was)
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "Changed on another phone meanwhile" in text(page)
    assert "Your correction was not saved" in text(page)
    assert 'value="50"' in page  # the input is kept
    assert stored_events(app, table) == 4


def test_a_correction_that_changes_nothing_says_so(table):
    table.play(HANDS[:1])
    response = table.correct(1, HANDS[0])
    assert response.status_code == 422
    assert "That is what hand 1 already says." in text(response.get_data(as_text=True))


def test_undo_takes_back_the_last_hand(table):
    table.play(HANDS[:2])
    assert table.post("undo").status_code == 303
    page = text(table.page())
    assert "Hand 2 Ben deals" in page and "(undone)" in page
    assert table.post("undo").status_code == 303
    page = text(table.page())
    assert "Hand 1 Anna deals" in page and "Anna 0 Ben 0" in page
    response = table.post("undo")
    assert response.status_code == 422
    assert "There is nothing to undo." in text(response.get_data(as_text=True))


# --- safety ----------------------------------------------------------------------------------


def test_a_post_without_csrf_token_is_refused_and_stores_nothing(table, client, app):
    data = {"seq": 0, "deal": 1, **GOOD}
    for url in (f"{table.url}/hand", f"{table.url}/undo", f"{table.url}/hand/1/correct"):
        response = client.post(url, data=data)
        assert response.status_code == 400
        assert "Nothing was changed" in response.get_data(as_text=True)
    response = client.post("/klaberjass/new", data={"player_0": "A", "player_1": "B"})
    assert response.status_code == 400
    assert stored_events(app, table) == 0


def test_player_names_are_escaped_everywhere(client):
    evil = "<script>alert(1)</script>"
    table = KlaberjassTable(client)
    table.start((evil, "Ben"))
    table.play(HANDS[:1])
    for page in (
        table.page(),
        client.get("/").get_data(as_text=True),
        client.get(f"{table.url}/hand/1/correct").get_data(as_text=True),
        table.hand(2, maker="0").get_data(as_text=True),
    ):
        assert evil not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_get_never_changes_anything(table, client, app):
    table.play(HANDS[:1])
    for url in (table.url, f"{table.url}/seq", "/", f"{table.url}/hand/1/correct"):
        client.get(url)
    assert stored_events(app, table) == 1


# --- keeping and printing --------------------------------------------------------------------


def test_the_record_and_the_hands_csv(table, client):
    table.play(HANDS)
    response = client.get(f"{table.url}/record.json")
    assert response.status_code == 200
    assert "-klaberjass-" in response.headers["Content-Disposition"]
    record = json.loads(response.data)
    assert record["game"] == "klaberjass" and record["players"] == list(PLAYERS)
    assert record["totals"] == [449, 509] and record["winner"] == 1 and record["finished"]
    assert record["hands"][4]["captured"][1][:2] == ["AD", "10D"]
    response = client.get(f"{table.url}/deals.csv")
    assert response.headers["Content-Disposition"].endswith('-hands.csv"')
    rows = list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"))))
    assert rows[0][:4] == ["Hand", "Dealer", "Maker", "Trump"]
    assert rows[-1][-2:] == ["449", "509"]
    # The record brings the whole game back as a new game.
    imported = upload(client, response_record := json.dumps(record).encode())
    assert imported.status_code == 303, response_record[:200]
    assert "Ben wins 509 to 449." in text(client.get(imported.headers["Location"]).data.decode())


def test_the_game_page_offers_both_pdfs(table, client):
    page = table.page()
    assert f'action="{table.url}/sheet.pdf"' in page
    assert f'formaction="{table.url}/rules.pdf"' in page
    assert "Download hands (CSV)" in page


# --- the page's own styles and script --------------------------------------------------------


def test_klaberjass_pages_load_one_bundle_of_each_the_others_the_shared_files(table, client):
    table.play(HANDS[:1])
    for page in (table.page(), client.get(f"{table.url}/hand/1/correct").get_data(as_text=True)):
        css = re.search(r'<link rel="stylesheet" href="(/assets/klaberjass\.css\?v=\w+)">', page)
        js = re.search(r'<script src="(/assets/klaberjass\.js\?v=\w+)" defer></script>', page)
        assert css and js and "/static/app.css" not in page and "/static/app.js" not in page
    home = client.get("/").get_data(as_text=True)
    assert "/static/app.css?v=" in home and "/assets/" not in home
    response = client.get(css.group(1))
    assert response.status_code == 200 and response.mimetype == "text/css"
    # app.css and klaberjass.css compacted, as a game's bundle has them (web/assets.py)
    folder = Path(client.application.static_folder)
    assert response.data == bundle_bytes(folder, "klaberjass", "css")
    files = b"\n".join((folder / name).read_bytes() for name in ("app.css", "klaberjass.css"))
    assert len(response.data) < len(compact(files, "css"))  # less what only other pages use
    assert b".cards [aria-pressed=true]" in response.data
    assert "public" in response.headers["Cache-Control"]
    again = client.get(css.group(1), headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304
    response = client.get(js.group(1))
    assert response.mimetype == "text/javascript" and b"select[multiple]" in response.data
    assert client.get("/assets/chess.css").status_code == 404  # no such game
    assert b"select[multiple]" not in client.get("/assets/bismarck.js").data  # each its own
    # The new-game page's script (a name typed shows in its "deals first") is its own.
    new = client.get("/klaberjass/new").get_data(as_text=True)
    script = re.search(r'<script src="(/static/new\.js\?v=\w+)" defer></script>', new)
    assert script and "app.js" not in new
    assert b"player_" in client.get(script.group(1)).data and b"player_" not in response.data
    assert client.get("/assets/klaberjass.txt").status_code == 404


def test_a_long_games_page_shows_the_latest_hands_and_changes_and_all_on_request(table, client):
    table.play(HANDS)
    page = table.page()
    # 8 rows, and the hand just recorded above the form
    assert page.count('aria-label="Correct hand') == 9 and "Correct hand 1" not in page
    assert "Show all 9 hands" in text(page) and "4 earlier entries" in text(page)
    assert page.count("<li><time>") == 5
    page = client.get(f"{table.url}?all=1").get_data(as_text=True)
    assert page.count('aria-label="Correct hand') == 10 and "Show all" not in page
    assert page.count("<li><time>") == 9 and "earlier entries" not in page


def test_a_number_typed_beside_tapped_cards_must_match_them(table):
    table.play(HANDS[:4])
    response = table.hand(5, HANDS[4], card_points_1="71")
    assert response.status_code == 422
    assert error_of(response.get_data(as_text=True), "card_points") == (
        "Ben's card points (71) do not match the cards Ben captured (70)."
    )
    assert table.hand(5, HANDS[4], card_points_1="70").status_code == 303
