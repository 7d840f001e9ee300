"""`slovariki check`: every check over a loaded bank, one report, two renderings.

The report tells apart what stops a deck — errors in the word entries, which build-deck refuses —
from what only makes the game poorer: the deck rules findings (a card without a transfer partner, a
colour short of stars) are advice, grouped, with what to add. A class list of a dozen words is a good
word list and dictation even when it is too small a deck to play; ``--strict`` counts advice as failure.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from slovariki import diagnostics as diag
from slovariki.diagnostics import Diagnostic
from slovariki.game import HAND_SIZE
from slovariki.game.rulesets import MAX_PLAYERS, MIN_PLAYERS, cards_needed
from slovariki.model import Card, Colour, Deck
from slovariki.rules_check.deck import MIN_CLASS, DeckReport, check_deck
from slovariki.rules_check.lexicon import Lexicon, WordInfo
from slovariki.rules_check.stars import check_doubles, check_stars
from slovariki.rules_check.stress import StressDictionary, StressFigures, check_stress
from slovariki.bank.wordlist import WordBank, WordFile
from slovariki.text.russian import cards as n_cards
from slovariki.text.russian import plural
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

    def failed(self, strict: bool = False) -> bool:
        """Errors in the entries fail; warnings and deck advice only with ``strict``."""
        return bool(self.word_errors) or (strict and bool(self.diagnostics))

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
        advice = self.deck_check.diagnostics if self.deck_check else ()
        return diag.to_json(self.diagnostics, cards=len(self.deck), summary=summary, stress=stress, deck=deck,
                            words=[w.as_json() for w in self.words], entry_errors=len(self.word_errors),
                            advice=len(advice))

    def as_text(self) -> str:
        advice = set(self.deck_check.diagnostics) if self.deck_check else set()
        errors = sorted(self.word_errors, key=Diagnostic.sort_key)
        warnings = sorted((d for d in self.diagnostics if not d.is_error and d not in advice), key=Diagnostic.sort_key)
        lines = []
        if errors:
            lines += [f"Ошибки в словах ({len(errors)}) — исправьте их, иначе колода не соберётся:"]
            lines += [f"  {d.as_text()}" for d in errors] + [""]
        if warnings:
            lines += [f"Предупреждения ({len(warnings)}):"] + [f"  {d.as_text()}" for d in warnings] + [""]
        tips = advice_lines(self.deck_check) if self.deck_check else []
        if tips:
            lines += ["Советы по колоде — карточки, список слов и диктант печатаются и так, а с этими словами "
                      "игра станет интереснее:"] + [f"  • {tip}" for tip in tips] + [""]
        said = plural(len(tips), "совет", "совета", "советов")
        lines.append(f"Карточек: {len(self.deck)}; ошибок: {len(errors)}, предупреждений: {len(warnings)}"
                     + (f", {len(tips)} {said} по колоде" if tips else ""))
        lines.append(f"{'класс':<18}{'★':>5}{'★★':>5}{'★★★':>5}{'всего':>7}")
        for grade, stars in self.summary().items():
            label = f"{grade} класс ({Colour.for_grade(grade).russian})"
            lines.append(f"{label:<18}" + "".join(f"{stars[s]:>5}" for s in (1, 2, 3)) + f"{sum(stars.values()):>7}")
        if self.deck:
            lines.extend(list_words_lines(self.deck))
        if self.stress:
            lines.append(self.stress.as_text())
        if self.deck_check and self.deck_check.figures["capacity"]:  # a class list too small to play: the advice says it
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


def advice_lines(report: DeckReport) -> list[str]:
    """The deck rules findings as advice, one line per kind, each with what to add (from the figures)."""
    f = report.figures
    codes = {d.code for d in report.diagnostics}
    tips = []
    if "deck-too-small" in codes:
        need = cards_needed(MIN_PLAYERS) - f["cards"]
        tips.append(f"чтобы в эту колоду играть, нужно хотя бы {n_cards(cards_needed(MIN_PLAYERS))} "
                    f"(по {HAND_SIZE} на руки двоим и "
                    f"козырь), а в ней {n_cards(f['cards'])}: добавьте ещё {need} {plural(need, 'слово', 'слова', 'слов')}")
    elif "deck-capacity" in codes:
        tips.append(f"колоды хватает на {f['capacity']} игроков; чтобы играли вшестером, нужно "
                    f"{n_cards(cards_needed(MAX_PLAYERS))}")
    failing = f["transfer"]["failing"]
    if failing:
        kinds = ", ".join(f"{Colour.from_key(c['colour']).grade} класс с {_with_stars(c['stars'])}" for c in failing)
        tips.append(f"перевод (правило 8): карта переводится картой своего класса с тем же числом звёздочек, а здесь "
                    f"такая карта одна: {kinds} — добавьте по слову в каждую из этих групп")
    unbeatable = f["beating"]["unbeatable"]
    if unbeatable:
        one = len(unbeatable) == 1
        tips.append(f"побить (правило 7): {_words(unbeatable)} {'бьётся' if one else 'бьются'} только козырем — добавьте "
                    f"в {'его класс' if one else 'их классы'} слова с тем же или большим числом звёздочек")
    lonely = f["toss_in"]["without"] + f["toss_in"]["few"]
    if lonely:
        tips.append(f"подкидывание (правило 9): у {'карты' if len(lonely) == 1 else 'карт'} {_words(lonely)} мало общих сложных букв с картами других классов — "
                    "добавьте в другие классы слова с теми же сложными буквами")
    if "deck-one-colour" in codes:
        tips.append("все карты одного класса, и подкидывать можно только их: слова другого класса (другого цвета) "
                    "сделают игру разнообразнее")
    short = [f"{Colour.from_key(key).grade} класс: " + ", ".join(
                 f"с {_with_stars(int(n))} — {count}" for n, count in colour["stars"].items())
             for key, colour in f["colours"].items() if min(colour["stars"].values()) < MIN_CLASS]
    if short and "deck-star-spread" in codes:
        tips.append(f"звёздочки: в каждом классе лучше хотя бы {MIN_CLASS} карт с 1, с 2 и с 3 звёздочками, а сейчас "
                    + "; ".join(short))
    if "deck-colour-balance" in codes:
        sizes = ", ".join(f"{Colour.from_key(key).grade} класс — {n_cards(colour['cards'])}"
                          for key, colour in f["colours"].items())
        tips.append(f"классы неравны ({sizes}): добавьте слов в меньшие")
    return tips


def _with_stars(n: int) -> str:
    return f"{n} {plural(n, 'звёздочкой', 'звёздочками', 'звёздочками')}"


def _words(words: list[str]) -> str:
    shown = ", ".join(f"«{w}»" for w in words[:8])
    return shown + (f" и ещё {len(words) - 8}" if len(words) > 8 else "")
