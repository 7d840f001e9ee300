"""Word checks against the pymorphy3 dictionary: known words, dictionary forms, definitions."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from slovariki.text import russian
from slovariki.diagnostics import Diagnostic, error, warning
from slovariki.markup import LOWER_VOWELS
from slovariki.model import Card
from slovariki.text.russian import alternatives, fold

DEFINITION_MAX = 110  # characters that fit under the word on a 63×88 mm card
_TOKEN = re.compile(r"[а-яё]+(?:-[а-яё]+)*")
_PREFIX = 4  # a definition token is parsed only if it starts like the word: cheap and exact enough
ALPHABET = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
CARD_POS = frozenset({"NOUN", "ADVB"})  # what dictionary words on cards mostly are
FORM_OF = frozenset({"ADJS", "VERB", "NPRO"})  # readings whose lemma is the same word in another form
PROPER = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr", "Init"})
# What a proper noun is, for the message that it is written with a capital.
PROPER_KINDS = {"Geox": "географическое название", "Name": "имя", "Surn": "фамилия", "Patr": "отчество",
                "Orgn": "название организации", "Trad": "название марки"}
# Common nouns that the school lists write with a capital in one sense: one's country (Родина).
CAPITAL_BY_MEANING = frozenset({"родина", "отечество", "отчизна"})
VOICED, VOICELESS = "бвгджз", "пфктшс"
PAIRS = dict(zip(VOICED + VOICELESS, VOICELESS + VOICED))  # вокзал — воксал
_TWO_SLIPS = 15  # longer words are searched for one slip only: the number of spellings grows as the square
_SPACE_BEFORE = re.compile(r"(\S+)\s+([,.;:!?)»])")
PUNCTUATION = {",": "запятой", ".": "точкой", ";": "точкой с запятой", ":": "двоеточием", "!": "восклицательным знаком",
               "?": "вопросительным знаком", ")": "скобкой", "»": "кавычкой"}


@dataclass(frozen=True)
class WordInfo:
    """What the dictionary says about a card's word."""

    word: str
    lemma: str
    pos: str | None
    plural: bool = False  # a nominative plural accepted in place of the lemma
    normal_form: str = ""  # pymorphy3's lemma of the reading, when it is not ``lemma``: «счастие» for «счастье»

    @property
    def paradigm(self) -> str:
        """The lemma pymorphy3 files the word's forms under."""
        return self.normal_form or self.lemma

    def as_json(self) -> dict:
        return {"word": self.word, "lemma": self.lemma, "pos": self.pos, "plural": self.plural}


@dataclass(frozen=True)
class CaseFix:
    """A word written with other capitals than the dictionary's, and how it is spelled."""

    written: str
    spelled: str
    kind: str | None  # the kind of proper noun the word is («географическое название»), None for a common word
    inside: bool = False  # a capital inside the word (мОсква)

    @property
    def message(self) -> str:
        if self.inside:
            many = sum(ch.isupper() and self.written[k - 1] != "-" for k, ch in enumerate(self.written) if k) > 1
            letters = "большие буквы" if many else "большая буква"
            return f"«{self.written}»: {letters} посреди слова; пишется «{self.spelled}»"
        if self.kind:
            return f"«{self.written}» — {self.kind}: пишется с большой буквы, «{self.spelled}»"
        return f"«{self.written}» — не имя собственное: пишется с маленькой буквы, «{self.spelled}»"


