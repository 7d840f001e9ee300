"""`slovariki import` and the source of `export`: word files as tables, a spreadsheet as word files.

A spreadsheet is imported only when every cell can be used and the word files it gives can be read
(the same schema check as for any word file); otherwise nothing is written and every problem is
named by its cell. Existing files are replaced only when asked (``force``), each one atomically.
"""

from __future__ import annotations

import os
from pathlib import Path

from slovariki.files import atomic
from slovariki.files import reading
from slovariki.bank import spreadsheet_reader as spreadsheet
from slovariki.bank import wordlist
from slovariki.bank import wordtable
from slovariki.diagnostics import Diagnostic
from slovariki.text.russian import os_error


class ImportProblem(Exception):
    """Nothing was written: the message, or the problems of the cells."""

    def __init__(self, message: str, diagnostics: tuple[Diagnostic, ...] = ()) -> None:
        super().__init__(message)
        self.diagnostics = diagnostics


def read_spreadsheet(path: Path) -> list[wordtable.Table]:
    """The spreadsheet's tables, refused with every problem when a cell cannot be used or the word
    file it gives has an error that ``check`` would find without a dictionary."""
    try:
        book = spreadsheet.read(path)
    except spreadsheet.SpreadsheetError as exc:
        raise ImportProblem(str(exc)) from None
    problems = list(book.diagnostics)
    for text, locate, _ in book.word_files(str(path)):
        problems += [d for d in wordlist.load_text(text, str(path), locate).diagnostics if d.is_error]
    if problems:
        raise ImportProblem("в таблице есть ошибки, файлы не записаны", tuple(sorted(problems, key=Diagnostic.sort_key)))
    if not book.tables:
        raise ImportProblem(f"{path}: в таблице нет ни одного листа со словами («1 класс» … «4 класс»)")
    return [item.table for item in book.tables]


def bank_tables(words: str | None) -> list[wordtable.Table]:
    """The tables of a word folder (None: the bundled bank) or of a spreadsheet."""
    if words is not None and Path(words).suffix.lower() in spreadsheet.SUFFIXES + spreadsheet.OLD_SUFFIXES:
        return read_spreadsheet(Path(words))
    try:
        files = [(name, reading.read_bytes(path, wordlist.MAX_FILE_BYTES).decode("utf-8-sig"))
                 for path, name in wordlist.word_file_paths(words)]
        return wordtable.tables_of(files)
    except wordlist.WordBankError as exc:
        raise ImportProblem(str(exc)) from None
    except (OSError, UnicodeDecodeError) as exc:
        reason = os_error(exc) if isinstance(exc, OSError) else "файл не в кодировке UTF-8"
        raise ImportProblem(f"файл со словами не читается: {reason}") from None
    except wordtable.TableError as exc:
        raise ImportProblem(str(exc)) from None


def write_word_files(tables: list[wordtable.Table], out: Path, force: bool) -> list[Path]:
    """grade1.yaml … into ``out``; an existing file is replaced only with ``force``."""
    targets = [(out / table.file_name, table) for table in tables]
    existing = [path for path, _ in targets if os.path.lexists(path)]  # a broken link is there too
    if existing and not force:
        names = ", ".join(path.name for path in existing)
        raise ImportProblem(f"в папке {out} уже есть {names}: файлы не записаны (заменить их: --force)")
    try:
        for path in existing:  # before anything is written: no file of a refused import is new
            atomic.check_target(path)
        out.mkdir(parents=True, exist_ok=True)
        for path, table in targets:
            atomic.write_text(path, wordtable.to_yaml(table)[0])
    except OSError as exc:
        raise ImportProblem(f"не удалось записать {exc.filename or out}: {os_error(exc)}") from None
    return [path for path, _ in targets]
