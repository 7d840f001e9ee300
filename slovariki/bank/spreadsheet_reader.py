"""Reading word lists from spreadsheets: .xlsx (openpyxl), .ods (odfpy) and .csv (the csv module).

A workbook has one sheet per grade («1 класс» … «4 класс»), a header row with the column titles of
:data:`wordtable.COLUMNS` and one word per row; a csv file has a «Класс» column instead of sheets. A
row whose «Слово» starts with «#» is a comment. The comment lines on top of each word file are on a
sheet «Комментарии» (columns «Класс», «Комментарий»), in a csv file in its «Комментарий» column. What
the cells hold becomes the word file that ``import`` writes (:func:`wordtable.to_yaml`), and every
place in it maps back to a cell, so ``check --words таблица.xlsx`` says «лист «2 класс», строка 14,
столбец B».

Problems of a whole file (an .xls, a password, a broken file) raise :class:`SpreadsheetError`;
problems of cells (a formula, merged cells, an empty row in the middle, a number where text
belongs) are diagnostics, and such a row is left out.
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from slovariki.files import reading
from slovariki.bank import wordtable
from slovariki.diagnostics import Diagnostic, error
from slovariki.model import Source, column_letter
from slovariki.text.russian import os_error

SUFFIXES = (".xlsx", ".ods", ".csv")
OLD_SUFFIXES = (".xls", ".xlsb", ".xlsm")  # told what to do, never read
MAX_FILE_BYTES = 5 * 1024 * 1024
MAX_UNPACKED_BYTES = 50 * 1024 * 1024  # inside a zip: a small file may unpack into a huge one
MAX_ROWS, MAX_COLUMNS = 5000, 30
GRADE_TITLE = "Класс"  # the csv file's extra first column
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # an old Excel file, or an encrypted new one
_ALIASES = {"слово": "word", "звездочки": "stars", "звезды": "stars", "толкование": "definition",
            "определение": "definition", "картинка": "picture", "рисунок": "picture", "заметка": "note",
            "примечание": "note", "для": "game_word", "класс": "grade",  # «Для игры»; folded as _key folds titles
            "комментарий": "comment"}
_TITLES = {**wordtable.TITLES, "grade": GRADE_TITLE, "comment": wordtable.COMMENT_TITLE}
_WORD_KEYS = tuple(key for key, _ in wordtable.COLUMNS)
# The columns each kind of sheet may have (as shown in messages) and must have. A word sheet's «Класс»
# column (a table once made from a csv file) is let be: the sheet's name says the grade.
_LAYOUTS = {"words": (_WORD_KEYS, wordtable.REQUIRED, ("grade",)),
            "csv": (("grade", *_WORD_KEYS, "comment"), wordtable.REQUIRED, ()),
            "comments": (("grade", "comment"), ("grade", "comment"), ())}


class SpreadsheetError(Exception):
    """A file that cannot be read as a spreadsheet at all; the message says why and what to do."""


@dataclass
class Cell:
    value: str | int | float | bool | object | None
    formula: str | None = None

    @property
    def empty(self) -> bool:
        return self.formula is None and (self.value is None or isinstance(self.value, str) and not self.value.strip())


@dataclass
class Sheet:
    name: str | None  # None for a csv file
    rows: list[list[Cell]]
    merged: list[tuple[int, int, int, int]] = field(default_factory=list)  # first row, col, last row, col


@dataclass
class SheetTable:
    """One grade's table and where its columns are (1-based), to name cells."""

    table: wordtable.Table
    sheet: str  # "" in a csv file
    columns: dict[str, int]


@dataclass
class Workbook:
    tables: list[SheetTable]
    diagnostics: list[Diagnostic]

    def word_files(self, name: str) -> Iterator[tuple[str, Callable[[int, int], Source], str]]:
        """Each grade as (word file text, where a place in that text is in the sheet, sheet name)."""
        for item in self.tables:
            text, origin = wordtable.to_yaml(item.table)
            yield text, _locator(name, item, origin), item.sheet


