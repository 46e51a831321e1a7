"""A free game's setup: who plays, alone or in teams, who deals first, the name the table gives
the game and the options chosen at the start.

* **players**: 2 to 8, in seat order (the deal goes round them in that order);
* **teams** (optional): 2 to 4 teams of fixed members, each a list of seats; every player is
  in one team. Points are then entered for each team, not each player;
* **name**: what the table calls the game (``Chicago``), following the one rule of every name
  (:mod:`scorekeeper.games.names`); empty for a game with no name of its own;
* **options**: ``wins`` (the ``highest`` or the ``lowest`` total wins), how the game ends (at a
  ``target`` total, after a number of ``rounds``, or neither: when the table says so) and
  ``zero_sum`` (every deal's points add up to zero).

Pure Python: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scorekeeper.games.events import RuleError
from scorekeeper.games.names import shown, unprintable
from scorekeeper.games.players import checked_names, control_character
from scorekeeper.games.text import T_

KIND = "free"
TITLE = "Free game"
FEWEST, MOST = 2, 8
FEWEST_TEAMS, MOST_TEAMS = 2, 4
#: The most points one side may score (or lose) in one deal.
MOST_POINTS = 99_999
#: The fewest points, as a message says it (with a minus sign).
LEAST_POINTS_SAID = "\u2212" + str(MOST_POINTS)
#: The highest target, and the most deals a game of a number of deals may have.
MOST_TARGET = 99_999
MOST_DEALS = 200
#: The longest name a game may have.
MAX_GAME_NAME = 30
#: The option names a record's ``options`` may hold.
OPTION_NAMES = ("wins", "target", "rounds", "zero_sum")


class Wins(StrEnum):
    """Which total wins."""

    HIGHEST = "highest"
    LOWEST = "lowest"


class End(StrEnum):
    """How the game ends: at a target total, after a number of deals, or when the table says
    so (an ``end`` entry in the log)."""

    TARGET = "target"
    DEALS = "rounds"  # the word of the record's options
    TABLE = "table"


def checked_game_name(name: Any) -> str:
    """The game's own name as shown (trimmed, invisible characters dropped, composed), or "";
    RuleError (field ``name``) for a control character or more than :data:`MAX_GAME_NAME`."""
    if name is None:
        return ""
    if not isinstance(name, str):
        raise RuleError(T_("The game's name must be text."), field="name")
    bad = unprintable(name)
    if bad is not None:
        raise RuleError(control_character(bad), field="name")
    said: str = " ".join(shown(name).split())
    if len(said) > MAX_GAME_NAME:
        raise RuleError(
            T_("A game's name can be at most %(n)s characters.", n=MAX_GAME_NAME), field="name"
        )
    return said


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def checked_teams(teams: Any, count: int) -> tuple[tuple[int, ...], ...]:
    """The teams as seats, each team's seats in order and the teams by their first seat (or
    ``()``: everyone plays alone); RuleError (field ``teams``) unless every one of ``count``
    players is in exactly one of 2 to 4 teams."""
    if not teams:
        return ()
    if isinstance(teams, str) or not isinstance(teams, Sequence):
        raise RuleError(T_("teams must be a list of teams, each a list of seats."), field="teams")
    if not FEWEST_TEAMS <= len(teams) <= MOST_TEAMS:
        raise RuleError(
            T_("Play in %(fewest)s to %(most)s teams.", fewest=FEWEST_TEAMS, most=MOST_TEAMS),
            field="teams",
        )
    found: list[tuple[int, ...]] = []
    for team in teams:
        if isinstance(team, str) or not isinstance(team, Sequence) or not team:
            raise RuleError(T_("Every team needs at least one player."), field="teams")
        if not all(_whole(seat) and 0 <= seat < count for seat in team):
            raise RuleError(
                T_("A team's seats are numbers from 0 to %(last)s.", last=count - 1),
                field="teams",
            )
        found.append(tuple(sorted(team)))
    seats = sorted(seat for team in found for seat in team)
    if seats != list(range(count)):
        raise RuleError(T_("Every player plays in exactly one team."), field="teams")
    return tuple(sorted(found))


@dataclass(frozen=True)
class Options:
    """The options chosen at the start (see the module's docstring)."""

    wins: Wins = Wins.HIGHEST
    target: int | None = None
    #: How many deals the game has (the record's ``rounds``).
    deals: int | None = None
    zero_sum: bool = False

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "wins", Wins(self.wins))
        except ValueError:
            raise RuleError(T_("wins must be highest or lowest."), field="wins") from None
        if self.target is not None and self.deals is not None:
            raise RuleError(
                T_("A game ends at a target or after a number of deals, not both."), field="end"
            )
        if self.target is not None and not (_whole(self.target) and self.target >= 1):
            raise RuleError(T_("The target is a whole number above 0."), field="target")
        if self.target is not None and self.target > MOST_TARGET:
            raise RuleError(
                T_("The target can be at most %(most)s.", most=MOST_TARGET), field="target"
            )
        deals = self.deals
        if deals is not None and not (_whole(deals) and 1 <= deals <= MOST_DEALS):
            raise RuleError(T_("A game has 1 to %(most)s deals.", most=MOST_DEALS), field="rounds")
        if not isinstance(self.zero_sum, bool):
            raise RuleError(T_("zero_sum must be true or false."), field="zero_sum")

    @property
    def end(self) -> End:
        if self.target is not None:
            return End.TARGET
        return End.DEALS if self.deals is not None else End.TABLE

    @property
    def lowest_wins(self) -> bool:
        return self.wins is Wins.LOWEST

    def to_dict(self) -> dict[str, Any]:
        ends = {"target": self.target} if self.target is not None else {}
        if self.deals is not None:
            ends = {"rounds": self.deals}
        return {"wins": self.wins.value, **ends, "zero_sum": self.zero_sum}

    @classmethod
    def from_dict(cls, raw: Any) -> Options:
        if raw is None:
            return cls()
        if not isinstance(raw, Mapping):
            raise RuleError(T_("options must map option names to values."), field="options")
        unknown = sorted(str(name) for name in raw if name not in OPTION_NAMES)
        if unknown:
            raise RuleError(
                T_("Unknown option: %(names)s.", names=", ".join(unknown)), field="options"
            )
        return cls(
            wins=raw.get("wins", Wins.HIGHEST.value),
            target=raw.get("target"),
            deals=raw.get("rounds"),
            zero_sum=raw.get("zero_sum", False),
        )


