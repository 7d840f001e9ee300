"""Word files read before, kept in the user's cache folder: a file read again unchanged comes back
as the same cards and diagnostics without PyYAML and the schema walk, which are most of a short
command's time (``slovariki words``, ``simulate``).

An entry holds one file's :class:`WordFile` with everything it was made from: the file's path and
bytes, the program that read them (Python's version and the size and time of each module of the
package, so a changed program reads again) and the folder's own pictures its cards show (their
size and time). Anything different, damaged or not ours is read again from the YAML and the entry
replaced. Entries are unpickled only as the few classes a WordFile is made of.

The cache is never needed: a folder that cannot be written is not used, and nothing is said.
"""

from __future__ import annotations

import io
import os
import pickle
import sys
import zlib
from functools import cache
from pathlib import Path

from slovariki import package_data
from slovariki.bank.wordfile import MAX_FILE_BYTES, WordFile
from slovariki.files import reading
from slovariki.files.userdirs import cache_dir

FORMAT = 1
KEPT = 256  # entries; beyond, the oldest go (a teacher has a few folders of four files)
_MAX_ENTRY_BYTES = 16 * MAX_FILE_BYTES
# What a WordFile is made of: nothing else is unpickled (pathlib._local: Python 3.13).
_CLASSES = {
    ("slovariki.bank.wordfile", "WordFile"), ("slovariki.model", "Card"), ("slovariki.model", "Source"),
    ("slovariki.markup", "Markup"), ("slovariki.markup", "Stress"), ("slovariki.diagnostics", "Diagnostic"),
    ("slovariki.diagnostics", "Severity"), ("pathlib", "PosixPath"), ("pathlib", "WindowsPath"),
    ("pathlib._local", "PosixPath"), ("pathlib._local", "WindowsPath"),
}


def recall(path: Path, name: str, data: bytes) -> WordFile | None:
    """What the file at ``path`` (named ``name`` in messages) gave when these same ``data`` were
    read before by this same program; None when it has to be read."""
    entry = _entry(path, name)
    if entry is None:
        return None
    try:
        body = reading.read_bytes(entry, _MAX_ENTRY_BYTES)
    except OSError:
        return None
    try:
        form, key, program, source, shown, found = _Unpickler(io.BytesIO(body)).load()
    except Exception:  # noqa: BLE001 - a damaged entry raises anything pickle can: it is read again
        return None
    if (form, key, program, source) != (FORMAT, _key(path, name), _program(), data) or not isinstance(found, WordFile):
        return None
    return found if shown == _pictures_state(found) else None


def keep(path: Path, name: str, data: bytes, found: WordFile) -> None:
    """Remember what ``data`` gave; a file with a picture that could not be read is not kept (the
    picture may come later, and its word's message must go then)."""
    shown, entry = _pictures_state(found), _entry(path, name)
    if shown is None or entry is None or any(d.code == "bad-picture" for d in found.diagnostics):
        return
    from slovariki.files import atomic  # tempfile and shutil: only to write, not for a file read before

    try:
        body = pickle.dumps((FORMAT, _key(path, name), _program(), data, shown, found), pickle.HIGHEST_PROTOCOL)
        entry.parent.mkdir(parents=True, exist_ok=True)
        atomic.write_bytes(entry, body, durable=False)
        _prune(entry.parent)
    except (OSError, pickle.PicklingError):  # no cache: the next run reads the YAML again
        pass


def _key(path: Path, name: str) -> tuple[str, str, str]:
    """The file as given, as a full path and as named: a card's picture path is made from the first."""
    return str(path), os.path.abspath(path), name


def _entry(path: Path, name: str) -> Path | None:
    """The entry's file: a checksum of its key names it (the key inside tells two apart). None without a
    home folder to put the cache in: a relative one would land in the folder the command runs in."""
    folder = cache_dir()
    if not folder.is_absolute():
        return None
    key = "\0".join(_key(path, name)).encode("utf-8", "surrogateescape")
    return folder / "words" / f"{zlib.crc32(key):08x}.pickle"


@cache
def _program() -> tuple:
    """This Python and the size and time of every module of the package's parts that read word files."""
    package = Path(__file__).resolve().parent.parent
    stamps = []
    for folder in (package, package / "bank", package / "files", package / "text"):
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.endswith(".py"):
                    stat = entry.stat()
                    stamps.append((entry.path, stat.st_size, stat.st_mtime_ns))
    return sys.version_info[:2], tuple(sorted(stamps)), _stamp(package_data("pictures") / "index.tsv")


def _pictures_state(found: WordFile) -> tuple | None:
    """The size and time of each of the folder's own pictures the cards show (the shipped ones are
    the program's); None if one cannot be looked at."""
    shipped = os.path.join(package_data("pictures"), "")
    own = sorted({path for c in found.cards if c.picture is not None and not (path := str(c.picture)).startswith(shipped)})
    stamps = tuple((path, _stamp(path)) for path in own)
    return None if any(stamp is None for _, stamp in stamps) else stamps


def _stamp(path: Path | str) -> tuple[int, int] | None:
    try:
        stat = os.stat(path)
    except (OSError, ValueError):
        return None
    return stat.st_size, stat.st_mtime_ns


def _prune(folder: Path) -> None:
    """Remove the oldest entries beyond :data:`KEPT` (and what killed writers left)."""
    with os.scandir(folder) as entries:
        found = [(entry.stat().st_mtime_ns, entry.path) for entry in entries if entry.is_file(follow_symlinks=False)]
    if len(found) > KEPT:
        for _, path in sorted(found)[:len(found) - KEPT]:
            try:
                os.unlink(path)
            except OSError:
                pass


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> type:
        if (module, name) not in _CLASSES:
            raise pickle.UnpicklingError(f"{module}.{name} is not part of a word file")
        return super().find_class(module, name)
