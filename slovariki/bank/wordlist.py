"""Loading word lists: the word files of a folder (or one file, or a spreadsheet) as a :class:`WordBank`.

A file read before and unchanged comes back from the cache (``read_cache``); any other is read as YAML
(``yaml_words``). Nothing here raises on bad file content: every problem becomes a :class:`Diagnostic`.
Only a path that cannot be read at all raises :class:`WordBankError`.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from slovariki import package_data
from slovariki.bank import read_cache
from slovariki.bank.wordfile import MAX_FILE_BYTES, Locate, WordFile, failed, is_spreadsheet
from slovariki.diagnostics import Diagnostic, error
from slovariki.files import reading
from slovariki.model import Card, Deck
from slovariki.text.russian import os_error
from slovariki.text.terminal import shorten

FILE_PATTERNS = ("*.yaml", "*.yml")
_GRADE_FILE_NAMES = tuple(f"grade{grade}{pattern[1:]}" for grade in range(1, 5) for pattern in FILE_PATTERNS)


class WordBankError(Exception):
    """A path that cannot be read at all (exit status 2)."""


class WordBank(NamedTuple):
    files: tuple[WordFile, ...]
    diagnostics: tuple[Diagnostic, ...]  # every file's, plus bank-wide ones (duplicates)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for f in self.files for c in f.cards)

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        """The errors: an entry with one is not in the deck, so the deck is not the one printed."""
        return tuple(d for d in self.diagnostics if d.is_error)

    def incomplete(self) -> str | None:
        """Why a game on this bank would not be on the printed deck («в списках слов есть ошибки…»),
        or None when it has no errors."""
        if not self.errors:
            return None
        first, more = self.errors[0], len(self.errors) - 1
        return (f"в списках слов есть ошибки, колода неполная: {first.as_text()}"
                f"{f' (и ещё {more})' if more else ''}; подробности покажет «slovariki check»")

    @property
    def deck(self) -> Deck:
        """The cards with each plain word once (a repeated word is an error already reported)."""
        seen: dict[str, Card] = {}
        for card in self.cards:
            seen.setdefault(card.word, card)
        return Deck.of(seen.values())

    def list_words(self) -> WordBank:
        """The bank without its game words (``game_word: true``): the school lists' words only."""
        files = tuple(f._replace(cards=tuple(c for c in f.cards if not c.game_word)) for f in self.files)
        return WordBank(files, self.diagnostics)

    def for_deck(self, grades: Iterable[int] | None, game_words: bool | None = None) -> WordBank:
        """The bank a deck of ``grades`` is made of: its game words only where they serve, when asked for
        or, by default, in a deck of two colours or more, where rule 9 needs them (docs/word-lists.md)."""
        bank = self.select(grades)
        if game_words is None:
            game_words = len({card.grade for card in bank.cards}) > 1
        return bank if game_words else bank.list_words()

    def select(self, grades: Iterable[int] | None) -> WordBank:
        """The files of the given grades and their diagnostics (files of unknown grade stay)."""
        if grades is None:
            return self
        wanted = set(grades)
        kept = tuple(f for f in self.files if f.grade is None or f.grade in wanted)
        names = {(f.name, f.sheet) for f in kept}
        return WordBank(kept, tuple(d for d in self.diagnostics if d.file is None or (d.file, d.sheet) in names))


def bundled_words() -> Path:
    return package_data("words")


def load_bank(path: Path | str | None = None) -> WordBank:
    """Load every word file of a folder (or one file, or a spreadsheet with a sheet per grade); None
    means the bundled bank."""
    if path is None:
        folder = bundled_words()
        paths = _word_files(folder)
        names = [f"words/{p.name}" for p in paths]
    else:
        if not str(path).strip():  # Path("") would quietly mean the current folder
            raise WordBankError("папка со словами не указана: путь пустой")
        folder = Path(path)
        is_folder = _is_folder(folder)
        if not is_folder and is_spreadsheet(folder):
            return _load_spreadsheet(folder)
        paths = _word_files(folder) if is_folder else [folder]
        names = [str(p) for p in paths]
    if not paths:
        raise WordBankError(f"в папке {folder} нет файлов со словами (grade1.yaml … grade4.yaml)")
    return _bank(tuple(load_file(p, name) for p, name in zip(paths, names)))


def _bank(files: tuple[WordFile, ...], extra: Iterable[Diagnostic] = ()) -> WordBank:
    diagnostics = [*extra, *(d for f in files for d in f.diagnostics)]
    diagnostics.extend(_duplicate_words(files))
    return WordBank(files, tuple(diagnostics))