def _locator(name: str, item: SheetTable, origin: list) -> Callable[[int, int], Source]:
    def locate(line: int, column: int) -> Source:
        where = origin[line - 1] if 0 < line <= len(origin) else None
        if where is None:  # «grade:», «words:», a comment: the sheet's header row
            return Source(name, 1, 1, item.sheet)
        return Source(name, where.row, item.columns[where.key], item.sheet)
    return locate


def read(path: Path) -> Workbook:
    """The spreadsheet's tables and the problems of its cells; raises SpreadsheetError."""
    kind = path.suffix.lower()
    if kind in OLD_SUFFIXES:
        raise SpreadsheetError(f"{path}: формат {kind} не читается: сохраните таблицу как .xlsx "
                               "(«Файл → Сохранить как → Книга Excel») или .ods")
    if kind not in SUFFIXES:
        raise SpreadsheetError(f"{path}: таблица должна быть .xlsx, .ods или .csv")
    data = _read_bytes(path)
    sheets = {".xlsx": _xlsx, ".ods": _ods, ".csv": _csv}[kind](data, path)
    return _tables(sheets, str(path))


def _read_bytes(path: Path) -> bytes:
    try:
        return reading.read_bytes(path, MAX_FILE_BYTES)
    except reading.TooLarge:
        raise SpreadsheetError(f"{path}: файл больше {reading.size_text(MAX_FILE_BYTES)}: это не похоже на список "
                               "слов") from None
    except OSError as exc:
        raise SpreadsheetError(f"не удалось прочитать файл {path}: {os_error(exc)}") from None


def _zip(data: bytes, path: Path, kind: str) -> zipfile.ZipFile:
    """The spreadsheet's zip container, refused when it is an old or encrypted file or too big unpacked."""
    if data.startswith(_OLE):
        if "EncryptionInfo".encode("utf-16-le") in data:
            raise SpreadsheetError(f"{path}: таблица защищена паролем: откройте её, снимите пароль "
                                   "(«Файл → Сведения → Защитить книгу») и сохраните заново")
        raise SpreadsheetError(f"{path}: это таблица в старом формате .xls: сохраните её как .xlsx "
                               "(«Файл → Сохранить как → Книга Excel»)")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, ValueError, OSError):
        raise SpreadsheetError(f"{path}: файл повреждён или это не таблица {kind}") from None
    if unpacked > MAX_UNPACKED_BYTES:
        raise SpreadsheetError(f"{path}: таблица слишком большая для списка слов")
    return archive


def _broken(path: Path, kind: str) -> SpreadsheetError:
    return SpreadsheetError(f"{path}: файл повреждён или это не таблица {kind}: откройте его в Excel или "
                            "LibreOffice и сохраните заново")


def _xlsx(data: bytes, path: Path) -> list[Sheet]:
    import openpyxl

    _zip(data, path, "xlsx")
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), data_only=False)
    except Exception:  # openpyxl reports a broken file with many kinds of exceptions
        raise _broken(path, "xlsx") from None
    sheets = []
    for sheet in book.worksheets:
        if sheet.max_row > MAX_ROWS + 1 or sheet.max_column > MAX_COLUMNS:
            _too_big(path, sheet.title, sheet.max_row > MAX_ROWS + 1)
        rows = [[Cell(None, cell.value) if cell.data_type == "f" else Cell(cell.value) for cell in row]
                for row in sheet.iter_rows()]
        merged = [(r.min_row, r.min_col, r.max_row, r.max_col) for r in sheet.merged_cells.ranges]
        sheets.append(Sheet(sheet.title, rows, merged))
    return sheets


def _too_big(path: Path, sheet: str, rows: bool) -> None:
    what = f"больше {MAX_ROWS} строк" if rows else f"больше {MAX_COLUMNS} столбцов"
    raise SpreadsheetError(f"{path}: на листе «{sheet}» {what}: это не похоже на список слов")


