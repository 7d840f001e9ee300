"""Russian plural forms and counted nouns for every message the program prints."""

from __future__ import annotations


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


def cards_genitive(n: int) -> str:
    """After «больше», «меньше», «не больше»: «1 карты», «6 карт»."""
    return f"{n} {plural(n, 'карты', 'карт', 'карт')}"
