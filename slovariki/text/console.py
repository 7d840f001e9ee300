"""The console and the desktop around it.

Consoles that cannot show every character (a Windows console in cp1251 or cp866, a pipe in an old
code page): what they cannot encode is written as readable text instead of stopping the program.

``install()`` sets an error handler on stdout and stderr, so every writer (click, the referee's REPL,
print) profits without knowing. Characters the code page has (Cyrillic with «ё», «№») pass unchanged.
The stress mark (U+0301, which no Cyrillic code page has) is not dropped: «ябло́ко» is written
«ябл+око», the word files' own notation, so «отмечено «ябло́ко», в словаре «я́блоко»» keeps its
meaning. (Not a capital vowel: capitals carry spelling here, «Москва», «Омск», and «Яблоко» would
read as a capitalised word.)
``show_folder`` opens a folder in the system's file viewer. ``sigterm_interrupts`` makes SIGTERM (a
closed terminal, a stopped service) interrupt like Ctrl-C, so that the same clean-up and message run.
"""

from __future__ import annotations

import codecs
import os
import re
import signal
import sys
import threading
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HANDLER = "slovariki-fallback"
FALLBACKS = {
    "★": "*", "☆": "-", "×": "x", "−": "-", "–": "-", "—": "-", "…": "...", "«": '"', "»": '"',
    "„": '"', "“": '"', "”": '"', "’": "'", "→": "->", "←": "<-", "≤": "<=", "≥": ">=", "·": ".",
    "↔": "<->", "↶": "<-", "›": ">", "•": "-", "●": "*", "✓": "+", "✗": "x", "\u00a0": " ", "\ufffd": "?",
    "♠": "п", "♣": "к", "♦": "б", "♥": "ч", "♤": "п", "♧": "к", "♢": "б", "♡": "ч",  # as the referee reads suits
    "\u0301": "", "◌": "",  # a stress mark on no Russian vowel (those become «+», see StressAsPlus)
}
STRESSED = re.compile("([аеёиоуыэюяАЕЁИОУЫЭЮЯ])\u0301")


def fallback(char: str, encoding: str) -> str:
    """What stands for ``char`` in ``encoding``: the table's text, else the letter without its accent,
    else «?»; a replacement the code page cannot show either is given up for «?»."""
    for text in (FALLBACKS.get(char), unicodedata.normalize("NFKD", char)[:1]):
        if text is not None and text != char:
            try:
                text.encode(encoding)
                return text
            except (UnicodeEncodeError, LookupError):
                continue
    return "?"


def handler(encoding: str) -> str:
    """The name of an error handler (see codecs) writing stand-ins for ``encoding``. It is made per
    encoding: a code page's codec reports itself as «charmap», not by its name."""
    name = f"{HANDLER}-{codecs.lookup(encoding).name}"

    def handle(exc: UnicodeError) -> tuple[str, int]:
        if not isinstance(exc, UnicodeEncodeError):
            raise exc
        return "".join(fallback(char, encoding) for char in exc.object[exc.start:exc.end]), exc.end

    codecs.register_error(name, handle)
    return name


class StressAsPlus:
    """A text stream whose code page has no stress mark: «о́» is written «+о» before it is encoded (an
    error handler cannot do it, the vowel is written before the mark is met). Everything else is the
    stream's own."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(STRESSED.sub(r"+\1", text))
        return len(text)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def install() -> None:
    """Write readable stand-ins for characters stdout and stderr cannot encode (UTF-8 loses nothing)."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        try:
            encoding = codecs.lookup(getattr(stream, "encoding", None) or "utf-8").name
        except LookupError:
            continue
        if hasattr(stream, "reconfigure") and encoding != "utf-8":
            try:
                stream.reconfigure(errors=handler(encoding))
            except (ValueError, OSError):  # a closed or detached stream: nothing to write to anyway
                continue
            if not _encodes("\u0301", encoding):
                setattr(sys, name, StressAsPlus(stream))


def _encodes(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
        return True
    except UnicodeEncodeError:
        return False


def show_folder(path: Path) -> bool:
    """Open ``path`` in the system's file viewer (Explorer, Finder, the desktop's file manager); False
    when there is none or it failed. Its own messages (English, from xdg-open) are not shown."""
    import shutil  # here, not on top: every command installs this module, few open a folder
    import subprocess

    if sys.platform == "win32":
        try:
            os.startfile(path)  # type: ignore[attr-defined]  (Windows only)
            return True
        except OSError:
            return False
    opener = shutil.which("open" if sys.platform == "darwin" else "xdg-open")
    if opener is None:
        return False
    try:
        done = subprocess.run([opener, str(path)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised like Ctrl-C's KeyboardInterrupt so that the same clean-up runs."""


@contextmanager
def sigterm_interrupts() -> Iterator[None]:
    """Within the block SIGTERM raises :class:`Terminated` in this process. A child it forked (the
    simulator's workers) still ends at once, as SIGTERM asks."""
    if not hasattr(signal, "SIGTERM") or threading.current_thread() is not threading.main_thread():
        yield
        return
    owner = os.getpid()

    def stop(signum: int, frame: object) -> None:
        if os.getpid() != owner:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGTERM)
            return
        raise Terminated()

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