def _ods(data: bytes, path: Path) -> list[Sheet]:
    from odf import opendocument, table, teletype, text

    archive = _zip(data, path, "ods")
    try:
        manifest = archive.read("META-INF/manifest.xml")
    except KeyError:
        manifest = b""
    if b"encryption-data" in manifest:
        raise SpreadsheetError(f"{path}: таблица защищена паролем: откройте её, снимите пароль "
                               "(«Файл → Свойства → Безопасность») и сохраните заново")
    try:
        document = opendocument.load(io.BytesIO(data))
        tables = document.spreadsheet.getElementsByType(table.Table)
    except Exception:  # odfpy reports a broken file with many kinds of exceptions
        raise _broken(path, "ods") from None
    sheets = []
    for sheet in tables:
        name = sheet.getAttribute("name") or ""
        reader = _OdsSheet(path, name, table, teletype, text)
        for row in sheet.getElementsByType(table.TableRow):
            reader.row(row)
        sheets.append(Sheet(name, reader.rows, reader.merged))
    return sheets


class _OdsSheet:
    """The rows of one ODS table. Repeated empty rows and cells (LibreOffice writes a million of them
    at the end) are counted, not stored, until something follows them."""

    def __init__(self, path: Path, name: str, table, teletype, text) -> None:
        self.path, self.name, self.table, self.teletype, self.text = path, name, table, teletype, text
        self.rows: list[list[Cell]] = []
        self.merged: list[tuple[int, int, int, int]] = []
        self.empty_rows = 0

    def row(self, element) -> None:
        cells, empty_cells = [], 0
        for cell in element.childNodes:
            if cell.qname[1] not in ("table-cell", "covered-table-cell"):
                continue
            value = self.cell(cell)
            repeat = int(cell.getAttribute("numbercolumnsrepeated") or 1)
            if value.empty:
                empty_cells += repeat
                continue
            if len(cells) + empty_cells + repeat > MAX_COLUMNS:
                _too_big(self.path, self.name, False)
            cells += [Cell(None)] * empty_cells + [value] * repeat
            empty_cells = 0
            spanned = (int(cell.getAttribute("numberrowsspanned") or 1),
                       int(cell.getAttribute("numbercolumnsspanned") or 1))
            if spanned != (1, 1):
                row, column = len(self.rows) + self.empty_rows + 1, len(cells)
                self.merged.append((row, column, row + spanned[0] - 1, column + spanned[1] - 1))
        repeat = int(element.getAttribute("numberrowsrepeated") or 1)
        if not cells:
            self.empty_rows += repeat
            return
        if len(self.rows) + self.empty_rows + repeat > MAX_ROWS + 1:
            _too_big(self.path, self.name, True)
        self.rows += [[] for _ in range(self.empty_rows)] + [cells] * repeat
        self.empty_rows = 0

    def cell(self, cell) -> Cell:
        formula = cell.getAttribute("formula") if cell.qname[1] == "table-cell" else None
        kind = cell.getAttribute("valuetype") if cell.qname[1] == "table-cell" else None
        if formula:
            return Cell(None, formula.removeprefix("of:"))  # LibreOffice's namespace, not the teacher's text
        if kind in ("float", "percentage", "currency"):
            number = float(cell.getAttribute("value"))
            return Cell(int(number) if number.is_integer() else number)
        if kind == "boolean":
            return Cell(cell.getAttribute("booleanvalue") == "true")
        paragraphs = [self.teletype.extractText(p) for p in cell.getElementsByType(self.text.P)
                      if p.parentNode is cell]  # not those of the cell's comment (office:annotation)
        value = "\n".join(paragraphs) if paragraphs else None
        return Cell(value if kind in (None, "string") or value is None else _NotText(kind, value))


@dataclass(frozen=True)
class _NotText:
    """A cell that holds a date, a time or the like: shown as it was written, never taken as text."""

    kind: str
    shown: str


