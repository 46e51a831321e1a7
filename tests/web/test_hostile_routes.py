"""Every route of the app's URL map, sent hostile input: never a 5xx, and a request that is
refused (4xx) stores nothing, in any table.

The routes are read from ``app.url_map``, so a route added later is sent the same without being
listed here. Each is sent, by each of its methods, on a server holding a game of each kind, an
evening, and a club (members merged and retired, a season, a club evening with a game), from a
phone that manages the club:

- its address with every variable as it should be, then with one variable at a time hostile
  (numbers no database column holds, digits of other scripts, CR/LF, NUL, invisible
  characters, thousands of characters);
- every form field and query argument the app reads, all hostile at once (a number of 5,000
  digits, a member of 24 digits, CR/LF in ``next``, text where a number goes, a list where one
  value goes, invisible characters...), with a valid CSRF token; without one; a body larger
  than the app takes. A game's route is sent these on the game of each kind.

The requests of issue 34 that answered 500 are sent by name as well
(:data:`ISSUE_34`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import sqlalchemy as sa
from werkzeug.routing import Rule
from werkzeug.routing.converters import NumberConverter

from scorekeeper.data import models
from scorekeeper.data.db import db
from scorekeeper.web.clubs.organiser import DEVICE_COOKIE
from scorekeeper.web.forms import AppForm
from tests import databases
from tests.conftest import csrf_token
from tests.databases import on_postgresql
from tests.web.clubs.club import PIN, add, make_club, member_ids, plan_evening, post
from tests.web.clubs.seasons import new_season, play_round_one, season_id_of
from tests.web.evenings.helpers import evening_token, new_evening, start
from tests.web.seeds import seed_games

#: Numbers no column holds, or that Python will not read, in other scripts' digits, or that a
#: route reads differently from how it writes them.
NUMBERS = {
    "24 digits": "9" * 24,
    "30 digits": "9" * 30,
    "5000 digits": "9" * 5000,
    "2**31 (past PostgreSQL's integer)": str(2**31),
    "2**63 (past SQLite's integer)": str(2**63),
    "Arabic-Indic digits": "١٢",
    "superscript two": "²",
    "full-width digits": "１２",
    "zero": "0",
    "leading zeros": "0001",
}
#: Text no address, name or number should hold, or may hold only with care.
TEXTS = {
    "CR/LF": "/\r\nSet-Cookie: x=1",
    "LF": "a\nb",
    "NUL": "a\x00b",
    "zero-width space": "Anna\u200b",
    "zero-width joiner": "An\u200dna",
    "right-to-left override": "\u202eannA",
    "byte order mark": "\ufeffAnna",
    "soft hyphen": "An\u00adna",
    "lone surrogate escape": "%ED%A0%80",
    "5000 characters": "x" * 5000,
    "other site": "//evil.example/",
    "script": "javascript:alert(1)",
    "text": "abc",
    "empty": "",
}
HOSTILE = {**NUMBERS, **TEXTS}
#: What one database takes and another refuses (PostgreSQL: a NUL, a number past 32 or 64 bits,
#: text past a column's length), with a number and a text as they should be: CI's pass on
#: PostgreSQL sends these; the other values are the app's to refuse the same on any database,
#: and the pass on SQLite sends them all.
ACROSS_DATABASES = (
    "24 digits", "5000 digits", "2**31 (past PostgreSQL's integer)",
    "2**63 (past SQLite's integer)", "zero", "NUL", "5000 characters", "text", "empty",
)  # fmt: skip


def hostile() -> dict[str, str]:
    """The values sent on the database under test (:data:`ACROSS_DATABASES`)."""
    if on_postgresql():
        return {name: HOSTILE[name] for name in ACROSS_DATABASES}
    return HOSTILE


#: The query arguments the app reads, beside its forms' fields.
QUERY_ARGUMENTS = (
    "next",
    "paper",
    "rule",
    "n",
    "absence",
    "suggest",
    "also",
    "typed",
    "all",
    "card",
    "lang",
    "seat",
)


def field_names() -> set[str]:
    """The name of every field of every form of the app (each form class, read by WTForms'
    own instantiation of it outside a request: its unbound fields)."""
    names: set[str] = set()
    seen: set[type] = set()
    stack: list[type] = [AppForm]
    while stack:
        form = stack.pop()
        if form in seen:
            continue
        seen.add(form)
        stack.extend(form.__subclasses__())
        names.update(
            name
            for name in dir(form)
            if not name.startswith("_") and hasattr(getattr(form, name, None), "field_class")
        )
    return names


@dataclass
class Server:
    """What the server holds: the tokens and numbers a route's variables take."""

    games: dict[str, str]
    evening: str
    club: str
    club_evening: str
    members: dict[str, int]
    season: int

    def values(self, rule: Rule) -> list[dict[str, str]]:
        """Each variable of ``rule`` as it should be: once, or for a game's route once on the
        game of each kind (its noun in a correction's address)."""
        path = rule.rule
        fixed = {
            "evening_token": self.club_evening,
            "member_id": str(self.members["Anna"]),
            "season_id": str(self.season),
            "number": "1",
            "seq": "1",
            "since": "0",
            "kind": "bismarck",
            "lang": "sv",
            "ext": "css",
            "language": "sv",
            "filename": "app.css",
        }
        if path.startswith("/c/"):
            return [{**fixed, "token": self.club, "noun": "deal"}]
        if path.startswith("/e/"):
            return [{**fixed, "token": self.evening, "noun": "deal"}]
        nouns = {"bismarck": "deal", "klaberjass": "hand", "sviten": "hand", "free": "deal"}
        return [
            {**fixed, "token": token, "noun": nouns[kind], "kind": kind}
            for kind, token in sorted(self.games.items())
        ]


