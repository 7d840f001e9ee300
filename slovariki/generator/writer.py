"""The one place that writes output files: all or nothing, each file replaced atomically.

Every file of a build is written to a temporary file in the output folder first; only when all of
them are complete are they renamed over the old files (os.replace is atomic on one file system).
A failed or interrupted build (an error, Ctrl-C, SIGTERM) removes its temporary files and leaves the
old output untouched; Ctrl-C or SIGTERM during the final renames waits for the last one, so the
folder never holds a new cards.pdf beside an old rules.pdf. A path that is a link, a device or a FIFO
is never replaced. A build killed outright (kill -9, a power cut) cannot: the next build into the
folder removes what it left, the temporary files of our own naming. While a build writes, it holds a
lock on the folder (where the system has flock), so no other build's files are taken for leftovers.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from slovariki.files import atomic
from slovariki.text.console import sigterm_interrupts
from slovariki.text.russian import os_error

try:
    import fcntl
except ImportError:  # Windows: a file another build is writing cannot be removed there anyway
    fcntl = None


class OutputError(Exception):
    """The output folder cannot be created or written."""


class Batch:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._pending: list[tuple[Path, Path]] = []  # (temporary, final)
        self._names: list[str] = []  # noted before each temporary file exists: see _discard
        self.committed = False  # every file renamed over the old one

    def open(self, name: str) -> BinaryIO:
        """A new temporary file that becomes ``name`` when the whole batch succeeds."""
        atomic.remove_leftovers(self.folder, name)  # the caller holds the folder's lock
        self._names.append(name)
        try:
            atomic.check_target(self.folder / name)
            handle, temp = atomic.temporary(self.folder, name)
        except OSError as exc:
            raise OutputError(f"не удалось записать в папку {self.folder}: {os_error(exc)}") from exc
        self._pending.append((temp, self.folder / name))
        return os.fdopen(handle, "wb")

    def _commit(self) -> None:
        for temp, _ in self._pending:  # on the disk before the rename, so a power cut leaves no empty file
            handle = os.open(temp, os.O_RDONLY)
            try:
                os.fsync(handle)
            finally:
                os.close(handle)
        with _signals_held():  # Ctrl-C or SIGTERM waits for the last rename: the set is replaced whole
            for temp, final in self._pending:
                os.replace(temp, final)
            self.committed = True

    def _discard(self) -> None:
        for temp, _ in self._pending:
            temp.unlink(missing_ok=True)
        for name in self._names:  # a signal between mkstemp and _pending leaves a file only its name finds
            atomic.remove_leftovers(self.folder, name)


def prepare(folder: Path) -> Path:
    """Create the output folder if needed and make sure files can be written in it."""
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{folder} — это файл, а не папка")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"не удалось создать папку {folder}: {os_error(exc)}") from exc
    if not os.access(folder, os.W_OK | os.X_OK):
        read_only = hasattr(os, "statvfs") and os.statvfs(folder).f_flag & os.ST_RDONLY
        raise OutputError(f"папка {folder} на диске только для чтения" if read_only
                          else f"нет прав на запись в папку {folder}")
    return folder


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Only one build at a time writes into ``folder``; the lock goes with the process, even on kill -9."""
    if fcntl is None:
        yield
        return
    handle = os.open(folder, os.O_RDONLY)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise OutputError(f"в папку {folder} сейчас пишет другая сборка: дождитесь её конца или "
                              "выберите другую папку (--out)") from None
        except OSError:  # a file system without locks: build unlocked, as before
            pass
        yield
    finally:
        os.close(handle)


@contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM held back in the block and delivered when it ends. Python runs signal handlers
    in the main thread whichever thread the system woke, so the handlers themselves wait (a thread mask
    would not: the signal goes to another thread, the test runner's or a web server's)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []
    held = [number for number in (signal.SIGINT, getattr(signal, "SIGTERM", None)) if number is not None]
    previous = {number: signal.signal(number, lambda number, frame: arrived.append(number)) for number in held}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        for number in dict.fromkeys(arrived):
            signal.raise_signal(number)


def interrupted(exc: KeyboardInterrupt, folder: Path) -> str:
    """What a build stopped by Ctrl-C or SIGTERM left in ``folder``, said truly."""
    if _REPLACED in getattr(exc, "__notes__", ()):
        return f"Сборка прервана, когда файлы были уже записаны: все файлы в папке {folder} новые."
    return f"Сборка прервана: файлы в папке {folder} остались прежними."


_REPLACED = "the output files were all replaced before the interruption"


@contextmanager
def batch(folder: Path) -> Iterator[Batch]:
    """Files opened in the block appear together at the end, or not at all on an error."""
    current = Batch(prepare(folder))
    with _locked(folder), sigterm_interrupts():  # SIGTERM: console.Terminated, the same clean-up as Ctrl-C
        try:
            yield current
            current._commit()
        except OSError as exc:  # a full disk, a folder made read-only mid-build
            current._discard()
            raise OutputError(f"не удалось записать файлы в папку {folder}: {os_error(exc)}") from exc
        except BaseException as exc:
            current._discard()
            if current.committed:  # a signal held back during the renames arrives after the last one
                exc.add_note(_REPLACED)
            raise
