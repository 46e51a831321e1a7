"""``scorekeeper evening plan``: the seating plan on the command line, without an app or a
database, through click's runner."""

from __future__ import annotations

import dataclasses
import json
from functools import partial

import pytest

from scorekeeper.games import registry
from tests.cli.runner import invoke
from tests.fourth_game import rules as tally

#: ``scorekeeper evening ARGS``
evening = partial(invoke, "evening")


def test_the_plan_as_json_is_exactly_tables_rounds_and_sitting_out():
    result = evening("plan", "--game", "bismarck", "--players", "9", "--rounds", "4", "--json")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    plan = json.loads(result.stdout)
    assert list(plan) == ["tables", "rounds", "sitting_out"]
    assert plan["tables"] == 3
    assert plan["rounds"][0] == [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
    assert plan["sitting_out"] == [[], [], [], []]
    together = {
        tuple(pair)
        for tables in plan["rounds"]
        for table in tables
        for pair in ((table[0], table[1]), (table[0], table[2]), (table[1], table[2]))
    }
    assert len(together) == 36  # every two of the nine, each once (4 rounds x 9 pairs)


def test_sviten_tables_list_north_east_south_west():
    result = evening("plan", "--game", "sviten", "--players", "9", "--rounds", "9", "--json")
    assert result.exit_code == 0, result.output
    plan = json.loads(result.stdout)
    assert plan["tables"] == 2
    assert len(plan["rounds"]) == len(plan["sitting_out"]) == 9
    for tables, out in zip(plan["rounds"], plan["sitting_out"], strict=True):
        assert [len(table) for table in tables] == [4, 4]
        assert len(out) == 1
        assert sorted([*tables[0], *tables[1], *out]) == list(range(9))
    assert sorted(x for out in plan["sitting_out"] for x in out) == list(range(9))


def test_a_two_player_game_plans_a_round_robin():
    result = evening("plan", "--game", "klaberjass", "--players", "6", "--rounds", "5", "--json")
    plan = json.loads(result.stdout)
    pairs = [tuple(sorted(table)) for tables in plan["rounds"] for table in tables]
    assert len(pairs) == len(set(pairs)) == 15


def test_the_plan_as_a_table_for_people():
    result = evening("plan", "--game", "bismarck", "--players", "10", "--rounds", "2")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Bismarck: 10 players, 2 rounds, 3 tables of 3 each round."
    assert lines[1] == "Players are numbered 1 to 10."
    assert "Round  Table     Players" in lines
    assert "       sits out  1" in lines
    assert lines[-2:] == [
        "Two players share a table at most once.",
        "Everyone sits out 0 or 1 round.",
    ]


def test_names_instead_of_a_number():
    names = "Anna,Ben,Carla,Dan,Eve,Finn,Gus,Hal"
    result = evening("plan", "--game", "sviten", "--players", names, "--rounds", "7")
    assert result.exit_code == 0, result.output
    assert "N and S are partners" in result.stdout
    assert "Round  Table  N" in result.stdout
    for name in names.split(","):
        assert name in result.stdout
    assert "Every two players share a table 3 times." in result.stdout
    assert "Every two players are partners once." in result.stdout
    as_json = evening("plan", "--game", "sviten", "--players", names, "--rounds", "7", "--json")
    assert json.loads(as_json.stdout)["tables"] == 2  # indexes in JSON, names only for people


def test_a_seed_gives_another_plan():
    args = ("plan", "--game", "bismarck", "--players", "9", "--rounds", "4", "--json")
    assert evening(*args).stdout != evening(*args, "--seed", "5").stdout
    assert evening(*args, "--seed", "5").stdout == evening(*args, "--seed", "5").stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--game", "bismarck", "--players", "0", "--rounds", "4"],
            "Bismarck: An evening needs at least 3 players.",
        ),
        (
            ["--game", "bismarck", "--players", "2", "--rounds", "4"],
            "Bismarck: A table needs 3 players: there are only 2.",
        ),
        (
            ["--game", "sviten", "--players", "Anna,Ben,Carla", "--rounds", "4"],
            "Sviten Special: A table needs 4 players: there are only 3.",
        ),
        (
            ["--game", "poker", "--players", "9", "--rounds", "4"],
            "Unknown game 'poker': choose one of bismarck, klaberjass, sviten, free.",
        ),
        (
            ["--game", "bismarck", "--players", "9", "--rounds", "0"],
            "Bismarck: An evening needs at least one round.",
        ),
        (
            ["--game", "bismarck", "--players", "9", "--rounds", "four"],
            "--rounds must be a whole number, not 'four'.",
        ),
        (["--players", "9", "--rounds", "4"], "Say which game with --game: bismarck, "),
        (["--game", "bismarck", "--rounds", "4"], "Say how many players with --players"),
        (["--game", "bismarck", "--players", "9"], "Say how many rounds with --rounds."),
        (
            ["--game", "bismarck", "--players", "Anna,Ben,anna", "--rounds", "2"],
            "Two players are called anna.",
        ),
        (
            ["--game", "bismarck", "--players", "Anna,,Ben,Carla", "--rounds", "2"],
            "Every player needs a name",
        ),
    ],
)
def test_bad_input_is_one_line_and_status_2(args, message):
    result = evening("plan", *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.output


@pytest.fixture
def quintet():
    """A game of five at a table, known only to this test: the plan asks the registry."""
    game = dataclasses.replace(tally.GAME, kind="quintet", title="Quintet", seats=5)
    registry.register(game)
    yield game
    registry.unregister(game.kind)


def test_the_table_size_comes_from_the_games_registry(quintet):
    result = evening("plan", "--game", "quintet", "--players", "11", "--rounds", "3", "--json")
    assert result.exit_code == 0, result.output
    plan = json.loads(result.stdout)
    assert plan["tables"] == 2
    assert all(len(table) == 5 for tables in plan["rounds"] for table in tables)
    assert all(len(out) == 1 for out in plan["sitting_out"])


def test_evening_is_a_group_of_commands():
    result = evening("--help")
    assert result.exit_code == 0
    assert "plan" in result.stdout
