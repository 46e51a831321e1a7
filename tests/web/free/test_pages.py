"""The free game's pages: a new game of 2 to 8 names (a gap refused), teams, its name on every
page; the hand-worked Chicago through the pages with a correction and an undo; a zero-sum deal
filled in without a script, or refused with the difference; a lowest-wins game of two teams
over after 5 deals; the table's end and its undo; another phone first; a game that confirms;
Play again; its record, CSV and blank sheet."""

from __future__ import annotations

import io
import json
import re

from scorekeeper.games import free
from tests.conftest import csrf_token
from tests.printing.pdfs import Pdf, one_line
from tests.web.free.client import CHICAGO, PLAYERS, FreeTable


def chicago(client, **options) -> FreeTable:
    table = FreeTable(client)
    table.start(game_name="Chicago", end="target", target="52", **options)
    return table


def test_the_home_page_offers_a_free_game_of_2_to_8_players(client):
    page = client.get("/").get_data(as_text=True)
    assert 'href="/free/new"' in page and "New free game" in page
    assert "2 to 8 players" in page and "New Free game game" not in page


def test_a_new_game_needs_two_names_in_the_first_seats(client):
    token = csrf_token(client, "/free/new")
    base = {"csrf_token": token, "first_dealer": "0"}
    one = client.post("/free/new", data={**base, "player_0": "Anna"})
    assert one.status_code == 422
    assert "A free game needs at least two players." in one.get_data(as_text=True)
    gap = client.post("/free/new", data={**base, "player_0": "Anna", "player_2": "Carla"})
    assert gap.status_code == 422
    page = gap.get_data(as_text=True)
    assert "A name is missing here: fill the seats in order." in page
    assert 'value="Carla"' in page  # what was typed is kept
    same = client.post("/free/new", data={**base, "player_0": "Anna", "player_1": "ANNA"})
    assert same.status_code == 422 and "Two players are called ANNA." in same.text
    target = client.post(
        "/free/new", data={**base, "player_0": "A", "player_1": "B", "end": "target"}
    )
    assert target.status_code == 422 and "Enter a number." in target.text
    far = client.post(
        "/free/new", data={**base, "player_0": "A", "player_1": "B", "first_dealer": "5"}
    )
    assert far.status_code == 422 and "The first dealer must be one of the players." in far.text


def test_a_drawn_first_dealer_is_one_of_the_names_typed(client, app):
    from scorekeeper.table import services

    for _ in range(8):
        table = FreeTable(client)
        table.start(("Anna", "Ben", "Carla"), first_dealer="random")
        with app.app_context():
            assert services.load(table.game_token).setup.first_dealer in (0, 1, 2)


def test_the_games_name_and_options_are_on_its_pages(client):
    table = chicago(client, wins="lowest")
    page = table.page()
    assert "<title>Chicago · Anna, Ben, Carla, Dan · Scorekeeper</title>" in page
    assert "Chicago · lowest wins · to 52" in page
    for address in ("/join", "/seat"):
        assert "Chicago (Free game)" in client.get(table.url + address).text
    assert "Chicago (Free game)" in client.get("/").text  # Your games
    assert table.deal(1, CHICAGO[0]).status_code == 303
    assert "Chicago · Anna dealt" in client.get(f"{table.url}/deal/1/correct").text


def test_the_hand_worked_chicago_with_a_correction_and_an_undo(client):
    table = chicago(client)
    table.play(CHICAGO[:2])
    # A wrong deal 3, corrected; a wrong deal 4, undone.
    assert table.deal(3, [15, 0, 21, 0]).status_code == 303
    fixed = table.correct(3, CHICAGO[2])
    assert fixed.status_code == 303 and fixed.headers["Location"].endswith("#r3")
    assert (
        "corrected: points +15 / 0 / +21 / 0 → +15 / 0 / +12 / 0"
        in client.get(fixed.headers["Location"]).text
    )
    assert table.deal(4, [0, 40, 0, 0]).status_code == 303
    assert table.post("undo").status_code == 303
    table.play(CHICAGO, first=4)
    page = table.page()
    assert "<h1>Game over</h1>" in page
    assert "Anna wins with +52." in page and "<svg class=chart" in page
    standings = re.findall(r"<li><span>(\w+)</span> <b>([^<]+)</b></li>", page)
    assert standings == [("Anna", "+52"), ("Ben", "+50"), ("Carla", "+17"), ("Dan", "+13")]
    assert "Play again" in page and "same players, Ben deals first" in page
    assert table.deal(6, [1, 0, 0, 0]).status_code == 422  # the game is over


