"""The LAN address a localhost page's QR code uses: looked up once, then again after a while."""

from __future__ import annotations

from scorekeeper.server import qr


class Probe:
    """A UDP socket that answers as a machine on 192.0.2.x would, counting the lookups."""

    made = 0
    address = "192.0.2.1"

    def __init__(self, *args):
        Probe.made += 1

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def connect(self, _target):
        pass

    def getsockname(self):
        return (Probe.address, 40000)


def test_the_address_is_looked_up_once_per_window_and_again_after(monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(qr, "_lan_address", None)
    monkeypatch.setattr(qr.socket, "socket", Probe)
    monkeypatch.setattr(qr.time, "monotonic", lambda: clock[0])
    Probe.made = 0
    assert [qr.lan_address() for _ in range(5)] == ["192.0.2.1"] * 5
    assert Probe.made == 1
    Probe.address = "192.0.2.2"  # the laptop moved to another network
    clock[0] += qr.LAN_ADDRESS_SECONDS + 0.1
    assert qr.lan_address() == "192.0.2.2"
    assert Probe.made == 2


def test_no_network_gives_loopback(monkeypatch):
    class Offline(Probe):
        def connect(self, _target):
            raise OSError("network is unreachable")

    monkeypatch.setattr(qr, "_lan_address", None)
    monkeypatch.setattr(qr.socket, "socket", Offline)
    assert qr.lan_address() == "127.0.0.1"


def test_while_serving_on_one_address_that_address_is_shown(monkeypatch):
    monkeypatch.setattr(qr, "lan_address", lambda: "192.0.2.1")
    assert qr.shown_host() == "192.0.2.1" and qr.bound_host() is None
    with qr.serving_on("127.0.0.1"):
        assert qr.shown_host() == "127.0.0.1" and qr.is_loopback_only()
        assert qr.reachable_url("http://localhost:8000/g/x") == "http://127.0.0.1:8000/g/x"
        with qr.serving_on("::1"):
            assert qr.reachable_url("http://localhost:8000/g/x") == "http://[::1]:8000/g/x"
        assert qr.shown_host() == "127.0.0.1"
    for every in ("0.0.0.0", "::", "", "[::]"):
        with qr.serving_on(every):
            assert qr.bound_host() is None and not qr.is_loopback_only()
            assert qr.reachable_url("http://localhost:8000/g/x") == "http://192.0.2.1:8000/g/x"
    with qr.serving_on("192.0.2.9"):
        assert qr.shown_host() == "192.0.2.9" and not qr.is_loopback_only()
    assert qr.bound_host() is None


def test_an_address_writes_an_ipv6_host_in_brackets():
    assert qr.netloc("192.0.2.1", 8000) == "192.0.2.1:8000"
    assert qr.netloc("::1", "8000") == "[::1]:8000"
    assert qr.netloc("tablebox.local") == "tablebox.local"
