"""A wheel that works (issue 16): ``pip wheel .`` carries the templates, static files, migrations,
schemas and the fonts the PDFs embed; installed in a fresh virtual environment and started from
another folder, it serves a game page with its stylesheet, in English and in Swedish, and its
score sheet with those fonts."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from scorekeeper.web import register_built_in_games
from scorekeeper.web.assets import bundle_bytes
from tests.serving import Phone, clean_environment, serving, start_a_game

ROOT = Path(__file__).resolve().parent.parent
#: Never copied into the build: what a working checkout has beside its sources.
LEFT_OUT = shutil.ignore_patterns(
    ".git", ".venv", "venv", "node_modules", "instance", "build", "dist", "artifacts",
    "__pycache__", "*.egg-info", ".pytest_cache", ".ruff_cache", ".hypothesis", "*.whl",
)  # fmt: skip

pytestmark = pytest.mark.slow


def run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"{command}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built by pip from a clean copy of the sources (no earlier build/ in it), with
    the test environment's setuptools (the build-system's requirement, in the test extra): an
    isolated build environment installed from the index took ten seconds of every run."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=LEFT_OUT)
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
        "-w", work / "dist", ".", cwd=source)  # fmt: skip
    (built,) = (work / "dist").glob("scorekeeper-*.whl")
    return built


def files(folder: Path, inside: str) -> set[str]:
    """The files under ``folder`` as the wheel names them, under ``inside``."""
    found = (
        path for path in folder.rglob("*") if path.is_file() and "__pycache__" not in path.parts
    )
    return {f"{inside}/{path.relative_to(folder).as_posix()}" for path in found}


def test_the_wheel_carries_what_the_app_reads_at_run_time(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    package = ROOT / "scorekeeper"
    for shipped in (
        files(ROOT / "templates", "scorekeeper/templates"),
        files(ROOT / "static", "scorekeeper/static"),
        files(package / "migrations", "scorekeeper/migrations"),
        files(package / "schemas", "scorekeeper/schemas"),
        files(package / "printing" / "fonts", "scorekeeper/printing/fonts"),  # DejaVu, licence
    ):
        assert shipped and shipped <= names, shipped - names
    translations = files(package / "translations", "scorekeeper/translations")  # once there
    assert translations <= names, translations - names
    assert not [n for n in names if n.startswith(("tests/", "templates/", "static/"))]


def test_the_installed_wheel_serves_a_game_page_with_its_stylesheet(wheel, tmp_path):
    venv = tmp_path / "venv"
    # Without a pip of its own (installing one took seconds): this environment's pip installs
    # into it and checks it (``pip --python``).
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    lend_dependencies(bin_dir / "python")
    pip = (sys.executable, "-m", "pip", "--python", bin_dir / "python")
    run(*pip, "install", "-q", "--no-deps", wheel, cwd=tmp_path)
    run(*pip, "check", cwd=tmp_path)  # what the wheel asks for is there
    elsewhere = tmp_path / "elsewhere"  # not the repository: nothing found by accident
    elsewhere.mkdir()
    env = clean_environment(SCOREKEEPER_DATABASE_URL=f"sqlite:///{tmp_path / 'club.sqlite3'}")
    current = run(bin_dir / "scorekeeper", "db", "current", cwd=elsewhere, env=env)
    assert "head" in current  # migrated at start (AUTO_MIGRATE), from the wheel's migrations

    with serving(bin_dir / "scorekeeper", elsewhere, env, tmp_path / "server.log") as base:
        phone = Phone(base)
        game = start_a_game(phone)
        status, mimetype, page = phone.get(game)
        assert status == 200 and mimetype == "text/html"
        assert "Anna deals" in as_read(page.decode())
        swedish = phone.get(f"{game}?lang=sv")[2].decode()  # the catalogue travels too
        assert "Anna ger · Ben är förhand" in as_read(swedish)
        stylesheet = re.search(r'<link rel="stylesheet" href="([^"]+)"', page.decode()).group(1)
        status, mimetype, css = phone.get(stylesheet)
        assert status == 200 and mimetype == "text/css"
        register_built_in_games()  # a game's bundle is a game page's (alone, none was yet)
        assert css == bundle_bytes(ROOT / "static", "bismarck", "css")  # the game's bundle
        script = re.search(r'<script src="([^"]+)"', page.decode()).group(1)
        assert phone.get(script)[:2] == (200, "text/javascript")
        status, mimetype, sheet = phone.get(f"{game}/sheet.pdf")
        assert (status, mimetype) == (200, "application/pdf")
        assert b"DejaVuSans" in sheet and b"/Helvetica" not in sheet  # its fonts embedded
    assert not (elsewhere / "instance").exists()  # the instance folder is the environment's:
    assert (venv / "var" / "scorekeeper-instance" / "secret_key").is_file()


def lend_dependencies(python: Path) -> None:
    """Let the fresh environment at ``python`` import the test environment's packages, after
    its own: installing the wheel's dependencies from the index again took a minute of the
    suite. Only a path is added (the test environment's .pth files, its editable checkout among
    them, are not read), so ``scorekeeper`` is the wheel's, found first."""
    own = run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))", cwd=ROOT)
    lent = [p for p in sys.path if p.endswith("site-packages")]
    (Path(own.strip()) / "lent-dependencies.pth").write_text("\n".join(lent) + "\n")


def as_read(html: str) -> str:
    """A page's words as a reader sees them: without its tags, spaces run together."""
    return " ".join(re.sub(r"<[^>]+>", "", html).split())
