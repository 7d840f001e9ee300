"""Starting the table screen: the session held, the address bound, the URL (and its QR code) shown,
then the shared web server (slovariki.web.serve) until Ctrl+C."""

from __future__ import annotations

from pathlib import Path
from typing import IO

from slovariki.referee import session
from slovariki.referee.words import lemmas
from slovariki.web import serve
from slovariki.web.serve import ServeError, say

PROGRAM = "веб-экран судьи"
WHO = "Экран судьи"  # leads each of the server's lines on the terminal


def run(path: Path, words: str | None, host: str, port: int, lan: bool, out: IO[str]) -> None:
    """Serve the game of ``path`` until Ctrl+C. Raises ServeError or session.SessionError."""
    from slovariki.referee.web.app import create_app
    from slovariki.referee.web.host import Host

    if words is not None and not Path(words).exists():
        raise ServeError(f"папки со словами {words} нет")
    lemmas("карта")  # the word forms' dictionary, loaded now rather than at the first typed word
    token = serve.new_token()
    with session.lock(path, PROGRAM):
        try:
            game = Host(path, words)
        except session.SessionError as exc:
            raise session.SessionError(f"{exc}; этот файл не будет перезаписан: укажите другой файл (--session)") from None
        sock = serve.listen(host, port, lan)
        serve.announce(WHO, serve.url_of(sock, token), lan, out)
        say(out, f"Партия сохраняется в {path}" + ("." if game.table is None else f": записано ходов — {len(game.table.state.log)}."))
        say(out, "Остановить — Ctrl+C.")
        serve.run(create_app(game, token, names=[host]), sock, WHO)
    if game.table is not None:
        resume = session.resume_command(path)
        say(out, f"Партия сохранена в {path}. Продолжить: {resume.replace(' resume', ' web', 1)} или {resume}")

