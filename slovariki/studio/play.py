"""«Игра»: the referee's table screen served by the studio under «play/», on her word folder.

It is the referee's own app (:func:`slovariki.referee.web.app.screen`), not a copy; the game is saved
in her folder («партия.json»), so a game stopped with the studio goes on the next time. When she opens
another folder, the next request gets that folder's game.

While the screen is open the studio holds the session's lock (:func:`slovariki.referee.session.lock`,
the one `slovariki referee` and its web screen take), until she opens another folder or the studio
stops: a second studio or a referee on the same game is refused with a message naming the holder, and
so is this screen while another program holds the game.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.responses import HTMLResponse
from starlette.routing import Mount

if TYPE_CHECKING:
    from slovariki.studio.studio import Studio

SESSION_FILE = "партия.json"
PROGRAM = "студия «Словариков»"  # as the lock names its holder to a second program
AGAIN = "откройте экран судьи снова"
NOT_OPENED = "Экран судьи не открыт"


class PlayScreen:
    """An ASGI app: the referee screen of the studio's current folder, made on its first request."""

    def __init__(self, studio: Studio) -> None:
        self.studio = studio
        self.current: tuple[Path, Any, ExitStack] | None = None  # the folder, its screen, its session held
        self.guard = threading.Lock()  # the folder is changed from the API's worker threads

    def app(self) -> Any:
        from slovariki.referee import session
        from slovariki.referee.web.app import screen
        from slovariki.referee.web.host import Host

        with self.guard:
            folder = self.studio.ws().folder
            if self.current is None or self.current[0] != folder:
                self._let_go()
                path = folder / SESSION_FILE
                with ExitStack() as held:
                    held.enter_context(session.lock(path, PROGRAM, AGAIN))
                    app = screen(Host(path, self.studio.words_folder()))
                    self.current = (folder, app, held.pop_all())
            return self.current[1]

    def follow(self) -> None:
        """Let go of the game of a folder she has left: it is another program's to play now."""
        with self.guard:
            if self.current is not None and self.current[0] != self.studio.ws().folder:
                self._let_go()

    def close(self) -> None:
        """Let go of the game: the studio stops."""
        with self.guard:
            self._let_go()

    def _let_go(self) -> None:
        if self.current is not None:
            self.current[2].close()
            self.current = None

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        from slovariki.referee.session import SessionBusy, SessionError
        from slovariki.studio.app import refusal
        from slovariki.studio.workspace import StudioError

        try:
            app = self.app()
        except StudioError as exc:
            refused = exc
        except SessionBusy as exc:
            refused = StudioError("busy", f"{NOT_OPENED}: {exc}")
        except SessionError as exc:
            refused = StudioError("bad-folder", f"партия в {SESSION_FILE} не читается: {exc}")
        else:
            await app(scope, receive, send)
            return
        answer = refusal(refused)
        if any(name == b"accept" and b"text/html" in value for name, value in scope.get("headers", ())):
            answer = refused_page(refused.message, answer.status_code)  # the link opened in a new tab
        await answer(scope, receive, send)


def refused_page(message: str, status: int) -> HTMLResponse:
    """A refusal as a page, for the link that opens the screen in a new tab: what happened and the way
    back to the studio."""
    from slovariki.text.russian import sentence

    message = html.escape(sentence(message.removeprefix(f"{NOT_OPENED}: ")))  # the title says it already
    return HTMLResponse(f"""<!doctype html>
<html lang="ru">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{NOT_OPENED} — Студия «Словариков»</title>
<link rel="stylesheet" href="../static/studio.css">
<main>
<h1>{NOT_OPENED}</h1>
<p id="alert" class="alarm">{message}</p>
<p><a class="button" href="../#play">Вернуться в студию</a></p>
</main>
</html>
""", status_code=status, headers={"Cache-Control": "no-store"})


def routes(play: PlayScreen) -> list:
    return [Mount("/play", app=play)]
