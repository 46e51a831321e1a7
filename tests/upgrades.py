"""What the tests of a data migration share: the app's database brought up to the newest
revision, as a server restarted after an upgrade finds it, and a setup, list or name walked to
spell its placeholder names as the data stood before the migration's rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask

from scorekeeper.data.db import alembic as migrations
from scorekeeper.table import store


def forget_games() -> None:
    """What this process keeps of games, forgotten: as a server restarted."""
    store.REPLAYS.clear()
    store.POSITIONS.clear()


def migrated(app: Flask) -> None:
    """The app's database at the newest revision, and nothing kept of it from before."""
    with app.app_context():
        migrations.upgrade()
        assert not migrations.needs_upgrade()
    forget_games()


def spelt(value: Any, name: Callable[[str], str]) -> Any:
    """``value`` (a name, a list, a setup) with each string in it given by ``name``."""
    if isinstance(value, str):
        return name(value)
    if isinstance(value, list):
        return [spelt(v, name) for v in value]
    if isinstance(value, dict):
        return {k: spelt(v, name) for k, v in value.items()}
    return value
