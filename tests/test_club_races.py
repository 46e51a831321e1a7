"""Club writes race from real phones through real servers (issue 34): two ``scorekeeper serve``
processes on one database (SQLite, or PostgreSQL with ``SCOREKEEPER_TEST_DATABASE_URL``),
organisers' phones sending the same moment (a barrier), half of them to each server.

- Crossed merges, eight runs: one phone merges A into B while another merges B into A. Never a
  circle: one is told it happened, the other is refused and told what is there now; the
  register and the club record stay valid (the record reads back).
- N = 2, 4, 8, 16 phones doing the same thing (merging the same pair, renaming a member to the
  same name, retiring a member, closing an evening): exactly one is told it happened, the
  others that it had been done; the organisers' log says it once.
- Not one answer 5xx.

Before (issue 34's measurement), crossed merges both went in 5 of 8 runs on SQLite and on
PostgreSQL (one answering 500 ``DeadlockDetected``), and every phone of N was told "merged"."""

from __future__ import annotations

import re
import threading
import urllib.error
import urllib.parse
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask

from scorekeeper import create_app
from scorekeeper.clubs import record, services
from scorekeeper.data import models
from scorekeeper.data.db import db
from tests.databases import close_connections, fresh_database
from tests.serving import Phone, clean_environment, scorekeeper_script, serving

pytestmark = pytest.mark.slow  # two real servers and some hundred racing requests

SECRET = "club-races-" + "0" * 40
PIN = "4711"
BY = "test"
CROSSED_RUNS = 8
PHONES = (2, 4, 8, 16)


class Organiser(Phone):
    """An organiser's phone: the club's PIN typed once; forms sent with its CSRF token, every
    answer's status kept (a refusal is an answer, not an error)."""

    def __init__(self, base: str, statuses: list[int]):
        super().__init__(base)
        self.statuses = statuses
        self.csrf = ""

    def sign_in(self, club: str) -> None:
        self.csrf = self.csrf_token(f"/c/{club}/pin")
        self.send(f"/c/{club}/pin", {"pin": PIN})

    def send(self, path: str, data: dict[str, Any]) -> tuple[int, str]:
        """Send a form; its status and what it says (the page it leads to, for a 303)."""
        body = urllib.parse.urlencode({"csrf_token": self.csrf, **data}).encode()
        try:
            with self._open(path, body) as response:
                status, where = response.status, response.headers.get("Location", "")
        except urllib.error.HTTPError as error:
            self.statuses.append(error.code)
            return error.code, error.read().decode()
        self.statuses.append(status)
        if status != 303:
            return status, ""
        answer, _type, page = self.get(where)
        self.statuses.append(answer)
        return status, page.decode()


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from fresh_database(tmp_path_factory.mktemp("club-races"))


