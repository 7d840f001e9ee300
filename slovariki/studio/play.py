"""«Игра»: the referee's table screen served by the studio under «play/», on her word folder.

It is the referee's own app (:func:`slovariki.referee.web.app.screen`), not a copy; the game is saved
in her folder («партия.json»), so a game stopped with the studio goes on the next time. When she opens
another folder, the next request gets that folder's game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.routing import Mount

if TYPE_CHECKING:
    from slovariki.studio.studio import Studio

SESSION_FILE = "партия.json"


class PlayScreen:
    """An ASGI app: the referee screen of the studio's current folder, made on its first request."""

    def __init__(self, studio: Studio) -> None:
        self.studio = studio
        self.current: tuple[Path, Any] | None = None

    def app(self) -> Any:
        from slovariki.referee.web.app import screen
        from slovariki.referee.web.host import Host

        folder = self.studio.ws().folder
        if self.current is None or self.current[0] != folder:
            self.current = (folder, screen(Host(folder / SESSION_FILE, self.studio.words_folder())))
        return self.current[1]

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        from slovariki.referee.session import SessionError
        from slovariki.studio.app import refusal
        from slovariki.studio.workspace import StudioError

        try:
            app = self.app()
        except StudioError as exc:
            await refusal(exc)(scope, receive, send)
            return
        except SessionError as exc:
            await refusal(StudioError("bad-folder", f"партия в {SESSION_FILE} не читается: {exc}"))(scope, receive, send)
            return
        await app(scope, receive, send)


def routes(studio: Studio) -> list:
    return [Mount("/play", app=PlayScreen(studio))]
