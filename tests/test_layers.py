"""Imports point down only: each part of the package imports only the parts below it
(``docs/architecture.md``, "Layers"). Read from the source, so a new import that points up, or
sideways between the web and the command line, fails here with the line that made it."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"

#: The layers from the bottom up. A module belongs to the first layer whose name is its
#: top-level part of the package (``scorekeeper.games.sviten.melds`` is ``games``).
BELOW: dict[str, set[str]] = {
    "games": set(),
    "records": {"games"},
    "permissions": set(),
    "schema": set(),
    "models": set(),
    "cache": set(),
    "locales": {"games"},
    "catalogue": {"locales"},
    "qr": set(),
    "hosts": {"qr"},
    "db": {"models", "permissions", "schema"},
    "store": {"games", "models", "cache"},
    "services": {"store", "records", "games", "db", "models", "cache"},
    "backup": {"models", "records", "games", "db", "schema"},
    "evenings": {"services", "store", "records", "games", "db", "models", "cache"},
    "clubs": {"evenings", "seasons", "records", "games", "db", "models", "cache"},
    "printing": {"games", "records", "qr"},
    "seasons": {"games"},
    "i18n": {"games", "locales"},
    "proxy": set(),
}
#: The top: the web and the command line may import everything below, never each other.
TOP = {"web", "cli"}
EVERYTHING = set(BELOW) | {"scorekeeper"}


def _part(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "scorekeeper"


def _imports(path: Path) -> list[tuple[int, str]]:
    """The ``scorekeeper`` modules ``path`` imports, with their lines."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "scorekeeper":
                found += [(node.lineno, f"scorekeeper.{alias.name}") for alias in node.names]
            elif node.module.startswith("scorekeeper."):
                found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("scorekeeper")]
    return found


def _upward_imports() -> list[str]:
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE.parent)
        if "migrations" in relative.parts:
            continue
        here = _part(".".join(relative.with_suffix("").parts))
        if here == "__init__":  # scorekeeper/__init__.py: create_app wires everything
            continue
        allowed = EVERYTHING - {"cli", "web"} if here in TOP else BELOW.get(here)
        assert allowed is not None, f"{relative}: which layer is {here!r}? Add it to BELOW."
        for line, module in _imports(path):
            there = _part(module)
            if there != here and there not in allowed and there != "create_app":
                wrong.append(f"{relative}:{line} imports {module} ({here} -> {there})")
    return wrong


def test_every_import_points_down():
    assert _upward_imports() == []


def test_an_upward_import_is_caught(tmp_path, monkeypatch):
    """The check can fail: an engine module that imports the store is reported."""
    fake = tmp_path / "scorekeeper"
    (fake / "games").mkdir(parents=True)
    (fake / "games" / "leaky.py").write_text("from scorekeeper.table.store import load\n")
    (fake / "web").mkdir()
    (fake / "web" / "views.py").write_text("from scorekeeper.cli import main\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", fake)
    assert _upward_imports() == [
        "scorekeeper/games/leaky.py:1 imports scorekeeper.table.store (games -> store)",
        "scorekeeper/web/views.py:1 imports scorekeeper.cli (web -> cli)",
    ]


def test_the_store_is_reached_through_the_services():
    """Views and commands call a service; only the services (the games' and the evenings') and
    the poll, which answers before Flask sees the request, open the store themselves."""
    users = sorted(
        str(path.relative_to(PACKAGE.parent))
        for path in PACKAGE.rglob("*.py")
        if "migrations" not in path.parts
        and any(module == "scorekeeper.table.store" for _line, module in _imports(path))
    )
    assert users == [
        "scorekeeper/evenings/loaded.py",
        "scorekeeper/evenings/services.py",
        "scorekeeper/evenings/store.py",
        "scorekeeper/table/services.py",
        "scorekeeper/web/poll.py",
    ]
