"""What the browser tests check of every page on a phone: nothing wider than the screen, every
tap target big enough for a thumb (44×44 CSS px), and axe-core's serious violations, said so
that a failure reads at a glance."""

from __future__ import annotations

from typing import Any

#: The smallest tap target, in CSS pixels (WCAG 2.5.5, and what the platforms advise).
THUMB = 44

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


#: The names in a game page's head (the race to the target: Klaberjass, Sviten): their text,
#: whether one is cut short, and where it ends.
RACE_NAMES = """() => [...document.querySelectorAll('header.now .race li > span')].map(span => ({
  text: span.textContent.replace(/\\s+/g, ' ').trim(),
  cut: span.scrollWidth > span.clientWidth + 0.5
    || [...span.querySelectorAll('*')].some(e => e.scrollWidth > e.clientWidth + 0.5),
  right: span.getBoundingClientRect().right,
}))"""


#: The head's line of who deals and who leads (``<p class="who">``'s first child): how many lines
#: it takes, where it ends, and how wide each name in it is shown (a long name is cut short).
WHO_LINE = """() => {
  const p = document.querySelector('header.now .who'), line = p.firstElementChild;
  const box = line.getBoundingClientRect();
  return {lines: Math.round(box.height / parseFloat(getComputedStyle(p).lineHeight)),
          right: box.right, shown: [...line.children].map(e => e.clientWidth)};
}"""


def overflow(page: Any) -> dict[str, Any]:
    """:data:`OVERFLOW` of the page once its stylesheet is in. A page reached by a tap shows its
    text (what a test waits for) before the stylesheet has arrived, and laid out without it a
    table or a long link is wider than a phone."""
    page.wait_for_load_state("load")
    return page.evaluate(OVERFLOW)


def page_width(page: Any) -> int:
    """How wide the page lays out, once its stylesheet is in (see :func:`overflow`)."""
    return overflow(page)["scroll"]


def layout_problems(page: Any, name: str) -> list[str]:
    """What keeps the page ``name`` from fitting its phone: the page scrolling sideways, or a
    tap target smaller than a thumb (a link inside a sentence excepted)."""
    problems = []
    layout = overflow(page)
    if layout["scroll"] > layout["client"] or layout["wide"]:
        problems.append(
            f"{name}: page {layout['scroll']} px wide on {layout['client']}: {layout['wide']}"
        )
    for target in page.evaluate(TAP_TARGETS):
        if not target["inline"] and (
            target["width"] < THUMB - 0.01 or target["height"] < THUMB - 0.01
        ):
            problems.append(
                f"{name}: {target['what']} is {target['width']:.0f}×{target['height']:.0f}"
            )
    return problems


def axe_report(violations: dict[str, list[dict[str, Any]]]) -> str:
    """axe's violations by page, one line each with the first few nodes under it."""
    return "\n".join(
        f"{page}: [{v['impact']}] {v['id']}: {v['help']}\n    " + "\n    ".join(v["nodes"][:5])
        for page, found in violations.items()
        for v in found
    )


# Where the browser broke each element's text between lines, read off the rendering: a line
# starts where a character sits lower than the one before it. A break after a space or a hyphen
# is where a reader expects one; any other is a word broken in two, said as "Bartholome|w-...".
MID_WORD_BREAKS = r"""(selector) => {
  const broken = [];
  const range = document.createRange();
  for (const el of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let text = '', before = null, mid = false;
    for (let node; (node = walker.nextNode());) {
      if (node.parentElement.closest('.sr')) continue;
      for (let i = 0; i < node.length; i++) {
        const ch = node.data[i];
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        if (!box || !box.width) { text += ch; continue; }  // a space folded away at a break
        if (before && box.top > before.top + before.height / 2) {
          const wanted = /[\s\-\u2010]/.test(before.ch) || /\s/.test(text.slice(-1));
          text += wanted ? '\n' : '|';
          mid = mid || !wanted;
        }
        text += ch;
        before = {top: box.top, height: box.height, ch: ch};
      }
    }
    if (mid) broken.push(text.trim());
  }
  return broken;
}"""


def mid_word_breaks(page: Any, selector: str) -> list[str]:
    """The texts of the elements ``selector`` finds that the browser broke inside a word,
    ``|`` where it broke them (see :data:`MID_WORD_BREAKS`)."""
    page.wait_for_load_state("load")
    return page.evaluate(MID_WORD_BREAKS, selector)
