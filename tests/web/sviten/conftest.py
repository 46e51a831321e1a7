"""What the Sviten page tests share."""

from __future__ import annotations

import pytest

from tests.web.sviten.client import SvitenTable


@pytest.fixture
def table(client) -> SvitenTable:
    """A Sviten game started through the pages (the client's default players and options)."""
    table = SvitenTable(client)
    table.start()
    return table
