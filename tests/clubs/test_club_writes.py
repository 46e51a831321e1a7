"""Club writes that cannot race (issue 34), in one process: each organiser action moves the
club's version first in its transaction, so a second writer to the club waits until the first
has committed and then checks what is there now. Two organisers merging A into B and B into A
at once never make a circle; of several phones doing the same thing, one is told it happened
and the others that it had (and the organisers' log says it once). The same with real server
processes: ``tests/test_club_races.py``."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
import sqlalchemy as sa

from scorekeeper.clubs import services, store_members
from scorekeeper.data import models
from scorekeeper.data.db import db
from scorekeeper.games.events import RuleError

BY = "test"


def _club(app: Any, *names: str) -> tuple[services.LoadedClub, dict[str, int]]:
    with app.app_context():
        club = services.create("Racklubben", ["bismarck"], "4711", ["bismarck"], BY)
        return club, {name: services.add_member(club, name, BY) for name in names}


def _logged(app: Any, club: services.LoadedClub, action: str) -> int:
    with app.app_context():
        return db.session.execute(
            sa.select(sa.func.count())
            .select_from(models.OrganiserAction)
            .where(
                models.OrganiserAction.club_id == club.id,
                models.OrganiserAction.action == action,
            )
        ).scalar_one()


def _version(app: Any, club: services.LoadedClub) -> int:
    with app.app_context():
        return db.session.execute(
            sa.select(models.Club.version).where(models.Club.id == club.id)
        ).scalar_one()


def _in_thread(app: Any, call: Callable[[], Any]) -> tuple[threading.Thread, dict[str, Any]]:
    """``call()`` in an app context of its own (its own session) on a thread of its own; what
    it returned or raised lands in the dict."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        with app.app_context():
            try:
                outcome["returned"] = call()
            except Exception as error:
                outcome["raised"] = error

    thread = threading.Thread(target=run)
    thread.start()
    return thread, outcome


def test_a_crossed_merge_waits_for_the_first_and_is_refused_never_a_circle(app, monkeypatch):
    """The first merge (A into B) is held inside its transaction, after its checks; the crossed
    one (B into A) started meanwhile waits for it, then reads that A is B's now and is
    refused, naming what is there. Without the lock it checks the old register and both go in:
    A and B point at each other."""
    club, ids = _club(app, "Anna", "Ben")
    inside, go = threading.Event(), threading.Event()
    merge = store_members.merge

    def held(session: Any, kept: Any, merged: Any) -> None:
        if merged.id == ids["Anna"]:
            inside.set()
            assert go.wait(10)
        merge(session, kept, merged)

    monkeypatch.setattr(store_members, "merge", held)
    first, done = _in_thread(app, lambda: services.merge_members(club, ids["Ben"], ids["Anna"], BY))
    assert inside.wait(10)
    second, crossed = _in_thread(
        app, lambda: services.merge_members(club, ids["Anna"], ids["Ben"], BY)
    )
    second.join(0.5)
    assert second.is_alive(), f"the crossed merge did not wait: {crossed}"
    go.set()
    first.join(10)
    second.join(10)
    assert done == {"returned": True}
    error = crossed.get("raised")
    assert isinstance(error, RuleError), crossed
    assert str(error) == "Anna was merged into Ben already."
    with app.app_context():
        entries = {e.id: e.merged_into for e in services.page_of(club).entries}
    assert entries == {ids["Anna"]: ids["Ben"], ids["Ben"]: None}
    assert _logged(app, club, "merge") == 1


def test_a_write_holds_the_club_until_it_commits_and_rolls_back_whole(app, monkeypatch):
    """A refused write stores nothing, not even the version's move, and logs nothing."""
    club, ids = _club(app, "Anna", "Ben")
    before = _version(app, club)
    with app.app_context(), pytest.raises(RuleError):
        services.add_member(club, "anna", BY)  # Anna's name, another case
    with app.app_context(), pytest.raises(RuleError):
        services.merge_members(club, ids["Anna"], ids["Anna"], BY)
    assert _version(app, club) == before
    assert _logged(app, club, "add") == 2
    with app.app_context():
        services.add_member(club, "Carla", BY)
    assert _version(app, club) == before + 1


