"""Starting a local page: the address and port, the URL with its token, the QR code for a phone (the
server's lines and limits: test_network.py)."""

from __future__ import annotations

import ipaddress
import re
import socket

import pytest
import segno

from slovariki.web import serve


def test_the_url_carries_the_token_and_brackets_ipv6():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        assert serve.url_of(sock, "abc") == f"http://127.0.0.1:{sock.getsockname()[1]}/abc/"
    if socket.has_ipv6:
        try:
            six = serve.bind("::1", 0)
        except serve.ServeError:
            return  # no IPv6 loopback here
        with six:
            assert serve.url_of(six, "abc").startswith("http://[::1]:")


@pytest.mark.parametrize("colour", [False, True])
def test_the_qr_code_encodes_the_url(colour):
    """Read the printed half blocks back into modules: they are the QR code of exactly this URL."""
    url = "http://192.168.1.20:8765/Zx9_token/"
    expected = [[bool(m) for m in row] for row in segno.make(url, error="m").matrix]
    size, zone = len(expected), serve.QUIET_ZONE
    rows = []
    for line in serve.qr_text(url, colour).split("\n"):
        line = line if colour else line.ljust(size + 2 * zone)  # trailing blanks are the background
        if colour:  # every character a «▀»: black or white above (30/97), below (40/107)
            pairs = [(a == "30", b == "40") for a, b in re.findall(r"\x1b\[(\d+);(\d+)m▀", line)]
        else:
            pairs = [{"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}[ch] for ch in line]
        rows += [[t for t, _ in pairs], [b for _, b in pairs]]
    assert zone == 4  # the quiet zone the standard asks for, all round
    assert not any(any(row) for row in rows[:zone] + rows[zone + size:])
    assert not any(any(row[:zone]) or any(row[zone + size:]) for row in rows)
    assert len(rows[0]) == size + 2 * zone and len(rows) >= size + 2 * zone
    read = [row[zone:zone + size] for row in rows[zone:zone + size]]
    assert read == expected


def test_the_lan_address_is_one_of_this_machine_s():
    try:
        address = serve.lan_address()
    except serve.ServeError as exc:
        assert "подключите его к Wi-Fi" in str(exc)
        pytest.skip("this machine has no route to a local network")
    assert not ipaddress.ip_address(address).is_loopback
    with socket.socket() as sock:
        sock.bind((address, 0))  # only an address of this machine can be bound
