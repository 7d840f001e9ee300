"""Session files: every accepted move saved at once, so a game survives a crash or a closed lid.

A session file is JSON: a format marker, the set-up and the accepted moves. It is written whole to a
temporary file beside the target, flushed to disk and renamed over it, so a crash leaves either the
old file or the new one. Loading replays every move through the engine; a file that is not ours or
does not replay is refused with a message and is never overwritten.

One program at a time writes a session (the REPL or the web screen): each holds :func:`lock` while
it runs, and a second one is refused with a message naming the first.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from slovariki.files import atomic
from slovariki.files import reading
from slovariki.files.userdirs import data_dir
from slovariki.game import move_from_json
from slovariki.referee.table import Rejected, Setup, Table
from slovariki.text.russian import os_error

WINDOWS = os.name == "nt"
FORMAT = "slovariki-referee-session"
VERSION = 1
_encode = json.JSONEncoder(ensure_ascii=False).encode
MAX_BYTES = 4 * 1024 * 1024  # a long game is a few hundred moves of some 80 bytes each


class SessionError(Exception):
    """A session file that cannot be read, written or replayed (a Russian message); ``reason`` is
    the system's reason alone, when there is one («на диске нет места»)."""

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class SessionBusy(SessionError):
    """Another program of the referee is writing the same session file."""


def default_path() -> Path:
    return data_dir() / "referee-session.json"


def resume_command(path: Path, command: str = "resume") -> str:
    """The command that goes on with the game saved at ``path`` (or, ``log``, prints its record)."""
    if path == default_path():
        return f"slovariki referee {command}"
    quote = subprocess.list2cmdline if WINDOWS else shlex.join  # cmd and PowerShell take "…", sh '…'
    return quote(["slovariki", "referee", command, "--session", str(path)])


class Writer:
    """Saves one game's session again and again, each move encoded once: a move is saved as fast in
    a long game as in a short one (the json module's C encoder; indent would be pure Python).

    The file is one JSON object as before, with each move on its own line:
    ``{"format": …, "version": 1, "setup": {…}, "moves": [`` then ``{"player": "Аня", "cmd": …},``."""

    def __init__(self) -> None:
        self._lines: list[tuple[Any, str]] = []  # (a record of the log, its line in the file)

    def save(self, table: Table, path: Path) -> str:
        """Write the session atomically (a temporary file in the same folder, fsync, rename); the text
        written."""
        text = self.text(table)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic.write_text(path, text)
        except OSError as exc:
            # FileExistsError from mkdir: a file stands where a folder of the path should be
            why = os_error(exc) if not isinstance(exc, FileExistsError) else "в пути есть файл там, где должна быть папка"
            raise SessionError(f"не удалось сохранить партию в {path}: {why}", why) from None
        return text

    def text(self, table: Table) -> str:
        log, lines = table.state.log, self._lines
        kept = 0
        for (record, _), now in zip(lines, log):  # an undo replays the game: its records are new
            if record is not now:
                break
            kept += 1
        del lines[kept:]
        names = table.names
        for record, joined in zip(log[kept:], table.with_previous[kept:]):
            move = {"player": names[record.player], **record.move.as_json(), **({"with_previous": True} if joined else {})}
            lines.append((record, _encode(move)))
        head = _encode({"format": FORMAT, "version": VERSION, "setup": table.setup.as_json()})[:-1]
        moves = ",\n".join(line for _, line in lines)
        return f'{head}, "moves": [\n{moves}\n]}}\n' if lines else f'{head}, "moves": []}}\n'


def save(table: Table, path: Path) -> None:
    """Write the session of ``table`` once (a game going on saves through its :class:`Writer`)."""
    Writer().save(table, path)


def load(path: Path) -> Table:
    """The game of a session file, every move replayed and checked again by the engine."""
    try:
        raw = reading.read_bytes(path, MAX_BYTES)
    except FileNotFoundError:
        raise SessionError(f"файл партии {path} не найден: начните новую партию командой "
                           "«slovariki referee play»") from None
    except OSError as exc:
        raise SessionError(f"не удалось прочитать {path}: {os_error(exc)}") from None
    try:
        data = json.loads(raw.decode("utf-8-sig"))  # a file saved again by a Windows editor has a BOM
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SessionError(f"{path} — не файл партии судьи (или он испорчен): это не JSON") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SessionError(f"{path} — не файл партии судьи «Словариков»")
    if type(data.get("version")) is not int or data["version"] != VERSION:  # true and 1.0 equal 1 in Python
        raise SessionError(f"{path}: файл партии версии {data.get('version')!r}, "
                           f"а эта программа читает версию {VERSION}")
    setup, moves = data.get("setup"), data.get("moves")
    if not isinstance(setup, dict) or not isinstance(moves, list):
        raise SessionError(f"{path}: файл партии испорчен: нет полей setup и moves")
    try:
        table = Table.start(Setup.from_json(setup))
    except Rejected as exc:
        raise SessionError(f"{path}: партию нельзя начать заново: {exc.message}") from None
    for number, move in enumerate(moves, 1):
        try:
            if not isinstance(move, dict) or not isinstance(move.get("player"), str):
                raise Rejected("bad-command", "ход записан неверно")
            table.play(table.seat(move["player"]), move_from_json(move, table.card), move.get("with_previous") is True)
        except (Rejected, ValueError) as exc:
            why = exc.message if isinstance(exc, Rejected) else str(exc)
            raise SessionError(f"{path}: файл партии испорчен: ход {number} не проходит проверку ({why})") from None
    return table


