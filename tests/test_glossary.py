"""One word per concept (issue 36): ``docs/glossary.md`` says which identifiers the code must not
use and which names are defined in one place only; these tests read it and walk every name the
package defines (functions, classes, arguments, variables, attributes, imports), failing with
the file and line of each one the glossary forbids."""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
GLOSSARY = ROOT / "docs" / "glossary.md"

#: What "defined once" still lets through in the files the ``derive`` branch rewrites (HOUSE.md:
#: not to be edited here, not even for a rename), by (file under ``scorekeeper/``, name): how
#: many second definitions there are. Exact on purpose: the test fails when one of these no
#: longer occurs, so after that merge the integrator renames them and shrinks this list to
#: nothing.
EXEMPT_DEFINED: dict[tuple[str, str], int] = {
    # clubs.season.season_table(evenings, names, …), beside seasons.table.season_table(names,
    # evenings, …) with its arguments the other way round: one of them goes (or is renamed).
    ("clubs/season.py", "season_table"): 1,
    # clubs.season.EveningResult (a club evening's results) beside seasons.table.EveningResult.
    ("clubs/season.py", "EveningResult"): 1,
}
EXEMPT_CALLS: dict[tuple[str, str], int] = {
    # season_prints._shared(url) is a copy of web.helpers.url_to_share: call that instead.
    ("web/clubs/season_prints.py", "share_url"): 1,
}


# --- reading the glossary ---------------------------------------------------------------------


def words_of(identifier: str) -> str:
    """An identifier's words, as the glossary matches them: split at ``_`` and at capitals,
    lower-cased, joined by spaces (``AlreadyRecorded`` → ``already recorded``)."""
    found = re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", identifier)
    return " ".join(word.lower() for word in found)


def _table(text: str, heading: str) -> list[list[str]]:
    """The rows (cells stripped) of the first table after ``## heading``, without its head."""
    lines = text.splitlines()
    start = lines.index(f"## {heading}")
    rows: list[list[str]] = []
    for line in lines[start + 1 :]:
        if line.startswith("## "):
            break
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows:
            break
    assert len(rows) > 2, f"no table under {heading!r} in {GLOSSARY}"
    return rows[2:]


def _codes(cell: str) -> list[str]:
    """Each ``…`` of a cell."""
    return re.findall(r"`([^`]+)`", cell)


def _glob(pattern: str) -> re.Pattern[str]:
    """A path pattern under ``scorekeeper/``: ``**`` any folders, ``*`` any name."""
    parts = re.split(r"(\*\*|\*)", pattern)
    wild = {"**": ".*", "*": "[^/]*"}
    return re.compile("".join(wild.get(part, re.escape(part)) for part in parts))


@dataclass(frozen=True)
class Rule:
    """A row of *Identifiers not to use*."""

    words: re.Pattern[str]
    names: str
    inside: tuple[re.Pattern[str], ...]
    outside: tuple[re.Pattern[str], ...]
    instead: str

    def forbids(self, name: Name) -> bool:
        if self.names != "any" and self.names != name.kind:
            return False
        if not any(p.fullmatch(name.path) for p in self.inside):
            return False
        if any(p.fullmatch(name.path) for p in self.outside):
            return False
        return self.words.search(words_of(name.name)) is not None


def rules(text: str) -> list[Rule]:
    found = []
    for words, names, inside, outside, instead in _table(text, "Identifiers not to use"):
        either = "|".join(f"(?:{w})" for w in _codes(words))
        found.append(
            Rule(
                re.compile(rf"(?<![a-z0-9])(?:{either})(?![a-z0-9])"),
                names,
                tuple(_glob(p) for p in _codes(inside)),
                tuple(_glob(p) for p in _codes(outside)),
                instead,
            )
        )
    return found


@dataclass(frozen=True)
class Once:
    """A row of *Defined once*."""

    name: str
    home: str
    callers: tuple[str, ...]


def defined_once(text: str) -> list[Once]:
    return [
        Once(_codes(name)[0], _codes(home)[0], tuple(_codes(callers)))
        for name, home, callers in _table(text, "Defined once")
    ]


# --- walking the package ----------------------------------------------------------------------


