"""Tally joins every layer the way a plug-in game would: registered before the app is made,
forgotten afterwards so that no other test sees it."""

from __future__ import annotations

import pytest

from scorekeeper import create_app, records
from scorekeeper.games import registry
from scorekeeper.web.pages import register_pages, unregister_pages
from tests.fourth_game import records as tally_records
from tests.fourth_game import rules, web


@pytest.fixture
def tally_registered():
    """Tally in every layer: its rules, its record codec and its pages."""
    registry.register(rules.GAME)
    records.register_codec(tally_records.CODEC)
    register_pages(web.PAGES)
    yield
    unregister_pages(rules.KIND)
    records.unregister_codec(rules.KIND)
    registry.unregister(rules.KIND)


@pytest.fixture
def tally_app(tally_registered, tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite3'}",
        }
    )
    app.instance_path = str(tmp_path)
    return app
