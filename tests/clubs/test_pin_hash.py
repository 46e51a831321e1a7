"""The organiser PIN is hashed at RFC 9106's low-memory cost (Argon2id, 64 MiB, three passes,
four lanes): what protects a PIN of a few digits in a stolen database is the cost of each guess.
Every other test hashes PINs at the least cost (``tests/conftest.py``); these at the app's."""

from __future__ import annotations

from datetime import datetime

import pytest
from argon2 import Type, extract_parameters, profiles

from scorekeeper.clubs import club
from scorekeeper.clubs.store_club import LoadedClub

pytestmark = pytest.mark.app_pin_cost


def test_a_pin_is_hashed_with_argon2id_at_rfc_9106s_low_memory_cost():
    made = club.hash_pin("246813")
    parameters = extract_parameters(made)
    assert parameters == profiles.RFC_9106_LOW_MEMORY
    assert parameters.type is Type.ID and parameters.memory_cost == 64 * 1024


def test_the_pin_hashed_opens_and_no_other_does():
    made = club.hash_pin("246813")
    assert made != club.hash_pin("246813")  # salted: one PIN, two hashes
    loaded = LoadedClub(1, "token", "Klubben", ("bismarck",), made, datetime(2026, 12, 5))
    assert club.check_pin(loaded, "246813")
    assert not club.check_pin(loaded, "246814")
