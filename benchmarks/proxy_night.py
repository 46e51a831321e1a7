"""The club night as a club runs it: phones over HTTPS to nginx, N app processes behind it, one
PostgreSQL database (the README's *Running for a club*, on one machine).

Everything is started here and stopped however the run ends, in temporary folders:

- a PostgreSQL cluster (``.ci/postgres``), unless ``--database-url`` names a server (then a
  schema of its own there, dropped afterwards); ``scorekeeper db upgrade`` makes the tables;
- a self-signed certificate for 127.0.0.1 (``openssl``), which the phones trust;
- ``--processes`` × ``scorekeeper serve --host 127.0.0.1 --processes 1`` on free ports (each
  gunicorn's arbiter and one worker), with
  ``TRUST_PROXY=true``, ``TRUSTED_HOSTS=["127.0.0.1"]`` and ``AUTO_MIGRATE=false``;
- nginx (Debian's), not as a daemon, with a configuration written here (:func:`nginx_config`):
  TLS on a free port, one worker, the app processes as an upstream with kept-alive
  connections, ``X-Forwarded-Proto/Host/For`` set, and each game's requests sent to one
  process chosen by its token (``--balance game``; ``round-robin``: each to the next). Any
  process can answer any request; by game, the pages a process keeps drawn and the poll
  answers it remembers serve all of a table's phones instead of half of them each (at 128
  tables here, the app's CPU per request went from 1.7× one SQLite process's to 1.3×).

Then, once, through the proxy: a new game's share link and the QR code on its page say
``https://``, and the session cookie is ``Secure``. Then the club night of
``benchmarks/club_night.py``, every phone speaking TLS to nginx. It reports what the club
night reports, the app processes' CPU summed (per request too), nginx's and PostgreSQL's
CPU on lines of their own, and the memory of each process (the arbiters' and workers').

The yardstick is one process on SQLite (what ``club_night.py`` runs): the app's CPU per request
behind the proxy should stay within :data:`CPU_RATIO` of it. Given with
``--baseline-cpu-per-request MS`` or ``--baseline SUMMARY`` (what ``club_night.py --summary``
wrote), or else measured here first, with the same tables and minutes, right before.

    python benchmarks/proxy_night.py [--tables 256] [--minutes 1] [--processes 2]
        [--database-url URL] [--balance game|round-robin]
        [--baseline-cpu-per-request MS | --baseline SUMMARY] [--summary FILE] [--check]

``--check`` exits 1 on any error, a p99 over the club night's budgets, a link that is not
https, a cookie that is not Secure, or the CPU per request over the ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import ssl
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for the benchmarks' helpers

from benchmarks import club_night
from benchmarks.club_night import Night, Origin, Watched
from benchmarks.processes import database
from benchmarks.server import APP_SERVER, SERVERS, free_port, serving

ROOT = Path(__file__).resolve().parent.parent
#: The most the app's CPU per request behind the proxy may be, against one process on SQLite.
CPU_RATIO = 1.3
SHARE = re.compile(rb'class="share">.*?<a href="([^"]+)"', re.S)
QR_PATH = re.compile(rb'<path [^>]*\bd="([^"]+)"')  # the QR code's modules


# --- the pieces ------------------------------------------------------------------------------


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (and localhost), valid for two days: its
    certificate and key files."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert),
         "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return cert, key


def tls_context(cert: Path) -> ssl.SSLContext:
    """What a phone trusts: that certificate and nothing else."""
    return ssl.create_default_context(cafile=str(cert))


def nginx_config(
    folder: Path,
    port: int,
    upstreams: list[int],
    cert: Path,
    key: Path,
    phones: int = 4096,
    by_game: bool = True,
) -> str:
    """nginx's configuration: TLS on 127.0.0.1:``port`` for ``phones`` connections at once,
    passing every request to the app processes on ``upstreams`` over connections it keeps open,
    with the ``X-Forwarded-*`` headers that ``TRUST_PROXY`` reads. ``by_game``: a game's (and an
    evening's) requests all go to one process, chosen by its token, so that process's kept
    pages and poll answers serve all its phones (any process can still answer any request:
    this only saves work); otherwise each request to the next process. Every path it writes is in
    ``folder`` (its pid, logs and buffers), so it runs without root and leaves nothing behind.
    A phone is one connection and its request one more to the app: ``worker_connections``
    counts both."""
    files = 2 * phones + 128
    # As root (CI's containers), the master process starts its worker as an ordinary user; the
    # worker then writes nothing itself (the master opens the logs; responses are not
    # buffered to files, so the folder's 0700 does not matter).
    user = "user nobody nogroup;\n" if os.geteuid() == 0 else ""
    servers = "\n".join(f"        server 127.0.0.1:{p};" for p in upstreams)
    balance = "hash $game consistent;" if by_game else "# round robin"
    return f"""\
