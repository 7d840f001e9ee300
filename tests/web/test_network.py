"""The shared web server under a misbehaving network, on 127.0.0.1 only, every loop bounded: slow
and silent connections closed, a false body length cut off, too many connections refused, the
changes answered ahead of a queue of questions, and a calm terminal."""

from __future__ import annotations

import asyncio
import io
import logging
import socket
import threading
import time
from contextlib import contextmanager

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from slovariki.web import bodies, serve
from slovariki.web.priority import BUSY_MESSAGE, ChangesFirst
from slovariki.web.serverlog import BAD_REQUEST, BUSY, SLOW, CalmLog

REQUEST_SECONDS = 1.0
bodies_seen: list[str] = []


async def hello(request: Request) -> Response:
    return PlainTextResponse("hello")


async def change(request: Request) -> Response:
    try:
        data = await bodies.read_json(request, 1024)
    except bodies.BodyError as exc:
        bodies_seen.append(exc.code)
        return PlainTextResponse(exc.code, status_code=400)
    bodies_seen.append("ok")
    return PlainTextResponse(f"changed {sorted(data)}")


APP = Starlette(routes=[Route("/", hello), Route("/change", change, methods=["POST"])])


@contextmanager
def running(max_connections: int = 50, request_seconds: float = REQUEST_SECONDS):
    """The shared server in a thread on a free port of 127.0.0.1, by default with a one-second
    request limit; yields the port and what it wrote to the terminal."""
    out = io.StringIO()
    sock = serve.bind("127.0.0.1", 0)
    server, log = serve.server_for(APP, "Тест", request_seconds, max_connections, log_to=out)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.01)
    try:
        yield sock.getsockname()[1], out
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        log.flush()
        sock.close()
        assert not thread.is_alive()


def connect(port: int) -> socket.socket:
    client = socket.create_connection(("127.0.0.1", port), timeout=10)
    return client


def closed_within(client: socket.socket, seconds: float) -> bool:
    """Whether the server closes the connection (nothing more to read) within ``seconds``."""
    client.settimeout(seconds)
    try:
        while client.recv(4096):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True


def get(port: int, path: str = "/") -> bytes:
    with connect(port) as client:
        client.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := client.recv(4096):
            answer += chunk
    return answer


def test_slow_headers_are_cut_off_and_others_are_answered_meanwhile():
    """Headers sent a byte at a time (slowloris): each connection closed after the request limit,
    however it dribbles; a normal request is answered in the meantime."""
    with running() as (port, out):
        slow = [connect(port) for _ in range(20)]
        start = time.monotonic()
        for _ in range(3):  # a byte every 0.4 s keeps the connection busy, never done
            for client in slow:
                client.sendall(b"G")
            assert get(port).endswith(b"hello")
            time.sleep(0.4)
        assert all(closed_within(client, 3 * REQUEST_SECONDS) for client in slow)
        assert time.monotonic() - start < 6 * REQUEST_SECONDS
        for client in slow:
            client.close()
    assert out.getvalue().splitlines() == ["Тест: отклонено: 1 слишком медленный запрос; работа идёт дальше.",
                                           "Тест: отклонено: 19 слишком медленных запросов; работа идёт дальше."]


def test_a_false_body_length_is_cut_off_and_the_app_sees_the_client_gone():
    bodies_seen.clear()
    with running() as (port, out):
        with connect(port) as client:
            client.sendall(b"POST /change HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{\"a\"")
            start = time.monotonic()
            assert closed_within(client, 5 * REQUEST_SECONDS)
            assert time.monotonic() - start < 3 * REQUEST_SECONDS
        deadline = time.monotonic() + 5
        while not bodies_seen and time.monotonic() < deadline:
            time.sleep(0.01)
    assert bodies_seen == ["gone"]
    assert "сбой" not in out.getvalue()


def test_a_connection_that_sends_nothing_is_closed_without_a_word():
    with running() as (port, out):
        with connect(port) as idle:  # as a browser opens a spare one
            assert closed_within(idle, 5 * REQUEST_SECONDS)
    assert out.getvalue() == ""


def test_a_whole_request_is_never_cut_and_keep_alive_works():
    with running() as (port, _), connect(port) as client:
        for _ in range(3):
            client.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            answer = b""
            for _ in range(10):  # the head and the body may come apart
                answer += client.recv(4096)
                if answer.endswith(b"hello"):
                    break
            assert answer.startswith(b"HTTP/1.1 200") and answer.endswith(b"hello")
            time.sleep(0.6 * REQUEST_SECONDS)  # each answer starts the limit anew