def _fill(app, client) -> Server:
    """A game of each kind; an evening with its first round started; a club (this client its
    organiser) with members, one merged and one retired, a season and an evening whose game
    was played."""
    with app.app_context():
        games = seed_games()
    plain = new_evening(client)
    assert plain.status_code == 303
    evening = evening_token(plain)
    assert start(client, evening, 1).status_code == 303
    club = make_club(client)
    add(client, club, "Anna", "Ben", "Carla", "Dag", "Eva")
    ids = member_ids(client, club)
    merged = post(client, f"/c/{club}/members/merge", keep=ids["Dag"], merged=ids["Eva"])
    assert merged.status_code == 303
    assert post(client, f"/c/{club}/m/{ids['Dag']}/retire").status_code == 303
    planned = plan_evening(client, club, name="Vecka 1", rounds="1")
    assert planned.status_code == 303, planned.get_data(as_text=True)
    club_evening = evening_token(planned)
    play_round_one(app, club_evening, {"Anna": 8, "Ben": 4, "Carla": 4})
    season = season_id_of(new_season(client, club, name="Våren", by="dates"))
    return Server(games, evening, club, club_evening, member_ids(client, club), season)


def _path(rule: Rule, values: dict[str, str]) -> str:
    """The rule's address with ``values`` (each percent-encoded, as a browser would)."""
    from urllib.parse import quote

    def value(match: re.Match[str]) -> str:
        return quote(values[match.group(1)], safe="")

    return re.sub(r"<(?:[^:<>]+:)?([a-z_]+)>", value, rule.rule)


def _variables(rule: Rule) -> list[str]:
    return list(rule.arguments)


@dataclass(frozen=True)
class Sent:
    """One request of the walk: how it is sent, and what it is called in a failure."""

    name: str
    method: str
    path: str
    data: Any = None
    query: Any = None
    csrf: bool = True
    body: bytes | None = None


def _form(method: str) -> dict[str, str] | None:
    """A form with nothing but its CSRF token, for a POST whose address is what is tried."""
    return None if method == "GET" else {}


