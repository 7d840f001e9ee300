"""uvicorn's HTTP/1.1 connection (h11) with the limits a misbehaving network needs.

uvicorn closes a connection idle between requests (keep-alive), but not one that sends its request
slowly: headers a byte at a time, or a body shorter than its Content-Length, held a connection as long
as the client liked. Here each request must arrive whole within ``request_seconds`` of the connection
opening or of the previous answer; a request that does not is cut off (the app, if it was reading the
body, sees the client gone). A request wholly received is never cut: the page's answer takes as long
as it takes. A connection that sent nothing is closed as quietly as uvicorn closes an idle one.
Connections beyond ``max_connections`` are closed as they open.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from slovariki.web.serverlog import SLOW, TOO_MANY

REQUEST_SECONDS = 10.0  # a phone's request is a few hundred bytes: seconds are plenty even on bad Wi-Fi
MAX_CONNECTIONS = 200


class LimitedH11(H11Protocol):
    request_seconds = REQUEST_SECONDS
    max_connections = MAX_CONNECTIONS
    _deadline: asyncio.TimerHandle | None = None
    _begun = False  # some of the next request has come

    @classmethod
    def with_limits(cls, request_seconds: float, max_connections: int) -> type[LimitedH11]:
        return type(cls.__name__, (cls,), {"request_seconds": request_seconds, "max_connections": max_connections})

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        if len(self.connections) > self.max_connections:
            self.logger.warning(TOO_MANY)
            transport.close()
            return
        self._start_deadline()

    def data_received(self, data: bytes) -> None:
        self._begun = True
        super().data_received(data)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._start_deadline()  # for the next request on this connection

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        super().connection_lost(exc)

    def _start_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._begun = False
        self._deadline = self.loop.call_later(self.request_seconds, self._deadline_passed)

    def _deadline_passed(self) -> None:
        cycle = self.cycle
        if cycle is not None and not cycle.response_complete and not cycle.more_body:
            return  # the whole request is in: the app is answering it
        if self.transport.is_closing():
            return
        if self._begun:  # an idle connection (a browser's spare one) is closed without a word
            self.logger.warning(SLOW)
        self.transport.close()
