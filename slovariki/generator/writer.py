"""The one place that writes output files: all or nothing, each file replaced atomically.

Every file of a build is written to a temporary file in the output folder first; only when all of
them are complete are they renamed over the old files (os.replace is atomic on one file system).
A failed or interrupted build removes its temporary files and leaves the old output untouched.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from slovariki import atomic
from slovariki.russian import os_error


class OutputError(Exception):
    """The output folder cannot be created or written."""


class Batch:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._pending: list[tuple[Path, Path]] = []  # (temporary, final)

    def open(self, name: str) -> BinaryIO:
        """A new temporary file that becomes ``name`` when the whole batch succeeds."""
        try:
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
        for temp, final in self._pending:
            os.replace(temp, final)

    def _discard(self) -> None:
        for temp, _ in self._pending:
            temp.unlink(missing_ok=True)


def prepare(folder: Path) -> Path:
    """Create the output folder if needed and make sure files can be written in it."""
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{folder} — это файл, а не папка")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"не удалось создать папку {folder}: {os_error(exc)}") from exc
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"нет прав на запись в папку {folder}")
    return folder


@contextmanager
def batch(folder: Path) -> Iterator[Batch]:
    """Files opened in the block appear together at the end, or not at all on an error."""
    current = Batch(prepare(folder))
    try:
        yield current
        current._commit()
    except OSError as exc:  # a full disk, a folder made read-only mid-build
        current._discard()
        raise OutputError(f"не удалось записать файлы в папку {folder}: {os_error(exc)}") from exc
    except BaseException:
        current._discard()
        raise
