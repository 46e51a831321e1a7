"""The shipped JSON Schemas (``scorekeeper/schemas``) as validators, and the tables of an
evening played so that its record can be checked against them."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from scorekeeper.data.db import db
from scorekeeper.evenings import services
from scorekeeper.games import free, klaberjass, sviten
from scorekeeper.games.events import Event
from scorekeeper.table import store as game_store
from tests.games.bismarck.examples import MODERN_GAME
from tests.web.free.client import CHICAGO
from tests.web.klaberjass.client import HANDS as KLABERJASS_HANDS
from tests.web.sviten.client import HANDS as SVITEN_HANDS

jsonschema = pytest.importorskip("jsonschema")

referencing = pytest.importorskip("referencing")


def shipped(name: str) -> dict[str, Any]:
    return json.loads(resources.files("scorekeeper").joinpath(f"schemas/{name}").read_text())


RECORD, EVENING = shipped("record-1.json"), shipped("evening-1.json")

RECORD_2, CLUB = shipped("record-2.json"), shipped("club-1.json")

REGISTRY = referencing.Registry().with_resources(
    [
        (schema["$id"], referencing.Resource.from_contents(schema))
        for schema in (RECORD, RECORD_2, EVENING, CLUB)
    ]
)


def validator(schema: dict[str, Any]) -> Any:
    checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
    return jsonschema.Draft202012Validator(schema, registry=REGISTRY, format_checker=checker)


def errors(schema: dict[str, Any], raw: Any) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator(schema).iter_errors(raw)]


def play_tables(app: Any, token: str, number: int, kind: str, count: int) -> None:
    """The first ``count`` deals or hands at every table of round ``number``."""
    with app.app_context():
        for table in services.load(token).tables(number):
            game = table.game
            for event in table_events(kind, count):
                game = game_store.append(db.session, game, event, game.seq)


def table_events(kind: str, count: int) -> list[Event]:
    if kind == "klaberjass":
        return [klaberjass.hand_event(n, h) for n, h in enumerate(KLABERJASS_HANDS[:count], 1)]
    if kind == "sviten":
        return [sviten.hand_event(n, h) for n, h in enumerate(SVITEN_HANDS[:count], 1)]
    if kind == "free":
        return [free.deal_event(n, p) for n, p in enumerate(CHICAGO[:count], 1)]
    events = []
    for deal, (contract, trump, tricks) in enumerate(MODERN_GAME[:count], start=1):
        events.append(Event("announce", {"deal": deal, "contract": contract, "trump": trump}))
        events.append(Event("record", {"deal": deal, "tricks": list(tricks)}))
    return events
