"""The registry loads a built-in game the first time it is asked for, lets a registered one take
its place, and lists built-in ones first, in their order."""

from __future__ import annotations

import pytest

from scorekeeper.games.registry import Registry


def _registry() -> tuple[Registry[str], list[str]]:
    loaded: list[str] = []

    def load(kind: str) -> str:
        loaded.append(kind)
        return f"built-in {kind}"

    return Registry(("a", "b"), load), loaded


def test_a_built_in_one_is_loaded_once_when_first_asked_for():
    registry, loaded = _registry()
    assert "a" in registry and "b" in registry and "c" not in registry
    assert loaded == []
    assert registry.get("b") == "built-in b"
    assert registry.get("b") == "built-in b"
    assert loaded == ["b"]
    assert registry.get("c") is None


def test_one_registered_in_a_built_in_ones_place_is_kept():
    registry, loaded = _registry()
    registry.register("a", "mine")
    assert registry.get("a") == "mine"
    assert registry.all() == {"a": "mine", "b": "built-in b"}
    assert loaded == ["b"]


def test_all_lists_the_built_in_ones_first_in_their_order():
    registry, _loaded = _registry()
    registry.register("z", "plug-in z")
    registry.get("b")
    assert list(registry.all()) == ["a", "b", "z"]


def test_an_unregistered_built_in_one_stays_away():
    registry, loaded = _registry()
    registry.unregister("a")
    assert "a" not in registry and registry.get("a") is None
    assert list(registry.all()) == ["b"]
    assert loaded == ["b"]


def test_a_load_that_fails_leaves_it_to_be_tried_again():
    calls = []

    def load(kind: str) -> str:
        calls.append(kind)
        if len(calls) == 1:
            raise ImportError(kind)
        return kind

    registry: Registry[str] = Registry(("a",), load)
    with pytest.raises(ImportError):
        registry.get("a")
    assert registry.get("a") == "a"
