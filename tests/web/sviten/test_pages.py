"""Sviten Special through the web pages, as phones at the table use them (Flask test client)."""

from __future__ import annotations

import csv
import html
import io
import json
import re

from scorekeeper.data.db import db
from scorekeeper.games.sviten import melds_text
from scorekeeper.table import store
from tests.conftest import csrf_token
from tests.web import error_of, text
from tests.web.records import upload
from tests.web.sviten.client import (
    HANDS,
    PLAYERS,
    SvitenTable,
    card_fields,
    engine_state,
    pile,
    quick_fields,
)

SPADE_HAND = HANDS[2]  # E–W hold the whole spade suit (trumps) and bid 3
#: The hand form shows quick mode (its first choice, which sviten.css follows).
QUICK_CHOSEN = "id=by-quick checked"


def stored(app, table: SvitenTable):
    with app.app_context():
        return store.load(db.session, table.game_token)


def described_by(page: str, field: str) -> bool:
    """Is the message next to ``field`` tied to its input or its group?"""
    return bool(re.search(rf'aria-describedby="?[^">]*\b{field}-error', page))


def checked_cards(page: str) -> list[str]:
    return re.findall(r"<input type=checkbox name=(\w+) checked>", page)


# --- home and new game -----------------------------------------------------------------------


def test_home_offers_sviten_and_lists_its_kind(client):
    home = text(client.get("/").get_data(as_text=True))
    assert "New Sviten Special game 4 players" in home
    SvitenTable(client).start(("Nora", "Erik", "Sara", "Walt"))
    home = text(client.get("/").get_data(as_text=True))
    assert re.search(r"Nora, Erik, Sara, Walt Hand 1 Sviten Special · \d{4}-\d\d-\d\d", home)


def test_the_new_game_form_shows_the_pairs_and_the_options(client):
    page = client.get("/sviten/new").get_data(as_text=True)
    shown = text(page)
    for label in ("North (N)", "East (E), on North's left", "South (S), North's partner"):
        assert label in shown
    assert "Partners sit opposite each other: North with South, East with West." in shown
    assert 'class="table-diagram square"' in page
    for option in ("slam_bonus", "no_trump_only", "double_trump_runs", "jokers", "hand_cap"):
        assert f'name="{option}"' in page
    assert re.search(r'checked id="slam_bonus" name="slam_bonus" type="checkbox"', page)
    assert "score −10 × the bid" in shown and "score tricks + melds − 10 × the bid" in shown


def test_a_new_game_keeps_its_options(app, client):
    table = SvitenTable(client)
    table.start(
        first_dealer="2",
        slam_bonus=False,
        failed_bid="keep_points",
        hand_cap=12,
        no_trump_only=True,
        jokers=True,
    )
    game = stored(app, table)
    options = game.setup.options
    assert game.setup.first_dealer == 2
    assert (options.slam_bonus, options.failed_bid, options.hand_cap) == (False, "keep_points", 12)
    assert options.no_trump_only and options.jokers and not options.double_trump_runs
    page = table.page()
    assert "Hand 1 of 12" in text(page) and "Carla deals · Dan bids first" in text(page)
    assert "No-trump only: this game has no trumps." in text(page)
    assert "name=trump " not in page and "name=jokers_0" in page


def test_the_new_game_form_refuses_what_it_cannot_start(client):
    token = csrf_token(client, "/sviten/new")
    names = {"player_0": "Anna", "player_1": "Ben", "player_2": "anna", "player_3": ""}
    data = {"csrf_token": token, "first_dealer": "0", **names}
    page = client.post("/sviten/new", data=data)
    assert page.status_code == 422
    assert error_of(page.get_data(as_text=True), "player_3") == "Enter a name."
    data["player_3"], data["hand_cap"] = "Dan", "0"
    page = client.post("/sviten/new", data=data).get_data(as_text=True)
    assert error_of(page, "hand_cap") == "A hand cap is 1 to 1000 hands, or empty."
    del data["hand_cap"]
    page = client.post("/sviten/new", data=data).get_data(as_text=True)
    assert error_of(page, "player_2") == "Two players are called anna."  # the repeated one
    assert 'value="Ben"' in page  # what was typed stays


def test_a_drawn_first_dealer_is_announced(client):
    table = SvitenTable(client)
    table.start(first_dealer="random")
    page = text(table.page())
    drawn = re.search(r"The draw: (\w+) deals first\.", page)
    assert drawn and drawn.group(1) in PLAYERS
    assert f"{drawn.group(1)} deals" in page


