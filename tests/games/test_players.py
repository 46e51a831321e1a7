"""The name rules every game's setup shares."""

from __future__ import annotations

import pytest

from scorekeeper.games.events import RuleError
from scorekeeper.games.players import MAX_NAME_LENGTH, checked_names


def test_names_are_trimmed_and_kept_in_seat_order():
    assert checked_names([" Anna ", "Ben", "Carla"], 3, "Bismarck") == ("Anna", "Ben", "Carla")


@pytest.mark.parametrize(
    ("players", "count", "message"),
    [
        (["Anna", "Ben"], 3, "Bismarck needs exactly three players."),
        ("Anna", 2, "Klaberjass needs exactly two players."),
        (["Anna", " "], 2, "Every player needs a name."),
        (["Anna", 7], 2, "Every player needs a name."),
        (["Anna", "x" * (MAX_NAME_LENGTH + 1)], 2, "A name can be at most 30 characters."),
        (["Anna", "ANNA"], 2, "Both players are called ANNA."),
        (["N", "E", "n", "W"], 4, "Two players are called n."),
    ],
)
def test_bad_names_are_refused_with_a_sentence(players, count, message):
    game = {2: "Klaberjass", 3: "Bismarck", 4: "Sviten Special"}[count]
    with pytest.raises(RuleError) as info:
        checked_names(players, count, game)
    assert info.value.message == message
    assert info.value.field == "players"
