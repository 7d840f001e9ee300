"""The files every page shares, as routes to mount under the token: the card-drawing script and its
style (``shared/cards.js``, ``shared/cards.css``), the printed cards' font (``fonts/…``) and the
shipped pictures (``pictures/<name>.svg``). Nothing is fetched from elsewhere: the pages work offline.

    Starlette(routes=[Mount(f"/{token}", routes=[*my_routes, *assets.routes()])])

A page links them relative to its own address: ``<script src="shared/cards.js">``.
"""

from __future__ import annotations

from importlib import resources

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from slovariki.bank import pictures
from slovariki.files import reading

FONTS = ("Roboto-Regular.ttf", "Roboto-Medium.ttf", "Roboto-Bold.ttf")  # the printed cards' font
PICTURE_TYPES = {"svg": "image/svg+xml", "png": "image/png"}
# An SVG opened by itself runs no script and loads nothing: an editor's drawing is shown, never obeyed.
_PICTURE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox"


def picture_response(data: bytes, kind: str, cache: str) -> Response:
    """A card picture (``kind``: svg or png) for an <img>."""
    return Response(data, media_type=PICTURE_TYPES[kind],
                    headers={"Cache-Control": cache, "X-Content-Type-Options": "nosniff",
                             "Content-Security-Policy": _PICTURE_POLICY})


async def shipped_picture(request: Request) -> Response:
    """A picture of the shipped set, by its name: no other file is ever read here."""
    stem, _, suffix = request.path_params["name"].rpartition(".")
    if suffix != "svg" or stem not in pictures.shipped():
        raise HTTPException(404)
    data = reading.read_bytes(pictures.shipped_folder() / f"{stem}.svg", pictures.MAX_SVG_BYTES)
    return picture_response(data, "svg", "max-age=3600")


async def font(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in FONTS:
        raise HTTPException(404)
    return FileResponse(str(resources.files("font_roboto") / "files" / name), headers={"Cache-Control": "max-age=3600"})


def routes() -> list[BaseRoute]:
    """The shared files' routes; a page's own routes for ``pictures/own/…`` go before these."""
    return [
        Route("/pictures/{name}", shipped_picture),
        Route("/fonts/{name}", font),
        Mount("/shared", StaticFiles(packages=[(__package__, "static")])),
    ]
