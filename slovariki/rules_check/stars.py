"""The star policy of docs/word-lists.md («Что значат звёздочки»), computed from a word's markup: ★ one hard
vowel, ★★ two, ★★★ three hard letters or more, or any hard consonant (double, silent, or heard as another
sound), even alone. A stressed «ё» or «ю» after a hissing consonant (жёлтый, парашют) is a hard vowel like
any other; a hard soft sign is a hard letter but not a consonant. `check` compares each entry's stars with
it, and `suggest` proposes them by it. A double consonant is always hard (кла[сс]): `check` warns when
one is left black, since the stars would follow the markup.
"""

from __future__ import annotations

from dataclasses import dataclass

from slovariki.diagnostics import Diagnostic, warning
from slovariki.markup import VOWELS, Markup
from slovariki.model import Card
from slovariki.text.russian import plural
from slovariki.text.russian import stars as n_stars

NOT_CONSONANTS = frozenset("ьъЬЪ")
FEW = {1: ("одна сложная гласная", "одна сложная буква"), 2: ("две сложные гласные", "две сложные буквы")}


@dataclass(frozen=True)
class StarPolicy:
    stars: int
    reason: str  # why, in Russian: «одна сложная гласная («о»)», «сложная согласная «сс» — это всегда 3 звёздочки»


def star_policy(markup: Markup) -> StarPolicy:
    """The stars the policy gives a word marked so."""
    consonants = [c for start, end in markup.groups if (c := _consonants(markup.plain[start:end]))]
    if consonants:
        shown = ", ".join(f"«{c}»" for c in consonants)
        kind = plural(len(consonants), "сложная согласная", "сложные согласные", "сложные согласные")
        return StarPolicy(3, f"{kind} {shown} — это всегда {n_stars(3)}")
    letters = [markup.plain[i] for i in markup.hard]
    shown = ", ".join(f"«{letter}»" for letter in letters)
    n = len(letters)
    if n == 0:
        return StarPolicy(1, "сложных букв нет")
    if n >= 3:
        return StarPolicy(3, f"{n} {plural(n, 'сложная буква', 'сложные буквы', 'сложных букв')} ({shown})")
    vowels, letters_ = FEW[n]
    return StarPolicy(n, f"{vowels if all(letter in VOWELS for letter in letters) else letters_} ({shown})")


def _consonants(letters: str) -> str:
    """The consonants of a bracket group: «сс» of кла[сс], «й» of пожал[уй]ста."""
    return "".join(ch for ch in letters if ch not in VOWELS and ch not in NOT_CONSONANTS)


def check_stars(card: Card) -> list[Diagnostic]:
    """A warning when the entry's stars are not the policy's."""
    policy = star_policy(card.markup)
    if policy.stars == card.stars:
        return []
    return [warning(card.source, "stars-policy",
                    f"«{card.word}»: {n_stars(card.stars)}, а по правилу звёздочек — {n_stars(policy.stars)}: "
                    f"{policy.reason}")]


def double_consonants(plain: str) -> list[int]:
    """Where each double consonant of a word starts (кла[сс] → [3]), in either case: the one rule by which
    `suggest` marks a double consonant hard and `check` warns when one is left black."""
    return [i for i in range(len(plain) - 1)
            if plain[i].lower() == plain[i + 1].lower() and plain[i].isalpha() and plain[i] not in VOWELS | NOT_CONSONANTS]


def check_doubles(card: Card) -> list[Diagnostic]:
    """A warning for each double consonant the markup leaves black («б[а]сс+ейн»)."""
    plain, hard = card.markup.plain, set(card.markup.hard)
    return [warning(card.source, "unmarked-double",
                    f"«{card.word}»: двойная согласная «{plain[i:i + 2]}» не выделена, а удвоенные согласные "
                    f"всегда сложные: выделите обе буквы, как в «кла[сс]»")
            for i in double_consonants(plain) if not {i, i + 1} <= hard]
