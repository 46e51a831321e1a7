"""axe-core (npm, injected into the page) on every kind of page, light and dark: no serious or
critical violations. Full reports of any failure go to artifacts/axe/."""

from __future__ import annotations

import pytest

from tests.e2e.screens import axe_report
from tests.e2e.table import tour


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_violations(scheme, new_phone, server, axe):
    phone = new_phone(color_scheme=scheme)
    found = {}
    visited = []
    for name in tour(phone, server):
        visited.append(name)
        bad = axe(phone, f"{name}-{scheme}")
        if bad:
            found[name] = bad
    assert {"home", "new", "announce", "record", "over"} <= set(visited)
    assert not found, axe_report(found)
