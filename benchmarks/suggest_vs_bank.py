"""How much of the bundled bank does `slovariki suggest` reproduce? Runs the assistant on every entry
(with the entry's grade) and compares stress, hard letters and stars with the bank's markup. Where the
stress dictionary gives two stresses and nothing tells which is standard, suggest asks the editor to
choose and puts the later one in the entry meanwhile: such entries are counted, and compared as proposed.

Run: python benchmarks/suggest_vs_bank.py [--words ПАПКА] [--list]
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict

from slovariki.rules_check.suggest import Assistant
from slovariki.bank.wordlist import load_bank


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
    args = parser.parse_args()
    assistant = Assistant()
    deck = load_bank(args.words).deck
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
        if args.list:
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
