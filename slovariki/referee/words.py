"""Finding cards and players in what people type: exact words, word forms, typos, short names.

The protocol asks only for exact words (``CardFinder.exact``); the Russian REPL also accepts any
grammatical form («орнаментом» → «орнамент», through pymorphy3, loaded on first use) and suggests
the nearest words for a typo (``nearest``, difflib). Classic durak cards are parsed as ``10♥``/``Дп``,
and in the REPL also as people say them: «дама пик», «8 крести», «десяткой бубён», «пиковый туз».
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from functools import lru_cache
from itertools import product
from typing import Any

from slovariki.game import PlayingCard, Suit
from slovariki.markup import ACUTE
from slovariki.terminal import shorten


MAX_CARD_WORDS = 4  # the most words a card's name may be typed with; longer text is no card
# The longest text looked up as a card or a word: longer text is no card, and the word-form and
# typo look-ups (pymorphy3, difflib) grow with their input, so they never see it.
MAX_CARD_CHARS = 80

# Classic cards as said aloud: the dictionary forms of the rank and suit words (normalised, «ё» as
# «е»), so that any case finds them: «даму пик», «королём треф», «бубновый валет».
_RANK_WORDS = {"шестерка": 6, "семерка": 7, "восьмерка": 8, "девятка": 9, "десятка": 10, "валет": 11,
               "дама": 12, "король": 13, "туз": 14}
_SUIT_WORDS = {
    Suit.SPADES: {"пики", "пика", "пик", "пиковый"},
    Suit.CLUBS: {"крести", "крест", "трефы", "трефа", "треф", "трефовый", "крестовый"},
    Suit.DIAMONDS: {"бубны", "бубна", "бубен", "буби", "бубь", "бубновый"},
    Suit.HEARTS: {"черви", "червь", "червы", "черва", "червонный", "червовый"},
}


def normal(text: str) -> str:
    """The text as compared when looking up: lower case, «ё» as «е», no stress marks (a word copied
    from the screen has one), single spaces."""
    return " ".join(text.lower().replace("ё", "е").replace(ACUTE, "").split())


@lru_cache(maxsize=1)
def _morph():
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


@lru_cache(maxsize=4096)
def lemmas(token: str) -> tuple[str, ...]:
    """The dictionary forms a single word may come from (normalised), the word itself first."""
    forms = [normal(token)]
    token = token.replace(ACUTE, "")  # «маши́ной»: pymorphy3 knows words without stress marks
    if not token.isprintable() or len(token) > MAX_CARD_CHARS:  # no word: a lone surrogate, a paste
        return tuple(forms)
    for parse in _morph().parse(token):
        form = normal(parse.normal_form)
        if form not in forms:
            forms.append(form)
    return tuple(forms)


class CardFinder:
    """Looks up the cards of one game's deck by their text."""

    def __init__(self, cards: Sequence[Any]) -> None:
        self.cards = tuple(cards)
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
        tokens = text.split()
        if len(tokens) != 2:
            return None
        for rank_word, suit_word in (tokens, tokens[::-1]):
            rank, suit = _spoken_rank(rank_word), _spoken_suit(suit_word)
            if rank is not None and suit is not None:
                card = PlayingCard(rank, suit)
                return card if card in self._members else None
        return None

    def nearest(self, text: str, n: int = 3) -> list[Any]:
        """The cards whose words look most like ``text`` (a typo, another form), best first."""
        if self.classic or len(text) > MAX_CARD_CHARS:  # difflib's time and memory grow with the text
            return []
        words = list(self._normal)
        close = difflib.get_close_matches(normal(text), words, n=n, cutoff=0.6)
        return [self._normal[w] for w in close]

    def unknown_message(self, text: str) -> str:
        """«такой карты нет», with the nearest words when there are some."""
        if self.classic:
            said = self.by_form(text)
            if said:  # «дама пик» where the card must be written exactly (the protocol)
                return f"карту «{shorten(text)}» пишите так: {said[0]}"
            return (f"не понимаю карту «{shorten(text)}»: назовите достоинство и масть, например 10♥, Дп, "
                    "«дама пик» или «8 крести» (достоинства 6 7 8 9 10 В Д К Т, масти ♠ ♣ ♦ ♥ или п к б ч)")
        near = self.nearest(text)
        head = f"карты «{shorten(text)}» нет в этой колоде"
        if not near:
            return head
        return f"{head}; может быть, {' или '.join(f'«{c}»' for c in near)}?"


def _spoken_rank(word: str) -> int | None:
    try:
        return PlayingCard.parse(word + Suit.SPADES.symbol).rank  # a rank written as on the card: 8, Д
    except ValueError:
        return next((_RANK_WORDS[f] for f in lemmas(word) if f in _RANK_WORDS), None)


def _spoken_suit(word: str) -> Suit | None:
    try:
        return PlayingCard.parse("6" + word).suit  # a suit's sign or letter: ♠, п
    except ValueError:
        pass
    forms = set(lemmas(word))
    return next((suit for suit, known in _SUIT_WORDS.items() if forms & known), None)


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
