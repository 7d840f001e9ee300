"""Reading word lists from spreadsheets: .xlsx (openpyxl), .ods (odfpy) and .csv (the csv module).

A workbook has one sheet per grade («1 класс», «Слова 2 класса», «2 класс (весна)»), a header row
with the column titles of :data:`wordtable.COLUMNS` (or a teacher's own: «Значение слова», a «№»
column that is let be), perhaps a title above it, and one word per row; a csv file, or a workbook's
one sheet, has a «Класс» column instead. A hard letter may be coloured or bold in its cell and the
stress a capital vowel (see :mod:`typed_word`); a date shows what was typed («12.09»). A row whose
«Слово» starts with «#» is a comment. The comment lines on top of each word file are on a
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
import re
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from slovariki.files import reading
from slovariki.bank import typed_word, wordtable
from slovariki.bank.wordfile import OLD_SPREADSHEETS, SPREADSHEETS
from slovariki.diagnostics import Diagnostic, error
from slovariki.model import Source, column_letter
from slovariki.text.russian import os_error

MAX_FILE_BYTES = 5 * 1024 * 1024
MAX_UNPACKED_BYTES = 50 * 1024 * 1024  # inside a zip: a small file may unpack into a huge one
MAX_ROWS, MAX_COLUMNS = 5000, 30
GRADE_TITLE = "Класс"  # the csv file's extra first column
# A csv cell starting so is a formula to Excel and LibreOffice: export puts an apostrophe before it.
CSV_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# What import takes for a formula: «=…», «@…», or «+»/«-» with a call, a pipe or a sheet reference
# («+cmd|' /C calc'!A0»); «+ябл[о]ко» (the stress on the first letter) is a word.
_CSV_FORMULA = re.compile(r"[=@]|[+-].*[(|!]", re.S)
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # an old Excel file, or an encrypted new one
_ALIASES = {"слово": "word", "звездочки": "stars", "звезды": "stars", "звездочка": "stars", "толкование": "definition",
            "определение": "definition", "значение": "definition", "картинка": "picture", "рисунок": "picture",
            "заметка": "note", "примечание": "note", "для игры": "game_word", "класс": "grade", "комментарий": "comment",
            "№": "number", "n": "number", "номер": "number"}  # folded as _key folds titles («Для игры»); «№» is let be
_TITLE_ROWS = 5  # a title («Словарные слова, 2 класс») may stand above the header, in the first rows
_STAR_SIGNS = "*★☆⭐"
_TITLES = {**wordtable.TITLES, "grade": GRADE_TITLE, "comment": wordtable.COMMENT_TITLE}
_WORD_KEYS = tuple(key for key, _ in wordtable.COLUMNS)
# The columns each kind of sheet may have (as shown in messages) and must have. A word sheet's «Класс»
# column (a table once made from a csv file) is let be: the sheet's name says the grade.
_LAYOUTS = {"words": (_WORD_KEYS, wordtable.REQUIRED, ("grade", "number")),
            "csv": (("grade", *_WORD_KEYS, "comment"), wordtable.REQUIRED, ("number",)),
            "comments": (("grade", "comment"), ("grade", "comment"), ())}


class SpreadsheetError(Exception):
    """A file that cannot be read as a spreadsheet at all; the message says why and what to do."""


@dataclass
class Cell:
    value: str | int | float | bool | object | None
    formula: str | None = None
    marks: tuple[str | None, ...] | None = None  # per character of a text value: how it is set apart (typed_word)

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
    readings: dict[int, typed_word.Reading] = field(default_factory=dict)  # row number → how its word was read


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


def read(path: Path, proposing: bool = False) -> Workbook:
    """The spreadsheet's tables and the problems of its cells; raises SpreadsheetError. ``proposing``:
    an empty «Звёздочки» is let be (``import --suggest`` proposes the stars)."""
    kind = path.suffix.lower()
    if kind in OLD_SPREADSHEETS:
        raise SpreadsheetError(f"{path}: формат {kind} не читается: сохраните таблицу как .xlsx "
                               "(«Файл → Сохранить как → Книга Excel») или .ods")
    if kind not in SPREADSHEETS:
        raise SpreadsheetError(f"{path}: таблица должна быть .xlsx, .ods или .csv")
    data = _read_bytes(path)
    sheets = {".xlsx": _xlsx, ".ods": _ods, ".csv": _csv}[kind](data, path)
    return _tables(sheets, str(path), proposing)


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
        book = openpyxl.load_workbook(io.BytesIO(data), data_only=False, rich_text=True)
    except Exception:  # openpyxl reports a broken file with many kinds of exceptions
        raise _broken(path, "xlsx") from None
    sheets = []
    for sheet in book.worksheets:
        if sheet.max_row > MAX_ROWS + 1 or sheet.max_column > MAX_COLUMNS:
            _too_big(path, sheet.title, sheet.max_row > MAX_ROWS + 1)
        rows = [[_xlsx_cell(cell) for cell in row] for row in sheet.iter_rows()]
        merged = [(r.min_row, r.min_col, r.max_row, r.max_col) for r in sheet.merged_cells.ranges]
        sheets.append(Sheet(sheet.title, rows, merged))
    return sheets


def _xlsx_cell(cell) -> Cell:
    """A cell's value; rich text as its text and how each letter is set apart (colour, bold); a date as
    the teacher sees it."""
    import datetime

    from openpyxl.cell.rich_text import CellRichText

    value = cell.value
    if cell.data_type == "f":
        return Cell(None, value)
    if isinstance(value, CellRichText):
        marks: list[str | None] = []
        for run in value:
            text, font = (run, None) if isinstance(run, str) else (run.text, run.font)
            marks += [_font_mark(font)] * len(text)
        return Cell(str(value), marks=tuple(marks))
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return Cell(_NotText("date", _shown_date(value, cell.number_format)))
    return Cell(value)


def _font_mark(font) -> str | None:
    """How a run's font sets its letters apart: a colour other than black (red above all), or bold."""
    color = getattr(font, "color", None)
    rgb = getattr(color, "rgb", None) if getattr(color, "type", None) == "rgb" else None
    if isinstance(rgb, str) and (mark := typed_word.colour(rgb[-6:])):
        return mark
    if getattr(color, "type", None) == "theme" and color.theme not in (0, 1, 2, 3):  # not the text's own colours
        return typed_word.COLOUR
    if getattr(color, "type", None) == "indexed" and color.indexed in (2, 10):  # Excel's old palette red
        return typed_word.RED
    return typed_word.BOLD if getattr(font, "b", False) else None


