"""Finding cards and players in what people type: exact words, word forms, typos, short names.

The protocol asks only for exact words (``CardFinder.exact``); the Russian REPL also accepts any
grammatical form («орнаментом» → «орнамент», through pymorphy3, loaded on first use) and suggests
the nearest words for a typo (``nearest``, difflib). Classic durak cards are parsed as ``10♥``/``Дп``,
and in the REPL also as people say them: «дама пик», «8 крести», «десяткой бубён», «пиковый туз».
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from itertools import product
from typing import Any

from slovariki.game import PlayingCard
from slovariki.text.russian import alternatives
from slovariki.text.spoken import MAX_WORD_CHARS, cases, forms, lemmas, normal, own_lemmas, rank_cases, spoken_card
from slovariki.text.terminal import shorten


MAX_CARD_WORDS = 4  # the most words a card's name may be typed with; longer text is no card
# The longest text looked up as a card or a word: longer text is no card, and the word-form and
# typo look-ups (pymorphy3, difflib) grow with their input, so they never see it.
MAX_CARD_CHARS = MAX_WORD_CHARS
# How alike a typed word and a card's word (in its nearest form) must be for a suggestion: difflib's
# ratio, from 0 to 1 («лапатой» and «лопатой»: 0.86; «слонопотам» and «лопатам»: 0.71, no suggestion).
NEAR, NEAR_SHORT, SHORT_WORD = 0.75, 0.6, 4


class CardFinder:
    """Looks up the cards of one game's deck by their text. ``bank`` gives the word bank's cards
    outside this deck (other grades), to say so when one of them is named."""

    def __init__(self, cards: Sequence[Any], bank: Callable[[], Sequence[Any]] = tuple) -> None:
        self.cards = tuple(cards)
        self._bank = bank
        self._outside: CardFinder | None = None
        self.classic = bool(self.cards) and isinstance(self.cards[0], PlayingCard)
        self._exact = {str(c): c for c in self.cards}
        self._members = set(self.cards)
        self._normal = {normal(str(c)): c for c in self.cards}
        self._by_lemma: dict[str, list[Any]] | None = None

    def exact(self, text: str) -> Any | None:
        """The card written exactly (any case, «е» for «ё»); classic cards in any accepted spelling."""
        card = self._exact.get(text)
        if card is not None or len(text) > MAX_CARD_CHARS:
            return card
        if self.classic:
            try:
                card = PlayingCard.parse(text)
            except ValueError:
                return None
            return card if card in self._members else None
        return self._normal.get(normal(text))

    def named(self, text: str, word_forms: bool = False) -> Any | None:
        """The card written exactly; with ``word_forms`` also the one card a form names («лопату»)."""
        card = self.exact(text)
        if card is None and word_forms:
            forms = self.by_form(text)
            card = forms[0] if len(forms) == 1 else None
        return card

    def by_form(self, text: str) -> list[Any]:
        """Cards whose word ``text`` may be a form of: «орнаментом», «лопату», «сапогами»."""
        card = self.exact(text)
        if card is not None:
            return [card]
        if len(text) > MAX_CARD_CHARS:
            return []
        if self.classic:
            card = self.spoken(text)
            return [] if card is None else [card]
        tokens = text.split()
        if not tokens or len(tokens) > MAX_CARD_WORDS:
            return []
        index = self._lemma_index()
        found: list[Any] = []
        for combination in product(*(lemmas(t) for t in tokens)):
            for match in index.get(" ".join(combination), ()):
                if match not in found:
                    found.append(match)
        return found

    def _lemma_index(self) -> dict[str, list[Any]]:
        """Each card under its own word and under the dictionary forms of its words («сапоги» → сапог)."""
        if self._by_lemma is None:
            index: dict[str, list[Any]] = {}
            for card in self.cards:
                keys = {normal(card.word)}
                keys.update(" ".join(c) for c in product(*(lemmas(t) for t in card.word.split())))
                for key in keys:
                    index.setdefault(key, []).append(card)
            self._by_lemma = index
        return self._by_lemma

    def spoken(self, text: str) -> PlayingCard | None:
        """A classic card said in words, in any case and either order: «дама пик», «8 крести»,
        «туза бубен», «пиковую даму»; a rank's letter or a suit's sign may stand for its word."""
        card = spoken_card(text)
        return card if card in self._members else None

    def cases(self, text: str, card: Any) -> frozenset[str]:
        """The grammatical cases ``text`` may be in as the name of ``card``: «деревней» → {ablt},
        «коридор» → {nomn, accs}, «даму пик» → {accs}; none when the text does not show it («8 крести»)."""
        if self.classic:
            return rank_cases(text)
        tokens, words = text.split(), card.word.split()
        if len(tokens) != len(words) or len(text) > MAX_CARD_CHARS:
            return frozenset()
        found: frozenset[str] | None = None
        for token, word in zip(tokens, words):  # the words of «до свидания» agree, or carry no case
            said = cases(token, set(own_lemmas(word)))
            if said:
                found = said if found is None else found & said
        return found or frozenset()

    def outside(self, text: str) -> Any | None:
        """A card of the word bank that is not in this deck, named exactly or in another form."""
        if self.classic or len(text) > MAX_CARD_CHARS:
            return None
        if self._outside is None:
            self._outside = CardFinder([c for c in self._bank() if c not in self._members])
        found = self._outside.by_form(text) if self._outside.cards else []
        return found[0] if len(found) == 1 else None

    def outside_message(self, card: Any) -> str:
        """«карты «Москва» нет в этой игре: это карта 1 класса, а в игре классы 2, 3»."""
        grades = sorted({c.grade for c in self.cards})
        playing = f"только {grades[0]} класс" if len(grades) == 1 else f"классы {', '.join(map(str, grades))}"
        return f"карты «{card}» нет в этой игре: это карта {card.grade} класса, а в игре {playing}"

    def nearest(self, text: str, n: int = 3) -> list[Any]:
        """The cards whose words look most like ``text`` (a typo, another form), best first."""
        if self.classic or len(text) > MAX_CARD_CHARS:  # difflib's time and memory grow with the text
            return []
        want = normal(text)
        close = difflib.get_close_matches(want, list(self._normal), n=4 * n, cutoff=0.6)

        def likeness(word: str) -> float:  # «лапатой» is nearest «лопата» in one of its forms
            return max(difflib.SequenceMatcher(None, want, form).ratio() for form in forms(word))

        # Only a near word is a likely typo: «слонопотам» shares «лопат» with «лопата» (0.71) and is no
        # typo of it. A short word may differ in one letter of three («кот», «кит»).
        near = NEAR_SHORT if len(want) <= SHORT_WORD else NEAR
        alike = [(likeness(w), w) for w in close]
        return [self._normal[w] for score, w in sorted(alike, key=lambda pair: -pair[0])[:n] if score >= near]

    def unknown_message(self, text: str) -> str:
        """«такой карты нет», with the nearest words when there are some."""
        if self.classic:
            said = self.by_form(text)
            if said:  # «дама пик» where the card must be written exactly (the protocol)
                return f"карту «{shorten(text)}» пишите так: {said[0]}"
            return (f"не понимаю карту «{shorten(text)}»: назовите достоинство и масть, например 10♥, Дп, "
                    "«дама пик» или «8 треф» (достоинства 6 7 8 9 10 В Д К Т, масти п к б ч — пики, крести, бубны, черви)")
        other = self.outside(text)
        if other is not None:
            return self.outside_message(other)
        near = self.nearest(text)
        head = f"карты «{shorten(text)}» нет в этой колоде"
        if not near:
            return head
        return f"{head}; может быть, {alternatives(near)}?"


def find_player(names: Sequence[str], text: str) -> int:
    """The seat of the player called ``text``: the full name in any case, or an unambiguous start
    of it («Ан» for «Аня»). Raises LookupError with a Russian message."""
    want = normal(text)
    if not want:
        raise LookupError("не сказано, чей ход")
    full = [i for i, name in enumerate(names) if normal(name) == want]
    if len(full) == 1:
        return full[0]
    starts = [i for i, name in enumerate(names) if normal(name).startswith(want)]
    if len(starts) == 1:
        return starts[0]
    if starts:
        who = ", ".join(names[i] for i in starts)
        raise LookupError(f"«{text}» — это кто: {who}? Напишите имя полнее")
    raise LookupError(f"нет игрока «{shorten(text)}»: играют {', '.join(names)}")