# Written by benchmarks/proxy_night.py for one run; deleted after it.
{user}worker_processes 1;
daemon off;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
worker_rlimit_nofile {files};

events {{
    worker_connections {files};
}}

http {{
    access_log {folder}/access.log combined buffer=64k flush=5s;
    client_body_temp_path {folder}/client_body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    keepalive_timeout 75s;  # a phone polls every 2 s on the connection it keeps

    map $uri $game {{
        "~^/[ge]/(?<token>[^/]+)" $token;
        default $request_id;
    }}

    upstream scorekeeper {{
        {balance}
{servers}
        keepalive 256;  # idle connections to the app kept open, for the next requests
        keepalive_timeout 20s;  # closed before the app's own 30 s idle timeout does
    }}

    server {{
        listen 127.0.0.1:{port} ssl backlog=4096;
        server_name 127.0.0.1;
        ssl_certificate {cert};
        ssl_certificate_key {key};
        ssl_protocols TLSv1.2 TLSv1.3;
        ssl_session_cache shared:TLS:10m;

        location / {{
            proxy_pass http://scorekeeper;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header X-Forwarded-Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_max_temp_file_size 0;
        }}
    }}
}}
"""


def nginx_command(folder: Path, config: Path) -> list[str]:
    nginx = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
    if nginx is None:
        raise SystemExit("nginx is not installed (apt-get install nginx-light or nginx)")
    return [nginx, "-p", f"{folder}/", "-c", str(config), "-e", str(folder / "error.log")]


def test_config(folder: Path, config: Path) -> None:
    """``nginx -t``: SystemExit with what nginx said when it refuses the configuration."""
    checked = subprocess.run(
        [*nginx_command(folder, config), "-t"], capture_output=True, text=True, timeout=60
    )
    if checked.returncode != 0:
        raise SystemExit(f"nginx refused {config}:\n{checked.stderr}")


@contextmanager
def nginx(
    folder: Path, port: int, upstreams: list[int], cert: Path, key: Path, by_game: bool = True
) -> Iterator[int]:
    """nginx in front of ``upstreams`` until the block ends: its master's process id."""
    config = folder / "nginx.conf"
    config.write_text(nginx_config(folder, port, upstreams, cert, key, by_game=by_game))
    test_config(folder, config)
    log = folder / "nginx.out"
    try:
        with serving("nginx", nginx_command(folder, config), port, log, dict(os.environ)):
            yield SERVERS[port]
    finally:
        errors = folder / "error.log"
        said = errors.read_text().strip() if errors.exists() else ""
        if said:
            print("--- nginx's error log:\n" + "\n".join(said.splitlines()[-15:]))