def test_the_table_plays_on_after_a_refusal_and_a_correction_that_would_end_too_early(client):
    table = chicago(client)
    table.play(CHICAGO[:3])
    refused = table.correct(1, [52, 0, 5, 0])
    assert refused.status_code == 422
    assert (
        "This correction would make deal 2 illegal: The game is over: a total reached 52."
        in refused.text
    )
    empty = table.deal(4, [1, "", 2, 3])
    assert (
        empty.status_code == 422 and "Enter every player&#39;s points (0 for none)." in empty.text
    )
    typo = table.deal(4, [1, "x", 2, 3])
    assert typo.status_code == 422 and "Type a whole number (a minus for points lost)." in typo.text


def test_a_zero_sum_deal_is_filled_in_without_a_script_or_refused_with_the_difference(client):
    table = FreeTable(client)
    table.start(("Anna", "Ben", "Carla"), zero_sum="y")
    assert "adding up to 0: leave one empty and it is filled in" in table.page()
    assert table.deal(1, [5, -3, ""]).status_code == 303
    assert "Carla <b>−2</b>" in table.page()
    refused = table.deal(2, [5, -3, 1])
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert "The points add up to +3: in this game every deal adds up to 0." in page
    assert 'value="5"' in page and 'value="-3"' in page  # kept
    two_empty = table.deal(2, [5, "", ""])
    assert two_empty.status_code == 422


def test_a_lowest_wins_game_of_two_teams_ends_after_five_deals(client):
    table = FreeTable(client)
    table.start(PLAYERS, "1", player_teams="2", wins="lowest", end="rounds", deals="5")
    page = table.page()
    assert "Deal 1 of 5" in page and 'title="Ben">Ben</span> deals' in page
    assert "Anna &amp; Carla" in page and "Ben &amp; Dan" in page
    table.play([[10, 4], [3, 9], [0, 6], [7, 7], [2, 0]])
    over = table.page()
    assert "Ben &amp; Dan wins with +26." not in over
    assert "Anna &amp; Carla wins with +22." in over
    assert table.deal(6, [1, 1]).status_code == 422


def test_the_table_ends_the_game_and_undo_takes_the_end_back(client):
    table = FreeTable(client)
    table.start(("Anna", "Ben"))
    assert "End the game" not in table.page()  # nothing to end before a deal
    table.play([[4, 7]])
    assert "End the game after deal 1" in table.page()
    assert table.end(2).status_code == 303
    page = table.page()
    assert "Ben wins with +7." in page and "The table ended the game after deal 1." in page
    assert "ended the game after deal 1" in page  # the changes list
    assert table.post("undo").status_code == 303
    assert "Deal 2" in table.page() and "Game over" not in table.page()


def test_another_phone_first_is_a_conflict_with_what_was_typed_kept(app, client):
    table = chicago(client)
    table.play(CHICAGO[:1])
    seq = table.seq()
    assert table.deal(2, CHICAGO[1], seq=seq).status_code == 303
    other = FreeTable(app.test_client(), url=table.url)
    other.token = csrf_token(other.client, table.url)
    late = other.deal(2, [0, 21, 0, 8], seq=seq)
    assert late.status_code == 409
    page = late.get_data(as_text=True)
    assert "Already recorded from another phone" in page
    assert "Your points, not saved: 0 / +21 / 0 / +8" in page
    same = other.deal(2, CHICAGO[1], seq=seq)
    assert same.status_code == 303  # the very same: nothing more to do
    ended = other.end(2, seq=seq)
    assert ended.status_code == 409  # deal 2 came in between: its end was not "after deal 1"


def test_a_game_that_confirms_holds_its_end_until_another_phone_confirms(app, client):
    table = FreeTable(client)
    table.start(("Anna", "Ben"), confirms="y")
    for phone, seat in ((client, "0"), (app.test_client(), "1")):
        token = csrf_token(phone, table.url)
        phone.post(f"{table.url}/seat", data={"csrf_token": token, "seat": seat})
    assert table.deal(1, [3, 5]).status_code == 303
    assert table.end(2).status_code == 303
    page = table.page()
    assert "Waiting for confirmation: 2 entries" in page
    assert "ended the game after deal 1" in page


