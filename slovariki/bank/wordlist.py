"""Loading word files: safe YAML, a strict schema, markup, and the place of every value.

Nothing here raises on bad file content: every problem becomes a :class:`Diagnostic`.
Only a path that cannot be read at all raises :class:`WordBankError`.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path

import yaml

from slovariki import markup as markup_mod
from slovariki import package_data
from slovariki.bank import pictures
from slovariki.files import reading
from slovariki.bank.wordtable import MAX_FILE_BYTES
from slovariki.diagnostics import Diagnostic, Severity, error, warning
from slovariki.model import Card, Deck, Source
from slovariki.text.russian import os_error
from slovariki.text.terminal import shorten

TOP_KEYS = ("grade", "words")
ENTRY_KEYS = ("word", "stars", "definition", "picture", "note", "game_word")
REQUIRED_ENTRY_KEYS = ("word", "stars", "definition")
FILE_PATTERNS = ("*.yaml", "*.yml")

_DECIMAL = re.compile(r"[-+]?[0-9]+")  # ASCII digits only: "²" and "١" are digits to str.isdigit()
_DIGITS = 9  # more digits than any count in a word file
_UNQUOTED_BRACKET = re.compile(r"^\s*(-\s+)?word:\s*\[")
_GRADE_FILE = re.compile(r"grade([1-4])\.ya?ml")
_GRADE_FILE_NAMES = tuple(f"grade{grade}{pattern[1:]}" for grade in range(1, 5) for pattern in FILE_PATTERNS)
_LETTERS = re.compile(r"[^\W\d_]+")
_LATIN, _RUSSIAN = "".join(markup_mod.LOOKALIKES), "".join(sorted(markup_mod.CYRILLIC))
# A word with both a look-alike Latin letter and a Cyrillic one: a text without such a word (most, and
# notes naming sources in Latin) has nothing to report and is not read word by word.
_MIXED = re.compile(rf"[{_LATIN}][^\W\d_]*[{_RUSSIAN}]|[{_RUSSIAN}][^\W\d_]*[{_LATIN}]")
_QUOTE_HINT = 'значение, которое начинается со «[», нужно взять в кавычки: word: "[о]б[е]зь+яна"'


class WordBankError(Exception):
    """A path that cannot be read at all (exit status 2)."""


@dataclass(frozen=True)
class WordFile:
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


def grade_of_name(name: str) -> int | None:
    """The grade a word file's name gives: grade2.yaml → 2; None for any other name."""
    named = _GRADE_FILE.fullmatch(Path(name).name)
    return int(named.group(1)) if named else None


@dataclass(frozen=True)
class WordBank:
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
        files = tuple(replace(f, cards=tuple(c for c in f.cards if not c.game_word)) for f in self.files)
        return WordBank(files, self.diagnostics)

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
        if not is_folder and _is_spreadsheet(folder):
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
    from slovariki.bank import spreadsheet_reader as spreadsheet  # see _is_spreadsheet

    try:
        sheets = spreadsheet.read(path)
    except spreadsheet.SpreadsheetError as exc:
        raise WordBankError(str(exc)) from None
    files = tuple(replace(load_text(text, str(path), locate, path.parent), sheet=sheet)
                  for text, locate, sheet in sheets.word_files(str(path)))
    return _bank(files, sheets.diagnostics)


def _is_spreadsheet(path: Path) -> bool:
    """Whether a file is read as a spreadsheet. The readers are imported only when a file is named: a
    folder of YAML, which most commands read, needs none of them (csv, zipfile)."""
    from slovariki.bank import spreadsheet_reader as spreadsheet

    return path.suffix.lower() in spreadsheet.SUFFIXES + spreadsheet.OLD_SUFFIXES


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
        if _is_spreadsheet(path):
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
        return _failed(name, "file-too-large",
                       f"файл больше {reading.size_text(MAX_FILE_BYTES)}: это не похоже на список слов, он не читается")
    except OSError as exc:
        raise WordBankError(f"не удалось прочитать файл {name}: {os_error(exc)}") from exc
    return load_bytes(data, name, path.parent)


