"""The gate in front of a local page's app: only the page's own address gets through.

- The token: every path starts with ``/<token>``; the address the program printed is the key.
- The Host header: an IP address, ``localhost`` or a name the program was started with. A page on
  some other site that points its own name at this computer (DNS rebinding) sends its own name, and
  is refused.
- The origin: a request a page of another site makes (its ``Origin``, or ``Sec-Fetch-Site``) is
  refused; the page's own requests and a link opened from elsewhere get through.
- Every answer carries the security headers: the page runs only its own scripts and styles, is never
  shown inside another site's frame, and never sends its address (with the token) to another site.

A refused browser page gets a short Russian HTML page; the page's own requests get JSON
``{"ok": false, "code", "message"}`` as the rest of the API answers.
"""

from __future__ import annotations

import html
import ipaddress
import re
import secrets
from collections.abc import Callable, Iterable
from typing import Any

from slovariki.files.jsonl import encoded

# The page's own files only; pictures as data: URLs (the favicon) or blobs; never inside a frame.
PAGE_POLICY = ("default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; "
               "form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = {
    "content-security-policy": PAGE_POLICY,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",  # the address holds the token
    "cross-origin-resource-policy": "same-origin",
}
# The refusal page's own style sits in it: it loads nothing.
_REFUSAL_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"
_REFUSALS = {
    "no-token": ("Нет доступа",
                 "Этот адрес неполный, устарел или набран с ошибкой. Откройте адрес целиком, с кодом доступа, "
                 "как его сейчас показывает программа на компьютере (или наведите камеру на её QR-код)."),
    "foreign-host": ("Чужой адрес",
                     "Страница открыта под чужим именем сайта. Откройте адрес, который показывает программа "
                     "на компьютере: с цифрами, например http://192.168.1.20:8765/…"),
    "cross-origin": ("Запрос с другого сайта",
                     "Другой сайт попытался обратиться к этой странице; запрос отклонён. Откройте адрес, который "
                     "показывает программа на компьютере."),
}
_SAFE_FETCH_SITES = {"same-origin", "none"}
_HOST = re.compile(r"(?P<name>\[[0-9a-fA-F:.]+\]|[^:\[\]]+)(?::\d{1,5})?")
_PAGE = """<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>body{{font-family:sans-serif;font-size:20px;line-height:1.4;margin:0;padding:24px;background:#F3F4F8;color:#1A1A1A}}
h1{{font-size:28px;margin:0 0 12px}}main{{max-width:640px;margin:0 auto}}</style></head>
<body><main><h1>{title}</h1><p>{text}</p></main></body></html>
"""


class Gate:
    """ASGI middleware: the token, the Host header and the origin checked before ``app`` sees a
    request, and the security headers added to every answer (an answer's own stricter policy, such
    as a picture's, is kept). ``names``: host names besides IP addresses and localhost that the
    page may be opened by (the one given to --host)."""

    def __init__(self, app: Any, token: str, names: Iterable[str] = ()) -> None:
        self.app = app
        self.token = token.encode()
        self.names = {"localhost", *(name.lower() for name in names)}

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {name.decode("latin-1"): value.decode("latin-1") for name, value in scope["headers"]}
        refusal = self.refusal(scope["path"], headers)
        if refusal:
            await _refuse(refusal, headers, send)
            return

        async def secured(message: dict) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(name.encode(), value.encode()) for name, value in SECURITY_HEADERS.items()
                         if name.encode() not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, secured)

    def refusal(self, path: str, headers: dict[str, str]) -> str | None:
        """Why the request may not pass (a code of _REFUSALS), or None."""
        host = headers.get("host")
        if host is not None and not self.known_host(host):
            return "foreign-host"
        first = path.split("/", 2)[1] if path.startswith("/") else ""
        if not secrets.compare_digest(first.encode("utf-8", "surrogatepass"), self.token):
            return "no-token"
        origin = headers.get("origin")
        if origin is not None and (host is None or origin.lower() != f"http://{host}".lower()):
            return "cross-origin"
        if headers.get("sec-fetch-site", "none") not in _SAFE_FETCH_SITES and headers.get("sec-fetch-mode") != "navigate":
            return "cross-origin"
        return None

    def known_host(self, host: str) -> bool:
        """An IP address (no name to rebind), localhost, or a name the program was started with."""
        parts = _HOST.fullmatch(host)
        if parts is None:
            return False
        name = parts["name"].strip("[]")
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return name.lower() in self.names
        return True


async def _refuse(code: str, headers: dict[str, str], send: Callable) -> None:
    title, text = _REFUSALS[code]
    if "text/html" in headers.get("accept", ""):  # a browser opening the address
        body = _PAGE.format(title=html.escape(title), text=html.escape(text)).encode("utf-8")
        kind, policy = b"text/html; charset=utf-8", _REFUSAL_POLICY
    else:
        body = encoded({"ok": False, "code": code, "message": f"{title}: {text[0].lower()}{text[1:]}"})
        kind, policy = b"application/json", SECURITY_HEADERS["content-security-policy"]
    extra = {**SECURITY_HEADERS, "content-security-policy": policy, "cache-control": "no-store"}
    await send({"type": "http.response.start", "status": 403,
                "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode()),
                            *((name.encode(), value.encode()) for name, value in extra.items())]})
    await send({"type": "http.response.body", "body": body})
