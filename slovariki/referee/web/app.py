"""The table screen's Starlette app: the page, its files and a small JSON API over one :class:`Host`.

It stands behind the shared gate (slovariki.web.gate: the random token every path starts with,
the Host and Origin checks, the security headers), so nobody else on the network can change the
game, and serves the shared files (slovariki.web.assets: cards.js, the font, the shipped pictures)
beside its own. Every answer is JSON (the page and its files aside): ``{"ok": true, …, "game": …, "setup": …}``, or ``{"ok": false, "code", "message", …}``
with a 4xx status for a refused move or a bad request, and 500 for a bug of ours, after which the
game is read back from its session file: nothing a browser sends can break the game.

    GET  api/state[?since=tag]          the game (or none), its tag and the set-up form's choices; with
                                        the tag the page shows: {"same": true} while it is the same
    POST api/new   {players, trump, first, rules, grades, force, seen}
    POST api/move  {player, cmd, card, target, seen}   as in the JSON-lines protocol
    POST api/pass-all {seen}            «все пас»: everyone who may toss in passes, to the bout's end
    POST api/undo  {seen}

A change carries ``seen``, the tag of the game the page shows: from an outdated screen (another tab
moved meanwhile) it is refused (409, code «stale») with the game as it is now.
    GET  api/record                     the game record, {"record", "record_of": tag}, without the game
    GET  api/hand?player=               the cards that may be in that hand, with their moves
    GET  api/find?player=&text=         the cards a typed word may name, with their moves
    GET  api/deck?rules=&grades=[&text=]  the set-up's cards, for choosing the trump
    GET  pictures/own/<key>             an editor's own picture, by the key its card carries
"""

from __future__ import annotations

import html
import sys
import traceback
from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from slovariki.bank import pictures
from slovariki.game import rulebook
from slovariki.referee.table import Rejected
from slovariki.referee.texts import split_rule
from slovariki.referee.web.host import Host
from slovariki.text.russian import sentence
from slovariki.web import assets, bodies
from slovariki.web.answers import NO_STORE, Answer, http_refusal
from slovariki.web.gate import Gate

MAX_BODY = 16 * 1024  # a command is a few hundred bytes
# HTTP status by refusal code; the rules' refusals and game conflicts are 409.
STATUS = {"bad-command": 400, "no-token": 403, "not-found": 404, "bad-method": 405, "too-large": 413,
          "bad-setup": 422, "not-saved": 503, "gone": 400}
_HTML = {"bold": ("<b>", "</b>"), "italic": ("<i>", "</i>"), "red": ('<b class="hard">', "</b>")}

def refusal_json(exc: Rejected) -> dict:
    """A refusal for the page: the rule's number apart from the reason (both as sentences), and the
    rule's title and whole text from the rulebook."""
    rule, reason = split_rule(exc.message)
    return {"ok": False, "code": exc.code, "message": sentence(exc.message), "rule": rule and sentence(rule)[:-1],
            "reason": sentence(reason), "said": getattr(exc, "sentence", None), "rule_text": rule and _rule_text(rule)}


def _rule_text(citation: str) -> dict | None:
    """The rule as the page shows it: number, title, and its text as HTML (bold, and red as on the
    cards), escaped: it is our own text, but the page sets it as HTML."""
    try:
        found = rulebook.rule(citation)
    except rulebook.UnknownRule:
        return None
    text = rulebook.render(found.text, _HTML, html.escape)
    if found.clarification:
        text += f" <i>{rulebook.CLARIFICATION}</i> {rulebook.render(found.clarification, _HTML, html.escape)}"
    return {"number": found.number, "title": found.title, "html": text}


def create_app(host: Host, token: str, names: Iterable[str] = ()) -> Any:
    """The ASGI app over ``host`` behind the gate of ``token`` (and of the host ``names`` it may be
    opened by, besides IP addresses and localhost); the same under TestClient and under uvicorn."""
    return Gate(Starlette(routes=[Mount(f"/{token}", app=screen(host))]), token, names)