@contextmanager
def postgres() -> Iterator[tuple[str, int]]:
    """A throwaway PostgreSQL cluster (``.ci/postgres``): its URL and its postmaster's pid.
    In a folder of its own (as root, the cluster's user must be able to enter it)."""
    with tempfile.TemporaryDirectory(prefix="proxy-night-pg-") as folder:
        port = free_port()
        started = subprocess.run(
            [str(ROOT / ".ci/postgres"), "start", folder, str(port)],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        try:
            if started.returncode != 0:
                raise SystemExit(f".ci/postgres could not start a cluster:\n{started.stderr}")
            pid = int((Path(folder) / "data/postmaster.pid").read_text().split()[0])
            yield started.stdout.strip(), pid
        finally:
            subprocess.run([str(ROOT / ".ci/postgres"), "stop", folder], timeout=120)


@contextmanager
def app_processes(count: int, url: str, folder: Path) -> Iterator[list[tuple[int, int]]]:
    """``count`` × ``scorekeeper serve`` on the database at ``url`` (tables made first, as the
    README's step 2 does), set up to sit behind one proxy: their ports and process ids."""
    env = {
        **os.environ,
        "SCOREKEEPER_DATABASE_URL": url,
        "SCOREKEEPER_SECRET_KEY": "proxy-night-" + "0" * 40,
        "SCOREKEEPER_TRUST_PROXY": "true",
        "SCOREKEEPER_TRUSTED_HOSTS": '["127.0.0.1"]',
        "SCOREKEEPER_AUTO_MIGRATE": "false",
    }
    upgrade = [sys.executable, "-c", APP_SERVER, "db", "upgrade"]
    made = subprocess.run(upgrade, env=env, capture_output=True, text=True, timeout=300)
    if made.returncode != 0:
        raise SystemExit(f"scorekeeper db upgrade failed:\n{made.stderr}")
    with ExitStack() as stack:
        running = []
        for number in range(1, count + 1):
            port = free_port()
            command = [sys.executable, "-c", APP_SERVER, "serve", "--host", "127.0.0.1"]
            command += ["--port", str(port), "--processes", "1"]  # the proxy spreads the load
            log = folder / f"serve-{number}.log"
            stack.enter_context(serving(f"scorekeeper serve {number}", command, port, log, env))
            running.append((port, SERVERS[port]))
        yield running


# --- the checks ------------------------------------------------------------------------------


async def https_checks(origin: Origin) -> list[str]:
    """Through the proxy, a new game: what is wrong with its share link, its QR code and the
    session cookie (nothing: all https, and Secure)."""
    from scorekeeper.server.qr import qr_svg

    wrong, call = [], origin.connection(60.0)
    try:
        form = await call.request("GET", "/bismarck/new")
        session = [c for c in form.set_cookies if c.startswith("session=")]
        if not session:
            wrong.append("the first page set no session cookie")
        wrong += [f"a session cookie without Secure: {c}" for c in session if not secure(c)]
        where = await club_night.post_form(
            call, "/bismarck/new", {"player_0": "A", "player_1": "B", "player_2": "C"}
        )
        page = (await call.request("GET", where)).text()
    finally:
        call.close()
    link = SHARE.search(page)
    address = link.group(1).decode() if link else ""
    expected = f"https://{origin.host}:{origin.port}{where}"
    if address != expected:
        wrong.append(f"the share link is {address or 'missing'}, not {expected}")
    drawn = QR_PATH.search(str(qr_svg(expected)).encode())
    if drawn is None or drawn.group(1) not in page:
        wrong.append(f"the QR code on the game page is not that of {expected}")
    flags = ["; ".join(cookie.split("; ")[1:]) for cookie in session]
    print(f"through the proxy: share link and QR code {address}; session cookie: {flags}")
    return wrong


def secure(cookie: str) -> bool:
    return "secure" in (part.strip().lower() for part in cookie.split(";")[1:])


# --- the run ---------------------------------------------------------------------------------


def proxy_night(args: argparse.Namespace) -> tuple[Night, list[str]]:
    """The night through nginx; and what the https checks found wrong."""
    with ExitStack() as stack:
        work = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="proxy-night-")))
        postmaster = None
        if args.database_url:
            server = args.database_url
        else:
            server, postmaster = stack.enter_context(postgres())
        url = stack.enter_context(database(server, work))  # a schema of its own
        cert, key = certificate(work)
        apps = stack.enter_context(app_processes(args.processes, url, work))
        port = free_port()
        upstreams = [app_port for app_port, _pid in apps]
        proxy = nginx(work, port, upstreams, cert, key, by_game=args.balance == "game")
        others = {"nginx": stack.enter_context(proxy)}
        if postmaster is not None:
            others["PostgreSQL"] = postmaster
        origin = Origin("127.0.0.1", port, tls_context(cert))
        wrong = asyncio.run(https_checks(origin))
        watched = Watched([pid for _port, pid in apps], others)
        # Each process draws its first pages before the phones come, as one process does.
        warm = [Origin("127.0.0.1", app_port) for app_port, _pid in apps]
        return asyncio.run(club_night.club_night(args, origin, watched, warm)), wrong


