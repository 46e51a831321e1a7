"""Tally joins every layer the way a plug-in game would: registered before the app is made,
forgotten afterwards so that no other test sees it. A test asks for the layers it needs, each
fixture adding one to those below it: ``tally_game`` (its rules, in the games' registry),
``tally_codec`` (its record format), ``tally_registered`` (its pages), ``tally_printers``
(its sheet and rules card)."""

from __future__ import annotations

import pytest

from scorekeeper import printing, records
from scorekeeper.games import registry
from scorekeeper.web.pages import register_pages, unregister_pages
from tests.conftest import app_on_new_database
from tests.fourth_game import printing as tally_printing
from tests.fourth_game import records as tally_records
from tests.fourth_game import rules, web


@pytest.fixture
def tally_game():
    """Tally's rules, known to the games' registry for one test."""
    registry.register(rules.GAME)
    yield rules.GAME
    registry.unregister(rules.KIND)


@pytest.fixture
def tally_codec(tally_game):
    """Tally's rules and its record codec."""
    records.register_codec(tally_records.CODEC)
    yield tally_records.CODEC
    records.unregister_codec(rules.KIND)


@pytest.fixture
def tally_registered(tally_codec):
    """Tally in every layer the app is made of: its rules, its record codec and its pages."""
    register_pages(web.PAGES)
    yield
    unregister_pages(rules.KIND)


@pytest.fixture
def tally_printers(tally_registered):
    """Tally in every layer, its printers too."""
    printing.register_printers(tally_printing.PRINTERS)
    yield
    printing.unregister_printers(rules.KIND)


@pytest.fixture
def tally_app(tally_registered, tmp_path):
    """An app made with Tally registered in every layer, on a database of its own."""
    return app_on_new_database(tmp_path)
