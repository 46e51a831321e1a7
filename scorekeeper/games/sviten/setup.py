"""A Sviten Special game's setup: the four players in seat order, who deals first, and the
options (house rules that change the scoring)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorekeeper.games.events import RuleError
from scorekeeper.games.hand_log import HandsSetup, option_values
from scorekeeper.games.sviten.table import FAILED_BID_RULES, MAX_HAND_CAP, PAIR_NAMES, PLAYERS
from scorekeeper.games.text import N_, T_, Text

_OPTION_DEFAULTS: dict[str, Any] = {
    "slam_bonus": True,
    "failed_bid": "minus_bid",
    "hand_cap": None,
    "no_trump_only": False,
    "open_last_three": False,
    "double_trump_runs": False,
    "jokers": False,
}


@dataclass(frozen=True)
class Options:
    """Game settings (see :mod:`.rules`). ``open_last_three`` changes no scoring."""

    slam_bonus: bool = True
    failed_bid: str = "minus_bid"
    hand_cap: int | None = None
    no_trump_only: bool = False
    open_last_three: bool = False
    double_trump_runs: bool = False
    jokers: bool = False

    def __post_init__(self) -> None:
        for name in (
            "slam_bonus",
            "no_trump_only",
            "open_last_three",
            "double_trump_runs",
            "jokers",
        ):
            if not isinstance(getattr(self, name), bool):
                raise RuleError(
                    T_("The option %(name)s must be true or false.", name=name), field="options"
                )
        if self.failed_bid not in FAILED_BID_RULES:
            raise RuleError(
                T_("The option failed_bid must be minus_bid or keep_points."), field="options"
            )
        cap = self.hand_cap
        if cap is not None and (
            isinstance(cap, bool) or not isinstance(cap, int) or not 1 <= cap <= MAX_HAND_CAP
        ):
            raise RuleError(
                T_(
                    "The hand cap must be a whole number of hands from 1 to %(most)s, or none.",
                    most=MAX_HAND_CAP,
                ),
                field="options",
            )

    @property
    def trump_run_factor(self) -> int:
        """What a run in trumps counts: double, or triple with double-trump runs."""
        return 3 if self.double_trump_runs else 2

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _OPTION_DEFAULTS}

    @classmethod
    def from_dict(cls, raw: Any) -> Options:
        unknown = N_("Unknown Sviten option: %(names)s.")
        return cls(**option_values(raw, _OPTION_DEFAULTS, unknown))


@dataclass(frozen=True)
class Setup(HandsSetup):
    """The four players in seat order N, E, S, W, who deals first (a seat; the deal goes
    clockwise), and the options."""

    options: Options = field(default_factory=Options)

    def __post_init__(self) -> None:
        dealer = T_("The first dealer must be one of the four seats (0 to 3: N, E, S, W).")
        wrong = T_("options must be Sviten Special options.")
        self.check("Sviten Special", PLAYERS, dealer, Options, wrong)

    def pair_label(self, pair: int) -> Text:
        """``N–S (Anna & Carla)``."""
        return T_(
            "%(pair)s (%(first)s & %(second)s)",
            pair=PAIR_NAMES[pair],
            first=self.players[pair],
            second=self.players[pair + 2],
        )

    @classmethod
    def from_dict(cls, raw: Any) -> Setup:
        not_a_record = T_("A Sviten Special setup must be a record of fields.")
        return cls.read(raw, Options, not_a_record, T_("players must be a list of four names."))
