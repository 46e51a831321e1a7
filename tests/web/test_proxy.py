"""HTTPS behind a reverse proxy (issue 16): with ``TRUST_PROXY`` a request the proxy received
over HTTPS gets ``https://`` share links and QR codes and a ``Secure`` session cookie; without
it, the ``X-Forwarded-*`` headers anyone can write change nothing; ``PUBLIC_URL`` still wins."""

from __future__ import annotations

import re

import pytest

from scorekeeper import create_app
from scorekeeper.server import proxy
from tests.conftest import LAN, app_on_new_database
from tests.printing.pdfs import Pdf, one_line
from tests.web.bismarck.client import Table

pytestmark = pytest.mark.usefixtures("this_machine")

HTTPS = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "cards.example.org"}


class ProxiedClient:
    """A browser behind the club's proxy: every request carries the proxy's headers."""

    def __init__(self, client, headers: dict[str, str]):
        self.client = client
        self.headers = headers

    def get(self, url, **kwargs):
        return self.client.get(url, headers=self.headers, **kwargs)

    def post(self, url, **kwargs):
        return self.client.post(url, headers=self.headers, **kwargs)


def share_link(page: str) -> str:
    link = re.search(r'class="share">.*?<a href="([^"]+)"', page, re.S)
    assert link, "no share link"
    return link.group(1)


def session_cookie(response) -> str:
    cookies = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert cookies, "no session cookie"
    return cookies[0]


def start(client) -> tuple[Table, str]:
    table = Table(client)
    response = table.start()
    return table, session_cookie(response)


@pytest.mark.parametrize(
    ("value", "hops"),
    [(False, 0), (True, 1), (None, 0), (0, 0), (2, 2), ("true", 1), ("No", 0), ("3", 3), ("", 0)],
)
def test_trust_proxy_values(value, hops):
    assert proxy.proxy_count(value) == hops


@pytest.mark.parametrize("value", ["maybe", -1, 1.5, "-2", ["x"]])
def test_a_wrong_trust_proxy_value_is_told_in_a_sentence(value):
    with pytest.raises(ValueError, match="TRUST_PROXY must be true, false or the number"):
        proxy.proxy_count(value)


def test_behind_a_trusted_proxy_links_are_https_and_the_cookie_secure(tmp_path, monkeypatch):
    app = app_on_new_database(tmp_path, TRUST_PROXY=True, TRUSTED_HOSTS=["cards.example.org"])
    client = ProxiedClient(app.test_client(), HTTPS)
    table, cookie = start(client)
    assert "; Secure" in cookie
    assert table.url == "/g/" + table.url.rsplit("/", 1)[1]  # redirects stay relative
    encoded = []
    monkeypatch.setattr(
        "scorekeeper.web.helpers.qr_svg", lambda data, **kw: encoded.append(data) or ""
    )
    page = client.get(table.url)
    assert all("; Secure" in c for c in page.headers.getlist("Set-Cookie"))
    expected = f"https://cards.example.org{table.url}"
    assert share_link(page.get_data(as_text=True)) == expected
    assert encoded == [expected]  # the QR code says the same
    sheet = Pdf(client.get(f"{table.url}/sheet.pdf").data)
    assert expected in one_line(sheet.text)


@pytest.mark.parametrize(("proto", "secure"), [("https", True), ("http", False)])
def test_the_language_cookie_is_secure_as_the_session_is(tmp_path, proto, secure):
    app = app_on_new_database(tmp_path, TRUST_PROXY=True, TRUSTED_HOSTS=["cards.example.org"])
    client = ProxiedClient(
        app.test_client(), {"X-Forwarded-Proto": proto, "X-Forwarded-Host": "cards.example.org"}
    )
    response = client.get("/language/sv?next=/")
    assert response.status_code == 303
    [cookie] = response.headers.getlist("Set-Cookie")
    assert cookie.startswith("lang=sv;")
    assert ("; Secure" in cookie) == secure


