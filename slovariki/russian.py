"""Russian plural forms, counted nouns and system error reasons for every message the program prints;
the one pymorphy3 analyzer a process shares."""

from __future__ import annotations

import errno
import re
from functools import cache

_DECIMAL = re.compile(r"[+-]?\d+(?:[.,]\d+)?")


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


def alternatives(items) -> str:
    """Choices as a sentence lists them, each in quotes: «а»; «а» или «б»; «а», «б» или «в»."""
    quoted = [f"«{item}»" for item in items]
    return " или ".join(filter(None, (", ".join(quoted[:-1]), quoted[-1] if quoted else "")))


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
