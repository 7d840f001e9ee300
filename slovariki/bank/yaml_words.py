"""A word file's YAML text read along the schema into cards and diagnostics, with the place of every
value. Safe YAML only, bounded by what its aliases expand to (``reading.compose_yaml``). Nothing here
raises on bad content: every problem becomes a :class:`Diagnostic`.

PyYAML is imported here and only here: a word file read before comes back from ``read_cache``
without it.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from slovariki import markup as markup_mod
from slovariki.bank import pictures
from slovariki.bank.wordfile import (
    ENTRY_KEYS, MAX_FILE_BYTES, REQUIRED_ENTRY_KEYS, TOP_KEYS, Locate, WordFile, failed, flag, grade_of_name,
)
from slovariki.diagnostics import Diagnostic, error, warning
from slovariki.files import reading
from slovariki.model import Card, Source
from slovariki.text.terminal import shorten

_DECIMAL = re.compile(r"[-+]?[0-9]+")  # ASCII digits only: "²" and "١" are digits to str.isdigit()
_DIGITS = 9  # more digits than any count in a word file
_UNQUOTED_BRACKET = re.compile(r"^\s*(-\s+)?word:\s*\[")
_LETTERS = re.compile(r"[^\W\d_]+")
_LATIN, _RUSSIAN = "".join(markup_mod.LOOKALIKES), "".join(sorted(markup_mod.CYRILLIC))
# A word with both a look-alike Latin letter and a Cyrillic one: a text without such a word (most, and
# notes naming sources in Latin) has nothing to report and is not read word by word.
_MIXED = re.compile(rf"[{_LATIN}][^\W\d_]*[{_RUSSIAN}]|[{_RUSSIAN}][^\W\d_]*[{_LATIN}]")
_QUOTE_HINT = 'значение, которое начинается со «[», нужно взять в кавычки: word: "[о]б[е]зь+яна"'




def read(text: str, name: str, locate: Locate | None = None, folder: Path | None = None) -> WordFile:
    """``folder`` is where the file lies: an editor's own pictures are found relative to it."""
    if not text.strip():
        return failed(name, "empty-file", "файл пуст: нужны ключи grade и words")
    try:
        root = reading.compose_yaml(text, MAX_FILE_BYTES)
    except reading.Expands as exc:
        return failed(name, "yaml-alias", str(exc), exc.line, exc.column)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (None, None)
        message = f"ошибка синтаксиса YAML: {_yaml_problem(exc)}"
        if line is not None and _UNQUOTED_BRACKET.match(_line(text, line)):
            message = f"ошибка синтаксиса YAML: {_QUOTE_HINT}"
        return failed(name, "yaml-syntax", message, line, column)
    except yaml.reader.ReaderError as exc:  # a control character: a binary file, or UTF-16
        line, column = _place(text, text.find(chr(exc.character)))
        return failed(name, "encoding", f"в файле управляющий символ U+{exc.character:04X}: сохраните файл "
                                         "как текст в кодировке UTF-8", line, column)
    except yaml.YAMLError as exc:
        return failed(name, "yaml-syntax", f"файл не читается как YAML: {exc}")
    except RecursionError:
        return failed(name, "yaml-syntax", "слишком глубокая вложенность YAML")
    if root is None:
        return failed(name, "empty-file", "файл пуст: нужны ключи grade и words")
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
        """true or false (wordfile.flag)."""
        if isinstance(node, yaml.ScalarNode) and (value := flag(node.tag, node.value)) is not None:
            return value
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
