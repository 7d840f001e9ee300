"""Starting the table screen: the session held, the address bound, the URL (and its QR code) shown,
then the shared web server (slovariki.web.serve) until Ctrl+C."""

from __future__ import annotations

import os
import re
from contextlib import suppress
from pathlib import Path
from typing import IO

from slovariki.files import atomic, reading
from slovariki.referee import session
from slovariki.referee.words import lemmas
from slovariki.web import serve
from slovariki.web.serve import ServeError, say

PROGRAM = "веб-экран судьи"
WHO = "Экран судьи"  # leads each of the server's lines on the terminal
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


def run(path: Path, words: str | None, host: str, port: int, lan: bool, out: IO[str]) -> None:
    """Serve the game of ``path`` until Ctrl+C. Raises ServeError or session.SessionError."""
    from slovariki.referee.web.app import create_app
    from slovariki.referee.web.host import Host

    if words is not None and not Path(words).exists():
        raise ServeError(f"папки со словами {words} нет")
    lemmas("карта")  # the word forms' dictionary, loaded now rather than at the first typed word
    with session.lock(path, PROGRAM):
        try:
            game = Host(path, words)
        except session.SessionError as exc:
            raise session.SessionError(f"{exc}; этот файл не будет перезаписан: укажите другой файл (--session)") from None
        token = kept_token(path)
        sock = serve.listen(host, port, lan)
        serve.announce(WHO, serve.url_of(sock, token), lan, out)
        say(out, f"Партия сохраняется в {path}" + ("." if game.table is None else f": записано ходов — {len(game.table.state.log)}."))
        say(out, "Остановить — Ctrl+C.")
        serve.run(create_app(game, token, names=[host]), sock, WHO)
    if game.table is not None:
        resume = session.resume_command(path)
        say(out, f"Партия сохранена в {path}. Продолжить: {resume.replace(' resume', ' web', 1)} или {resume}")


def token_path(path: Path) -> Path:
    """Where the screen's token is kept: hidden, beside the session file it opens (the file itself,
    not a link to it)."""
    return session.beside(path, "web-token")


def kept_token(path: Path) -> str:
    """The token of the session at ``path``: the one kept beside it, so that the players' address
    (and its QR code) still works after the screen is started again; a new one the first time. If it
    cannot be kept, the address changes at the next start, and nothing else."""
    where = token_path(path)
    with suppress(OSError, UnicodeDecodeError):
        token = reading.read_text(where, 200).strip()
        if _TOKEN.fullmatch(token):
            return token
    token = serve.new_token()
    with suppress(OSError):
        atomic.write_text(where, token + "\n")
        os.chmod(where, 0o600)  # the address's secret: for this user's eyes only
    return token
