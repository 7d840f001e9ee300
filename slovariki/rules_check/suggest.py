"""`slovariki suggest СЛОВО`: the editor's assistant. It proposes a word's markup (stress, hard letters),
its stars and a ready YAML entry, and says why, letter by letter, following docs/word-lists.md («Какие
буквы выделяются», «Что значат звёздочки»).

An unstressed vowel is not hard when a form of the word itself has it stressed (гора → го́ры); a vowel
that only a related word checks (молоко — моло́чный) stays hard, as in the textbooks' dictionaries, and
the check word goes into the note. A vowel of a suffix (товарищ, понедельник, правительство) is not
hard, unless the word has no other hard letter (мальчик). The ending of a word that changes is not hard;
the last vowel of one that does not (спасибо, быстро) is. Double consonants, silent consonants of the
known clusters (здравствуйте, праздник, солнце), paired consonants that no form or related word puts
before a vowel (вокзал, автобус; not сапог — сапоги́) and letters said otherwise (сегодня, нарочно,
пожалуйста) are hard, and so are «ё» after a hissing consonant and the exceptions to «чу-щу» (парашют),
even stressed. What a child of the grade knows counts: silent consonants and prefixes from grade 3,
adverbs from grade 4 (see :func:`_consonants`). Of two accepted stresses the one a related word keeps
is taken, or the editor is asked to choose (:class:`StressChoice`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace

from slovariki.bank.pictures import fitting
from slovariki.markup import ACUTE, CYRILLIC, LOOKALIKES, LOWER_VOWELS, PLUS, Markup, Stress, latin_letter
from slovariki.model import Card, Colour, Deck
from slovariki.rules_check.lexicon import PAIRS, VOICED, VOICELESS, Lexicon, stressed_exception
from slovariki.rules_check.stars import double_consonants, star_policy
from slovariki.rules_check.stress import Form, StressDictionary, accented
from slovariki.text.russian import alternatives, fold
from slovariki.text.russian import stars as n_stars

MAX_LETTERS = 40  # «правительство» has 13; a longer «word» is not a dictionary word
REDUCED = "аеиоя"  # the vowels that sound otherwise unstressed; у, ы, э, ю are heard as written
HISSING = "жшчщ"
NOISY_VOICELESS = "пфктшсхцчщ"
NOISY_VOICED = "бгджз"  # «в» does not voice the consonant before it (свадьба, but «с» in «свет» stays)
FUNCTION = {"PREP", "CONJ", "PRCL", "ADVB", "NPRO"}  # words a set expression of function words is made of
INFLECTING = {"NOUN", "ADJF", "ADJS", "COMP", "VERB", "INFN", "PRTF", "PRTS", "NUMR", "NPRO"}
HEARD_PAIRED = set(LOWER_VOWELS) | set("лмнрйв")  # a paired consonant is heard as written before these
HEARD_SILENT = set(LOWER_VOWELS) | {"ь"}  # a silent one before a vowel or «ь» (честный — честь), see _heard_silent
# The silent consonant of each cluster (its offset in the cluster): здра[в]ствуйте, праз[д]ник, со[л]нце.
SILENT = {"вств": 0, "стн": 1, "здн": 1, "стл": 1, "лнц": 0, "рдц": 1, "ндск": 1, "нтск": 1, "ндш": 1, "кск": 0}
SILENT_HOW = {"кск": "почти не слышна"}  # э[к]скурсия: the first «к» is all but lost
# Words (stems) said otherwise than written: «г» as [в], «чн» and «чт» as [шн], [шт], «уй» barely heard.
SPOKEN = {"пожалуйст": ("уй", ""), "сегодн": ("г", "в"), "конечн": ("ч", "ш"), "нарочн": ("ч", "ш"),
          "скучн": ("ч", "ш"), "яичниц": ("ч", "ш"), "скворечн": ("ч", "ш"), "прачечн": ("ч", "ш"),
          "пустячн": ("ч", "ш"), "горчичн": ("ч", "ш"), "ничего": ("г", "в"), "никого": ("г", "в"), "всего": ("г", "в")}
# Suffixes whose unstressed vowel is not hard (docs/word-lists.md, «Гласная в суффиксе»): each recurs in
# dozens of words a child knows. They are matched from the end of the word's stem (up to its last consonant
# or «ь»), one after another: прав|и|тель|ств|о, обяз|а|тельн|о, сорев|н|ован|ие, два|дцать.
SUFFIXES = ("тельн", "дцать", "тель", "еств", "ств", "ник", "ниц", "очк", "ечк", "ищ", "ик")
# A verb's suffix before «-ть» of its infinitive and «-ние» of the noun made of it: здоров|а|ться, сорев|н|ова|ние,
# пригот|ов|и|ть (not «-е-»: ненавидеть, терпеть are learnt as exceptions).
VERB_SUFFIXES = ("ова", "ева", "а", "и")
DERIVED = ("ный", "ной", "овый", "евый", "ский", "ний")  # adjectives that show a noun's stress (се́верный)
# Prefixes taught in grade 3 whose last consonant is always written the same (пред|седатель, под|ход);
# «из-», «раз-», «без-» are not among them: they are written as heard. Nor is «об-»: spelling alone does not
# tell it from the root «общ-» (общение, as про|щение).
CONSTANT_PREFIXES = ("пред", "под", "над", "от")
PREFIXES = ("пере", "пред", "при", "про", "под", "над", "раз", "рас", "без", "бес", "вы", "за", "на", "по", "до",
            "от", "об", "из", "ис", "со", "во", "с", "в", "у", "о")
ADVERB_PREFIXES = ("во", "со", "на", "за", "до", "из", "по", "в", "с")  # во|круг, на|зад, в|низ
# A check word is said to a child: none that pymorphy3 marks as slang, informal, archaic, obscene, a
# misspelling or a word of another region, and none of the related words the dictionary gives that a
# teacher would not say in class (measured in benchmarks/suggest_vs_bank.py --checks).
UNFIT_TAGS = frozenset({"Slng", "Infr", "Arch", "Obsc", "Erro", "Dist", "Vulg"})
UNFIT = frozenset({"презик", "зад", "задок"})
OLD_FORMS = UNFIT_TAGS | {"V-oy", "voct"}  # forms no child says: «о́тче» (the old vocative) checks nothing in «отец»
# The school's check words that the dictionary's related words lack, by letter (the index of the letter
# in the word): the textbooks' own pairs, said with their stress, and what the reason adds. A vowel so
# checked stays hard (a related word), a consonant is not.
SCHOOL_CHECKS: dict[str, tuple[int, tuple[str, ...], str]] = {
    "четверг": (1, ("че́тверо", "че́тверть"), "четверг — четвёртый день недели"),
    "самолёт": (1, ("сам",), "самолёт сам летит"),
    "отдыхать": (0, ("о́тдых",), ""),
    "снегирь": (2, ("снег",), ""),
    "хлебороб": (2, ("хлеб",), ""),
    "столица": (2, ("стол",), ""),
    "назад": (4, ("за́дний",), ""),
}
KIND_NAMES = {  # one letter of the kind, several
    "vowel": ("безударная гласная", "безударные гласные"),
    "double": ("двойная согласная", "двойные согласные"),
    "silent": ("непроизносимая согласная", "непроизносимые согласные"),
    "paired": ("парная согласная", "парные согласные"),
    "exception": ("исключение из правила", "исключения из правил"),
    "spoken": ("пишется не так, как произносится", "пишутся не так, как произносятся"),
}
POS_NAMES = {
    "NOUN": "существительное", "ADJF": "прилагательное", "ADJS": "краткое прилагательное", "INFN": "глагол",
    "VERB": "глагол", "ADVB": "наречие", "INTJ": "междометие", "PRCL": "частица", "PREP": "предлог",
    "CONJ": "союз", "NUMR": "числительное", "NPRO": "местоимение", "PRTF": "причастие", "PRTS": "причастие",
    "GRND": "деепричастие", "COMP": "сравнительная степень", "PRED": "предикатив", "PHRASE": "сочетание слов",
}
ORDINALS = (("первая", "первую"), ("вторая", "вторую"), ("третья", "третью"), ("четвёртая", "четвёртую"))
_INPUT = re.compile(r"[а-яё]+(?:-[а-яё]+)*(?: [а-яё]+(?:-[а-яё]+)*)*", re.IGNORECASE)


class SuggestError(ValueError):
    """Input that is not a Russian word (exit status 2)."""


def read_word(text: str) -> str:
    """The word an editor typed, or :class:`SuggestError` saying in Russian what is wrong with it."""
    word = " ".join(text.split())
    if not word:
        raise SuggestError("слово не задано: напишите его русскими буквами, например: slovariki suggest барабан")
    if len(word) > MAX_LETTERS:
        raise SuggestError(f"слишком длинно для словарного слова: {len(word)} знаков, а можно не больше {MAX_LETTERS}")
    if _INPUT.fullmatch(word):
        if len(word) == 1:
            raise SuggestError(f"«{word}» — одна буква, а не словарное слово: напишите слово целиком")
        if not any(ch in LOWER_VOWELS for ch in word.lower()):
            raise SuggestError(f"в «{word}» нет ни одной гласной: это не словарное слово")
        return word
    letters = [ch for ch in word if ch.isalpha()]
    if letters and all("a" <= ch.lower() <= "z" for ch in letters):
        raise SuggestError(f"«{word}» написано латинскими буквами: нужно русское слово")
    for i, ch in enumerate(word):
        if ch in LOOKALIKES:
            raise SuggestError(latin_letter(ch, i))
        if ch.isdigit():
            raise SuggestError(f"в слове цифра «{ch}» (место {i + 1}): нужны только русские буквы")
        if ch in "[]+" + ACUTE:
            raise SuggestError("напишите слово без разметки: скобки и ударение программа предложит сама")
        if ch.isalpha() and ch not in CYRILLIC:
            raise SuggestError(f"буква «{ch}» на месте {i + 1} — не русская: нужны только русские буквы")
    raise SuggestError("нужно слово из русских букв (несколько слов — через пробел, части слова — через дефис)")


@dataclass(frozen=True)
class Letter:
    """A finding about letters ``start``–``end`` of the word: a hard letter, or why it is not one."""

    start: int
    end: int
    kind: str  # a key of KIND_NAMES
    hard: bool
    reason: str
    checks: tuple[str, ...] = ()  # the check words, with their stress shown
    related: bool = False  # the check words are related words, not forms of the word itself
    suffix: str | None = None  # the suffix an unstressed vowel belongs to («-ник»), which is why it is not hard

    def as_json(self, word: str) -> dict:
        return {"index": self.start, "letters": word[self.start:self.end], "kind": self.kind, "hard": self.hard,
                "reason": self.reason, "checks": list(self.checks), "related": self.related, "suffix": self.suffix}

    def note(self, word: str) -> str | None:
        """The entry's note on this letter, in the bank's words: ««о» проверяется формой «го́ры», не выделена»."""
        if not self.checks:
            return None
        checks, many = ", ".join(f"«{c}»" for c in self.checks), len(self.checks) > 1
        if self.hard:
            by = ("родственными словами" if many else "родственным словом") if self.related else \
                ("формами" if many else "формой")
            return f"{self._named(word, accusative=True)} можно проверить {by} {checks}"
        by = ("словами" if many else "словом") if self.related else ("формами" if many else "формой")
        return f"{self._named(word)} проверяется {by} {checks}, не выделена"

    def _named(self, word: str, accusative: bool = False) -> str:
        """The letter as a note names it: «б», or «первая «а»» when the word has it more than once (гражданин)."""
        low, shown = word.lower(), word[self.start:self.end]
        letters = shown.lower()
        if len(letters) > 1 or low.count(letters) < 2:
            return f"«{shown}»"
        k = low[:self.start].count(letters)
        return f"{ORDINALS[k][accusative]} «{shown}»" if k < len(ORDINALS) else f"«{shown}» ({self.start + 1}-я буква)"


@dataclass(frozen=True)
class StressChoice:
    """One word's stress: what the dictionary accepts and which one the entry takes. Of two accepted
    stresses the standard one is taken when the data tells it, by a related word stressed on the same
    vowel (се́вер — се́верный, алфави́т — алфави́тный); otherwise ``chosen`` is None and the editor must
    choose (the entry shows the later one meanwhile). A stress that is only another word's form spelled
    alike (по́том, a form of «пот», beside the adverb пото́м) is set aside."""

    accepted: tuple[int, ...]  # whole-entry indices; () when the dictionary lacks the word
    chosen: int | None  # the stress the data supports; None when none is known or the editor must choose
    by: str | None = None  # the related word that tells which of two (shown with its stress)
    set_aside: tuple[str, str] | None = None  # (the stressed spelling, the word it is a form of)

    @property
    def entry(self) -> int | None:
        """The stress written into the entry: the chosen one, else the later of two for the editor to judge."""
        if self.chosen is not None:
            return self.chosen
        return self.accepted[-1] if self.accepted else None

    @property
    def undecided(self) -> bool:
        return len(self.accepted) > 1 and self.chosen is None

    def as_json(self, word: str) -> dict:
        return {"chosen": accented(word, self.chosen) if self.chosen is not None else None,
                "by": self.by, "set_aside": list(self.set_aside) if self.set_aside else None}


@dataclass(frozen=True)
class Suggestion:
    word: str  # as the editor should write it (the nearest word if the input was a typo)
    asked: str
    near: tuple[str, ...]  # dictionary words ``asked`` may be a misspelling of, if it is not a word or a lemma
    known: bool
    lemma: str | None
    dictionary_form: bool
    pos: str | None
    choices: tuple[StressChoice, ...]  # per space-separated word
    letters: tuple[Letter, ...]
    grade: int | None
    deck: dict | None = None  # with --words: the bank's transfer and toss-in partners, and the entry if it is there
    plural: bool = False  # a nominative plural (барабаны): check accepts it, the lemma is named
    case: str | None = None  # why ``word`` is written with another first letter than ``asked`` (москва → Москва)
    singular: str | None = None  # a plural's singular in the stress dictionary, stressed, when pymorphy3's lemma is
    # another word that check takes instead (кроссовки: «кроссо́вка», pymorphy3 «кроссовок»)
    pictures: tuple[tuple[str, str], ...] = ()  # shipped pictures that show the word: (name, what it shows)

    @property
    def stresses(self) -> tuple[tuple[int, ...], ...]:
        """Per space-separated word: the accepted stresses (whole-word indices)."""
        return tuple(c.accepted for c in self.choices)

    @property
    def stress(self) -> tuple[int, ...]:
        """The stress the entry uses, per word that has one (see :class:`StressChoice`)."""
        return tuple(c.entry for c in self.choices if c.entry is not None)

    @property
    def ready(self) -> bool:
        """The word asked for, as it was written, is a dictionary form pymorphy3 knows: the entry can pass
        `check`."""
        return self.asked == self.word and self.known and self.dictionary_form

    @property
    def hard_letters(self) -> tuple[Letter, ...]:
        return tuple(letter for letter in self.letters if letter.hard)

    @property
    def stars(self) -> int:
        return star_policy(self.markup).stars

    @property
    def markup(self) -> Markup:
        groups = tuple((letter.start, letter.end) for letter in self.hard_letters)
        return Markup(self.word, groups, tuple(Stress(i, PLUS) for i in self.stress if _needs_mark(self.word, i)))

    def entry(self) -> str:
        """The YAML entry, ready to paste under ``words:``."""
        markup = self.markup.render()
        word = f'"{markup}"' if markup.startswith("[") else markup
        lines = [f"  - word: {word}", f"    stars: {self.stars}",
                 "    definition: …  # своими словами, понятно ребёнку, до 110 знаков"]
        if self.pictures:
            others = ", ".join(name for name, _ in self.pictures[1:])
            lines.append(f"    picture: {self.pictures[0][0]}" + (f"  # или: {others}" if others else ""))
        notes = [self._stress_note(c) for c in self.choices if len(c.accepted) > 1]
        notes += [note for letter in self.letters if (note := letter.note(self.word))]
        if notes:
            lines.append(f'    note: "{"; ".join(notes)}"')
        return "\n".join(lines)

    def as_json(self) -> dict:
        return {
            "word": self.word, "asked": self.asked, "near": list(self.near), "known": self.known,
            "lemma": self.lemma, "dictionary_form": self.dictionary_form, "pos": self.pos, "plural": self.plural,
            "case": self.case, "singular": self.singular,
            "stress": [[accented(self.word, i) for i in s] for s in self.stresses],
            "stress_choice": [c.as_json(self.word) for c in self.choices],
            "letters": [letter.as_json(self.word) for letter in self.letters],
            "markup": self.markup.render() if self.hard_letters else None,
            "stars": self.stars, "grade": self.grade, "entry": self.entry(), "deck": self.deck,
            "pictures": [{"name": name, "shows": shows} for name, shows in self.pictures],
        }

    def as_text(self) -> str:
        lines = []
        if self.deck and (already := self.deck["already"]):
            where = already["place"] or self.deck["folder"]
            lines.extend([f"«{self.word}» уже есть в банке: {where} ({already['grade']} класс, "
                          f"«{already['word']}», {n_stars(already['stars'])}): вторую такую запись проверка не "
                          "пропустит.", ""])
        if self.case:
            lines.extend([f"{self.case}; ниже — разбор слова «{self.word}».", ""])
        elif self.asked != self.word:
            lines.append(f"Слова «{self.asked}» нет в словаре pymorphy3. Ближе всего: "
                         + ", ".join(f"«{w}»" for w in self.near) + f"; ниже — разбор слова «{self.word}».")
            lines.append("")
        lines.append(self._about())
        lines.append(self._stress_line())
        lines.append("")
        lines.append("Буквы:")
        lines.extend(f"  {self._letter_line(letter)}" for letter in self.letters)
        if not all(self.stresses):
            lines.append("  гласные не разобраны: пока ударение неизвестно, нельзя сказать, какие из них безударные")
        elif not self.letters:
            lines.append("  безударных гласных и трудных согласных нет")
        lines.append("")
        if self.hard_letters:
            kinds = Counter(x.kind for x in self.hard_letters)
            named = ", ".join(KIND_NAMES[kind][n > 1] for kind, n in kinds.items())
            lines.append(f"Звёздочки: {self.stars} (сложных букв: {len(self.markup.hard)}; {named}).")
        else:
            lines.append("Сложных букв не нашлось: такое слово обычно не словарное, и проверка «check» "
                         "не пропустит запись без букв в скобках.")
        lines.append("")
        where = f"grade{self.grade}.yaml ({Colour.for_grade(self.grade).russian} цвет)" if self.grade else \
            "файла нужного класса (класс задаёт --grade)"
        for name, shows in self.pictures:
            lines.append(f"Встроенная картинка: {name} ({shows.partition(':')[0]}) — она в записи ниже; когда вставите "
                         f"запись, посмотрите карточку: slovariki preview {self.word}")
        if self.pictures:
            lines.append("")
        lines.append(f"Запись для {where}:")
        lines.append(self.entry())
        if self.deck is not None:
            lines.append("")
            lines.extend(_deck_lines(self.deck))
        return "\n".join(lines)

    def _about(self) -> str:
        pos = POS_NAMES.get(self.pos or "", self.pos or "часть речи неизвестна")
        if not self.known:
            return f"«{self.word}»: слова нет в словаре pymorphy3 — проверьте написание."
        if self.plural and self.singular:
            return (f"«{self.word}»: есть в словаре pymorphy3 ({pos}), множественное число; единственное число — "
                    f"«{self.singular}» (так в словаре ударений). Оставьте на карточке множественное число «{self.word}»: "
                    f"для единственного числа pymorphy3 даёт неверную начальную форму («{self.lemma}»), и запись "
                    f"«{self.singular.replace(ACUTE, '')}» проверка не пропустит.")
        if self.plural:
            return (f"«{self.word}»: есть в словаре pymorphy3 ({pos}), множественное число, начальная форма — "
                    f"«{self.lemma}». Проверка примет и множественное число; если на карточке нужно единственное "
                    f"число, спросите «{self.lemma}».")
        if self.pos == "PHRASE":
            return (f"«{self.word}»: сочетание слов. pymorphy3 знает каждое слово, но не сочетание (его нет и в "
                    "словаре ударений), так что устойчивое ли оно, решает редактор.")
        if self.dictionary_form:
            return f"«{self.word}»: есть в словаре pymorphy3, начальная форма ({pos})."
        meant = f" Может быть, нужно {alternatives(self.near)}?" if self.near else ""
        return (f"«{self.word}»: есть в словаре pymorphy3 ({pos}), но это не начальная форма; "
                f"начальная форма — «{self.lemma}», и запись с этим словом проверка не пропустит.{meant}")

    def _stress_line(self) -> str:
        parts, after = [], []
        for c in self.choices:
            if not c.accepted:
                parts.append(None)
            elif any(_needs_mark(self.word, i) for i in c.accepted):
                shown = " или ".join(_word_at(accented(self.word, i), i) for i in c.accepted)
                if c.set_aside:
                    shown += f" ({c.set_aside[0]} — форма другого слова, «{c.set_aside[1]}»)"
                parts.append(shown)
            entry = accented(self.word, c.entry) if c.entry is not None else ""
            which = f"Для «{_word_at(self.word, c.entry)}» с" if " " in self.word else "С"
            if c.undecided:
                after.append(f"{which}ловарь даёт оба ударения и не подсказывает, какое из них основное: выберите "
                             f"сами по школьному орфоэпическому словарю (в записи пока «{_word_at(entry, c.entry)}»).")
            elif len(c.accepted) > 1:
                after.append(f"{which}ловарь даёт оба; в записи «{_word_at(entry, c.entry)}» — с тем же ударением, "
                             f"что в родственном слове «{c.by}».")
        if any(p is None for p in parts):
            return "Ударение: в словаре ударений (Викисловарь) слова нет — поставьте «+» перед ударной гласной сами."
        if not parts:
            return "Ударение: гласная одна (или это «ё»), знак ударения не нужен."
        return " ".join([f"Ударение (Викисловарь): {self._stressed_phrase() if ' ' in self.word else parts[0]}.",
                         *after])

    def _stressed_phrase(self) -> str:
        """«до свида́ния»: every word of a phrase with its stress, «тво́рог или творо́г» for a word with two."""
        shown = []
        for part, c in zip(self.word.split(" "), self.choices):
            marked = [_word_at(accented(self.word, i), i) for i in c.accepted if _needs_mark(self.word, i)]
            shown.append(" или ".join(marked) if marked else part)
        return " ".join(shown)

    def _stress_note(self, choice: StressChoice) -> str:
        """The entry's note on a word with two accepted stresses."""
        shown = [accented(self.word, i) for i in choice.accepted]
        if choice.undecided:
            return f"ударение двоякое: {' и '.join(shown)} — выберите одно"
        others = " и ".join(x for i, x in zip(choice.accepted, shown) if i != choice.chosen)
        return f"ударение {accented(self.word, choice.chosen)}, как в «{choice.by}» (словарь допускает и {others})"

    def _letter_line(self, letter: Letter) -> str:
        letters = self.word[letter.start:letter.end]
        places = " и ".join(f"{k + 1}-я" for k in range(letter.start, letter.end))
        head = f"«{letters}» ({places} {'буква' if len(letters) == 1 else 'буквы'})"
        tail = ("сложная буква" if len(letters) == 1 else "сложные буквы") if letter.hard else "не сложная"
        return f"{head}: {letter.reason} — {tail}."


