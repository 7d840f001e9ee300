"""Word checks against the pymorphy3 dictionary: known words, dictionary forms, definitions."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from slovariki import russian
from slovariki.diagnostics import Diagnostic, error, warning
from slovariki.model import Card

DEFINITION_MAX = 110  # characters that fit under the word on a 63×88 mm card
_TOKEN = re.compile(r"[а-яё]+(?:-[а-яё]+)*")
_PREFIX = 4  # a definition token is parsed only if it starts like the word: cheap and exact enough
ALPHABET = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
CARD_POS = frozenset({"NOUN", "ADVB"})  # what dictionary words on cards mostly are
FORM_OF = frozenset({"ADJS", "VERB", "NPRO"})  # readings whose lemma is the same word in another form
PROPER = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr", "Init"})
_VOWELS = frozenset("аеёиоуыэюя")


def _fold(text: str) -> str:
    return text.lower().replace("ё", "е")


@dataclass(frozen=True)
class WordInfo:
    """What the dictionary says about a card's word."""

    word: str
    lemma: str
    pos: str | None
    plural: bool = False  # a nominative plural accepted in place of the lemma

    def as_json(self) -> dict:
        return {"word": self.word, "lemma": self.lemma, "pos": self.pos, "plural": self.plural}


class Lexicon:
    def __init__(self) -> None:
        self._morph = russian.morph()
        self.parse = lru_cache(maxsize=None)(self._morph.parse)

    def is_known(self, word: str) -> bool:
        return any(p.is_known for p in self.parse(word))

    def reading(self, word: str) -> list[str]:
        """The lemmas ``word`` is read as on a card: its own (itself, a plural's singular, a phrase word's
        lemma), then those it is a short form, verb form or pronoun form of (быстро — быстрый, здравствуйте
        — здравствовать). The stress dictionary is asked about these only, never about a noun or numeral
        spelled alike («потом» is not looked up as a form of «пот», «сорока» as one of «сорок»)."""
        if not self.is_known(word):
            return []
        forms_of = [p.normal_form for p in self.parse(word) if p.is_known and _pos(p) in FORM_OF]
        return list(dict.fromkeys([self.info(word).lemma, *forms_of]))

    def near(self, word: str, pos: frozenset[str] = CARD_POS, limit: int = 3) -> list[str]:
        """Dictionary forms of the given parts of speech one letter away from ``word`` (a letter changed,
        added, dropped, or two neighbours swapped). A changed vowel comes first: that is the usual
        misspelling of a dictionary word («пинал» → «пенал», not «финал»). Names and places are offered
        only for a word with a capital letter."""
        proper = word[:1].isupper()
        word = word.lower()
        words = self._morph.dictionary.words
        ranked = []
        for candidate in _one_letter_away(word):
            if candidate == word or candidate not in words:
                continue
            parses = [p for p in self.parse(candidate) if p.is_known and p.normal_form == candidate
                      and _pos(p) in pos and (proper or not PROPER & p.tag.grammemes)]
            if parses:
                ranked.append((not _vowel_changed(word, candidate), -max(p.score for p in parses), candidate))
        return [candidate for *_, candidate in sorted(ranked)[:limit]]

    def check(self, card: Card) -> tuple[list[Diagnostic], WordInfo | None]:
        found: list[Diagnostic] = []
        parts = card.word.lower().split(" ")
        unknown = [p for p in card.word.split(" ") if not self.is_known(p.lower())]
        for part in unknown:
            found.append(error(card.source, "unknown-word",
                               f"слова «{part}» нет в словаре pymorphy3: проверьте написание{self._hint(part)}"))
        info = None
        if not unknown:
            info = self.info(card.word) if len(parts) == 1 else WordInfo(card.word, card.word.lower(), "PHRASE")
            found.extend(self._form_problems(card, info))
        found.extend(self._stress_problems(card))
        found.extend(self._definition_problems(card, info))
        return found, info

    def info(self, word: str) -> WordInfo:
        """The reading of ``word`` as a lemma, a plural noun, or else its likeliest lemma."""
        parses = self.parse(word.lower())
        for p in parses:
            if _fold(p.normal_form) == _fold(word):
                return WordInfo(word, p.normal_form, _pos(p))
        for p in parses:
            if p.tag.POS == "NOUN" and {"plur", "nomn"} <= p.tag.grammemes:
                return WordInfo(word, p.normal_form, _pos(p), plural=True)
        for p in parses:
            if p.tag.POS == "VERB" and "impr" in p.tag.grammemes:  # a polite formula: «извините»
                return WordInfo(word, word.lower(), "INTJ")
        best = parses[0]
        return WordInfo(word, best.normal_form, _pos(best))

    def _form_problems(self, card: Card, info: WordInfo) -> list[Diagnostic]:
        word = card.word.lower()
        if info.pos == "PHRASE" or info.plural:
            return []
        if _fold(info.lemma) != _fold(word):
            return [error(card.source, "not-lemma", f"«{card.word}» — не начальная форма слова (в словаре: "
                                                    f"«{info.lemma}»){self._hint(card.word)}")]
        if info.lemma != word and "ё" in info.lemma:
            return [warning(card.source, "missing-yo", f"пишется с ё: «{info.lemma}»")]
        return []

    def _hint(self, word: str) -> str:
        """«; может быть, «пенал»?» when a dictionary word is one letter away."""
        close = self.near(word)
        return f"; может быть, {' или '.join(f'«{w}»' for w in close)}?" if close else ""

    @staticmethod
    def _stress_problems(card: Card) -> list[Diagnostic]:
        return [
            warning(card.source, "stressed-hard",
                    f"«{card.word}»: ударная «{card.word[i]}» отмечена как сложная буква; "
                    "ударную гласную проверять не нужно")
            for i in card.stress_positions
            if i in card.hard_positions and not stressed_exception(card.word, i)
        ]

    def _definition_problems(self, card: Card, info: WordInfo | None) -> list[Diagnostic]:
        found = []
        place = card.definition_source or card.source
        if len(card.definition) > DEFINITION_MAX:
            found.append(error(place, "definition-too-long",
                               f"толкование слова «{card.word}» длиннее {DEFINITION_MAX} знаков "
                               f"({len(card.definition)}) и не поместится на карту"))
        if info is not None:
            used = self._word_in(card, info)
            if used:
                found.append(warning(place, "definition-uses-word",
                                     f"толкование слова «{card.word}» называет само слово («{used}»): "
                                     "объясните его другими словами"))
        return found

    def _word_in(self, card: Card, info: WordInfo) -> str | None:
        """The first definition token that is a form of the card's word, if any."""
        parts = [p for p in card.word.lower().split(" ") if len(p) > 3]
        lemmas = {_fold(info.lemma)} | {_fold(self.parse(p)[0].normal_form) for p in parts}
        stems = {lemma[:_PREFIX] for lemma in lemmas}
        for token in _TOKEN.findall(card.definition.lower()):
            if _fold(token)[:_PREFIX] not in stems:
                continue
            if any(_fold(p.normal_form) in lemmas for p in self.parse(token)):
                return token
        return None


def stressed_exception(word: str, i: int) -> bool:
    """A stressed letter that stress does not tell: ё (жёлтый, not «жолтый»), and ю or я after a
    hissing consonant against «чу-щу» (парашют). Only these may be hard letters though stressed."""
    letter = word[i].lower()
    return letter == "ё" or (letter in "юя" and i > 0 and word[i - 1].lower() in "жшчщ")


def _pos(parse) -> str | None:
    return str(parse.tag.POS) if parse.tag.POS else None


def _one_letter_away(word: str) -> set[str]:
    out = set()
    for i in range(len(word) + 1):
        head, tail = word[:i], word[i:]
        if tail:
            out.add(head + tail[1:])
        if len(tail) > 1:
            out.add(head + tail[1] + tail[0] + tail[2:])
        for letter in ALPHABET:
            out.add(head + letter + tail)
            if tail:
                out.add(head + letter + tail[1:])
    return out


def _vowel_changed(word: str, candidate: str) -> bool:
    """One vowel replaced by another, the rest alike."""
    if len(word) != len(candidate):
        return False
    changed = [(a, b) for a, b in zip(word, candidate) if a != b]
    return len(changed) == 1 and changed[0][0] in _VOWELS and changed[0][1] in _VOWELS
