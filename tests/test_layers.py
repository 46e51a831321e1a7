"""Imports point down only: each part of the package imports only the parts below it
(``docs/architecture.md``, "Layers"). Read from the source, so a new import that points up, or
sideways between the web and the command line, fails here with the line that made it."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"

#: The packages that only group modules (``table/``, ``data/``, ``server/``, ``languages/``): each
#: of their modules (or packages) is a layer of its own, named with its group
#: (``scorekeeper.table.store.writing`` is ``table.store``); the group's ``__init__`` holds
#: nothing but its docstring.
GROUPS = {"table", "data", "server", "languages"}

#: The layers from the bottom up. A module belongs to the first layer whose name is its
#: top-level part of the package (``scorekeeper.games.sviten.melds`` is ``games``), or its part
#: of a group (``scorekeeper.data.db`` is ``data.db``).
BELOW: dict[str, set[str]] = {
    "games": set(),
    "records": {"games"},
    "data.permissions": set(),
    "data.schema": set(),
    "data.models": set(),
    "data.cache": set(),
    "languages.locales": {"games"},
    "languages.catalogue": {"languages.locales"},
    "server.qr": set(),
    "server.hosts": {"server.qr"},
    "data.db": {"data.models", "data.permissions", "data.schema"},
    "table.store": {"games", "data.models", "data.cache"},
    "table.services": {"table.store", "records", "games", "data.db", "data.models", "data.cache"},
    "backup": {"data.models", "records", "games", "data.db", "data.schema"},
    "evenings": {
        "table.services",
        "table.store",
        "records",
        "games",
        "data.db",
        "data.models",
        "data.cache",
    },
    "clubs": {"evenings", "seasons", "records", "games", "data.db", "data.models", "data.cache"},
    "printing": {"games", "records", "server.qr"},
    "seasons": {"games"},
    "languages.i18n": {"games", "languages.locales"},
    "server.proxy": set(),
    # What serves the app (it was the command line's): the phones' numbers and QR code, and
    # gunicorn or waitress behind them (one part: ``SERVING``).
    "server.serving": {"games", "server.qr"},
    **{group: set() for group in GROUPS},
}
#: ``serving`` picks the server, each server reads ``serving``'s numbers: one part of three modules.
SERVING = {"server.gunicorn_server": "server.serving", "server.waitress_server": "server.serving"}
#: The top: the web and the command line may import everything below, never each other.
TOP = {"web", "cli"}
EVERYTHING = set(BELOW) | {"scorekeeper"}


def _part(module: str) -> str:
    parts = module.split(".")
    if len(parts) > 2 and parts[1] in GROUPS and parts[2] != "__init__":
        return SERVING.get(f"{parts[1]}.{parts[2]}", f"{parts[1]}.{parts[2]}")
    return parts[1] if len(parts) > 1 else "scorekeeper"


_GROUP_PACKAGES = {f"scorekeeper.{group}" for group in GROUPS}


def _imports(path: Path) -> list[tuple[int, str]]:
    """The ``scorekeeper`` modules ``path`` imports, with their lines."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "scorekeeper" or node.module in _GROUP_PACKAGES:
                found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
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
        "scorekeeper/games/leaky.py:1 imports scorekeeper.table.store (games -> table.store)",
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