def screen(host: Host) -> Starlette:
    """The table screen's own app, its paths relative to where it is mounted (under the token here,
    under the studio's «play/» there)."""

    def refused(exc: Rejected) -> Response:
        return Answer({**refusal_json(exc), **host.state()}, status_code=STATUS.get(exc.code, 409), headers=NO_STORE)

    def answer(call: Callable[[], dict], with_state: bool = True) -> Response:
        try:
            result = call()
        except Rejected as exc:
            return refused(exc)
        except Exception as exc:  # a bug of ours: say so, and go on with the game as saved
            traceback.print_exc(file=sys.stderr)
            return _internal(host, exc)
        return Answer({"ok": True, **result, **(host.state() if with_state else {})}, headers=NO_STORE)

    async def body(request: Request) -> dict:
        try:
            return await bodies.read_json(request, MAX_BODY)
        except bodies.BodyError as exc:
            if exc.code == "too-large":
                raise Rejected("too-large", f"слишком большой запрос: команда судье не бывает длиннее {MAX_BODY // 1024} КБ") from None
            if exc.code == "gone":  # nobody to answer: the refusal goes nowhere, and nothing changed
                raise Rejected("gone", exc.message) from None
            raise Rejected("bad-command", "тело запроса — не JSON-объект: нужен объект вида {\"cmd\": \"pass\"}") from None

    def change(method: Callable[[dict], dict]) -> Callable:
        async def endpoint(request: Request) -> Response:
            try:
                data = await body(request)
            except Rejected as exc:
                return refused(exc)
            return answer(lambda: method(data))
        return endpoint

    def question(method: Callable[..., dict], *names: str) -> Callable:
        async def endpoint(request: Request) -> Response:
            query = request.query_params
            return answer(lambda: method(*(query.get(name) for name in names)))
        return endpoint

    async def state(request: Request) -> Response:
        """The game; with ``since``, the tag the page shows, only whether it is still the same (the
        page asks every few seconds, to follow changes made on another screen)."""
        if request.query_params.get("since") == host.tag:
            return Answer({"ok": True, "same": True, "tag": host.tag}, headers=NO_STORE)
        return answer(lambda: {})

    async def record(request: Request) -> Response:
        """The game record alone: asked for when it is opened, it is most of a long game's bytes."""
        return answer(host.record, with_state=False)

    async def page(request: Request) -> Response:
        return FileResponse(str(resources.files(__package__) / "static" / "index.html"), headers=NO_STORE)

    async def own_picture(request: Request) -> Response:
        """An editor's picture, by the key its card carries; checked again before it is sent."""
        try:
            data, kind = host.own_picture(request.path_params["key"])
        except (LookupError, pictures.PictureError):
            raise HTTPException(404) from None
        return assets.picture_response(data, kind, "no-cache")

    routes = [
        Route("/", page),
        Route("/api/state", state),
        Route("/api/new", change(host.new), methods=["POST"]),
        Route("/api/move", change(host.move), methods=["POST"]),
        Route("/api/undo", change(host.undo), methods=["POST"]),
        Route("/api/pass-all", change(host.pass_all), methods=["POST"]),
        Route("/api/record", record),
        Route("/api/hand", question(host.hand, "player")),
        Route("/api/find", question(host.find, "player", "text")),
        Route("/api/deck", question(host.deck, "rules", "grades", "text")),
        Route("/pictures/own/{key}", own_picture),
        Mount("/static", StaticFiles(packages=[(__package__, "static")])),
        *assets.routes(),
    ]

    async def http_error(request: Request, exc: HTTPException) -> Response:
        return http_refusal(exc.status_code, "bad-command")

    async def server_error(request: Request, exc: Exception) -> Response:
        return _internal(host, exc)

    return Starlette(routes=routes, exception_handlers={HTTPException: http_error, Exception: server_error})


def _internal(host: Host, exc: Exception) -> Response:
    try:
        host.reload()
        kept = "партия осталась такой, как в файле"
    except Exception:  # the file itself cannot be read now: keep what is in memory
        kept = "партия осталась как была"
    return Answer({"ok": False, "code": "internal",
                   "message": f"Внутренняя ошибка судьи ({type(exc).__name__}): ход не принят, {kept}. "
                              "Это ошибка программы, сообщите о ней."}, status_code=500)
