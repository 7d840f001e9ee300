"""Starting a local web page: the address bound, the URL with its token (and a QR code for a phone)
shown, then uvicorn until Ctrl+C under the limits a misbehaving network needs, its log said in Russian
and calmly.

    sock = serve.listen(host, port, lan)           # ServeError: the port taken, no Wi-Fi, a bad address
    token = serve.new_token()
    url = serve.url_of(sock, token)
    serve.announce("Экран судьи", url, lan, out)   # the URL, and for --lan the QR code
    serve.run(app, sock, "Экран судьи")            # returns after Ctrl+C
"""

from __future__ import annotations

import errno
import logging
import secrets
import socket
import sys
from typing import IO, Any

from slovariki.text.russian import os_error
from slovariki.text.terminal import use_colour
from slovariki.web import connections
from slovariki.web.priority import ChangesFirst
from slovariki.web.serverlog import CalmLog

QUIET_ZONE = 4  # modules
_HALVES = {(1, 1): "█", (1, 0): "▀", (0, 1): "▄", (0, 0): " "}
# Addresses in the private ranges: connecting a UDP socket to one only looks up the route (no
# packet is sent), and the socket's own address is then the one the local network reaches us at.
_PROBES = ("10.254.254.254", "192.168.254.254", "172.31.254.254")

KEEP_ALIVE_SECONDS = 5  # an idle connection closed after it (uvicorn's own default)


class ServeError(Exception):
    """The page cannot start (a Russian message)."""


def new_token() -> str:
    """The secret part of the page's address: nobody else on the network can guess it."""
    return secrets.token_urlsafe(12)


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


def listen(host: str, port: int, lan: bool) -> socket.socket:
    """The socket the page is served on: ``host``, or with ``lan`` this computer's Wi-Fi address."""
    return bind(lan_address() if lan else host, port)


def url_of(sock: socket.socket, token: str) -> str:
    host, port = sock.getsockname()[:2]
    shown_host = f"[{host}]" if ":" in host else host
    return f"http://{shown_host}:{port}/{token}/"


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


def announce(who: str, url: str, lan: bool, out: IO[str]) -> None:
    """«Экран судьи: http://…/token/», and for a phone on the Wi-Fi the QR code of that address."""
    say(out, f"{who}: {url}")
    if lan:
        say(out, "Откройте этот адрес на телефоне или планшете в той же сети Wi-Fi — или наведите камеру на код:")
        colour = use_colour(out)
        say(out, qr_text(url, colour))
        if not colour:  # ink on the terminal's background: a dark one shows the code inverted
            say(out, "Код нарисован тёмным по светлому, как на бумаге; на тёмном фоне камера может его не "
                     "прочитать — тогда наберите адрес вручную.")


def say(out: IO[str], text: str) -> None:
    out.write(text + "\n")
    out.flush()


def run(app: Any, sock: socket.socket, who: str, request_seconds: float = connections.REQUEST_SECONDS,
        max_connections: int = connections.MAX_CONNECTIONS) -> None:
    """Serve the ASGI ``app`` on ``sock`` until Ctrl+C, under the limits a misbehaving network needs:
    each request whole within ``request_seconds``, at most ``max_connections`` at once, the
    questions behind the changes (priority.ChangesFirst). The server's own lines go to stderr in
    Russian, led by ``who``, refusals summed up (serverlog.CalmLog). The socket is closed on return."""
    server, log = server_for(app, who, request_seconds, max_connections)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn stops gracefully on Ctrl+C, then raises it again
        pass
    finally:
        log.flush()
        sock.close()


def server_for(app: Any, who: str, request_seconds: float = connections.REQUEST_SECONDS,
               max_connections: int = connections.MAX_CONNECTIONS, log_to: IO[str] | None = None) -> tuple[Any, CalmLog]:
    """The uvicorn server ``run`` runs, and its log on ``log_to`` (stderr; flush it when the server stops)."""
    import uvicorn

    log = CalmLog(log_to or sys.stderr, who)
    server_log = logging.getLogger("uvicorn")
    server_log.handlers[:] = [log]
    server_log.propagate = False
    config = uvicorn.Config(ChangesFirst(app), log_config=None, log_level="warning", access_log=False,
                            lifespan="off", timeout_keep_alive=KEEP_ALIVE_SECONDS, proxy_headers=False,
                            server_header=False,
                            http=connections.LimitedH11.with_limits(request_seconds, max_connections))
    return uvicorn.Server(config), log