# --- a whole match ---------------------------------------------------------------------------


def test_a_whole_match_to_100_through_the_forms(app, client, table):
    page = text(table.page())
    assert "Hand 1 Anna deals · Ben bids first · the first pair to 100 wins" in page
    assert "N–S Anna & Carla 0" in page and "E–W Ben & Dan 0" in page

    # Hand 1, quick mode: the numbers typed in.
    assert table.quick(1, HANDS[0]).status_code == 303
    page = text(table.page())
    assert "Hand 1 ✎ Undo Ben bid 1 NT · made" in page
    assert "N–S +17 7 tricks + 10 (2 melds)" in page and "E–W +11 6 tricks + 5 (1 meld)" in page

    # Hand 2: N–S's cards tapped; the proposal shows both pairs' melds, and records nothing.
    proposal = table.propose(2, HANDS[1])
    assert proposal.status_code == 200
    shown = text(proposal.get_data(as_text=True))
    assert "Hand 2: the melds Anna bid 2 ♦ · N–S 6 tricks · E–W 7 tricks" in shown
    assert "5 melds · 35 made: +41" in shown and "6 melds · 50 score: +57" in shown
    assert "Q♦ K♦ A♦ 10 trumps ×2" in shown
    assert "In no meld: K♠ Q♠ 5♠" not in shown  # (in pack order, not shuffled)
    assert stored(app, table).seq == 1
    assert table.record(2, HANDS[1]).status_code == 303
    page = text(table.page())
    assert "N–S +41 6 tricks + 35 (5 melds)" in page and "N–S Anna & Carla 58" in page

    # Hand 3: the declarers' trade-off, most melds first; the bid is made with 3 of them.
    proposal = text(table.propose(3, SPADE_HAND).get_data(as_text=True))
    assert "3 melds: 70 · 2 melds: 90 · 1 meld: 110 — bid 3 needs 3" in proposal
    assert "3 melds · 70 made: +74" in proposal and "2 melds · 90 failed: −30" in proposal
    assert table.record(3, SPADE_HAND, count="3").status_code == 303

    page = table.page()
    shown = text(page)
    expected = engine_state()
    assert expected.finished and expected.winner == 1
    assert "Game over" in shown and "E–W wins 142 to 197." in shown
    assert "both pairs passed 100 in the last hand: the declarers win" in shown
    assert f'action="{table.url}/sviten/hand"' not in page  # no hand form any more
    game = stored(app, table)
    assert game.state.totals == expected.totals == (197, 142)
    # The engine laid every pair's melds: the log holds the cards, not the melds.
    assert [sorted(event.data) for event in game.events[1:]] == [
        ["bid", "captured", "declarer", "number", "trump"]
    ] * 2


def test_the_proposal_carries_the_cards_and_writes_nothing(app, table):
    response = table.propose(1, HANDS[1])
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert sorted(re.findall(r"<input type=hidden name=(\w+) value=1>", page)) == sorted(
        HANDS[1]["captured"][0]
    )
    for name, value in (("declarer", "0"), ("bid", "2"), ("pair", "0")):
        assert f"<input type=hidden name={name} value={value}>" in page
    assert '<input type=hidden name=trump value="diamonds">' in page
    assert "Nothing is recorded until you tap Record hand 1." in text(page)
    assert stored(app, table).seq == 0
    # Back to the cards: the grid as it was tapped.
    back = table.step(1, "edit", **card_fields(HANDS[1]))
    assert back.status_code == 200
    assert sorted(checked_cards(back.get_data(as_text=True))) == sorted(HANDS[1]["captured"][0])
    assert stored(app, table).seq == 0


def test_the_declarers_may_choose_another_meld_count(app, client):
    # With "a failed bid keeps its points" one rich meld can beat making the bid: 4 tricks +
    # 110 − 30 = 84 against 4 + 70 = 74.
    table = SvitenTable(client)
    table.start(failed_bid="keep_points")
    proposal = text(table.propose(1, SPADE_HAND).get_data(as_text=True))
    assert "3 melds · 70 made: +74" in proposal and "1 meld · 110 failed: +84" in proposal
    assert table.record(1, SPADE_HAND, count="1").status_code == 303
    result = stored(app, table).state.hands[0]
    assert result.meld_counts[1] == 1 and result.meld_points[1] == 110
    assert not result.made and result.scores[1] == 84
    assert not result.chosen[1] and result.chosen[0]  # E–W's melds are recorded, N–S's derived
    laid = stored(app, table).events[0].data["melds"]
    assert laid[0] is None and len(laid[1]) == 1