def _load_spreadsheet(path: Path) -> WordBank:
    """A spreadsheet's sheets read as the word files import would write, each place a cell."""
    from slovariki.bank import spreadsheet_reader as spreadsheet  # see wordfile.is_spreadsheet

    try:
        sheets = spreadsheet.read(path)
    except spreadsheet.SpreadsheetError as exc:
        raise WordBankError(str(exc)) from None
    files = tuple(load_text(text, str(path), locate, path.parent)._replace(sheet=sheet)
                  for text, locate, sheet in sheets.word_files(str(path)))
    return _bank(files, sheets.diagnostics)


def word_file_paths(path: Path | str | None = None) -> list[tuple[Path, str]]:
    """The word files of a folder (or the one file; None: the bundled bank) as (path, name in messages)."""
    if path is None:
        return [(p, f"words/{p.name}") for p in _word_files(bundled_words())]
    folder = Path(path)
    if not _is_folder(folder):
        return [(folder, str(folder))]
    return [(p, str(p)) for p in _word_files(folder)]


def has_grade_files(folder: Path | str) -> bool:
    """Does the folder hold a grade file (grade1.yaml … grade4.yml)? Each name is tried, so no folder is listed."""
    return any(os.path.isfile(os.path.join(folder, name)) for name in _GRADE_FILE_NAMES)


def _is_folder(path: Path) -> bool:
    """True for a folder, False for a file; WordBankError for a path that is neither (/dev/null)."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        if is_spreadsheet(path):
            raise WordBankError(f"таблица со словами не найдена: {path}") from None
        if path.suffix.lower() in (".yaml", ".yml"):
            raise WordBankError(f"файл со словами не найден: {path}") from None
        raise WordBankError(f"папка со словами не найдена: {path}") from None
    except OSError as exc:
        raise WordBankError(f"не удалось открыть папку со словами {path}: {os_error(exc)}") from None
    except ValueError:  # a NUL byte: a session file's «words» may hold one
        raise WordBankError(f"не удалось открыть папку со словами {str(path)!r}: {reading.NUL_IN_PATH}") from None
    if not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
        raise WordBankError(f"{path} — не папка со словами: это не файл, а {reading.kind(mode)}")
    return stat.S_ISDIR(mode)


def _word_files(folder: Path) -> list[Path]:
    """The folder's YAML files; hidden ones (such as the «._grade1.yaml» a Mac leaves on a USB stick) are
    not word lists. A folder or a broken link with such a name is kept: reading it says what it is."""
    try:
        return sorted({p for pattern in FILE_PATTERNS for p in folder.glob(pattern) if not p.name.startswith(".")})
    except OSError as exc:
        raise WordBankError(f"не удалось прочитать папку {folder}: {os_error(exc)}") from exc


def load_file(path: Path, name: str | None = None) -> WordFile:
    name = name or str(path)
    try:
        data = reading.read_bytes(path, MAX_FILE_BYTES)
    except reading.TooLarge:
        return failed(name, "file-too-large",
                      f"файл больше {reading.size_text(MAX_FILE_BYTES)}: это не похоже на список слов, он не читается")
    except OSError as exc:
        raise WordBankError(f"не удалось прочитать файл {name}: {os_error(exc)}") from exc
    found = read_cache.recall(path, name, data)
    if found is None:
        found = load_bytes(data, name, path.parent)
        read_cache.keep(path, name, data, found)
    return found


def load_bytes(data: bytes, name: str, folder: Path | None = None) -> WordFile:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        return failed(name, "encoding", "файл не в кодировке UTF-8 (сохраните его как UTF-8)", line, column)
    return load_text(text, name, folder=folder)


def load_text(text: str, name: str, locate: Locate | None = None, folder: Path | None = None) -> WordFile:
    """A word file's text read as YAML; ``locate`` maps (line, column) to the place to name (a
    spreadsheet's cell), ``folder`` is where the file lies: an editor's own pictures are found there."""
    from slovariki.bank import yaml_words  # PyYAML: only for a text not read before (see read_cache)

    return yaml_words.read(text, name, locate, folder)


def _duplicate_words(files: Iterable[WordFile]) -> list[Diagnostic]:
    first: dict[str, Card] = {}
    found = []
    for card in (c for f in files for c in f.cards):
        key = card.word.lower()
        if key in first:
            found.append(error(card.source, "duplicate-word",
                               f"слово «{shorten(card.word)}» уже есть в банке: {first[key].source}"))
        else:
            first[key] = card
    return found