def _csv(data: bytes, path: Path) -> list[Sheet]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1251", "replace")  # what Excel writes as «CSV (разделители — запятые)» in Russian
    if "\x00" in text:
        raise SpreadsheetError(f"{path}: это не текстовый файл csv")
    first = text.split("\n", 1)[0]
    delimiter = max(";,\t", key=first.count)
    try:
        rows = [[Cell(value) for value in row] for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)]
    except csv.Error as exc:
        raise SpreadsheetError(f"{path}: файл csv не читается ({exc})") from None
    if len(rows) > MAX_ROWS + 1:
        _too_big(path, "", True)
    return [Sheet(None, rows)]


# --- cells → tables -----------------------------------------------------------------------------------
def _tables(sheets: list[Sheet], name: str) -> Workbook:
    found: list[SheetTable] = []
    diagnostics: list[Diagnostic] = []
    file_comments: dict[int, list[str]] = {}  # grade → the lines on top of its word file
    for sheet in sheets:
        rows = _trimmed(sheet.rows)
        if not rows:
            continue  # an empty sheet («Лист2»): nothing to read
        label = sheet.name if sheet.name is not None else ""
        kind = "csv" if sheet.name is None else "comments" if _fold(label) == _fold(wordtable.COMMENTS_SHEET) \
            else "words"
        reader = _SheetReader(name, label, diagnostics, kind)
        columns = reader.header(rows[0])
        if columns is None:
            continue
        if kind == "comments":
            reader.comment_sheet(rows, columns, file_comments)
            continue
        if kind == "csv":
            found += reader.csv_tables(rows, columns, file_comments)
            continue
        grade = wordtable.grade_of_sheet(sheet.name)
        if grade is None:
            reader.error(1, 1, "sheet-name", f"по названию листа «{sheet.name}» не понять класс: назовите лист "
                                             "«1 класс», «2 класс», «3 класс» или «4 класс»")
            continue
        found.append(SheetTable(wordtable.Table(grade, reader.rows(rows, columns, sheet.merged)), label, columns))
    by_grade: dict[int, SheetTable] = {}
    for item in found:
        if item.table.grade in by_grade:
            first = by_grade[item.table.grade]
            diagnostics.append(error(Source(name, 1, 1, item.sheet), "sheet-name",
                                     f"{item.table.grade} класс уже есть на листе «{first.sheet}»"))
        else:
            by_grade[item.table.grade] = item
    for grade, lines in file_comments.items():  # those of a grade without words are let go with it
        if grade in by_grade:
            by_grade[grade].table.header[:0] = lines
    return Workbook([by_grade[g] for g in sorted(by_grade)], diagnostics)


def _trimmed(rows: list[list[Cell]]) -> list[list[Cell]]:
    """The rows without the empty ones at the end."""
    end = len(rows)
    while end and all(cell.empty for cell in rows[end - 1]):
        end -= 1
    return rows[:end]


def _fold(text: str) -> str:
    """A title as it is compared: lower case, «е» for «ё» (most keyboards and teachers write
    «Звездочки»), single spaces, none around."""
    return " ".join(text.lower().replace("ё", "е").split())


def _key(title: object) -> str | None:
    """The key a column title names: its first word («Слово с разметкой»), stars («Слово*») ignored."""
    if not isinstance(title, str):
        return None
    words = _fold(title.replace("*", "")).split()
    return _ALIASES.get(words[0]) if words else None


