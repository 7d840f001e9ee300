"""How fast is `build-deck`? Ratios against a bare ReportLab script measured in the same run.

- the bundled deck, all outputs (cards.pdf, rules.pdf, wordlist.pdf), against the bare script
  drawing the same cards;
- generated decks of 2,500, 5,000 and 10,000 cards (cards.pdf): time per card should stay flat
  (linear growth) and within 1.5x of the bare script;
- peak memory of each run in a fresh process: ours minus the bare script's should not grow
  with the deck size (ReportLab itself keeps every page until it saves);
- the word list and the dictation sheet for generated banks of 10,000 and 100,000 words: time per
  word should stay flat.

Run: python benchmarks/bench_build.py [--quick]
"""

from __future__ import annotations

import io
import json
import random
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import bare_reportlab  # noqa: E402
from timing import best_of  # noqa: E402

from slovariki.generator import fonts, handout, sheet  # noqa: E402
from slovariki.generator.dictation import render_dictation  # noqa: E402
from slovariki.generator.build import build_deck, check_fit  # noqa: E402
from slovariki.generator.faces import Faces  # noqa: E402
from slovariki.generator.imposition import Run, render_cards  # noqa: E402
from slovariki.generator.options import DeckOptions  # noqa: E402
from slovariki.markup import Markup, Stress  # noqa: E402
from slovariki.model import Card, Deck  # noqa: E402
from slovariki import pictures  # noqa: E402
from slovariki.wordlist import load_bank  # noqa: E402

SYLLABLES = [c + v for c in "бвгджзклмнпрстфхцчшщ" for v in "аеиоуыэюя"]
DEFINITIONS = [
    "Домашнее животное с рогами, которое даёт молоко.",
    "Маленький сочный плод куста или травы, например малина или клубника.",
    "Небольшая серая птица, которая живёт рядом с людьми в городе и в деревне.",
    "Участок земли, где выращивают овощи.",
    "Инструмент с широким плоским концом и длинной ручкой, которым копают землю.",
]


def generated_deck(size: int) -> Deck:
    """``size`` made-up three-syllable words: the first vowel hard, the last one stressed; two cards in
    three have a shipped picture, as a real bank would."""
    rng = random.Random(size)
    words: set[str] = set()
    while len(words) < size:
        words.add("".join(rng.choice(SYLLABLES) for _ in range(3)))
    shown = [pictures.shipped_folder() / f"{name}.svg" for name in pictures.shipped()]
    cards = [Card(Markup(w, ((1, 2),), (Stress(5, "+"),)), 1 + i % 4, 1 + i % 3, DEFINITIONS[i % 5],
                  picture=shown[i % len(shown)] if i % 3 else None)
             for i, w in enumerate(sorted(words))]
    return Deck.of(cards)


def ours(deck: Deck) -> None:
    """The generator's whole card path: the fit check of every card (pictures read), then measuring and
    drawing, pictures included."""
    options = DeckOptions(grade_sheets=False)
    layout = sheet.compute(options)
    faces = Faces(*layout.card, 0, options.stress)
    check_fit(list(deck), faces)
    render_cards(io.BytesIO(), [Run(list(deck))], layout, faces)


def bare(deck: Deck) -> None:
    bare_reportlab.draw(io.BytesIO(), [(c.word, c.definition, c.colour.print_tint, c.grade) for c in deck])


def peak_memory(kind: str, size: int) -> float:
    """Peak RSS (MB) of a fresh process drawing ``size`` cards the ``kind`` way."""
    out = subprocess.run([sys.executable, __file__, "--memory", kind, str(size)],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["peak_mb"]


def main(quick: bool) -> None:
    fonts.register()
    bare_reportlab.register()
    bundled = load_bank().deck
    with tempfile.TemporaryDirectory() as folder:
        full = best_of(3, build_deck, bundled, DeckOptions(), Path(folder))
    print(f"bundled deck, {len(bundled)} cards, all three PDFs: {full:.3f} s; "
          f"cards only {best_of(3, ours, bundled):.3f} s vs bare {best_of(3, bare, bundled):.3f} s")

    sizes = (1000, 2000) if quick else (2500, 5000, 10000)
    print(f"{'cards':>7} {'ours s':>8} {'bare s':>8} {'ratio':>6} {'µs/card':>8} {'ours MB':>8} {'bare MB':>8} {'extra MB':>9}")
    for size in sizes:
        deck = generated_deck(size)
        t_ours, t_bare = best_of(2, ours, deck), best_of(2, bare, deck)
        m_ours, m_bare = peak_memory("ours", size), peak_memory("bare", size)
        print(f"{size:>7} {t_ours:>8.2f} {t_bare:>8.2f} {t_ours / t_bare:>6.2f} {t_ours / size * 1e6:>8.0f} "
              f"{m_ours:>8.1f} {m_bare:>8.1f} {m_ours - m_bare:>9.1f}")
    print("goal: ratio ≤ 1.5; µs/card flat (linear time); extra MB flat (no memory of our own growing)")

    print(f"{'words':>7} {'wordlist s':>11} {'µs/word':>8} {'dictation s':>12} {'µs/word':>8}")
    for size in (2000, 20000) if quick else (10000, 100000):
        deck = generated_deck(size)
        t_list = best_of(1, handout.render_handout, io.BytesIO(), deck, "a4")
        t_dictation = best_of(1, render_dictation, io.BytesIO(), deck, "a4")
        print(f"{size:>7} {t_list:>11.2f} {t_list / size * 1e6:>8.0f} {t_dictation:>12.2f} {t_dictation / size * 1e6:>8.0f}")
    print("goal: µs/word flat (the handouts grow linearly with the bank)")


def high_water_mb() -> float:
    """This process's peak RSS. Not getrusage: on Linux its ru_maxrss survives fork and exec,
    so a child would report its parent's peak."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def memory_run(kind: str, size: int) -> None:
    fonts.register()
    bare_reportlab.register()
    deck = generated_deck(size)
    (ours if kind == "ours" else bare)(deck)
    print(json.dumps({"peak_mb": high_water_mb()}))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--memory"]:
        memory_run(sys.argv[2], int(sys.argv[3]))
    else:
        main("--quick" in sys.argv)