class Lexicon:
    def __init__(self) -> None:
        self._morph = russian.morph()
        self.parse = lru_cache(maxsize=None)(self._morph.parse)
        # pymorphy3's Parse.is_known looks the word up in the dictionary again at every call: once here.
        self._known = lru_cache(maxsize=None)(self._morph.word_is_known)
        self.known_parses = lru_cache(maxsize=None)(self._known_parses)

    def _known_parses(self, word: str) -> tuple:
        """The dictionary readings of ``word``."""
        return tuple(p for p in self.parse(word) if self._known(p.word))

    def is_known(self, word: str) -> bool:
        return bool(self.known_parses(word))

    def reading(self, word: str) -> list[str]:
        """The lemmas ``word`` is read as on a card: its own (itself, a plural's singular, a phrase word's
        lemma), then those it is a short form, verb form or pronoun form of (быстро — быстрый, здравствуйте
        — здравствовать). The stress dictionary is asked about these only, never about a noun or numeral
        spelled alike («потом» is not looked up as a form of «пот», «сорока» as one of «сорок»)."""
        if not self.is_known(word):
            return []
        forms_of = [p.normal_form for p in self.known_parses(word) if _pos(p) in FORM_OF]
        return list(dict.fromkeys([self.info(word).lemma, *forms_of]))

    def near(self, word: str, pos: frozenset[str] = CARD_POS, limit: int = 3) -> list[str]:
        """Dictionary words of the given parts of speech that ``word`` may be a misspelling of: one letter
        changed, added, dropped, or two neighbours swapped, or one or two of a child's usual slips (a vowel
        changed, a consonant doubled or not, a paired consonant confused, a soft sign left out or added).
        Only the nearest are given, so a slip hides any other change: that is how a dictionary word is
        usually misspelled («пинал» → «пенал», not «финал»; «кросовки» → «кроссовки»); the dictionary form
        comes before a plural. Names and places are offered only for a word with a capital letter."""
        proper = word[:1].isupper()
        word = word.lower()
        words = self._morph.dictionary.words
        ranked = []
        for candidate, cost in _misspellings(word).items():
            if candidate == word or candidate not in words:
                continue
            parses = [p for p in self.known_parses(candidate) if _pos(p) in pos and _own_form(p, candidate)
                      and (proper or not PROPER & p.tag.grammemes)]
            if parses:
                lemma = any(fold(p.normal_form) == fold(candidate) for p in parses)
                ranked.append((cost, not lemma, -max(p.score for p in parses), candidate, parses[0].normal_form))
        nearest = min(ranked, default=(0,))[0]
        found: dict[str, str] = {}  # normal form → the best of its spellings («малага», not also «малаги»)
        for cost, *_, candidate, normal in sorted(ranked):
            if cost == nearest:
                found.setdefault(normal, candidate)
        return list(found.values())[:limit]

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
            found.extend(self._case_problems(card))
        found.extend(self._stress_problems(card))
        found.extend(self._definition_problems(card, info))
        return found, info

    def info(self, word: str) -> WordInfo:
        """The reading of ``word`` as a lemma, a plural noun, a noun in the nominative singular (pymorphy3
        files «счастье», «веселье» under the old «счастие», «веселие»: the card's word is its own lemma),
        or else its likeliest lemma."""
        parses = self.parse(word.lower())
        for p in parses:
            if fold(p.normal_form) == fold(word):
                return WordInfo(word, p.normal_form, _pos(p))
        for p in parses:
            if p.tag.POS == "NOUN" and {"plur", "nomn"} <= p.tag.grammemes:
                return WordInfo(word, p.normal_form, _pos(p), plural=True)
        for p in self.known_parses(word.lower()):
            if p.tag.POS == "NOUN" and {"sing", "nomn"} <= p.tag.grammemes:
                return WordInfo(word, word.lower(), _pos(p), normal_form=p.normal_form)
        for p in parses:
            if p.tag.POS == "VERB" and "impr" in p.tag.grammemes:  # a polite formula: «извините»
                return WordInfo(word, word.lower(), "INTJ")
        best = parses[0]
        return WordInfo(word, best.normal_form, _pos(best))

    def _form_problems(self, card: Card, info: WordInfo) -> list[Diagnostic]:
        word = card.word.lower()
        if info.pos == "PHRASE" or info.plural:
            return []
        if fold(info.lemma) != fold(word):
            return [error(card.source, "not-lemma", f"«{card.word}» — не начальная форма слова (в словаре: "
                                                    f"«{info.lemma}»){self._hint(card.word)}")]
        if info.lemma != word and "ё" in info.lemma:
            return [warning(card.source, "missing-yo", f"пишется с ё: «{info.lemma}»")]
        return []

    def case_fixes(self, word: str) -> list[CaseFix]:
        """The words of an entry whose capitals are not the dictionary's: a name in lower case («москва» →
        «Москва», a place name), a common word with a capital («Тетрадь» → «тетрадь»), a capital inside a
        word («мОсква»). A word read both ways (роза and Роза, орёл and Орёл, вера and Вера) is left as it
        is written, and so is a word of :data:`CAPITAL_BY_MEANING`. The first word of a phrase may have the
        capital of a name made of common words (Новый год, Красная площадь) unless it is a preposition,
        conjunction or particle (до свидания), and every word may when all have one (Красная Шапочка)."""
        parts = word.split(" ")
        name = len(parts) > 1 and all(part[:1].isupper() for part in parts)  # Дед Мороз, Красная Шапочка
        fixes = []
        for n, part in enumerate(parts):
            if self._abbreviation(part):
                continue
            inside = any(ch.isupper() and part[k - 1] != "-" for k, ch in enumerate(part) if k)
            written = "-".join(piece[:1] + piece[1:].lower() for piece in part.split("-")) if inside else part
            spelled, kind = self._first_letter(written, may_be_name=name or (n == 0 and len(parts) > 1))
            if spelled != part:
                fixes.append(CaseFix(part, spelled, kind, inside))
        return fixes

    def _abbreviation(self, part: str) -> bool:
        return part.isupper() and len(part) > 1 and any("Abbr" in p.tag.grammemes
                                                        for p in self.known_parses(part.lower()))

    def _first_letter(self, part: str, may_be_name: bool) -> tuple[str, str | None]:
        """``part`` with the first letter the dictionary gives it, and the kind of proper noun it is (None for
        a common word). Only the readings that make it a dictionary word on a card count (its lemma, a
        nominative): «лев» is also a form of the name «Лёва»."""
        low = part.lower()
        readings = [p for p in self.known_parses(low) if _own_form(p, low)] or \
            list(self.known_parses(low))
        proper = [p for p in readings if PROPER_KINDS.keys() & p.tag.grammemes]
        if proper and len(proper) == len(readings):
            kind = next(PROPER_KINDS[g] for g in PROPER_KINDS if g in proper[0].tag.grammemes)
            return "-".join(self._capitalized(piece) for piece in part.split("-")), kind
        function_word = any(p.tag.POS in ("PREP", "CONJ", "PRCL") for p in readings)
        if (part[:1].isupper() and readings and not proper and low not in CAPITAL_BY_MEANING
                and (function_word or not may_be_name)):
            return part[:1].lower() + part[1:], None
        return part, None

    def _capitalized(self, piece: str) -> str:
        """A part of a hyphenated name with its capital; a preposition stays small (Ростов-на-Дону)."""
        if any(p.tag.POS == "PREP" for p in self.known_parses(piece)):
            return piece
        return piece[:1].upper() + piece[1:]

    def _case_problems(self, card: Card) -> list[Diagnostic]:
        found = []
        for fix in self.case_fixes(card.word):
            if fix.inside:
                found.append(error(card.source, "capital-inside-word", fix.message))
            elif fix.kind:
                found.append(error(card.source, "missing-capital", fix.message))
            else:
                found.append(warning(card.source, "needless-capital", fix.message))
        return found

    def _hint(self, word: str) -> str:
        """«; может быть, «пенал»?» when a dictionary word is one letter away."""
        close = self.near(word)
        return f"; может быть, {alternatives(close)}?" if close else ""

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
        spaced = _SPACE_BEFORE.findall(card.definition)
        if spaced:
            shown = ", ".join(f"«{word} {mark}» (пробел перед {PUNCTUATION[mark]})" for word, mark in spaced)
            found.append(warning(place, "definition-space", f"толкование слова «{card.word}»: {shown}; знак "
                                                            "препинания ставится сразу после слова"))
        first = next((ch for ch in card.definition if ch.isalpha()), "")
        if first.islower():
            found.append(warning(place, "definition-lowercase", f"толкование слова «{card.word}» начинается с "
                                                                f"маленькой буквы «{first}»: начните его с большой"))
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
        lemmas = {fold(info.lemma)} | {fold(self.parse(p)[0].normal_form) for p in parts}
        stems = {lemma[:_PREFIX] for lemma in lemmas}
        for token in _TOKEN.findall(card.definition.lower()):
            if fold(token)[:_PREFIX] not in stems:
                continue
            if any(fold(p.normal_form) in lemmas for p in self.parse(token)):
                return token
        return None