@dataclass(frozen=True)
class Name:
    """A name a module defines: its file (under ``scorekeeper/``), line and kind."""

    path: str
    line: int
    kind: str
    name: str

    def __str__(self) -> str:
        return f"scorekeeper/{self.path}:{self.line}: {self.kind} {self.name}"


def names_in(source: str, path: str) -> Iterator[Name]:
    """Every name ``source`` defines: functions, classes, arguments, variables (assigned,
    looped over, caught), attributes (assigned) and the names its imports bind."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield Name(path, node.lineno, "function", node.name)
        elif isinstance(node, ast.ClassDef):
            yield Name(path, node.lineno, "class", node.name)
        elif isinstance(node, ast.arg):
            yield Name(path, node.lineno, "argument", node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            yield Name(path, node.lineno, "variable", node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            yield Name(path, node.lineno, "attribute", node.attr)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            yield Name(path, node.lineno, "variable", node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                bound = alias.asname or alias.name
                if isinstance(node, ast.Import) and not alias.asname:
                    bound = alias.name.split(".")[0]
                yield Name(path, node.lineno, "import", bound)


def calls_in(source: str, path: str) -> Iterator[Name]:
    """Every call in ``source`` of a name or an attribute (``f(…)``, ``module.f(…)``)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if called:
                yield Name(path, node.lineno, "call", called)


def _modules() -> Iterator[tuple[str, str]]:
    """Each module of the package but its migrations: (path under ``scorekeeper/``, source)."""
    for file in sorted(PACKAGE.rglob("*.py")):
        path = file.relative_to(PACKAGE).as_posix()
        if not path.startswith("migrations/"):
            yield path, file.read_text(encoding="utf-8")


def breaches(found_rules: Iterable[Rule], names: Iterable[Name]) -> list[tuple[Name, Rule]]:
    """Each name a rule forbids, with the rule."""
    every = list(found_rules)
    return [(name, rule) for name in names for rule in every if rule.forbids(name)]


def twice(
    once: Iterable[Once], defined: Iterable[Name], calls: Iterable[Name]
) -> tuple[list[Name], list[Name]]:
    """The definitions of a name the glossary defines once, outside its one place (and any
    beyond one there), and the calls of it from modules it does not list."""
    once = list(once)
    by_name = {o.name: o for o in once}
    extra: list[Name] = []
    homes: Counter[str] = Counter()
    for name in defined:
        o = by_name.get(name.name)
        if o is None or name.kind not in ("function", "class"):
            continue
        if name.path == o.home and homes[o.name] == 0:
            homes[o.name] += 1
        else:
            extra.append(name)
    stray = [
        call
        for call in calls
        if call.name in by_name
        and by_name[call.name].callers
        and call.path not in (by_name[call.name].home, *by_name[call.name].callers)
    ]
    return extra, stray


def _counted(names: Iterable[Name]) -> dict[tuple[str, str], int]:
    return dict(Counter((name.path, name.name) for name in names))


def _split(
    found: list[Name], exempt: dict[tuple[str, str], int]
) -> tuple[list[Name], dict[tuple[str, str], int]]:
    """The names not exempt, and how many of each exempt one there are."""
    kept = [name for name in found if (name.path, name.name) not in exempt]
    return kept, _counted(name for name in found if (name.path, name.name) in exempt)


# --- the tests --------------------------------------------------------------------------------


def test_no_identifier_uses_a_word_the_glossary_forbids():
    found_rules = rules(GLOSSARY.read_text(encoding="utf-8"))
    names = [name for path, source in _modules() for name in names_in(source, path)]
    said = [f"{name}: use {rule.instead}" for name, rule in breaches(found_rules, names)]
    assert not said, "docs/glossary.md forbids these names:\n" + "\n".join(said)


