"""`slovariki check`: every check over a loaded bank, one report, two renderings."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from slovariki import diagnostics as diag
from slovariki.diagnostics import Diagnostic
from slovariki.model import Card, Colour, Deck
from slovariki.rules_check.deck import DeckReport, check_deck
from slovariki.rules_check.lexicon import Lexicon, WordInfo
from slovariki.rules_check.stars import check_doubles, check_stars
from slovariki.rules_check.stress import StressDictionary, StressFigures, check_stress
from slovariki.bank.wordlist import WordBank, WordFile
from slovariki.text.terminal import list_words_lines


# Warnings about what a card would print wrong: a stress the dictionary disagrees with, «е» for «ё», a
# capital a common word does not have. build-deck shows them in full and stops on them (--force builds).
PRINTED_WRONG = ("stress-dictionary", "missing-yo", "needless-capital")

@dataclass(frozen=True)
class CheckReport:
    deck: Deck
    diagnostics: tuple[Diagnostic, ...]
    words: tuple[WordInfo, ...]
    deck_check: DeckReport | None = None  # the deck rules checks (R2, R7–R9) and their figures
    stress: StressFigures | None = None  # the stress dictionary check's counts

    @property
    def errors(self) -> int:
        return diag.count(self.diagnostics)[0]

    @property
    def warnings(self) -> int:
        return diag.count(self.diagnostics)[1]

    def failed(self, strict: bool = False) -> bool:
        return self.errors > 0 or (strict and self.warnings > 0)

    @property
    def deck_errors(self) -> tuple[Diagnostic, ...]:
        """What the deck rules checks found wrong with the deck as a whole."""
        return tuple(d for d in self.deck_check.diagnostics if d.is_error) if self.deck_check else ()

    @property
    def word_errors(self) -> tuple[Diagnostic, ...]:
        """Errors in the word files and their entries: everything but the deck rules findings."""
        deck = set(self.deck_errors)
        return tuple(d for d in self.diagnostics if d.is_error and d not in deck)

    def word_warnings(self, cards: Iterable[Card] | None = None) -> tuple[Diagnostic, ...]:
        """Warnings about the word entries (of ``cards`` only, when given), not about the deck."""
        deck = set(self.deck_check.diagnostics) if self.deck_check else set()
        places = None if cards is None else {(c.source.file, c.source.line) for c in cards if c.source}
        return tuple(d for d in self.diagnostics if not d.is_error and d.file is not None and d not in deck
                     and (places is None or (d.file, d.line) in places))

    def summary(self) -> dict[int, Counter]:
        """Cards per grade, counted by stars."""
        table: dict[int, Counter] = {}
        for card in self.deck:
            table.setdefault(card.grade, Counter())[card.stars] += 1
        return dict(sorted(table.items()))

    def as_json(self) -> str:
        listed = Counter(c.grade for c in self.deck if not c.game_word)  # the others are game words
        summary = {str(g): {**{str(s): n[s] for s in (1, 2, 3)}, "list_words": listed[g]}
                   for g, n in self.summary().items()}
        deck = self.deck_check.figures if self.deck_check else None
        stress = self.stress.as_json() if self.stress else None
        return diag.to_json(self.diagnostics, cards=len(self.deck), summary=summary, stress=stress, deck=deck,
                            words=[w.as_json() for w in self.words])

    def as_text(self) -> str:
        lines = [d.as_text() for d in sorted(self.diagnostics, key=Diagnostic.sort_key)]
        if lines:
            lines.append("")
        lines.append(f"Карточек: {len(self.deck)}; ошибок: {self.errors}, предупреждений: {self.warnings}")
        lines.append(f"{'класс':<18}{'★':>5}{'★★':>5}{'★★★':>5}{'всего':>7}")
        for grade, stars in self.summary().items():
            label = f"{grade} класс ({Colour.for_grade(grade).russian})"
            lines.append(f"{label:<18}" + "".join(f"{stars[s]:>5}" for s in (1, 2, 3)) + f"{sum(stars.values()):>7}")
        if self.deck:
            lines.extend(list_words_lines(self.deck))
        if self.stress:
            lines.append(self.stress.as_text())
        if self.deck_check:
            lines.extend(self.deck_check.as_text_lines())
        return "\n".join(lines)


def check_bank(bank: WordBank, grades: Iterable[int] | None = None, deck_rules: bool = False) -> CheckReport:
    """Run every check on the bank's cards of the given grades (all when None); ``deck_rules`` adds
    the deck rules checks (transfer, toss-in, beating, capacity, balance)."""
    bank = bank.select(grades)
    deck = bank.deck
    found = list(bank.diagnostics)
    if not deck:
        chosen = f" выбранных классов ({', '.join(map(str, sorted(grades)))})" if grades else ""
        found.append(diag.warning(None, "no-cards", f"в банке нет ни одной карточки{chosen}"))
    lexicon = Lexicon()
    stress_dictionary = StressDictionary.bundled() if deck else None
    stress = StressFigures()
    words = []
    for card in deck:
        problems, info = lexicon.check(card)
        found.extend(problems)
        found.extend(check_stress(card, stress_dictionary, lexicon.reading, stress))
        found.extend(check_doubles(card))
        found.extend(check_stars(card))
        if info is not None:
            words.append(info)
    unread = [f for f in bank.files if f.grade is None and (grades is None or f.named_grade in (None, *grades))]
    deck_check = check_deck(deck) if deck_rules and not unread else None
    if deck_rules and unread:
        found.append(_deck_not_checked(unread))
    if deck_check:
        found.extend(deck_check.diagnostics)
    return CheckReport(deck, tuple(found), tuple(words), deck_check, stress)


def _deck_not_checked(unread: list[WordFile]) -> Diagnostic:
    """The deck rules are not checked on a deck that lacks a file's words: they would report the gaps."""
    names = ", ".join(f"{f.name} (лист «{f.sheet}»)" if f.sheet else f.name for f in unread)
    if len(unread) == 1:
        said = f"файл {names} не прочитан, и без его слов колода неполная; исправьте ошибки в нём"
    else:
        said = f"файлы {names} не прочитаны, и без их слов колода неполная; исправьте ошибки в них"
    return diag.warning(None, "deck-not-checked", f"правила колоды не проверены: {said} и проверьте снова")
