"""``scorekeeper serve`` behind a TLS proxy, for real (issue 16): neither server may make
anything of the proxy's ``X-Forwarded-*`` headers itself (waitress removes them, gunicorn would
believe ``X-Forwarded-Proto`` from this machine), so this is where ``TRUST_PROXY`` must reach
all the way to the app: https share links and a ``Secure`` cookie; without it, nothing."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.printing.pdfs import decode_qr
from tests.serving import Phone, clean_environment, scorekeeper_script, serving, start_a_game

#: What a TLS proxy in front adds to every request it passes on.
PROXY = {
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "cards.example.org",
    "X-Forwarded-For": "198.51.100.7",
}
SHARE = re.compile(r'class="share">.*?<a href="([^"]+)"', re.S)


def env_for(tmp_path: Path, **settings: str) -> dict[str, str]:
    return clean_environment(
        SCOREKEEPER_DATABASE_URL=f"sqlite:///{tmp_path / 'club.sqlite3'}",
        SCOREKEEPER_SECRET_KEY="proxy-test-" + "0" * 40,
        SCOREKEEPER_TRUSTED_HOSTS='["cards.example.org"]',
        **settings,
    )


def test_with_trust_proxy_https_reaches_the_app(tmp_path):
    env = env_for(tmp_path, SCOREKEEPER_TRUST_PROXY="true")
    with serving(scorekeeper_script(), tmp_path, env, tmp_path / "server.log") as base:
        phone = Phone(base, PROXY)
        game = start_a_game(phone)
        page = phone.get(game)[2].decode()
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
    with serving(scorekeeper_script(), tmp_path, env, tmp_path / "server.log") as base:
        phone = Phone(base, {**PROXY, "Host": "cards.example.org"})
        game = start_a_game(phone)
        page = phone.get(game)[2].decode()
        assert SHARE.search(page).group(1) == f"http://cards.example.org{game}"
        sessions = [c for c in phone.set_cookies if c.startswith("session=")]
        assert sessions and not any("Secure" in cookie for cookie in sessions)
