"""Words as people say them at a table: dictionary forms and cases (pymorphy3, loaded on first use),
and ordinary playing cards said in words («дама пик», «8 крести», «десяткой бубён», «пиковую даму»).

Shared by the durak referee (``referee/words.py``) and «Битва пар» (``bitva/notation.py``).
"""

from __future__ import annotations

from functools import lru_cache

from slovariki.game.cards import PlayingCard, Suit
from slovariki.markup import ACUTE
from slovariki.text.russian import morph  # the one analyzer a process shares

# The longest word looked up: pymorphy3's time grows with its input, and longer text is no word.
MAX_WORD_CHARS = 80

# Card ranks and suits as said aloud: the dictionary forms of the words (normalised, «ё» as «е»),
# so that any case finds them: «даму пик», «королём треф», «бубновый валет».
RANK_WORDS = {"двойка": 2, "тройка": 3, "четверка": 4, "пятерка": 5, "шестерка": 6, "семерка": 7,
              "восьмерка": 8, "девятка": 9, "десятка": 10, "валет": 11, "дама": 12, "король": 13, "туз": 14}
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


@lru_cache(maxsize=4096)
def analyses(token: str) -> tuple[tuple[str, str | None], ...]:
    """Each reading of a single word: (its dictionary form, normalised; its case or None)."""
    token = token.replace(ACUTE, "")  # «маши́ной»: pymorphy3 knows words without stress marks
    if not token.isprintable() or len(token) > MAX_WORD_CHARS:  # no word: a lone surrogate, a paste
        return ()
    return tuple((normal(parse.normal_form), parse.tag.case) for parse in morph().parse(token))


def lemmas(token: str) -> tuple[str, ...]:
    """The dictionary forms a single word may come from (normalised), the word itself first."""
    forms = [normal(token)]
    for form, _ in analyses(token):
        if form not in forms:
            forms.append(form)
    return tuple(forms)


def own_lemmas(word: str) -> tuple[str, ...]:
    """The dictionary forms of a word as a card prints it, in the nominative: «ворона» → (ворона,),
    not also «ворон», whose genitive it could be; «сорока» not also the numeral «сорок»."""
    forms = [normal(word)]
    for form, case in analyses(word):
        if case in ("nomn", None) and form not in forms:
            forms.append(form)
    return tuple(forms)


def cases(token: str, lemma_of: set[str]) -> frozenset[str]:
    """The cases ``token`` may be in as a form of one of the dictionary forms ``lemma_of``:
    «деревней» → {ablt}, «коридор» → {nomn, accs}, «8» → {}."""
    return frozenset(case for form, case in analyses(token) if form in lemma_of and case is not None)


def inflected(word: str, case: str) -> str:
    """A one-word noun in another case («деревня», "ablt" → «деревней», «Москва», "accs" → «Москву»);
    the word as it is when pymorphy3 cannot inflect it."""
    for parse in morph().parse(word):
        if "NOUN" in parse.tag and normal(parse.normal_form) == normal(word):
            form = parse.inflect({case})
            if form is not None:
                said = form.word
                return said[:1].upper() + said[1:] if word[:1].isupper() else said
    return word


@lru_cache(maxsize=4096)
def forms(word: str) -> frozenset[str]:
    """Every form of a one-word noun, normalised («лопата» → лопата, лопаты, лопатой …); the word
    alone when pymorphy3 does not know it as a noun, or for more than one word."""
    found = {normal(word)}
    if " " not in word.strip():
        for parse in morph().parse(word):
            if "NOUN" in parse.tag and normal(parse.normal_form) == normal(word):
                found.update(normal(form.word) for form in parse.lexeme)
    return frozenset(found)


def spoken_rank(word: str, lowest_rank: int = 6) -> int | None:
    """«дама», «даму», «8», «Д» → the rank; None for any other word or a rank below ``lowest_rank``."""
    try:
        return PlayingCard.parse(word + Suit.SPADES.symbol, lowest_rank).rank  # as on the card: 8, Д
    except ValueError:
        rank = next((RANK_WORDS[f] for f in lemmas(word) if f in RANK_WORDS), None)
        return rank if rank is not None and rank >= lowest_rank else None


def spoken_suit(word: str) -> Suit | None:
    try:
        return PlayingCard.parse("6" + word).suit  # a suit's sign or letter: ♠, п
    except ValueError:
        pass
    forms = set(lemmas(word))
    return next((suit for suit, known in _SUIT_WORDS.items() if forms & known), None)


def spoken_card(text: str, lowest_rank: int = 6) -> PlayingCard | None:
    """A card said in two words, in any case and either order: «дама пик», «8 крести», «туза бубен»,
    «пиковую даму»; a rank's letter or a suit's sign may stand for its word."""
    tokens = text.split()
    if len(tokens) != 2 or len(text) > MAX_WORD_CHARS:
        return None
    for rank_word, suit_word in (tokens, tokens[::-1]):
        rank, suit = spoken_rank(rank_word, lowest_rank), spoken_suit(suit_word)
        if rank is not None and suit is not None:
            return PlayingCard(rank, suit)
    return None


def rank_cases(text: str) -> frozenset[str]:
    """The cases a card said in words is in, as its rank word shows: «даму пик» → {accs}, «дамой
    пик» → {ablt}; nothing for «8 крести» or «10♠»."""
    found: set[str] = set()
    for token in text.split():
        found |= cases(token, set(RANK_WORDS))
    return frozenset(found)
