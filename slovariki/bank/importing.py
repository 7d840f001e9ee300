"""`slovariki import` and the source of `export`: word files as tables, a spreadsheet as word files.

A spreadsheet is imported only when every cell can be used and the word files it gives can be read
(the same schema check as for any word file); otherwise nothing is written and every problem is
named by its cell. Existing files are replaced only when asked (``force``), each one atomically.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from slovariki import markup
from slovariki.files import atomic
from slovariki.files import reading
from slovariki.bank import spreadsheet_reader as spreadsheet
from slovariki.bank import wordlist
from slovariki.bank import wordtable
from slovariki.bank import typed_word
from slovariki.bank.typed_word import LETTERS_SAID, STRESS_SAID
from slovariki.bank.wordfile import is_spreadsheet
from slovariki.diagnostics import Diagnostic, Severity
from slovariki.model import Source, column_letter
from slovariki.text.russian import os_error, plural
from slovariki.text.russian import stars as n_stars


class ImportProblem(Exception):
    """Nothing was written: the message, or the problems of the cells."""

    def __init__(self, message: str, diagnostics: tuple[Diagnostic, ...] = ()) -> None:
        super().__init__(message)
        self.diagnostics = diagnostics


@dataclass(frozen=True)
class RowPreview:
    """One word row of a spreadsheet as import understands it, for a teacher to look over before
    anything is written. ``letters`` and ``stress`` say in Russian how they were read («красным
    цветом», «заглавной гласной», «по словарю ударений», «предложены программой»); ``problems`` what
    keeps the row out (empty when it will be written)."""

    sheet: str
    row: int
    grade: int | None  # None: a row left out before its grade was read (a cell that cannot be used)
    typed: str  # the word cell as she typed it
    markup: str  # the word as it will be written
    stars: int | str | None
    definition: str | None
    letters: str | None
    stress: str | None
    proposed: bool  # holds the program's proposal (import --suggest): to be looked over
    problems: tuple[str, ...]


@dataclass(frozen=True)
class SpreadsheetPreview:
    """What ``import`` would write: the tables, each word row understood, and every problem (those of a
    cell name it; a word row's own are in its RowPreview too)."""

    tables: list[wordtable.Table]
    rows: list[RowPreview]
    problems: tuple[Diagnostic, ...]

    @property
    def ready(self) -> bool:
        return not self.problems and bool(self.tables)


def preview_spreadsheet(path: Path, suggest: bool = False) -> SpreadsheetPreview:
    """Read a teacher's spreadsheet as import would, row by row, and write nothing: hard letters
    coloured or bold, stress typed her way (see :mod:`typed_word`), a word without stress stressed
    from the stress dictionary, and with ``suggest`` a word without hard letters given the program's
    proposal (hard letters, stress, and stars if the cell is empty). Raises ImportProblem only for a
    file that is not a readable spreadsheet."""
    try:
        book = spreadsheet.read(path, proposing=suggest)
    except spreadsheet.SpreadsheetError as exc:
        raise ImportProblem(str(exc)) from None
    completer = _Completer(suggest, str(path))
    for item in book.tables:
        for row in item.table.rows:
            if row.comment is None and isinstance(row.values.get("word"), str):
                completer.complete(item, row)
    problems = list(book.diagnostics) + completer.problems
    for text, locate, _ in book.word_files(str(path)):
        problems += [d for d in wordlist.load_text(text, str(path), locate).diagnostics if d.is_error]
    unknown = {(d.sheet, d.line) for d in completer.problems}  # the word itself is wrong: its markup is moot
    problems = [d for d in problems if (d.sheet, d.line) not in unknown or not d.code.startswith("markup-")]
    problems.sort(key=Diagnostic.sort_key)
    rows = [_row_preview(item, row, problems, completer) for item in book.tables for row in item.table.rows
            if row.comment is None]
    seen = {(row.sheet, row.row) for row in rows}
    left_out: dict[tuple[str, int], list[str]] = {}  # rows the reader left out: a cell that cannot be used
    for d in problems:
        if d.line and (d.sheet or "", d.line) not in seen:
            left_out.setdefault((d.sheet or "", d.line), []).append(_said(d))
    rows += [RowPreview(sheet, line, None, "", "", None, None, None, None, False, tuple(said))
             for (sheet, line), said in left_out.items()]
    order = {item.sheet: n for n, item in reversed(list(enumerate(book.tables)))}  # the workbook's order
    rows.sort(key=lambda row: (order.get(row.sheet, len(order)), row.row))
    return SpreadsheetPreview([item.table for item in book.tables], rows, tuple(problems))


def read_spreadsheet(path: Path, suggest: bool = False) -> list[wordtable.Table]:
    """The spreadsheet's tables, refused with every problem when a cell cannot be used or the word
    file it gives has an error that ``check`` would find without a dictionary."""
    return accepted(preview_spreadsheet(path, suggest), path)


def accepted(found: SpreadsheetPreview, path: Path) -> list[wordtable.Table]:
    """The tables of a preview, or ImportProblem with its problems; the words without hard letters are
    named together, once, with what to do (``--suggest`` proposes them)."""
    if found.problems:
        raise ImportProblem("в таблице есть ошибки, файлы не записаны", _grouped(found.problems, path))
    if not found.tables:
        raise ImportProblem(f"{path}: в таблице нет ни одного листа со словами («1 класс» … «4 класс»)")
    return found.tables


_NO_HARD = "markup-no-hard-letter"


def _grouped(problems: tuple[Diagnostic, ...], path: Path) -> tuple[Diagnostic, ...]:
    """The problems, with all the words that lack hard letters said in one line and what to do."""
    lacking = [d for d in problems if d.code == _NO_HARD]
    if len(lacking) < 2:
        return problems
    rows: dict[str, list[str]] = {}
    for d in lacking:
        rows.setdefault(d.sheet or "", []).append(str(d.line))
    places = "; ".join(f"лист «{sheet}», {plural(len(lines), 'строка', 'строки', 'строки')} {', '.join(lines)}"
                       if sheet else f"строки {', '.join(lines)}" for sheet, lines in rows.items())
    said = (f"{path}: в {len(lacking)} {plural(len(lacking), 'слове', 'словах', 'словах')} не отмечены сложные "
            f"буквы ({places}): покрасьте их в красный цвет (или возьмите в скобки [ ]) — или пусть их предложит "
            f"программа, а вы проверите: slovariki import {path} --out … --suggest")
    summary = Diagnostic(Severity.ERROR, _NO_HARD, said)
    return tuple(d for d in problems if d.code != _NO_HARD) + (summary,)


_SHOWN = 12  # words named for one way of reading; an exported bank has hundreds in brackets


def how_read(rows: list[RowPreview]) -> list[str]:
    """The import report's lines on how the words were read, each way with its words: «сложные буквы
    красным цветом: корова, карандаш»; the dictionary's stresses and the program's proposals to look over."""
    letters: dict[str, list[str]] = {}
    stresses: dict[str, list[str]] = {}
    for row in rows:
        if row.problems or row.proposed:
            continue
        if row.letters:
            letters.setdefault(f"сложные буквы {row.letters}", []).append(row.markup)
        if row.stress:
            check = " (проверьте)" if row.stress == STRESS_SAID["dictionary"] else ""
            stresses.setdefault(f"ударение {row.stress}{check}", []).append(row.markup)
    lines = [f"  {way}: {', '.join(words[:_SHOWN])}" + (f" … (всего {len(words)})" if len(words) > _SHOWN else "")
             for way, words in (*letters.items(), *stresses.items())]
    proposed = [row for row in rows if row.proposed and not row.problems]
    if proposed:
        lines.append("  предложено программой — проверьте, прежде чем печатать (ударение, сложные буквы, звёздочки):")
        lines += [f"    {place(row.sheet, row.row)}: {row.markup}, {n_stars(row.stars)}" for row in proposed]
    return lines


def place(sheet: str, row: int) -> str:
    """«лист «2 класс», строка 4» (in a csv file: «строка 4»)."""
    return f"лист «{sheet}», строка {row}" if sheet else f"строка {row}"


class _Completer:
    """What the table left out, proposed by suggest (``suggest``): hard letters, stress and stars.
    pymorphy3 and the stress dictionary are loaded on first need."""

    def __init__(self, suggest: bool, name: str) -> None:
        self.suggest, self.name = suggest, name
        self.problems: list[Diagnostic] = []  # words suggest does not know
        self.how: dict[tuple[str, int], tuple[str | None, str | None, bool]] = {}  # (sheet, row) → letters, stress, proposed
        self._assistant = None

    def complete(self, item: spreadsheet.SheetTable, row: wordtable.Row) -> None:
        reading = item.readings.get(row.number)
        letters = LETTERS_SAID.get(reading.letters) if reading else None
        stress = STRESS_SAID.get(reading.stress) if reading else None
        word = row.values["word"]
        proposed = False
        if self.suggest and "[" not in word and word.strip():
            proposal = self._propose(word, item.table.grade)
            if isinstance(proposal, str):
                where = Source(self.name, row.number, item.columns["word"], item.sheet)
                self.problems.append(Diagnostic.at(where, Severity.ERROR, "suggest-unknown", proposal))
            elif proposal is not None:
                word, stars = proposal
                letters, proposed = "предложены программой", True
                stress = stress or "предложено программой"
                row.values.setdefault("stars", stars)
        row.values["word"] = word
        self.how[(item.sheet, row.number)] = (letters, stress, proposed)

    def _propose(self, word: str, grade: int) -> tuple[str, int] | str | None:
        """suggest's markup for the word (her own stress kept), and its stars; why not, when the word is
        not one the dictionary knows; None when suggest finds no hard letter."""
        from slovariki.rules_check.suggest import Assistant, SuggestError

        if self._assistant is None:
            self._assistant = Assistant()
        plain, _, stressed = typed_word.letters(word)
        try:
            found = self._assistant.suggest(plain, grade)
        except SuggestError as exc:
            return str(exc)
        if found.word != plain or not found.known:
            near = f"; может быть, {', '.join(f'«{w}»' for w in found.near[:3])}?" if found.near else "."
            return f"слова «{plain}» нет в словаре, разметку не предложить{near} Исправьте слово или отметьте " \
                   "сложные буквы сами"
        if not found.hard_letters:
            return None
        own = tuple(markup.Stress(i, markup.PLUS) for i in sorted(stressed))  # she marked the stress: hers stays
        proposal = markup.Markup(found.word, found.markup.groups, own or found.markup.stresses)
        return proposal.render(), found.stars


def _row_preview(item: spreadsheet.SheetTable, row: wordtable.Row, problems: list[Diagnostic],
                 completer: _Completer) -> RowPreview:
    reading = item.readings.get(row.number)
    letters, stress, proposed = completer.how.get((item.sheet, row.number), (None, None, False))
    own = tuple(_said(d) for d in problems if (d.sheet or "") == item.sheet and d.line == row.number)
    return RowPreview(item.sheet, row.number, item.table.grade, reading.typed if reading else str(row.values.get("word", "")),
                      str(row.values.get("word", "")), row.values.get("stars"), row.values.get("definition"),
                      letters, stress, proposed, own)


def bank_tables(words: str | None) -> list[wordtable.Table]:
    """The tables of a word folder (None: the bundled bank) or of a spreadsheet."""
    if words is not None and is_spreadsheet(words):
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


@dataclass(frozen=True)
class Written:
    """What import did in the folder: the files written from the table, init's example files removed
    (their grade is not in the table: her deck holds her words only), the other files left as they were."""

    written: list[Path]
    removed: list[Path]
    left: list[Path]


def write_word_files(tables: list[wordtable.Table], out: Path, force: bool) -> Written:
    """grade1.yaml … into ``out``. An existing file is replaced only with ``force``, unless it holds
    just init's examples; those of grades the table lacks are removed (init writes them again), so
    that the samples are not mixed into her deck."""
    from slovariki.bank import starter

    examples = starter.untouched_examples(out) if out.is_dir() else {}
    targets = [(out / table.file_name, table) for table in tables]
    existing = [path for path, table in targets  # a broken link is there too
                if os.path.lexists(path) and table.grade not in examples]
    if existing and not force:
        names = ", ".join(path.name for path in existing)
        raise ImportProblem(f"в папке {out} уже есть {names}: файлы не записаны (заменить их: --force)")
    grades = {table.grade for table in tables}
    removed = [out / f"grade{grade}.yaml" for grade in examples if grade not in grades]
    try:
        for path, _ in targets:  # before anything is written: no file of a refused import is new
            atomic.check_target(path)
        out.mkdir(parents=True, exist_ok=True)
        for path, table in targets:
            atomic.write_text(path, wordtable.to_yaml(table)[0])
        for path in removed:
            path.unlink()
        written = {path for path, _ in targets}
        left = [path for path, _ in wordlist.word_file_paths(str(out)) if path not in written]
    except OSError as exc:
        raise ImportProblem(f"не удалось записать {exc.filename or out}: {os_error(exc)}") from None
    return Written([path for path, _ in targets], removed, left)

def _said(problem: Diagnostic) -> str:
    return f"столбец {column_letter(problem.column)}: {problem.message}" if problem.column else problem.message
