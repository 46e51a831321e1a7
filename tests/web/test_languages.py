"""Every page in Swedish or English: the browser's language by default, a switch on every page
remembered in a cookie, <html lang>, the engines' refusals and summaries, imports, the CSV, the
paper preselected."""

from __future__ import annotations

import html
import re

import pytest

from tests.conftest import csrf_token
from tests.web.bismarck.client import Table
from tests.web.free import client as free_client
from tests.web.free.client import FreeTable
from tests.web.klaberjass import client as klaberjass_client
from tests.web.languages import english_in, shown
from tests.web.records import upload
from tests.web.sviten import client as sviten_client


def swedish(client):
    client.set_cookie("lang", "sv")
    return client


def test_the_browser_language_chooses_the_page_language(client):
    page = client.get("/", headers={"Accept-Language": "sv-SE,sv;q=0.9,en;q=0.5"}).get_data(
        as_text=True
    )
    assert '<html lang="sv">' in page and "Håll räkningen vid bordet" in page
    assert 'lang="en">English</a>' in page
    page = client.get("/", headers={"Accept-Language": "en-GB,sv;q=0.5"}).get_data(as_text=True)
    assert '<html lang="en">' in page and "Keep score at the table" in page
    assert 'lang="sv">Svenska</a>' in page
    page = client.get("/", headers={"Accept-Language": "de-DE"}).get_data(as_text=True)
    assert '<html lang="en">' in page


def test_the_switch_is_a_link_remembered_in_a_cookie(client):
    response = client.get("/language/sv?next=/bismarck/new")
    assert response.status_code == 303
    assert response.headers["Location"] == "/bismarck/new"
    assert "lang=sv" in response.headers["Set-Cookie"]
    page = client.get("/bismarck/new", headers={"Accept-Language": "en-US"}).get_data(as_text=True)
    assert '<html lang="sv">' in page and "Nytt parti Bismarck" in page
    back = re.search(r'<a class="lang" href="([^"]+)"', page).group(1)
    assert html.unescape(back) == "/language/en?next=/bismarck/new"
    client.get("/language/en?next=/")
    assert "Keep score at the table" in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize("target", ["//evil.example/", "https://evil.example/", "/\\evil", ""])
def test_the_switch_never_leads_off_the_site(client, target):
    response = client.get("/language/sv", query_string={"next": target})
    assert response.headers["Location"] == "/"


def test_pages_say_they_vary_by_language_and_the_poll_does_not(client):
    table = Table(client)
    table.start()
    assert {"Accept-Language", "Cookie"} <= set(client.get("/").vary)
    assert "Accept-Language" not in client.get(f"{table.url}/seq").vary


def test_only_the_languages_there_are_words_for(client):
    assert client.get("/language/de?next=/").status_code == 404


def test_a_page_after_a_refused_form_switches_back_to_the_game(client):
    table = Table(client)
    table.start()
    page = table.announce(1, "nonsense").get_data(as_text=True)
    back = html.unescape(re.search(r'<a class="lang" href="([^"]+)"', page).group(1))
    assert back == f"/language/sv?next={table.url}"


def test_a_lang_parameter_wins_over_the_cookie(client):
    swedish(client)
    assert "Keep score at the table" in client.get("/?lang=en").get_data(as_text=True)
    page = client.get("/?lang=en").get_data(as_text=True)
    back = html.unescape(re.search(r'<a class="lang" href="([^"]+)"', page).group(1))
    assert back == "/language/sv?next=/"  # the parameter is not carried back


def test_a_swedish_bismarck_game_says_no_english_word(client):
    swedish(client)
    table = Table(client)
    table.start()
    assert english_in(client.get("/").get_data(as_text=True)) == set()
    assert english_in(client.get("/bismarck/new").get_data(as_text=True)) == set()
    table.announce(1, "valfri", "hearts")
    table.record(1, (9, 3, 4))
    table.announce(2, "pass")
    table.post("redeal", deal=2)
    table.record(2, (4, 6, 6))
    table.post("undo")
    refused = table.record(2, (5, 5, 5)).get_data(as_text=True)
    assert "Sticken blir 15 tillsammans, men en giv har 16 stick." in shown(refused)
    assert english_in(refused) == set()
    table.record(2, (4, 6, 6))
    page = table.page()
    assert "Giv 3 av 12" in shown(page) and "1 tidigare post" in shown(page)
    assert "ångrat: stick 4/6/6" in shown(page) and english_in(page) == set()
    page = client.get(f"{table.url}?all=1").get_data(as_text=True)  # every change
    assert "Ben anmälde Valfri ♥" in shown(page) and "ångrat: stick 4/6/6" in shown(page)
    assert "omgiv (Pass)" in shown(page)
    assert english_in(page) == set()
    correct = client.get(f"{table.url}/deal/1/correct").get_data(as_text=True)
    assert "Rätta giv 1" in shown(correct) and english_in(correct) == set()
    refused = client.post(
        f"{table.url}/deal/1/correct",
        data={
            "csrf_token": table.token,
            "seq": table.seq(),
            "deal": 1,
            "contract": "valfri",
            "trump": "hearts",
            **{f"tricks_{i}": t for i, t in enumerate((9, 3, 5))},
        },
    ).get_data(as_text=True)
    assert "Sticken blir 17 tillsammans, men en giv har 16 stick." in shown(refused)
    assert english_in(refused) == set()


