"""Starting the table screen: the command, the address and port, the QR code for a phone, and a
game handed over between the web screen and the REPL through the session file."""

from __future__ import annotations

import ipaddress
import re
import socket

import pytest
import segno
from click.testing import CliRunner

from slovariki.cli import main
from slovariki.referee import session
from slovariki.referee.web import serve
from slovariki.referee.web.host import Host

from .conftest import NEW, Screen


def test_help():
    result = CliRunner().invoke(main, ["referee", "web", "--help"])
    assert result.exit_code == 0
    for option in ("--session ФАЙЛ", "--host АДРЕС", "--port ПОРТ", "--lan", "--words ПАПКА"):
        assert option in result.output


def test_a_port_in_use_is_a_clear_error(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["referee", "web", "--session", str(tmp_path / "g.json"), "--port", str(port)])
    assert result.exit_code == 1
    assert f"Ошибка: порт {port} на 127.0.0.1 уже занят другой программой: выберите другой (--port)" in result.output
    assert not session.lock_path(tmp_path / "g.json").exists()  # the lock went with the failed start


@pytest.mark.parametrize("args, words", [
    (["--host", "no such host !"], "не понимаю адрес"),
    (["--words", "/nowhere/at/all"], "папки со словами /nowhere/at/all нет"),
])
def test_bad_start_up_options(tmp_path, args, words):
    result = CliRunner().invoke(main, ["referee", "web", "--session", str(tmp_path / "g.json"), "--port", "0", *args])
    assert result.exit_code == 1 and words in result.output and "Traceback" not in result.output


def test_a_file_that_is_not_a_session_is_never_served_nor_overwritten(tmp_path):
    path = tmp_path / "notes.json"
    path.write_text("мои заметки", encoding="utf-8")
    result = CliRunner().invoke(main, ["referee", "web", "--session", str(path), "--port", "0"])
    assert result.exit_code == 1 and "не будет перезаписан" in result.output
    assert path.read_text(encoding="utf-8") == "мои заметки"


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
    rows = []
    for line in serve.qr_text(url, colour).splitlines():
        if colour:  # every character a «▀»: black or white above (30/97), below (40/107)
            pairs = [(a == "30", b == "40") for a, b in re.findall(r"\x1b\[(\d+);(\d+)m▀", line)]
        else:
            pairs = [{"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}[ch] for ch in line]
        rows += [[t for t, _ in pairs], [b for _, b in pairs]]
    expected = [[bool(m) for m in row] for row in segno.make(url, error="m").matrix]
    size = len(expected)
    assert not any(rows[0]) and not any(rows[1])  # a quiet zone of two modules all round
    read = [row[2:2 + size] for row in rows[2:2 + size]]
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


def test_the_web_screen_and_the_repl_continue_each_other_s_game(small_bank, tmp_path):
    path = tmp_path / "game.json"
    words = str(small_bank)
    with session.lock(path, serve.PROGRAM):
        web = Screen(Host(path, words), path)
        web.ok("new", NEW)
        web.move("Аня", "attack", "корова")
    repl = CliRunner().invoke(main, ["referee", "resume", "--session", str(path)], input="Боря бьёт ребятами\n")
    assert repl.exit_code == 0, repl.output
    assert "записано ходов — 1" in repl.output and "✓ Боря: бьёт карту «корова» картой «ребята»." in repl.output
    with session.lock(path, serve.PROGRAM):
        web = Screen(Host(path, words), path)
        game = web.get("state").json()["game"]
        assert game["moves"] == 2 and game["to_move"] == "Аня"
        web.move("Аня", "pass")
    assert len(session.load(path).state.log) == 3