def _needs_mark(word: str, i: int) -> bool:
    """A stress is marked unless it is on ё or on the one vowel of a short word in a phrase (до свида́ния):
    word-lists.md makes both marks optional, and the bank marks a one-word entry such as «кл+асс»."""
    return word[i] not in "ёЁ" and (" " not in word or sum(ch in LOWER_VOWELS for ch in _word_at(word, i).lower()) > 1)


def _word_at(text: str, i: int) -> str:
    """The space-separated word of ``text`` that holds index ``i``."""
    start, end = text.rfind(" ", 0, i) + 1, text.find(" ", i)
    return text[start:len(text) if end < 0 else end]


def _deck_lines(deck: dict) -> list[str]:
    lines = [f"В колоде {deck['folder']}:"]
    transfer = deck["transfer"]
    if transfer is None:
        lines.append("  перевод: класс не задан (--grade), поэтому пары для перевода не подобрать;")
    elif transfer:
        lines.append(f"  переводится вместе с ({len(transfer)}): " + ", ".join(f"«{w}»" for w in transfer) + ";")
    else:
        lines.append("  переводится вместе с: таких карт нет (того же цвета и с тем же числом звёздочек) — "
                     "нужна ещё одна такая карта;")
    toss = deck["toss_in"]
    if not toss:
        lines.append("  подкидывание: ни у одной карты нет общей сложной буквы с этим словом.")
    for letter, words in toss.items():
        shown = ", ".join(f"«{w}»" for w in words[:12]) + (f" и ещё {len(words) - 12}" if len(words) > 12 else "")
        lines.append(f"  подкидывается по букве «{letter}» ({len(words)}): {shown}")
    return lines