def load_bytes(data: bytes, name: str, folder: Path | None = None) -> WordFile:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        return _failed(name, "encoding", "файл не в кодировке UTF-8 (сохраните его как UTF-8)", line, column)
    return load_text(text, name, folder=folder)


Locate = Callable[[int, int], Source]  # (line, column) in the text → the place to name


def load_text(text: str, name: str, locate: Locate | None = None, folder: Path | None = None) -> WordFile:
    """``folder`` is where the file lies: an editor's own pictures are found relative to it."""
    if not text.strip():
        return _failed(name, "empty-file", "файл пуст: нужны ключи grade и words")
    try:
        root = reading.compose_yaml(text, MAX_FILE_BYTES)
    except reading.Expands as exc:
        return _failed(name, "yaml-alias", str(exc), exc.line, exc.column)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (None, None)
        message = f"ошибка синтаксиса YAML: {_yaml_problem(exc)}"
        if line is not None and _UNQUOTED_BRACKET.match(_line(text, line)):
            message = f"ошибка синтаксиса YAML: {_QUOTE_HINT}"
        return _failed(name, "yaml-syntax", message, line, column)
    except yaml.reader.ReaderError as exc:  # a control character: a binary file, or UTF-16
        line, column = _place(text, text.find(chr(exc.character)))
        return _failed(name, "encoding", f"в файле управляющий символ U+{exc.character:04X}: сохраните файл "
                                         "как текст в кодировке UTF-8", line, column)
    except yaml.YAMLError as exc:
        return _failed(name, "yaml-syntax", f"файл не читается как YAML: {exc}")
    except RecursionError:
        return _failed(name, "yaml-syntax", "слишком глубокая вложенность YAML")
    if root is None:
        return _failed(name, "empty-file", "файл пуст: нужны ключи grade и words")
    return _FileReader(name, text, locate, folder).read(root)


_ESCAPE_HINT = "в двойных кавычках после «\\» стоит неизвестный знак: напишите «\\\\» или возьмите значение в одинарные кавычки"
# PyYAML speaks English; an editor is told the usual problems in Russian. The problem is looked up
# first, then its context ("while scanning a tag").
_YAML_PROBLEMS = {
    "mapping values are not allowed": "двоеточие внутри значения: возьмите значение в кавычки",
    "mapping keys are not allowed": "«?» в начале значения: возьмите значение в кавычки",
    "block sequence entries are not allowed": "«-» здесь не на месте: поправьте отступ или возьмите значение "
                                              "в кавычки",
    "directive": "строку, которая начинается с «%», нужно взять в кавычки",
    "could not find expected ':'": "после ключа нет двоеточия",
    "found a tab character": "табуляция в отступе: замените её пробелами",
    "that cannot start any token": "значение не может начинаться с этого знака: возьмите значение в кавычки "
                                   "(а табуляцию замените пробелами)",
    "expected <block end>": "неверный отступ",
    "did not find expected key": "неверный отступ или лишний символ: здесь ожидался ключ",
    "did not find expected '-' indicator": "неверный отступ в списке",
    "did not find expected ','": "не хватает запятой или закрывающей скобки; значение со скобками [ ] возьмите "
                                 "в кавычки",
    "did not find expected node content": "здесь не хватает значения: может быть, не закрыта скобка «[» или «{»",
    "found unexpected end of stream": "файл оборвался: не закрыта кавычка или скобка",
    "found undefined alias": "ссылка на неизвестный якорь",
    "nesting depth": "слишком глубокая вложенность скобок или отступов",
    "expected a single document": "в файле должен быть один документ (уберите «---»)",
    "document start": "в файле должен быть один документ (уберите «---» и «...»)",
    "escape": _ESCAPE_HINT,
    "hexdecimal number": _ESCAPE_HINT,
    "while scanning an alias": "значение, которое начинается со «*», нужно взять в кавычки",
    "while scanning an anchor": "значение, которое начинается с «&», нужно взять в кавычки",
    "while scanning a tag": "значение, которое начинается с «!», нужно взять в кавычки",
    "while scanning a block scalar": "после «|» или «>» текст пишется с новой строки (или возьмите значение "
                                     "в кавычки)",
    "while scanning a quoted scalar": "не закрыта кавычка",
}


