"""The word markup of the word lists: hard letters in brackets, stress as ``+`` or U+0301.

``parse`` turns markup into a :class:`Markup` value (or a list of :class:`MarkupError`);
``Markup.render`` gives back the exact text it was parsed from.
"""

from __future__ import annotations

from typing import NamedTuple

ACUTE = "\u0301"
PLUS = "+"
LOWER_VOWELS = "аеёиоуыэюя"  # the vowels of a lower-case word
VOWELS = frozenset(LOWER_VOWELS + LOWER_VOWELS.upper())
CYRILLIC = frozenset("абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ")
# Latin letters an editor may type by mistake for the Cyrillic one that looks the same.
LOOKALIKES = {
    "a": "а", "c": "с", "e": "е", "o": "о", "p": "р", "x": "х", "y": "у",
    "A": "А", "B": "В", "C": "С", "E": "Е", "H": "Н", "K": "К", "M": "М",
    "O": "О", "P": "Р", "T": "Т", "X": "Х", "k": "к", "m": "м", "t": "т",
    "b": "ь", "h": "н",
}


def latin_letter(ch: str, index: int) -> str:
    """What is wrong with a Latin letter from :data:`LOOKALIKES` at ``index`` of a word, in Russian."""
    return f"латинская буква «{ch}» на месте {index + 1}: нужна русская «{LOOKALIKES[ch]}»"


class Stress(NamedTuple):
    """A stressed vowel: its index in the plain word and the mark that was used."""

    index: int
    mark: str  # PLUS or ACUTE


class Markup(NamedTuple):
    """A parsed ``word`` value."""

    plain: str
    groups: tuple[tuple[int, int], ...]  # bracket spans [start, end) in ``plain``
    stresses: tuple[Stress, ...]

    @property
    def hard(self) -> tuple[int, ...]:
        return tuple(i for start, end in self.groups for i in range(start, end))

    @property
    def stress_positions(self) -> tuple[int, ...]:
        return tuple(s.index for s in self.stresses)

    def render(self) -> str:
        starts = {start for start, _ in self.groups}
        ends = {end for _, end in self.groups}
        marks = {s.index: s.mark for s in self.stresses}
        out = []
        for i, ch in enumerate(self.plain):
            if i in ends:
                out.append("]")
            if i in starts:
                out.append("[")
            if marks.get(i) == PLUS:
                out.append(PLUS)
            out.append(ch)
            if marks.get(i) == ACUTE:
                out.append(ACUTE)
        if len(self.plain) in ends:
            out.append("]")
        return "".join(out)


class MarkupError(NamedTuple):
    """A problem in the markup; ``offset`` is 0-based in the markup text."""

    offset: int
    code: str
    message: str


def parse(text: str) -> Markup | list[MarkupError]:
    """Parse markup; every problem found is reported, not just the first."""
    errors: list[MarkupError] = []
    plain: list[str] = []
    where: list[int] = []  # offset in ``text`` of each plain letter
    groups: list[tuple[int, int]] = []
    stresses: list[Stress] = []
    open_at: int | None = None  # offset of the open bracket
    group_start = 0
    pending_plus: int | None = None  # offset of a '+' waiting for its vowel

    def error(offset: int, code: str, message: str) -> None:
        errors.append(MarkupError(offset, code, message))

    if not text:
        return [MarkupError(0, "markup-empty", "слово не задано")]
    if text != text.strip() or "  " in text:
        error(0, "markup-space", "лишние пробелы: слова разделяются одним пробелом")

    for offset, ch in enumerate(text):
        if pending_plus is not None and ch not in CYRILLIC:
            inside = ", в том числе внутри скобки: «[+о]»" if ch == "[" else ""
            error(pending_plus, "markup-stress-position", f"«+» должен стоять прямо перед гласной буквой{inside}")
            pending_plus = None
        if ch == "[":
            if open_at is not None:
                error(offset, "markup-nested-bracket", "скобки не могут быть вложенными")
                continue
            open_at, group_start = offset, len(plain)
        elif ch == "]":
            if open_at is None:
                error(offset, "markup-stray-bracket", "закрывающая скобка «]» без открывающей")
                continue
            if len(plain) == group_start:
                error(open_at, "markup-empty-bracket", "пустые скобки «[]»: в скобках должна быть буква")
            else:
                groups.append((group_start, len(plain)))
            open_at = None
        elif ch == PLUS:
            pending_plus = offset
        elif ch == ACUTE:
            if not plain or offset == 0 or text[offset - 1] not in VOWELS:
                error(offset, "markup-stress-position", "знак ударения «◌́» должен стоять сразу после гласной буквы")
            else:
                stresses.append(Stress(len(plain) - 1, ACUTE))
        elif ch in CYRILLIC:
            if pending_plus is not None:
                if ch in VOWELS:
                    stresses.append(Stress(len(plain), PLUS))
                else:
                    error(pending_plus, "markup-stress-consonant", f"ударение на согласной «{ch}»: «+» ставится перед гласной")
                pending_plus = None
            plain.append(ch)
            where.append(offset)
        elif ch in " -":
            if open_at is not None:
                error(offset, "markup-bad-char", "внутри скобок могут быть только буквы")
            plain.append(ch)
            where.append(offset)
        elif ch in LOOKALIKES:
            error(offset, "markup-latin-letter", latin_letter(ch, offset))
            plain.append(LOOKALIKES[ch])  # keeps the brackets around it meaningful
            where.append(offset)
        else:
            error(offset, "markup-bad-char", f"недопустимый символ «{ch}» (U+{ord(ch):04X}) на месте {offset + 1}")
    if pending_plus is not None:
        error(pending_plus, "markup-stress-position", "«+» в конце слова: он должен стоять перед гласной")
    if open_at is not None:
        error(open_at, "markup-unclosed-bracket", "скобка «[» не закрыта")

    word = "".join(plain)
    if not errors:
        if not groups:
            error(0, "markup-no-hard-letter", "нет ни одной сложной буквы в скобках [ ]")
        errors.extend(_stress_errors(word, stresses, where))
    if errors:
        return sorted(errors, key=lambda e: e.offset)
    return Markup(word, tuple(groups), tuple(stresses))


def _stress_errors(word: str, stresses: list[Stress], where: list[int]) -> list[MarkupError]:
    """Each space-separated word needs exactly one stress, unless it is implied."""
    errors = []
    start = 0
    for part in word.split(" "):
        end = start + len(part)
        marked = [s for s in stresses if start <= s.index < end]
        vowels = [i for i in range(start, end) if word[i] in VOWELS]
        yo = [i for i in vowels if word[i] in "ёЁ"]
        if len(marked) > 1:
            errors.append(MarkupError(where[marked[1].index], "markup-two-stresses",
                                      f"в слове «{part}» два ударения, а нужно одно"))
        elif yo and marked and marked[0].index not in yo:
            errors.append(MarkupError(where[marked[0].index], "markup-two-stresses",
                                      f"в слове «{part}» ударная буква ё, а ударение стоит на другой гласной"))
        elif not marked and not yo and len(vowels) > 1:
            errors.append(MarkupError(where[start], "markup-no-stress",
                                      f"в слове «{part}» не отмечено ударение (+ перед ударной гласной)"))
        start = end + 1
    return errors
