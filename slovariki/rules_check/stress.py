"""The independent stress check: every card's marked stress against the Wiktionary stress dictionary.

The dictionary (``slovariki/dictionary/stress.txt.gz``, built by ``tools/build_stress_dictionary.py``) has
one line per lemma: the lemma, its headword stresses, its inflected forms and its related lemmas, a stressed
vowel written with «+» before it. It is read once, when a command first needs it; a lemma's line is split
into forms only when that lemma is asked for.
"""

from __future__ import annotations

import gzip
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources

from slovariki.diagnostics import Diagnostic, warning
from slovariki.markup import ACUTE, VOWELS
from slovariki.model import Card
from slovariki.text.russian import alternatives, fold

SOURCE = "Викисловарь"


@dataclass(frozen=True)
class Form:
    """One spelling with its stressed vowels (indices into ``plain``)."""

    plain: str
    stresses: frozenset[int]

    @classmethod
    def parse(cls, marked: str) -> Form:
        plain, stresses = [], set()
        for ch in marked:
            if ch == "+":
                stresses.add(len(plain))
            else:
                plain.append(ch)
        return cls("".join(plain), frozenset(stresses))

    def shown(self, stress: int | None = None) -> str:
        """The form with an acute accent on ``stress`` (default: its only or first stress)."""
        at = min(self.stresses) if stress is None and self.stresses else stress
        return accented(self.plain, at)


def accented(word: str, stress: int | None) -> str:
    """«авто́бус»: the acute accent after the vowel at ``stress`` (none on ё, which is always stressed)."""
    if stress is None or word[stress] in "ёЁ":
        return word
    return word[:stress + 1] + ACUTE + word[stress + 1:]


@dataclass(frozen=True)
class Entry:
    """One lemma's line; its forms are split only when asked for (the check needs one form's stress)."""

    lemma: str
    marked_headword: str
    marked_forms: str
    related: tuple[str, ...]

    @cached_property
    def headword(self) -> tuple[Form, ...]:
        return tuple(map(Form.parse, self.marked_headword.split()))

    @cached_property
    def forms(self) -> tuple[Form, ...]:
        return tuple(map(Form.parse, self.marked_forms.split()))

    def stresses_of(self, word: str, headword: bool = False) -> set[int]:
        """The stresses of the forms (or headword spellings) that are ``word`` (folded)."""
        key, found = fold(word), set()
        for marked in (self.marked_headword if headword else self.marked_forms).split():
            if fold(marked.replace("+", "")) == key:
                found |= Form.parse(marked).stresses
        return found


class StressDictionary:
    """The dictionary's UTF-8 lines, sorted by folded lemma and searched by halving: nothing is decoded or
    indexed when it is read (UTF-8 bytes sort as their letters do)."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._entries: dict[str, tuple[Entry, ...]] = {}

    @classmethod
    @cache
    def bundled(cls) -> StressDictionary:
        return cls(gzip.decompress((resources.files("slovariki") / "dictionary" / "stress.txt.gz").read_bytes()))

    def entries(self, lemma: str) -> tuple[Entry, ...]:
        """The lemma's entries (homographs such as «небо» and «нёбо» share one look-up)."""
        key = fold(lemma)
        found = self._entries.get(key)
        if found is None:
            found = self._entries[key] = tuple(_entry(line.decode("utf-8")) for line in self._lines(key.encode()))
        return found

    def lemmas(self) -> list[str]:
        """Every lemma, in the file's order."""
        return [line.split(b"\t", 1)[0].decode("utf-8") for line in self._data.split(b"\n") if line]

    def _lines(self, key: bytes) -> list[bytes]:
        data = self._data
        lo, hi = 0, len(data)  # line starts: the lines before «lo» sort before «key», those from «hi» do not
        while lo < hi:
            mid = (lo + hi) // 2
            start = data.rfind(b"\n", lo, mid) + 1 or lo
            if _key_at(data, start) < key:
                lo = data.find(b"\n", start) + 1 or len(data)
            else:
                hi = start
        lines = []
        while lo < len(data) and _key_at(data, lo) == key:
            end = data.find(b"\n", lo)
            end = len(data) if end < 0 else end
            lines.append(data[lo:end])
            lo = end + 1
        return lines

    def stresses(self, word: str, lemmas_of: Callable[[str], Iterable[str]] = lambda word: ()) -> frozenset[int] | None:
        """The accepted stresses of ``word``: as a lemma of its own (its forms spelled like it, else its
        headword), else as a form of one of ``lemmas_of(word)`` (a plural such as «сапоги», a word of a
        phrase; asked only then); None if the dictionary does not have it."""
        own = self.entries(word)
        for found in (lambda: {i for e in own for i in e.stresses_of(word)},
                      lambda: {i for e in own for i in e.stresses_of(word, headword=True)},
                      lambda: {i for lemma in lemmas_of(word) for e in self.entries(lemma) for i in e.stresses_of(word)}):
            stresses = found()
            if stresses:
                return frozenset(stresses)
        return None


