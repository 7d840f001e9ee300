"""Word files as tables and back: the rows a spreadsheet holds, and the YAML text written from them.

A :class:`Table` is one grade: the comment lines on top of its file (above ``words:``: the key
explanations of a new folder, an editor's preface), then its rows in order, each a word entry or a
comment (a line of the YAML file starting with «#», kept so that a trip through a spreadsheet loses
none). The YAML written from a table is canonical — the header, ``grade:``, ``words:``, then the rows
with every entry's keys in the order of :data:`COLUMNS` — so export → import gives the same bytes back.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

import yaml

from slovariki.bank.wordfile import MAX_FILE_BYTES, flag
from slovariki.files import reading

# The entry keys in the spreadsheet's column order, with the column titles a teacher sees.
COLUMNS = (("word", "Слово"), ("stars", "Звёздочки"), ("definition", "Толкование"), ("picture", "Картинка"),
           ("note", "Заметка"), ("game_word", "Для игры"))
TITLES = dict(COLUMNS)
REQUIRED = ("word", "stars", "definition")
# game_word is true or false in a word file and «да» or «нет» in a cell.
FLAG_CELLS = {True: "да", False: "нет"}
_CELL_FLAGS = {text: value for value, text in FLAG_CELLS.items()}
SHEET_TITLE = "{grade} класс"
# The comment lines on top of each word file (the starter's key explanations, an editor's preface) are
# not word rows: a workbook keeps them on a sheet of their own, a csv file in a last column.
COMMENTS_SHEET = "Комментарии"
COMMENT_TITLE = "Комментарий"
# What a teacher reads on a column's title (a cell note in a workbook).
HINTS = {
    "word": "Слово с разметкой: сложные буквы в квадратных скобках, «+» перед ударной гласной, например "
            "к[о]р[и]д+ор. Строка, у которой слово начинается с «#», — комментарий, а не карточка.",
    "stars": "1, 2 или 3: старшинство карточки (чем труднее слово, тем больше звёздочек).",
    "definition": "Что значит слово: своими словами, коротко, понятно ребёнку и без самого слова.",
    "picture": "Можно не заполнять. Имя встроенной картинки (список: slovariki pictures) или файл SVG или PNG "
               "в папке со списком.",
    "game_word": "«да» — слово в банке только для игры (его нет в школьном списке этого класса): список слов и "
                 "диктант его не берут. Обычно пусто.",
    "note": "Можно не заполнять. Заметка для себя, на карточку не печатается.",
    "grade": "1, 2, 3 или 4: класс, к файлу которого относится строка.",
    "comment": "Строки из начала файла со словами этого класса (после «#»): при импорте они снова встают "
               "в начало файла. На карточки не попадают.",
}
_SHEET_NAME = re.compile(r"\s*(?:grade\s*)?([1-4])(?:\s*(?:класс|кл\.?))?\s*", re.I)
# A teacher's own sheet name: «Слова 2 класса», «2 класс (весна)», «2-й класс», «Класс 2»
_GRADE_IN_NAME = re.compile(r"(?<!\d)([1-4])\s*(?:-?[йи]\s*)?кл|класс\w*\s*№?\s*([1-4])(?!\d)", re.I)


class TableError(Exception):
    """A word file that cannot be turned into a table; the message names the place."""


@dataclass
class Row:
    """A word entry (``values``: key → text or number) or, when ``comment`` is set, a comment line.
    ``number`` is where the row came from (a sheet's row, a file's line), for messages."""

    values: dict[str, str | int | float] = field(default_factory=dict)
    comment: str | None = None
    number: int = 0


@dataclass
class Table:
    grade: int
    rows: list[Row] = field(default_factory=list)
    header: list[str] = field(default_factory=list)  # the comment lines on top of the file, «#» and all

    @property
    def title(self) -> str:
        """The sheet's name: «2 класс»."""
        return SHEET_TITLE.format(grade=self.grade)

    @property
    def file_name(self) -> str:
        return f"grade{self.grade}.yaml"