def test_in_a_game_of_teams_a_teammates_phone_does_not_confirm_its_teams_entry(app, client):
    """A team scores as one, so its entries are confirmed by another team's phone (issue 35:
    "in a pair game the other pair"), as Sviten's pairs are: the partner's phone is refused,
    an opponent's confirms."""
    table = FreeTable(client)
    table.start(PLAYERS, player_teams="2", confirms="y")  # Anna & Carla against Ben & Dan
    partner, opponent = app.test_client(), app.test_client()
    for phone, seat in ((client, "0"), (partner, "2"), (opponent, "1")):
        token = csrf_token(phone, table.url)
        phone.post(f"{table.url}/seat", data={"csrf_token": token, "seat": seat})
    assert table.deal(1, [6, 2]).status_code == 303
    seq = table.seq() - 1
    refused = partner.post(
        f"{table.url}/confirm/{seq}", data={"csrf_token": csrf_token(partner, table.url)}
    )
    assert refused.status_code == 422
    assert "a phone of another seat (an opponent) confirms it" in refused.get_data(as_text=True)
    assert "Waiting for confirmation" in table.page()
    confirmed = opponent.post(
        f"{table.url}/confirm/{seq}", data={"csrf_token": csrf_token(opponent, table.url)}
    )
    assert confirmed.status_code == 303
    assert "Waiting for confirmation" not in table.page()


def test_play_again_keeps_the_name_teams_and_options(app, client):
    table = FreeTable(client)
    table.start(PLAYERS, "3", game_name="Whist", player_teams="2", end="rounds", deals="1")
    table.play([[7, 0]])
    again = client.post(f"{table.url}/again", data={"csrf_token": csrf_token(client, table.url)})
    assert again.status_code == 303
    from scorekeeper.table import services

    with app.app_context():
        new = services.load(again.headers["Location"].rsplit("/", 1)[-1]).setup
    assert (new.name, new.teams, new.first_dealer) == ("Whist", ((0, 2), (1, 3)), 0)
    assert new.options == free.Options(deals=1)


def test_its_record_csv_and_pdfs_and_an_import_of_the_record(client):
    table = chicago(client)
    table.play(CHICAGO)
    record = client.get(f"{table.url}/record.json")
    data = json.loads(record.data)
    assert data["game"] == "free" and data["name"] == "Chicago"
    assert data["totals"] == [52, 50, 17, 13] and data["winners"] == [0]
    csv = client.get(f"{table.url}/deals.csv").get_data(as_text=True)
    assert "Points Anna" in csv and "5,Anna,27,0,0,5,52,50,17,13" in csv
    sheet = Pdf(client.get(f"{table.url}/sheet.pdf").data)
    assert "Chicago score sheet" in one_line(sheet.text)
    assert sheet.has_run("5", "Anna", "+27", "+52", "0", "+50", "0", "+17", "+5", "+13")
    card = one_line(Pdf(client.get(f"{table.url}/rules.pdf").data).text)
    assert "Chicago: the options chosen" in card
    imported = client.post(
        "/import",
        data={
            "csrf_token": csrf_token(client, "/"),
            "record": (io.BytesIO(record.data), "chicago.json"),
        },
    )
    assert imported.status_code == 303
    assert "Anna wins with +52." in client.get(imported.headers["Location"]).text


def test_the_blank_sheet_form_takes_columns_names_and_deals(client):
    sheet = client.get("/print/blank/free?fr-game_name=Kasino&fr-columns=6&fr-deals=12")
    assert sheet.status_code == 200 and sheet.mimetype == "application/pdf"
    pdf = Pdf(sheet.data)
    assert "Kasino score sheet" in one_line(pdf.text) and pdf.lines.count("Points") == 6
    named = client.get("/print/blank/free?fr-player_0=Anna&fr-player_1=Ben&fr-first_dealer=1")
    assert Pdf(named.data).has_run("1", "Ben")
    gap = client.get("/print/blank/free?fr-player_0=Anna&fr-player_2=Carla")
    assert gap.status_code == 422 and "fill the seats in order" in gap.text
    far = client.get("/print/blank/free?fr-player_0=Anna&fr-player_1=Ben&fr-first_dealer=4")
    assert far.status_code == 422
    card = client.get("/print/blank/free?fr-wins=lowest&card=rules")
    assert "The lowest total wins" in one_line(Pdf(card.data).text)


def test_another_games_route_is_not_found_for_a_free_game(client):
    table = chicago(client)
    assert table.post("record", deal=1, tricks_0=6).status_code == 404
    assert client.get(f"{table.url}/hand/1/correct").status_code == 404
