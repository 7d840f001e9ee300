"""How fast is `slovariki check`? Ratios against baselines measured in the same run.

- check on the bundled bank and on a generated bank of 10,000 real words, in words per second,
  next to a bare pymorphy3 ``parse`` loop over the same words (goal: within 2x per word);
- ``slovariki --help`` start-up next to ``python -c "import click"`` (goal: under 2x).

Run: python benchmarks/bench_check.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import pymorphy3

from timing import best_of, startup

from slovariki.rules_check.checker import check_bank
from slovariki.wordlist import load_bank

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


def main() -> None:
    compare("bundled bank", None, runs=5)
    with tempfile.TemporaryDirectory() as tmp:
        generated_bank(Path(tmp), 10_000)
        compare("generated bank", Path(tmp), runs=3)
    click = startup([sys.executable, "-c", "import click"])
    cli = startup([sys.executable, "-m", "slovariki", "--help"])
    print(f"start-up: python -c 'import click' {click * 1000:.0f} ms, slovariki --help {cli * 1000:.0f} ms,"
          f" ratio {cli / click:.2f}x")


if __name__ == "__main__":
    main()
