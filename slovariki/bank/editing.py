"""Changing one entry of a teacher's word file in place: her comments, blank lines and the order of
entries stay as she wrote them; only the lines of the changed entry are written anew.

The file is edited as text: YAML's own parser finds where each entry starts and ends (as
:mod:`slovariki.bank.wordtable` does), and the entry's new lines are written with the same quoting
(:func:`wordtable.yaml_value`). A comment at the end of a key's line stays on that key's line; a comment
line inside an entry moves just above it.

Saving knows what the file held when the page read it (:class:`Version`, a hash of its bytes): a file
changed by someone else since is never overwritten (:class:`Conflict`). Every write is atomic.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import yaml

from slovariki import markup
from slovariki.bank import wordlist, wordtable
from slovariki.files import atomic, reading
from slovariki.text.russian import os_error

INDENT = 2  # of a new file's «- word:» (wordtable.to_yaml writes them so)


class EditError(Exception):
    """Nothing was written; the message (Russian) says why."""


class Conflict(EditError):
    """The file changed on disk since it was read: it is left as it is."""


def version_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class Snapshot:
    """A word file's text as read, and the version it was read at."""

    path: Path
    text: str
    version: str


@dataclass(frozen=True)
class Span:
    """Where an entry is in the file: its first and last line (0-based), its indent, and its plain word."""

    first: int
    last: int
    column: int  # of the entry's «-»
    word: str | None


def read(path: Path) -> Snapshot:
    """The file as it is now (bounded read); EditError when it cannot be read."""
    try:
        data = reading.read_bytes(path, wordlist.MAX_FILE_BYTES)
        return Snapshot(path, data.decode("utf-8-sig"), version_of(data))
    except UnicodeDecodeError:
        raise EditError(f"{path}: файл не в кодировке UTF-8; откройте его в редакторе и сохраните в UTF-8") from None
    except OSError as exc:
        raise EditError(f"не удалось прочитать {path}: {os_error(exc)}") from None


def entries(text: str, name: str) -> list[Span]:
    """Each entry of the file's ``words:`` list, in order (none for ``words: []`` or a bare ``words:``)."""
    try:
        root = reading.compose_yaml(text, wordlist.MAX_FILE_BYTES)
    except reading.Expands as exc:  # what it is and where, as the other readers say it
        raise EditError(f"{name}:{exc.line}: {exc}") from None
    except (yaml.YAMLError, RecursionError):
        raise EditError(f"{name}: файл не читается как YAML; исправьте его в редакторе (slovariki check скажет, "
                        "где ошибка)") from None
    words = None
    if isinstance(root, yaml.MappingNode):
        words = next((value for key, value in root.value if getattr(key, "value", None) == "words"), None)
    if isinstance(words, yaml.ScalarNode) and words.value in ("", "~", "null"):
        return []
    if not isinstance(words, yaml.SequenceNode):
        raise EditError(f"{name}: в файле нет списка words; исправьте его в редакторе (slovariki check)")
    spans, lines = [], text.splitlines()
    for node in words.value:
        fields = {k.value: v for k, v in node.value if isinstance(k, yaml.ScalarNode)} \
            if isinstance(node, yaml.MappingNode) else {}  # a list or a map as a key is check's unknown-key
        plain = None
        if isinstance(word := fields.get("word"), yaml.ScalarNode):
            parsed = markup.parse(word.value)
            plain = parsed.plain if isinstance(parsed, markup.Markup) else word.value
        # A block scalar ends at the start of the next line: that line is not the entry's.
        last = max((n.end_mark.line - (n.end_mark.column == 0) for n in fields.values()), default=0)
        first = node.start_mark.line
        dash = len(lines[first][:node.start_mark.column].rstrip()) - 1  # the mapping starts after «- »
        spans.append(Span(first, max(last, first), max(dash, 0), plain))
    return spans


def entry_lines(values: dict[str, str | int], column: int = INDENT, tails: dict[str, str] | None = None) -> list[str]:
    """An entry's lines, its «-» at ``column``, its keys in the spreadsheet's order; ``tails`` are
    end-of-line comments by key."""
    lines, lead = [], " " * column + "- "
    for key, _ in wordtable.COLUMNS:
        if values.get(key) not in (None, ""):
            tail = (tails or {}).get(key)
            lines.append(f"{lead}{key}: {wordtable.yaml_value(key, values[key])}" + (f"  {tail}" if tail else ""))
            lead = " " * (column + 2)
    return lines


def find(text: str, name: str, word: str) -> Span:
    for span in entries(text, name):
        if span.word == word:
            return span
    raise EditError(f"слова «{word}» больше нет в {name}: возможно, файл изменили в другом месте — обновите страницу")


def replace_entry(text: str, name: str, word: str, values: dict[str, str | int]) -> str:
    """The file's text with the entry of ``word`` written anew from ``values``."""
    span = find(text, name, word)
    lines = text.splitlines()
    old = lines[span.first:span.last + 1]
    above = [line for line in old if line.lstrip().startswith("#")]
    tails = {}
    for line in old:
        key = line.lstrip(" -").split(":", 1)[0]
        if key in wordtable.TITLES and (tail := wordtable.trailing_comment(line)):
            tails[key] = tail
    new = entry_lines(values, span.column, tails)
    return _joined(lines[:span.first] + above + new + lines[span.last + 1:], text)


def add_entry(text: str, name: str, values: dict[str, str | int]) -> str:
    """The file's text with a new entry after the last one (or at the end of a file with none)."""
    spans = entries(text, name)
    lines = text.splitlines()
    if spans:
        at = spans[-1].last + 1
        new = entry_lines(values, spans[-1].column)
    else:
        lines = ["words:" if line.startswith("words:") else line for line in lines]
        at, new = len(lines), entry_lines(values)
    return _joined(lines[:at] + new + lines[at:], text)


def remove_entry(text: str, name: str, word: str) -> str:
    """The file's text without the entry of ``word`` (its comment lines go with it)."""
    span = find(text, name, word)
    lines = text.splitlines()
    rest = _joined(lines[:span.first] + lines[span.last + 1:], text)
    if entries(rest, name):
        return rest
    return _joined(["words: []" if line.startswith("words:") else line for line in rest.splitlines()], text)


def _joined(lines: list[str], original: str) -> str:
    newline = "\r\n" if "\r\n" in original else "\n"
    return newline.join(lines) + newline


def save(snapshot: Snapshot, text: str) -> Snapshot:
    """Write ``text`` over the file read as ``snapshot``, atomically; Conflict when the file on disk is no
    longer what was read (changed in an editor, in another tab), EditError when it cannot be written."""
    try:
        now = reading.read_bytes(snapshot.path, wordlist.MAX_FILE_BYTES) if snapshot.path.exists() else b""
    except OSError as exc:
        raise EditError(f"не удалось прочитать {snapshot.path}: {os_error(exc)}; ничего не записано") from None
    if version_of(now) != snapshot.version:
        raise Conflict(f"файл {snapshot.path} изменился с тех пор, как страница его прочитала (его поправили в "
                       "другой вкладке или в редакторе); ничего не записано: обновите страницу и внесите правку снова")
    data = text.encode("utf-8")
    try:
        atomic.write_bytes(snapshot.path, data)
    except OSError as exc:
        raise EditError(f"не удалось записать {snapshot.path}: {os_error(exc)}; файл остался прежним") from None
    return Snapshot(snapshot.path, text, version_of(data))