def stressed_exception(word: str, i: int) -> bool:
    """A stressed letter that stress does not tell: ё (жёлтый, not «жолтый»), and ю or я after a
    hissing consonant against «чу-щу» (парашют). Only these may be hard letters though stressed."""
    letter = word[i].lower()
    return letter == "ё" or (letter in "юя" and i > 0 and word[i - 1].lower() in "жшчщ")


def _own_form(parse, word: str) -> bool:
    """A reading in which ``word`` stands on a card as it is: its lemma, or a noun in the nominative (a
    plural such as «кроссовки», a noun pymorphy3 files under an old spelling such as «счастье»)."""
    return fold(parse.normal_form) == fold(word) or (parse.tag.POS == "NOUN" and "nomn" in parse.tag.grammemes)


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


def _slips(word: str) -> set[str]:
    """``word`` with one of a child's usual slips put right: a vowel changed, a consonant doubled or a double
    one made single, a paired consonant confused (вокзал — воксал), a soft sign left out or added."""
    out = set()
    for i, ch in enumerate(word):
        head, tail = word[:i], word[i + 1:]
        if ch in LOWER_VOWELS:
            out.update(head + v + tail for v in LOWER_VOWELS if v != ch)
        elif ch.isalpha() and ch not in "ьъй":
            out.add(head + ch + ch + tail)
            out.add(head + ch + "ь" + tail)
            if ch in PAIRS:
                out.add(head + PAIRS[ch] + tail)
            if tail[:1] == ch:
                out.add(head + tail)
        elif ch == "ь":
            out.add(head + tail)
    return out


def _misspellings(word: str) -> dict[str, int]:
    """The spellings ``word`` may be a misspelling of, each with its cost: 1 for one slip (:func:`_slips`),
    2 for two slips or any other one-letter change."""
    cost = dict.fromkeys(_one_letter_away(word), 2)
    slips = _slips(word)
    if len(word) <= _TWO_SLIPS:
        for once in slips:
            for twice in _slips(once):
                cost.setdefault(twice, 2)
    cost.update(dict.fromkeys(slips, 1))
    return cost
