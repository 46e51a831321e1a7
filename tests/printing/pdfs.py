"""Reading the PDFs the tests make: text (pypdf), where a row's cells come in it, pages, page
size, the red of a suit's fill, and the QR code they carry (rendered with pdftoppm, decoded with
zbarimg)."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import pytest
from pypdf import PdfReader

A4 = (595, 842)
LETTER = (612, 792)


@dataclass(frozen=True)
class Pdf:
    """A PDF's bytes and what is read from them, each read once: a test that looks for forty
    rows of one season table reads its text once, not forty times (``cached_property`` writes
    the instance's dictionary, which a frozen dataclass allows)."""

    data: bytes

    @cached_property
    def reader(self) -> PdfReader:
        return PdfReader(io.BytesIO(self.data))

    @cached_property
    def pages(self) -> int:
        return len(self.reader.pages)

    @cached_property
    def size(self) -> tuple[int, int]:
        box = self.reader.pages[0].mediabox
        return round(float(box.width)), round(float(box.height))

    @cached_property
    def text(self) -> str:
        return "\n".join(page.extract_text() for page in self.reader.pages)

    @cached_property
    def lines(self) -> list[str]:
        """The text's non-empty lines, stripped: a table's cells come one per line."""
        return [line.strip() for line in self.text.splitlines() if line.strip()]

    def has_run(self, *cells: str) -> bool:
        """Whether these cells appear one after another (a table row read left to right)."""
        lines, size = self.lines, len(cells)
        return any(tuple(lines[i : i + size]) == cells for i in range(len(lines) - size + 1))

    @cached_property
    def content(self) -> bytes:
        return b"".join(page.get_contents().get_data() for page in self.reader.pages)


def one_line(text: str) -> str:
    return " ".join(text.split())


def require_tool(name: str, package: str) -> str:
    """The tool's path; skipped where it is missing, except in CI where it must be there."""
    path = shutil.which(name)
    if path is None:
        if os.environ.get("CI"):
            pytest.fail(f"{name} ({package}) is missing, and CI must run this check.")
        pytest.skip(f"{name} is not installed (Debian package {package}).")
    return path


def decode_qr(data: bytes, folder: Path) -> str:
    """Render the PDF's page at 150 dpi and decode the QR code on it."""
    pdftoppm = require_tool("pdftoppm", "poppler-utils")
    zbarimg = require_tool("zbarimg", "zbar-tools")
    pdf = folder / "page.pdf"
    pdf.write_bytes(data)
    subprocess.run(
        [pdftoppm, "-r", "150", "-png", "-singlefile", str(pdf), str(folder / "page")],
        check=True,
        capture_output=True,
        timeout=60,
    )
    found = subprocess.run(
        [zbarimg, "--raw", "-q", str(folder / "page.png")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert found.returncode == 0, f"no QR code found: {found.stderr}"
    return found.stdout.strip()


def poppler_text(data: bytes, folder: Path, page: int | None = None) -> str:
    """The text of the PDF (or of one page, from 1) as poppler's ``pdftotext -layout`` reads
    it: a table's row stays on one line."""
    pdftotext = require_tool("pdftotext", "poppler-utils")
    pdf = folder / "read.pdf"
    pdf.write_bytes(data)
    pages = [] if page is None else ["-f", str(page), "-l", str(page)]
    done = subprocess.run(
        [pdftotext, "-layout", *pages, str(pdf), "-"],
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.stdout


def run_at(pdf: Pdf, *cells: str) -> int:
    """Where these cells come one after another in the PDF's text (a row read left to right),
    counted in words: the text's extractor may put two cells of a row on one line."""
    words = pdf.text.split()
    row = " ".join(cells).split()
    found = [i for i in range(len(words) - len(row) + 1) if words[i : i + len(row)] == row]
    assert found, (row, words[:80])
    return found[0]


# reportlab writes fill colours as "r g b rg"; the red of hearts and diamonds (#b3141b).
RED_FILL = re.compile(rb"\.70196\d* \.07843\d* \.10588\d* rg")
