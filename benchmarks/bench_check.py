"""How fast is `slovariki check`? Ratios against baselines measured in the same run.

- check on the bundled bank and on a generated bank of 10,000 real words, in words per second,
  next to a bare pymorphy3 ``parse`` loop over the same words (goal: within 2x per word);
- the stress dictionary check alone, per word, next to the same bare parse loop, and the one-off cost
  of reading the stress dictionary.
Start-up is bench_startup.py's.

Run: python benchmarks/bench_check.py
"""

from __future__ import annotations

import gzip
import tempfile
from importlib import resources
from pathlib import Path

import pymorphy3

from timing import best_of

from slovariki.markup import PLUS, Markup, Stress
from slovariki.model import Card
from slovariki.rules_check.checker import check_bank
from slovariki.rules_check.lexicon import Lexicon
from slovariki.rules_check.stress import StressDictionary, StressFigures, check_stress
from slovariki.bank.wordlist import load_bank

VOWELS = "аеёиоуыэюя"


def generated_bank(folder: Path, size: int) -> list[str]:
    """Write ``size`` real nouns as word files: first vowel hard, last vowel stressed."""
    morph = pymorphy3.MorphAnalyzer()
    words: list[str] = []
    seen = set()
    for word, tag, normal, *_ in morph.dictionary.iter_known_words():
        if len(words) == size:
            break
        vowels = [i for i, ch in enumerate(word) if ch in VOWELS]
        if (word != normal or word in seen or len(vowels) < 2 or "ё" in word
                or tag.POS != "NOUN" or not word.isalpha()):
            continue
        seen.add(word)
        words.append(word)
    per_grade = size // 4 + 1
    for grade in range(1, 5):
        lines = [f"grade: {grade}", "words:"]
        for word in words[(grade - 1) * per_grade: grade * per_grade]:
            vowels = [i for i, ch in enumerate(word) if ch in VOWELS]
            first, last = vowels[0], vowels[-1]
            markup = f"{word[:first]}[{word[first]}]{word[first + 1:last]}+{word[last:]}"
            lines += [f'  - word: "{markup}"', f"    stars: {1 + len(word) % 3}",
                      "    definition: Слово, чтобы проверить скорость проверки."]
        (folder / f"grade{grade}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return words


def bare_parse(words: list[str]) -> None:
    morph = pymorphy3.MorphAnalyzer()
    for word in words:
        morph.parse(word)


def compare(label: str, folder: Path | None, runs: int) -> None:
    bank = load_bank(folder)
    words = [c.word for c in bank.deck]
    load = best_of(runs, lambda: load_bank(folder))
    check = best_of(runs, lambda: check_bank(load_bank(folder)))
    bare = best_of(runs, lambda: bare_parse(words))
    n = len(words)
    print(f"{label}: {n} words")
    print(f"  bare pymorphy3 parse : {n / bare:10.0f} words/s")
    print(f"  check (load + checks): {n / check:10.0f} words/s  ratio {check / bare:.2f}x the bare parse")
    print(f"  of which loading     : {n / load:10.0f} words/s")
    print(f"  checks alone         : ratio {(check - load) / bare:.2f}x the bare parse")


def dictionary_cards(size: int) -> list[Card]:
    """``size`` nouns of the stress dictionary, marked with its first stress: the look-up's usual path."""
    morph = pymorphy3.MorphAnalyzer()
    dictionary = StressDictionary.bundled()
    cards = []
    for lemma in dictionary.lemmas()[::2]:
        if len(cards) == size:
            break
        for entry in dictionary.entries(lemma):
            own = [f for f in entry.forms if f.plain == entry.lemma and f.stresses]
            vowels = [i for i, ch in enumerate(entry.lemma) if ch in VOWELS]
            if (own and len(vowels) > 1 and "ё" not in entry.lemma and entry.lemma.isalpha()
                    and morph.parse(entry.lemma)[0].tag.POS == "NOUN"):
                stress = min(own[0].stresses)
                hard = next(i for i in vowels if i != stress)
                cards.append(Card(Markup(entry.lemma, ((hard, hard + 1),), (Stress(stress, PLUS),)), 1, 1, "…"))
                break
    return cards


def stress_cost(label: str, cards: list[Card], runs: int) -> None:
    """The stress check of every card against a bare parse loop over the same words (an analyzer made
    beforehand). The check's pymorphy3 cache is emptied each run, so a word that needs its lemmas (a
    plural, a word of a phrase) pays for a parse here, as it would without the word checks before it;
    the dictionary is read once, outside both loops."""
    words = [c.word for c in cards]
    lexicon, dictionary = Lexicon(), StressDictionary.bundled()
    morph = pymorphy3.MorphAnalyzer()

    def stress_check() -> None:
        lexicon.parse.cache_clear()
        dictionary._entries.clear()
        figures = StressFigures()
        for card in cards:
            check_stress(card, dictionary, lexicon.reading, figures)

    def parse_loop() -> None:
        for word in words:
            morph.parse(word)

    stress = best_of(runs, stress_check)
    bare = best_of(runs, parse_loop)
    n = len(words)
    print(f"{label} ({n} words): stress check {stress / n * 1e6:6.1f} µs/word, bare pymorphy3 parse "
          f"{bare / n * 1e6:6.1f} µs/word, ratio {stress / bare:.2f}x")


def dictionary_load(runs: int) -> None:
    data = (resources.files("slovariki") / "dictionary" / "stress.txt.gz").read_bytes()
    load = best_of(runs, lambda: StressDictionary(gzip.decompress(data)))
    morph = best_of(runs, pymorphy3.MorphAnalyzer)
    print(f"stress dictionary read once per command: {load * 1000:.0f} ms (pymorphy3.MorphAnalyzer(): "
          f"{morph * 1000:.0f} ms)")


def main() -> None:
    compare("bundled bank", None, runs=5)
    stress_cost("bundled bank", list(load_bank(None).deck), runs=5)
    stress_cost("stress dictionary nouns", dictionary_cards(10_000), runs=3)
    dictionary_load(runs=3)
    with tempfile.TemporaryDirectory() as tmp:
        generated_bank(Path(tmp), 10_000)
        compare("generated bank", Path(tmp), runs=3)


if __name__ == "__main__":
    main()