class Assistant:
    """Proposes entries with pymorphy3 and the stress dictionary (both loaded once)."""

    def __init__(self, lexicon: Lexicon | None = None, dictionary: StressDictionary | None = None) -> None:
        self.lexicon = lexicon or Lexicon()
        self.dictionary = dictionary or StressDictionary.bundled()

    def suggest(self, text: str, grade: int | None = None, deck: Deck | None = None,
                folder: str | None = None) -> Suggestion:
        asked = read_word(text)
        word, near, case = asked, (), None
        parts = asked.lower().split(" ")
        if not all(self.lexicon.is_known(p) for p in parts) and len(parts) == 1:
            guess = self.lexicon.parse(parts[0])[0].tag.POS
            near = tuple(self.lexicon.near(asked, frozenset({guess}) if guess else frozenset({"NOUN"})))
            if near:
                word = near[0].capitalize() if asked[:1].isupper() else near[0]
        elif len(parts) > 1 and all(self.lexicon.is_known(p) for p in parts) and not self._joined(asked.split(" ")):
            raise SuggestError(f"«{asked}» — не устойчивое сочетание: словари не знают его, и слова в нём не "
                               "связаны, как в «до свидания», «к сожалению», «Новый год». Спросите слова по одному: "
                               + ", ".join(f"slovariki suggest {p}" for p in asked.split(" ")))
        if not near:
            word, case = self._cased(asked)
        result = replace(self._analyse(word, asked, near, grade), case=case,
                         pictures=tuple((f.name, f.shows) for f in fitting(word) if f.named))
        if result.known and not result.dictionary_form:  # «пинал»: most likely «пенал» was meant
            result = replace(result, near=tuple(self.lexicon.near(asked)))
        if deck is not None:
            result = _with_deck(result, deck, folder or "")
        return result

    def _analyse(self, word: str, asked: str, near: tuple[str, ...], grade: int | None) -> Suggestion:
        parts = word.split(" ")
        known = all(self.lexicon.is_known(p.lower()) for p in parts)
        info = self.lexicon.info(word) if known and len(parts) == 1 else None
        lemma = info.lemma if info else (word.lower() if known else None)
        dictionary_form = bool(info and (fold(info.lemma) == fold(word) or info.plural)) or (known and len(parts) > 1)
        pos = info.pos if info else ("PHRASE" if known and len(parts) > 1 else None)
        plural = bool(info and info.plural)
        choices, letters, start = [], [], 0
        for part in parts:
            found = self._part(part, start, grade, len(parts) > 1)
            choices.append(found[0])
            letters.extend(found[1])
            start += len(part) + 1
        if not any(x.hard for x in letters):  # мальчик, девочка: the suffix's vowel is the word's difficulty
            letters = [replace(x, hard=True, reason=f"безударная гласная суффикса «{x.suffix}»; такую букву обычно не "
                                                    "выделяют, но других сложных букв в слове нет")
                       if x.suffix else x for x in letters]
        singular = self._dictionary_lemma(word.lower()) if plural else None
        return Suggestion(word, asked, near, known, lemma, dictionary_form, pos, tuple(choices), tuple(letters), grade,
                          plural=plural, singular=singular and self._headword(singular))

    def _cased(self, asked: str) -> tuple[str, str | None]:
        """The words with the capitals the dictionary gives them (Lexicon.case_fixes), and why, if that
        changed anything: «москва» → «Москва», a place name."""
        fixes = {fix.written: fix for fix in self.lexicon.case_fixes(asked)}
        if not fixes:
            return asked, None
        word = " ".join(fixes[part].spelled if part in fixes else part for part in asked.split(" "))
        return word, "; ".join(fix.message for fix in fixes.values())

    def _joined(self, parts: list[str]) -> bool:
        """Whether the words of a phrase make one unit, as a set expression does; neither pymorphy3 nor the
        stress dictionary knows phrases, so the grammar tells: a preposition with the word it governs (до
        свидания, к сожалению, на самом деле), function words together (потому что, так как), an adjective
        agreeing with its noun (Новый год, железная дорога), or words written as a name (Дед Мороз). Two
        nouns side by side (барабан ракета) are not one."""
        if all(part[:1].isupper() for part in parts):
            return True  # written as a name: Дед Мороз, Красная Шапочка
        tags = [[p.tag for p in self.lexicon.known_parses(part.lower())] for part in parts]
        if any(t.POS == "PREP" for t in tags[0]):
            rest = tags[1:]
            if len(rest) == 1:
                return any(t.POS in ("ADVB", "NPRO", "NUMR") or (t.case and t.case != "nomn") for t in rest[0])
            return self._agree(rest) and any(t.case != "nomn" for t in rest[-1] if t.case)
        if all(any(t.POS in FUNCTION for t in word) for word in tags):
            return any(t.POS in ("CONJ", "PRCL") for word in tags for t in word)
        return self._agree(tags)

    @staticmethod
    def _agree(tags: list[list]) -> bool:
        """Adjectives (or participles, pronouns like «мой») and the noun they end with, agreeing in case,
        number and, in the singular, gender: «железная дорога», «самом деле»."""
        *adjectives, nouns = tags
        if not adjectives:
            return False
        def agrees(t, noun) -> bool:
            return (t.POS in ("ADJF", "PRTF", "NUMR", "NPRO") and t.case == noun.case and t.number == noun.number
                    and (noun.number == "plur" or t.gender in (None, noun.gender)))

        return any(all(any(agrees(t, noun) for t in word) for word in adjectives)
                   for noun in nouns if noun.POS == "NOUN")

    def _clitic(self, low: str) -> bool:
        return any(str(p.tag.POS) in {"PREP", "CONJ", "PRCL"} for p in self.lexicon.known_parses(low))

    def _part(self, part: str, start: int, grade: int | None, phrase: bool) -> tuple[StressChoice, list[Letter]]:
        low = part.lower()
        vowels = [i for i, ch in enumerate(low) if ch in LOWER_VOWELS]
        known = self.lexicon.is_known(low)
        clitic = len(vowels) == 1 and phrase and self._clitic(low)  # «до» in «до свидания» is unstressed
        lemma = self._dictionary_lemma(low) if known else None
        own, related, names = self._check_words(low, known, lemma)
        if len(vowels) == 1 or "ё" in low:
            i = low.index("ё") if "ё" in low else vowels[0]
            choice = StressChoice((i,), i)
        else:
            choice = self._stress(low, names, lemma)
        tags = [p.tag for p in self.lexicon.known_parses(low)]
        # An indeclinable loan word (метро, Мехико) has no Russian suffixes.
        suffixes = {} if any("Fixd" in t for t in tags) else _suffix_vowels(low, any(t.POS == "INFN" for t in tags))
        lemmas = frozenset(map(fold, names))
        letters = _vowels(low, choice, own, related, self._ending(low), clitic, suffixes, lemmas)
        prefix = self._prefix(low)
        letters += _consonants(low, own, related, grade, prefix, self._adverb_base(low), lemmas)
        letters = _prefix_vowels(_school_checks(low, letters), prefix, grade)
        shifted = StressChoice(tuple(start + i for i in choice.accepted),
                               None if choice.chosen is None else start + choice.chosen, choice.by, choice.set_aside)
        letters.sort(key=lambda x: x.start)
        return shifted, [replace(x, start=start + x.start, end=start + x.end) for x in letters]

    def _stress(self, low: str, related: list[str], lemma: str | None = None) -> StressChoice:
        found = self.dictionary.stresses(low, lambda w: [*self.lexicon.reading(w), *([lemma] if lemma else [])])
        if not found:
            return StressChoice((), None)
        accepted, set_aside = tuple(sorted(found)), None
        if len(accepted) > 1 and (other := self._other_word(low, accepted)):
            i, lemma = other
            accepted, set_aside = tuple(k for k in accepted if k != i), (accented(low, i), lemma)
        if len(accepted) == 1:
            return StressChoice(accepted, accepted[0], set_aside=set_aside)
        votes: dict[int, str] = {}
        for name in dict.fromkeys([*related, *self._derived_adjectives(low)]):
            for entry in self.dictionary.entries(name):
                stresses = entry.stresses_of(name) or entry.stresses_of(name, headword=True)
                if len(stresses) == 1 and (k := min(stresses)) in accepted and fold(name[:k + 1]) == fold(low[:k + 1]):
                    votes.setdefault(k, accented(name, k))
        if len(votes) == 1:
            (k, by), = votes.items()
            return StressChoice(accepted, k, by, set_aside)
        return StressChoice(accepted, None, set_aside=set_aside)

    def _other_word(self, low: str, accepted: tuple[int, ...]) -> tuple[int, str] | None:
        """A stress of ``low`` that is only the stress of another lemma's form spelled alike: по́том, the
        instrumental of «пот», beside the adverb пото́м."""
        if not self.lexicon.is_known(low):
            return None
        lemma = self.lexicon.info(low).paradigm
        for other in dict.fromkeys(p.normal_form for p in self.lexicon.known_parses(low)):
            if fold(other) in (fold(lemma), fold(low)):
                continue
            own = {k for e in self.dictionary.entries(other) for k in e.stresses_of(low)} & set(accepted)
            if len(own) == 1 and set(accepted) - own:
                return min(own), other
        return None

    def _derived_adjectives(self, low: str) -> list[str]:
        """Adjectives made from the word that the stress dictionary has (се́вер — се́верный, рябина —
        рябиновый): Wiktionary does not always link them."""
        base = low.rstrip(LOWER_VOWELS + "йь")
        return [base + suffix for suffix in DERIVED if self.dictionary.entries(base + suffix)]

    def _dictionary_lemma(self, low: str) -> str | None:
        """The stress dictionary's lemma of ``low`` when it lacks pymorphy3's: another of the word's forms
        that the dictionary has, with ``low`` among its forms. pymorphy3 files «кроссовки» under
        «кроссовок», Wiktionary under «кроссо́вка»."""
        info = self.lexicon.info(low)
        if self.dictionary.entries(info.lemma):
            return None
        forms = dict.fromkeys(f.word for p in self.lexicon.known_parses(low) if p.normal_form == info.paradigm
                              for f in p.lexeme)
        return next((form for form in forms if form != info.lemma
                     and any(e.stresses_of(low) for e in self.dictionary.entries(form))), None)

    def _headword(self, lemma: str) -> str:
        """The lemma as the stress dictionary writes it, with its stress (кроссо́вка)."""
        return next((f.shown() for e in self.dictionary.entries(lemma) for f in e.headword), lemma)

    def _check_words(self, low: str, known: bool, lemma: str | None = None) -> tuple[list[Form], list[Form], list[str]]:
        """The forms of the word's own lemma (and of ``lemma``, the stress dictionary's, if it has another),
        the forms of the lemmas related to it (Wiktionary's related words, and for an adverb the adjective
        it comes from: хорошо — хоро́ший, весело — весёлый), and those lemmas. A form pymorphy3 does not give the lemma is left out: Wiktionary's «моло́ки» is no
        form of «молоко», which has no plural."""
        if not known:
            return [], [], []
        info = self.lexicon.info(low)
        entries = [e for name in dict.fromkeys([low, info.lemma, lemma or low]) for e in self.dictionary.entries(name)]
        names = [name for e in entries for name in e.related]
        if info.pos == "ADVB":
            names += [p.normal_form for p in self.lexicon.known_parses(low) if str(p.tag.POS) == "ADJS"]
        names = [name for name in dict.fromkeys(names) if self.fit_for_child(name)]
        related = [r for name in names for r in self.dictionary.entries(name)]
        lexeme = {fold(f.word) for p in self.lexicon.known_parses(low) if p.normal_form == info.paradigm
                  for f in p.lexeme if not f.tag.grammemes & OLD_FORMS}
        own = [f for e in entries for f in _spellings(e)]
        return [f for f in own if fold(f.plain) in lexeme] or own, [f for r in related for f in _spellings(r)], names

    def fit_for_child(self, lemma: str) -> bool:
        """Whether ``lemma`` may be told to a child as a check word: not on :data:`UNFIT`, and not a word
        pymorphy3 knows only in a register a teacher avoids (:data:`UNFIT_TAGS`)."""
        if fold(lemma) in UNFIT:
            return False
        tags = [p.tag for p in self.lexicon.known_parses(lemma) if fold(p.normal_form) == fold(lemma)]
        return not tags or any(not (t.grammemes & UNFIT_TAGS) for t in tags)

    def _prefix(self, low: str) -> str:
        """A prefix whose last consonant is always written the same (пред|седатель): the word starts with
        it, and what follows is a dictionary word of its own or with another prefix (ход, за|седатель)."""
        for prefix in CONSTANT_PREFIXES:
            rest = low[len(prefix):]
            if low.startswith(prefix) and len(rest) > 2 and any(
                    self._is_lemma(other + rest) for other in ("", *PREFIXES) if other != prefix):
                return prefix
        return ""

    def _is_lemma(self, word: str) -> bool:
        return any(p.normal_form == word for p in self.lexicon.known_parses(word))

    def _adverb_base(self, low: str) -> tuple[int, list[Form]] | None:
        """For an adverb made of a prefix and a noun (во|круг, на|зад): the prefix's length and the noun's
        forms, which check the adverb's consonants in grade 4, where this is taught (вокруг — круги́). Before
        grade 4, and without --grade, the adverb is one word to the child. The noun is found by its spelling
        alone, so the editor judges the check word («вдруг» is not made of «друг»)."""
        parses = self.lexicon.known_parses(low)
        if not any(str(p.tag.POS) == "ADVB" for p in parses):
            return None
        for prefix in ADVERB_PREFIXES:
            noun = low[len(prefix):]
            if low.startswith(prefix) and len(noun) > 2 and self.fit_for_child(noun) and any(
                    str(p.tag.POS) == "NOUN" for p in self.lexicon.known_parses(noun) if p.normal_form == noun):
                return len(prefix), [f for e in self.dictionary.entries(noun) for f in _spellings(e)]
        return None

    def _ending(self, low: str) -> int:
        """Where the inflectional ending of a word that changes begins: after its last consonant
        (коров|а, русск|ий, фамил|ия; the «я» of «заяц» is not in it); a masculine noun's nominative has
        none (и́ней, у́лей: :func:`_zero_ending`). An unchanging word (спасибо, метро) has none."""
        if low.endswith("те") and any("impr" in p.tag.grammemes for p in self.lexicon.known_parses(low)):
            return len(low) - 2  # a polite imperative (извините, здравствуйте): «-те» is its ending
        info = self.lexicon.info(low)  # of its readings, the one the word is taken as: справа is an adverb, not a noun
        parses = [p for p in self.lexicon.known_parses(low) if p.normal_form == info.paradigm
                  and str(p.tag.POS) in INFLECTING and str(p.tag.POS) == info.pos]
        if not parses or len({f.word for f in parses[0].lexeme}) < 2 or any(map(_zero_ending, parses)):
            return len(low)
        return max((i for i, ch in enumerate(low) if ch not in LOWER_VOWELS + "йь"), default=-1) + 1


