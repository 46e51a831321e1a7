"""The benchmarks seed their games with the browser tests' helpers (tests/e2e/*_table.py) into an
app of their own: a helper that changes its shape must still serve them. CI ran the whole suite
green and then stopped in benchmarks/server.py at a helper the tests had moved (a stop lost)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from scorekeeper.data.db import db
from scorekeeper.table import store

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def server_benchmark(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    import server  # benchmarks/server.py

    yield server
    sys.modules.pop("server", None)


def test_the_server_benchmark_seeds_every_game_it_measures(server_benchmark, tmp_path) -> None:
    database = tmp_path / "bench.sqlite3"
    games = server_benchmark.seed(database, taps=2, seated=1)
    tokens = [
        games.finished,
        games.klaberjass_30,
        games.klaberjass_200,
        *games.at_deal_12,
        *games.confirming_at_12,
        *games.confirming_done,
    ]
    assert len(tokens) == 9 and len(set(tokens)) == 9
    seeded = server_benchmark.Store(database)
    try:
        events = seeded.in_app(
            lambda: {token: len(store.load(db.session, token).events) for token in tokens}
        )
    finally:
        seeded.close()
    assert events[games.finished] == 24  # 12 deals: an announcement and the tricks each
    assert all(events[token] == 23 for token in games.at_deal_12)  # deal 12 announced
