"""Reading the files people name: regular files only, and never more than a limit.

Everything the program reads from a path (word lists, session files, game records) goes through
:func:`read_bytes`. The size is checked before reading and the read itself stops at the limit, so
``--session /dev/zero`` or a file that grows while it is read cannot fill the memory; a device, a
pipe (FIFO) or a socket is refused at once instead of being waited on. Problems are ``OSError``
with a Russian reason, so ``russian.os_error`` explains them like any other failed read. A YAML text
then goes through :func:`compose_yaml`, bounded by what its aliases expand it to.
"""

from __future__ import annotations

import codecs
import errno
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO

# O_NONBLOCK: opening a FIFO with no writer returns at once instead of hanging (the FIFO is then
# refused); it changes nothing for a regular file. Not every system has these flags.
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
_CHUNK = 64 * 1024
NUL_IN_PATH = "в имени файла нулевой символ: такого файла не бывает"


class Unreadable(OSError):
    """A path we do not read: not a regular file, or larger than the limit."""


class TooLarge(Unreadable):
    """A regular file larger than the limit."""


class Expands(ValueError):
    """A YAML text whose aliases (``*name``) make it larger than the limit; ``line`` and ``column``
    (1-based) are those of the alias that crosses it."""

    def __init__(self, limit: int, line: int, column: int) -> None:
        super().__init__(f"ссылки YAML (&якорь, *ссылка) разворачиваются в текст больше {size_text(limit)}")
        self.line, self.column = line, column


def kind(mode: int) -> str | None:
    """What a path of this ``st_mode`` is when it is neither a regular file nor a folder."""
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "устройство"
    if stat.S_ISFIFO(mode):
        return "канал FIFO"
    if stat.S_ISSOCK(mode):
        return "сокет"
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    return "особый файл"


def size_text(size: int) -> str:
    """«1 МБ», «512 КБ»: a limit as the messages say it."""
    mb = 1024 * 1024
    return f"{size // mb} МБ" if size % mb == 0 else f"{max(1, size // 1024)} КБ"


def read_bytes(path: Path | str, limit: int) -> bytes:
    """The contents of the regular file ``path``; raises OSError (:class:`Unreadable` for a file that
    is not a regular one, :class:`TooLarge` for one bigger than ``limit`` bytes)."""
    if "\0" in os.fspath(path):  # os.open would raise ValueError, which no caller expects of a read
        raise Unreadable(errno.EINVAL, NUL_IN_PATH, repr(os.fspath(path)))
    handle = os.open(path, _FLAGS)
    try:
        info = os.fstat(handle)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        what = kind(info.st_mode)
        if what is not None:
            raise Unreadable(None, f"это не файл, а {what}", str(path))
        if info.st_size > limit:
            raise _too_large(path, limit)
        chunks, size = [], 0
        while size <= limit:  # the file may have grown since fstat
            chunk = os.read(handle, min(_CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise _too_large(path, limit)
        return b"".join(chunks)
    finally:
        os.close(handle)


def read_text(path: Path | str, limit: int) -> str:
    """A text file a person may have saved on Windows: UTF-8 (with or without a BOM), UTF-16 with a
    BOM (PowerShell's «>»), or else a Russian code page: cp1251 (what «>» in cmd.exe writes: Python
    writes a redirected stream in the system's code page) or cp866 (the console's). Raises
    UnicodeDecodeError for a file that is none of these (a NUL byte outside UTF-16 means it is no
    text), and what :func:`read_bytes` raises."""
    data = read_bytes(path, limit)
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        if b"\0" in data:
            raise
    # Lower-case «р»–«я», frequent in Russian, are 0xF0–0xFF in cp1251; in cp866 those bytes are rare
    # (Ё, ё, ...) and «а»–«п» take 0xA0–0xAF, where cp1251 has only a little punctuation.
    cp866 = sum(0xA0 <= b <= 0xAF for b in data) > sum(b >= 0xF0 for b in data)
    return data.decode("cp866" if cp866 else "cp1251", "replace")


def lines(stream: IO, limit: int) -> Iterator:
    """The lines of ``stream`` as they come. Of a line longer than ``limit`` bytes only the first
    ``limit + 1`` are kept (the caller can tell it was too long); the rest is read and dropped."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        end = b"\n" if isinstance(line, bytes) else "\n"  # a text stream (a test's StringIO) works too
        if len(line) > limit and not line.endswith(end):
            while (rest := stream.readline(_CHUNK)) and not rest.endswith(end):
                pass
        yield line


def _too_large(path: Path | str, limit: int) -> TooLarge:
    return TooLarge(errno.EFBIG, f"файл больше {size_text(limit)}", str(path))


def compose_yaml(text: str, limit: int):  # noqa: ANN201 - yaml.Node, imported only here
    """The one YAML document of ``text`` as PyYAML's nodes (None for an empty text), refused with
    :class:`Expands` when its aliases expand it beyond ``limit`` characters. An alias shares its
    anchor's node, so composing is cheap; whoever walks the nodes pays for every alias, and a few KB
    of «*a» lines can stand for gigabytes. Raises what ``yaml.compose`` raises (yaml.YAMLError,
    RecursionError for a deep nesting)."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    if "&" in text and "*" in text:  # no anchor or no alias: nothing to expand
        _check_expansion(yaml.parse(text, Loader=loader), limit)
    return yaml.compose(text, Loader=loader)


def _check_expansion(events: Iterator, limit: int) -> None:
    """Count the document as if every alias were written out: a value its length, every node one more."""
    import yaml

    anchors: dict[str, int] = {}  # anchor → the size of its node, written out
    opened: list[tuple[str | None, int]] = []  # the collections not closed yet: (anchor, size before)
    size = 0
    for event in events:
        if isinstance(event, yaml.AliasEvent):
            size += anchors.get(event.anchor, 0)  # an undefined one: compose says so
            if size > limit:  # what is written out stays within the read's limit: an alias crosses it
                raise Expands(limit, event.start_mark.line + 1, event.start_mark.column + 1)
        elif isinstance(event, yaml.ScalarEvent):
            size += len(event.value) + 1
            if event.anchor is not None:
                anchors[event.anchor] = len(event.value) + 1
        elif isinstance(event, yaml.CollectionStartEvent):
            opened.append((event.anchor, size))
            size += 1
        elif isinstance(event, yaml.CollectionEndEvent) and opened:
            anchor, before = opened.pop()
            if anchor is not None:
                anchors[anchor] = size - before