def test_melds_typed_by_the_players_are_checked_and_recorded(app, table):
    # The text as proposed changes nothing (the engine's own melds: recorded as None); an
    # emptied text lays no melds.
    proposal = table.propose(1, HANDS[1]).get_data(as_text=True)
    typed = re.search(r'name="laid_0" rows="3">\s*(.*?)</textarea>', proposal, re.S).group(1)
    assert typed == "6♥ 7♥ 8♥ 9♥ · Q♦ K♦ A♦ · 3♣ 4♣ 5♣ · 2♥ 2♦ 2♣ · 10♠ 10♥ 10♣"
    assert table.record(1, HANDS[1], laid_0=typed, laid_1="").status_code == 303
    assert stored(app, table).events[0].data["melds"] == [None, []]
    assert stored(app, table).state.hands[0].scores == (41, 7)

    page = table.record(2, SPADE_HAND, laid_1="A♠ K♠ Q♠ · J♠ 10♠ 9♠ · XX").get_data(as_text=True)
    assert error_of(page, "laid_1") == (
        "“XX” is not a card: write cards like 7♣ 10♥ Q♠ (or 7C 10H QS)."
    )
    response = table.record(2, SPADE_HAND, laid_1="A♠ K♠ Q♠ · K♠ Q♠ J♠")
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert error_of(page, "laid_1") == "K♠ is in two melds"
    assert described_by(page, "laid_1") and "A♠ K♠ Q♠ · K♠ Q♠ J♠</textarea>" in page
    assert '<details class="laid" open>' in page  # the proposal again, the text kept
    page = table.record(2, SPADE_HAND, laid_1="2♥ 2♦ 2♣").get_data(as_text=True)
    assert error_of(page, "laid_1") == "E–W did not capture 2♦"
    runs = "A♠ 2♠ 3♠ · 4S 5S 6S 7S · 8♠ 9♠ 10♠ J♠ Q♠ K♠"
    assert table.record(2, SPADE_HAND, laid_1=runs).status_code == 303
    result = stored(app, table).state.hands[1]
    assert result.meld_counts[1] == 3 and result.meld_points[1] == 2 * (5 + 10 + 20)


# --- what is refused, next to its field, with the input kept ----------------------------------


def test_the_bid_is_required_field_by_field(table):
    cards = dict.fromkeys(pile(5, 24), "on")
    page = table.step(1, "propose", pair="0", **cards).get_data(as_text=True)
    assert error_of(page, "declarer") == "Choose who won the bid."
    assert error_of(page, "bid") == "Choose the bid: how many melds, 1 to 6."
    assert described_by(page, "declarer") and described_by(page, "bid")
    assert len(checked_cards(page)) == 24
    page = table.step(1, "propose", declarer="2", bid="3", pair="0", **cards)
    page = page.get_data(as_text=True)
    assert error_of(page, "trump") == "Choose trumps, or no-trump."
    assert re.search(r"name=declarer value=2 checked", page)
    assert re.search(r"name=bid value=3 checked", page)


def test_cards_that_are_not_whole_tricks_are_refused_beside_the_grid(table):
    hand = {"declarer": 1, "bid": 2, "trump": "hearts", "captured": [None, pile(7, 22)]}
    response = table.propose(1, hand)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert error_of(page, "captured") == (
        "E–W captured 22 cards: that is not a whole number of tricks"
    )
    assert described_by(page, "captured")
    assert sorted(checked_cards(page)) == sorted(pile(7, 22))  # every tap is still there
    assert re.search(r"name=pair value=1 checked", page)
    assert re.search(r"name=trump value=hearts checked", page)


def test_the_grid_needs_cards_and_whose_they_are(table):
    page = table.step(1, "propose", declarer="0", bid="1", trump="nt").get_data(as_text=True)
    assert error_of(page, "captured") == (
        "Tap the cards one pair captured (or choose quick entry at the top)."
    )
    cards = dict.fromkeys(pile(5, 24), "on")
    page = table.step(1, "propose", declarer="0", bid="1", trump="nt", **cards)
    assert error_of(page.get_data(as_text=True), "captured") == (
        "Whose cards are these? Choose N–S or E–W."
    )