def grade_of_sheet(name: str) -> int | None:
    """The grade a sheet's name says: «2 класс», «2 кл.», «2», «grade2», «Слова 2 класса», «2 класс (весна)»."""
    match = _SHEET_NAME.fullmatch(name) or _GRADE_IN_NAME.search(name)
    return int(match[1] or match[2]) if match else None


# --- table → YAML -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Line:
    """What one written YAML line came from: the table row and the key (None for a row's comment)."""

    row: int
    key: str | None


def to_yaml(table: Table) -> tuple[str, list[Line | None]]:
    """The word file's text and, per line (0-based), the row and key it was written from."""
    entries = any(row.comment is None for row in table.rows)
    lines = table.header + [f"grade: {table.grade}", "words:" if entries else "words: []"]
    origin: list[Line | None] = [None] * len(lines)
    for row in table.rows:
        if row.comment is not None:
            lines.append(f"  {row.comment}")
            origin.append(None)
            continue
        lead = "  - "
        for key, _ in COLUMNS:
            if key in row.values:
                lines.append(f"{lead}{key}: {yaml_value(key, row.values[key])}")
                origin.append(Line(row.number, key))
                lead = "    "
    return "\n".join(lines) + "\n", origin


def yaml_value(key: str, value: str | int | float) -> str:
    """«да» and «нет» in the game_word column are YAML's true and false; anything else there is written as
    it is, for the word file's check to report at its cell."""
    if key == "game_word" and isinstance(value, str):
        read = _CELL_FLAGS.get(value.strip().lower())
        if read is not None:
            return str(read).lower()
    return scalar(value)


def scalar(value: str | int | float) -> str:
    """One value on one line, quoted only where YAML needs it («[о]б[е]зь+яна», «12», «да»)."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise TypeError(f"not a cell value: {value!r}")
    if not isinstance(value, str):
        return repr(value)
    text = yaml.dump(value, Dumper=_Dumper, allow_unicode=True, width=1 << 30)
    return text.removesuffix("\n").removesuffix("\n...")


class _Dumper(yaml.SafeDumper):
    """PyYAML's own quoting rules, except that a value with a line break stays on one line («\\n»)."""

    def choose_scalar_style(self):
        return '"' if "\n" in self.event.value else super().choose_scalar_style()


# --- YAML → table -------------------------------------------------------------------------------------
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def from_yaml(text: str, name: str) -> Table:
    """A word file as a table: its entries' values and every comment line, in the file's order.

    Only a file that ``check`` can read is turned into a table; anything else is a TableError that
    names the line (``check`` says more)."""
    try:
        root = reading.compose_yaml(text, MAX_FILE_BYTES)
    except reading.Expands as exc:
        raise TableError(f"{name}:{exc.line}: {exc}") from None
    except (yaml.YAMLError, RecursionError):
        raise TableError(f"{name}: файл не читается как YAML; сначала исправьте его (slovariki check)") from None
    top = _mapping(root, name, "файл должен быть словарём с ключами grade и words")
    grade_node = top.get("grade")
    grade = _value(grade_node, name) if grade_node is not None else None
    if not isinstance(grade, int) or grade not in (1, 2, 3, 4):
        raise TableError(f"{name}: нужен ключ grade с номером класса 1–4 (slovariki check скажет больше)")
    words = top.get("words")
    if not isinstance(words, yaml.SequenceNode):
        raise TableError(f"{name}: нет списка words (slovariki check скажет больше)")
    words_line = next(key.start_mark.line for key, _ in root.value if key.value == "words")  # «words:» itself
    rows, spans = [], []
    for entry in words.value:
        fields = _mapping(entry, name, "каждый элемент words должен быть словарём")
        values = {}
        for key, node in fields.items():
            if key not in TITLES:
                raise TableError(f"{name}:{node.start_mark.line + 1}: неизвестный ключ «{key}» "
                                 "(slovariki check скажет больше)")
            values[key] = _value(node, name)
            if key == "game_word" and (value := flag(node.tag, node.value)) is not None:
                values[key] = FLAG_CELLS[value]
        last = max((node.end_mark.line for node in fields.values()), default=entry.start_mark.line)
        spans.append((entry.start_mark.line, last))
        rows.append(Row(values, number=entry.start_mark.line + 1))
    lines = text.splitlines()
    header = [line.strip() for line in lines[:words_line] if _is_comment(line)]
    return Table(grade, _with_comments(lines, rows, spans, words_line + 1), header)


