"""`slovariki init`: a new word folder that `check` passes as it is, or a copy of the bundled bank.

Each grade file starts with a commented header that explains every key (``templates/word-file-header.txt``)
and holds four example words: two pairs of equal stars, so that the sixteen cards make a deck two
players can play (rule 2) in which every card can be transferred, beaten and followed by a toss-in of
another colour. (Two words a grade would make eight cards, fewer than rule 2 needs for two players.)
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from slovariki import atomic, wordlist, wordtable
from slovariki.model import Colour
from slovariki.russian import os_error

HEADER = "word-file-header.txt"
EXAMPLES = {
    1: [("с[о]р+ока", 1, "Чёрно-белая птица с длинным хвостом, громко стрекочет."),
        ("с[о]б+ака", 1, "Домашнее животное, которое лает и сторожит дом."),
        ("к[о]р[и]д+ор", 2, "Длинный проход в здании, из которого можно попасть в разные комнаты."),
        ("к[а]р[а]нд+аш", 2, "Деревянная палочка с грифелем внутри, ею пишут и рисуют.")],
    2: [("л[о]п+ата", 1, "Инструмент с длинной ручкой, им копают грядки и убирают снег."),
        ("г+ор[о]д", 1, "Место, где много больших домов и улиц и живёт очень много людей."),
        ("кр[о]к[о]д+ил", 2, "Зубастое животное с длинным хвостом, живёт в реках жарких стран."),
        ("м[а]т[е]м+атика", 2, "Школьный предмет, на котором учатся считать и решать задачи.")],
    3: [("в[о]ст+ок", 1, "Сторона света, где утром встаёт солнце."),
        ("б[а]г+аж", 1, "Вещи, которые берут с собой в поездку: чемоданы, сумки, коробки."),
        ("эск[а]л+ат[о]р", 2, "Лестница, ступеньки которой сами едут вверх или вниз."),
        ("[о]рн+ам[е]нт", 2, "Узор из повторяющихся линий, цветов или фигур, которым украшают вещи.")],
    4: [("б[о]т+инки", 1, "Закрытая обувь со шнурками, которая доходит до щиколотки."),
        ("в[о]кр+уг", 1, "Со всех сторон от чего-нибудь."),
        ("[а]гр[о]н+ом", 2, "Специалист, который знает, как вырастить хороший урожай."),
        ("д[и]р+ект[о]р", 2, "Руководитель школы, завода или театра.")],
}


class StarterError(Exception):
    """Nothing was written; the message says why."""


def starter_text(grade: int, folder: str) -> str:
    """A new grade file: the header, then the example words."""
    header = (resources.files("slovariki") / "templates" / HEADER).read_text(encoding="utf-8")
    colour = Colour.for_grade(grade).russian_card.removesuffix("ая") + "ые"
    shown = f'"{folder}"' if " " in folder else folder  # as pasted into a command line
    rows = [wordtable.Row(comment=line) for line in header.format(grade=grade, colour=colour, folder=shown).splitlines()]
    rows += [wordtable.Row({"word": word, "stars": stars, "definition": definition}) for word, stars, definition
             in EXAMPLES[grade]]
    return wordtable.to_yaml(wordtable.Table(grade, rows))[0]


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
            for grade, name in zip(EXAMPLES, names):
                atomic.write_text(folder / name, starter_text(grade, str(folder)))
    except OSError as exc:
        raise StarterError(f"не удалось записать в {exc.filename or folder}: {os_error(exc)}") from None
    return [folder / name for name in names]
