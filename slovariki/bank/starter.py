"""`slovariki init`: a new word folder that `check` passes as it is, or a copy of the bundled bank.

Each grade file starts with a commented header that explains every key (``templates/word-file-header.txt``)
and holds four example words: two pairs of equal stars, so that the sixteen cards make a deck two
players can play (rule 2) in which every card can be transferred, beaten and followed by a toss-in of
another colour. (Two words a grade would make eight cards, fewer than rule 2 needs for two players.)
The examples are the bundled bank's entries (markup, stars, definition), not copies of them: the
teacher's first cards then carry the bank's checked stress and hard letters.
"""

from __future__ import annotations

from pathlib import Path

from slovariki import package_data
from slovariki.files import atomic, reading
from slovariki.bank import wordlist
from slovariki.bank import wordtable
from slovariki.model import Colour, Deck
from slovariki.text.russian import os_error

HEADER = "word-file-header.txt"
EXAMPLES = {  # taken from the bundled bank's list words, so that an example never teaches what the bank does not
    1: ("сорока", "ворона", "карандаш", "хорошо"),
    2: ("лопата", "малина", "молоток", "спасибо"),
    3: ("восток", "огурец", "самолёт", "огород"),
    4: ("ботинки", "газета", "агроном", "календарь"),
}


class StarterError(Exception):
    """Nothing was written; the message says why."""


def header(grade: int, folder: str) -> list[str]:
    """The comment lines on top of a new grade file: what each key means."""
    template = (package_data("templates") / HEADER).read_text(encoding="utf-8")
    colour = Colour.for_grade(grade).russian_cards
    shown = f'"{folder}"' if " " in folder else folder  # as pasted into a command line
    return template.format(grade=grade, colour=colour, folder=shown).splitlines()


def starter_text(grade: int, folder: str, bank: Deck) -> str:
    """A new grade file: the header, then the example words as ``bank`` (the bundled one) has them."""
    return wordtable.to_yaml(wordtable.Table(grade, _example_rows(grade, bank), header(grade, folder)))[0]


def _example_rows(grade: int, bank: Deck) -> list[wordtable.Row]:
    return [wordtable.Row({"word": card.markup.render(), "stars": card.stars, "definition": card.definition})
            for card in map(bank.find, EXAMPLES[grade])]


def untouched_examples(folder: Path) -> dict[int, str]:
    """The grade files of ``folder`` that still hold just init's example words (comments aside): grade →
    the file's text. A teacher's import replaces them without --force: they are not her words."""
    found = {}
    bank = None
    for grade in EXAMPLES:
        try:
            text = reading.read_bytes(folder / f"grade{grade}.yaml", wordlist.MAX_FILE_BYTES).decode("utf-8")
            table = wordtable.from_yaml(text, "")
        except (OSError, UnicodeDecodeError, wordtable.TableError):
            continue
        bank = bank or wordlist.load_bank().deck
        rows = [row.values for row in table.rows if row.comment is None]
        if table.grade == grade and rows == [row.values for row in _example_rows(grade, bank)]:
            found[grade] = text
    return found


def start(folder: Path, copy: bool = False) -> list[Path]:
    """Write grade1.yaml … grade4.yaml into ``folder``: examples, or the bundled bank with ``copy``.
    No file is written when one of them exists already."""
    names = [f"grade{grade}.yaml" for grade in EXAMPLES]
    existing = [name for name in names if (folder / name).exists()]
    if existing:
        raise StarterError(f"в папке {folder} уже есть {', '.join(existing)}: файлы не тронуты "
                           "(выберите другую папку)")
    if folder.exists() and not folder.is_dir():
        raise StarterError(f"{folder} — файл, а нужна папка")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if copy:
            for path, _ in wordlist.word_file_paths():
                atomic.write_text(folder / path.name, path.read_text(encoding="utf-8"))
        else:
            bank = wordlist.load_bank().deck
            for grade, name in zip(EXAMPLES, names):
                atomic.write_text(folder / name, starter_text(grade, str(folder), bank))
    except OSError as exc:
        raise StarterError(f"не удалось записать в {exc.filename or folder}: {os_error(exc)}") from None
    return [folder / name for name in names]
