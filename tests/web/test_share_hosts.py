"""The share link and QR code never show a host a request merely claims (issue 13)."""

from __future__ import annotations

import re

import pytest

from scorekeeper.server import qr
from tests.conftest import LAN
from tests.printing.pdfs import Pdf, one_line
from tests.web.bismarck.client import Table

pytestmark = pytest.mark.usefixtures("this_machine")


def shared(client, table: Table, base_url: str, port: str | None = None) -> str:
    environ = {"SERVER_PORT": port} if port else {}
    page = client.get(table.url, base_url=base_url, environ_overrides=environ)
    assert page.status_code == 200
    link = re.search(r'class="share">.*?<a href="([^"]+)"', page.get_data(as_text=True), re.S)
    assert link, "no share link"
    return link.group(1)


@pytest.mark.parametrize(
    "forged", ["http://evil.example", "http://evil.example:8000", "http://203.0.113.9:8000"]
)
def test_a_forged_host_never_becomes_the_share_link(client, table, forged):
    link = shared(client, table, forged, port="8000")
    assert link == f"http://{LAN}:8000{table.url}"
    page = client.get(table.url, base_url=forged).get_data(as_text=True)
    assert "evil.example" not in page and "203.0.113.9" not in page


def test_a_forged_host_never_gets_into_the_printed_qr_code(client, table):
    pdf = client.get(f"{table.url}/sheet.pdf", base_url="http://evil.example:8000")
    text = one_line(Pdf(pdf.data).text)
    assert "evil.example" not in text
    assert f"http://{LAN}:8000{table.url}" in text


@pytest.mark.parametrize(
    "own",
    [f"http://{LAN}:8000", "http://tablebox:8000", "http://tablebox.local:8000",
     "http://TableBox.home.arpa.:8000"],
)  # fmt: skip
def test_a_host_this_machine_answers_for_is_kept(client, table, own):
    assert shared(client, table, own, port="8000") == f"{own.lower()}{table.url}"


def test_localhost_becomes_the_lan_address(client, table):
    assert shared(client, table, "http://localhost:8000") == f"http://{LAN}:8000{table.url}"


def test_trusted_hosts_are_flasks_and_are_shared_as_they_are(app, client, table):
    app.config["TRUSTED_HOSTS"] = ["cards.example.org", "localhost"]
    link = shared(client, table, "https://cards.example.org")
    assert link == f"https://cards.example.org{table.url}"
    assert client.get(table.url, base_url="http://evil.example").status_code == 400


def test_the_public_url_wins_over_any_host(app, client, table):
    app.config["PUBLIC_URL"] = "https://cards.example.org/club/"
    for base in ("http://evil.example", f"http://{LAN}:8000"):
        assert shared(client, table, base) == f"https://cards.example.org/club{table.url}"


@pytest.mark.parametrize(
    "base", ["http://localhost:8123", f"http://{LAN}:8123", "http://evil.example"]
)
def test_a_server_bound_to_loopback_shares_the_loopback_address(client, table, base):
    """Nothing listens on the LAN address then: the link names the one address that answers."""
    with qr.serving_on("127.0.0.1"):
        assert shared(client, table, base, port="8123") == f"http://127.0.0.1:8123{table.url}"
    assert shared(client, table, base, port="8123") == f"http://{LAN}:8123{table.url}"


def test_a_server_on_every_interface_shares_as_before(client, table):
    with qr.serving_on("0.0.0.0"):
        assert shared(client, table, "http://localhost:8000") == f"http://{LAN}:8000{table.url}"
        own = "http://tablebox.local:8000"
        assert shared(client, table, own, port="8000") == f"{own}{table.url}"


def test_an_evening_bound_to_loopback_shares_the_loopback_address(client):
    from tests.web.evenings.helpers import evening_token, new_evening

    token = evening_token(new_evening(client))
    with qr.serving_on("127.0.0.1"):
        page = client.get(
            f"/e/{token}",
            base_url="http://localhost:8123",
            environ_overrides={"SERVER_PORT": "8123"},
        ).get_data(as_text=True)
    assert f"http://127.0.0.1:8123/e/{token}" in page
    assert LAN not in page
