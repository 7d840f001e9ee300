"""Players' names in the case a message needs: «у Бори всего 1 карта».

Names are whatever the players typed («Аня», «Анна Сергеевна», «игрок 2»), so a name is declined only
when pymorphy3 knows every word of it as a first name, patronymic or surname; otherwise the message
says it another way. pymorphy3 is loaded on the first such message, not with the engine.
"""

from __future__ import annotations

from functools import lru_cache

from slovariki.text.russian import morph

_NAME_TAGS = ("Name", "Patr", "Surn")


@lru_cache(maxsize=64)
def genitive(name: str) -> str | None:
    """«Боря» → «Бори», «Анна Сергеевна» → «Анны Сергеевны»; None for a name it cannot decline."""
    words = []
    for word in name.split():
        parse = next((p for p in morph().parse(word)
                      if "nomn" in p.tag and any(tag in p.tag for tag in _NAME_TAGS)), None)
        form = None if parse is None else parse.inflect({"gent"})
        if form is None:
            return None
        words.append(_cased_like(form.word, word))
    return " ".join(words) or None


def _cased_like(form: str, word: str) -> str:
    if word.isupper() and len(word) > 1:
        return form.upper()
    return form[:1].upper() + form[1:] if word[:1].isupper() else form
