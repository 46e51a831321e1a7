"""A Bismarck game's setup: its three players, who deals first, the variant and the house rules,
checked when made and read from (and written to) a record."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.games.bismarck.contracts import OPTIONS, PLAYERS, Variant
from scorekeeper.games.events import RuleError
from scorekeeper.games.players import checked_names
from scorekeeper.games.text import T_


@dataclass(frozen=True)
class Setup:
    players: tuple[str, str, str]
    first_dealer: int = 0
    variant: Variant = Variant.MODERN
    options: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", checked_names(self.players, PLAYERS, "Bismarck"))
        if isinstance(self.first_dealer, bool) or self.first_dealer not in range(PLAYERS):
            raise RuleError(
                T_("The first dealer must be one of the three players."), field="first_dealer"
            )
        unknown = set(self.options) - set(OPTIONS)
        if unknown:
            raise RuleError(
                T_("Unknown house rule: %(names)s.", names=", ".join(sorted(unknown))),
                field="options",
            )

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant.value,
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "options": {name: True for name in sorted(self.options)},
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Setup:
        players = raw.get("players")
        if not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players):
            raise RuleError(T_("players must be a list of three names."), field="players")
        try:
            variant = Variant(raw.get("variant", "modern"))
        except ValueError:
            raise RuleError(
                T_("variant must be modern, classic or british."), field="variant"
            ) from None
        options = raw.get("options") or {}
        if not isinstance(options, Mapping) or not all(
            isinstance(value, bool) for value in options.values()
        ):
            raise RuleError(
                T_("options must map house-rule names to true or false."), field="options"
            )
        first_dealer = raw.get("first_dealer", 0)
        if not isinstance(first_dealer, int):
            raise RuleError(
                T_("first_dealer must be a seat number: 0, 1 or 2."), field="first_dealer"
            )
        return cls(
            players=tuple(p.strip() for p in players),
            first_dealer=first_dealer,
            variant=variant,
            options=frozenset(name for name, on in options.items() if on),
        )
