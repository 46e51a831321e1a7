"""A name too long for an evening is refused beside its field with a message, what was typed
kept: the form had maxlength=60, so a browser cut a pasted name without a word (issue 23)."""

from __future__ import annotations

import re

from tests.web import text
from tests.web.evenings.helpers import new_evening

LONG = "Tisdagsklubbens stora julturnering i Bismarck, andra omgången"  # 62 characters


def test_a_long_evening_name_is_refused_not_cut(client):
    assert len(LONG) > 60
    form = client.get("/evening/new/bismarck").get_data(as_text=True)
    assert not re.search(r"<input[^>]*name=\"name\"[^>]*maxlength", form)
    response = new_evening(client, name=LONG)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "An evening's name can be at most 60 characters." in text(page)
    field = re.search(r'<input[^>]*name="name"[^>]*>', page)
    assert field and f'value="{LONG}"' in field[0] and 'aria-invalid="true"' in field[0]


def test_the_refusal_in_swedish(client):
    client.set_cookie("lang", "sv")
    page = new_evening(client, name=LONG).get_data(as_text=True)
    assert "En spelkvälls namn får vara högst 60 tecken långt." in text(page)
