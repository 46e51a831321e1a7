"""The club record through the services: export → import → export gives the same bytes, and
the imported club's season table and ratings are the original's; a record refused is refused
whole, nothing stored."""

from __future__ import annotations

import json
from datetime import date

import pytest

from scorekeeper.clubs import services
from scorekeeper.games.events import RuleError
from scorekeeper.records import RecordError
from tests.clubs.counts import counts
from tests.clubs.season_club import BY, GAMES, PIN, season_and_ratings, season_club


def test_export_import_export_is_byte_identical_and_derives_the_same_tables(app):
    with app.app_context():
        club = season_club()
        text = services.record_of(club)
        copy = services.import_club(text.encode(), PIN, GAMES, BY)
        assert copy.token != club.token and copy.name == club.name
        assert services.record_of(copy) == text
        assert season_and_ratings(copy) == season_and_ratings(club)
        assert services.check_pin(copy, PIN) and not services.check_pin(copy, "90817263")
        tables, ratings = season_and_ratings(copy)
        assert {row[0] for row in tables[0]} == {
            "Anna",
            "Ben",
            "Carla",
            "Dag",
            "Eva L",
            "Fred",
            "Gun",
        }
        assert [t[0] for t in tables[1:]] == ["Utvalda", "Från i dag"]
        assert ratings[""] and ratings["Utvalda"]  # finished games rate their players
    raw = json.loads(text)
    assert [e["record"]["name"] for e in raw["evenings"]] == ["Vecka 1", "Vecka 2", "Vecka 3"]
    merged = next(m for m in raw["members"] if m["name"] == "Anna S")
    anna = next(m for m in raw["members"] if m["name"] == "Anna")
    assert merged["merged_into"] == anna["id"] and "Anna S" in anna["former_names"]
    assert next(m for m in raw["members"] if m["name"] == "Eva L")["former_names"] == ["Eva"]
    assert next(m for m in raw["members"] if m["name"] == "Fred")["retired"] is True
    assert raw["seasons"] == [
        {
            "name": "Utvalda",
            "rule": "best",
            "n": 1,
            "absence": "lowest",
            "date_from": None,
            "date_to": None,
            "evenings": [1, 2],
        },
        {
            "name": "Från i dag",
            "rule": "average",
            "n": 2,
            "absence": "none",
            "date_from": date.today().isoformat(),
            "date_to": None,
        },
    ]


def test_the_record_holds_no_pin_hash_or_token(app):
    with app.app_context():
        club = season_club()
        text = services.record_of(club)
    assert club.token not in text
    assert club.pin_hash not in text and "argon2" not in text and "90817263" not in text


def _refused(app, raw, pin=PIN) -> list[str]:
    with app.app_context():
        before = counts()
        with pytest.raises(RecordError) as refused:
            services.import_club(json.dumps(raw), pin, GAMES, BY)
        assert counts() == before
    return [str(line) for line in refused.value.problems]


@pytest.fixture
def exported(app) -> dict:
    with app.app_context():
        return json.loads(services.record_of(season_club()))


def test_a_deal_broken_in_one_evening_is_refused_naming_evening_table_and_deal(app, exported):
    table = exported["evenings"][1]["record"]["tables"][1]["record"]
    table["deals"][3]["tricks"] = [9, 9, 9]
    lines = _refused(app, exported)
    assert lines and all(
        line.startswith("evening 2 (Vecka 2): round 1, table 2: ") for line in lines
    )
    assert any("deal 4" in line for line in lines)


def test_a_pin_field_is_refused(app, exported):
    assert _refused(app, {**exported, "pin": "4711"}) == [
        'record: a club record never holds "pin": not the organiser PIN, its hash or the '
        "club's address"
    ]
    exported["members"][0]["pin_hash"] = "x"
    assert _refused(app, exported) == ['member 1: unknown field "pin_hash"']


def test_an_unknown_member_is_refused(app, exported):
    exported["evenings"][0]["members"][2] = 99
    assert _refused(app, exported) == [
        "evening 1 (Vecka 1): Carla is member 99, and the club has no member 99"
    ]


def test_a_wrong_pin_stores_nothing(app, exported):
    with app.app_context():
        before = counts()
        with pytest.raises(RuleError):
            services.import_club(json.dumps(exported), "12", GAMES, BY)
        assert counts() == before


def test_an_error_while_storing_stores_nothing(app, exported, monkeypatch):
    from scorekeeper.evenings import services as evenings

    made = []
    real = evenings.import_evening

    def fails_at_the_second(*args, **kwargs):
        if made:
            raise RuntimeError("disk full")
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(evenings, "import_evening", fails_at_the_second)
    with app.app_context():
        before = counts()
        with pytest.raises(RuntimeError):
            services.import_club(json.dumps(exported), PIN, GAMES, BY)
        assert made and counts() == before


def test_a_record_refused_for_one_broken_evening_names_that_evening_only(app, exported):
    """A season that names the record's third evening is right, though the first is refused
    (it named evenings by how many were read)."""
    exported["evenings"][0]["record"]["tables"][0]["record"]["deals"][2]["tricks"] = [9, 9, 9]
    exported["seasons"][0]["evenings"] = [3]
    lines = _refused(app, exported)
    where = "evening 1 (Vecka 1): round 1, table 1: "
    assert lines and all(line.startswith(where) for line in lines)


def test_a_field_twice_is_refused_naming_the_object_it_is_in(app, exported):
    text = json.dumps(exported)
    name = '"name": "Vecka 2"'
    assert text.count(name) == 1
    twice = text.replace(name, f'{name}, "name": "Vecka 2"')
    with app.app_context(), pytest.raises(RecordError) as refused:
        services.import_club(twice, PIN, GAMES, BY)
    assert [str(line) for line in refused.value.problems] == [
        'record: the field "name" appears twice in the object at "/evenings/1/record"'
    ]
