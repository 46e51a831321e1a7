"""``scorekeeper serve`` behind a TLS proxy, for real (issue 16): neither server may make
anything of the proxy's ``X-Forwarded-*`` headers itself (waitress removes them, gunicorn would
believe ``X-Forwarded-Proto`` from this machine), so this is where ``TRUST_PROXY`` must reach
all the way to the app: https share links and a ``Secure`` cookie; without it, nothing."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest

from tests.printing.pdfs import decode_qr
from tests.serving import Phone, clean_environment, serving

#: What a TLS proxy in front adds to every request it passes on.
PROXY = {
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "cards.example.org",
    "X-Forwarded-For": "198.51.100.7",
}
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
SHARE = re.compile(r'class="share">.*?<a href="([^"]+)"', re.S)


def scorekeeper() -> str:
    found = shutil.which("scorekeeper", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip("the scorekeeper command is not installed (pip install -e .)")
    return found


def start_a_game(phone: Phone) -> tuple[str, str]:
    """A Bismarck game started through the proxy; its path and its page."""
    _status, _type, form = phone.get("/bismarck/new")
    token = CSRF.search(form.decode()).group(1)
    data = {"csrf_token": token, "player_0": "Anna", "player_1": "Ben", "player_2": "Carla",
            "variant": "modern", "first_dealer": "0"}  # fmt: skip
    game = phone.post("/bismarck/new", data)  # no Referer sent: the pages say no-referrer
    assert game.startswith("/g/"), game
    return game, phone.get(game)[2].decode()


def env_for(tmp_path: Path, **settings: str) -> dict[str, str]:
    return clean_environment(
        SCOREKEEPER_DATABASE_URL=f"sqlite:///{tmp_path / 'club.sqlite3'}",
        SCOREKEEPER_SECRET_KEY="proxy-test-" + "0" * 40,
        SCOREKEEPER_TRUSTED_HOSTS='["cards.example.org"]',
        **settings,
    )


def test_with_trust_proxy_https_reaches_the_app(tmp_path):
    env = env_for(tmp_path, SCOREKEEPER_TRUST_PROXY="true")
    with serving(scorekeeper(), tmp_path, env, tmp_path / "server.log") as base:
        phone = Phone(base, PROXY)
        game, page = start_a_game(phone)
        address = f"https://cards.example.org{game}"
        assert SHARE.search(page).group(1) == address
        sessions = [c for c in phone.set_cookies if c.startswith("session=")]
        assert sessions and all("; Secure" in cookie for cookie in sessions)
        # The poll is answered before the proxy's headers are even read, with its own headers.
        status, kind, body = phone.get(f"{game}/seq")
        assert (status, kind, json.loads(body)) == (200, "application/json", {"seq": 0})
        assert phone.get(f"/language/sv?next={game}", follow=False)[0] == 303
        assert any(c.startswith("lang=sv;") and "; Secure" in c for c in phone.set_cookies)
        # The printed sheet's QR code, read back from the PDF, says the same https address.
        _status, kind, pdf = phone.get(f"{game}/sheet.pdf")
        assert kind == "application/pdf"
        assert decode_qr(pdf, tmp_path) == address


def test_without_trust_proxy_the_headers_change_nothing(tmp_path):
    env = env_for(tmp_path)
    with serving(scorekeeper(), tmp_path, env, tmp_path / "server.log") as base:
        phone = Phone(base, {**PROXY, "Host": "cards.example.org"})
        game, page = start_a_game(phone)
        assert SHARE.search(page).group(1) == f"http://cards.example.org{game}"
        sessions = [c for c in phone.set_cookies if c.startswith("session=")]
        assert sessions and not any("Secure" in cookie for cookie in sessions)