def _requests(rule: Rule, server: Server, fields: set[str]) -> Iterator[Sent]:
    """Every request the walk sends ``rule``: its address with each variable hostile in turn
    (on one game), and every field hostile at once (on the game of each kind)."""
    every_right = server.values(rule)
    for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
        first = every_right[0]
        for variable in _variables(rule):
            for name, value in hostile().items():
                path = _path(rule, {**first, variable: value})
                yield Sent(f"{variable}: {name}", method, path, data=_form(method))
        for right in every_right:
            yield from _bodies(method, _path(rule, right), fields, right.get("kind", ""))


def _bodies(method: str, path: str, fields: set[str], kind: str) -> Iterator[Sent]:
    """The address as it should be, sent every field and argument hostile."""
    yield Sent(f"as it should be ({kind})", method, path, data=_form(method))
    for name, value in hostile().items():
        every = dict.fromkeys(fields | set(QUERY_ARGUMENTS), value)
        if method == "GET":
            yield Sent(f"every argument: {name} ({kind})", method, path, query=every)
        else:
            yield Sent(f"every field: {name} ({kind})", method, path, data=every)
    many = {name: ["1", "2", "Anna"] for name in fields | set(QUERY_ARGUMENTS)}
    if method == "GET":
        yield Sent(f"every argument a list ({kind})", method, path, query=many)
    else:
        yield Sent(f"every field a list ({kind})", method, path, data=many)
        yield Sent(f"no CSRF token ({kind})", method, path, data={"name": "Anna"}, csrf=False)
        huge = b"name=" + b"x" * (2 * 1024 * 1024)
        yield Sent(f"a body larger than the app takes ({kind})", method, path, body=huge)


def _send(client, sent: Sent, token: str):
    if sent.body is not None:
        return client.open(
            sent.path,
            method=sent.method,
            data=sent.body,
            content_type="application/x-www-form-urlencoded",
        )
    data = sent.data
    if data is not None and sent.csrf:
        data = {**data, "csrf_token": token}
    return client.open(sent.path, method=sent.method, data=data, query_string=sent.query)


