"""The club record's reader and writer on their own (pure): any register written is read back
as written, and a broken record is refused with lines that name their place."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.clubs.record import loads_club
from scorekeeper.clubs.record_format import CLUB_FORMAT, Member
from scorekeeper.clubs.record_text import club_text, names_now
from scorekeeper.clubs.record_writing import build_club, dumps_club
from scorekeeper.records import RecordError

NAMES = st.text(alphabet="AaÅåBbÖöEe -'", min_size=1, max_size=12).filter(
    lambda n: n.strip() == n and n.strip()
)


@st.composite
def registers(draw) -> list[Member]:
    """Members with names unique (ignoring case) among those not merged, merges into an earlier
    entry (so no circle), some retired, former names, join times."""
    names = draw(st.lists(NAMES, min_size=0, max_size=12, unique_by=str.casefold))
    start = datetime(2026, 1, 1, 18, 0)
    found: list[Member] = []
    for number, name in enumerate(names, start=1):
        into = None
        if found and draw(st.booleans()):
            into = draw(st.sampled_from([m.id for m in found]))
        former = tuple(draw(st.lists(NAMES, max_size=3)))
        joined = start + timedelta(days=number, microseconds=draw(st.integers(0, 999_999)))
        found.append(Member(number, name, former, joined, draw(st.booleans()), into))
    return found


def record_of(members, **more) -> dict:
    return {**build_club("Klubben", ["bismarck"], members, []), **more}


@settings(max_examples=60)
@given(registers())
def test_a_register_reads_back_as_written(members):
    text = dumps_club(build_club("Klubben", ["bismarck", "sviten"], members, []))
    read = loads_club(text)
    assert list(read.members) == members
    assert dumps_club(build_club(read.name, read.games, read.members, [])) == text
    kept = {m.id: m.merged_into for m in members}
    for member in members:  # a merged entry is named by the member kept
        at = member.id
        while kept[at] is not None:
            at = kept[at]
        assert names_now(read)[member.id] == next(m.name for m in members if m.id == at)


def refused(raw) -> list[str]:
    with pytest.raises(RecordError) as error:
        loads_club(json.dumps(raw))
    return [str(line) for line in error.value.problems]


ANNA = Member(1, "Anna")
BEN = Member(2, "Ben")


def test_refusals_name_their_place():
    assert refused([]) == ["record: a club record is a JSON object ({…}), not a list"]
    assert refused({"format": "scorekeeper-evening/1"}) == [
        'record: format must be scorekeeper-club/1, not "scorekeeper-evening/1"'
    ]
    assert refused(record_of([ANNA], extra=1)) == ['record: unknown field "extra"']
    assert refused(record_of([ANNA, Member(2, "ANNA")])) == [
        "member 2: The club already has a member called ANNA"
    ]
    assert refused(record_of([ANNA, Member(1, "Ben")])) == [
        "member 2: id 1 is another member's too"
    ]
    assert refused(record_of([ANNA, Member(2, "Ben", merged_into=2)])) == [
        "member 2: merged_into names the member itself"
    ]
    assert refused(record_of([Member(1, "A", merged_into=2), Member(2, "B", merged_into=1)])) == [
        "member 1: its merges go round in a circle",
        "member 2: its merges go round in a circle",
    ]
    assert refused(record_of([ANNA], seasons=[{"name": "Vår", "rule": "best"}])) == [
        "season 1 (Vår): Give a number of evenings from 1 to 366"
    ]
    assert refused(record_of([ANNA], seasons=[{"name": "Vår", "evenings": [1]}])) == [
        "season 1 (Vår): evenings must list evenings of the record by number, 1 to 0"
    ]
    assert refused(record_of([ANNA], evenings=[{"date": "igår", "members": [], "record": {}}])) == [
        "evening 1: date must be a time (2026-03-05T19:00:00Z)"
    ]
    assert refused(
        record_of([ANNA], evenings=[{"date": "2026-01-01T19:00:00Z", "members": [], "record": 1}])
    ) == ["evening 1: record: an evening record is a JSON object ({…}), not a number"]


def test_an_evening_of_a_game_the_club_does_not_play_is_refused():
    evening = {
        "format": "scorekeeper-evening/1",
        "name": "Kväll",
        "game": "klaberjass",
        "players": ["Anna", "Ben"],
        "rounds": 1,
        "scoring": "totals",
        "plan": {"tables": 1, "rounds": [[[0, 1]]], "sitting_out": [[]]},
    }
    raw = record_of(
        [ANNA, BEN],
        evenings=[{"date": "2026-01-01T19:00:00Z", "members": [1, 2], "record": evening}],
    )
    assert refused(raw) == ["evening 1 (Kväll): its game klaberjass is not one of the club's games"]
    raw["games"] = ["klaberjass"]
    read = loads_club(json.dumps(raw))
    assert read.evenings[0].members == (1, 2)
    assert "No finished games yet." in club_text(read)
    raw["evenings"][0]["members"] = [1, 1]
    assert refused(raw) == ["evening 1 (Kväll): member 1 plays twice in it"]
    raw["evenings"][0]["members"] = [1]
    assert refused(raw) == [
        "evening 1 (Kväll): members must list 2 member ids, one for each of its players"
    ]


def test_a_record_too_large_is_refused_before_it_is_read(monkeypatch):
    from scorekeeper.clubs import record

    monkeypatch.setattr(record, "MAX_CLUB_BYTES", 10)
    with pytest.raises(RecordError) as error:
        loads_club(json.dumps({"format": CLUB_FORMAT}))
    assert str(error.value).startswith("record: the file is larger than")


def test_a_club_record_has_room_a_game_record_has_not():
    """One guard for both (``guard.decode``'s ``limit``): a club record over a game record's
    limit is read, and refused with the club's words only over its own."""
    from scorekeeper.clubs import record
    from scorekeeper.records import guard

    big = json.dumps({"format": CLUB_FORMAT, "pad": "x" * guard.MAX_RECORD_BYTES})
    with pytest.raises(RecordError) as game:
        guard.decode(big)
    assert "a game record is a few kB" in str(game.value)
    assert record.decode_club(big)["format"] == CLUB_FORMAT
    with pytest.raises(RecordError) as club:
        guard.decode(big, limit=10, too_large=guard.TOO_LARGE)
    assert str(club.value) == str(game.value)
    with pytest.raises(RecordError) as club:
        record.decode_club(" " * (record.MAX_CLUB_BYTES + 1))
    assert str(club.value) == "record: the file is larger than 64 MB, more than a club record holds"


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 1000) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(value, at=()):
    """Every place in a decoded record, as a path of keys and indexes."""
    yield at
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*at, index))


