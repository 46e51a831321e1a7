"""Scenario 6: every page on a small phone, light and dark: nothing wider than the screen, and
every tap target big enough for a thumb (44×44 CSS px). Screenshots go to artifacts/screenshots/.
"""

from __future__ import annotations

import pytest

from tests.e2e.table import PLAYERS, shoot, tour

# What a thumb taps. A radio button or checkbox inside its label is tapped through the label:
# the label is the target. Labels that only caption a text field are not targets of their own.
TAP_TARGETS = r"""() => {
  const found = [];
  const seen = new Set();
  for (const el of document.querySelectorAll(
      'a[href], button, input:not([type=hidden]), select, textarea, summary')) {
    const choice = el.matches('input[type=radio], input[type=checkbox]') && el.closest('label');
    const target = choice || el;
    if (seen.has(target)) continue;
    seen.add(target);
    const box = target.getBoundingClientRect();
    const style = getComputedStyle(target);
    if (!target.getClientRects().length || style.visibility === 'hidden') continue;
    if (box.right < 0 || box.bottom < 0) continue;  // off screen until focused (skip link)
    // WCAG 2.5.8, "Inline": a link inside a sentence is sized by the sentence's line height.
    // A sentence has words outside its links; a row of links separated by dots is not one.
    let words = '';
    if (target.tagName === 'A' && style.display === 'inline') {
      const block = target.parentElement.cloneNode(true);
      block.querySelectorAll('a').forEach(a => a.remove());
      words = block.textContent.replace(/[^\p{L}]/gu, '');
    }
    const inline = words.length > 0;
    const text = (target.getAttribute('aria-label') || target.textContent).trim();
    found.push({
      what: target.tagName.toLowerCase() + (target.className ? '.' + target.className : '')
        + ' "' + text.slice(0, 40) + '"',
      width: box.width, height: box.height, inline: inline,
    });
  }
  return found;
}"""

# Wider than the screen: the page itself must not scroll sideways. Tables may scroll inside
# their own .scroll box; anything else poking out of the viewport is reported.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('.scroll, .sr, .skip')) continue;
    const box = el.getBoundingClientRect();
    if (box.width && (box.right > width + 0.5 || box.left < -0.5))
      wide.push(el.tagName.toLowerCase() + '.' + el.className + ' ' + Math.round(box.left)
        + '..' + Math.round(box.right));
  }
  return {scroll: document.documentElement.scrollWidth, client: width, wide: wide};
}"""

SCREENS = {
    # scheme, screen size, players; the narrow phone also gets a long name.
    "light": ("light", (390, 844), PLAYERS),
    "dark": ("dark", (390, 844), PLAYERS),
    "dark-320": ("dark", (320, 568), ("Anna", "Bartholomew-Fitzwilliam", "Carla")),
}


@pytest.mark.parametrize("screen", SCREENS)
def test_pages_fit_a_small_phone_and_have_thumb_sized_targets(screen, new_phone, server):
    scheme, (width, height), players = SCREENS[screen]
    phone = new_phone(color_scheme=scheme, viewport={"width": width, "height": height})
    problems = []
    for name in tour(phone, server, players):
        shoot(phone, f"{name}-{screen}")
        if name in ("record", "over"):  # what the phone shows first, as in docs/
            phone.evaluate("window.scrollTo(0, 0)")
            shoot(phone, f"{name}-{screen}-top", full_page=False)
        layout = phone.evaluate(OVERFLOW)
        if layout["scroll"] > layout["client"] or layout["wide"]:
            problems.append(f"{name}: page {layout['scroll']} px wide on {width}: {layout['wide']}")
        for target in phone.evaluate(TAP_TARGETS):
            if target["inline"]:
                continue
            if target["width"] < 44 - 0.01 or target["height"] < 44 - 0.01:
                problems.append(
                    f"{name}: {target['what']} is {target['width']:.0f}×{target['height']:.0f}"
                )
        # The skip link appears when focused (keyboard users); then it is a target too.
        skip = phone.locator("a.skip")
        skip.focus()
        box = skip.bounding_box()
        if box["width"] < 44 or box["height"] < 44:
            problems.append(f"{name}: focused skip link is {box['width']:.0f}×{box['height']:.0f}")
        skip.blur()
    assert not problems, "\n".join(problems)
