"""Changes first: under a flood of requests, a player's move (or a teacher's save) is answered as
soon as it arrives, and the flood is refused quickly instead of queued.

The server answers in one thread, one request at a time. Without an order, a move waits behind every
request that came before it, and a flood of a thousand a second made a move wait seconds. Here the
questions (every request that is not a change: the state, a hand, a file) take turns, one at a time:
between two of them the server reads the network again, so a change that came meanwhile is answered
before the next question. At most ``waiting`` questions wait for their turn; one more is answered at
once with 503 and a Russian sentence, and the page asks again. Changes never wait for questions.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from slovariki.files.jsonl import encoded
from slovariki.web.serverlog import BUSY

WAITING = 32
BUSY_MESSAGE = "Сервер сейчас занят: слишком много запросов сразу. Нажмите ещё раз через секунду."
_log = logging.getLogger("uvicorn.error")


def is_change(scope: dict) -> bool:
    """A request that changes something: the pages' changes are POSTs."""
    return scope["method"] == "POST"


class ChangesFirst:
    """ASGI middleware: changes (``changes(scope)``) straight through; questions one at a time, at
    most ``waiting`` of them in line."""

    def __init__(self, app: Any, changes: Callable[[dict], bool] = is_change, waiting: int = WAITING) -> None:
        self.app = app
        self.changes = changes
        self.waiting = waiting
        self.in_line = 0
        self.turn: asyncio.Lock | None = None  # made in the server's own event loop

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http" or self.changes(scope):
            await self.app(scope, receive, send)
            return
        if self.in_line >= self.waiting:
            _log.warning(BUSY)
            await _busy(send)
            return
        if self.turn is None:
            self.turn = asyncio.Lock()
        self.in_line += 1
        try:
            async with self.turn:
                await asyncio.sleep(0)  # let the network be read: a change that came meanwhile goes first
                await self.app(scope, receive, send)
        finally:
            self.in_line -= 1


async def _busy(send: Callable) -> None:
    body = encoded({"ok": False, "code": "busy", "message": BUSY_MESSAGE})
    await send({"type": "http.response.start", "status": 503,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"retry-after", b"1"), (b"cache-control", b"no-store")]})
    await send({"type": "http.response.body", "body": body})
