"""The loop of the machine protocols (``referee --jsonl``, ``bitva-par play --jsonl``).

One JSON answer per input line, written and flushed at once. Nothing a client sends ends the loop:
a line that is not UTF-8 is refused like any bad command, and a bug of ours is reported on stderr and
answered as a refusal, so a game in progress survives it. Only a reader that has gone stops it.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Iterable
from typing import IO, Protocol


class Session(Protocol):
    def answer(self, line: str) -> dict:
        """The answer to one line; refusals are answers, not exceptions."""

    def state(self) -> dict | None:
        """The state to show with a refusal (None before a game starts)."""


def encoded(answer: dict) -> bytes:
    """One answer line in UTF-8. A lone surrogate sent to us as ``\\udcff`` and quoted back in a
    message goes out as the same JSON escape: it cannot be written as UTF-8."""
    return json.dumps(answer, ensure_ascii=False).encode("utf-8", "backslashreplace")


def refusal(code: str, message: str, state: dict | None) -> dict:
    return {"ok": False, "code": code, "message": message, "state": state}


def serve(lines: Iterable[bytes], out: IO[bytes], session: Session) -> None:
    """Answer each of ``lines`` on ``out`` as it comes."""
    for raw in lines:
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            answer = refusal("bad-command", "строка не в кодировке UTF-8", session.state())
        else:
            try:
                answer = session.answer(line)
            except Exception as exc:
                traceback.print_exc(file=sys.stderr)
                answer = refusal("bad-command", f"внутренняя ошибка судьи: {exc}", session.state())
        try:
            out.write(encoded(answer) + b"\n")
            out.flush()
        except BrokenPipeError:  # the reader has gone: nobody is left to answer
            return