def baseline(args: argparse.Namespace) -> tuple[float, str]:
    """The yardstick: a SQLite server's CPU per request (ms), given, read from a night's
    summary or measured now on one process; and what it was."""
    if args.baseline_cpu_per_request is not None:
        return float(args.baseline_cpu_per_request), "the given yardstick"
    if args.baseline is not None:
        summary = json.loads(args.baseline.read_text())
        count = summary.get("server_processes", 1)
        what = "one process" if count == 1 else f"{count} processes (forked)"
        return float(summary["server_cpu_ms_per_request"]), f"{what} with SQLite"
    print(f"the yardstick: {args.tables} tables on one process, SQLite, no proxy")
    night = club_night.default_server_night(argparse.Namespace(**{**vars(args), "processes": 1}))
    club_night.report(night)
    print()
    return night.cpu_per_request_ms(), "one process with SQLite"


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    club_night.night_arguments(parser, tables=256)
    parser.add_argument("--processes", type=int, default=2, help="app processes behind nginx")
    parser.add_argument(
        "--cpu-ratio",
        type=float,
        default=CPU_RATIO,
        help=f"the most the app's CPU per request may be, times one SQLite process's "
        f"(default {CPU_RATIO})",
    )
    parser.add_argument("--database-url", help="a PostgreSQL server (default: a throwaway one)")
    parser.add_argument(
        "--balance", choices=["game", "round-robin"], default="game",
        help="nginx sends a game's requests to one process (default), or each to the next",
    )  # fmt: skip
    yardstick = parser.add_mutually_exclusive_group()
    yardstick.add_argument(
        "--baseline-cpu-per-request", type=float, metavar="MS",
        help="one SQLite process's CPU per request (default: measured first)",
    )  # fmt: skip
    yardstick.add_argument(
        "--baseline", type=Path, metavar="SUMMARY",
        help="the same, from what club_night.py --summary wrote",
    )  # fmt: skip
    return parser.parse_args()


def main() -> int:
    args = arguments()
    club_night.stop_on_signals()
    club_night.raise_file_limit()
    yardstick, measured_on = baseline(args)

    def play() -> tuple[club_night.Night, list[str]]:
        night, broken = proxy_night(args)
        print(
            f"through nginx (TLS) to {args.processes} processes on PostgreSQL, "
            f"{os.cpu_count()} cores:"
        )
        broken += club_night.report(night)
        ratio = night.cpu_per_request_ms() / yardstick if yardstick else float("inf")
        print(
            f"app CPU per request: {night.cpu_per_request_ms():.2f} ms, against "
            f"{yardstick:.2f} ms on {measured_on}: {ratio:.2f}×"
        )
        if ratio > args.cpu_ratio:
            broken.append(
                f"CPU per request {ratio:.2f}× that of {measured_on} (> {args.cpu_ratio}×)"
            )
        return night, broken

    # A night that breaks a budget is played again; what both break fails (club_night.twice).
    night, broken = club_night.twice(play) if args.check else play()
    club_night.write_summary(night, args.summary)
    if args.check and broken:
        print("over budget twice: " + "; ".join(broken))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
