"""Starting the table screen: the command, its bad options, the server's Russian lines on the terminal,
and a game handed over between the web screen and the REPL through the session file."""

from __future__ import annotations

import re
import socket
import time
import urllib.error
import urllib.request

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


def test_the_web_server_speaks_russian_and_calmly_in_the_terminal(tmp_path):
    """A flood of malformed requests, a WebSocket one and phones dropping in the middle of a move: the
    terminal gets one summary line in Russian (and one more at the stop), not a line per request
    nor uvicorn's English, and a dropped phone is no «сбой веб-сервера»."""
    import signal
    import subprocess
    import sys

    server = subprocess.Popen([sys.executable, "-m", "slovariki", "referee", "web", "--session", str(tmp_path / "g.json"),
                               "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = server.stdout.readline()
        port = int(re.search(r":(\d+)/", first)[1])
        token = re.search(r":\d+/([^/]+)/", first)[1]
        websocket = (b"GET /x/ HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        for request in [b"NONSENSE\r\n\r\n"] * 200 + [websocket]:
            with socket.create_connection(("127.0.0.1", port), timeout=10) as client:
                client.sendall(request)
                assert client.recv(100).startswith(b"HTTP/1.1 4")
        for _ in range(5):  # a phone leaving the Wi-Fi in the middle of its move
            with socket.create_connection(("127.0.0.1", port), timeout=10) as client:
                client.sendall(f"POST /{token}/api/move HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                               "Content-Type: application/json\r\nContent-Length: 60\r\n\r\n{\"cmd\": ".encode())
        with socket.create_connection(("127.0.0.1", port), timeout=10) as client:  # still answering
            client.sendall(f"GET /{token}/api/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            assert client.recv(100).startswith(b"HTTP/1.1 200")
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=20)
    assert err.splitlines() == [
        "Экран судьи: отклонено: 1 неправильный HTTP-запрос; работа идёт дальше.",
        "Экран судьи: отклонено: 199 неправильных HTTP-запросов, 1 запрос WebSocket; работа идёт дальше."]


def _start(path, *extra):
    import subprocess
    import sys

    server = subprocess.Popen([sys.executable, "-m", "slovariki", "referee", "web", "--session", str(path), "--port", "0",
                               *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = server.stdout.readline()
    assert first.startswith("Экран судьи: http://127.0.0.1:"), first + server.stderr.read()
    url = first.split(": ", 1)[1].strip()
    for _ in range(100):  # until it answers: Ctrl+C before that would stop the start itself
        try:
            with urllib.request.urlopen(url + "api/state", timeout=10):
                break
        except OSError:
            time.sleep(0.1)
    return server, url


def _stop(server) -> str:
    import signal

    server.send_signal(signal.SIGINT)
    out, err = server.communicate(timeout=20)
    assert server.returncode == 0 and "Traceback" not in err, err
    return out


def test_a_restart_keeps_the_players_address_and_a_wrong_one_gets_a_russian_page(tmp_path):
    """The token is kept beside the session: the address on the phones (and their QR code) works
    after the screen is started again; an old or mistyped address gets a page in Russian."""
    import stat

    path = tmp_path / "game.json"
    server, url = _start(path)
    _stop(server)
    token_file = serve.token_path(path)
    assert stat.S_IMODE(token_file.stat().st_mode) == 0o600
    (tmp_path / "link.json").symlink_to(path)
    server, again = _start(tmp_path / "link.json")  # the same session, by a link to it
    try:
        port = int(re.search(r":(\d+)/", again)[1])
        assert again.rsplit(":", 1)[0] == url.rsplit(":", 1)[0] and again.split("/")[3] == url.split("/")[3]
        with urllib.request.urlopen(again + "api/state", timeout=10) as answer:
            assert answer.status == 200
        wrong = f"http://127.0.0.1:{port}/{url.split('/')[3][:-2]}xy/"
        request = urllib.request.Request(wrong, headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        page = refused.value.read().decode("utf-8")
        assert refused.value.code == 403 and refused.value.headers["Content-Type"].startswith("text/html")
        assert "<h1>Нет доступа</h1>" in page and "как его сейчас показывает программа" in page
    finally:
        _stop(server)


def test_the_session_lock_holds_through_a_link_and_another_path(tmp_path):
    path = tmp_path / "game.json"
    (tmp_path / "folder").mkdir()
    (tmp_path / "link.json").symlink_to(path)
    with session.lock(path, serve.PROGRAM):
        for other in (tmp_path / "link.json", tmp_path / "folder" / ".." / "game.json"):
            with pytest.raises(session.SessionBusy, match="сейчас ведёт другая программа"):
                with session.lock(other, "программа судьи"):
                    pass
    with session.lock(tmp_path / "link.json", serve.PROGRAM):  # released: free again, by any path
        with pytest.raises(session.SessionBusy):
            with session.lock(path, "программа судьи"):
                pass
