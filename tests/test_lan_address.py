"""The LAN address a localhost page's QR code uses: looked up once, then again after a while."""

from __future__ import annotations

from scorekeeper import qr


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
