"""Request bodies read with a bound: a body longer than its limit is refused as soon as it says so
(Content-Length) or as soon as it grows past it, never read whole first.

    data = await bodies.read_body(request, 20 * 1024 * 1024)   # an uploaded spreadsheet: bytes
    command = await bodies.read_json(request, 16 * 1024)        # a JSON object: dict

Both raise BodyError, whose ``code`` («too-large», «bad-json», «gone») and Russian ``message`` the
page's JSON refusal carries. «gone»: the client went away in the middle (a phone leaving the Wi-Fi,
or a request too slow, cut off by the server): nobody is left to answer, and nothing is wrong.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import ClientDisconnect


class BodyError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def size_text(size: int) -> str:
    """«16 КБ», «20 МБ»: a limit as a person reads it."""
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):g} МБ"
    return f"{size / 1024:g} КБ"


def _too_large(limit: int) -> BodyError:
    return BodyError("too-large", f"слишком большой запрос: сюда можно прислать не больше {size_text(limit)}")


async def read_body(request: Any, limit: int) -> bytes:
    """The body of a Starlette ``request``, at most ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise _too_large(limit)
    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise _too_large(limit)
            chunks.append(chunk)
    except ClientDisconnect:
        raise BodyError("gone", "соединение оборвалось посреди запроса") from None
    return b"".join(chunks)


async def read_json(request: Any, limit: int) -> dict:
    """The body as a JSON object, at most ``limit`` bytes."""
    raw = await read_body(request, limit)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BodyError("bad-json", "тело запроса — не JSON") from None
    if not isinstance(data, dict):
        raise BodyError("bad-json", "тело запроса должно быть JSON-объектом")
    return data
