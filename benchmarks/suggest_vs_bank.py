"""How much of the bundled bank does `slovariki suggest` reproduce? Runs the assistant on every entry
(with the entry's grade) and compares stress, hard letters and stars with the bank's markup. Where the
stress dictionary gives two stresses and nothing tells which is standard, suggest asks the editor to
choose and puts the later one in the entry meanwhile: such entries are counted, and compared as proposed.

With --lists it also proposes every word of the public school lists that the bank lacks
(benchmarks/data/school_lists.txt) and counts what kind of proposal each is; --list prints them, for a
methodologist to judge. With --checks it measures the filters on check words: every related word the
dictionary offers for the bank's and the lists' words, which the register tags and the stop list drop,
and which a frequency threshold would drop (if the optional `wordfreq` package is installed).

Run: python benchmarks/suggest_vs_bank.py [--words ПАПКА] [--list] [--lists] [--checks]
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from pathlib import Path

from slovariki.bank.wordlist import load_bank
from slovariki.rules_check.suggest import UNFIT, UNFIT_TAGS, Assistant
from slovariki.text.russian import fold

LISTS = Path(__file__).parent / "data" / "school_lists.txt"
JUDGED = Path(__file__).parent / "data" / "school_lists_judged.tsv"  # each proposal read and judged
RARE = 2.5  # wordfreq's Zipf scale: 2.5 is about 3 in 10 million words, where «презик» (2.07) falls


def compare(card, result) -> list[str]:
    """The kinds of difference between a bank entry and the assistant's proposal ([] when it is exact)."""
    kinds = []
    marked = set(card.stress_positions)
    accepted = {i for s in result.stresses for i in s}
    if not all(result.stresses):
        kinds.append("stress: not in the stress dictionary")
    elif marked - accepted:
        kinds.append("stress: the bank's stress is not the dictionary's")
    elif marked - set(result.stress):
        undecided = any(c.undecided for c in result.choices)
        kinds.append("stress: the bank takes the other accepted stress"
                     + (" (suggest leaves the choice to the editor)" if undecided else ""))
    bank = set(card.hard_positions)
    hard = {i for x in result.hard_letters for i in range(x.start, x.end)}
    why = {i: x for x in result.letters for i in range(x.start, x.end)}
    for i in sorted(hard - bank):
        kinds.append(f"hard only in suggest: {why[i].kind}")
    for i in sorted(bank - hard):
        found = why.get(i)
        if found is None:
            kinds.append("hard only in the bank: a letter suggest does not look at"
                         + (" (stressed)" if i in marked else ""))
        elif found.checks:
            kinds.append(f"hard only in the bank: suggest found a check word ({found.kind})")
        else:
            kinds.append(f"hard only in the bank: suggest calls it a rule ({found.reason.split(':')[0]})")
    if result.stars != card.stars:
        kinds.append("stars differ" + (" (same hard letters)" if hard == bank else ""))
    return kinds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--words", default=None, help="a word bank folder (default: the bundled bank)")
    parser.add_argument("--list", action="store_true", help="print every entry that differs")
    parser.add_argument("--lists", action="store_true", help="propose the public lists' words the bank lacks")
    parser.add_argument("--checks", action="store_true", help="measure the filters on related check words")
    args = parser.parse_args()
    assistant = Assistant()
    deck = load_bank(args.words).deck
    against_bank(assistant, deck, args.list)
    others = {w: g for w, g in list_words().items() if fold(w) not in {fold(c.word) for c in deck}}
    if args.lists:
        against_lists(assistant, others, args.list)
    if args.checks:
        check_words(assistant, {c.word: c.grade for c in deck} | others)


def primary_words() -> set[str]:
    """The words of the grade 1–4 lines (the later grades' words are judged with grade 4's rules)."""
    return {word for line in LISTS.read_text(encoding="utf-8").splitlines()
            if line[:1] in "1234" for word in line.split()[1:]}


def list_words() -> dict[str, int]:
    """The public lists' words, each with the grade `suggest` judges it by (grades 5–6 as grade 4)."""
    words: dict[str, int] = {}
    for line in LISTS.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            grade, *found = line.split()
            for word in found:
                words.setdefault(word, min(int(grade), 4))
    return words


def judged() -> dict[str, str]:
    """Proposal («с[а]м[о]лёт ★2») → the verdict it was given: «ok» or what is wrong with it."""
    found = {}
    for line in JUDGED.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            _, proposal, verdict = line.split("\t")
            found[proposal] = verdict
    return found