_YO, _YE = "ё".encode(), "е".encode()


def _key_at(data: bytes, start: int) -> bytes:
    return data[start:data.find(b"\t", start)].replace(_YO, _YE)


def _entry(line: str) -> Entry:
    lemma, headword, forms, related = (line.split("\t") + ["", "", ""])[:4]
    return Entry(lemma, headword, forms, tuple(related.split()))


@dataclass
class StressFigures:
    """What the stress check did, for the report's summary."""

    agreed: int = 0
    disagreed: int = 0
    missing: list[str] = field(default_factory=list)

    def as_json(self) -> dict:
        return {"source": SOURCE, "agreed": self.agreed, "disagreed": self.disagreed, "missing": self.missing}

    def as_text(self) -> str:
        from slovariki.text.russian import plural

        checked = self.agreed + self.disagreed
        line = (f"Ударения сверены со словарём ({SOURCE}): {checked} "
                f"{plural(checked, 'слово', 'слова', 'слов')}, расходятся {self.disagreed}")
        if self.missing:
            shown = ", ".join(f"«{w}»" for w in self.missing[:10]) + (" …" if len(self.missing) > 10 else "")
            line += f"; нет в словаре {len(self.missing)}: {shown}"
        return line + "."


def check_stress(card: Card, dictionary: StressDictionary, lemmas_of: Callable[[str], Iterable[str]],
                 figures: StressFigures) -> list[Diagnostic]:
    """Compare each word of the card with the dictionary. ``lemmas_of(word)`` gives the lemma the card's
    word is read as (Lexicon.reading), for a word that has no line of its own. A word with one vowel or with ё needs no check (ё is always stressed)."""
    found = []
    start = 0
    marks = set(card.stress_positions)
    for part in card.word.split(" "):
        end = start + len(part)
        vowels = [i for i in range(len(part)) if part[i] in VOWELS]
        marked = next((i - start for i in marks if start <= i < end), None)
        if len(vowels) > 1 and not any(part[i] in "ёЁ" for i in vowels) and marked is not None:
            accepted = dictionary.stresses(part.lower(), lemmas_of)
            if accepted is None:
                figures.missing.append(part)
            elif marked in accepted:
                figures.agreed += 1
            else:
                figures.disagreed += 1
                said = alternatives(_with(card, start, part, i) for i in sorted(accepted))
                found.append(warning(card.source, "stress-dictionary",
                                     f"ударение: отмечено «{_with(card, start, part, marked)}», в словаре {said}"))
        start = end + 1
    return found


def _with(card: Card, start: int, part: str, stress: int) -> str:
    """The card's words with ``part`` (at ``start``) stressed on ``stress`` and the other words as marked."""
    words, offset = [], 0
    for word in card.word.split(" "):
        if offset == start:
            words.append(accented(part, stress))
        else:
            own = next((i - offset for i in card.stress_positions if offset <= i < offset + len(word)), None)
            words.append(accented(word, own))
        offset += len(word) + 1
    return " ".join(words)