def test_connections_beyond_the_limit_are_closed_as_they_open():
    with running(max_connections=5, request_seconds=30) as (port, out):
        held = [connect(port) for _ in range(5)]
        time.sleep(0.2)
        extra = [connect(port) for _ in range(3)]
        assert all(closed_within(client, 0.5) for client in extra)
        assert not any(closed_within(client, 0.2) for client in held)
        for client in held + extra:
            client.close()
        time.sleep(0.2)
        assert get(port).endswith(b"hello")  # the slots are free again
    assert out.getvalue().splitlines() == ["Тест: отклонено: 1 лишнее соединение; работа идёт дальше.",
                                           "Тест: отклонено: 2 лишних соединения; работа идёт дальше."]


def test_a_phone_dropping_mid_request_is_not_a_fault():
    with running() as (port, out):
        for _ in range(5):
            with connect(port) as client:
                client.sendall(b"POST /change HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 50\r\n\r\n{\"a\": ")
        time.sleep(0.3)
        assert get(port).endswith(b"hello")
    assert "сбой" not in out.getvalue() and "Traceback" not in out.getvalue()


def test_a_flood_of_malformed_requests_gets_one_summary_line():
    with running() as (port, out):
        for _ in range(300):
            with connect(port) as client:
                client.sendall(b"NONSENSE\r\n\r\n")
                assert client.recv(100).startswith(b"HTTP/1.1 400")
    lines = out.getvalue().splitlines()
    assert lines == ["Тест: отклонено: 1 неправильный HTTP-запрос; работа идёт дальше.",
                     "Тест: отклонено: 299 неправильных HTTP-запросов; работа идёт дальше."]


def test_the_summary_comes_once_an_interval_and_a_fault_at_once():
    now = [0.0]
    out = io.StringIO()
    log = CalmLog(out, "Экран судьи", interval=60, clock=lambda: now[0])

    def record(text: str) -> None:
        log.emit(logging.LogRecord("uvicorn.error", logging.WARNING, "", 0, text, (), None))

    record(BAD_REQUEST)
    for second in range(1, 120):
        now[0] = second
        record(BAD_REQUEST if second % 2 else BUSY)
    record("Something \x1b[2J broke")
    record(SLOW)
    log.flush()
    assert out.getvalue().splitlines() == [
        "Экран судьи: отклонено: 1 неправильный HTTP-запрос; работа идёт дальше.",
        "Экран судьи: отклонено: 30 неправильных HTTP-запросов, 30 лишних запросов, пока сервер был занят; "
        "работа идёт дальше.",
        "Экран судьи: сбой веб-сервера («Something \\x1b[2J broke»); если страница перестала отвечать, "
        "остановите программу (Ctrl+C) и запустите снова: всё сохранённое останется.",
        "Экран судьи: отклонено: 30 неправильных HTTP-запросов, 29 лишних запросов, пока сервер был занят, "
        "1 слишком медленный запрос; работа идёт дальше."]


def test_changes_go_ahead_of_waiting_questions_and_a_long_line_is_refused():
    """Questions held up (a slow one in front): the line is bounded, one more is refused at once,
    and a change is answered while they wait."""
    release = asyncio.Event
    answered: list[tuple[str, int]] = []

    async def scenario() -> None:
        hold = release()

        async def app(scope, receive, send):
            if scope["method"] == "GET":
                await hold.wait()
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b""})

        first = ChangesFirst(app, waiting=4)

        async def call(method: str, name: str) -> None:
            status = []

            async def send(message):
                if message["type"] == "http.response.start":
                    status.append(message["status"])

            async def receive():
                return {"type": "http.request", "body": b"", "more_body": False}

            await first({"type": "http", "method": method, "path": "/"}, receive, send)
            answered.append((name, status[0]))

        questions = [asyncio.create_task(call("GET", f"q{i}")) for i in range(6)]
        for _ in range(5):
            await asyncio.sleep(0)
        await call("POST", "move")
        assert answered == [("q4", 503), ("q5", 503), ("move", 200)]
        hold.set()
        await asyncio.gather(*questions)

    asyncio.run(scenario())
    assert sorted(answered[3:]) == [("q0", 200), ("q1", 200), ("q2", 200), ("q3", 200)]


def test_a_refused_question_says_so_in_russian():
    async def scenario() -> list[dict]:
        sent: list[dict] = []

        async def never(scope, receive, send):
            await asyncio.Event().wait()

        first = ChangesFirst(never, waiting=0)

        async def send(message):
            sent.append(message)

        await first({"type": "http", "method": "GET", "path": "/"}, None, send)
        return sent

    start, body = asyncio.run(scenario())
    assert start["status"] == 503 and (b"retry-after", b"1") in start["headers"]
    assert BUSY_MESSAGE.encode() in body["body"] and b'"code": "busy"' in body["body"]


def test_the_limits_apply_to_the_app_as_served():
    """serve.server_for wraps the app in ChangesFirst and uses the limited connection."""
    server, _ = serve.server_for(APP, "Тест", 3.0, 7, log_to=io.StringIO())
    config = server.config
    config.load()
    assert isinstance(config.loaded_app, ChangesFirst)
    assert config.http_protocol_class.request_seconds == 3.0 and config.http_protocol_class.max_connections == 7
