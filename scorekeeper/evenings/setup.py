"""An evening's setup and plan: what the organiser chose, checked in sentences they understand.

    setup = EveningSetup("Club night", "bismarck", names, rounds=4, scoring="totals")
    seating = setup.plan(seed=7)                  # scorekeeper.evenings.seating.Plan
    table_setup = setup.table_setup(("Anna", "Ben", "Carla"), first_dealer=1)

The settings are the record form of the game's setup without its players and first dealer
(``{"variant": "classic"}``, ``{"options": {"target": 700}}``): every table plays with them,
and the game's own engine checks them. Pure Python: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.evenings.seating import Plan, Round, check_request, plan
from scorekeeper.evenings.standings import PLACINGS, TOTALS
from scorekeeper.games.events import RuleError
from scorekeeper.games.game import Game
from scorekeeper.games.names import shown, unprintable
from scorekeeper.games.players import checked_names
from scorekeeper.games.registry import UnknownGame, game_for
from scorekeeper.games.text import T_, Text

#: How an evening is scored (:mod:`scorekeeper.evenings.standings` explains each).
SCORINGS = (TOTALS, PLACINGS)

MAX_NAME = 60
#: The most players and rounds an evening has (the planner takes more; no club does).
MAX_PLAYERS = 100
MAX_ROUNDS = 20


def default_scoring(game: Game[Any, Any]) -> str:
    """Totals for a game whose totals weigh the same at every table (Bismarck: always 12 deals,
    each summing to zero), placings for the rest (a race to a target: how long a game lasts,
    and so its totals, depends on the table)."""
    return TOTALS if game.even_totals else PLACINGS


@dataclass(frozen=True)
class EveningSetup:
    """What the organiser chose (see the module's docstring); RuleError with a ``field`` when
    something is wrong."""

    name: str
    kind: str
    players: tuple[str, ...]
    rounds: int
    scoring: str
    #: Every table's settings: the record form of the game's setup without players and dealer.
    settings: Mapping[str, Any] = field(default_factory=dict)
    #: The standings are hidden for the last this many rounds, until the organiser reveals
    #: them (:mod:`scorekeeper.evenings.suspense`; 0: never). A club's evening's setting.
    hide_last: int = 0
    #: Each table's scoring entries wait for a phone at another seat to confirm them
    #: (:mod:`scorekeeper.games.confirming`).
    confirms: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", _checked_name(self.name))
        try:
            game = game_for(self.kind) if isinstance(self.kind, str) else None
        except UnknownGame:
            game = None
        if game is None:
            raise RuleError(T_("Choose a game for the evening."), field="kind")
        players: object = self.players  # as given: checked here
        if isinstance(players, str) or not isinstance(players, Sequence):
            raise RuleError(T_("List the players, one name a line."), field="players")
        if len(players) < game.seats:
            raise RuleError(
                T_(
                    "A table of %(game)s needs %(n)s players: there are only %(count)s.",
                    game=game.title,
                    n=game.seats,
                    count=len(players),
                ),
                field="players",
            )
        if len(players) > MAX_PLAYERS:
            raise RuleError(
                T_("An evening is for at most %(n)s players.", n=MAX_PLAYERS), field="players"
            )
        object.__setattr__(self, "players", checked_names(players, len(players), game.title))
        rounds = self.rounds
        if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
            raise RuleError(T_("An evening needs at least one round."), field="rounds")
        if rounds > MAX_ROUNDS:
            raise RuleError(
                T_("An evening has at most %(n)s rounds.", n=MAX_ROUNDS), field="rounds"
            )
        hide = self.hide_last
        if isinstance(hide, bool) or not isinstance(hide, int) or not 0 <= hide <= rounds:
            raise RuleError(
                T_("Hide the standings for 0 to %(n)s rounds.", n=rounds), field="hide_last"
            )
        if self.scoring not in SCORINGS:
            raise RuleError(T_("Choose how the evening is scored."), field="scoring")
        if not isinstance(self.settings, Mapping):
            raise RuleError(T_("The game's settings must be a record of fields."), field="settings")
        settings = {k: v for k, v in self.settings.items() if k not in ("players", "first_dealer")}
        # The game's own engine checks the settings (and says what is wrong in its words).
        example = game.parse_setup(
            {**settings, "players": [str(seat + 1) for seat in range(game.seats)]}
        )
        canonical = settings_of(example)
        object.__setattr__(self, "settings", canonical)
        check_request(len(self.players), rounds, game.seats, pairs=game.pairs)

    @property
    def game(self) -> Game[Any, Any]:
        return game_for(self.kind)

    def table_setup(self, names: Sequence[str], first_dealer: int) -> Any:
        """The setup of a table's game: its players in seat order, who deals first, and the
        evening's settings (the game's engine checks it)."""
        return self.game.parse_setup(
            {**self.settings, "players": list(names), "first_dealer": first_dealer}
        )

    def plan(self, seed: int = 0) -> Plan:
        """The seating plan (``seed`` numbers the players differently; every seed is as fair)."""
        game = self.game
        return plan(len(self.players), self.rounds, game.seats, pairs=game.pairs, seed=seed)

    def to_dict(self) -> dict[str, Any]:
        """The setup as stored; ``hide_last`` and ``confirms`` only when set (older setups
        have neither)."""
        hide = {"hide_last": self.hide_last} if self.hide_last else {}
        if self.confirms:
            hide["confirms"] = True
        return {
            "name": self.name,
            "game": self.kind,
            "settings": dict(self.settings),
            "players": list(self.players),
            "rounds": self.rounds,
            "scoring": self.scoring,
            **hide,
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> EveningSetup:
        if not isinstance(raw, Mapping):
            raise RuleError(T_("An evening's setup must be a record of fields."), field="name")
        players = raw.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RuleError(T_("players must be a list of names."), field="players")
        # The fields as the record has them (None when missing): __post_init__ checks them.
        given: dict[str, Any] = {key: raw.get(key) for key in ("name", "game", "rounds", "scoring")}
        return cls(
            name=given["name"],
            kind=given["game"],
            players=tuple(players),
            rounds=given["rounds"],
            scoring=given["scoring"],
            settings=raw.get("settings", {}),
            hide_last=raw.get("hide_last", 0),
            confirms=raw.get("confirms", False) is True,
        )


def _checked_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise RuleError(T_("Give the evening a name."), field="name")
    bad = unprintable(name)
    if bad is not None:
        code = f"{ord(bad):04X}"
        raise RuleError(
            T_("A name cannot hold a control character (U+%(code)s).", code=code), field="name"
        )
    name = " ".join(shown(name).split())
    if not name:
        raise RuleError(T_("Give the evening a name."), field="name")
    if len(name) > MAX_NAME:
        raise RuleError(
            T_("An evening's name can be at most %(n)s characters.", n=MAX_NAME), field="name"
        )
    return name


def settings_of(setup: Any) -> dict[str, Any]:
    """A game setup's settings: its record form without the players and the first dealer."""
    return {k: v for k, v in setup.to_dict().items() if k not in ("players", "first_dealer")}