def test_quick_mode_messages_sit_next_to_their_fields(table):
    hand = dict(HANDS[0])
    page = table.quick(1, {**hand, "tricks": [6, 6]}).get_data(as_text=True)
    assert error_of(page, "tricks") == "The tricks add up to 12, but every hand has 13."
    assert described_by(page, "tricks") and 'value="6"' in page
    assert QUICK_CHOSEN in page
    page = table.quick(1, {**hand, "meld_points": [7, 5]}).get_data(as_text=True)
    assert error_of(page, "meld_points") == "N–S's meld points (7) must be a multiple of 5."
    assert described_by(page, "meld_points")
    page = table.quick(1, {**hand, "meld_counts": [5, 1]}).get_data(as_text=True)
    assert error_of(page, "meld_points") == (
        "N–S cannot score 10 points with 5 melds: every meld is worth at least 5."
    )
    page = table.quick(
        1, {**hand, "tricks": [1, 12], "meld_points": [10, 5], "meld_counts": [2, 1]}
    )
    assert error_of(page.get_data(as_text=True), "meld_counts") == (
        "N–S cannot lay 2 melds with 1 trick."
    )
    fields = {**quick_fields(hand), "points_1": ""}
    page = table.step(1, "quick", **fields).get_data(as_text=True)
    assert error_of(page, "meld_points") == "Enter E–W's meld points (0 for none)."
    fields = {**quick_fields(hand), "tricks_0": "seven"}
    page = table.step(1, "quick", **fields).get_data(as_text=True)
    assert "Type a whole number from 0 to 13." in error_of(page, "tricks")
    assert 'value="seven"' in page
    # kept as typed in an input that may hold it (a number input may not), the rest numbers
    assert re.search(r'<input type=text inputmode=numeric name=tricks_0 [^>]*value="seven"', page)
    assert re.search(r"<input type=number inputmode=numeric min=0 max=13 name=tricks_1 ", page)


def test_a_hand_out_of_turn_is_refused(table):
    page = table.quick(2, HANDS[0]).get_data(as_text=True)
    assert "This is hand 1, not hand 2." in text(page)


def test_options_are_enforced_by_the_forms(client):
    table = SvitenTable(client)
    table.start(jokers=True, no_trump_only=True)
    hand = {"declarer": 0, "bid": 2, "trump": None, "captured": [pile(5, 8), None]}
    page = table.propose(1, hand, jokers_0="2", jokers_1="1").get_data(as_text=True)
    assert error_of(page, "jokers") == "There are only 2 jokers, not 3."
    page = table.propose(1, hand, jokers_0="2").get_data(as_text=True)
    assert '<input type=hidden name=jokers_0 value="2">' in page
    assert "Joker" in text(page)


# --- two phones, CSRF, names -----------------------------------------------------------------


def test_a_second_phone_sees_the_first_phones_hand_and_keeps_its_input(app, client, table):
    other = client.application.test_client()
    other_table = SvitenTable(other, url=table.url, token=csrf_token(other, table.url))
    assert other_table.hand(1, HANDS[0]).status_code == 303
    response = table.record(1, HANDS[1], seq=0)  # this phone still saw an empty log
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    shown = text(page)
    assert "Already recorded from another phone" in shown
    assert "Hand 1: E bid 1 in no-trump (made); N–S +17, E–W +11" in shown
    assert "Your hand, not saved: Anna bid 2 ♦ · 24 cards of N–S" in shown
    assert stored(app, table).seq == 1
    # Hand 1 is written, so what this phone typed is offered as a correction of hand 1,
    # with its cards filled in.
    fix = re.search(r'<a class="button" href="([^"]+)">✎ Correct hand 1', page)
    assert fix and "/sviten/hand/1/correct?" in fix.group(1)
    form = client.get(html.unescape(fix.group(1))).get_data(as_text=True)
    assert sorted(checked_cards(form)) == sorted(HANDS[1]["captured"][0])
    # Nothing of it is stored until then.
    assert stored(app, table).seq == 1
    # A proposal asked for on a stale page says so too, before anything is shown.
    response = table.propose(1, HANDS[1], seq=0)
    assert response.status_code == 409 and "Already recorded" in text(
        response.get_data(as_text=True)
    )


def test_a_post_without_csrf_token_is_refused_and_stores_nothing(app, client, table):
    data = {"seq": 0, "deal": 1, "step": "quick", **quick_fields(HANDS[0])}
    response = client.post(f"{table.url}/sviten/hand", data=data)
    assert response.status_code == 400
    assert "Nothing was changed" in response.get_data(as_text=True)
    assert stored(app, table).seq == 0
    response = client.post("/sviten/new", data={f"player_{i}": n for i, n in enumerate(PLAYERS)})
    assert response.status_code == 400


