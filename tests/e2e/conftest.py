"""Fixtures for the browser tests: the real app on 127.0.0.1, Debian's Chromium, phone contexts.

Playwright for Python drives ``/usr/bin/chromium`` directly (``playwright.sync_api``; not the
pytest-playwright plugin, which warns under ``pytest -W error``). Where Chromium, the playwright
package or npm is missing, these tests skip and say why; when ``CI`` is set they fail instead,
so a CI machine that lost its browser cannot pass quietly. ``CHROMIUM=/path`` points at another
Chromium build. The npm tools (axe-core) are installed from the lock file on first use
(``npm ci --prefix tests/e2e``), so one ``pytest`` runs everything on a fresh checkout.

Every test here that needs the live server or Chromium is marked ``slow``: ``pytest -m "not slow"``
is the quick loop without them.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.e2e.live import (
    AXE,
    HERE,
    PHONE,
    SCREENSHOTS,
    LiveServer,
    install_node_tools,
    launch,
    live_server,
    missing_tools,
)

try:
    import playwright.sync_api  # noqa: F401
except ImportError:  # the test modules import it; say why they are not collected
    if os.environ.get("CI"):
        raise
    collect_ignore_glob = ["test_*.py"]


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every browser test is slow (a real server, Chromium): ``-m "not slow"`` leaves them out.
    A browser test that waits on Chromium for longer than ``BROWSER_TEST_SECONDS`` is stopped
    (pytest-timeout: some Playwright calls have no timeout of their own, and one waited forever
    in CI), and one that timed out runs once more (pytest-rerunfailures); a test that fails for
    any other reason, or times out twice, fails."""
    for item in items:
        needs = getattr(item, "fixturenames", ())
        if HERE in item.path.parents and ("browser" in needs or "server" in needs):
            item.add_marker(pytest.mark.slow)
            item.add_marker(pytest.mark.timeout(BROWSER_TEST_SECONDS, method="signal"))
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=TIMED_OUT))


#: The longest a browser test may take (the longest takes some 40 s on a busy 2-core machine).
BROWSER_TEST_SECONDS = 180
#: What a test that timed out says: Playwright's own timeout, or pytest-timeout's.
TIMED_OUT = ["TimeoutError", r"Timeout \(>"]


def unavailable(reason: str) -> None:
    """Skip on a developer's machine; fail under CI, where the browser tests must run."""
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run: {reason} (CI is set, so this fails)", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason}")


# Package scope: one server and one browser for all the browser tests, stopped before pytest
# moves on to the other packages (Playwright's sync API keeps an asyncio loop running in the
# main thread while it is started, which the Flask test client's teardown cannot run beside).


@pytest.fixture(scope="package")
def server(tmp_path_factory) -> Iterator[LiveServer]:
    """One live app for the browser tests; every test starts its own game in it."""
    with live_server(tmp_path_factory.mktemp("e2e-instance"), POLL_SECONDS=1) as live:
        yield live


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    reason = missing_tools()
    if reason:
        unavailable(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def new_phone(browser, server) -> Iterator[Callable[..., Any]]:
    """Open a page on a new phone (its own cookies); keyword arguments override the context."""
    contexts = []

    def open_phone(**overrides: Any):
        context = browser.new_context(**{**PHONE, **overrides}, base_url=server.url)
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture
def phone(new_phone):
    return new_phone()


@pytest.fixture(scope="session")
def axe_source() -> str:
    reason = missing_tools() or install_node_tools() or missing_tools(axe=True)
    if reason:
        unavailable(reason)
    return AXE.read_text()


@pytest.fixture
def axe(axe_source) -> Callable[[Any, str], list[dict[str, Any]]]:
    """``axe(page, name)``: run axe-core on the page; the serious and critical violations."""

    def check(page, name: str) -> list[dict[str, Any]]:
        if not page.evaluate("typeof window.axe !== 'undefined'"):
            # Evaluated through the browser's debugging protocol: a <script> added to the page
            # would be inline script, which the pages' Content-Security-Policy refuses.
            page.evaluate(f"{axe_source}\n;undefined")
        result = page.evaluate(
            "() => axe.run(document, {resultTypes: ['violations']})"
            ".then(r => r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
            " nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary)})))"
        )
        bad = [v for v in result if v["impact"] in ("serious", "critical")]
        if bad:
            out = SCREENSHOTS.parent / "axe"
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{name}.json").write_text(json.dumps(result, indent=2))
        return bad

    return check
