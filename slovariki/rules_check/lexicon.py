"""Word checks against the pymorphy3 dictionary: known words, dictionary forms, definitions."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import pymorphy3

from slovariki.diagnostics import Diagnostic, error, warning
from slovariki.model import Card

DEFINITION_MAX = 110  # characters that fit under the word on a 63×88 mm card
_TOKEN = re.compile(r"[а-яё]+(?:-[а-яё]+)*")
_PREFIX = 4  # a definition token is parsed only if it starts like the word: cheap and exact enough


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
        self._morph = pymorphy3.MorphAnalyzer()
        self.parse = lru_cache(maxsize=None)(self._morph.parse)

    def is_known(self, word: str) -> bool:
        return any(p.is_known for p in self.parse(word))

    def check(self, card: Card) -> tuple[list[Diagnostic], WordInfo | None]:
        found: list[Diagnostic] = []
        parts = card.word.lower().split(" ")
        unknown = [p for p in parts if not self.is_known(p)]
        for part in unknown:
            found.append(error(card.source, "unknown-word",
                               f"слова «{part}» нет в словаре pymorphy3: проверьте написание"))
        info = None
        if not unknown:
            info = self._info(card.word) if len(parts) == 1 else WordInfo(card.word, card.word.lower(), "PHRASE")
            found.extend(self._form_problems(card, info))
        found.extend(self._stress_problems(card))
        found.extend(self._definition_problems(card, info))
        return found, info

    def _info(self, word: str) -> WordInfo:
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
            return [error(card.source, "not-lemma",
                          f"«{card.word}» — не начальная форма слова; в словаре: «{info.lemma}»")]
        if info.lemma != word and "ё" in info.lemma:
            return [warning(card.source, "missing-yo", f"пишется с ё: «{info.lemma}»")]
        return []

    @staticmethod
    def _stress_problems(card: Card) -> list[Diagnostic]:
        return [
            warning(card.source, "stressed-hard",
                    f"«{card.word}»: ударная «{card.word[i]}» отмечена как сложная буква; "
                    "ударную гласную проверять не нужно")
            for i in card.stress_positions
            if i in card.hard_positions and not _stress_hides(card.word, i)
        ]

    def _definition_problems(self, card: Card, info: WordInfo | None) -> list[Diagnostic]:
        found = []
        if len(card.definition) > DEFINITION_MAX:
            found.append(error(card.source, "definition-too-long",
                               f"толкование «{card.word}» длиннее {DEFINITION_MAX} знаков "
                               f"({len(card.definition)}) и не поместится на карту"))
        if info is not None:
            used = self._word_in(card, info)
            if used:
                found.append(warning(card.source, "definition-uses-word",
                                     f"толкование «{card.word}» называет само слово («{used}»): "
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


def _pos(parse) -> str | None:
    return str(parse.tag.POS) if parse.tag.POS else None


def _stress_hides(word: str, i: int) -> bool:
    """A stressed letter that stress does not tell: ё (жёлтый, not «жолтый»), and ю or я after a
    hissing consonant against «чу-щу» (парашют). Only these may be hard letters though stressed."""
    letter = word[i].lower()
    return letter == "ё" or (letter in "юя" and i > 0 and word[i - 1].lower() in "жшчщ")
