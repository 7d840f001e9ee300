"""Starting the table screen: the session held, the address bound, the URL (and its QR code) shown,
then uvicorn until Ctrl+C."""

from __future__ import annotations

import errno
import logging
import secrets
import socket
import sys
from pathlib import Path
from typing import IO

from slovariki.referee import session
from slovariki.text.terminal import use_colour
from slovariki.referee.words import lemmas
from slovariki.text.russian import os_error
from slovariki.text.terminal import shown

PROGRAM = "веб-экран судьи"
# Addresses in the private ranges: connecting a UDP socket to one only looks up the route (no
# packet is sent), and the socket's own address is then the one the local network reaches us at.
QUIET_ZONE = 4  # modules
_HALVES = {(1, 1): "█", (1, 0): "▀", (0, 1): "▄", (0, 0): " "}
_PROBES = ("10.254.254.254", "192.168.254.254", "172.31.254.254")


# What uvicorn may tell the terminal, said in Russian (None: not worth a line of its own).
_SERVER_SAYS = {
    "Invalid HTTP request received.": "пришёл неправильный HTTP-запрос (не от страницы судьи): он отклонён, "
                                      "партия идёт дальше",
    "Unsupported upgrade request.": "пришёл запрос WebSocket, которым экран не пользуется: он отклонён, "
                                    "партия идёт дальше",
}
_SERVER_QUIET = ("No supported WebSocket library detected",)  # follows the line above


class RussianLog(logging.Handler):
    """uvicorn's warnings and errors as Russian lines on ``stream``: the teacher's terminal shows no
    English log lines; one we have no words for is quoted after a Russian lead."""

    def __init__(self, stream: IO[str]) -> None:
        super().__init__(logging.WARNING)
        self.stream = stream

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage().strip()
        if text.startswith(_SERVER_QUIET):
            return
        said = _SERVER_SAYS.get(text) or (f"сбой веб-сервера («{shown(text)}»); если страница перестала "
                                          "отвечать, остановите судью (Ctrl+C) и запустите снова: партия "
                                          "продолжится из файла")
        self.stream.write(f"Экран судьи: {said}.\n")
        self.stream.flush()


class ServeError(Exception):
    """The screen cannot start (a Russian message)."""


def lan_address() -> str:
    """This computer's address in the local network, for a phone on the same Wi-Fi."""
    for probe in _PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
            try:
                udp.connect((probe, 9))
            except OSError:
                continue
            address = udp.getsockname()[0]
        if not address.startswith("127.") and address != "0.0.0.0":
            return address
    raise ServeError("не нашёл адрес этого компьютера в локальной сети: подключите его к Wi-Fi "
                     "(или укажите адрес сами: --host)")


def bind(host: str, port: int) -> socket.socket:
    """A listening socket, or a message saying why not (the port taken, an unknown address)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, UnicodeError):
        raise ServeError(f"не понимаю адрес «{host}»: нужен, например, 127.0.0.1") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(64)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise ServeError(f"порт {port} на {host} уже занят другой программой: выберите другой (--port)") from None
        raise ServeError(f"не удалось открыть {host}:{port}: {os_error(exc)}") from None
    return sock


def url_of(sock: socket.socket, token: str) -> str:
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/{token}/"


def qr_text(url: str, colour: bool) -> str:
    """The URL as a QR code for a phone's camera, two modules to a character (half blocks), with the
    quiet zone of four light modules all round that the standard asks for. In colour each module is
    painted black or white, right on a dark or a light terminal alike; without colour the dark
    modules are drawn in ink, as on paper."""
    import segno

    rows = [list(row) for row in segno.make(url, error="m").matrix_iter(border=QUIET_ZONE)]  # 1: a dark module
    rows.append([0] * len(rows[0]))  # an odd last row pairs with the quiet zone
    lines = []
    for top, bottom in zip(rows[::2], rows[1::2]):
        if colour:
            lines.append("".join(f"\x1b[{30 if t else 97};{40 if b else 107}m▀" for t, b in zip(top, bottom)) + "\x1b[0m")
        else:
            lines.append("".join(_HALVES[t, b] for t, b in zip(top, bottom)).rstrip())
    return "\n".join(lines)


def run(path: Path, words: str | None, host: str, port: int, lan: bool, out: IO[str]) -> None:
    """Serve the game of ``path`` until Ctrl+C. Raises ServeError or session.SessionError."""
    import uvicorn

    from slovariki.referee.web.app import create_app
    from slovariki.referee.web.host import Host

    if words is not None and not Path(words).exists():
        raise ServeError(f"папки со словами {words} нет")
    if lan:
        host = lan_address()
    lemmas("карта")  # the word forms' dictionary, loaded now rather than at the first typed word
    token = secrets.token_urlsafe(12)
    with session.lock(path, PROGRAM):
        try:
            game = Host(path, words)
        except session.SessionError as exc:
            raise session.SessionError(f"{exc}; этот файл не будет перезаписан: укажите другой файл (--session)") from None
        sock = bind(host, port)
        url = url_of(sock, token)
        def say(text: str) -> None:
            out.write(text + "\n")
            out.flush()

        say(f"Экран судьи: {url}")
        if lan:
            say("Откройте этот адрес на телефоне или планшете в той же сети Wi-Fi — или наведите камеру на код:")
            colour = use_colour(out)
            say(qr_text(url, colour))
            if not colour:  # ink on the terminal's background: a dark one shows the code inverted
                say("Код нарисован тёмным по светлому, как на бумаге; на тёмном фоне камера может его не "
                    "прочитать — тогда наберите адрес вручную.")
        say(f"Партия сохраняется в {path}" + ("." if game.table is None else f": записано ходов — {len(game.table.state.log)}."))
        say("Остановить — Ctrl+C.")
        server_log = logging.getLogger("uvicorn")
        server_log.handlers[:] = [RussianLog(sys.stderr)]
        server_log.propagate = False
        config = uvicorn.Config(create_app(game, token), log_config=None, log_level="warning", access_log=False,
                                lifespan="off")
        try:
            uvicorn.Server(config).run(sockets=[sock])
        except KeyboardInterrupt:  # uvicorn stops gracefully on Ctrl+C, then raises it again
            pass
        finally:
            sock.close()
    if game.table is not None:
        resume = session.resume_command(path)
        say(f"Партия сохранена в {path}. Продолжить: {resume.replace(' resume', ' web', 1)} или {resume}")