def _zero_ending(parse) -> bool:
    """A masculine noun in «-й» in the nominative, declined as a noun (и́ней — и́нея, у́лей — у́лья): its
    ending is zero, the «й» and the vowel before it are the stem's. Not one declined as an adjective
    (рабочий — рабочего), whose «-ий» is an ending."""
    return (parse.word.endswith("й") and parse.tag.POS == "NOUN" and {"masc", "sing", "nomn"} <= parse.tag.grammemes
            and any({"gent", "sing"} <= f.tag.grammemes and f.word.endswith("я") for f in parse.lexeme))


def _spellings(entry) -> tuple[Form, ...]:
    """An entry's forms; its headword only when it has none (the page «ворона» also gives «во́рона», a form
    of «ворон»)."""
    return entry.forms or entry.headword


def _vowels(word: str, stress: StressChoice, own: list[Form], related: list[Form], ending: int,
            clitic: bool = False, suffixes: dict[int, str] | None = None,
            lemmas: frozenset[str] = frozenset()) -> list[Letter]:
    """The vowels and why each is or is not hard (docs/word-lists.md, «Какие буквы выделяются»). Only a
    form of the word itself checks a vowel; a related word goes into the note, the letter stays hard, as
    in the textbooks' dictionaries. Of two accepted stresses the entry's one counts: a vowel stressed only
    in the other is hard. An unstressed vowel of a suffix (``suffixes``: index → suffix) is not hard."""
    chosen = () if clitic or stress.entry is None else (stress.entry,)
    variants = () if clitic else stress.accepted
    suffixes = suffixes or {}
    found = []
    for i, ch in enumerate(word):
        if ch not in LOWER_VOWELS:
            continue
        before = word[i - 1] if i else " "
        if i in chosen or ch == "ё":
            if ch == "ё" and before in HISSING:
                found.append(Letter(i, i + 1, "exception", True, f"ударная, но после «{before}» под ударением "
                                                                "пишут то «ё», то «о»: ударение букву не подсказывает"))
            elif stressed_exception(word, i) and ch != "ё":
                found.append(Letter(i, i + 1, "exception", True, _exception(before, ch, stressed=True)))
            continue
        if (ch in "юя" and before in HISSING) or (ch == "ы" and before == "ц"):
            found.append(Letter(i, i + 1, "exception", True, _exception(before, ch, stressed=False)))
        elif not stress.accepted or ch not in REDUCED:
            continue  # without the stress nothing can be said about the vowels
        elif i == 0 and ch == "и":
            found.append(Letter(i, i + 1, "vowel", False, "безударная «и» в начале слова слышится ясно"))
        elif i >= ending:
            found.append(Letter(i, i + 1, "vowel", False, "безударная гласная в окончании: пишется по правилу"))
        elif plural := _singulative(word, i, own):
            found.append(Letter(i, i + 1, "vowel", False, "безударная гласная суффикса «-ин», которого нет во "
                                                          f"множественном числе ({plural}): пишется по правилу",
                                suffix="-ин"))
        elif _fleeting_suffix(word, i, own):
            found.append(Letter(i, i + 1, "vowel", False, f"беглая гласная суффикса «-{word[i:]}»: пишется по правилу"))
        elif i in variants:  # the variant stress (ща́вель): its forms check nothing
            chosen_shown, other = accented(word, stress.entry), accented(word, i)
            found.append(Letter(i, i + 1, "vowel", True, f"безударная при ударении «{chosen_shown}»; под ударением она "
                                                         f"только в другом варианте, «{other}»"))
        elif checks := _vowel_checks(word, i, own):
            by = "формами" if len(checks) > 1 else "формой"
            found.append(Letter(i, i + 1, "vowel", False, f"безударная, проверяется {by}: {', '.join(checks)}", checks))
        elif i in suffixes:
            checks = _vowel_checks(word, i, related, lemmas)
            found.append(Letter(i, i + 1, "vowel", False, f"безударная гласная суффикса «{suffixes[i]}»: он есть "
                                                          "во многих словах, и такую букву не выделяют",
                                checks, bool(checks), suffixes[i]))
        elif checks := _vowel_checks(word, i, related, lemmas):
            found.append(Letter(i, i + 1, "vowel", True, "безударная; проверить её можно только родственным словом: "
                                                         f"{', '.join(checks)} — такие буквы выделяют", checks, True))
        elif i == len(word) - 1 and ending == len(word):
            found.append(Letter(i, i + 1, "vowel", True, "конечная безударная гласная: слово не изменяется, "
                                                         "проверить её нечем"))
        else:
            found.append(Letter(i, i + 1, "vowel", True, "безударная; в словаре не нашлось проверочного слова"))
    return found


