"""Issue 23, point 12: every kind of PDF the app prints is sound (``qpdf --check``), carries
every font it names (``pdffonts``: nothing unembedded, not even the standard Helvetica), names
its language (``/Lang``, the page's) and has a subject; the evening's PDFs take Swedish file
names on Swedish pages. The PDFs are fetched as a player would, from the pages, in English and
Swedish: each game's blank sheet and rules card, its sheet and card in play and finished, and
an evening's standings and table cards of each game, and a club's season table.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from reportlab import rl_config

from scorekeeper.languages.locales import words_for
from scorekeeper.printing.bismarck import bismarck_sheet
from scorekeeper.printing.common import PACKAGED_FONTS, find_fonts
from tests.games.bismarck.examples import MODERN_GAME, game
from tests.printing.pdfs import Pdf, require_tool
from tests.web.bismarck.client import Table, play_modern_game
from tests.web.clubs.club import make_club
from tests.web.evenings.helpers import evening_token, new_evening, start
from tests.web.free.client import CHICAGO, FreeTable
from tests.web.klaberjass.client import HANDS as KLABERJASS_HANDS
from tests.web.klaberjass.client import KlaberjassTable
from tests.web.sviten.client import HANDS as SVITEN_HANDS
from tests.web.sviten.client import SvitenTable

KINDS = ("bismarck", "klaberjass", "sviten", "free")


def fetch(client: Any, url: str) -> Any:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    assert response.mimetype == "application/pdf", url
    return response


def game_pdfs(client: Any) -> dict[str, bytes]:
    """Each game's blank sheet and rules card, and its sheet and card in play and finished."""
    pdfs = {}
    for kind in KINDS:
        pdfs[f"{kind} blank sheet"] = fetch(client, f"/print/blank/{kind}").data
        pdfs[f"{kind} blank rules card"] = fetch(client, f"/print/blank/{kind}?card=rules").data
    for state, deals, hands, matches, chicago in (
        ("in play", MODERN_GAME[:4], KLABERJASS_HANDS[:3], SVITEN_HANDS[:2], CHICAGO[:2]),
        ("finished", MODERN_GAME, KLABERJASS_HANDS, SVITEN_HANDS, CHICAGO),
    ):
        bismarck = Table(client)
        bismarck.start()
        play_modern_game(bismarck, deals)
        klaberjass = KlaberjassTable(client)
        klaberjass.start()
        klaberjass.play(hands)
        sviten = SvitenTable(client)
        sviten.start()
        sviten.play(matches)
        free = FreeTable(client)
        free.start(game_name="Chicago", end="target", target="52")
        free.play(chicago)
        tables = {"bismarck": bismarck, "klaberjass": klaberjass, "sviten": sviten, "free": free}
        for kind, table in tables.items():
            pdfs[f"{kind} sheet, {state}"] = fetch(client, f"{table.url}/sheet.pdf").data
            pdfs[f"{kind} rules card, {state}"] = fetch(client, f"{table.url}/rules.pdf").data
    return pdfs


def evening_pdfs(client: Any, language: str) -> dict[str, bytes]:
    """An evening's standings and its round's table cards, of each game; their file names."""
    pdfs = {}
    for kind in KINDS:
        token = evening_token(new_evening(client, kind, target="500"))
        assert start(client, token, 1).status_code == 303
        standings = fetch(client, f"/e/{token}/standings.pdf")
        cards = fetch(client, f"/e/{token}/round/1/cards.pdf")
        names = {"en": ("standings.pdf", "round-1.pdf"), "sv": ("stallning.pdf", "rond-1.pdf")}
        said = [r.headers["Content-Disposition"] for r in (standings, cards)]
        assert said == [f'inline; filename="{name}"' for name in names[language]]
        pdfs[f"{kind} evening standings"] = standings.data
        pdfs[f"{kind} evening table cards"] = cards.data
    return pdfs


def club_pdfs(client: Any, language: str) -> dict[str, bytes]:
    """A club's season table, with its file name."""
    token = make_club(client)
    season = fetch(client, f"/c/{token}/season.pdf")
    name = {"en": "season.pdf", "sv": "sasongstabell.pdf"}[language]
    assert season.headers["Content-Disposition"] == f'inline; filename="{name}"'
    return {"club season table": season.data}


def unembedded(pdffonts: str, path: Path) -> list[str]:
    """The fonts ``pdffonts`` lists for the PDF that are not embedded (none listed: a fail)."""
    done = subprocess.run(
        [pdffonts, str(path)], capture_output=True, text=True, timeout=60, check=True
    )
    rows = done.stdout.splitlines()[2:]
    assert rows, f"{path.name}: pdffonts lists no font at all"
    # name, type (one or two words), encoding, then emb sub uni and the object number.
    return [row.split()[0] for row in rows if row.split()[-5] != "yes"]


def qpdf_check(qpdf: str, path: Path) -> str:
    done = subprocess.run(
        [qpdf, "--check", str(path)], capture_output=True, text=True, timeout=60, check=False
    )
    return "" if done.returncode == 0 else f"{done.returncode}: {done.stdout}{done.stderr}"


@pytest.mark.parametrize("language", ["en", "sv"])
def test_every_kind_of_pdf_is_sound_embeds_its_fonts_and_names_its_language(
    client, tmp_path, language
):
    pdffonts = require_tool("pdffonts", "poppler-utils")
    qpdf = require_tool("qpdf", "qpdf")
    client.get(f"/language/{language}")
    pdfs = {**game_pdfs(client), **evening_pdfs(client, language), **club_pdfs(client, language)}
    assert len(pdfs) == (2 + 4 + 2) * len(KINDS) + 1
    problems = []
    for number, (name, data) in enumerate(pdfs.items()):
        path = tmp_path / f"{number}.pdf"
        path.write_bytes(data)
        if checked := qpdf_check(qpdf, path):
            problems.append(f"{name}: qpdf --check {checked}")
        if missing := unembedded(pdffonts, path):
            problems.append(f"{name}: fonts not embedded: {missing}")
        reader = Pdf(data).reader
        if reader.trailer["/Root"].get("/Lang") != language:
            problems.append(f"{name}: /Lang is {reader.trailer['/Root'].get('/Lang')!r}")
        subject = reader.metadata.subject if reader.metadata else None
        if not subject or subject == "(unspecified)":
            problems.append(f"{name}: no subject")
    assert not problems, "\n".join(problems)


def test_the_package_ships_the_fonts_it_embeds_and_a_sheet_names_no_other():
    """Without the tools: a filled sheet with its chart and QR code, in Swedish."""
    assert find_fonts([PACKAGED_FONTS]).embedded
    assert "Bitstream Vera" in (PACKAGED_FONTS / "LICENSE").read_text()
    data = bismarck_sheet(game(), url="http://192.0.2.9:8000/g/abc", words=words_for("sv"))
    assert b"DejaVuSans" in data and b"/Helvetica" not in data
    reader = Pdf(data).reader
    assert reader.trailer["/Root"]["/Lang"] == "sv"
    assert reader.metadata and reader.metadata.subject


def test_in_reportlabs_invariant_mode_a_sheet_prints_the_same_bytes(monkeypatch):
    monkeypatch.setattr(rl_config, "invariant", 1)
    first, again = bismarck_sheet(game()), bismarck_sheet(game())
    assert first == again
    assert b"DejaVuSans" in first  # the embedded subset is the same too