@pytest.fixture(scope="module")
def app(database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """The test's own app on the servers' database (migrated here, before they start)."""
    made = create_app({"TESTING": True, "SECRET_KEY": SECRET, "DATABASE_URL": database})
    made.instance_path = str(tmp_path_factory.mktemp("club-races-instance"))
    yield made
    close_connections(made)


@pytest.fixture(scope="module")
def servers(app: Flask, database: str, tmp_path_factory: pytest.TempPathFactory):
    """Two ``scorekeeper serve`` processes on the database, and what they answered."""
    folder = tmp_path_factory.mktemp("club-races-servers")
    env = clean_environment(SCOREKEEPER_DATABASE_URL=database, SCOREKEEPER_SECRET_KEY=SECRET)
    with (
        serving(scorekeeper_script(), folder, env, folder / "one.log") as one,
        serving(scorekeeper_script(), folder, env, folder / "two.log") as two,
    ):
        yield one, two


@pytest.fixture(scope="module")
def club(app: Flask, servers: tuple[str, str]):
    """A club, and sixteen organisers' phones signed in to it, every other one to each server;
    every status any of them was answered."""
    with app.app_context():
        made = services.create("Racklubben", ["bismarck"], PIN, ["bismarck"], BY)
    statuses: list[int] = []
    phones = [Organiser(servers[n % 2], statuses) for n in range(max(PHONES))]
    # One after another: a PIN is counted against its address before it is checked (so that
    # guesses sent at once cannot pass the limit together), and all these phones are 127.0.0.1.
    for phone in phones:
        phone.sign_in(made.token)
    assert all(phone.csrf for phone in phones)
    assert all("organiser_phone" in phone.cookies for phone in phones)
    return made, phones, statuses


def at_once(sends: list[tuple[Organiser, str, dict[str, Any]]]) -> list[Any]:
    """Each (phone, path, form) sent on a thread of its own, all let go at one moment; what
    each was answered (:meth:`Organiser.send`), or what it raised."""
    barrier = threading.Barrier(len(sends))
    results: list[Any] = [None] * len(sends)

    def run(index: int, phone: Organiser, path: str, form: dict[str, Any]) -> None:
        barrier.wait(60)
        try:
            results[index] = phone.send(path, form)
        except Exception as error:  # said by the assertions
            results[index] = error

    threads = [
        threading.Thread(target=run, args=(index, *send)) for index, send in enumerate(sends)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return results


def _members(app: Flask, club: services.LoadedClub, *names: str) -> list[int]:
    with app.app_context():
        return [services.add_member(club, name, BY) for name in names]


def _logged(app: Flask, club: services.LoadedClub, action: str, detail: str) -> int:
    with app.app_context():
        return db.session.execute(
            sa.select(sa.func.count())
            .select_from(models.OrganiserAction)
            .where(
                models.OrganiserAction.club_id == club.id,
                models.OrganiserAction.action == action,
                models.OrganiserAction.detail == detail,
            )
        ).scalar_one()


def _register_is_valid(app: Flask, club: services.LoadedClub) -> dict[int, int | None]:
    """The register as it is (each entry and the one it was merged into): no circle, every
    name resolves, and the club's record reads back."""
    with app.app_context():
        page = services.page_of(club)
        kept = {e.id: e.merged_into for e in page.entries}
        for entry in kept:
            seen = {entry}
            while kept[entry] is not None:
                entry = kept[entry]
                assert entry not in seen, f"merges go round in a circle: {kept}"
                seen.add(entry)
        assert set(page.names()) == set(kept)
        record.loads_club(services.record_of(club))  # refused if the merges made a circle
        return kept


def test_crossed_merges_never_make_a_circle(app, club):
    made, phones, statuses = club
    first, second = phones[0], phones[1]  # one on each server
    for run in range(CROSSED_RUNS):
        a, b = _members(app, made, f"A {run}", f"B {run}")
        path = f"/c/{made.token}/members/merge"
        answers = at_once(
            [(first, path, {"keep": b, "merged": a}), (second, path, {"keep": a, "merged": b})]
        )
        assert not [a_ for a_ in answers if isinstance(a_, Exception)], answers
        told = [page for status, page in answers if status == 303 and " now." in page]
        refused = [page for status, page in answers if status == 422]
        assert len(told) == 1 and len(refused) == 1, [s for s, _ in answers]
        said = re.findall(r'class="error"[^>]*>([^<]*)<', refused[0])
        assert said and "was merged into" in said[0] and "already." in said[0], said
        kept = _register_is_valid(app, made)
        assert (kept[a], kept[b]) in ((b, None), (None, a)), (run, kept[a], kept[b])
        logged = _logged(app, made, "merge", f"A {run} → B {run}")
        logged += _logged(app, made, "merge", f"B {run} → A {run}")
        assert logged == 1
    assert not [s for s in statuses if s >= 500], statuses


def _same_merge(app, made, n):
    gone, kept = _members(app, made, f"C {n}", f"D {n}")
    path = f"/c/{made.token}/members/merge"
    return path, {"keep": kept, "merged": gone}, "merge", f"C {n} → D {n}"


def _same_rename(app, made, n):
    (member,) = _members(app, made, f"E {n}")
    path = f"/c/{made.token}/m/{member}"
    return path, {"name": f"E {n} renamed"}, "rename", f"E {n} → E {n} renamed"


def _same_retirement(app, made, n):
    (member,) = _members(app, made, f"F {n}")
    return f"/c/{made.token}/m/{member}/retire", {}, "retire", f"F {n}"


def _same_close(app, made, n):
    players = _members(app, made, f"G {n}", f"H {n}", f"I {n}")
    with app.app_context():
        game = {"name": f"Kväll {n}", "kind": "bismarck", "scoring": "totals", "settings": {}}
        evening = services.new_game(made, players, [], game, BY)
    return f"/c/{made.token}/e/{evening.token}/close", {}, "close-evening", f"Kväll {n}"


#: Each action: how to set it up for N phones, what the one told it happened reads, and what
#: the others read.
ACTIONS = {
    "merge": (_same_merge, "is D", "was merged into D"),
    "rename": (_same_rename, "Renamed: E", "Nothing to rename"),
    "retire": (_same_retirement, "is retired:", "was retired already"),
    "close": (_same_close, "The evening is closed", "The evening was closed already"),
}


@pytest.mark.parametrize("action", list(ACTIONS))
def test_of_n_phones_doing_the_same_thing_one_is_told_it_happened(app, club, action):
    made, phones, statuses = club
    prepare, happened, already = ACTIONS[action]
    for n in PHONES:
        path, data, word, detail = prepare(app, made, n)
        answers = at_once([(phone, path, data) for phone in phones[:n]])
        assert not [a for a in answers if isinstance(a, Exception)], answers
        assert [status for status, _page in answers] == [303] * n, (n, answers)
        told = [page for _status, page in answers if happened in page]
        others = [page for _status, page in answers if already in page]
        assert (len(told), len(others)) == (1, n - 1), (action, n)
        assert _logged(app, made, word, detail) == 1, (action, n)
    _register_is_valid(app, made)
    assert not [s for s in statuses if s >= 500], statuses