_MONTHS = ("янв", "фев", "мар", "апр", "май", "июн", "июл", "авг", "сен", "окт", "ноя", "дек")


def _shown_date(value, number_format: str) -> str:
    """A date as Excel shows it by the cell's format (d, dd, m, mm, mmm, yy, yyyy; h:mm): what the teacher
    typed («12.09»), not the machine's «2024-09-12 00:00:00»."""
    import datetime

    fmt = re.sub(r'\[[^]]*]|"[^"]*"|[\\_]', "", number_format.split(";")[0]).lower()  # locale tags, quotes
    if not re.search(r"[dmyh]", fmt):
        fmt = "dd.mm.yyyy" if isinstance(value, (datetime.date, datetime.datetime)) else "h:mm"
    time_mode = False
    out = []
    for token in re.findall(r"y+|m+|d+|h+|s+|.", fmt):
        kind = token[0]
        if kind == "h":
            time_mode = True
            out.append(str(value.hour))
        elif kind == "s":
            out.append(f"{value.second:02}")
        elif kind == "m" and time_mode:
            out.append(f"{value.minute:02}")
        elif kind == "m":
            out.append(_MONTHS[value.month - 1] if len(token) == 3 else f"{value.month:0{min(len(token), 2)}}")
        elif kind == "d":
            out.append(f"{value.day:0{min(len(token), 2)}}")
        elif kind == "y":
            out.append(f"{value.year % 100:02}" if len(token) <= 2 else str(value.year))
        else:
            out.append(token)
    return "".join(out)


def _too_big(path: Path, sheet: str, rows: bool) -> None:
    what = f"больше {MAX_ROWS} строк" if rows else f"больше {MAX_COLUMNS} столбцов"
    raise SpreadsheetError(f"{path}: на листе «{sheet}» {what}: это не похоже на список слов")


