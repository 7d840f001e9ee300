"""A word as a teacher typed it in a spreadsheet, read as word markup.

Teachers mark a hard letter the way a textbook does: they colour it red (or make it bold), and
they mark the stress with a capital vowel («карандАш»), an apostrophe or «´» after the vowel, or
the accent sign. :func:`read` turns such a cell into the bank's markup (``к[а]р[а]нд+аш``) and says
which way the letters and the stress were read, for the import report;
:func:`with_dictionary_stress` stresses a word she left unstressed. Markup typed as such
(brackets, «+», U+0301) is kept as it is, so that a table exported from a word folder comes back
byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, replace

from slovariki.markup import ACUTE, CYRILLIC, PLUS, VOWELS

# How a letter was set apart in its cell (None: as the rest of the cell).
RED, COLOUR, BOLD = "red", "colour", "bold"
# How the stress was written; the markup keeps «+» and U+0301 as typed, the rest become «+».
_STRESS_AFTER = {"\u00b4": "acute", "'": "apostrophe", "\u2019": "apostrophe", "`": "apostrophe"}
# How the import report says it: «сложные буквы красным цветом», «ударение заглавной гласной».
LETTERS_SAID = {RED: "красным цветом", COLOUR: "другим цветом", BOLD: "жирным шрифтом", "brackets": "в скобках [ ]"}
STRESS_SAID = {"mark": "в разметке («+»)", "capital": "заглавной гласной", "acute": "знаком «´»",
               "apostrophe": "апострофом", "dictionary": "по словарю ударений"}


@dataclass(frozen=True)
class Reading:
    """What a word cell held and how it was understood. ``letters`` and ``stress`` are keys of
    LETTERS_SAID and STRESS_SAID, None when the cell did not mark them."""

    typed: str  # the cell's text, marks aside
    markup: str
    letters: str | None
    stress: str | None


def read(text: str, marks: tuple[str | None, ...] | None = None) -> Reading:
    """``text`` with ``marks`` (how each character was set apart, same length) as markup."""
    marks = marks if marks is not None and len(marks) == len(text) else (None,) * len(text)
    start = len(text) - len(text.lstrip())
    end = len(text.rstrip())
    text, marks = text[start:end], marks[start:end]
    letter_marks = {m for ch, m in zip(text, marks) if ch in CYRILLIC}
    # A whole cell in red or bold is the cell's style, not a letter set apart; typed brackets win.
    coloured = "[" not in text and len(letter_marks) > 1 and letter_marks != {None} and None in letter_marks
    out: list[str] = []
    stress = "mark" if PLUS in text or ACUTE in text else None
    ways: set[str] = set()
    open_group = False
    for i, ch in enumerate(text):
        if ch in _STRESS_AFTER and out and out[-1] in VOWELS:
            out.insert(len(out) - 1, PLUS)
            stress = _STRESS_AFTER[ch]
            continue
        marked = coloured and ch in CYRILLIC and marks[i] is not None
        if open_group and not marked:
            out.append("]")
            open_group = False
        if marked and not open_group:
            out.append("[")
            open_group = True
            ways.add(marks[i])
        if ch in VOWELS and ch.isupper() and _inside_lower_word(text, i):
            if ch != "Ё":  # ё is always stressed: no mark, as the bank writes it
                out.append(PLUS)
                stress = "capital"
            ch = ch.lower()
        out.append(ch)
    if open_group:
        out.append("]")
    letters = "brackets" if "[" in text else next((way for way in (RED, COLOUR, BOLD) if way in ways), None)
    return Reading(text, "".join(out), letters, stress)


def with_dictionary_stress(reading: Reading, stresses: Callable[[str], Collection[int] | None]) -> Reading:
    """The reading with «+» before the stressed vowel of each of its words that lacks a stress mark and
    needs one, where ``stresses(word)`` (the stress dictionary) knows exactly one stress; it is asked
    only then."""
    text, offsets, stressed = letters(reading.markup)
    inserts, start = [], 0
    for part in text.split(" "):
        end = start + len(part)
        vowels = [i for i in range(start, end) if text[i] in VOWELS]
        if len(vowels) > 1 and not any(text[i] in "ёЁ" for i in vowels) and not stressed & set(range(start, end)):
            accepted = stresses(part.lower())
            if accepted is not None and len(accepted) == 1:
                inserts.append(offsets[start + next(iter(accepted))])
        start = end + 1
    if not inserts:
        return reading
    word = reading.markup
    for offset in sorted(inserts, reverse=True):
        word = word[:offset] + PLUS + word[offset:]
    return replace(reading, markup=word, stress=reading.stress or "dictionary")


def letters(word: str) -> tuple[str, list[int], set[int]]:
    """A word's markup as its plain letters, where each letter stands in the markup, and which are stressed."""
    plain, offsets, stressed = [], [], set()
    for offset, ch in enumerate(word):
        if ch == PLUS:
            stressed.add(len(plain))
        elif ch == ACUTE:
            stressed.add(len(plain) - 1)
        elif ch not in "[]":
            plain.append(ch)
            offsets.append(offset)
    return "".join(plain), offsets, stressed


def colour(rgb: str) -> str | None:
    """RED or COLOUR for a font colour given as six hex digits; None for black, white or no colour."""
    try:
        red, green, blue = (int(rgb[i:i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return None
    if len(rgb) != 6 or (red, green, blue) in ((0, 0, 0), (255, 255, 255)):
        return None
    return RED if red > 150 and green < 110 and blue < 110 else COLOUR


def _inside_lower_word(text: str, i: int) -> bool:
    """A capital letter that is not the first of its word, in a word otherwise written in small
    letters («карандАш»; not «Москва», not «КОРОВА»)."""
    start = i
    while start > 0 and text[start - 1] in CYRILLIC:
        start -= 1
    end = i
    while end < len(text) and text[end] in CYRILLIC:
        end += 1
    word = text[start:end]
    return i > start and any(ch.islower() for ch in word) and sum(ch.isupper() for ch in word[1:]) == 1
