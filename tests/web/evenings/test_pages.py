"""Club evenings in the browser's terms: the new-evening form (messages beside fields, input
kept), the evening page with its plan, starting a round (each table an ordinary game), the
tables' states, the standings with ties, the projector view, the home page's list."""

from __future__ import annotations

import re

import pytest

from scorekeeper.evenings import services
from scorekeeper.games.events import Event
from scorekeeper.table import services as game_services
from tests.conftest import csrf_token
from tests.web.evenings.helpers import (
    NINE,
    evening_token,
    new_evening,
    play_deal,
    play_out,
    start,
    start_seated,
)


def test_the_home_page_offers_an_evening_of_every_game(client):
    page = client.get("/").get_data(as_text=True)
    for kind in ("bismarck", "klaberjass", "sviten", "free"):
        assert f'href="/evening/new/{kind}"' in page


def test_no_game_names_a_setting_as_the_evening_names_its_fields(app):
    from scorekeeper.web.evenings.forms import EveningForm, setting_fields, settings_form
    from scorekeeper.web.pages import all_pages

    with app.test_request_context():
        own = {field.short_name for field in EveningForm(meta={"csrf": False})}
        for pages in all_pages():
            names = {field.short_name for field in setting_fields(settings_form(pages.new_form))}
            assert not names & own, pages.kind


def test_the_form_shows_the_games_settings_and_the_default_scoring(client):
    page = client.get("/evening/new/bismarck").get_data(as_text=True)
    assert 'name="variant"' in page and 'name="must_trump"' in page
    assert 'name="player_0"' not in page and 'name="first_dealer"' not in page
    assert re.search(r'value="totals"[^>]*checked|checked[^>]*value="totals"', page)
    page = client.get("/evening/new/klaberjass").get_data(as_text=True)
    assert 'name="target"' in page
    assert re.search(r'value="placings"[^>]*checked|checked[^>]*value="placings"', page)


def test_a_new_evening_gets_its_own_address_and_plan(client, app):
    response = new_evening(client, **{"variant": "classic", "must_trump": "y"})
    assert response.status_code == 303
    token = evening_token(response)
    assert len(token) >= 20
    page = client.get(f"/e/{token}").get_data(as_text=True)
    assert "Club night" in page and "Round 4" in page and "Start round 1" in page
    with app.app_context():
        evening = services.load(token)
    assert evening.setup.settings == {"variant": "classic", "options": {"must_trump": True}}
    # Every player is seated once a round, three tables of three.
    for number in range(1, 5):
        assert len(evening.tables(number)) == 3
    assert f"/e/{token}" in client.get("/").get_data(as_text=True)  # on this browser's list


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"name": ""}, "name", "Give the evening a name."),
        ({"players": "Anna\nBen"}, "players", "needs 3 players: there are only 2"),
        ({"players": "Anna\nBen\nAnna\nDan"}, "players", "Anna"),
        ({"rounds": "0"}, "rounds", "Rounds are from 1 to 20."),
        ({"rounds": "many"}, "rounds", "Type a whole number"),
    ],
)
def test_a_refused_evening_says_why_beside_the_field_and_keeps_the_input(
    client, fields, field, message
):
    response = new_evening(client, **fields)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    error = re.search(rf'<p class="error" id="{field}-error">([^<]*)</p>', page)
    assert error, page
    assert message in error.group(1)
    if field != "players":
        assert "Anna\nBen\nCarla" in page  # the names typed are kept
    else:
        assert fields["players"] in page