def _prefix_vowels(letters: list[Letter], prefix: str, grade: int | None) -> list[Letter]:
    """From grade 3, where prefixes are taught, the vowel of a prefix that is always written the same
    (от|дыхать, под|ход) is not hard; «пред-» keeps its «е», which pupils confuse with «при-» until grade 5."""
    if not prefix or prefix == "пред" or (grade is not None and grade < 3):
        return letters
    return [replace(x, hard=False, reason=f"безударная гласная приставки «{prefix}-»: приставка пишется всегда "
                                          "одинаково") if x.kind == "vowel" and x.hard and x.end <= len(prefix) else x
            for x in letters]


def _school_checks(word: str, letters: list[Letter]) -> list[Letter]:
    """The school's check word (:data:`SCHOOL_CHECKS`) on a vowel that the dictionary's words leave
    unchecked; as any related word's check, it goes into the note and the letter stays hard."""
    if word not in SCHOOL_CHECKS:
        return letters
    i, checks, why = SCHOOL_CHECKS[word]
    said = ", ".join(checks) + (f" ({why})" if why else "")

    def checked(x: Letter) -> Letter:
        if x.kind == "vowel":
            return replace(x, checks=checks, related=True, reason="безударная; проверить её можно только родственным "
                                                                  f"словом: {said} — такие буквы выделяют")
        return replace(x, hard=False, checks=checks, related=True,
                       reason=f"{x.reason.split(',')[0]}, но проверяется: {said}")
    return [checked(x) if x.start == i and x.hard and not x.checks else x for x in letters]


