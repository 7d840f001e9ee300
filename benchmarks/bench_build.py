"""How fast is `build-deck`? Ratios against a bare ReportLab script measured in the same run.

- whole processes: `slovariki build-deck` on the bundled bank (checks and all four PDFs) against
  `python benchmarks/bare_reportlab.py` (reading the same word files, drawing the same cards and
  pictures), fresh interpreters with warm bytecode caches, interleaved; goal ≤ 2×;
- the bundled deck's card path in-process (fit check, measuring, drawing, pictures included) against
  the bare script's drawing; goal ≤ 1.5×;
- generated decks of 2,500, 5,000 and 10,000 cards: the card path and the whole build_deck (all four
  PDFs) against the bare script; time per card should stay flat (linear growth);
- peak memory of the whole build and of the bare script, each in a fresh process: within 2×
  (ReportLab itself keeps every page until it saves);
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
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import bare_reportlab  # noqa: E402
from timing import ENV, best_of, interleaved  # noqa: E402

from slovariki.generator import fonts, handout, sheet  # noqa: E402
from slovariki.generator.dictation import render_dictation  # noqa: E402
from slovariki.generator.build import build_deck, check_fit  # noqa: E402
from slovariki.generator.faces import Faces  # noqa: E402
from slovariki.generator.imposition import Run, render_cards  # noqa: E402
from slovariki.generator.options import DeckOptions  # noqa: E402
from slovariki.markup import Markup, Stress  # noqa: E402
from slovariki.model import Card, Deck  # noqa: E402
from slovariki.bank import pictures  # noqa: E402
from slovariki.bank.wordlist import load_bank  # noqa: E402

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
    """The generator's whole card path: the deck's definition size chosen over every card (pictures
    read), then measuring at it and drawing, pictures included."""
    options = DeckOptions(grade_sheets=False)
    layout = sheet.compute(options)
    faces = Faces(*layout.card, 0, options.stress)
    check_fit(deck, list(deck), faces)
    render_cards(io.BytesIO(), [Run(list(deck))], layout, faces)


def bare(deck: Deck) -> None:
    bare_reportlab.draw(io.BytesIO(), [(c.word, c.definition, c.colour.print_tint, c.grade, c.picture) for c in deck])


def whole_processes(runs: int) -> list[float]:
    """Best wall times of the whole `build-deck` process, of the bare script's, and of the bare script's
    without pictures, run in turn."""
    with tempfile.TemporaryDirectory() as folder:
        bare_command = [sys.executable, str(Path(__file__).parent / "bare_reportlab.py"), f"{folder}/bare.pdf"]
        commands = [[sys.executable, "-m", "slovariki", "build-deck", "--out", folder], bare_command,
                    [*bare_command, "--no-pictures"]]
        for command in commands:  # bytecode caches written, files cached
            subprocess.run(command, check=True, capture_output=True, env=ENV)
        return interleaved(runs, *(lambda c=c: subprocess.run(c, check=True, capture_output=True, env=ENV)
                                   for c in commands))


def peak_memory(kind: str, size: int) -> float:
    """Peak RSS (MB) of a fresh process drawing ``size`` cards the ``kind`` way."""
    out = subprocess.run([sys.executable, __file__, "--memory", kind, str(size)],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["peak_mb"]


def main(quick: bool) -> None:
    t_whole, t_bare_whole, t_plain_whole = whole_processes(3 if quick else 5)
    print(f"whole process, bundled bank: build-deck {t_whole:.2f} s vs bare script {t_bare_whole:.2f} s: "
          f"ratio {t_whole / t_bare_whole:.2f} (goal ≤ 2); the bare script without pictures {t_plain_whole:.2f} s "
          f"(ratio {t_whole / t_plain_whole:.2f}, for reference)")
    fonts.register()
    bare_reportlab.register()
    bundled = load_bank().deck
    with tempfile.TemporaryDirectory() as folder:
        full = best_of(3, build_deck, bundled, DeckOptions(), Path(folder))
    plain = Deck.of(replace(card, picture=None) for card in bundled)
    t_cards, t_bare, t_plain = interleaved(5, lambda: ours(bundled), lambda: bare(bundled), lambda: bare(plain))
    print(f"bundled deck, {len(bundled)} cards: all its PDFs in-process {full:.3f} s; card path {t_cards:.3f} s "
          f"vs bare {t_bare:.3f} s: ratio {t_cards / t_bare:.2f} (goal ≤ 1.5); bare without pictures {t_plain:.3f} s "
          f"(ratio {t_cards / t_plain:.2f}, for reference)")

    sizes = (1000, 2000) if quick else (2500, 5000, 10000)
    print(f"{'cards':>7} {'cards s':>8} {'all s':>7} {'bare s':>7} {'cards×':>7} {'all×':>5} {'µs/card':>8} "
          f"{'all MB':>7} {'bare MB':>8} {'MB×':>5}")
    for size in sizes:
        deck = generated_deck(size)
        with tempfile.TemporaryDirectory() as folder:
            t_cards, t_all, t_bare = interleaved(1 if size > 5000 else 2, lambda: ours(deck),
                                                 lambda: build_deck(deck, DeckOptions(), Path(folder)),
                                                 lambda: bare(deck))
        m_all, m_bare = peak_memory("all", size), peak_memory("bare", size)
        print(f"{size:>7} {t_cards:>8.2f} {t_all:>7.2f} {t_bare:>7.2f} {t_cards / t_bare:>7.2f} {t_all / t_bare:>5.2f} "
              f"{t_all / size * 1e6:>8.0f} {m_all:>7.1f} {m_bare:>8.1f} {m_all / m_bare:>5.2f}")
    print("cards: the card path; all: build_deck with all its PDFs; goals: cards× ≤ 1.5, µs/card flat, MB× ≤ 2")

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
    if kind == "all":
        with tempfile.TemporaryDirectory() as folder:
            build_deck(deck, DeckOptions(), Path(folder))
    else:
        bare(deck)
    print(json.dumps({"peak_mb": high_water_mb()}))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--memory"]:
        memory_run(sys.argv[2], int(sys.argv[3]))
    else:
        main("--quick" in sys.argv)
