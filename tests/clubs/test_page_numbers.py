"""Every page of a club keeps its numbers (issue 33): the season tables under every rule, the
stored seasons, the ratings with their history and every member's page, worked out for three
seeded clubs and compared cell for cell with what the code before kept nothing wrote
(:mod:`tests.clubs.page_numbers`)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.clubs import page_numbers


def differences(found: Any, expected: Any, where: str = "") -> list[str]:
    """Where ``found`` and ``expected`` differ, a line each (the first 20)."""
    if isinstance(expected, dict) and isinstance(found, dict):
        lines = (
            [f"{where}: keys {sorted(set(found) ^ set(expected))}"]
            if found.keys() != expected.keys()
            else []
        )
        for key in expected.keys() & found.keys():
            lines += differences(found[key], expected[key], f"{where}/{key}")
        return lines[:20]
    if isinstance(expected, list) and isinstance(found, list) and len(found) == len(expected):
        lines = []
        for index, (one, other) in enumerate(zip(found, expected, strict=True)):
            lines += differences(one, other, f"{where}[{index}]")
        return lines[:20]
    return [] if found == expected else [f"{where}: {found!r}, expected {expected!r}"]


@pytest.mark.parametrize("seed", page_numbers.SEEDS)
def test_every_page_keeps_its_numbers(app, seed):
    expected = json.loads(page_numbers.FIXTURE.read_text(encoding="utf-8"))[str(seed)]
    with app.app_context():
        found = json.loads(json.dumps(page_numbers.numbers(page_numbers.seed_club(seed))))
    assert differences(found, expected) == []
