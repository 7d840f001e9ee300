"""What the web server tells the teacher's terminal: Russian, and calm.

A phone on bad Wi-Fi, a scanner on the network or a flood of requests must not fill the terminal:
each kind of refused request is counted, and the counts are said in one line at most once an
interval (the first one at once, so that the teacher knows what is happening), and once more when
the server stops. A message we have no words for is a real fault: it is said at once, quoted.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable
from typing import IO

from slovariki.text.russian import plural
from slovariki.text.terminal import shown

INTERVAL = 60.0  # seconds between two summary lines
# Log messages (ours and uvicorn's) for requests refused as expected, by kind.
BAD_REQUEST = "Invalid HTTP request received."
WEBSOCKET = "Unsupported upgrade request."
BUSY = "Exceeded concurrency limit."
SLOW = "slovariki: a request too slow, its connection closed"
TOO_MANY = "slovariki: too many connections, a new one closed"
# Each kind in the summary line: the three forms of its noun phrase for a count.
_KINDS = {
    BAD_REQUEST: ("неправильный HTTP-запрос", "неправильных HTTP-запроса", "неправильных HTTP-запросов"),
    WEBSOCKET: ("запрос WebSocket", "запроса WebSocket", "запросов WebSocket"),
    BUSY: ("лишний запрос, пока сервер был занят", "лишних запроса, пока сервер был занят",
           "лишних запросов, пока сервер был занят"),
    SLOW: ("слишком медленный запрос", "слишком медленных запроса", "слишком медленных запросов"),
    TOO_MANY: ("лишнее соединение", "лишних соединения", "лишних соединений"),
}
_QUIET = ("No supported WebSocket library detected",)  # follows WEBSOCKET: nothing to add


class CalmLog(logging.Handler):
    """uvicorn's warnings and errors (and the limits' own) as Russian lines on ``stream``, each led
    by ``who`` («Экран судьи»): refusals summed up (see the module), faults said at once."""

    def __init__(self, stream: IO[str], who: str, interval: float = INTERVAL,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(logging.WARNING)
        self.stream = stream
        self.who = who
        self.interval = interval
        self.clock = clock
        self.counts: Counter[str] = Counter()
        self.last: float | None = None  # when the last summary was said

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage().strip()
        if text.startswith(_QUIET):
            return
        if text not in _KINDS:
            self._say(f"сбой веб-сервера («{shown(text)}»); если страница перестала отвечать, остановите "
                      "программу (Ctrl+C) и запустите снова: всё сохранённое останется")
            return
        self.counts[text] += 1
        if self.last is None or self.clock() - self.last >= self.interval:
            self.flush()

    def flush(self) -> None:
        """Say the counts so far in one line, if there are any."""
        if self.counts:
            parts = [f"{n} {plural(n, *_KINDS[kind])}" for kind, n in self.counts.items()]
            self._say(f"отклонено: {', '.join(parts)}; работа идёт дальше")
            self.counts.clear()
        self.last = self.clock()

    def _say(self, text: str) -> None:
        self.stream.write(f"{self.who}: {text}.\n")
        self.stream.flush()
