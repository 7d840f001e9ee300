"""The gate every local page stands behind: the token, the Host header (DNS rebinding), the origin,
the security headers, and a Russian page for a wrong address."""

from __future__ import annotations

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.testclient import TestClient

from slovariki.web import assets, bodies
from slovariki.web.gate import SECURITY_HEADERS, Gate

TOKEN = "gate-token-42"
LIMIT = 1024


async def echo(request: Request) -> Response:
    if request.method == "POST":
        try:
            data = await bodies.read_json(request, LIMIT)
        except bodies.BodyError as exc:
            return PlainTextResponse(f"{exc.code}: {exc.message}", status_code=413 if exc.code == "too-large" else 400)
        return PlainTextResponse(f"got {sorted(data)}")
    return PlainTextResponse("hello")


async def picture(request: Request) -> Response:
    return assets.picture_response(b"<svg/>", "svg", "no-cache")


def client(names=(), base_url="http://127.0.0.1:8765") -> TestClient:
    app = Starlette(routes=[Mount(f"/{TOKEN}", routes=[Route("/", echo, methods=["GET", "POST"]),
                                                       Route("/picture", picture), *assets.routes()])])
    return TestClient(Gate(app, TOKEN, names), base_url=base_url)


@pytest.mark.parametrize("host", ["127.0.0.1:8765", "localhost:8765", "192.168.1.20:8765", "[::1]:8765", "[fe80::1]:80",
                                  "LOCALHOST", "10.0.0.5", "mypc.local:8765"])
def test_addresses_and_the_name_given_pass(host):
    response = client(names=["mypc.local"]).get(f"/{TOKEN}/", headers={"Host": host})
    assert response.status_code == 200 and response.text == "hello"


@pytest.mark.parametrize("host", ["evil.example:8765", "evil.example", "127.0.0.1.evil.example:8765",
                                  "localhost.evil.example", "mypc.local:8765", "[::1]evil:80", ""])
def test_a_foreign_host_name_is_refused(host):
    """DNS rebinding: another site's page that points its name at this computer sends that name."""
    response = client().get(f"/{TOKEN}/", headers={"Host": host})
    assert response.status_code == 403
    assert response.json()["code"] == "foreign-host" and "Чужой адрес" in response.json()["message"]


@pytest.mark.parametrize("path", ["/", "/x/", f"/{TOKEN}x/", f"/{TOKEN[:-1]}/", f"/x/{TOKEN}/", "/shared/cards.js",
                                  "/fonts/Roboto-Bold.ttf", f"/%D0%B0{TOKEN}/"])
def test_without_the_token_nothing_is_served(path):
    for method in ("GET", "POST"):
        response = client().request(method, path)
        assert response.status_code == 403 and response.json()["code"] == "no-token"
        assert response.json()["message"].startswith("Нет доступа: этот адрес неполный")


def test_a_browser_opening_a_wrong_address_gets_a_russian_page():
    response = client().get("/old-token/", headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
    assert response.status_code == 403 and response.headers["content-type"].startswith("text/html")
    assert '<html lang="ru">' in response.text and "<h1>Нет доступа</h1>" in response.text
    assert "как его сейчас показывает программа" in response.text
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert response.headers["x-frame-options"] == "DENY"


@pytest.mark.parametrize("headers", [
    {"Origin": "http://evil.example"}, {"Origin": "null"}, {"Origin": "http://127.0.0.1:9999"},
    {"Origin": "https://127.0.0.1:8765"}, {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"},
])
def test_a_request_from_another_site_is_refused(headers):
    for method in ("GET", "POST"):
        response = client().request(method, f"/{TOKEN}/", headers=headers, json={"cmd": "pass"})
        assert response.status_code == 403 and response.json()["code"] == "cross-origin", response.text


@pytest.mark.parametrize("headers", [
    {}, {"Origin": "http://127.0.0.1:8765"}, {"Sec-Fetch-Site": "same-origin"}, {"Sec-Fetch-Site": "none"},
    {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"},  # a link to the page opened from a chat
])
def test_the_page_s_own_requests_and_a_link_opened_pass(headers):
    response = client().post(f"/{TOKEN}/", headers=headers, json={"cmd": "pass"})
    assert response.status_code == 200 and response.text == "got ['cmd']"


def test_every_answer_carries_the_security_headers():
    http = client()
    for path in (f"/{TOKEN}/", f"/{TOKEN}/shared/cards.js", f"/{TOKEN}/nowhere", "/no-token/"):
        headers = http.get(path).headers
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"
        assert headers["referrer-policy"] == "no-referrer"  # the address holds the token
        policy = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy or "sandbox" in policy
    assert http.get(f"/{TOKEN}/").headers["content-security-policy"] == SECURITY_HEADERS["content-security-policy"]
    assert "script-src" not in SECURITY_HEADERS["content-security-policy"]  # default-src 'self': no inline script
    # A picture keeps its own, stricter policy: an SVG opened by itself runs nothing.
    picture = http.get(f"/{TOKEN}/picture").headers
    assert picture["content-security-policy"] == "default-src 'none'; style-src 'unsafe-inline'; sandbox"
    assert picture.get_list("content-security-policy") == [picture["content-security-policy"]]


def test_bodies_are_bounded_by_their_declared_and_their_real_length():
    http = client()
    assert http.post(f"/{TOKEN}/", content=b'{"a": 1}').text == "got ['a']"
    big = http.post(f"/{TOKEN}/", content=b"[" * (LIMIT + 1))
    assert big.status_code == 413 and big.text == "too-large: слишком большой запрос: сюда можно прислать не больше 1 КБ"
    # A body sent in pieces, without a length, is stopped as it grows past the limit.
    pieces = http.post(f"/{TOKEN}/", content=iter([b" " * 600, b" " * 600, b"{}"]))
    assert pieces.status_code == 413
    assert http.post(f"/{TOKEN}/", content=b"[1, 2]").text == "bad-json: тело запроса должно быть JSON-объектом"
    assert http.post(f"/{TOKEN}/", content=b"\xff").text == "bad-json: тело запроса — не JSON"


def test_a_declared_length_over_the_limit_is_refused_before_the_body_is_read():
    received = []

    class Request_:
        headers = {"content-length": str(50 * 1024 * 1024)}

        async def stream(self):
            received.append(True)
            yield b""

    import asyncio

    with pytest.raises(bodies.BodyError) as refused:
        asyncio.run(bodies.read_body(Request_(), 20 * 1024 * 1024))
    assert refused.value.code == "too-large" and "не больше 20 МБ" in refused.value.message
    assert received == []


def test_the_shared_files_are_served_from_the_package():
    http = client()
    script = http.get(f"/{TOKEN}/shared/cards.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert "function cardElement(card, size)" in script.text and "function setPalette(palette)" in script.text
    style = http.get(f"/{TOKEN}/shared/cards.css")
    assert style.status_code == 200 and 'url("../fonts/Roboto-Bold.ttf")' in style.text
    font = http.get(f"/{TOKEN}/fonts/Roboto-Bold.ttf")
    assert font.status_code == 200 and font.content[:4] == b"\x00\x01\x00\x00"  # a TrueType font
    assert http.get(f"/{TOKEN}/pictures/cow.svg").content.lstrip().startswith(b"<")
    for missing in ("fonts/..%2F..%2Fcli.py", "shared/..%2Fgate.py", "pictures/..%2F..%2Fcli.svg", "pictures/cow.png",
                    "fonts/DejaVuSans.ttf"):
        assert http.get(f"/{TOKEN}/{missing}").status_code == 404, missing