def test_player_names_are_escaped_everywhere(client):
    evil = "<script>alert(1)</script>"
    table = SvitenTable(client)
    table.start((evil, "Ben", "Carla", "Dan"))
    table.quick(1, HANDS[0])
    pages = [
        table.page(),
        client.get("/").get_data(as_text=True),
        client.get(f"{table.url}/sviten/hand/1/correct").get_data(as_text=True),
        table.propose(2, HANDS[1]).get_data(as_text=True),
    ]
    for page in pages:
        assert evil not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


# --- corrections and undo --------------------------------------------------------------------


def test_correcting_a_hand_rescores_the_match(app, client, table):
    table.quick(1, HANDS[0])
    table.hand(2, HANDS[1])
    form = client.get(f"{table.url}/sviten/hand/2/correct").get_data(as_text=True)
    assert "Correct hand 2" in text(form) and "Anna dealt · Ben bid first" not in text(form)
    assert "Ben dealt · Carla bid first" in text(form)
    assert sorted(checked_cards(form)) == sorted(HANDS[1]["captured"][0])
    assert re.search(r"name=declarer value=0 checked", form)
    # Same cards, another bid: the proposal step, then Save correction.
    fields = {**card_fields(HANDS[1]), "bid": "6"}
    proposal = table.correct(2, "propose", **fields)
    assert proposal.status_code == 200
    shown = text(proposal.get_data(as_text=True))
    assert "Correct hand 2: the melds" in shown and "failed: −60" in shown
    saved = table.correct(2, "record", **fields)
    assert saved.status_code == 303 and saved.headers["Location"].endswith("#r2")
    page = text(client.get(saved.headers["Location"]).get_data(as_text=True))
    assert "✓ Corrected: hand 2" in page
    game = stored(app, table)
    assert game.state.hands[1].scores == (-60, 57) and game.state.totals == (17 - 60, 68)
    assert game.events[-1].kind == "correct"


def test_a_quick_hand_is_corrected_in_quick_mode_and_the_same_hand_is_refused(app, client, table):
    table.quick(1, HANDS[0])
    form = client.get(f"{table.url}/sviten/hand/1/correct").get_data(as_text=True)
    assert 'name=tricks_0 id=tricks_0 value="7"' in form
    assert QUICK_CHOSEN in form
    page = table.correct(1, "quick", **quick_fields(HANDS[0])).get_data(as_text=True)
    assert "That is what hand 1 already says." in text(page)
    fields = {**quick_fields(HANDS[0]), "points_1": "15", "melds_1": "2"}
    assert table.correct(1, "quick", **fields).status_code == 303
    assert stored(app, table).state.totals == (17, 21)


def test_undo_takes_back_the_last_hand(app, client, table):
    table.play(HANDS[:2])
    response = table.post("undo")
    assert response.status_code == 303
    page = text(table.page())
    assert "Hand 2 Ben deals" in page and "(undone)" in page
    assert stored(app, table).state.totals == (17, 11)


# --- keeping the match -----------------------------------------------------------------------


def test_the_record_and_the_csv_of_a_match(client, table):
    table.play()
    record = json.loads(client.get(f"{table.url}/record.json").get_data(as_text=True))
    assert record["game"] == "sviten" and record["players"] == list(PLAYERS)
    assert record["totals"] == [197, 142] and record["winner"] == 1 and record["finished"]
    hand = record["hands"][2]
    assert hand["melds"][1] == [list(meld) for meld in engine_state().hands[2].melds[1]]
    assert len(record["history"]) == 3
    rows = list(
        csv.reader(io.StringIO(client.get(f"{table.url}/deals.csv").get_data(as_text=True)))
    )
    assert rows[0][:6] == ["\ufeffHand", "Dealer", "Declarer", "Bid", "Trump", "Made"]
    assert rows[3][:6] == ["3", "Carla", "Dan", "3", "spades", "yes"]
    assert rows[3][-1] == melds_text(engine_state().hands[2].melds[1])
    # ... and the record comes back as a new game.
    response = upload(client, json.dumps(record).encode())
    assert response.status_code == 303
    page = text(client.get(response.headers["Location"]).get_data(as_text=True))
    assert "Imported as a new game: Anna, Ben, Carla, Dan." in page
    assert "E–W wins 142 to 197." in page


def test_the_game_page_offers_both_pdfs(client, table):
    table.quick(1, HANDS[0])
    page = table.page()
    assert f'action="{table.url}/sheet.pdf"' in page
    assert f'formaction="{table.url}/rules.pdf"' in page
    for path in ("sheet.pdf", "rules.pdf"):
        response = client.get(f"{table.url}/{path}")
        assert response.status_code == 200 and response.mimetype == "application/pdf"