def against_lists(assistant: Assistant, words: dict[str, int], show: bool) -> None:
    kinds, hard, verdicts, school = Counter(), Counter(), Counter(), Counter()
    known = judged()
    for word, grade in words.items():
        result = assistant.suggest(word, grade)
        proposal = f"{result.markup.render() if result.hard_letters else result.word} ★{result.stars}"
        verdict = known.get(proposal, "not judged: the proposal changed since it was read")
        verdicts[verdict] += 1
        school[verdict == "ok"] += grade <= 4 and word in primary_words()
        kinds["ready to paste (a dictionary form, stress known)"] += result.ready and all(result.stresses)
        kinds["stress not in the dictionary"] += not all(result.stresses)
        kinds["two stresses left to the editor"] += any(c.undecided for c in result.choices)
        kinds["no hard letter found"] += not result.hard_letters
        kinds["a check word in the note"] += any(x.checks for x in result.letters)
        hard.update(x.kind for x in result.hard_letters)
        if show:
            note = next((line.strip() for line in result.entry().splitlines() if "note:" in line), "")
            print(f"{grade} {result.markup.render() if result.hard_letters else result.word} ★{result.stars} {note}")
    print(f"\npublic list words not in the bank: {len(words)}")
    for kind, n in kinds.items():
        print(f"  {n:4}  {kind}")
    print("  hard letters by kind: " + ", ".join(f"{k} {n}" for k, n in hard.most_common()))
    n = len(words)
    print(f"judged as a methodologist reads them ({JUDGED.name}): accepted as proposed {verdicts['ok']} of {n} "
          f"({verdicts['ok'] / n:.0%}); of the grade 1–4 words {school[True]} of {school[True] + school[False]}")
    for verdict, count in verdicts.most_common():
        if verdict != "ok":
            print(f"  {count:4}  {verdict}")


def check_words(assistant: Assistant, words: dict[str, int]) -> None:
    """Every related lemma the dictionary gives for ``words`` (the pool check words are taken from), and
    what each filter drops; and the check words the proposals name."""
    try:
        from wordfreq import zipf_frequency
    except ImportError:
        zipf_frequency = None
    pool: set[str] = set()
    named: Counter = Counter()
    for word, grade in words.items():
        low = word.lower()
        if assistant.lexicon.is_known(low):
            info = assistant.lexicon.info(low)
            for name in dict.fromkeys([low, info.lemma]):
                for entry in assistant.dictionary.entries(name):
                    pool.update(entry.related)
        result = assistant.suggest(word, grade)
        named.update(c.replace("\u0301", "") for x in result.letters if x.related for c in x.checks)
    tagged = sorted(r for r in pool if not assistant.fit_for_child(r) and fold(r) not in UNFIT)
    listed = sorted(r for r in pool if fold(r) in UNFIT)
    print(f"\nrelated words the dictionary offers for {len(words)} words: {len(pool)}")
    print(f"  dropped by pymorphy3's tags ({', '.join(sorted(UNFIT_TAGS))}): {len(tagged)} {tagged}")
    print(f"  dropped by the stop list: {len(listed)} {listed}")
    if zipf_frequency is None:
        print("  frequency: wordfreq is not installed (pip install wordfreq) — not measured")
    else:
        rare = sorted(r for r in pool if zipf_frequency(r, "ru") < RARE)
        print(f"  below Zipf {RARE} in wordfreq (not used by suggest): {len(rare)} {rare}")
    print(f"check words the proposals name as related words ({sum(named.values())}): "
          + ", ".join(sorted(named)))


def against_bank(assistant: Assistant, deck, show: bool) -> None:
    exact, kinds, examples = 0, Counter(), defaultdict(list)
    part, undecided = Counter(), []
    for card in deck:
        result = assistant.suggest(card.word, card.grade)
        found = compare(card, result)
        if any(c.undecided for c in result.choices):
            undecided.append(card.word)
        proposed = result.markup.render() if result.hard_letters else result.word
        part["stress"] += not any(k.startswith("stress") for k in found)
        part["hard letters"] += not any(k.startswith("hard") for k in found)
        part["stars"] += result.stars == card.stars
        if not found:
            exact += 1
            continue
        for kind in set(found):
            kinds[kind] += 1
            examples[kind].append(f"{card.markup.render()} ★{card.stars} → {proposed} ★{result.stars}")
        if show:
            print(f"{card.source}: {card.markup.render()} ★{card.stars} → {proposed} ★{result.stars}: "
                  + "; ".join(found))
    n = len(deck)
    print(f"entries: {n}; reproduced exactly (stress, hard letters, stars): {exact} ({exact / n:.0%})")
    print("  " + ", ".join(f"{name} alike: {k} ({k / n:.0%})" for name, k in part.items()))
    print(f"  two accepted stresses left to the editor: {len(undecided)} ({', '.join(undecided)})")
    print("differences (entries with each kind):")
    for kind, count in kinds.most_common():
        shown = "; ".join(examples[kind][:4])
        print(f"  {count:4}  {kind}: {shown}")


if __name__ == "__main__":
    main()
