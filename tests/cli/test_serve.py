"""``scorekeeper serve`` names an address it listens on (issue 23, point 9): in its banner and,
while it serves, in every share link, QR code and printed sheet. Bound to loopback only, that is
the loopback address, and the banner says that phones cannot reach it and how to let them."""

from __future__ import annotations

import re

import pytest

from scorekeeper.cli import main
from scorekeeper.server import qr, serving
from tests.conftest import LAN
from tests.printing.pdfs import Pdf, one_line
from tests.web.bismarck.client import Table

pytestmark = pytest.mark.usefixtures("this_machine")
WARNING = (
    "Phones cannot reach 127.0.0.1: it is this computer's own address. To let the phones on "
    "this network in, start it with --host 0.0.0.0."
)


QR_PATH = re.compile(r'<svg class="qr".*?<path stroke="#000" d="([^"]+)"', re.S)


def qr_of(page: str) -> str:
    """The address the page's QR code encodes: the one whose code draws the same modules."""
    drawn = QR_PATH.search(page)
    assert drawn, "no QR code"
    for candidate in re.findall(r'href="(https?://[^"]+)"', page):
        if QR_PATH.search(qr.qr_svg(candidate)).group(1) == drawn.group(1):
            return candidate
    raise AssertionError("the QR code encodes none of the page's addresses")


def addresses(client, table: Table, base_url: str, port: str) -> dict[str, str]:
    """What a phone that opened ``base_url`` is shown: the share link, the QR code's address and
    the address printed on the score sheet."""
    environ = {"SERVER_PORT": port}
    page = client.get(table.url, base_url=base_url, environ_overrides=environ)
    text = page.get_data(as_text=True)
    link = re.search(r'class="share">.*?<a href="([^"]+)"', text, re.S)
    assert link
    sheet = client.get(f"{table.url}/sheet.pdf", base_url=base_url, environ_overrides=environ)
    printed = re.search(r"https?://\S+/g/\S+", one_line(Pdf(sheet.data).text))
    assert printed
    return {"link": link.group(1), "qr": qr_of(text), "sheet": printed.group(0)}


def serve(app, monkeypatch, *args: str, while_serving=None):
    """Run ``scorekeeper serve`` with the server replaced by ``while_serving()``, which runs
    where the server would (the addresses the app shows are those of that moment)."""
    served: list[serving.Server] = []

    def fake_server(wsgi_app, server, in_worker=None):
        served.append(server)
        if while_serving:
            while_serving()

    monkeypatch.setattr(serving, "run", fake_server)
    result = app.test_cli_runner().invoke(main, ["serve", *args])
    assert result.exit_code == 0, result.output
    assert served
    return result, served[0]


def test_bound_to_loopback_the_banner_says_so_and_every_address_is_loopback(
    app, client, table, monkeypatch
):
    seen: dict[str, dict[str, str]] = {}

    def phones():
        for base in ("http://localhost:8123", f"http://{LAN}:8123", "http://evil.example"):
            seen[base] = addresses(client, table, base, "8123")

    result, served = serve(
        app, monkeypatch, "--host", "127.0.0.1", "--port", "8123", while_serving=phones
    )
    assert served.host == "127.0.0.1" and served.port == 8123
    assert "Scorekeeper is running for this computer only, at:\n\n  http://127.0.0.1:8123/\n" in (
        result.output
    )
    assert WARNING in " ".join(result.output.split())
    assert "on this network, open" not in result.output
    assert "█" not in result.output  # no QR code for phones to scan in vain
    assert LAN not in result.output
    expected = f"http://127.0.0.1:8123{table.url}"
    for base, shown in seen.items():
        assert shown == {"link": expected, "qr": expected, "sheet": expected}, base


def test_once_the_server_stops_addresses_are_the_lan_ones_again(app, client, table, monkeypatch):
    serve(app, monkeypatch, "--host", "127.0.0.1", "--port", "8123")
    assert qr.bound_host() is None
    shown = addresses(client, table, "http://localhost:8123", "8123")
    assert shown["link"] == f"http://{LAN}:8123{table.url}"


def test_on_every_interface_the_lan_address_is_printed_and_shared(app, client, table, monkeypatch):
    seen = {}

    def phones():
        seen.update(addresses(client, table, "http://localhost:8000", "8000"))

    result, served = serve(app, monkeypatch, "--host", "0.0.0.0", while_serving=phones)
    assert served.host == "0.0.0.0"
    assert f"On any phone on this network, open:\n\n  http://{LAN}:8000/\n" in result.output
    assert "█" in result.output  # the QR code of that address
    assert "Phones cannot reach" not in result.output
    expected = f"http://{LAN}:8000{table.url}"
    assert seen == {"link": expected, "qr": expected, "sheet": expected}


def test_the_default_host_is_every_interface(app, monkeypatch):
    result, served = serve(app, monkeypatch)
    assert served.host == "0.0.0.0" and f"http://{LAN}:8000/" in result.output


def test_bound_to_one_lan_address_that_address_is_shared(app, client, table, monkeypatch):
    seen = {}

    def phones():
        seen.update(addresses(client, table, "http://evil.example", "8000"))

    result, _served = serve(app, monkeypatch, "--host", "192.0.2.8", while_serving=phones)
    assert "http://192.0.2.8:8000/" in result.output and "Phones cannot reach" not in result.output
    assert seen["link"] == seen["qr"] == f"http://192.0.2.8:8000{table.url}"


def test_ipv6_loopback_is_written_in_brackets(app, client, table, monkeypatch):
    seen = {}

    def phones():
        seen.update(addresses(client, table, "http://[::1]:8000", "8000"))

    result, _served = serve(app, monkeypatch, "--host", "::1", while_serving=phones)
    assert "http://[::1]:8000/" in result.output and "Phones cannot reach ::1" in result.output
    assert seen["link"] == f"http://[::1]:8000{table.url}"


def test_behind_a_proxy_the_public_url_is_printed_and_shared(app, client, table, monkeypatch):
    app.config["PUBLIC_URL"] = "https://cards.example.org/"
    seen = {}

    def phones():
        seen.update(addresses(client, table, "http://127.0.0.1:8001", "8001"))

    result, _served = serve(
        app, monkeypatch, "--host", "127.0.0.1", "--port", "8001", while_serving=phones
    )
    assert "open:\n\n  https://cards.example.org/\n" in result.output
    assert "Phones cannot reach" not in result.output
    expected = f"https://cards.example.org{table.url}"
    assert seen == {"link": expected, "qr": expected, "sheet": expected}


def test_on_no_network_the_banner_says_phones_cannot_reach_it(app, monkeypatch):
    monkeypatch.setattr("scorekeeper.server.qr.lan_address", lambda: "127.0.0.1")
    result, _served = serve(app, monkeypatch)
    assert "Scorekeeper is running, at:\n\n  http://127.0.0.1:8000/\n" in result.output
    assert "This computer is on no network yet, so phones cannot reach it." in result.output
    assert "--host 0.0.0.0" not in result.output  # it listens everywhere already


def test_the_loopback_warning_in_swedish(app, monkeypatch):
    result, _served = serve(app, monkeypatch, "--lang", "sv", "--host", "127.0.0.1")
    said = " ".join(result.output.split())
    assert "Scorekeeper är igång bara för den här datorn, på: http://127.0.0.1:8000/" in said
    assert (
        "Telefoner når inte 127.0.0.1: det är den här datorns egen adress. Starta med "
        "--host 0.0.0.0 för att släppa in telefonerna i samma nätverk." in said
    )
