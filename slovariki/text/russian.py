"""Russian plural forms, counted nouns and system error reasons for every message the program prints;
the one pymorphy3 analyzer a process shares."""

from __future__ import annotations

import errno
import re
from collections.abc import Callable, Sequence
from functools import cache

_DECIMAL = re.compile(r"[+-]?\d+(?:[.,]\d+)?")
NBSP = "\u00a0"
SHORT_WORD = re.compile(r"^[«„(\"']*(\w{1,2}|\d+)[,.;:!?»\")']*$")  # «и», «в», «по», «5», «(с»
DASHES = ("—", "–", "-")


def plural(n: int, one: str, few: str, many: str) -> str:
    """The noun form for ``n``: 1 карта, 2 карты, 5 карт, 11 карт, 21 карта."""
    if 11 <= n % 100 <= 14:
        return many
    if n % 10 == 1:
        return one
    if 2 <= n % 10 <= 4:
        return few
    return many


def cards(n: int) -> str:
    """«1 карта», «3 карты», «6 карт»."""
    return f"{n} {plural(n, 'карта', 'карты', 'карт')}"


def stars(n: int) -> str:
    """«1 звёздочка», «2 звёздочки»."""
    return f"{n} {plural(n, 'звёздочка', 'звёздочки', 'звёздочек')}"


def times(n: int) -> str:
    """«1 раз», «3 раза», «5 раз»."""
    return f"{n} {plural(n, 'раз', 'раза', 'раз')}"


def cards_genitive(n: int) -> str:
    """After «больше», «меньше», «не больше»: «1 карты», «6 карт»."""
    return f"{n} {plural(n, 'карты', 'карт', 'карт')}"


def listed(items, last: str = "или") -> str:
    """Items as a sentence lists them: «а»; «а или б»; «а, б или в»; with ``last="и"``: «а, б и в»."""
    items = list(items)
    return f" {last} ".join(filter(None, (", ".join(items[:-1]), items[-1] if items else "")))


def alternatives(items) -> str:
    """Choices in quotes, as a sentence lists them: «а»; «а» или «б»; «а», «б» или «в»."""
    return listed(f"«{item}»" for item in items)


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a stop at the end (unless it has one)."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def fold(text: str) -> str:
    """Lower case with «ё» read as «е»: how words are compared and looked up."""
    return text.lower().replace("ё", "е")


def decimal(text: str) -> float | None:
    """A number written the Russian way («1,5») or with a point («1.5»); None if ``text`` is not one."""
    text = text.strip()
    return float(text.replace(",", ".")) if _DECIMAL.fullmatch(text) else None


def moves_not_saved(n: int) -> str:
    """«последний ход не записан», «последние 3 хода не записаны», «последний 21 ход не записан»."""
    if n == 1:
        return "последний ход не записан"
    return (f"{plural(n, 'последний', 'последние', 'последние')} {n} {plural(n, 'ход', 'хода', 'ходов')} "
            f"не {plural(n, 'записан', 'записаны', 'записаны')}")


_OS_ERRORS = {
    errno.EACCES: "нет прав доступа",
    errno.EPERM: "нет прав доступа",
    errno.ENOENT: "нет такого файла или папки",
    errno.EISDIR: "это папка, а не файл",
    errno.ENOTDIR: "в пути есть файл там, где должна быть папка",
    errno.ENOSPC: "на диске нет места",
    errno.EDQUOT: "исчерпана дисковая квота",
    errno.EROFS: "диск только для чтения",
    errno.EIO: "ошибка чтения или записи на диске",
    errno.ELOOP: "символические ссылки зациклились",
    errno.ENAMETOOLONG: "слишком длинное имя",
    errno.ENXIO: "это не файл, а сокет или отключённое устройство",  # what open() says of a socket
}


def os_error(exc: OSError) -> str:
    """Why a file operation failed, in Russian (the system says it in English)."""
    return _OS_ERRORS.get(exc.errno, exc.strerror or str(exc))


@cache
def morph():  # noqa: ANN201 - pymorphy3.MorphAnalyzer
    """pymorphy3's analyzer, loaded once a process (its dictionaries take a quarter of a second)."""
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


# --- lines: one rule for the print, the web screen (cards.js) and the terminal ------------------------
def bind(words: Sequence[str], plain: Callable[[str], str] = lambda word: word, joint: str = " ") -> list[str]:
    """Words grouped into unbreakable units: short words and numbers go with the next word, dashes
    with the one before. A unit's words are joined by ``joint``; a word is judged as ``plain`` reads it
    (markup: without its tags)."""
    units: list[str] = []
    carry: list[str] = []
    for word in words:
        if plain(word) in DASHES and (units or carry):
            if carry:
                carry.append(word)
            else:
                units[-1] += joint + word
            continue
        carry.append(word)
        if not SHORT_WORD.match(plain(word)):
            units.append(joint.join(carry))
            carry = []
    if carry:  # the text ends in short words: one alone («по правилу 11.») stays with the word before it,
        if len(carry) == 1 and units:  # several («от «а» до «я».») make a unit of their own
            units[-1] += joint + carry[0]
        else:
            units.append(joint.join(carry))
    return units


def wrap(text: str, width: int, **options) -> list[str]:
    """``textwrap.wrap`` that never ends a line with a short word or a number, nor begins one with a
    dash (:func:`bind`); ``options`` as textwrap's."""
    import textwrap

    units = [unit.replace(" ", NBSP) for unit in bind(text.split())]
    lines = textwrap.wrap(" ".join(units), width, break_on_hyphens=False, break_long_words=False, **options)
    return [line.replace(NBSP, " ") for line in lines]