def _suffix_vowels(word: str, infinitive: bool = False) -> dict[int, str]:
    """The vowels of the suffixes at the end of the word's stem, each with its suffix as the note writes it
    («-ник», «-тель-»); the root keeps at least one vowel (мальч|ик, not м|альчик). The stem of an
    infinitive ends before «-ть», «-ться», that of a noun in «-ние» before it (:data:`VERB_SUFFIXES`)."""
    tails = ("ться", "ть") if infinitive else ("ние",)
    if tail := next((t for t in tails if word.endswith(t)), None):
        stem = word[:-len(tail)]
        suffix = next((x for x in VERB_SUFFIXES if stem.endswith(x) and set(stem[:-len(x)]) & set(LOWER_VOWELS)), None)
        if suffix:
            end = len(stem) - len(suffix)
            return {end + k: f"-{suffix}-" for k, ch in enumerate(suffix) if ch in LOWER_VOWELS} | _suffix_vowels(stem[:end])
    end = max((i for i, ch in enumerate(word) if ch not in LOWER_VOWELS + "й"), default=-1) + 1
    found: dict[int, str] = {}
    while suffix := next((x for x in SUFFIXES if word[:end].endswith(x)
                          and any(ch in LOWER_VOWELS for ch in word[:end - len(x)])), None):
        end -= len(suffix)
        label = f"-{suffix}" + ("-" if end + len(suffix) < len(word) else "")
        found.update({end + k: label for k, ch in enumerate(suffix) if ch in LOWER_VOWELS})
    return found