def _yaml_problem(exc: yaml.MarkedYAMLError) -> str:
    for text in (exc.problem, exc.context):
        for english, russian in _YAML_PROBLEMS.items():
            if text and english in text:
                return russian
    return f"файл не читается ({exc.problem or exc.context})"


NOT_CHECKED = "; слова этого файла не проверены"


def _failed(name: str, code: str, message: str, line: int | None = 1, column: int | None = 1) -> WordFile:
    """A file that could not be read as a word list: one error, and no word of it was checked."""
    if code != "empty-file":
        message += NOT_CHECKED
    return WordFile(name, None, (), (Diagnostic(Severity.ERROR, code, message, name, line, column),))


def _place(text: str, index: int) -> tuple[int, int]:
    """The 1-based line and column of a character index."""
    return text.count("\n", 0, index) + 1, index - (text.rfind("\n", 0, index) + 1) + 1


def _line(text: str, line: int) -> str:
    lines = text.splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else ""


_KIND = {
    yaml.MappingNode: "словарь (ключ: значение)",
    yaml.SequenceNode: "список",
    yaml.ScalarNode: "значение",
}
_TAG_KIND = {
    "tag:yaml.org,2002:int": "число",
    "tag:yaml.org,2002:float": "дробное число",
    "tag:yaml.org,2002:bool": "да/нет",
    "tag:yaml.org,2002:null": "пусто",
    "tag:yaml.org,2002:str": "текст",
    "tag:yaml.org,2002:timestamp": "дата",
    "tag:yaml.org,2002:binary": "двоичные данные",
}


def _kind(node: yaml.Node) -> str:
    if isinstance(node, yaml.ScalarNode):
        return _TAG_KIND.get(node.tag, f"значение с тегом {node.tag}")
    return _KIND[type(node)]


