"""Where a page lands after a write, measured in the browser: the part that says what changed
(``#latest``, a corrected row) inside the viewport, just below the game page's sticky head.

Entries here are made by the forms' names and addresses rather than their words, so that the
same steps run in English and in Swedish.
"""

from __future__ import annotations

from typing import Any

#: Screens the landing tests run on: each width, both schemes and both languages at least once
#: (the full cross product would triple the time and find nothing these do not).
SCREENS: dict[str, dict[str, Any]] = {
    "320-dark-sv": {
        "viewport": {"width": 320, "height": 568},
        "color_scheme": "dark",
        "locale": "sv-SE",
    },
    "360-light-en": {
        "viewport": {"width": 360, "height": 740},
        "color_scheme": "light",
        "locale": "en-GB",
    },
    "390-dark-en": {
        "viewport": {"width": 390, "height": 844},
        "color_scheme": "dark",
        "locale": "en-GB",
    },
}

#: Where ``selector`` is against the sticky head (its bottom; 0 on a page without one) and the
#: viewport (its height), and whether it holds the focus.
WHERE = """(selector) => {
  const head = document.querySelector('header.now'), el = document.querySelector(selector);
  if (!el) return null;
  const box = el.getBoundingClientRect();
  return {head: head ? head.getBoundingClientRect().bottom : 0, top: box.top,
          bottom: box.bottom, height: innerHeight, url: location.pathname + location.hash,
          focused: el.contains(document.activeElement)};
}"""

#: How far below the head "just below" may be (app.js leaves 8 px; CSS alone, without the
#: script, assumes a head of 7rem).
GAP = 40


def evaluated(page: Any, function: str, arg: Any = None, timeout: float = 10_000) -> Any:
    """What the JavaScript ``function`` returns for ``arg``, like ``page.evaluate``, but within
    ``timeout`` ms. Playwright's ``evaluate`` has no timeout: one that starts while the page is
    being reloaded (a live refresh) waits for the new page, and it once waited forever, holding
    CI. ``wait_for_function`` does the same and keeps to a timeout."""
    handle = page.wait_for_function(
        f"(arg) => ({{value: ({function})(arg)}})", arg=arg, timeout=timeout
    )
    return handle.json_value().get("value")


def where(page: Any, selector: str) -> dict[str, Any]:
    page.wait_for_load_state("load")
    found = evaluated(page, WHERE, selector)
    assert found is not None, f"no {selector} on {page.url}"
    return found


def assert_landed(page: Any, what: str, selector: str = "#latest", gap: float = GAP) -> None:
    """``selector`` is in the viewport, its top just below the head (within ``gap`` px)."""
    box = where(page, selector)
    ok = box["head"] - 1 <= box["top"] <= box["head"] + gap and box["bottom"] <= box["height"] + 1
    assert ok, f"{what}: {selector} at {box['top']:.0f}..{box['bottom']:.0f}, {box}"


def wait_for_seq(page: Any, seq: int) -> None:
    """Until the page shows the game at log position ``seq`` (after its own write, or when the
    live refresh reloaded it), and has landed."""
    page.locator(f'[data-game][data-seq="{seq}"]').wait_for(state="attached")
    page.wait_for_load_state("load")


def seq_of(page: Any) -> int:
    return int(page.locator("[data-game]").get_attribute("data-seq"))


def submit(page: Any, form: str) -> None:
    """Tap the main button of the form whose address ends with ``form``."""
    page.locator(f'form[action*="/{form}"] button:not([type=button])').first.tap()


def choose(page: Any, name: str, value: str) -> None:
    """Tap the choice (a label around a radio button) ``name`` = ``value``."""
    page.locator(f'label:has(> input[name="{name}"][value="{value}"])').first.tap()
