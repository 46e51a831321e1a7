"""How the log says a Bismarck deal: its contract with the trump suit, its tricks, and what a
correction changed in it."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.games.bismarck.contracts import Contract, Variant
from scorekeeper.games.bismarck.state import Line
from scorekeeper.games.text import T_, Text, joined


def changes_text(old: Line, line: Line, variant: Variant) -> Text:
    """What a correction changed in a deal: ``Spader → Sang; tricks 6/6/4 → 8/4/4``."""
    changes: list[Text] = []
    if line.contract is not old.contract or line.trump is not old.trump:
        changes.append(joined((contract_text(old, variant), contract_text(line, variant)), " → "))
    if line.tricks != old.tricks:
        changes.append(
            T_(
                "tricks %(old)s → %(new)s",
                old=tricks_text(old.tricks),
                new=tricks_text(line.tricks),
            )
        )
    return joined(changes)


def contract_text(line: Line, variant: Variant) -> str:
    name = line.contract.name_in(variant)
    if line.trump is not None and line.contract is not Contract.SPADER:
        return f"{name} {line.trump.symbol}"
    return name


def tricks_text(tricks: Sequence[int] | None) -> str:
    return "–" if tricks is None else "/".join(str(t) for t in tricks)
