"""Issue 23, point 1 (and 5): every write leads to the game page where it says what changed
(``#latest``): the 303's address names it, and the page puts that id on one part — the round
just scored, the contract in play, the winner, what an undo took back, a refusal (which the
forms' own address names too, so that a refused form's page lands there without JavaScript)."""

from __future__ import annotations

import re

from tests.conftest import CSRF
from tests.games.bismarck.examples import MODERN_GAME
from tests.web import text
from tests.web.bismarck.client import Table, play_modern_game
from tests.web.klaberjass.client import HANDS as KLABERJASS_HANDS
from tests.web.klaberjass.client import KlaberjassTable
from tests.web.landing import landing
from tests.web.sviten.client import HANDS as SVITEN_HANDS
from tests.web.sviten.client import SvitenTable


def lands(client, response) -> tuple[str, str]:
    """A write's answer: a 303 to its game page's ``#latest``; where that page lands."""
    assert response.status_code == 303, response.get_data(as_text=True)
    location = response.headers["Location"]
    assert re.search(r"/g/[\w-]+#latest$", location), location
    return landing(client.get(location).get_data(as_text=True))


def test_a_bismarck_page_lands_on_the_contract_then_the_deal_then_the_winner(client):
    table = Table(client)
    table.start()
    assert 'id="latest"' not in table.page()  # nothing entered yet: the page opens at its top
    where, said = lands(client, table.announce(1, "sang"))
    assert where.startswith('<p class="announced"') and said.startswith("Ben plays Sang")
    where, said = lands(client, table.record(1, (4, 10, 2)))
    assert where.startswith('<p class="result"') and said.startswith("Deal 1:")
    where, said = lands(client, table.announce(2, "pass"))
    assert where.startswith('<p class="announced"')
    where, said = lands(client, table.post("redeal", deal=2))
    assert where.startswith('<p class="announced"') and "1 redeal" in said
    # The forms say where their refusal lands too.
    assert re.search(r'action="/g/[\w-]+/record#latest"', table.page())
    where, said = landing(table.page())  # the refusals' place is empty
    assert where.startswith('<p class="announced"')


def test_a_finished_bismarck_game_lands_on_its_winner(client):
    table = Table(client)
    table.start()
    play_modern_game(table, MODERN_GAME[:-1])
    contract, trump, tricks = MODERN_GAME[-1]
    table.announce(12, contract, trump)
    where, said = lands(client, table.record(12, tricks))
    assert where.startswith('<section class="over"') and " wins with " in said


def test_an_undo_lands_on_what_it_took_back(client):
    table = Table(client)
    table.start()
    table.announce(1, "sang")
    table.record(1, (4, 10, 2))
    token = CSRF.search(table.page())
    response = client.post(
        f"{table.url}/undo", data={"csrf_token": token.group(1), "seq": table.seq()}
    )
    _where, said = lands(client, response)
    assert said == "Taken back: Deal 1: tricks 4/10/2"
    # Said once, where the page lands: not again above the head.
    assert text(client.get(table.url).get_data(as_text=True)).count("Taken back") == 0


def test_a_refused_entry_is_said_once_beside_its_fields_where_the_page_lands(client):
    """Issue 37: a Bismarck deal's form fits a small phone's screen, so a refusal is said
    beside the fields (an alert, which the fields' group names as its description) and the
    page lands on the fields, not at its top as well (a second copy pushed Record off it)."""
    table = Table(client)
    table.start()
    table.announce(1, "sang")
    response = table.record(1, (5, 5, 5))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    where, said = landing(page)
    message = "The tricks add up to 15, but a deal has 16 tricks."
    assert where.startswith('<fieldset class="tricks invalid"') and message in said
    assert 'aria-describedby="tricks-error"' in where and 'role="alert">' + message in where
    assert text(page).count(message) == 1
    # A form the page no longer shows (an announcement while the tricks are due): its refusal
    # is said at the top, where the page lands.
    refused = table.post("announce", contract="spader")
    where, said = landing(refused.get_data(as_text=True))
    assert refused.status_code == 422 and 'class="conflict" role="alert"' in where and said


def test_an_entry_recorded_already_lands_on_that_news(client):
    """Sent again, the same (nothing to do) or not (a conflict): the page lands on what it says
    of that (who recorded what: tests/web/test_resubmits.py)."""
    table = Table(client)
    table.start()
    table.announce(1, "sang")
    seq = table.seq()
    table.record(1, (4, 10, 2), seq=seq)
    response = table.record(1, (4, 10, 2), seq=seq)
    _where, said = lands(client, response)
    assert said.endswith("recorded this: nothing more to do.")
    beaten = table.record(1, (5, 9, 2), seq=seq)
    assert beaten.status_code == 409
    where, said = landing(beaten.get_data(as_text=True))
    assert '<div class="conflict" role="alert">' in where and "Deal 1: tricks 4/10/2" in said


def test_a_refused_correction_is_said_at_the_top_where_its_page_lands(client):
    table = Table(client)
    table.start()
    table.announce(1, "sang")
    table.record(1, (4, 10, 2))
    url = f"{table.url}/deal/1/correct"
    page = client.get(url).get_data(as_text=True)
    assert 'action="#latest"' in page
    fields = dict(re.findall(r'name="(csrf_token|seq|deal|was)"[^>]*value="([^"]*)"', page))
    fields.update(contract="sang", tricks_0="5", tricks_1="5", tricks_2="5")
    response = client.post(url, data=fields)
    assert response.status_code == 422
    where, said = landing(response.get_data(as_text=True))
    assert 'class="conflict" role="alert"' in where and "16 tricks" in said


def test_klaberjass_and_sviten_pages_land_on_the_hand_then_the_winner(client):
    klaberjass = KlaberjassTable(client)
    klaberjass.start()
    where, said = lands(client, klaberjass.hand(1, KLABERJASS_HANDS[0]))
    assert where.startswith("<div class=result") and said.startswith("Hand 1")
    for number, hand in enumerate(KLABERJASS_HANDS[1:], 2):
        last = klaberjass.hand(number, hand)
    where, said = lands(client, last)
    assert where.startswith("<section class=over") and "wins" in said

    sviten = SvitenTable(client)
    sviten.start()
    where, said = lands(client, sviten.hand(1, SVITEN_HANDS[0]))
    assert where.startswith('<div class="result"') and said.startswith("Hand 1")


def test_the_import_form_lands_on_its_messages(client):
    """Point 5: a refused import's page opens at its messages (they are focusable, an alert)."""
    page = client.get("/").get_data(as_text=True)
    assert 'action="/import#record-error"' in page
