"""The JSON answers of the pages' servers (the referee's screen and the studio): UTF-8, a lone surrogate
quoted back from a request sent as its JSON escape, never kept by the browser's cache."""

from __future__ import annotations

from typing import Any

from starlette.responses import Response

from slovariki.files.jsonl import encoded

NO_STORE = {"Cache-Control": "no-store"}  # the game and the words change: never show an old answer
_HTTP_CODES = {404: ("not-found", "Такой страницы нет."), 405: ("bad-method", "Этот адрес так не вызывают.")}


class Answer(Response):
    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return encoded(content)


def http_refusal(status: int, other: str) -> Answer:
    """Starlette's own refusal (no such page, a wrong method) in the server's words; ``other``: the code
    of any other status."""
    code, message = _HTTP_CODES.get(status, (other, "Неверный запрос."))
    return Answer({"ok": False, "code": code, "message": message}, status_code=status)
