"""Deck-level rules checks: does the selected deck give every card a transfer partner (R8), toss-in
partners of other colours (R9), a same-colour card that beats it (R7), enough cards for the players
(R2), and a fair balance across colours?

The answers come from the rules engine's own tables (``slovariki.game``), so the checker and the game
can never disagree about what beats, transfers or links.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from slovariki.diagnostics import Diagnostic, error, warning
from slovariki.game import SLOVARIKI, Game, capacity
from slovariki.game.rulesets import MAX_PLAYERS, MIN_PLAYERS, cards_needed
from slovariki.model import Card, Colour, Deck
from slovariki.text.russian import cards as n_cards
from slovariki.text.russian import cards_genitive
from slovariki.text.russian import stars as n_stars

FEW_TOSS_PARTNERS = 3  # fewer than this many toss-in partners is a warning
MIN_CLASS = 6  # word-lists.md: at least 6 cards per star level of a grade
BALANCE = 2 / 3  # a colour with fewer than 2/3 of the largest colour's cards is out of balance
WITH_STARS = {1: "с 1 звёздочкой", 2: "с 2 звёздочками", 3: "с 3 звёздочками"}


@dataclass(frozen=True)
class DeckReport:
    """Deck diagnostics (no file position unless they concern one card) and JSON-ready figures."""

    diagnostics: tuple[Diagnostic, ...]
    figures: dict  # check_deck's, every key always there

    def as_text_lines(self) -> list[str]:
        """The summary numbers, one line each, in Russian."""
        f = self.figures
        room = f"хватает на {f['capacity']} игроков" if f["capacity"] else "не хватает даже на двух игроков"
        lines = [f"Колода: {n_cards(f['cards'])}, {room} (правило 2)."]
        if not f["cards"]:
            return lines
        failing = f["transfer"]["failing"]
        if failing:
            lines.append("Перевод (правило 8): без пары остались: " + ", ".join(
                _card_kind(c["colour"], c["stars"]) for c in failing) + ".")
        else:
            groups = len(f["transfer"]["classes"])
            lines.append(f"Перевод (правило 8): у каждой карты есть пара того же цвета и с тем же числом "
                         f"звёздочек (групп по цвету и звёздочкам: {groups}).")
        toss = f["toss_in"]
        if toss["min"] is not None:
            lines.append(f"Подкидывание (правило 9): партнёров других цветов у карты от {toss['min']} до "
                         f"{toss['max']}, медиана {toss['median']:g}; без партнёров — {len(toss['without'])}, "
                         f"меньше трёх — {len(toss['few'])}.")
        lines.append("Сложные буквы по цветам: " + "; ".join(
            f"{letter} — " + ", ".join(f"{Colour.from_key(k).russian} {n}" for k, n in counts.items())
            for letter, counts in toss["letters"].items()) + ".")
        for pair, letters in toss["links"].items():
            first, second = (Colour.from_key(k).russian for k in pair.split("-"))
            shown = ", ".join(letters) if letters else "нет общих букв"
            lines.append(f"  {first} ↔ {second}: {shown}")
        unbeatable = f["beating"]["unbeatable"]
        if unbeatable:
            lines.append("Побить картой своего цвета (правило 7) нельзя: " + ", ".join(f"«{w}»" for w in unbeatable) + ".")
        else:
            lines.append("Побить картой своего цвета (правило 7) можно каждую карту.")
        return lines


def _class_name(colour_key: str, stars: int) -> str:
    return f"{Colour.from_key(colour_key).russian}, {n_stars(stars)}"


def _card_kind(colour_key: str, stars: int) -> str:
    """«зелёная карта с 2 звёздочками»."""
    return f"{Colour.from_key(colour_key).russian_card} карта {WITH_STARS[stars]}"


def check_deck(deck: Deck) -> DeckReport:
    """Every deck-level check on these cards (the grades already selected)."""
    cards = list(deck)
    game = Game(SLOVARIKI, cards)
    found: list[Diagnostic] = []
    colours = sorted({c.colour for c in cards}, key=lambda c: c.value)
    figures = {
        "cards": len(cards),
        "capacity": _capacity(len(cards), found),
        "colours": _colour_figures(cards, colours, found),
        "transfer": _transfer(cards, colours, found),
        "toss_in": _toss_in(game, cards, colours, found),
        "beating": _beating(game, cards, found),
    }
    return DeckReport(tuple(found), figures)


def _capacity(size: int, found: list[Diagnostic]) -> int:
    most = capacity(size)
    if most == 0:
        found.append(error(None, "deck-too-small", f"правило 2: в колоде {n_cards(size)}, а даже для двух "
                                                   f"игроков нужно не меньше {cards_genitive(cards_needed(MIN_PLAYERS))}"))
    elif most < MAX_PLAYERS:
        found.append(warning(None, "deck-capacity", f"правило 2: колоды ({n_cards(size)}) хватает только "
                                                    f"на {most} игроков, а играть можно и вшестером"))
    return most


def _colour_figures(cards: list[Card], colours: list[Colour], found: list[Diagnostic]) -> dict:
    sizes = Counter(c.colour for c in cards)
    stars = Counter((c.colour, c.stars) for c in cards)
    if colours:
        largest = max(sizes.values())
        for colour in colours:
            if sizes[colour] < BALANCE * largest:
                found.append(warning(None, "deck-colour-balance",
                                     f"карт цвета «{colour.russian}» — {sizes[colour]}, а в самом большом "
                                     f"цвете — {largest}: цвета в игре неравны"))
            for n in (1, 2, 3):
                if stars[(colour, n)] < MIN_CLASS:
                    found.append(warning(None, "deck-star-spread",
                                         f"в цвете «{colour.russian}» карт {WITH_STARS[n]}: "
                                         f"{stars[(colour, n)]}, а нужно хотя бы {MIN_CLASS}"))
    return {colour.key: {"cards": sizes[colour], "stars": {str(n): stars[(colour, n)] for n in (1, 2, 3)}}
            for colour in colours}


def _transfer(cards: list[Card], colours: list[Colour], found: list[Diagnostic]) -> dict:
    """R8: a card transfers only with a card of its colour and stars, so each class needs two."""
    by_class: dict[tuple[Colour, int], list[Card]] = {}
    for card in cards:
        by_class.setdefault((card.colour, card.stars), []).append(card)
    classes, failing = [], []
    for colour in colours:
        for stars in (1, 2, 3):
            members = by_class.get((colour, stars), [])
            entry = {"colour": colour.key, "stars": stars, "cards": len(members)}
            classes.append(entry)
            if len(members) == 1:
                failing.append(entry)
                found.append(error(members[0].source, "deck-no-transfer-partner",
                                   f"правило 8: «{members[0].word}» — единственная {_card_kind(colour.key, stars)}: "
                                   f"её нечем перевести и ею не перевести"))
    return {"classes": classes, "failing": failing}


def _toss_in(game: Game, cards: list[Card], colours: list[Colour], found: list[Diagnostic]) -> dict:
    """R9: the cards of other colours that share a hard letter with each card."""
    same_colour = {colour: sum(1 << i for i, c in enumerate(cards) if c.colour is colour) for colour in colours}
    counts, without, few = [], [], []
    if len(colours) == 1:
        found.append(warning(None, "deck-one-colour", f"правило 9: в колоде только {colours[0].russian} цвет, "
                                                      "подкидывать можно лишь карты того же цвета"))
    for i, card in enumerate(cards if len(colours) > 1 else ()):
        partners = (game.links[i] & ~same_colour[card.colour]).bit_count()
        counts.append(partners)
        letters = ", ".join(sorted(card.hard_letters))
        if partners == 0:
            without.append(card.word)
            found.append(error(card.source, "deck-no-toss-partner",
                               f"правило 9: ни у одной карты других цветов нет общей сложной буквы с «{card.word}» "
                               f"({letters}): после неё подкидывают только карты того же цвета"))
        elif partners < FEW_TOSS_PARTNERS:
            few.append(card.word)
            found.append(warning(card.source, "deck-few-toss-partners",
                                 f"правило 9: у «{card.word}» (сложные буквы: {letters}) всего "
                                 f"{partners} {'партнёр' if partners == 1 else 'партнёра'} других цветов для подкидывания"))
    letters: dict[str, Counter] = {}
    for card in cards:
        for letter in card.hard_letters:
            letters.setdefault(letter, Counter())[card.colour] += 1
    by_letter = {
        letter: {colour.key: counts_[colour] for colour in colours if counts_[colour]}
        for letter, counts_ in sorted(letters.items(), key=lambda item: (-sum(item[1].values()), item[0]))
    }
    links = {
        f"{a.key}-{b.key}": sorted(letter for letter, n in letters.items() if n[a] and n[b])
        for a, b in combinations(colours, 2)
    }
    return {
        "min": min(counts) if counts else None,
        "max": max(counts) if counts else None,
        "median": statistics.median(counts) if counts else None,
        "without": without,
        "few": few,
        "letters": by_letter,
        "links": links,
    }


def _beating(game: Game, cards: list[Card], found: list[Diagnostic]) -> dict:
    """R7 without trumps: every card needs another card of its colour that beats it."""
    beaters = game.beaters(None)  # no trump: only same-colour beats count
    unbeatable = []
    for i, card in enumerate(cards):
        if not beaters[i] & ~(1 << i):
            unbeatable.append(card.word)
            found.append(error(card.source, "deck-unbeatable",
                               f"правило 7: «{card.word}» ({_class_name(card.colour.key, card.stars)}) "
                               "нельзя побить ничем, кроме козыря: в этом цвете нет другой карты "
                               "с тем же или большим числом звёздочек"))
    return {"unbeatable": unbeatable}