def test_plain_http_through_the_proxy_keeps_the_cookie_plain(tmp_path):
    app = app_on_new_database(tmp_path, TRUST_PROXY=True, TRUSTED_HOSTS=["cards.example.org"])
    client = ProxiedClient(
        app.test_client(), {"X-Forwarded-Proto": "http", "X-Forwarded-Host": "cards.example.org"}
    )
    table, cookie = start(client)
    assert "Secure" not in cookie
    page = client.get(table.url).get_data(as_text=True)
    assert share_link(page) == f"http://cards.example.org{table.url}"


def test_a_page_kept_in_memory_is_kept_per_scheme(tmp_path):
    """Game pages are drawn once per log position and kept (``web/page_cache.py``): the page
    drawn for an https request is never handed to a plain-http one, nor the other way round."""
    app = app_on_new_database(tmp_path, TRUST_PROXY=True, TRUSTED_HOSTS=["cards.example.org"])
    client = app.test_client()
    table, _cookie = start(ProxiedClient(client, HTTPS))
    plain = {**HTTPS, "X-Forwarded-Proto": "http"}
    for headers, scheme in ((HTTPS, "https"), (plain, "http"), (HTTPS, "https"), (plain, "http")):
        page = ProxiedClient(client, headers).get(table.url).get_data(as_text=True)
        assert share_link(page) == f"{scheme}://cards.example.org{table.url}"


def test_without_trust_proxy_forwarded_headers_change_nothing(tmp_path):
    app = app_on_new_database(tmp_path, TRUSTED_HOSTS=["localhost"])
    client = ProxiedClient(app.test_client(), HTTPS)
    table, cookie = start(client)
    assert "Secure" not in cookie
    page = client.get(table.url).get_data(as_text=True)
    assert share_link(page) == f"http://{LAN}{table.url}"
    assert "cards.example.org" not in page


def test_only_the_trusted_number_of_proxies_is_believed(tmp_path):
    """Two proxies: the client's own X-Forwarded-Proto (the first value) is not believed."""
    app = app_on_new_database(tmp_path, TRUST_PROXY=2, TRUSTED_HOSTS=["cards.example.org"])
    hosts = "evil.example, cards.example.org, cards.example.org"
    forged = {"X-Forwarded-Proto": "https, http, http", "X-Forwarded-Host": hosts}
    _table, cookie = start(ProxiedClient(app.test_client(), forged))
    assert "Secure" not in cookie
    honest = {"X-Forwarded-Proto": "http, https, https", "X-Forwarded-Host": hosts}
    _table, cookie = start(ProxiedClient(app.test_client(), honest))
    assert "; Secure" in cookie


def test_the_public_url_still_wins(tmp_path):
    app = app_on_new_database(tmp_path, TRUST_PROXY=True, PUBLIC_URL="https://scores.example.net/")
    client = ProxiedClient(
        app.test_client(), {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "10.0.0.5:8443"}
    )
    table, _cookie = start(client)
    page = client.get(table.url).get_data(as_text=True)
    assert share_link(page) == f"https://scores.example.net{table.url}"


def test_secure_cookies_can_also_be_forced(tmp_path):
    app = app_on_new_database(tmp_path, SESSION_COOKIE_SECURE=True)
    _table, cookie = start(app.test_client())
    assert "; Secure" in cookie


def test_trust_proxy_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_TRUST_PROXY", "true")
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")
    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", f"sqlite:///{tmp_path / 'env.sqlite3'}")
    monkeypatch.setenv("SCOREKEEPER_TRUSTED_HOSTS", '["cards.example.org"]')
    app = create_app()
    _table, cookie = start(ProxiedClient(app.test_client(), HTTPS))
    assert "; Secure" in cookie


def test_a_wrong_trust_proxy_setting_stops_the_start_with_a_sentence(tmp_path):
    with pytest.raises(ValueError, match="TRUST_PROXY must be"):
        app_on_new_database(tmp_path, TRUST_PROXY="sometimes")