def test_a_games_own_setting_is_refused_beside_it(client):
    response = new_evening(client, "klaberjass", **{"target": "0"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert re.search(r'id="target-error">Play to a number from 1', page)


def test_starting_a_round_makes_ordinary_games_seated_as_planned(client, app):
    token = evening_token(new_evening(client))
    response = start(client, token, 1)
    assert response.status_code == 303 and response.headers["Location"].endswith("#round-1")
    page = client.get(f"/e/{token}").get_data(as_text=True)
    assert "Round 1 started" in in_round(page, 1) and "Start round 2" in page
    with app.app_context():
        evening = services.load(token)
        tables = evening.tables(1)
        for table in tables:
            assert f"/g/{table.game.token}" in page
            game_page = client.get(f"/g/{table.game.token}")
            assert game_page.status_code == 200
            for name in evening.names(table.seats):
                assert name in game_page.get_data(as_text=True)
    assert page.count("Not started") == 3 * 4  # every table of every round
    # Starting it again (a second phone): said, nothing made twice.
    again = start(client, token, 1)
    assert "already started" in in_round(
        client.get(again.headers["Location"]).get_data(as_text=True), 1
    )
    # A later round before the next: refused with a sentence, beside that round.
    later = start(client, token, 3)
    said = client.get(later.headers["Location"]).get_data(as_text=True)
    assert "Start round 2 first." in in_round(said, 3)
    assert "Start round 2 first." not in said.split('id="rounds-h"')[0]  # not at the top


def in_round(page: str, number: int) -> str:
    """The section of round ``number`` on an evening page (where the page lands after Start)."""
    return page.split(f'id="round-{number}"', 1)[1].split("</section>", 1)[0]


def test_tables_states_and_standings_with_ties(client, app):
    token = evening_token(
        new_evening(client, players="\n".join(NINE[:6]), rounds="2", variant="classic")
    )
    start(client, token, 1)
    with app.app_context():
        evening = services.load(token)
        for table in evening.tables(1):
            play_deal(table.game, 1)
        board = evening.setup.game.scoreboard(services.load(token).games[1, 1].state)
    page = client.get(f"/e/{token}").get_data(as_text=True)
    assert page.count("Deal 2") == 2
    # Both tables scored alike: every place is shared by (at least) two players.
    places = re.findall(r'<td class="place">(?:<span class="sr">[^<]*</span>)?(=?)(\d+)</td>', page)
    assert len(places) == 6 and all(shared == "=" for shared, _ in places)
    top = max(board.totals)
    assert [p for _, p in places].count("1") == 2 * board.totals.count(top)
    assert page.count(f">+{top}<" if top > 0 else f">{top}<") >= 2
    assert "How the standings are scored" in page and "Game totals:" in page


def test_the_projector_view_refreshes_itself_in_large_type(client):
    token = evening_token(new_evening(client))
    start(client, token, 1)
    response = client.get(f"/e/{token}/screen")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    # JavaScript reloads it (and can pause); without JavaScript, a meta refresh does.
    assert '<noscript><meta http-equiv="refresh" content="15"></noscript>' in page
    assert 'data-refresh="15"' in page and "evening.js" in page
    assert 'class="projector"' in page and "Round 1" in page
    # Headings in order: the round is an h2 here, so its tables are h3 (on the evening page, h4
    # under the round's h3).
    assert "<h3>Table 1</h3>" in page and "<h4>" not in page
    assert "<h4>Table 1</h4>" in client.get(f"/e/{token}").get_data(as_text=True)
    assert response.cache_control.no_store


def test_an_unknown_evening_or_game_is_not_found(client):
    assert client.get("/e/nope").status_code == 404
    assert client.get("/e/nope/screen").status_code == 404
    assert client.get("/evening/new/chess").status_code == 404


def test_the_evening_speaks_swedish(client):
    client.set_cookie("lang", "sv")
    token = evening_token(new_evening(client))
    page = client.get(f"/e/{token}").get_data(as_text=True)
    assert "Rond 1" in page and "Starta rond 1" in page
    start(client, token, 1)
    page = client.get(f"/e/{token}").get_data(as_text=True)
    assert "Rond 1 spelas fortfarande vid 3 av 3 bord." in page
    assert "Starta rond 2 ändå" in page
    refused = start(client, token, 2).get_data(as_text=True)
    assert "Kryssa i ”Starta rond 2 ändå”" in refused


def start_form(page: str, number: int) -> str:
    """The form that starts round ``number``, as the page has it."""
    found = re.search(rf'<form[^>]*action="[^"]*/round/{number}/start#start".*?</form>', page, re.S)
    assert found, page
    return found.group(0)


def test_the_next_round_waits_until_every_table_of_the_last_one_is_over(client, app):
    """Players are reseated between rounds: while a table of round 1 still plays, the page says
    so beside *Start round 2*, which then needs *Start round 2 anyway* ticked (a required box:
    no JavaScript needed); a start without it is refused there and makes nothing. Once every
    table is over, one tap starts the round."""
    token = evening_token(new_evening(client, rounds="3"))
    form = start_form(client.get(f"/e/{token}").get_data(as_text=True), 1)
    assert "anyway" not in form and 'class="primary wide"' in form  # one tap, as ever
    start_seated(app, token, 1)
    play_out(app, token, 1, slice(1))
    page = client.get(f"/e/{token}").get_data(as_text=True)
    form = start_form(page, 2)
    said = "Round 1 is still being played at 2 of 3 tables."
    assert re.search(rf'<p class="playing" id="anyway-error">{said}</p>', form)
    box = re.search(r"<input[^>]*>", form[form.index('id="anyway"') - 80 :]).group(0)
    assert 'type="checkbox"' in box and "required" in box
    assert 'aria-describedby="anyway-error"' in box and "aria-invalid" not in box
    assert ">Start round 2 anyway</span></label>" in form
    assert form.index("Start round 2 anyway") < form.index(">Start round 2</button>")

    refused = start(client, token, 2)  # without the box ticked: a stale page, a crafted form
    assert refused.status_code == 422
    form = start_form(refused.get_data(as_text=True), 2)
    assert re.search(
        rf'<p class="error" id="anyway-error">{said} Tick “Start round 2 anyway” to start it '
        r"all the same.</p>",
        form,
    )
    assert 'aria-invalid="true"' in form
    with app.app_context():
        assert services.load(token).started == 1  # nothing made
    # Its language switch comes back to the evening's page, not the form's address.
    assert f"next=/e/{token}" in refused.get_data(as_text=True).replace("%2F", "/")

    started = start(client, token, 2, anyway=True)
    assert started.status_code == 303
    assert "Round 2 started" in client.get(started.headers["Location"]).get_data(as_text=True)
    with app.app_context():
        assert services.load(token).started == 2
    # A second tap on a stale page, ticked or not: already started, nothing made twice.
    for anyway in (True, False):
        again = start(client, token, 2, anyway=anyway)
        assert "already started" in client.get(again.headers["Location"]).get_data(as_text=True)
    with app.app_context():
        assert len(services.load(token).games) == 6


def test_once_every_table_is_over_the_next_round_starts_in_one_tap(client, app):
    token = evening_token(new_evening(client, rounds="3"))
    start_seated(app, token, 1)
    play_out(app, token, 1)
    page = client.get(f"/e/{token}").get_data(as_text=True)
    form = start_form(page, 2)
    assert "anyway" not in form and "still being played" not in page
    assert 'class="primary wide"' in form
    response = start(client, token, 2)
    assert response.status_code == 303
    with app.app_context():
        assert services.load(token).started == 2


def test_statistics_show_each_players_average_and_bismarcks_by_contract(client, app):
    token = evening_token(
        new_evening(client, players="\n".join(NINE[:3]), rounds="2", variant="classic")
    )
    start(client, token, 1)
    with app.app_context():
        game = services.load(token).tables(1)[0].game
        declarer = game.state.current.declarer
        game = play_deal(game, 1)
        declarer_name = game.setup.players[declarer]
        score = game.state.scored[0].scores[declarer]
    page = client.get(f"/e/{token}").get_data(as_text=True)
    stats = page[page.index('id="stats-h"') :]
    assert "Average score as declarer, by contract" in stats
    assert re.search(r"<th[^>]*>Trumf</th>\s*<th[^>]*>Sang</th>\s*<th[^>]*>Noll</th>", stats)
    rows = re.findall(rf'<th scope="row">{declarer_name}</th>(.*?)</tr>', stats, re.S)
    cells = [re.findall(r"<td>([^<]*)</td>", row) for row in rows]
    shown = f"+{score}" if score > 0 else f"−{-score}" if score < 0 else "0"
    # Games, wins, average; then, in a table of their own (beside them it would not fit a
    # phone), Trumf, Sang, Noll: only Trumf was declared.
    assert cells == [["1", "0", shown], [shown, "–", "–"]]


def test_the_standings_and_a_rounds_table_cards_print(client, app):
    token = evening_token(new_evening(client))
    assert client.get(f"/e/{token}/round/9/cards.pdf").status_code == 404
    before = client.get(f"/e/{token}/round/1/cards.pdf")
    assert before.mimetype == "application/pdf"
    start(client, token, 1)
    page = client.get(f"/e/{token}").get_data(as_text=True)
    assert f"/e/{token}/round/1/cards.pdf" in page
    cards = client.get(f"/e/{token}/round/1/cards.pdf?paper=letter")
    assert cards.mimetype == "application/pdf" and cards.cache_control.no_store
    from tests.printing.pdfs import LETTER, Pdf, one_line

    pdf = Pdf(cards.data)
    assert pdf.pages == 6 and pdf.size == LETTER  # each table's card, then its blank sheet
    with app.app_context():
        evening = services.load(token)
        first = evening.tables(1)[0].game
        dealer = first.setup.players[first.setup.first_dealer]
    assert f"{dealer} deals first." in pdf.reader.pages[0].extract_text()
    sheet = one_line(pdf.reader.pages[1].extract_text())
    names = ", ".join(first.setup.players)
    assert "Bismarck score sheet" in sheet and f"{names} · {dealer} deals first" in sheet
    # Before the round starts, the sheets have the names and no first dealer.
    sheet = one_line(Pdf(before.data).reader.pages[1].extract_text())
    assert "Bismarck score sheet" in sheet and "deals first" not in sheet
    client.set_cookie("lang", "sv")
    standings = Pdf(client.get(f"/e/{token}/standings.pdf").data)
    assert "Placering" in standings.text and "Hur ställningen räknas" in standings.text
    cards = Pdf(client.get(f"/e/{token}/round/1/cards.pdf").data)
    assert "Bismarckprotokoll" in cards.reader.pages[1].extract_text()


def test_the_home_page_lists_a_browsers_evenings_only_to_that_browser(app):
    """The home page is kept in memory by what it shows: one browser's evening must never
    appear on another's home page."""
    organiser, other = app.test_client(), app.test_client()
    assert other.get("/").status_code == 200  # drawn and kept for a browser with no evenings
    token = evening_token(new_evening(organiser))
    assert f"/e/{token}" in organiser.get("/").get_data(as_text=True)
    assert f"/e/{token}" not in other.get("/").get_data(as_text=True)
    fresh = app.test_client()
    assert f"/e/{token}" not in fresh.get("/").get_data(as_text=True)


@pytest.mark.parametrize("kind", ["bismarck", "klaberjass", "sviten", "free"])
def test_a_tables_game_page_leads_back_to_its_evening_and_round(client, app, kind):
    fields = {"name": "Club <night>", "rounds": "2", "scoring": "placings", "target": "500"}
    token = evening_token(new_evening(client, kind, **fields))
    start(client, token, 1)
    start(client, token, 2, anyway=True)
    with app.app_context():
        evening = services.load(token)
        games = {number: evening.tables(number)[0].game.token for number in (1, 2)}
    for number, game in games.items():
        link = (
            f'<a class=more href="/e/{token}#round-{number}">'
            f"Evening: Club &lt;night&gt; · round {number}</a>"
        )
        assert link in client.get(f"/g/{game}").get_data(as_text=True)
        assert link in client.get(f"/g/{game}").get_data(as_text=True)  # kept whole: still there
    # The page is kept per language: the Swedish one has its own words.
    client.set_cookie("lang", "sv")
    page = client.get(f"/g/{games[2]}").get_data(as_text=True)
    assert f'href="/e/{token}#round-2">Spelkväll: Club &lt;night&gt; · rond 2</a>' in page
    assert "Evening:" not in page


def test_a_game_of_its_own_names_no_evening(client, app):
    token = evening_token(new_evening(client))
    start(client, token, 1)
    data = {
        "csrf_token": csrf_token(client),
        **{f"player_{i}": name for i, name in enumerate(NINE[:3])},
        "variant": "modern",
        "first_dealer": "0",
    }
    alone = client.post("/bismarck/new", data=data)
    assert alone.status_code == 303
    page = client.get(alone.headers["Location"]).get_data(as_text=True)
    assert "Evening:" not in page and "/e/" not in page


@pytest.mark.parametrize("view", ["", "/screen"])
def test_a_kept_evening_page_follows_every_deal(client, app, view):
    """The evening page and the projector view are drawn once per set of log positions and
    served from memory: a deal at any table draws them anew, and each reader keeps its own
    CSRF token."""
    players = "\n".join(NINE[:6])
    token = evening_token(new_evening(client, players=players, rounds="2", variant="classic"))
    start(client, token, 1)
    client.get(f"/e/{token}")  # the flash of the start is shown (and that page not kept)
    tokens = re.compile(r'(name="csrf_token"[^>]*value=")[^"]+')  # signed anew each second

    def page() -> str:
        return tokens.sub(r"\1…", client.get(f"/e/{token}{view}").get_data(as_text=True))

    before = page()
    assert page() == before  # kept
    with app.app_context():
        play_deal(services.load(token).tables(1)[0].game, 1)
    after = client.get(f"/e/{token}{view}").get_data(as_text=True)
    assert tokens.sub(r"\1…", after) != before and "Deal 2" in after and "Deal 2" not in before
    if not view:
        other = app.test_client()
        mine, theirs = (
            re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
            for page in (after, other.get(f"/e/{token}").get_data(as_text=True))
        )
        assert mine != theirs


def test_a_rounds_table_cards_are_drawn_once_and_anew_when_it_starts(client, app, monkeypatch):
    """Long drawings are kept by what they show: the same cards again come from memory; the
    round's start (its games' QR codes and first dealers) draws them anew."""
    from scorekeeper.printing import evening as paper_evening

    drawn = []
    draw = paper_evening.table_cards_pdf
    monkeypatch.setattr(
        paper_evening, "table_cards_pdf", lambda *a, **k: drawn.append(a) or draw(*a, **k)
    )
    token = evening_token(new_evening(client))
    before = client.get(f"/e/{token}/round/1/cards.pdf").data
    assert client.get(f"/e/{token}/round/1/cards.pdf").data == before and len(drawn) == 1
    start(client, token, 1)
    after = client.get(f"/e/{token}/round/1/cards.pdf")
    assert after.mimetype == "application/pdf" and len(drawn) == 2 and after.data != before


def test_a_busy_printer_says_when_to_try_again_and_keeps_the_pages_free(client, app):
    """While the long drawings allowed at once are under way, another is refused at once
    (503, Retry-After), in the reader's words, instead of waiting on one of the page threads;
    the evening's page is still served."""
    from scorekeeper.web import long_prints

    token = evening_token(new_evening(client))
    client.get(f"/e/{token}")
    with app.app_context():
        printer = long_prints._printer()
    taken = [printer.slots.acquire(blocking=False) for _ in range(long_prints.LONG_PRINTS)]
    try:
        assert all(taken)
        busy = client.get(f"/e/{token}/round/2/cards.pdf")
        assert busy.status_code == 503 and busy.headers["Retry-After"] == "5"
        assert "The printer is busy" in busy.get_data(as_text=True)
        client.set_cookie("lang", "sv")
        assert "Skrivaren är upptagen" in client.get(f"/e/{token}/round/2/cards.pdf").text
        assert client.get(f"/e/{token}").status_code == 200
    finally:
        for _ in taken:
            printer.slots.release()
    assert client.get(f"/e/{token}/round/2/cards.pdf").mimetype == "application/pdf"


def test_a_table_that_announced_a_contract_has_started(client, app):
    """Issue 37, point 7: a table whose first contract is announced (nothing scored yet) is
    playing its first deal, on the evening's page and the organiser's tables; one with nothing
    entered has not started."""
    token = evening_token(new_evening(client))
    start(client, token, 1)
    with app.app_context():
        first = services.load(token).tables(1)[0].game
        game_services.enter(
            first, Event("announce", {"deal": 1, "contract": "sang", "trump": None}), first.seq
        )
    evening = in_round(client.get(f"/e/{token}").get_data(as_text=True), 1)
    tables = client.get(f"/e/{token}/tables").get_data(as_text=True)
    for said in (evening, tables):
        assert said.count("Deal 1<") == 1 and said.count("Not started") == 2  # the other two


def test_points_between_whole_numbers_are_written_one_way():
    """Issue 37, point 7: a half was written 1½ beside an average's 0,17 on one page; every
    page (and its print) now writes both in decimals, in the page's language; the pages'
    points are the one formatting of points (``games.text.points``)."""
    from fractions import Fraction

    from scorekeeper.games.text import ENGLISH, points
    from scorekeeper.languages.locales import words_for

    english, swedish = words_for("en"), words_for("sv")
    said = [points(Fraction(-3, 2), words=english), points(Fraction(-1, 6), words=english)]
    assert said == ["−1.5", "−0.17"] and points(Fraction(7, 2), True, english) == "+3.5"
    assert [points(Fraction(n), words=english) for n in (12, -3)] == ["12", "−3"]
    assert points(Fraction(1, 2), words=english) == "0.5"
    assert points(Fraction(-3, 2), words=swedish) == "−1,5"
    assert points(Fraction(-1, 6), words=swedish) == "−0,17"
    assert points(Fraction(20001, 2), words=swedish).replace("\xa0", " ") == "10 000,5"
    # The engines' English (no Babel) writes them as Babel's English does.
    for value in (Fraction(-3, 2), Fraction(-1, 6), Fraction(20001, 2), Fraction(2, 3)):
        assert points(value, words=ENGLISH) == points(value, words=english)
