"""Long player names in the browser tests, and the script that reads the names a page's head
shows."""

from __future__ import annotations

LONG = "Bartholomew-Fitzwilliam-Smythe"

#: Each name in the line of who deals: its text, title, the width it needs and the width it got;
#: and the line's height against one line of its text.
NAMES_IN_HEAD = """() => {
  const line = document.querySelector('.now .who > :first-child');
  const names = [...line.querySelectorAll('span')].map(s => ({
    text: s.textContent, title: s.title, needs: s.scrollWidth, got: s.clientWidth}));
  return {names, height: line.getBoundingClientRect().height,
          line: parseFloat(getComputedStyle(line).lineHeight)};
}"""