def _replaced(value, path, new):
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _replaced(value[path[0]], path[1:], new)
    return copy


def _small_club() -> dict:
    evening = {
        "format": "scorekeeper-evening/1",
        "name": "Kväll",
        "game": "klaberjass",
        "players": ["Anna", "Ben"],
        "rounds": 1,
        "scoring": "totals",
        "plan": {"tables": 1, "rounds": [[[0, 1]]], "sitting_out": [[]]},
    }
    return {
        **build_club("Klubben", ["klaberjass"], [ANNA, BEN], []),
        "seasons": [{"name": "Vår", "rule": "best", "n": 1, "absence": "lowest"}],
        "evenings": [{"date": "2026-01-01T19:00:00Z", "members": [1, 2], "record": evening}],
    }


SMALL = _small_club()
PLACES = list(_paths(SMALL))


@settings(max_examples=200)
@given(st.sampled_from(PLACES), JSON)
def test_any_value_anywhere_is_read_or_refused_never_a_crash(path, value):
    from scorekeeper.clubs.record import parse_club

    raw = _replaced(SMALL, path, value)
    try:
        parse_club(raw)
    except RecordError as error:
        assert error.problems
        assert all(":" in str(line) for line in error.problems)


def test_the_small_club_the_property_breaks_is_itself_valid():
    from scorekeeper.clubs.record import parse_club

    read = parse_club(SMALL)
    assert read.seasons[0].rule.rule == "best" and read.evenings[0].members == (1, 2)
    assert "Season Vår" in club_text(read)
