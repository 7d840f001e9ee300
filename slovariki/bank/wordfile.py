"""What one word file gave (its cards, its problems, its grade), and the schema every reader of word
files shares. A value without PyYAML: a file read before comes back from the cache (``read_cache``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from slovariki.diagnostics import Diagnostic, Severity
from slovariki.model import Card, Source

MAX_FILE_BYTES = 1024 * 1024  # a word file's limit, read or expanded; the whole bundled bank is a few dozen KB
TOP_KEYS = ("grade", "words")
ENTRY_KEYS = ("word", "stars", "definition", "picture", "note", "game_word")
REQUIRED_ENTRY_KEYS = ("word", "stars", "definition")
NOT_CHECKED = "; слова этого файла не проверены"
# A word list in a spreadsheet (bank.spreadsheet_reader), told by its name before the readers are imported.
SPREADSHEETS = (".xlsx", ".ods", ".csv")
OLD_SPREADSHEETS = (".xls", ".xlsb", ".xlsm")  # told what to do, never read


def is_spreadsheet(path: Path | str) -> bool:
    """Whether a file is read as a spreadsheet, told by its name: the readers (csv, zipfile, PyYAML) are
    imported only to read one."""
    return Path(path).suffix.lower() in SPREADSHEETS + OLD_SPREADSHEETS


_GRADE_FILE = re.compile(r"grade([1-4])\.ya?ml")
Locate = Callable[[int, int], Source]  # (line, column) in a word file's text → the place to name (a cell)


class WordFile(NamedTuple):
    """What one file gave: its cards, its problems, and its grade if it could be read."""

    name: str
    grade: int | None
    cards: tuple[Card, ...]
    diagnostics: tuple[Diagnostic, ...]
    sheet: str | None = None  # the sheet of a spreadsheet the file was read from

    @property
    def named_grade(self) -> int | None:
        """The grade the file's name gives (grade2.yaml: 2), whether or not its own could be read."""
        return grade_of_name(self.name)


def flag(tag: str, value: str) -> bool | None:
    """A YAML scalar's true or false (also True, FALSE); None for anything else, even «да», 1 or yes,
    which a reader could take for either."""
    if tag == "tag:yaml.org,2002:bool" and value.lower() in ("true", "false"):
        return value.lower() == "true"
    return None


def grade_of_name(name: str) -> int | None:
    """The grade a word file's name gives: grade2.yaml → 2; None for any other name."""
    named = _GRADE_FILE.fullmatch(Path(name).name)
    return int(named.group(1)) if named else None


def failed(name: str, code: str, message: str, line: int | None = 1, column: int | None = 1) -> WordFile:
    """A file that could not be read as a word list: one error, and no word of it was checked."""
    if code != "empty-file":
        message += NOT_CHECKED
    return WordFile(name, None, (), (Diagnostic(Severity.ERROR, code, message, name, line, column),))