def probe(path: Path) -> str:
    """What is at ``path`` before a new game is saved there: "none", "finished", "unfinished";
    raises SessionError for a file that is not a readable session (it must not be overwritten)."""
    if not path.exists():
        return "none"
    try:
        table = load(path)
    except SessionError as exc:
        raise SessionError(f"{exc}; этот файл не будет перезаписан: укажите другой файл (--session)") from None
    return "finished" if table.finished() else "unfinished"


def beside(path: Path, suffix: str) -> Path:
    """A hidden file kept with a session file, in the same folder: beside the file itself, not beside a
    symbolic link to it (nor named by another path to it), so that every program finds the same one."""
    real = Path(os.path.realpath(path))
    return real.with_name(f".{real.name}.{suffix}")


def lock_path(path: Path) -> Path:
    """The lock file beside a session file: one lock holds it, whatever path names it."""
    return beside(path, "lock")


@contextmanager
def lock(path: Path, program: str, again: str = "запустите эту команду снова") -> Iterator[None]:
    """Hold the session at ``path`` for ``program`` (a Russian name: «веб-экран судьи») while the block
    runs; raises SessionBusy when another program holds it (its message ends with ``again``: what to do
    once that program is closed), SessionError when it cannot be taken.

    The lock is the kernel's (flock) on a file beside the session, so a program that dies, even by
    kill -9, leaves no stale lock: the kernel drops it with the process. The file names its holder
    for the message a second program gets. Once the lock is held, the temporary files a save killed
    outright left beside the session are removed."""
    where = lock_path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = _locked_file(where)
    except (FileExistsError, NotADirectoryError):
        raise SessionError(f"не удалось открыть партию {path}: в пути есть файл там, где должна быть папка") from None
    except OSError as exc:
        raise SessionError(f"не удалось открыть партию {path}: {os_error(exc)}") from None
    if handle is None:
        raise SessionBusy(f"партию в {path} сейчас ведёт другая программа{_holder(where)}. Одну партию нельзя "
                          f"вести из двух программ сразу: закройте ту программу и {again}")
    try:
        atomic.remove_leftovers(path.parent, path.name)  # of a save killed outright: nobody else writes now
        info = {"pid": os.getpid(), "program": program, "since": time.strftime("%H:%M")}
        try:
            os.ftruncate(handle, 0)
            os.lseek(handle, 0, os.SEEK_SET)
            os.write(handle, json.dumps(info, ensure_ascii=False).encode("utf-8"))
        except OSError as exc:  # a full disk: no game could be saved there either
            raise SessionError(f"не удалось открыть партию {path}: {os_error(exc)}") from None
        yield
    finally:
        with suppress(OSError):  # removed while still held, so nobody else can be holding it
            where.unlink()
        os.close(handle)


def _locked_file(where: Path) -> int | None:
    """An open descriptor of the lock file, locked by us; None when another process holds it."""
    while True:
        handle = os.open(where, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            locked = _try_lock(handle)
        except BaseException:
            os.close(handle)
            raise
        if not locked:
            os.close(handle)
            return None
        try:
            same = os.stat(where).st_ino == os.fstat(handle).st_ino
        except FileNotFoundError:
            same = False
        if same:
            return handle
        os.close(handle)  # the holder removed this file as we opened it: take the new one


def _try_lock(handle: int) -> bool:
    if WINDOWS:  # a byte range lock, which the system also drops with the process
        import msvcrt

        os.lseek(handle, 1 << 20, os.SEEK_SET)  # past the holder's note, which must stay readable
        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _holder(where: Path) -> str:
    """« (веб-экран судьи, процесс 1234, запущен в 14:05)», or nothing when the file says nothing."""
    try:
        info = json.loads(reading.read_bytes(where, 1000).decode("utf-8"))
        return f" ({info['program']}, процесс {int(info['pid'])}, запущен в {info['since']})"
    except (OSError, ValueError, KeyError, TypeError):
        return ""