def _what_changed(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    return {name: after[name] - before[name] for name in after if after[name] != before[name]}


def _a_wrong_pin_logged(app, rule: Rule, changed: dict[str, int]) -> bool:
    """A wrong PIN (one of a PIN's shape) is counted and logged on purpose (the limits count it,
    the organisers see who tried): the two rows a refused request may leave."""
    if rule.endpoint != "clubs.pin" or changed != {"organiser_action": 1, "wrong_pin": 1}:
        return False
    with app.app_context():
        last = db.session.scalars(
            sa.select(models.OrganiserAction.action).order_by(models.OrganiserAction.id.desc())
        ).first()
    return last == "wrong-pin"


def walk(app, client, server: Server, rules: list[Rule]) -> tuple[int, list[str]]:
    """Send every request of :func:`_requests` to each rule, each from the organiser's phone as
    it was after the server was filled; the failures, one line each."""
    token = csrf_token(client, "/club/new")
    cookie = client.get_cookie("session")
    assert cookie is not None
    fields = field_names()
    failures: list[str] = []
    sent_count = 0
    counts = databases.rows_per_table(app)
    for rule in rules:
        for sent in _requests(rule, server, fields):
            client.set_cookie("session", cookie.value)
            response = _send(client, sent, token)
            sent_count += 1
            where = f"{sent.method} {rule.rule} ({sent.name})"
            if response.status_code >= 500:
                failures.append(f"{where}: {response.status_code}")
            for header, value in response.headers:
                if "\r" in value or "\n" in value or header.lower() == "x":
                    failures.append(f"{where}: header {header}: {value!r}")
            if "x=1" in " ".join(response.headers.getlist("Set-Cookie")):
                failures.append(f"{where}: a cookie set by the request")
            after = databases.rows_per_table(app)
            changed = _what_changed(counts, after)
            refused = response.status_code >= 400
            if refused and changed and not _a_wrong_pin_logged(app, rule, changed):
                failures.append(f"{where}: {response.status_code}, yet stored {changed}")
            counts = after
    return sent_count, failures


#: The walk in parts, so that test workers share it: a game's routes, an evening's, a club's,
#: and every other (each route is in exactly one: a route added later too).
PARTS = ("/g/", "/e/", "/c/", "")


def _part(rule: Rule) -> str:
    return next((p for p in PARTS if p and rule.rule.startswith(p)), "")


def _rules(app, part: str) -> list[Rule]:
    rules = (r for r in app.url_map.iter_rules() if r.endpoint != "static")
    return sorted((r for r in rules if _part(r) == part), key=lambda r: r.rule)


def test_the_walk_takes_every_route_of_the_map(app):
    everything = [rule for part in PARTS for rule in _rules(app, part)]
    assert len(everything) == len(list(app.url_map.iter_rules())) - 1  # all but Flask's static
    assert len(everything) >= 60


@pytest.mark.slow
@pytest.mark.parametrize("part", PARTS, ids=["game", "evening", "club", "other"])
def test_every_route_answers_hostile_input_without_a_5xx_and_a_refusal_stores_nothing(
    app, client, caplog, part
):
    server = _fill(app, client)
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as served: a failure is a 500, counted
    rules = _rules(app, part)
    assert len(rules) >= 5
    with caplog.at_level(logging.ERROR):
        sent, failures = walk(app, client, server, rules)
    assert not failures, f"{len(failures)} of {sent} requests failed:\n" + "\n".join(failures)
    assert sent > 10 * len(rules) * len(hostile()) // len(HOSTILE)  # not a walk that went nowhere
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


#: The variables of the app's addresses that are numbers.
NUMBERED = {"member_id", "season_id", "number", "seq"}


def test_every_variable_of_an_address_is_read_by_one_of_the_apps_bounded_converters(app):
    """Every number in an address is read by the app's one bounded converter (``<int:...>``,
    :class:`~scorekeeper.web.bounds.WholeConverter`), every other variable by its token
    converter (the default): a number no column holds, a NUL or an invisible character is a
    404 before any view sees it. (The static files' path is Flask's.)"""
    from scorekeeper.web.bounds import TokenConverter, WholeConverter

    for rule in app.url_map.iter_rules():
        for name, converter in rule._converters.items():
            if rule.endpoint == "static":
                continue
            if isinstance(converter, NumberConverter) or name in NUMBERED:
                assert type(converter) is WholeConverter, (rule.rule, name)
            else:
                assert type(converter) is TokenConverter, (rule.rule, name)


# --- the requests of issue 34 that answered 500 --------------------------------------------------


#: A season's form as the organiser sends it.
SEASON_FIELDS = {"name": "Våren", "rule": "total", "absence": "no-score", "by": "dates"}


#: Each request of issue 34's 13 × 500 (as its text describes them; the measurement's own
#: list is not in the repository): its name, and how it is sent (method, address, form).
ISSUE_34: dict[str, Callable[[Server], tuple[str, str, dict[str, Any] | None]]] = {
    "season, 30 digits": lambda s: ("GET", f"/c/{s.club}/s/{'9' * 30}", None),
    "season's projector view, 30 digits": lambda s: (
        "GET",
        f"/c/{s.club}/s/{'9' * 30}/screen",
        None,
    ),
    "season's PDF, 30 digits": lambda s: ("GET", f"/c/{s.club}/s/{'9' * 30}/season.pdf", None),
    "season's edit form, 30 digits": lambda s: ("GET", f"/c/{s.club}/s/{'9' * 30}/edit", None),
    "season's edit sent, 30 digits": lambda s: (
        "POST",
        f"/c/{s.club}/s/{'9' * 30}/edit",
        SEASON_FIELDS,
    ),
    "merge, a 24-digit member kept": lambda s: (
        "POST",
        f"/c/{s.club}/members/merge",
        {"keep": "9" * 24, "merged": str(s.members["Ben"])},
    ),
    "merge, a 24-digit member merged": lambda s: (
        "POST",
        f"/c/{s.club}/members/merge",
        {"keep": str(s.members["Anna"]), "merged": "9" * 24},
    ),
    "merge, two 24-digit members": lambda s: (
        "POST",
        f"/c/{s.club}/members/merge",
        {"keep": "9" * 24, "merged": "8" * 24},
    ),
    "seat, 5000 digits": lambda s: ("POST", f"/g/{s.games['bismarck']}/seat", {"seat": "9" * 5000}),
    "seat, 5000 Arabic-Indic digits": lambda s: (
        "POST",
        f"/g/{s.games['bismarck']}/seat",
        {"seat": "٩" * 5000},
    ),
    "PIN with a line feed in next": lambda s: (
        "POST",
        f"/c/{s.club}/pin?next=/c/{s.club}/season%0aSet-Cookie:%20x=1",
        {"pin": PIN},
    ),
    "PIN with CR/LF in next (in the address)": lambda s: (
        "POST",
        f"/c/{s.club}/pin?next=/c/{s.club}/%0d%0aSet-Cookie:%20x=1",
        {"pin": PIN},
    ),
    "PIN with CR/LF in next (in the form)": lambda s: (
        "POST",
        f"/c/{s.club}/pin",
        {"pin": PIN, "next": f"/c/{s.club}/\r\nSet-Cookie: x=1"},
    ),
}


@pytest.fixture
def server(app, client) -> Server:
    return _fill(app, client)


def test_the_issue_names_13_requests():
    assert len(ISSUE_34) == 13


@pytest.mark.parametrize("case", ISSUE_34)
def test_the_requests_of_issue_34_answer_without_a_5xx(app, client, server, case):
    method, path, data = ISSUE_34[case](server)
    if data is not None:
        data = {**data, "csrf_token": csrf_token(client, "/club/new")}
    before = databases.rows_per_table(app)
    response = client.open(path, method=method, data=data)
    assert response.status_code < 500, case
    changed = _what_changed(before, databases.rows_per_table(app))
    if "PIN" in case:
        # The right PIN, a way back that is not one: the club's page, the phone's device cookie
        # (the club knows the phone already: it made the club), the PIN's log line.
        assert response.status_code == 303
        assert response.headers["Location"] == f"/c/{server.club}"
        cookies = [c.split("=")[0] for c in response.headers.getlist("Set-Cookie")]
        assert cookies == [DEVICE_COOKIE]
        assert changed == {"organiser_action": 1}
        return
    assert response.status_code in (400, 404, 422), case
    assert changed == {}, case
    if "merge" in case:
        page = response.get_data(as_text=True)
        assert "Choose two members of the register." in page


def _unbound_fields(app) -> Iterator[tuple[str, str, Any]]:
    """Every field of every form of the app: its form's name, its own, and the unbound field."""
    seen: set[type] = set()
    stack: list[type] = [AppForm]
    while stack:
        form = stack.pop()
        if form in seen:
            continue
        seen.add(form)
        stack.extend(form.__subclasses__())
        for name in dir(form):
            field = getattr(form, name, None)
            if not name.startswith("_") and hasattr(field, "field_class"):
                yield form.__name__, name, field


def test_every_form_reads_a_number_by_the_apps_bounded_fields(app):
    """A form's number is a typed one (``WholeNumberField``: ASCII digits, its range in words)
    or a chosen one (``NumberChoiceField``, ``NumberChoicesField``: ``bounds.whole``); never
    WTForms' own integer fields nor a choice coerced by ``int``, which reads 24 digits, ``²`` or
    ``1_0`` and hands them to the database."""
    from wtforms import DecimalField, FloatField, IntegerField, SelectFieldBase

    from scorekeeper.web.forms import NumberChoiceField, NumberChoicesField, WholeNumberField

    numbers = 0
    for form, name, field in _unbound_fields(app):
        kind = field.field_class
        if issubclass(kind, IntegerField | DecimalField | FloatField):
            assert issubclass(kind, WholeNumberField), (form, name, kind)
            numbers += 1
        elif issubclass(kind, NumberChoiceField | NumberChoicesField):
            numbers += 1
        elif issubclass(kind, SelectFieldBase):  # a choice of words: read as text
            assert field.kwargs.get("coerce", str) is str, (form, name, kind)
    assert numbers >= 10