@pytest.mark.parametrize(
    "action", ["merge", "rename", "retire", "close", "reveal", "season", "add"]
)
def test_of_phones_doing_the_same_thing_at_once_one_is_told_it_happened(app, action):
    """Eight phones at once (threads, each its own session): exactly one is told it happened,
    the others what is there now; nothing raised but the refusals that say so, and the log
    says it once."""
    club, ids = _club(app, "Anna", "Ben")
    evening = _evening(app, club, ids) if action in ("close", "reveal") else None
    do, word = _same_action(club, ids, evening, action)
    logged = _logged(app, club, word)
    barrier = threading.Barrier(8)
    threads = [_in_thread(app, lambda: (barrier.wait(10), do())[1]) for _ in range(8)]
    for thread, _outcome in threads:
        thread.join(30)
    outcomes = [outcome for _thread, outcome in threads]
    if action in ("season", "add"):  # the others are refused: the name is taken now
        made = [o for o in outcomes if "returned" in o]
        refused = [str(o["raised"]) for o in outcomes if "raised" in o]
        assert len(made) == 1, outcomes
        assert len(refused) == 7 and all("already has" in r for r in refused), refused
    else:
        assert [o.get("returned") for o in outcomes].count(True) == 1, outcomes
        assert [o.get("returned") for o in outcomes].count(False) == 7, outcomes
    assert _logged(app, club, word) == logged + 1


def _evening(app: Any, club: services.LoadedClub, ids: dict[str, int]) -> Any:
    with app.app_context():
        extra = [services.add_member(club, name, BY) for name in ("Carla", "Dag")]
        game = {"name": "Kväll", "kind": "bismarck", "scoring": "totals", "hide_last": 1}
        players = [ids["Anna"], ids["Ben"], extra[0]]
        return services.new_game(club, players, [], {**game, "settings": {}}, BY)


def _same_action(
    club: services.LoadedClub, ids: dict[str, int], evening: Any, action: str
) -> tuple[Callable[[], Any], str]:
    """What every phone does, and the log's word for it."""
    if action == "merge":
        return lambda: services.merge_members(club, ids["Ben"], ids["Anna"], BY), "merge"
    if action == "rename":
        return lambda: services.rename_member(club, ids["Anna"], "Annika", BY), "rename"
    if action == "retire":
        return lambda: services.retire_member(club, ids["Anna"], BY), "retire"
    if action == "close":
        return lambda: services.close_evening(club, evening, True, BY), "close-evening"
    if action == "reveal":
        return lambda: services.reveal_standings(club, evening, 1, BY), "reveal-standings"
    if action == "season":
        from scorekeeper.clubs.season import DEFAULT_RULE, SeasonSpan

        return (
            lambda: services.save_season(club, None, "Våren", DEFAULT_RULE, SeasonSpan(), BY),
            "season",
        )
    return lambda: services.add_member(club, "Carla", BY), "add"


def test_a_club_game_is_made_whole_with_its_table_or_not_at_all(app, monkeypatch):
    """A club's new game is an evening of one round at one table: a failure (or a kill) while
    its table's game is made leaves nothing, not an evening with no round, a new member or a
    line of the log. Before, the evening was committed first and stayed, roundless."""
    from scorekeeper.table import store
    from tests.databases import rows_per_table

    club, ids = _club(app, "Anna", "Ben")
    before = rows_per_table(app)
    version = _version(app, club)

    def killed(*_args: Any, **_kwargs: Any) -> Any:
        raise RuntimeError("killed while the table's game was made")

    game = {"name": "Parti", "kind": "bismarck", "scoring": "totals", "settings": {}}
    with monkeypatch.context() as patched, app.app_context():
        patched.setattr(store, "add_game", killed)
        with pytest.raises(RuntimeError):
            services.new_game(club, [ids["Anna"], ids["Ben"]], ["Carla"], game, BY)
    assert rows_per_table(app) == before
    assert _version(app, club) == version
    with app.app_context():  # and made whole when nothing fails
        made = services.new_game(club, [ids["Anna"], ids["Ben"]], ["Carla"], game, BY)
        assert list(made.games) == [(1, 1)]
    after = rows_per_table(app)
    assert (after["evening"], after["evening_table"], after["club_evening"], after["member"]) == (
        before["evening"] + 1,
        before["evening_table"] + 1,
        before["club_evening"] + 1,
        before["member"] + 1,
    )
