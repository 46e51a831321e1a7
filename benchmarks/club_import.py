"""A club night while a big club is imported (issue 34): a phone at a table enters a deal every
second (an announcement or the tricks, each a form POST with its log position) while a club
record of ``--evenings`` evenings is imported into the same ``scorekeeper serve`` — through the
web page (``/club/import``) and then with ``scorekeeper club import``. Every entry must be
stored and answered within 2 s, none 5xx.

The record is made by the app itself: a club of that many evenings (twelve members at four
Bismarck tables, a whole 12-deal game at each: ``tests/clubs/big_club.py``) built through the
evenings' and clubs' services on a database of its own, and written out by the club's record
export (``services.record_of``). The server has a database of its own, SQLite (the case that
stalled: one writer at a time), and its default settings.

Prints, for the same phone in the same run: its entries with no import running (the baseline),
then during each import: how many, the median, the 95th percentile and the longest answer, how
many took over 2 s or were 5xx, and whether every entry answered 303 is in the game's log;
with the import's own time and the ratio of each median to the baseline's.

    python benchmarks/club_import.py [--evenings 1000] [--baseline 15] [--record FILE] [--check]

``--record`` reads (or, when missing, keeps) the record, to skip building it again. ``--check``
exits 1 unless every entry was stored within 2 s with no 5xx. The machine's other work counts:
say how busy it was beside the numbers.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for the tests' helpers

from scorekeeper import create_app
from tests.clubs.big_club import big_record
from tests.games.bismarck.examples import MODERN_GAME
from tests.serving import clean_environment, serving

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
SEQ = re.compile(r'data-seq="(\d+)"')
#: The longest an entry may take, and how often the phone enters one.
WITHIN = 2.0
EVERY = 1.0
PIN = "4711"


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def http_error_303(self, req, fp, code, msg, headers):  # type: ignore[no-untyped-def]
        return fp


@dataclass
class Browser:
    """A phone's browser: its cookies, its forms' CSRF token, every answer to its writes."""

    base: str
    cookies: dict[str, str] = field(default_factory=dict)
    csrf: str = ""

    def open(self, path: str, body: bytes | None = None, kind: str = "") -> tuple[int, str, str]:
        """Status, Location and body of one request (a refusal or a fault is an answer)."""
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if kind:
            headers["Content-Type"] = kind
        request = urllib.request.Request(self.base + path, data=body, headers=headers)
        opener = urllib.request.build_opener(_NoRedirect)
        try:
            response = opener.open(request, timeout=600)
        except urllib.error.HTTPError as error:
            return error.code, "", error.read().decode("utf-8", "replace")
        with response:
            for cookie in response.headers.get_all("Set-Cookie") or []:
                name, _, value = cookie.split(";", 1)[0].partition("=")
                self.cookies[name.strip()] = value.strip()
            text = response.read().decode("utf-8", "replace")
            return response.status, response.headers.get("Location", ""), text

    def form(self, path: str, data: dict[str, object]) -> tuple[int, str, str]:
        body = urllib.parse.urlencode({"csrf_token": self.csrf, **data}).encode()
        return self.open(path, body, "application/x-www-form-urlencoded")

    def read_csrf(self, path: str) -> str:
        self.csrf = CSRF.search(self.open(path)[2]).group(1)  # type: ignore[union-attr]
        return self.csrf


@dataclass
class Entry:
    took: float
    status: int


@dataclass
class Table:
    """The phone at the other table: a Bismarck game, a new one when a game is over."""

    browser: Browser
    game: str = ""
    seq: int = 0
    stored: dict[str, int] = field(default_factory=dict)

    def new_game(self) -> Entry:
        self.browser.read_csrf("/bismarck/new")
        data = {"player_0": "Anna", "player_1": "Ben", "player_2": "Carla", "variant": "modern"}
        started = time.monotonic()
        status, where, _body = self.browser.form("/bismarck/new", {**data, "first_dealer": 0})
        took = time.monotonic() - started
        if status == 303:
            self.game, self.seq = where, 0
            self.stored[self.game] = 0
        return Entry(took, status)

    def enter(self) -> Entry:
        """The next entry of the worked example (a new game after its last)."""
        if not self.game or self.seq >= 2 * len(MODERN_GAME):
            return self.new_game()
        deal, recording = divmod(self.seq, 2)
        contract, trump, tricks = MODERN_GAME[deal]
        data: dict[str, int | str]
        if recording:
            action = "record"
            data = {"deal": deal + 1, **{f"tricks_{i}": t for i, t in enumerate(tricks)}}
        else:
            action = "announce"
            data = {"deal": deal + 1, "contract": contract, **({"trump": trump} if trump else {})}
        started = time.monotonic()
        status, _where, _body = self.browser.form(
            f"{self.game}/{action}", {"seq": self.seq, **data}
        )
        took = time.monotonic() - started
        if status == 303:
            self.seq += 1
            self.stored[self.game] = self.seq
        return Entry(took, status)

    def all_stored(self) -> bool:
        """Every entry answered 303 is in its game's log."""
        for game, count in self.stored.items():
            page = self.browser.open(game)[2]
            found = SEQ.search(page)
            if found is None or int(found.group(1)) != count:
                return False
        return True