# --- the plan, read back ----------------------------------------------------------------------


def read_plan(raw: Any, setup: EveningSetup) -> Plan:
    """A stored plan (``Plan.to_dict()``: ``tables``, ``rounds``, ``sitting_out``), checked
    against the evening: as many rounds, every round seating each player once, at full tables
    of the game's size, or sitting out. RuleError (field ``plan``) saying what is wrong."""
    game = setup.game
    count = len(setup.players)
    if not isinstance(raw, Mapping):
        raise _bad_plan(T_("the plan must be a record of fields"))
    rounds, out = raw.get("rounds"), raw.get("sitting_out")
    if not isinstance(rounds, list) or not isinstance(out, list) or len(rounds) != len(out):
        raise _bad_plan(T_("the plan needs a list of rounds and one of who sits out"))
    if len(rounds) != setup.rounds:
        raise _bad_plan(
            T_(
                "the plan has %(found)s rounds, the evening %(n)s",
                found=len(rounds),
                n=setup.rounds,
            )
        )
    tables = count // game.seats
    if raw.get("tables") != tables:
        raise _bad_plan(T_("the plan must have %(n)s tables a round", n=tables))
    read: list[Round] = []
    for number, (seated, sitting) in enumerate(zip(rounds, out, strict=True), start=1):
        if not isinstance(seated, list) or len(seated) != tables:
            raise _bad_plan(T_("round %(r)s must have %(n)s tables", r=number, n=tables))
        if not all(
            isinstance(t, list) and len(t) == game.seats and all(_index(p, count) for p in t)
            for t in seated
        ):
            raise _bad_plan(
                T_(
                    "round %(r)s: each table seats %(n)s players (numbers from 0)",
                    r=number,
                    n=game.seats,
                )
            )
        if not isinstance(sitting, list) or not all(_index(p, count) for p in sitting):
            raise _bad_plan(T_("round %(r)s: who sits out must be players' numbers", r=number))
        everyone = [p for t in seated for p in t] + list(sitting)
        if sorted(everyone) != list(range(count)):
            raise _bad_plan(T_("round %(r)s must seat every player once or sit them out", r=number))
        read.append(Round(tuple(tuple(t) for t in seated), tuple(sitting)))
    return Plan(count, game.seats, game.pairs, tuple(read), method="stored")


def _index(value: Any, count: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count


def _bad_plan(message: Text) -> RuleError:
    return RuleError(message, field="plan")


__all__ = [
    "MAX_NAME",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "SCORINGS",
    "EveningSetup",
    "default_scoring",
    "read_plan",
    "settings_of",
]