def _ods(data: bytes, path: Path) -> list[Sheet]:
    from odf import opendocument, table

    archive = _zip(data, path, "ods")
    try:
        manifest = archive.read("META-INF/manifest.xml")
    except KeyError:
        manifest = b""
    if b"encryption-data" in manifest:
        raise SpreadsheetError(f"{path}: таблица защищена паролем: откройте её, снимите пароль "
                               "(«Файл → Свойства → Безопасность») и сохраните заново")
    _check_ods_parts(archive, path)
    try:
        document = opendocument.load(io.BytesIO(data))
        tables = document.spreadsheet.getElementsByType(table.Table)
    except Exception:  # odfpy reports a broken file with many kinds of exceptions
        raise _broken(path, "ods") from None
    marks = _ods_text_marks(document)
    sheets = []
    for sheet in tables:
        name = sheet.getAttribute("name") or ""
        reader = _OdsSheet(path, name, table, marks)
        for row in sheet.getElementsByType(table.TableRow):
            reader.row(row)
        sheets.append(Sheet(name, reader.rows, reader.merged))
    return sheets


_TABLE_NS = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_OFFICE_NS = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
_ODS_PARTS = ("content.xml", "styles.xml", "meta.xml", "settings.xml")  # what odfpy reads
# The counts a sheet's cells may carry, each at most the largest useful one (a span or repeat past the
# rows and columns a list may have is refused, a repeat of empty cells up to LibreOffice's own sheet).
_ODS_COUNTS = {"number-rows-repeated": 1 << 20, "number-columns-repeated": 1 << 14,
               "number-rows-spanned": MAX_ROWS + 1, "number-columns-spanned": MAX_COLUMNS}
_NUMBER_TYPES = ("float", "percentage", "currency")


def _check_ods_parts(archive: zipfile.ZipFile, path: Path) -> None:
    """Refuse, before odfpy builds its tree, an ODS whose XML holds more elements than a list of
    MAX_ROWS × MAX_COLUMNS cells could (a tree of 100 KB zipped may take gigabytes), or a count or a
    number that is not one. Read as a stream: the memory stays small whatever the file holds."""
    from xml.parsers import expat

    elements = 0

    def start(name: str, attributes: dict[str, str]) -> None:
        nonlocal elements
        elements += 1
        if elements > MAX_ROWS * MAX_COLUMNS:
            raise SpreadsheetError(f"{path}: таблица слишком большая для списка слов "
                                   f"(больше {MAX_ROWS} строк по {MAX_COLUMNS} ячеек)")
        if not name.startswith(_TABLE_NS):
            return
        for key, largest in _ODS_COUNTS.items():
            count = attributes.get(f"{_TABLE_NS} {key}")
            if count is not None and not (count.isascii() and count.isdigit() and 0 < int(count[:9]) <= largest):
                raise _bad_ods_value(path, parser.CurrentLineNumber, count)
        if attributes.get(f"{_OFFICE_NS} value-type") in _NUMBER_TYPES:
            value = attributes.get(f"{_OFFICE_NS} value", "")
            try:
                float(value)
            except ValueError:
                raise _bad_ods_value(path, parser.CurrentLineNumber, value) from None

    for part in _ODS_PARTS:
        try:
            xml = archive.read(part)
        except KeyError:
            continue
        except (zipfile.BadZipFile, ValueError, OSError, EOFError):
            raise _broken(path, "ods") from None
        parser = expat.ParserCreate(namespace_separator=" ")
        parser.StartElementHandler = start
        try:
            parser.Parse(xml, True)
        except expat.ExpatError:
            raise _broken(path, "ods") from None


def _bad_ods_value(path: Path, line: int, value: str) -> SpreadsheetError:
    return SpreadsheetError(f"{path}: файл повреждён: в его XML (строка {line}) число «{value[:20]}» — не число "
                            "или слишком большое; откройте таблицу в LibreOffice и сохраните заново")


class _OdsSheet:
    """The rows of one ODS table. Repeated empty rows and cells (LibreOffice writes a million of them
    at the end) are counted, not stored, until something follows them."""

    def __init__(self, path: Path, name: str, table, marks: dict[str, str]) -> None:
        self.path, self.name, self.table, self.marks = path, name, table, marks
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
        runs: list[tuple[str, str | None]] = []
        for paragraph in (p for p in cell.childNodes if p.qname[1] == "p"):  # not the cell comment's (annotation)
            if runs:
                runs.append(("\n", None))
            runs += _ods_runs(paragraph, None, self.marks)
        if not runs:
            return Cell(None)
        value = "".join(text for text, _ in runs)
        if kind not in (None, "string"):
            return Cell(_NotText(kind, value))
        return Cell(value, marks=tuple(mark for text, mark in runs for _ in text))