def _mapping(node: yaml.Node | None, name: str, what: str) -> dict[str, yaml.Node]:
    if not isinstance(node, yaml.MappingNode):
        line = node.start_mark.line + 1 if node is not None else 1
        raise TableError(f"{name}:{line}: {what} (slovariki check скажет больше)")
    found = {}
    for key, value in node.value:
        if not isinstance(key, yaml.ScalarNode) or key.value in found:
            raise TableError(f"{name}:{key.start_mark.line + 1}: неверный или повторный ключ "
                             "(slovariki check скажет больше)")
        found[key.value] = value
    return found


def _value(node: yaml.Node, name: str) -> str | int | float:
    if not isinstance(node, yaml.ScalarNode):
        raise TableError(f"{name}:{node.start_mark.line + 1}: здесь нужно одно значение, а не список или "
                         "словарь (slovariki check скажет больше)")
    try:
        value = _Loader("").construct_object(node)
    except (yaml.YAMLError, ValueError):  # !!python/name, 10,000 digits, an impossible !!timestamp
        raise TableError(f"{name}:{node.start_mark.line + 1}: значение не читается (slovariki check скажет "
                         "больше)") from None
    return value if isinstance(value, (str, int, float)) and not isinstance(value, bool) else node.value


def _with_comments(lines: list[str], rows: list[Row], spans: list[tuple[int, int]], position: int) -> list[Row]:
    """The entries with the file's comment lines between them, from line ``position`` on (the one after
    «words:»). A comment goes before the entry it stands above or inside (one at the end of an entry's
    line too); those after the last entry stay last."""
    out: list[Row] = []
    for row, (start, last) in zip(rows, spans):
        out += [_comment(lines[n], n) for n in range(position, start) if _is_comment(lines[n])]
        for n in range(start, min(last + 1, len(lines))):
            if _is_comment(lines[n]):
                out.append(_comment(lines[n], n))
            elif tail := trailing_comment(lines[n]):
                out.append(_comment(tail, n))
        out.append(row)
        position = last + 1
    out += [_comment(lines[n], n) for n in range(position, len(lines)) if _is_comment(lines[n])]
    return out


def _is_comment(line: str) -> bool:
    return line.lstrip().startswith("#")


def trailing_comment(line: str) -> str:
    """The «# …» at the end of a «key: value  # …» line ('' if none). A «#» inside quotes, or with no
    space before it, is part of the value, as YAML reads it."""
    blanked = re.sub(r"\"(?:[^\"\\]|\\.)*\"|'(?:[^']|'')*'", lambda m: "_" * len(m[0]), line)
    match = re.search(r"\s(#.*)$", blanked)
    return line[match.start(1):] if match else ""


def _comment(line: str, number: int) -> Row:
    return Row(comment=line.strip(), number=number + 1)


def tables_of(files: Iterable[tuple[str, str]]) -> list[Table]:
    """The tables of word files given as (name, text), by grade; two files of one grade are refused."""
    tables: dict[int, tuple[str, Table]] = {}
    for name, text in files:
        table = from_yaml(text, name)
        if table.grade in tables:
            raise TableError(f"{name}: класс {table.grade} уже есть в {tables[table.grade][0]}: "
                             "в таблице у класса один лист")
        tables[table.grade] = (name, table)
    return [table for _, (_, table) in sorted(tables.items())]