def test_refusals_in_swedish_name_the_words_of_the_game(client):
    swedish(client)
    table = Table(client)
    table.start()
    table.announce(1, "pass")
    table.record(1, (4, 6, 6))
    table.announce(2, "sang")
    table.record(2, (6, 5, 5))
    table.announce(3, "spader")
    table.record(3, (6, 5, 5))
    page = table.announce(4, "pass").get_data(as_text=True)
    assert "Ben har redan spelat Pass (giv 1)." in shown(page)
    page = table.announce(5, "sang").get_data(as_text=True)
    assert "Det här är giv 4, inte giv 5." in shown(page)


def test_a_swedish_klaberjass_game(client):
    swedish(client)
    table = klaberjass_client.KlaberjassTable(client)
    table.start()
    table.play(klaberjass_client.HANDS[:4])
    page = table.page()
    assert "Giv 5" in shown(page) and "Kastat: inga poäng" not in shown(page)
    assert "var förhand" in shown(page) and "Följder: Bara Anna hade en följd." in shown(page)
    assert english_in(page) == set()
    bad = dict(klaberjass_client.HANDS[0], card_points=[150, 0])
    refused = table.hand(5, bad).get_data(as_text=True)
    assert "Annas kortpoäng (150) är fler än 9 stick kan innehålla (högst 146)." in shown(refused)


def test_a_swedish_sviten_match(client):
    swedish(client)
    table = sviten_client.SvitenTable(client)
    table.start()
    table.play(sviten_client.HANDS[:2])
    page = table.page()
    assert "Ö–V" in shown(page) and "Vem vann budgivningen?" in shown(page)
    assert "Giv 1: Ö bjöd 1 i sang (hem); N–S +17, Ö–V +11" in shown(page)
    assert english_in(page) == set()


def test_a_swedish_free_game(client):
    swedish(client)
    assert english_in(client.get("/free/new").get_data(as_text=True)) == set()
    table = FreeTable(client)
    table.start(free_client.PLAYERS, game_name="Whist", player_teams="2", zero_sum="y")
    table.play([[5, ""], [-2, 2]])
    page = table.page()
    assert (
        "Giv 3" in shown(page) and "Anna & Carla" in shown(page) and "högst vinner" in shown(page)
    )
    assert "blir 0 tillsammans: lämna en tom så fylls den i" in shown(page)
    assert english_in(page) == set()
    refused = table.deal(3, [5, 3]).get_data(as_text=True)
    assert "Poängen blir +8 tillsammans: i det här spelet blir varje giv 0." in shown(refused)
    assert english_in(refused) == set()
    assert table.end(3).status_code == 303
    over = table.page()
    assert "Anna & Carla vinner med +3." in shown(over)
    assert "avslutade spelet efter giv 2" in shown(over) and english_in(over) == set()
    correct = client.get(f"{table.url}/deal/1/correct").get_data(as_text=True)
    assert "Rätta giv 1" in shown(correct) and english_in(correct) == set()


def test_import_problems_in_swedish(client):
    swedish(client)
    record = (
        b'{"format": "scorekeeper-record/1", "game": "bismarck", "players": ["Anna", "Ben", '
        b'"Carla"], "first_dealer": 0, "deals": [{"contract": "pass", "tricks": [4, 6, 6]}, '
        b'{"contract": "pass", "tricks": [6, 4, 6]}, {"contract": "pass", "tricks": [4, 6, 6]},'
        b' {"contract": "pass", "tricks": [4, 6, 6]}]}'
    )
    page = upload(client, record, token=csrf_token(client, "/")).get_data(as_text=True)
    assert "giv 4: Ben har redan spelat Pass (giv 1)" in shown(page)


def test_the_csv_speaks_the_page_language(client):
    swedish(client)
    table = Table(client)
    table.start()
    table.announce(1, "valfri", "hearts")
    table.record(1, (9, 3, 4))
    response = client.get(f"{table.url}/deals.csv")
    assert response.headers["Content-Disposition"].endswith('-givar.csv"')
    assert (
        client.get(f"{table.url}/record.json")
        .headers["Content-Disposition"]
        .endswith('-spelfil.json"')
    )
    csv = response.get_data(as_text=True)
    assert csv.splitlines()[0].startswith(
        "\ufeffGiv,Givare,Spelförare,Kontrakt,Trumf,Omgivar,Stick Anna"
    )
    assert "Valfri,hjärter,0,9,3,4" in csv


def test_a_swedish_page_prints_on_a4_whatever_else_the_browser_says(client):
    american = {"Accept-Language": "en-US,en;q=0.8"}
    page = client.get("/", headers=american).get_data(as_text=True)
    assert re.search(r'checked id="paper-\d" name="paper" type="radio" value="letter"', page)
    swedish(client)
    page = client.get("/", headers=american).get_data(as_text=True)
    assert re.search(r'checked id="paper-\d" name="paper" type="radio" value="a4"', page)
    assert not re.search(r'checked id="paper-\d" name="paper" type="radio" value="letter"', page)


def test_the_print_forms_carry_the_page_language(client):
    swedish(client)
    table = Table(client)
    table.start()
    assert "<input type=hidden name=lang value=sv>" in table.page()
    assert "<input type=hidden name=lang value=sv>" in client.get("/").get_data(as_text=True)


def test_the_parts_of_a_page_are_kept_per_language(client):
    table = Table(client)
    table.start()
    table.announce(1, "sang")
    assert "Anna announced" not in shown(table.page())  # Ben declares the first deal
    english = shown(table.page())
    swedish(client)
    svenska = shown(table.page())
    assert "Ben announced Sang" in english and "Ben anmälde Sang" in svenska
    assert "Ben anmälde Sang" not in english and "Ben announced Sang" not in svenska
