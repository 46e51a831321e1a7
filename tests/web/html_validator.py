"""The Nu HTML Checker (``vnu.jar``, from ``tests/e2e/node_modules``) run over saved pages, and the
landmarks and texts read from a page."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.live import NODE_MODULES, install_node_tools

VNU = NODE_MODULES / "vnu-jar" / "build" / "dist" / "vnu.jar"


def checker() -> list[str]:
    """The command that runs the Nu checker; skipped (failed in CI) where it cannot run."""
    java = shutil.which("java")
    reason = None if java else "no Java (apt-get install default-jre-headless)"
    if reason is None and not VNU.exists():
        reason = install_node_tools() or (None if VNU.exists() else f"no {VNU}")
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"The Nu HTML checker cannot run, and CI must run it: {reason}")
        pytest.skip(reason)
    assert java is not None
    options = ["--errors-only", "--skip-non-html", "--format", "json"]
    return [java, "-Xss8m", "-jar", str(VNU), *options]


LANDMARK = re.compile(
    r"<(section|nav|aside|main|form|div)\b([^>]*\baria-label(?:ledby)?=[^>]*)>", re.IGNORECASE
)

ATTRIBUTE = re.compile(r'(aria-label|aria-labelledby|role)=(?:"([^"]*)"|([^\s">]+))')


def landmark_names(html: str) -> list[str]:
    """The names of the page's landmarks (a named section or form, a region, a nav ...)."""
    names = []
    for tag, attributes in LANDMARK.findall(html):
        said = {key: quoted or bare for key, quoted, bare in ATTRIBUTE.findall(attributes)}
        if tag == "div" and said.get("role") != "region":
            continue
        name = said.get("aria-label")
        if name is None:
            ids = said.get("aria-labelledby", "").split()
            name = " ".join(element_text(html, i) for i in ids)
        names.append(" ".join(name.split()))
    return names


def element_text(html: str, id_: str) -> str:
    opening = rf'<(\w+)[^>]*\bid="?{re.escape(id_)}(?:[\s"][^>]*)?>'
    found = re.search(rf"{opening}(.*?)</\1>", html, re.DOTALL)
    return re.sub(r"<[^>]+>", " ", found.group(2)) if found else f"#{id_}?"


def validate(folder: Path) -> list[dict[str, Any]]:
    """The checker's errors on every ``.html`` file under ``folder`` (one run)."""
    done = subprocess.run(
        [*checker(), str(folder)], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.stderr.strip(), f"the checker said nothing ({done.returncode}): {done.stdout}"
    return [m for m in json.loads(done.stderr)["messages"] if m.get("type") != "info"]