class _SheetReader:
    def __init__(self, name: str, sheet: str, diagnostics: list[Diagnostic], kind: str = "words") -> None:
        self.name, self.sheet, self.diagnostics = name, sheet, diagnostics
        self.shown, self.required, self.allowed = _LAYOUTS[kind]

    def error(self, row: int, column: int, code: str, message: str) -> None:
        self.diagnostics.append(error(Source(self.name, row, column, self.sheet), code, message))

    def header(self, cells: list[Cell]) -> dict[str, int] | None:
        """The columns by key, from the titles in the first row."""
        columns: dict[str, int] = {}
        for number, cell in enumerate(cells, 1):
            if cell.empty:
                continue
            key = _key(cell.value)
            if key not in self.shown + self.allowed or key in columns:
                known = ", ".join(f"«{_TITLES[key]}»" for key in self.shown)
                self.error(1, number, "sheet-header", f"столбец «{cell.value}» неизвестен или повторяется: "
                                                      f"заголовки в первой строке — {known}")
                return None
            columns[key] = number
        missing = [_TITLES[k] for k in self.required if k not in columns]
        if missing:
            self.error(1, 1, "sheet-header", "в первой строке нет заголовков " + ", ".join(f"«{m}»" for m in missing)
                       + ": с них начинается лист")
            return None
        return columns

    def rows(self, rows: list[list[Cell]], columns: dict[str, int], merged: list) -> list[wordtable.Row]:
        out = []
        skipped = set()
        for first_row, first_col, last_row, last_col in merged:
            self.error(first_row, first_col, "merged-cells",
                       f"объединённые ячейки {column_letter(first_col)}{first_row}:{column_letter(last_col)}{last_row}: "
                       "разъедините их, у каждого слова свои ячейки")
            skipped.update(range(first_row, last_row + 1))
        for number, cells in enumerate(rows[1:], 2):
            if number in skipped:
                continue
            row = self.row(number, cells, columns)
            if row is not None:
                out.append(row)
        return out

    def csv_tables(self, rows: list[list[Cell]], columns: dict[str, int],
                   file_comments: dict[int, list[str]]) -> list[SheetTable]:
        if "grade" not in columns:
            self.error(1, 1, "sheet-header", f"в первой строке нет столбца «{GRADE_TITLE}»: в файле csv класс "
                                             "каждого слова пишется в нём")
            return []
        tables: dict[int, wordtable.Table] = {}
        for number, cells in enumerate(rows[1:], 2):
            grade = self.grade(number, cells, columns)
            if grade is None:
                if all(cell.empty for cell in cells):
                    self.error(number, 1, "empty-row", "пустая строка посреди таблицы: удалите её")
                continue
            comment = _at(cells, columns["comment"]) if "comment" in columns else Cell(None)
            if not comment.empty:
                own = (columns["grade"], columns["comment"])
                if any(not cell.empty for n, cell in enumerate(cells, 1) if n not in own):
                    self.error(number, columns["comment"], "sheet-header",
                               f"«{wordtable.COMMENT_TITLE}» — строка из начала файла со словами, у неё своя строка "
                               "таблицы: перенесите слово в другую строку")
                else:
                    file_comments.setdefault(grade, []).extend(self.comment_lines(number, columns["comment"], comment))
                continue
            row = self.row(number, cells, columns)
            if row is not None:
                tables.setdefault(grade, wordtable.Table(grade)).rows.append(row)
        return [SheetTable(tables[g], "", columns) for g in sorted(tables)]

    def comment_sheet(self, rows: list[list[Cell]], columns: dict[str, int],
                      file_comments: dict[int, list[str]]) -> None:
        """The sheet «Комментарии»: a grade and a line on top of its word file in each row."""
        for number, cells in enumerate(rows[1:], 2):
            if all(cell.empty for cell in cells):
                continue  # a blank line between grades: nothing is lost
            grade = self.grade(number, cells, columns)
            if grade is not None:
                line = _at(cells, columns["comment"])
                file_comments.setdefault(grade, []).extend(self.comment_lines(number, columns["comment"], line))

    def grade(self, number: int, cells: list[Cell], columns: dict[str, int]) -> int | None:
        """The row's «Класс»; None, reported unless the row is empty, when it is not 1–4."""
        raw = _at(cells, columns["grade"])
        grade = wordtable.grade_of_sheet(str(raw.value)) if not raw.empty and raw.formula is None else None
        if grade is None and not all(cell.empty for cell in cells):
            self.error(number, columns["grade"], "bad-value", "нужен класс: 1, 2, 3 или 4")
        return grade

    def comment_lines(self, number: int, column: int, cell: Cell) -> list[str]:
        """A «Комментарий» cell as comment lines of the word file: «#» in front of each."""
        if cell.empty:
            return []
        if cell.formula is not None:
            self.error(number, column, "formula", f"в ячейке формула ({cell.formula}): замените её значением")
            return []
        if not isinstance(cell.value, str):
            self.error(number, column, "bad-type", f"«{wordtable.COMMENT_TITLE}»: здесь нужен текст")
            return []
        lines = [line.strip() for line in cell.value.splitlines() if line.strip()]
        return [line if line.startswith("#") else f"# {line}" for line in lines]

    def row(self, number: int, cells: list[Cell], columns: dict[str, int]) -> wordtable.Row | None:
        """One word (or comment) row; None, with the problems reported, when a cell cannot be used."""
        if all(cell.empty for cell in cells):
            self.error(number, 1, "empty-row", "пустая строка посреди листа: удалите её (слова идут подряд)")
            return None
        known = set(columns.values())
        problems = len(self.diagnostics)
        for column, cell in enumerate(cells, 1):
            if cell.formula is not None:
                self.error(number, column, "formula", f"в ячейке формула ({cell.formula}): замените её значением "
                                                      "(«Копировать», затем «Вставить значения»)")
            elif column not in known and not cell.empty:
                self.error(number, column, "sheet-header", "значение в столбце без заголовка: уберите его или "
                                                           "перенесите в «Заметку»")
        word = _at(cells, columns["word"])
        if isinstance(word.value, str) and word.value.strip().startswith("#"):
            return wordtable.Row(comment=word.value.strip(), number=number) if len(self.diagnostics) == problems else None
        values: dict[str, str | int | float] = {}
        for key, column in columns.items():
            cell = _at(cells, column)
            if key in ("grade", "comment") or cell.formula is not None:
                continue
            if cell.empty:
                if key in wordtable.REQUIRED:
                    self.error(number, column, "missing-key", f"пустая ячейка «{wordtable.TITLES[key]}»: "
                                                              + _REQUIRED_HINT[key])
                continue
            value = self.value(number, column, key, cell)
            if value is not None:
                values[key] = value
        return wordtable.Row(values, number=number) if len(self.diagnostics) == problems else None

    def value(self, number: int, column: int, key: str, cell: Cell) -> str | int | float | None:
        value = cell.value
        if key == "stars":
            if isinstance(value, str) and value.strip().isdigit():
                return int(value)
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return int(value) if float(value).is_integer() else value
            if isinstance(value, str):
                return value.strip()  # the word file's check says what is wrong with it
        elif isinstance(value, str):
            return value.strip()
        shown = {True: "«да»", False: "«нет»"}.get(value) if isinstance(value, bool) else None
        if isinstance(value, _NotText):
            shown = f"«{value.shown}» ({'дата' if value.kind == 'date' else 'не текст'})"
        elif shown is None and isinstance(value, (int, float)):
            shown = f"число {value:g}"
        elif shown is None:
            shown = f"«{value}» (дата или время)" if value is not None else "не текст"
        need = "нужно число 1, 2 или 3" if key == "stars" else "нужен текст (число станет текстом, если поставить " \
                                                              "перед ним апостроф: '12)"
        self.error(number, column, "bad-type", f"«{wordtable.TITLES[key]}»: здесь {shown}, а {need}")
        return None


_REQUIRED_HINT = {"word": "нужно слово с разметкой, например к[о]р[и]д+ор",
                  "stars": "нужно число звёздочек: 1, 2 или 3",
                  "definition": "нужно толкование: что значит слово"}


def _at(cells: list[Cell], column: int) -> Cell:
    return cells[column - 1] if column <= len(cells) else Cell(None)