def test_what_the_glossary_defines_once_is_defined_once():
    once = defined_once(GLOSSARY.read_text(encoding="utf-8"))
    modules = list(_modules())
    defined = [name for path, source in modules for name in names_in(source, path)]
    calls = [call for path, source in modules for call in calls_in(source, path)]
    extra, stray = twice(once, defined, calls)
    extra, extra_exempt = _split(extra, EXEMPT_DEFINED)
    stray, stray_exempt = _split(stray, EXEMPT_CALLS)
    assert not extra, "defined again (docs/glossary.md, Defined once):\n" + "\n".join(
        map(str, extra)
    )
    assert not stray, "called from elsewhere (docs/glossary.md, Defined once):\n" + "\n".join(
        map(str, stray)
    )
    for name in {o.name for o in once}:
        assert any(d.name == name and d.kind in ("function", "class") for d in defined), name
    assert (extra_exempt, stray_exempt) == (EXEMPT_DEFINED, EXEMPT_CALLS), (
        "EXEMPT_DEFINED and EXEMPT_CALLS must be exactly what is still there: shrink them"
    )


#: A module of names the glossary forbids (and some it does not), as a newcomer might write it.
_SOURCE = """\
class AlreadyRecorded:
    pass


def record(game, entry, rounds):
    last_action = game.log[-1]
    return last_action


record = open_the_file()  # a record (the file) may be called so
self_round = lambda round_: round_
for deal in deals:
    pass
"""


def test_a_forbidden_identifier_is_caught_with_its_file_and_line():
    found_rules = rules(GLOSSARY.read_text(encoding="utf-8"))
    found = breaches(found_rules, names_in(_SOURCE, "table/services.py"))
    assert sorted((name.line, name.kind, name.name) for name, _rule in found) == [
        (1, "class", "AlreadyRecorded"),
        (5, "argument", "rounds"),
        (5, "function", "record"),
        (6, "variable", "last_action"),
        (11, "argument", "round_"),
        (11, "variable", "self_round"),
    ]
    assert str(found[0][0]) == "scorekeeper/table/services.py:1: class AlreadyRecorded"
    # An evening's rounds are rounds: the same module among the evenings has only those left.
    elsewhere = breaches(found_rules, names_in(_SOURCE, "evenings/setup.py"))
    assert sorted(name.name for name, _rule in elsewhere) == [
        "AlreadyRecorded",
        "last_action",
        "record",
    ]


def test_a_second_definition_and_a_stray_call_are_caught():
    once = [Once("share_url", "hosts.py", ("web/helpers.py",)), Once("season_table", "a.py", ())]
    sources = {
        "hosts.py": "def share_url(url):\n    return url\n",
        "web/helpers.py": "def url_to_share(token):\n    return hosts.share_url(token)\n",
        "web/clubs/routes.py": "def share_url(token):\n    return hosts.share_url(token)\n",
        "a.py": "def season_table(names, evenings):\n    pass\n",
        "b.py": "class Table:\n    def season_table(self):\n        pass\n",
    }
    defined = [name for path, source in sources.items() for name in names_in(source, path)]
    calls = [call for path, source in sources.items() for call in calls_in(source, path)]
    extra, stray = twice(once, defined, calls)
    assert [str(name) for name in extra] == [
        "scorekeeper/web/clubs/routes.py:1: function share_url",
        "scorekeeper/b.py:2: function season_table",
    ]
    assert [str(call) for call in stray] == ["scorekeeper/web/clubs/routes.py:2: call share_url"]


def test_words_are_split_at_underscores_and_capitals():
    assert words_of("AlreadyRecorded") == "already recorded"
    assert words_of("_share_url") == "share url"
    assert words_of("round_") == "round"
    assert words_of("HTTPChannel") == "http channel"
    assert words_of("MOST_DEALS") == "most deals"
    assert _glob("web/*.py").fullmatch("web/actions.py")
    assert not _glob("web/*.py").fullmatch("web/evenings/routes.py")
    assert _glob("games/**").fullmatch("games/sviten/melds.py")


def test_the_glossary_says_what_the_words_of_the_domain_mean():
    text = GLOSSARY.read_text(encoding="utf-8")
    words = {re.sub(r"\*\*", "", row[0]) for row in _table(text, "Words")}
    domain = "game deal hand round table seat player member entry correction undo confirmation"
    more = "log position seq record evening season standings ratings club organiser phone event"
    assert set((domain + " " + more).split()) <= words
    for rule in rules(text):
        assert rule.inside, "a rule names where it holds (`**`: everywhere)"
        suggested = [words_of(code) for code in _codes(rule.instead)]
        assert not any(rule.words.search(said) for said in suggested), rule.instead
