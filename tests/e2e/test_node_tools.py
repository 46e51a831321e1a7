"""The browser tests install their npm tools themselves: only when missing or outdated."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.e2e import live

LOCKED = {"axe-core": "4.14.1", "lighthouse": "12.8.2"}  # as tests/e2e/package-lock.json


@pytest.fixture
def e2e(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A tests/e2e folder with a package.json and lock file pinning LOCKED, nothing installed."""
    (tmp_path / "package.json").write_text(
        json.dumps({"devDependencies": dict.fromkeys(LOCKED, "pinned")})
    )
    packages = {f"node_modules/{name}": {"version": v} for name, v in LOCKED.items()}
    (tmp_path / "package-lock.json").write_text(json.dumps({"packages": {"": {}, **packages}}))
    monkeypatch.setattr(live, "HERE", tmp_path)
    monkeypatch.setattr(live, "NODE_MODULES", tmp_path / "node_modules")
    return tmp_path


def install(e2e: Path, versions: dict[str, str]) -> None:
    for name, version in versions.items():
        folder = e2e / "node_modules" / name
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "package.json").write_text(json.dumps({"name": name, "version": version}))


def test_tools_are_current_only_at_the_locked_versions(e2e):
    assert not live.node_tools_current()
    install(e2e, {"axe-core": "4.14.1"})
    assert not live.node_tools_current()  # lighthouse missing
    install(e2e, {"lighthouse": "12.8.2", "axe-core": "4.10.0"})
    assert not live.node_tools_current()  # axe-core outdated
    install(e2e, LOCKED)
    assert live.node_tools_current()


def test_npm_ci_runs_when_a_tool_is_missing_and_not_when_current(e2e, monkeypatch):
    ran = []

    def npm(command, **_kwargs):
        ran.append(command)
        install(e2e, LOCKED)
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(live.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(live.subprocess, "run", npm)
    assert live.install_node_tools() is None
    assert [command[:4] for command in ran] == [["/usr/bin/npm", "ci", "--prefix", str(e2e)]]
    assert live.install_node_tools() is None
    assert len(ran) == 1


def test_without_npm_or_when_npm_fails_the_reason_is_given(e2e, monkeypatch):
    monkeypatch.setattr(live.shutil, "which", lambda name: None)
    assert "no npm" in live.install_node_tools()

    def failing(command, **_kwargs):
        return subprocess.CompletedProcess(command, 1, "", "npm ERR! network unreachable\n")

    monkeypatch.setattr(live.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(live.subprocess, "run", failing)
    reason = live.install_node_tools()
    assert "npm ci --prefix tests/e2e failed (1)" in reason
    assert "network unreachable" in reason
