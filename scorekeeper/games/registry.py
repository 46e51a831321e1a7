"""The rules engines by game kind. Every engine module offers the same small surface:

``KIND``, ``Setup`` (``from_dict``/``to_dict``), ``replay(setup, events) -> State`` and
``apply(setup, events, event) -> State`` (raising :class:`~scorekeeper.games.events.RuleError`).
"""

from __future__ import annotations

from types import ModuleType

from scorekeeper.games import bismarck, klaberjass, sviten

ENGINES: dict[str, ModuleType] = {module.KIND: module for module in (bismarck, klaberjass, sviten)}


def engine_for(kind: str) -> ModuleType:
    try:
        return ENGINES[kind]
    except KeyError:
        raise ValueError(f"Unknown game {kind!r}.") from None
