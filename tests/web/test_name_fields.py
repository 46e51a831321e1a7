"""Issue 37, point 6: every field for a name says how long a name may be (``maxlength``), so a
player learns the limit while typing, not after sending the form: players' names (a new game of
each kind, a blank sheet), a club's, a member's, an evening's, a season's. The limit is the one
the app enforces: a name of that many characters is taken, one more is refused."""

from __future__ import annotations

import re

import pytest

from scorekeeper.clubs.register import MAX_CLUB_NAME
from scorekeeper.clubs.season import MAX_SEASON_NAME
from scorekeeper.evenings.setup import MAX_NAME as MAX_EVENING_NAME
from scorekeeper.games import free
from scorekeeper.games.players import MAX_NAME_LENGTH
from tests.web.bismarck.client import Table
from tests.web.clubs.club import add, make_club, member_ids, post

#: A text field of a page: its name and its maxlength (None without one).
TEXT_FIELD = re.compile(r'<input (?=[^>]*type="text")[^>]*>')


def text_fields(page: str) -> dict[str, int | None]:
    fields = {}
    for tag in TEXT_FIELD.findall(page):
        name = re.search(r'name="([^"]+)"', tag).group(1)
        limit = re.search(r'maxlength="(\d+)"', tag)
        fields[name] = int(limit.group(1)) if limit else None
    return fields


@pytest.mark.parametrize("kind", ["bismarck", "klaberjass", "sviten", "free"])
def test_a_new_games_names_say_their_limit(client, kind):
    fields = text_fields(client.get(f"/{kind}/new").get_data(as_text=True))
    players = {name: limit for name, limit in fields.items() if name.startswith("player_")}
    assert players and set(players.values()) == {MAX_NAME_LENGTH}, fields
    if kind == "free":  # and the game's own name
        assert fields["game_name"] == free.MAX_GAME_NAME, fields


def test_every_name_field_of_the_home_clubs_and_evenings_says_its_limit(client):
    home = text_fields(client.get("/").get_data(as_text=True))
    assert home and None not in home.values(), home  # the blank sheets' names
    assert text_fields(client.get("/club/new").get_data(as_text=True)) == {"name": MAX_CLUB_NAME}
    evening = text_fields(client.get("/evening/new/bismarck").get_data(as_text=True))
    assert evening == {"name": MAX_EVENING_NAME}
    token = make_club(client)  # this phone is the organiser now
    add(client, token, "Anna")
    members = text_fields(client.get(f"/c/{token}/members").get_data(as_text=True))
    assert set(members.values()) == {MAX_NAME_LENGTH}, members
    anna = member_ids(client, token)["Anna"]
    member = text_fields(client.get(f"/c/{token}/m/{anna}").get_data(as_text=True))
    assert set(member.values()) == {MAX_NAME_LENGTH}, member
    season = text_fields(client.get(f"/c/{token}/seasons/new").get_data(as_text=True))
    assert season.get("name") == MAX_SEASON_NAME, season


def test_the_limit_said_is_the_limit_kept(client):
    table = Table(client)
    longest = "A" * MAX_NAME_LENGTH
    assert table.start(players=(longest, "Ben", "Carla")).status_code == 303
    token = make_club(client)
    assert post(client, f"/c/{token}/members/add", name=longest).status_code == 303
    refused = post(client, f"/c/{token}/members/add", name="B" * (MAX_NAME_LENGTH + 1))
    assert refused.status_code == 422