def _singulative(word: str, i: int, own: list[Form]) -> str | None:
    """The form without the final «-ин» whose «и» is at ``i``: the suffix names one of many and drops out in
    the plural (хозя|ин — хозя́ева, гражданин — гра́ждане); «ужин» keeps it in every form."""
    if word[i:] != "ин":
        return None
    plural = [f for f in own if not fold(f.plain).startswith(fold(word)) and fold(f.plain).startswith(fold(word[:i - 1]))]
    # the nominative shows it best: the shortest form that ends in a vowel (хозя́ева, not хозя́ев)
    return min(plural, key=lambda f: (f.plain[-1] not in LOWER_VOWELS, len(f.plain))).shown() if plural else None


def _fleeting_suffix(word: str, i: int, own: list[Form]) -> bool:
    """The «о»/«е» of a final -ок, -ек, -ец that drops out in the other forms (рисун|о|к — рисунка)."""
    if word[i:] not in ("ок", "ек", "ец"):
        return False
    dropped = fold(word[:i] + word[i + 1])
    return any(fold(f.plain).startswith(dropped) for f in own)


def _exception(before: str, ch: str, stressed: bool) -> str:
    rule = "«цы»: после «ц» в корне обычно пишется «и»" if before == "ц" else \
        f"«жи-ши, ча-ща, чу-щу»: после «{before}» обычно пишется «{'у' if ch == 'ю' else 'а'}»"
    return f"{'ударная, но ' if stressed else ''}исключение из правила {rule}"


def _vowel_checks(word: str, i: int, forms: list[Form], lemmas: frozenset[str] = frozenset(),
                  limit: int = 3) -> tuple[str, ...]:
    """Forms in which the vowel at ``i`` (with the same letters before it) is stressed; «ё» checks «е»."""
    head, vowel = fold(word[:i]), word[i]
    found = []
    for form in _closest_first(word, forms, lemmas):
        plain = form.plain
        if fold(plain) == fold(word) or _other_spelling(word, plain):
            continue  # the word itself with another accepted stress, or an old spelling (шо́фер) checks nothing
        if (i in form.stresses and len(plain) > i and fold(plain[:i]) == head
                and (plain[i] == vowel or (vowel == "е" and plain[i] == "ё"))):
            shown = accented(plain, i)
            if shown not in found:
                found.append(shown)
    return tuple(found[:limit])


def _consonant_checks(word: str, j: int, forms: list[Form], heard: Callable[[str], bool],
                      lemmas: frozenset[str] = frozenset(), limit: int = 3) -> tuple[str, ...]:
    """Forms with the same letters up to the consonant at ``j`` and, after it, letters ``heard`` accepts:
    there the consonant is heard as written."""
    head = fold(word[:j + 1])
    found = []
    for form in _closest_first(word, forms, lemmas):
        plain = form.plain
        if len(plain) > j + 1 and fold(plain[:j + 1]) == head and heard(plain[j + 1:]):
            shown = form.shown()
            if shown not in found:
                found.append(shown)
    return tuple(found[:limit])


def _other_spelling(word: str, plain: str) -> bool:
    """«шофера» for «шофёр»: an «е» where the word has its «ё»."""
    return any(ch == "ё" and plain[k:k + 1] == "е" for k, ch in enumerate(word))


def _closest_first(word: str, forms: list[Form], lemmas: frozenset[str] = frozenset()) -> list[Form]:
    """Check words a child would pick first: several syllables, a dictionary form (моло́чный rather than
    моло́чен), close to the word's length."""
    return sorted(forms, key=lambda f: (sum(ch in LOWER_VOWELS for ch in f.plain) < 2, fold(f.plain) not in lemmas,
                                        abs(len(f.plain) - len(word)), f.plain))


