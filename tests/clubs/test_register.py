"""The rules of a club and its register (pure): names unique in the club ignoring case, the
PIN's form, the games, and the register's order for the evening's tick boxes."""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from scorekeeper.clubs import register
from scorekeeper.clubs.register import Entry
from scorekeeper.games.events import RuleError
from scorekeeper.games.names import UNPRINTABLE, same
from tests.purity import FRAMEWORKS


def test_the_register_rules_import_without_flask_sqlalchemy_or_reportlab():
    code = (
        "import sys, scorekeeper.clubs.register; "
        f"print(','.join(m for m in {FRAMEWORKS!r} if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""


@pytest.mark.parametrize("pin", ["1234", "000000", "123456789012"])
def test_a_pin_is_four_to_twelve_digits(pin):
    assert register.checked_pin(pin) == pin


@pytest.mark.parametrize("pin", ["", "123", "1234567890123", "12a4", "12 34", "١٢٣٤", "+1234"])
def test_anything_else_is_not_a_pin(pin):
    with pytest.raises(RuleError) as refused:
        register.checked_pin(pin)
    assert refused.value.field == "pin"
    assert str(refused.value) == "A PIN is 4 to 12 digits."


def test_a_member_name_is_unique_in_the_club_ignoring_case():
    assert register.checked_member_name("  Anna S. ", ["Ben"]) == "Anna S."
    with pytest.raises(RuleError) as refused:
        register.checked_member_name("anna", ["Ben", "ANNA"])
    assert refused.value.field == "name"
    assert str(refused.value) == "The club already has a member called anna."


@pytest.mark.parametrize("name", ["", "   ", "x" * 31, "Tab\there"])
def test_a_member_name_follows_the_players_name_rules(name):
    with pytest.raises(RuleError):
        register.checked_member_name(name, [])


def test_the_club_name_is_needed_and_short():
    assert register.checked_club_name(" Torsdagsklubben ") == "Torsdagsklubben"
    for name in ("", "x" * 61, "Line\nbreak"):
        with pytest.raises(RuleError) as refused:
            register.checked_club_name(name)
        assert refused.value.field == "name"


def test_the_games_are_the_apps_each_once_in_its_order():
    known = ("bismarck", "klaberjass", "sviten")
    assert register.checked_games(["sviten", "bismarck", "sviten"], known) == (
        "bismarck",
        "sviten",
    )
    for games in ([], ["chess"]):
        with pytest.raises(RuleError) as refused:
            register.checked_games(games, known)
        assert refused.value.field == "games"


def _entry(id_, name, joined, seen=None):
    return Entry(id_, name, datetime(2026, 1, joined), False, last_seen=seen)


def test_the_members_seen_most_recently_come_first_then_by_name():
    entries = [
        _entry(1, "Carla", 1, datetime(2026, 3, 5)),
        _entry(2, "anna", 1, datetime(2026, 3, 12)),
        _entry(3, "Ben", 1, datetime(2026, 3, 12)),
        _entry(4, "Dag", 20),  # joined, never played: counted from joining
        _entry(5, "Eva", 2),
    ]
    order = [e.name for e in register.most_recent_first(entries)]
    assert order == ["anna", "Ben", "Carla", "Dag", "Eva"]


# --- one name looks like one name (issue 34) ----------------------------------------------------


@pytest.mark.parametrize(
    "typed", ["Anna\u200b", "\ufeffANNA", "An\u00adna", "Ａｎｎａ", "Anna\u2060"]
)
def test_a_member_who_looks_like_another_is_the_other(typed):
    with pytest.raises(RuleError) as refused:
        register.checked_member_name(typed, ["Anna"])
    assert refused.value.field == "name"
    assert str(refused.value).startswith("The club already has a member called ")


def test_a_members_and_a_clubs_name_are_kept_as_shown():
    assert register.checked_member_name(" A\u030asa\u200b ", ["Anna"]) == "Åsa"
    assert register.checked_club_name("Torsdags\u200bklubben") == "Torsdagsklubben"


def test_a_club_name_is_up_to_60_characters_not_a_players_30():
    assert register.checked_club_name("K" * 60) == "K" * 60
    with pytest.raises(RuleError, match="at most 60"):
        register.checked_club_name("K" * 61)


@pytest.mark.parametrize("name", ["\u200b", "\u200d\ufeff"])
def test_a_name_of_invisible_characters_is_no_name(name):
    with pytest.raises(RuleError, match="Every player needs a name"):
        register.checked_member_name(name, [])
    with pytest.raises(RuleError, match="Give the club a name"):
        register.checked_club_name(name)


#: Names as typed: anything but a refused character, 30 characters at most as shown.
TYPED = st.text(
    st.characters(codec="utf-8").filter(lambda c: not UNPRINTABLE.match(c)),
    min_size=1,
    max_size=30,
)


@given(TYPED, TYPED)
@example("ß" * 30, "ss" * 30)  # folded, twice as long as typed: past the column's 40
@example("ﬃ" * 30, "ﬃ" * 29 + "ffi")
@example("ﬃ" * 30, "ﬃ" * 29 + "ffj")
def test_a_members_key_fits_its_column_and_is_equal_exactly_when_the_names_are_one(a, b):
    assert len(register.name_key(a)) <= register.MEMBER_KEY_LENGTH
    assert (register.name_key(a) == register.name_key(b)) == same(a, b)


@given(TYPED, TYPED)
@example("ß" * 40, "ss" * 40)
def test_a_seasons_key_fits_its_column_and_is_equal_exactly_when_the_names_are_one(a, b):
    from scorekeeper.clubs.season import SEASON_KEY_LENGTH, season_key

    assert len(season_key(a)) <= SEASON_KEY_LENGTH
    assert (season_key(a) == season_key(b)) == same(a, b)


def test_the_keys_lengths_are_their_columns():
    from scorekeeper.clubs.season import SEASON_KEY_LENGTH
    from scorekeeper.data import models

    assert models.Member.__table__.c.name_key.type.length == register.MEMBER_KEY_LENGTH
    assert models.Season.__table__.c.name_key.type.length == SEASON_KEY_LENGTH