def _ods_text_marks(document) -> dict[str, str]:
    """The automatic text styles that set letters apart: style name → typed_word's RED, COLOUR or BOLD."""
    from odf import style

    found = {}
    for element in document.automaticstyles.getElementsByType(style.Style):
        for props in element.getElementsByType(style.TextProperties):
            colour = typed_word.colour((props.getAttribute("color") or "").lstrip("#"))
            if colour:
                found[element.getAttribute("name")] = colour
            elif (props.getAttribute("fontweight") or "") in ("bold", "600", "700", "800", "900"):
                found[element.getAttribute("name")] = typed_word.BOLD
    return found


def _ods_runs(element, mark: str | None, marks: dict[str, str]) -> list[tuple[str, str | None]]:
    """A paragraph's text as (text, how it is set apart) runs: spans carry their style's mark."""
    runs = []
    for node in element.childNodes:
        if node.nodeType == node.TEXT_NODE:
            runs.append((node.data, mark))
        elif node.qname[1] == "s":
            runs.append((" " * int(node.getAttribute("c") or 1), mark))
        elif node.qname[1] == "tab":
            runs.append(("\t", mark))
        elif node.qname[1] == "line-break":
            runs.append(("\n", mark))
        elif node.qname[1] in ("span", "a"):
            own = marks.get(node.getAttribute("stylename") or "") if node.qname[1] == "span" else None
            runs += _ods_runs(node, own or mark, marks)
    return runs


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
        rows = [[_csv_cell(value) for value in row]
                for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)]
    except csv.Error as exc:
        raise SpreadsheetError(f"{path}: файл csv не читается ({exc})") from None
    if len(rows) > MAX_ROWS + 1:
        _too_big(path, "", True)
    return [Sheet(None, rows)]


def _csv_cell(value: str) -> Cell:
    """A csv cell: export's «'=…» is its text again; a formula is refused as a workbook's is (a csv
    file made to be opened in Excel may carry «=cmd|…» or «=HYPERLINK(…)»)."""
    if value.startswith("'") and value.lstrip("'").startswith(CSV_FORMULA_STARTS):
        return Cell(value[1:])
    if _CSV_FORMULA.match(value):
        return Cell(None, value)
    return Cell(value)


# --- cells → tables -----------------------------------------------------------------------------------
def _tables(sheets: list[Sheet], name: str, proposing: bool = False) -> Workbook:
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
        top = _header_row(rows)
        reader = _SheetReader(name, label, diagnostics, kind, top, proposing)
        columns = reader.header(rows[top])
        if columns is None:
            continue
        if kind == "comments":
            reader.comment_sheet(rows, columns, file_comments)
            continue
        grade = wordtable.grade_of_sheet(sheet.name) if kind == "words" else None
        if kind == "csv" or grade is None and "grade" in columns:  # one sheet of all grades, as a csv file
            found += reader.csv_tables(rows, columns, file_comments)
            continue
        if grade is None:
            reader.error(1, 1, "sheet-name", f"по названию листа «{sheet.name}» не понять класс: назовите лист "
                                             "«1 класс», «2 класс», «3 класс» или «4 класс» (или добавьте столбец "
                                             f"«{GRADE_TITLE}»)")
            continue
        merged = [m for m in sheet.merged if m[0] > top + 1]  # a title is often merged across the columns
        found.append(SheetTable(wordtable.Table(grade, reader.rows(rows, columns, merged)), label, columns,
                                reader.readings))
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


def _header_row(rows: list[list[Cell]]) -> int:
    """The index of the header row: the first of the top rows whose every filled cell is a known column
    title, «Слово» or «Комментарий» among them (a title such as «Словарные слова, 2 класс» or «Класс 2Б»
    may stand above it); the first row if none is."""
    for index, cells in enumerate(rows[:_TITLE_ROWS]):
        keys = {_key(cell.value) for cell in cells if not cell.empty}
        if None not in keys and keys & {"word", "comment"}:
            return index
    return 0


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
    """The key a column title names: its first word («Слово с разметкой») or, for «Для игры», two; stars
    («Слово*») ignored."""
    if not isinstance(title, str):
        return None
    words = _fold(title.replace("*", " ").replace(".", " ")).split()
    return _ALIASES.get(" ".join(words[:2])) or _ALIASES.get(words[0]) if words else None


