"""The rules of a club and its register (pure): names unique in the club ignoring case, the
PIN's form, the games, and the register's order for the evening's tick boxes."""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime

import pytest

from scorekeeper.clubs import register
from scorekeeper.clubs.register import Entry
from scorekeeper.games.events import RuleError
from tests.games.test_purity import FRAMEWORKS


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
