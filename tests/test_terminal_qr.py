"""Issue 37, point 6: the QR code ``scorekeeper serve`` prints is dark on light whatever the
terminal's colours, so a phone's camera reads it: drawn in the terminal's own colours, a terminal
with dark text on a light ground showed it light on dark, which zbar (and phones) do not read.

Each line of the code is drawn as a terminal shows it — its colours (ANSI: a background and a
foreground of its own), each character two modules high (▀ ▄ █ or a space) — once on a dark
terminal and once on a light one, and zbar must read the address from both."""

from __future__ import annotations

import re
import subprocess

import pytest
from PIL import Image

from scorekeeper.server.qr import qr_text
from tests.printing.pdfs import require_tool


def grey(n: int) -> int:
    """An ANSI colour of the 256 (``38;5;n`` foreground, ``48;5;n`` background) as a grey
    level: the greys 232–255 as terminals draw them; 7 and 15 white, the rest black."""
    if n >= 232:
        return 8 + 10 * (n - 232)
    return 255 if n in (7, 15) else 0


ESCAPE = re.compile(r"\x1b\[([\d;]*)m")
#: Which halves of its cell a character fills with the foreground: (top, bottom).
HALVES = {"█": (True, True), "▀": (True, False), "▄": (False, True)}


def drawn(text: str, terminal: tuple[int, int], scale: int = 6) -> Image.Image:
    """The code as a terminal with ``terminal`` = (background, foreground) grey levels shows it:
    text in the code's own colours where it sets them, the terminal's otherwise."""
    rows: list[list[int]] = []
    for line in text.splitlines():
        top: list[int] = []
        bottom: list[int] = []
        background, foreground = terminal
        position = 0
        for found in [*ESCAPE.finditer(line), None]:
            end = found.start() if found else len(line)
            for ch in line[position:end]:
                high, low = HALVES.get(ch, (False, False))
                top.append(foreground if high else background)
                bottom.append(foreground if low else background)
            if found is None:
                break
            codes = [int(c) for c in found.group(1).split(";") if c]
            if codes in ([], [0]):
                background, foreground = terminal
            elif codes[:2] == [48, 5]:
                background = grey(codes[2])
            elif codes[:2] == [38, 5]:
                foreground = grey(codes[2])
            position = found.end()
        rows += [top, bottom]
    width = max(len(row) for row in rows)
    margin = 4  # the terminal's own ground around the code
    image = Image.new("L", (width + 2 * margin, len(rows) + 2 * margin), terminal[0])
    for y, row in enumerate(rows):
        for x, level in enumerate(row):
            image.putpixel((x + margin, y + margin), level)
    return image.resize((image.width * scale, image.height * scale), Image.NEAREST)


@pytest.mark.parametrize(("terminal", "ground"), [((20, 230), "dark"), ((250, 10), "light")])
def test_the_terminals_qr_code_reads_on_a_dark_and_a_light_terminal(terminal, ground, tmp_path):
    zbarimg = require_tool("zbarimg", "zbar-tools")
    url = "http://192.168.1.20:8000/"
    image = drawn(qr_text(url), terminal)
    path = tmp_path / f"qr-{ground}.png"
    image.save(path)
    found = subprocess.run(
        [zbarimg, "--raw", "-q", str(path)], capture_output=True, text=True, timeout=60
    )
    assert found.returncode == 0, f"no QR code read on a {ground} terminal"
    assert found.stdout.strip() == url


def test_its_ground_is_light_and_its_modules_dark():
    """The code's colours are its own: a light foreground (the light modules and the quiet
    zone, drawn as blocks) on a dark background (the dark modules, left blank)."""
    first = qr_text("http://192.168.1.20:8000/").splitlines()[0]
    assert "\x1b[38;5;255m" in first and "\x1b[48;5;232m" in first
    assert set(ESCAPE.sub("", first)) == {"█"}  # the quiet zone above the code: all light