class _SheetReader:
    def __init__(self, name: str, sheet: str, diagnostics: list[Diagnostic], kind: str = "words", top: int = 0,
                 proposing: bool = False) -> None:
        self.name, self.sheet, self.diagnostics, self.top, self.proposing = name, sheet, diagnostics, top, proposing
        self.shown, self.required, self.allowed = _LAYOUTS[kind]
        self.readings: dict[int, typed_word.Reading] = {}

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
                self.error(self.top + 1, number, "sheet-header", f"столбец «{cell.value}» неизвестен или "
                                                                 f"повторяется: заголовки столбцов — {known}")
                return None
            columns[key] = number
        missing = [_TITLES[k] for k in self.required if k not in columns]
        if missing:
            self.error(self.top + 1, 1, "sheet-header", "в строке заголовков нет "
                       + ("столбца " if len(missing) == 1 else "столбцов ") + ", ".join(f"«{m}»" for m in missing))
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
        for number, cells in enumerate(rows[self.top + 1:], self.top + 2):
            if number in skipped:
                continue
            row = self.row(number, cells, columns)
            if row is not None:
                out.append(row)
        return out

    def csv_tables(self, rows: list[list[Cell]], columns: dict[str, int],
                   file_comments: dict[int, list[str]]) -> list[SheetTable]:
        if "grade" not in columns:
            self.error(self.top + 1, 1, "sheet-header", f"в строке заголовков нет столбца «{GRADE_TITLE}»: в файле csv класс "
                                             "каждого слова пишется в нём")
            return []
        tables: dict[int, wordtable.Table] = {}
        for number, cells in enumerate(rows[self.top + 1:], self.top + 2):
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
        return [SheetTable(tables[g], self.sheet, columns, self.readings) for g in sorted(tables)]

    def comment_sheet(self, rows: list[list[Cell]], columns: dict[str, int],
                      file_comments: dict[int, list[str]]) -> None:
        """The sheet «Комментарии»: a grade and a line on top of its word file in each row."""
        for number, cells in enumerate(rows[self.top + 1:], self.top + 2):
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
            if key in ("grade", "comment", "number") or cell.formula is not None:
                continue
            if cell.empty:
                if key in wordtable.REQUIRED and not (key == "stars" and self.proposing):
                    self.error(number, column, "missing-key", f"пустая ячейка «{wordtable.TITLES[key]}»: "
                                                              + _REQUIRED_HINT[key])
                continue
            value = self.value(number, column, key, cell)
            if value is not None:
                values[key] = value
        return wordtable.Row(values, number=number) if len(self.diagnostics) == problems else None

    def value(self, number: int, column: int, key: str, cell: Cell) -> str | int | float | None:
        value = cell.value
        if key == "word" and isinstance(value, str):
            reading = typed_word.with_dictionary_stress(typed_word.read(value, cell.marks), _dictionary_stresses)
            self.readings[number] = reading
            return reading.markup
        if key == "stars":
            if isinstance(value, str) and value.strip().isdigit():
                return int(value)
            if isinstance(value, str) and value.strip() and set(value.replace(" ", "")) <= set(_STAR_SIGNS):
                return len(value.replace(" ", ""))  # «**», «★★»: the word file's check says if there are too many
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return int(value) if float(value).is_integer() else value
            if isinstance(value, str):
                return value.strip()  # the word file's check says what is wrong with it
        elif isinstance(value, str):
            return value.strip()
        elif isinstance(value, _NotText) and value.kind in ("date", "time") and key in ("definition", "note"):
            return value.shown  # «12.09» in a note: what she typed, not the machine's date
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
                  "stars": "нужно число звёздочек: 1, 2 или 3 (их может предложить import … --suggest)",
                  "definition": "нужно толкование: что значит слово"}


def _dictionary_stresses(word: str) -> frozenset[int] | None:
    """The stress dictionary's stresses of a word a teacher left unstressed (loaded on the first one)."""
    from slovariki.rules_check.stress import StressDictionary

    return StressDictionary.bundled().stresses(word)


def _at(cells: list[Cell], column: int) -> Cell:
    return cells[column - 1] if column <= len(cells) else Cell(None)
