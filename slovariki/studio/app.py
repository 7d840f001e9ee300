"""The studio's Starlette app: the page, its files and a JSON API over one :class:`Studio`.

It stands behind the shared gate (:mod:`slovariki.web.gate`: the token every path starts with, the
Host and Origin checks, the security headers) and serves the shared files (:mod:`slovariki.web.assets`).
Every answer of the API is JSON: ``{"ok": true, …}``, or ``{"ok": false, "code", "message"}`` with a
4xx status for a refusal (409 when a file changed elsewhere, 503 when it could not be written) and 500
for a bug of ours. Nothing is «сохранено» unless the file holds it.

    GET  api/state                            the folder, its files, undo, the last build
    POST api/start   {folder, how}            open or make the word folder (how: open, empty, examples, copy)
    GET  api/bank?text=&stars=&letter=&no_picture=&findings=   her words per grade, with check's findings
    GET  api/entry?word=                      one entry's values for the form
    POST api/suggest {word, grade}            suggest's proposal and the pictures that fit
    POST api/draft   {grade, word, …}         check's findings for the form as typed
    POST api/preview?size= {grade, word, …}   the draft's card as printed (PNG; size: a card size's key)
    GET  card/<grade>/<word>.png?size=        a saved card as printed (PNG)
    POST api/save    {grade, word, …, original, versions}
    POST api/remove  {word, versions}
    POST api/undo
    POST api/import  (the file's bytes; X-File-Name)   the rows understood, nothing written
    POST api/import/accept {token}
    POST api/build   {grades, words, card_size, paper, backs, copies, cmyk, bleed, force}
    GET  api/build                            the build's progress
    POST api/handouts {grades, words, paper}
    POST api/open-folder                      show the print folder on this computer
    GET  files/<kind>/<name>                  a built PDF (kind: deck, handouts)
    …/play/…                                  the referee's screen on her bank
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any
from urllib.parse import unquote

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from slovariki.web.answers import NO_STORE, Answer, http_refusal
from slovariki.studio import importing
from slovariki.studio.studio import Studio
from slovariki.studio.workspace import StudioError
from slovariki.web import assets, bodies
from slovariki.web.gate import Gate

MAX_BODY = 64 * 1024  # a form is a few hundred bytes; a print list of 500 words a few KB
STATUS = {"bad-request": 400, "bad-json": 400, "bad-entry": 422, "bad-file": 422, "bad-words": 422,
          "printed-wrong": 422, "bad-folder": 422, "no-folder": 428, "not-found": 404, "conflict": 409,
          "busy": 409, "nothing-to-undo": 409, "too-large": 413, "not-saved": 503}

def refusal(exc: StudioError | bodies.BodyError) -> Response:
    message = exc.message[:1].upper() + exc.message[1:]
    return Answer({"ok": False, "code": exc.code, "message": message}, status_code=STATUS.get(exc.code, 400),
                  headers=NO_STORE)


def create_app(studio: Studio, token: str, names: Iterable[str] = ()) -> Any:
    """The ASGI app over ``studio`` behind the gate of ``token``; the same under TestClient and uvicorn."""

    async def answer(call: Callable[[], dict | Response]) -> Response:
        """Run ``call`` in a worker thread (a check or a card drawing takes a while: the server goes on
        answering meanwhile) and say what came of it."""
        try:
            result = await run_in_threadpool(call)
        except (StudioError, bodies.BodyError) as exc:
            return refusal(exc)
        except Exception as exc:  # a bug of ours: say so; the files are as they were written
            traceback.print_exc(file=sys.stderr)
            return Answer({"ok": False, "code": "internal",
                           "message": f"Внутренняя ошибка студии ({type(exc).__name__}): действие не выполнено, "
                                      "файлы остались как были. Это ошибка программы, сообщите о ней."},
                          status_code=500, headers=NO_STORE)
        if isinstance(result, Response):
            return result
        return Answer({"ok": True, **result}, headers=NO_STORE)

    def change(method: Callable[[dict], dict | Response]) -> Callable:
        async def endpoint(request: Request) -> Response:
            try:
                data = await bodies.read_json(request, MAX_BODY)
            except bodies.BodyError as exc:
                return refusal(exc)
            return await answer(lambda: method(data))
        return endpoint

    def question(method: Callable[..., dict]) -> Callable:
        async def endpoint(request: Request) -> Response:
            return await answer(lambda: method(dict(request.query_params)))
        return endpoint

    async def upload(request: Request) -> Response:
        try:
            name = importing.upload_name(unquote(request.headers.get("x-file-name", "")))
            data = await bodies.read_body(request, importing.MAX_UPLOAD)
        except (StudioError, bodies.BodyError) as exc:
            if getattr(exc, "code", "") == "too-large":
                exc = StudioError("too-large", f"Таблица не прочитана: файл больше "
                                               f"{bodies.size_text(importing.MAX_UPLOAD)}; это не похоже на список слов")
            return refusal(exc)
        return await answer(lambda: studio.import_preview(name, data))

    async def page(request: Request) -> Response:
        return FileResponse(str(resources.files(__package__) / "static" / "index.html"), headers=NO_STORE)

    async def card(request: Request) -> Response:
        return await answer(lambda: _png(studio.card_png(int(request.path_params["grade"]), request.path_params["word"],
                                                         request.query_params.get("size"))))

    async def draft_png(request: Request) -> Response:
        try:
            data = await bodies.read_json(request, MAX_BODY)
        except bodies.BodyError as exc:
            return refusal(exc)
        return await answer(lambda: _png(studio.draft_png(data, request.query_params.get("size"))))

    async def built(request: Request) -> Response:
        try:
            path = studio.built_file(request.path_params["kind"], request.path_params["name"])
        except StudioError as exc:
            return refusal(exc)
        return FileResponse(str(path), media_type="application/pdf", filename=path.name, headers=NO_STORE)

    async def qr(request: Request) -> Response:
        return await answer(lambda: Response(studio.play_qr(), media_type="image/svg+xml"))

    routes = [
        Route("/", page),
        Route("/api/state", question(lambda query: studio.state())),
        Route("/api/start", change(studio.start), methods=["POST"]),
        Route("/api/bank", question(studio.bank)),
        Route("/api/entry", question(studio.entry)),
        Route("/api/suggest", change(studio.suggest), methods=["POST"]),
        Route("/api/draft", change(studio.draft), methods=["POST"]),
        Route("/api/preview", draft_png, methods=["POST"]),
        Route("/card/{grade:int}/{word}.png", card),
        Route("/api/save", change(studio.save), methods=["POST"]),
        Route("/api/remove", change(studio.remove), methods=["POST"]),
        Route("/api/undo", change(lambda data: studio.undo()), methods=["POST"]),
        Route("/api/import", upload, methods=["POST"]),
        Route("/api/import/accept", change(studio.import_accept), methods=["POST"]),
        Route("/api/build", question(lambda query: studio.build_status())),
        Route("/api/build", change(studio.build), methods=["POST"]),
        Route("/api/handouts", change(studio.handouts), methods=["POST"]),
        Route("/api/open-folder", change(lambda data: studio.open_folder()), methods=["POST"]),
        Route("/files/{kind}/{name}", built),
        Route("/play-qr.svg", qr),
        Mount("/static", StaticFiles(packages=[(__package__, "static")])),
        *studio.play_routes(),
        *assets.routes(),
    ]

    async def http_error(request: Request, exc: HTTPException) -> Response:
        return http_refusal(exc.status_code, "bad-request")

    app = Starlette(routes=[Mount(f"/{token}", routes=routes)], exception_handlers={HTTPException: http_error})
    return Gate(app, token, names)


def _png(data: bytes) -> Response:
    return Response(data, media_type="image/png", headers={"Cache-Control": "no-cache"})