def entering(table: Table, until: threading.Event | float) -> list[Entry]:
    """An entry every second (open loop: each due at its time) until ``until`` (an event set,
    or a number of seconds)."""
    entries: list[Entry] = []
    start = time.monotonic()
    for n in range(100_000):
        if isinstance(until, float) and n >= until:
            break
        if isinstance(until, threading.Event) and until.is_set():
            break
        due = start + n * EVERY
        time.sleep(max(0.0, due - time.monotonic()))
        entries.append(table.enter())
    return entries


def web_import(base: str, record: bytes) -> tuple[int, float]:
    """The record posted to ``/club/import`` by an organiser's browser: status and seconds."""
    browser = Browser(base)
    browser.read_csrf("/club/import")
    boundary = "scorekeeper-benchmark-boundary"
    parts = [
        *(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
            for name, value in (("csrf_token", browser.csrf), ("pin", PIN), ("pin_again", PIN))
        )
    ]
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="club_record"; '
        'filename="club.json"\r\nContent-Type: application/json\r\n\r\n'
    )
    body = "".join(parts).encode() + head.encode() + record + f"\r\n--{boundary}--\r\n".encode()
    started = time.monotonic()
    status, _where, _text = browser.open(
        "/club/import", body, f"multipart/form-data; boundary={boundary}"
    )
    return status, time.monotonic() - started


def command_import(command: str, env: dict[str, str], path: Path) -> tuple[int, float]:
    started = time.monotonic()
    done = subprocess.run(
        [command, "club", "import", str(path), "--pin", PIN],
        env=env,
        capture_output=True,
        check=False,
    )
    return done.returncode, time.monotonic() - started


def while_importing(table: Table, run: object) -> tuple[list[Entry], tuple[int, float]]:
    """The phone's entries while ``run()`` imports; its result."""
    finished = threading.Event()
    outcome: list[tuple[int, float]] = []

    def importing() -> None:
        try:
            outcome.append(run())  # type: ignore[operator]
        finally:
            finished.set()

    thread = threading.Thread(target=importing)
    thread.start()
    entries = entering(table, finished)
    thread.join()
    return entries, outcome[0]


def summary(name: str, entries: list[Entry], base: float | None) -> tuple[str, bool]:
    times = sorted(e.took for e in entries)
    late = sum(t > WITHIN for t in times)
    faults = sum(e.status >= 500 for e in entries)
    refused = sum(e.status != 303 for e in entries) - faults
    median = statistics.median(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    ratio = "" if base is None else f" ({median / base:.1f}× the baseline's median)"
    line = (
        f"{name}: {len(entries)} entries, median {median * 1000:.0f} ms{ratio}, "
        f"p95 {p95 * 1000:.0f} ms, longest {times[-1] * 1000:.0f} ms; "
        f"over {WITHIN:.0f} s: {late}, 5xx: {faults}, refused: {refused}"
    )
    return line, late == 0 and faults == 0 and refused == 0


def the_record(args: argparse.Namespace, folder: Path) -> bytes:
    if args.record and Path(args.record).exists():
        return Path(args.record).read_bytes()
    started = time.monotonic()
    settings = {"SECRET_KEY": "benchmark", "SQLITE_SYNCHRONOUS": "OFF"}
    app = create_app({**settings, "DATABASE_URL": f"sqlite:///{folder / 'seed.sqlite3'}"})
    app.instance_path = str(folder)
    with app.app_context():
        record = big_record(args.evenings)
    print(
        f"made a record of {args.evenings} evenings ({len(record) / 2**20:.1f} MB) through the "
        f"services in {time.monotonic() - started:.0f} s"
    )
    if args.record:
        Path(args.record).write_bytes(record)
    return record


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--evenings", type=int, default=1000)
    parser.add_argument("--baseline", type=float, default=15.0, help="seconds of entries")
    parser.add_argument("--record", help="a club record file to use (made and kept if missing)")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    command = str(Path(sys.executable).parent / "scorekeeper")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        record = the_record(args, folder)
        path = folder / "club.json"
        path.write_bytes(record)
        env = clean_environment(
            SCOREKEEPER_DATABASE_URL=f"sqlite:///{folder / 'served.sqlite3'}",
            SCOREKEEPER_SECRET_KEY="benchmark-" + "0" * 40,
        )
        with serving(command, folder, env, folder / "serve.log") as base:
            table = Table(Browser(base))
            baseline = entering(table, args.baseline)
            web, (web_status, web_seconds) = while_importing(
                table, lambda: web_import(base, record)
            )
            cli, (cli_status, cli_seconds) = while_importing(
                table, lambda: command_import(command, env, path)
            )
            stored = table.all_stored()
    base_line, base_ok = summary("baseline, no import", baseline, None)
    median = statistics.median(e.took for e in baseline)
    web_line, web_ok = summary("during the web import", web, median)
    cli_line, cli_ok = summary("during scorekeeper club import", cli, median)
    print(base_line)
    print(f"web import: {web_status} in {web_seconds:.1f} s")
    print(web_line)
    print(f"scorekeeper club import: exit {cli_status} in {cli_seconds:.1f} s")
    print(cli_line)
    print(f"every entry answered 303 is in its game's log: {stored}")
    good = base_ok and web_ok and cli_ok and stored and web_status == 303 and cli_status == 0
    return 0 if good or not args.check else 1


if __name__ == "__main__":
    raise SystemExit(main())