def _consonants(word: str, own: list[Form], related: list[Form], grade: int | None, prefix: str = "",
                base: tuple[int, list[Form]] | None = None, lemmas: frozenset[str] = frozenset()) -> list[Letter]:
    """Double, silent, paired and otherwise spoken consonants (docs/word-lists.md). A consonant that a
    form or a related word checks is not hard, except a silent one before grade 3, where the rule about
    silent consonants is taught, and a «г» heard as [х] (лёгкий), whose pair [к] the child does not hear.
    From grade 3 the last consonant of a prefix (пре[д]седатель) is not hard, and an initial «з» before a
    voiced consonant (здесь) is: it sounds as the prefix «с-» does (сделать). In grade 4 the noun an
    adverb may be made of (``base``) checks it (вокруг — круги́); before, the letter says so. Without --grade
    the rules of grade 3 are known."""
    found: list[Letter] = []
    taken: set[int] = set()
    learnt = grade is None or grade >= 3  # prefixes and silent consonants are taught in grade 3
    adverbs = grade is not None and grade >= 4  # an adverb is checked by its noun from grade 4
    sources = [(own, False, 0), (related, True, 0)] + ([(base[1], True, base[0])] if base and adverbs else [])
    for j in double_consonants(word):
        found.append(Letter(j, j + 2, "double", True, "двойная согласная — её не проверить, только запомнить"))
        taken |= {j, j + 1}
    for cluster, offset in SILENT.items():
        for match in re.finditer(f"(?={cluster})", word):
            j = match.start() + offset
            if j in taken:
                continue
            taken.add(j)
            letter = _consonant(j, "silent", f"в сочетании «{cluster}» {SILENT_HOW.get(cluster, 'не произносится')}",
                                word, sources, _heard_silent(cluster[offset:]), "и проверочного слова нет", lemmas)
            if not letter.hard and not learnt:
                letter = replace(letter, hard=True, reason=letter.reason + "; правило о непроизносимых согласных "
                                                                           "проходят в 3 классе")
            found.append(letter)
    for spelled, (letters, heard) in SPOKEN.items():
        if spelled in word:
            j = word.index(spelled) + spelled.index(letters)
            taken.update(range(j, j + len(letters)))
            said = f"а произносится [{heard}]" if heard else "а в речи почти не слышится"
            found.append(Letter(j, j + len(letters), "spoken", True, f"пишется «{letters}», {said}"))
    for j, ch in enumerate(word):
        if ch not in PAIRS or j in taken or (j == 0 and ch in "вс"):  # вчера, сделать: the prefix в-, с-
            continue
        nxt = word[j + 2:j + 3] if word[j + 1:j + 2] == "ь" else word[j + 1:j + 2]
        where = "на конце слова" if not nxt or nxt == "-" else f"перед «{nxt}»"
        if ch == "г" and nxt and nxt in "кч":  # лёгкий, мягче: [х], not the pair [к]
            checks, by_related = next(((c, r) for forms, r, _ in sources[:2]
                                       if (c := _consonant_checks(word, j, forms, _heard_paired, lemmas))), ((), False))
            found.append(Letter(j, j + 1, "paired", True, f"{where} слышится [х], а не парная ей [к]: правило о парных "
                                                          "согласных проверку не подсказывает", checks, by_related))
            continue
        if j == 0 and ch == "з" and nxt in NOISY_VOICED:
            if learnt:
                found.append(Letter(j, j + 1, "paired", True, f"в начале слова перед «{nxt}» «з» и «с» звучат "
                                                              "одинаково (сделать), а приставки «з-» нет: знающий "
                                                              "приставки ребёнок напишет «с», проверить «з» нечем"))
            continue
        if ch == "д" and nxt == "ц":  # одиннадцать: [ц], the «д» is not heard at all
            tens = "; «-дцать» пришло от слова «десять»" if "дцать" in word else ""
            found.append(_consonant(j, "spoken", "перед «ц» не слышна: «дц» произносится как [ц]", word, sources,
                                    _heard_paired, "а формы или родственного слова, где после неё гласная, нет" + tens,
                                    lemmas))
            continue
        if ch in VOICED and (not nxt or nxt in NOISY_VOICELESS + "-"):
            heard = PAIRS[ch]
        elif ch in VOICELESS and nxt and nxt in NOISY_VOICED:
            heard = PAIRS[ch]
        else:
            continue
        letter = _consonant(j, "paired", f"{where} слышится [{heard}]", word, sources, _heard_paired,
                            "а формы или родственного слова, где после неё гласная, нет", lemmas)
        if letter.hard and base and not adverbs and j >= base[0] and (
                later := _consonant_checks(word[base[0]:], j - base[0], base[1], _heard_paired)):
            letter = replace(letter, reason=f"{where} слышится [{heard}]; если наречие образовано от слова "
                                            f"«{word[base[0]:]}» ({', '.join(later)}), проверять его этим словом "
                                            "учат только в 4 классе (--grade 4), а другого проверочного слова в "
                                            "словаре не нашлось")
        if letter.hard and j == len(prefix) - 1:
            letter = replace(letter, hard=False, reason=f"{where} слышится [{heard}], но это приставка «{prefix}-»: "
                                                        "она пишется всегда одинаково") if learnt else \
                replace(letter, reason=letter.reason + f"; приставку «{prefix}-» проходят в 3 классе")
        found.append(letter)
    return found


def _heard_paired(after: str) -> bool:
    """Is a paired consonant heard as written before ``after`` (the rest of the form)?"""
    return after[:1] in HEARD_PAIRED


def _heard_silent(cluster: str) -> Callable[[str], bool]:
    """Where the silent consonant that starts ``cluster`` (its part from the consonant on) is heard:
    before a vowel or «ь» (честный — честь), or where the letters after it make no silent cluster with it
    (со[л]нце — со́лнышко: [л] is heard before «нш»)."""
    consonant, rest = cluster[0], cluster[1:]

    def heard(after: str) -> bool:
        return after[:1] in HEARD_SILENT or (len(after) >= len(rest) and not any(
            (consonant + after).startswith(c[k:]) for c, k in SILENT.items() if c[k] == consonant))
    return heard


def _consonant(j: int, kind: str, heard: str, word: str, sources: list[tuple[list[Form], bool, int]],
               after: Callable[[str], bool], no_check: str, lemmas: frozenset[str] = frozenset()) -> Letter:
    """The consonant at ``j``, not hard if a form in one of ``sources`` (forms, related, and the offset
    of the word they check within ``word``: 2 for «круг» in «вокруг») has it before one of ``after``."""
    for forms, by_related, offset in sources:
        checks = _consonant_checks(word[offset:], j - offset, forms, after, lemmas) if j >= offset else ()
        if checks:
            tail = f" (наречие образовано от слова «{word[offset:]}»)" if offset else ""
            return Letter(j, j + 1, kind, False, f"{heard}, но проверяется: {', '.join(checks)}{tail}", checks,
                          by_related)
    return Letter(j, j + 1, kind, True, f"{heard}, {no_check}")


def _with_deck(result: Suggestion, deck: Deck, folder: str) -> Suggestion:
    """Which cards of the bank the proposed card would transfer with and be tossed in on (the rules
    engine's own tables, as the deck checks use them)."""
    from slovariki.game import SLOVARIKI, Game

    same = next((c for c in deck if fold(c.word) == fold(result.word)), None)
    already = None
    if same is not None:
        where = same.source
        already = {"place": str(where) if where else None, "file": where and where.file, "line": where and where.line,
                   "word": same.markup.render(), "grade": same.grade, "stars": same.stars}
    if not result.hard_letters:
        return replace(result, deck={"folder": folder, "already": already, "transfer": None, "toss_in": {}})
    cards = [c for c in deck if c is not same]
    # Without a grade the colour is unknown: transfer is not looked at, toss-in does not depend on it.
    new = Card(result.markup, result.grade or 1, result.stars, "…")
    game = Game(SLOVARIKI, cards + [new])
    me = len(cards)
    others = [i for i in range(me)]
    transfer = [cards[i].word for i in others if game.partners[me] >> i & 1] if result.grade else None
    toss: dict[str, list[str]] = {}
    for i in others:
        if game.links[me] >> i & 1:
            for letter in sorted(cards[i].hard_letters & new.hard_letters):
                toss.setdefault(letter, []).append(cards[i].word)
    return replace(result, deck={"folder": folder, "already": already, "transfer": transfer,
                                 "toss_in": dict(sorted(toss.items()))})
