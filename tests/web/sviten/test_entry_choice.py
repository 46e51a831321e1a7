"""Issue 23, point 6: Sviten's hand form starts with the choice between tapping the cards and
quick entry, and *Show the melds* shows and writes nothing, whatever quick entry still holds."""

from __future__ import annotations

import re

from scorekeeper.data.db import db
from scorekeeper.table import store
from tests.web import text
from tests.web.sviten.client import HANDS, SvitenTable, card_fields, quick_fields


def events_of(app, table: SvitenTable) -> int:
    with app.app_context():
        return len(store.load(db.session, table.game_token).events)


def hand_form(page: str) -> str:
    form = re.search(r'<form method="post" action="[^"]*/sviten/hand[^"]*".*?</form>', page, re.S)
    assert form, "no hand form"
    return form[0]


def test_the_choice_between_cards_and_quick_entry_comes_first(table):
    form = hand_form(table.page())
    choice, cards, quick = (form.index(s) for s in ("name=entry", "data-deck", "name=tricks_0"))
    assert choice < form.index("name=declarer") < cards
    assert re.search(r"<input type=radio name=entry value=cards id=by-cards checked>", form)
    assert "How to enter this hand" in text(form)
    # quick entry's fields and its button are not under the grid's Show the melds
    assert quick > form.index("value=propose")
    assert re.search(r'class="stack by-quick">', form)


def test_show_the_melds_writes_nothing_though_quick_entry_holds_numbers(app, table):
    # Quick entry typed in, then back to the cards and Show the melds, no card tapped.
    fields = {**quick_fields(HANDS[0]), "entry": "cards"}
    response = table.step(1, "propose", **fields)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Tap the cards one pair captured (or choose quick entry at the top)." in text(page)
    assert events_of(app, table) == 0
    assert 'value="7"' in page  # what was typed is kept
    # An older phone's form (no choice sent): Show the melds still writes nothing.
    fields.pop("entry")
    assert table.step(1, "propose", **fields).status_code == 422
    assert events_of(app, table) == 0


def test_show_the_melds_with_cards_and_quick_numbers_shows_the_melds(app, table):
    hand = HANDS[1]
    fields = {**card_fields(hand), **{k: v for k, v in quick_fields(HANDS[0]).items() if "_" in k}}
    response = table.step(1, "propose", **fields)
    assert response.status_code == 200
    assert "Record hand 1" in text(response.get_data(as_text=True))
    assert events_of(app, table) == 0


def test_enter_in_quick_entry_records_what_was_typed(app, table):
    """The Enter key sends the form's first button (Show the melds, hidden in quick mode)."""
    assert table.step(1, "propose", **quick_fields(HANDS[0])).status_code == 303
    assert events_of(app, table) == 1


def test_a_refused_quick_hand_comes_back_in_quick_mode(table):
    page = table.quick(1, {**HANDS[0], "tricks": [6, 6]}).get_data(as_text=True)
    assert "id=by-quick checked" in page and "id=by-cards checked" not in page
    page = table.propose(1, {**HANDS[1], "captured": [HANDS[1]["captured"][0][:-1], None]})
    assert "id=by-cards checked" in page.get_data(as_text=True)