@dataclass(frozen=True)
class Setup:
    """The players in seat order, who deals first (a seat), the game's name, its teams (each
    a tuple of seats; ``()``: everyone alone) and its options."""

    players: tuple[str, ...]
    first_dealer: int = 0
    name: str = ""
    teams: tuple[tuple[int, ...], ...] = ()
    options: Options = Options()

    def __post_init__(self) -> None:
        players: Any = self.players
        if (
            isinstance(players, str)
            or not isinstance(players, Sequence)
            or not (FEWEST <= len(players) <= MOST)
        ):
            raise RuleError(
                T_("A free game is for %(fewest)s to %(most)s players.", fewest=FEWEST, most=MOST),
                field="players",
            )
        object.__setattr__(self, "players", checked_names(players, len(players), TITLE))
        if not _whole(self.first_dealer) or not 0 <= self.first_dealer < len(self.players):
            raise RuleError(
                T_("The first dealer must be one of the players."), field="first_dealer"
            )
        object.__setattr__(self, "name", checked_game_name(self.name))
        object.__setattr__(self, "teams", checked_teams(self.teams, len(self.players)))
        if not isinstance(self.options, Options):
            raise RuleError(T_("options must map option names to values."), field="options")

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Who scores together: each team, or each player alone."""
        return self.teams or tuple((seat,) for seat in range(len(self.players)))

    @property
    def side_names(self) -> tuple[str, ...]:
        """Each side as the pages and sheets name it: a player, or a team's members
        (``Anna & Carla``)."""
        return tuple(" & ".join(self.players[seat] for seat in side) for side in self.sides)

    def to_dict(self) -> dict[str, Any]:
        """The record form: ``name`` and ``teams`` only when the game has them."""
        data: dict[str, Any] = {"name": self.name} if self.name else {}
        data["players"] = list(self.players)
        if self.teams:
            data["teams"] = [list(team) for team in self.teams]
        data["first_dealer"] = self.first_dealer
        data["options"] = self.options.to_dict()
        return data

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Setup:
        if not isinstance(raw, Mapping):
            raise RuleError(T_("A free game's setup must be a record of fields."), field="players")
        players = raw.get("players")
        if not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players):
            raise RuleError(T_("players must be a list of names."), field="players")
        first_dealer = raw.get("first_dealer", 0)
        if not _whole(first_dealer):
            raise RuleError(T_("first_dealer must be a seat number, from 0."), field="first_dealer")
        return cls(
            players=tuple(players),
            first_dealer=first_dealer,
            name=raw.get("name", ""),
            teams=raw.get("teams") or (),
            options=Options.from_dict(raw.get("options")),
        )
