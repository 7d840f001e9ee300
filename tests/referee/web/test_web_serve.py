"""Starting the table screen: the command, its bad options, the server's Russian lines on the terminal,
and a game handed over between the web screen and the REPL through the session file."""

from __future__ import annotations

import re
import socket

import pytest
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


def test_the_web_server_speaks_russian_in_the_terminal(tmp_path):
    """A malformed request, or a WebSocket one, is refused; the terminal says so in Russian, not with
    uvicorn's English log lines."""
    import signal
    import subprocess
    import sys

    server = subprocess.Popen([sys.executable, "-m", "slovariki", "referee", "web", "--session", str(tmp_path / "g.json"),
                               "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = server.stdout.readline()
        port = int(re.search(r":(\d+)/", first)[1])
        for request in (b"NONSENSE\r\n\r\n", b"GET /x/ HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as client:
                client.sendall(request)
                assert client.recv(100).startswith(b"HTTP/1.1 4")
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=20)
    assert err.splitlines() == [
        "Экран судьи: пришёл неправильный HTTP-запрос (не от этой страницы): он отклонён, работа идёт дальше.",
        "Экран судьи: пришёл запрос WebSocket, которым страница не пользуется: он отклонён, работа идёт дальше."]