class _FileReader:
    """Walks one composed YAML document along the schema, collecting diagnostics."""

    def __init__(self, name: str, text: str, locate: Locate | None = None, folder: Path | None = None) -> None:
        self.name = name
        self.text = text
        self.place = locate or (lambda line, column: Source(name, line, column))
        self.folder = folder
        self.diagnostics: list[Diagnostic] = []
        self.seen: set[int] = set()  # node ids: a node met twice is a YAML alias

    def source(self, node: yaml.Node) -> Source:
        return self.place(node.start_mark.line + 1, node.start_mark.column + 1)

    def error(self, node: yaml.Node, code: str, message: str) -> None:
        self.diagnostics.append(error(self.source(node), code, message))

    def read(self, root: yaml.Node) -> WordFile:
        grade, cards = None, []
        top = self.mapping(root, TOP_KEYS, "файл должен быть словарём с ключами grade и words")
        if top is not None:
            grade = self.grade(root, top)
            words = top.get("words")
            if words is None:
                self.error(root, "missing-key", "нет ключа words со списком слов")
            elif not isinstance(words[1], yaml.SequenceNode):
                self.error(words[1], "bad-type", f"words: нужен список слов, а здесь {_kind(words[1])}")
            elif self.fresh(words[1]):
                if not words[1].value:
                    self.diagnostics.append(warning(self.source(words[1]), "no-words", "список words пуст"))
                for entry in words[1].value:
                    card = self.entry(entry, grade)
                    if card is not None:
                        cards.append(card)
        return WordFile(self.name, grade, tuple(cards), tuple(self.diagnostics))

    def fresh(self, node: yaml.Node) -> bool:
        """False (with an error) for a node met before: aliases could multiply the file's size."""
        if id(node) in self.seen:
            self.error(node, "yaml-alias", "ссылки YAML (&якорь, *ссылка) в списках слов не используются")
            return False
        self.seen.add(id(node))
        return True

    def mapping(self, node: yaml.Node, keys: tuple[str, ...], what: str) -> dict | None:
        """Key name → (key node, value node), with duplicate and unknown keys reported."""
        if not self.fresh(node):
            return None
        if not isinstance(node, yaml.MappingNode):
            self.error(node, "bad-type", f"{what}, а здесь {_kind(node)}")
            return None
        found: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for key, value in node.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else None
            if not isinstance(name, str) or key.tag != "tag:yaml.org,2002:str":
                self.error(key, "unknown-key", f"ключ должен быть словом, допустимы: {', '.join(keys)}")
            elif name in found:
                first = self.source(found[name][0])
                self.error(key, "duplicate-key", f"ключ «{shorten(name)}» повторяется (первый раз в строке {first.line})")
            elif name not in keys:
                import difflib  # for a mistaken key only: every command reads the bank

                close = difflib.get_close_matches(name, keys, n=1, cutoff=0.5)
                hint = f"; может быть, «{close[0]}»?" if close else f"; допустимы: {', '.join(keys)}"
                self.error(key, "unknown-key", f"неизвестный ключ «{shorten(name)}»{hint}")
            else:
                found[name] = (key, value)
        return found

    def integer(self, node: yaml.Node, low: int, high: int, what: str) -> int | None:
        """A small number written in decimal digits. YAML's other integers (0x2, 1_0, 1:30, and
        whatever an explicit !!int tag claims) are not read: PyYAML raises on many of them, and a
        5000-digit one is past Python's int-string limit."""
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:int":
            if _DECIMAL.fullmatch(node.value):
                if len(node.value) > _DIGITS:  # no need to convert: far out of range
                    self.error(node, "bad-value", f"{what}: нужно число от {low} до {high}, а не {shorten(node.value)}")
                    return None
                value = int(node.value)
                if low <= value <= high:
                    return value
                self.error(node, "bad-value", f"{what}: нужно число от {low} до {high}, а не {value}")
                return None
            self.error(node, "bad-type", f"{what}: нужно целое число от {low} до {high}, а здесь «{shorten(node.value)}»")
            return None
        self.error(node, "bad-type", f"{what}: нужно целое число от {low} до {high}, а здесь {_shown(node)}")
        return None

    def flag(self, node: yaml.Node, what: str) -> bool | None:
        """true or false, as YAML writes them (also True, FALSE); not «да», 1 or yes, which a reader
        could take for either."""
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:bool" \
                and node.value.lower() in ("true", "false"):
            return node.value.lower() == "true"
        self.error(node, "bad-type", f"{what}: нужно true (слово в банке только для игры) или false, "
                                     f"а здесь {_shown(node)}")
        return None

    def text_value(self, node: yaml.Node, what: str) -> str | None:
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:str":
            return node.value
        if isinstance(node, yaml.SequenceNode) and what == "word":
            self.error(node, "bad-type", f"word прочитан как список: {_QUOTE_HINT}")
            return None
        quote = ": если это текст, возьмите его в кавычки" if isinstance(node, yaml.ScalarNode) and node.value else ""
        self.error(node, "bad-type", f"{what}: нужен текст, а здесь {_shown(node)}{quote}")
        return None

    def grade(self, root: yaml.Node, top: dict) -> int | None:
        if "grade" not in top:
            self.error(root, "missing-key", "нет ключа grade (класс: 1, 2, 3 или 4)")
            return None
        node = top["grade"][1]
        grade = self.integer(node, 1, 4, "grade (класс)")
        named = grade_of_name(self.name)
        if grade is not None and named is not None and named != grade:
            self.diagnostics.append(warning(self.source(node), "grade-file-name",
                                            f"файл называется {Path(self.name).name}, а в нём grade: {grade}: его слова "
                                            f"попадут в {grade} класс; исправьте класс или имя файла"))
        return grade

    def entry(self, node: yaml.Node, grade: int | None) -> Card | None:
        fields = self.mapping(node, ENTRY_KEYS, "каждый элемент words должен быть словарём с ключами word, stars, definition")
        if fields is None:
            return None
        place = fields["word"][0] if "word" in fields else node
        missing = [k for k in REQUIRED_ENTRY_KEYS if k not in fields]
        for key in missing:
            code = "missing-definition" if key == "definition" else "missing-key"
            self.error(place, code, f"нет ключа {key}")
        values = {}
        for key in ("word", "definition", "picture", "note"):
            if key in fields:
                values[key] = self.text_value(fields[key][1], key)
        for key, what in (("definition", "в толковании"), ("note", "в заметке")):
            if values.get(key):
                self.latin_letters(fields[key][1], what)
        stars = self.integer(fields["stars"][1], 1, 3, "stars (звёздочки)") if "stars" in fields else None
        parsed = self.markup(fields["word"][1], values["word"]) if values.get("word") is not None else None
        definition = values.get("definition")
        if definition is not None and not definition.strip():
            self.error(fields["definition"][1], "missing-definition", "толкование пустое")
            definition = None
        picture = self.picture(fields["picture"][1], values["picture"]) if values.get("picture") is not None else None
        game_word = self.flag(fields["game_word"][1], "game_word (слово только для игры)") if "game_word" in fields else False
        if missing or None in (grade, stars, parsed, definition, game_word):
            return None
        return Card(parsed, grade, stars, " ".join(definition.split()), self.source(place),
                    self.source(fields["definition"][0]), picture=picture, game_word=game_word)

    def latin_letters(self, node: yaml.Node, what: str) -> None:
        """Latin letters that look Cyrillic inside a Russian word of a text value («Дoмашнее» with a Latin
        «o»), each word reported at its first such letter. A word all in Latin (витамин C) is left alone."""
        start, end = node.start_mark.index, node.end_mark.index
        if not _MIXED.search(self.text, start, end):
            return
        for found in _LETTERS.finditer(self.text, start, end):
            word = found.group()
            latin = [k for k, ch in enumerate(word) if ch in markup_mod.LOOKALIKES]
            if not latin or not any(ch in markup_mod.CYRILLIC for ch in word):
                continue
            letters = [word[k] for k in latin]
            shown, russian = (", ".join(f"«{x}»" for x in xs) for xs in (letters, [markup_mod.LOOKALIKES[x] for x in letters]))
            if len(letters) == 1:
                said = f"латинская буква {shown} в слове «{shorten(word)}»: нужна русская {russian}"
            else:
                said = f"латинские буквы {shown} в слове «{shorten(word)}»: нужны русские {russian}"
            line, column = _place(self.text, found.start() + latin[0])
            self.diagnostics.append(error(self.place(line, column), "latin-letter", f"{what} {said}"))

    def picture(self, node: yaml.Node, value: str) -> Path | None:
        try:
            return pictures.resolve(value, self.folder)
        except pictures.PictureError as exc:
            self.error(node, "bad-picture", str(exc))
            return None

    def markup(self, node: yaml.ScalarNode, text: str) -> markup_mod.Markup | None:
        parsed = markup_mod.parse(text)
        if isinstance(parsed, markup_mod.Markup):
            return parsed
        shift = 1 if node.style in ("'", '"') else 0
        for problem in parsed:
            place = self.place(node.start_mark.line + 1, node.start_mark.column + 1 + shift + problem.offset)
            self.diagnostics.append(error(place, problem.code, f"«{shorten(text)}»: {problem.message}"))
        return None


def _shown(node: yaml.Node) -> str:
    """What a node is, with its value if it has one: «текст «два»», «пусто», «список»."""
    if isinstance(node, yaml.ScalarNode) and node.value and node.tag != "tag:yaml.org,2002:null":
        return f"{_kind(node)} «{shorten(node.value)}»"
    return _kind(node)


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
