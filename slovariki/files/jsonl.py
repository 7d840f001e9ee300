"""The loop of the machine protocols (``referee --jsonl``, ``bitva-par play --jsonl``).

One JSON answer per input line, written and flushed at once. Nothing a client sends ends the loop:
a line that is not UTF-8 or longer than MAX_LINE is refused like any bad command (a long line is not
even held in memory), and a bug of ours is reported on stderr and answered as a refusal, so a game in
progress survives it. Only a reader that has gone stops it.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Iterable
from typing import IO, Any, Protocol

from slovariki.files import reading
from slovariki.text.terminal import shown

MAX_LINE = 64 * 1024  # a command is a few hundred bytes; a word folder's path at most a few KB


class Session(Protocol):
    def answer(self, line: str) -> dict:
        """The answer to one line; refusals are answers, not exceptions."""

    def state(self) -> dict | None:
        """The state to show with a refusal (None before a game starts)."""


def dumps(value: Any, indent: int | None = None) -> str:
    """JSON in which every character that is not printable is a ``\\u`` escape, not only those JSON
    requires: a terminal escape or a bidi override in a quoted word reaches nobody's screen; a line
    separator (U+2028, U+0085) that a client splitting lines would split on stays inside its line;
    a lone surrogate sent to us as ``\\udcff`` and quoted back goes out as the same escape (it cannot
    be written as UTF-8)."""
    return shown(json.dumps(value, ensure_ascii=False, indent=indent), lines=True, escape=_json_escape)


def _json_escape(ch: str) -> str:
    return json.dumps(ch)[1:-1]  # ASCII JSON: \u001b, or a surrogate pair beyond the BMP


def encoded(answer: dict) -> bytes:
    """One answer line in UTF-8."""
    return dumps(answer).encode("utf-8")


def refusal(code: str, message: str, state: dict | None) -> dict:
    return {"ok": False, "code": code, "message": message, "state": state}


def serve(lines: Iterable[bytes] | IO[bytes], out: IO[bytes], session: Session) -> None:
    """Answer each of ``lines`` (a list, or a stream read line by line) on ``out`` as it comes."""
    for raw in reading.lines(lines, MAX_LINE) if hasattr(lines, "readline") else lines:
        try:
            out.write(encoded(_answer(raw, session)) + b"\n")
            out.flush()
        except BrokenPipeError:  # the reader has gone: nobody is left to answer
            return


def _answer(raw: bytes, session: Session) -> dict:
    if len(raw) > MAX_LINE:
        return refusal("bad-command", f"строка длиннее {reading.size_text(MAX_LINE)}: это не команда", session.state())
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError:
        return refusal("bad-command", "строка не в кодировке UTF-8", session.state())
    try:
        return session.answer(line)
    except Exception as exc:
        traceback.print_exc(file=sys.stderr)
        return refusal("bad-command", f"внутренняя ошибка судьи: {exc}", session.state())
