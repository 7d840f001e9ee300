"""`slovariki studio`: the studio's address bound, shown (with a QR code for --lan), opened in the
browser, then served until Ctrl+C on the shared web base (:mod:`slovariki.web.serve`)."""

from __future__ import annotations

import threading
import webbrowser
from pathlib import Path
from typing import IO

from slovariki.web import serve
from slovariki.web.serve import ServeError, say

WHO = "Студия"


def run(folder: Path | None, host: str, port: int, lan: bool, open_browser: bool, out: IO[str]) -> None:
    """Serve the studio until Ctrl+C. Raises ServeError."""
    from slovariki.studio.app import create_app
    from slovariki.studio.studio import Studio

    if folder is not None and folder.exists() and not folder.is_dir():
        raise ServeError(f"{folder} — файл, а нужна папка со словами")
    studio = Studio(folder and folder.resolve())
    token = serve.new_token()
    sock = serve.listen(host, port, lan)
    url = serve.url_of(sock, token)
    studio.lan_url = url if lan else None
    serve.announce(WHO, url, lan, out)
    if studio.workspace is not None:
        say(out, f"Папка со словами: {studio.workspace.folder}")
    elif studio.asked is not None:
        say(out, f"Папки {studio.asked} пока нет: её можно создать на странице «Начало».")
    say(out, "Остановить — Ctrl+C.")
    threading.Thread(target=studio.warm_up, daemon=True, name="slovariki-warm-up").start()
    if open_browser and not lan:
        webbrowser.open(url)
    try:
        serve.run(create_app(studio, token, names=[host]), sock, WHO)
    finally:
        studio.close()
    say(out, "Студия остановлена; всё сохранённое — в файлах папки со словами.")
