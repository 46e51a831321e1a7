"""The club's register: add, rename (the history keeps the old name), retire, merge; names
unique in the club ignoring case, refused beside the field with what was typed kept."""

from __future__ import annotations

import re

import sqlalchemy as sa

from scorekeeper.data import models
from scorekeeper.data.db import db
from tests.web.clubs.club import add, make_club, member_ids, post


def _error(page: str, field: str) -> str:
    match = re.search(rf'id="{field}-error">([^<]*)<', page)
    assert match, page
    return match.group(1)


def test_members_are_added_and_shown_on_the_club_page(client):
    token = make_club(client)
    add(client, token, "Anna", "Ben")
    page = client.get(f"/c/{token}").get_data(as_text=True)
    assert "2 members" in page and "<li>Anna</li>" in page and "<li>Ben</li>" in page


def test_a_name_another_member_has_is_refused_ignoring_case_and_kept(app, client):
    token = make_club(client)
    add(client, token, "Anna")
    response = post(client, f"/c/{token}/members/add", name=" ANNA ")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert _error(page, "name") == "The club already has a member called ANNA."
    assert 'value=" ANNA "' in page
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(models.Member)) == 1


def test_a_name_that_will_not_do_is_refused_without_a_500(client):
    token = make_club(client)
    for name, message in [
        ("", "Type the member's name."),
        ("x" * 31, "A name can be at most 30 characters."),
        ("Tab\tname", "control character"),
    ]:
        response = post(client, f"/c/{token}/members/add", name=name)
        assert response.status_code == 422
        assert message in _error(response.get_data(as_text=True), "name")


def test_a_rename_keeps_the_old_name_in_the_history(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Ben")
    anna = member_ids(client, token)["Anna"]
    assert client.get(f"/c/{token}/m/{anna}").status_code == 200
    assert post(client, f"/c/{token}/m/{anna}", name="Anna Svensson").status_code == 303
    page = client.get(f"/c/{token}").get_data(as_text=True)
    assert "Anna Svensson" in page and "was Anna" in page
    # Ben cannot take Anna S.'s name; Anna's old name is free again.
    ben = member_ids(client, token)["Ben"]
    response = post(client, f"/c/{token}/m/{ben}", name="anna svensson")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert _error(page, "name") == "The club already has a member called anna svensson."
    assert 'value="anna svensson"' in page
    add(client, token, "Anna")
    with app.app_context():
        history = db.session.execute(sa.select(models.MemberName.member_id, models.MemberName.name))
        assert [tuple(row) for row in history] == [(anna, "Anna")]


def test_a_retired_member_is_no_longer_offered_for_an_evening(client):
    token = make_club(client)
    add(client, token, "Anna", "Ben")
    ben = member_ids(client, token)["Ben"]
    assert post(client, f"/c/{token}/m/{ben}/retire").status_code == 303
    assert set(member_ids(client, token)) == {"Anna"}
    page = client.get(f"/c/{token}/members").get_data(as_text=True)
    assert "Retired" in page and "<li>Ben</li>" in page


def test_two_entries_that_are_one_person_are_merged(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Anna Svensson", "Ben")
    ids = member_ids(client, token)
    response = post(
        client, f"/c/{token}/members/merge", keep=ids["Anna"], merged=ids["Anna Svensson"]
    )
    assert response.status_code == 303
    assert set(member_ids(client, token)) == {"Anna", "Ben"}
    with app.app_context():
        merged = db.session.get(models.Member, ids["Anna Svensson"])
        assert merged is not None and merged.merged_into_id == ids["Anna"]
    assert "was Anna Svensson" in client.get(f"/c/{token}").get_data(as_text=True)
    # The merged entry's page is gone; merging it again is refused.
    assert client.get(f"/c/{token}/m/{ids['Anna Svensson']}").status_code == 404
    again = post(client, f"/c/{token}/members/merge", keep=ids["Ben"], merged=ids["Anna Svensson"])
    assert again.status_code == 422
    said = _error(again.get_data(as_text=True), "merged")
    assert said == "Anna Svensson was merged into Anna already."  # what is there now


def test_merge_and_member_routes_refuse_bad_input_without_a_500(client):
    token = make_club(client)
    add(client, token, "Anna", "Ben")
    ids = member_ids(client, token)
    same = post(client, f"/c/{token}/members/merge", keep=ids["Anna"], merged=ids["Anna"])
    assert _error(same.get_data(as_text=True), "merged") == "Choose two different members."
    assert post(client, f"/c/{token}/members/merge", keep="x", merged="1").status_code == 422
    unknown = post(client, f"/c/{token}/members/merge", keep=ids["Anna"], merged=99999)
    assert unknown.status_code == 422
    assert client.get(f"/c/{token}/m/99999").status_code == 404
    assert post(client, f"/c/{token}/m/99999", name="X").status_code == 404
    assert post(client, f"/c/{token}/m/99999/retire").status_code == 404


def test_a_member_of_another_club_is_not_found_here(client):
    first = make_club(client)
    second = make_club(client, name="Andra")
    add(client, second, "Olle")
    olle = member_ids(client, second)["Olle"]
    assert client.get(f"/c/{first}/m/{olle}").status_code == 404
    assert post(client, f"/c/{first}/m/{olle}/retire").status_code == 404
