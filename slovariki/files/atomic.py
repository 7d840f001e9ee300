"""Writing files so that a crash never leaves a half-written file in place of the old one.

Data goes to a temporary file in the same folder first, then ``os.replace`` renames it over the
target: on one file system the rename is atomic, so readers see the old file or the new one. An
OSError names the target, never the hidden temporary file a person has not heard of.
A writer killed outright (kill -9, a power cut) leaves its temporary file behind: the next writer of
the same file removes it (:func:`remove_leftovers`), once it knows that no other writer is running.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from slovariki.files import reading

# The names :func:`temporary` gives: «.cards.pdf.» + the 8 characters mkstemp picks + «.part».
_TEMPORARY = re.compile(r"\.(?P<name>.+)\.[a-z0-9_]{8}\.part")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


FILE_MODE = 0o666 & ~_umask()


@contextmanager
def _naming(path: Path) -> Iterator[None]:
    """An OSError inside names ``path`` (a read-only folder: «…/grade1.yaml», not «…/.grade1.yaml.x8.part»)."""
    try:
        yield
    except OSError as exc:
        exc.filename, exc.filename2 = str(path), None
        raise


def temporary(folder: Path, name: str) -> tuple[int, Path]:
    """A new temporary file beside ``folder / name``, with ordinary (not private) permissions."""
    with _naming(folder / name):
        handle, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=".part", dir=folder)
        os.chmod(temp, FILE_MODE)
    return handle, Path(temp)


def remove_leftovers(folder: Path, name: str) -> None:
    """Remove the temporary files of ``folder / name`` that a killed writer left. Only files of our
    own naming go; call it only while no other writer of that file can be running (under its lock)."""
    with suppress(OSError):
        for entry in os.scandir(folder):
            match = _TEMPORARY.fullmatch(entry.name)
            if match and match["name"] == name and entry.is_file(follow_symlinks=False):
                with suppress(OSError):  # on Windows: still open in a writer that is running
                    os.unlink(entry.path)


class NotReplaced(OSError):
    """A path that is there but is no regular file: a link, a device, a FIFO is never replaced."""


def check_target(path: Path) -> None:
    """Raise :class:`NotReplaced` when ``path`` is a symbolic link, a device, a FIFO or a socket:
    os.replace would put a regular file in its place («--out /dev/stdout» run as root would replace
    the system's link), so such a path is refused, as reading refuses it. A folder is left to
    os.replace, which refuses it itself."""
    try:
        mode = os.lstat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return
    what = "символическая ссылка" if stat.S_ISLNK(mode) else reading.kind(mode)
    if what is not None:
        raise NotReplaced(None, f"это не обычный файл, а {what}: он не заменяется", str(path))


def write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically and durably; raises OSError."""
    write_bytes(path, text.encode("utf-8"))


def write_bytes(path: Path, data: bytes, durable: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically and durably; raises OSError (:class:`NotReplaced`
    for a path that is not a regular file). A cache, which can be made again, is written without
    ``durable``: no wait for the disk (after a power cut such a file may read as damaged)."""
    check_target(path)
    handle, temp = temporary(path.parent, path.name)
    try:
        with _naming(path):
            with os.fdopen(handle, "wb") as out:
                out.write(data)
                out.flush()
                if durable:
                    os.fsync(out.fileno())
            os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
