"""Cards and positions for the engine's tests: readable words and generated decks."""

from __future__ import annotations

import random

import pytest

from slovariki.game import Attack, Beat, Game, IllegalMove, Pass, Take, TossIn, Transfer
from slovariki.markup import Markup, parse
from slovariki.model import Card


def card(text: str, grade: int, stars: int) -> Card:
    markup = parse(text)
    assert isinstance(markup, Markup), markup
    return Card(markup, grade, stars, "определение для теста")


# Hard letters in brackets; colour = grade: 1 green, 2 blue, 3 yellow, 4 pink.
WORDS = {c.word: c for c in (
    card("к[о]р+ова", 1, 1),       # о
    card("с[о]б+ака", 1, 2),       # о
    card("в[о]р+она", 1, 2),       # о
    card("с[о]р+ока", 1, 2),       # о
    card("б[е]р[ё]за", 1, 3),      # е ё
    card("р[е]б+ята", 1, 1),       # е
    card("[ё]лка", 1, 1),          # ё
    card("м[е]дв+едь", 1, 3),      # е
    card("л[о]п+ата", 2, 1),       # о
    card("м[о]рк+овь", 2, 2),      # о
    card("н[е]д+еля", 2, 1),       # е
    card("к[а]п+уста", 2, 2),      # а
    card("М[о]скв+а", 2, 3),       # о
    card("п[е]т+ух", 2, 3),        # е
    card("эск[а]л+атор", 3, 3),   # а
    card("[о]рн+ам[е]нт", 3, 3),   # о е
    card("в[о]кз+ал", 3, 1),       # о
    card("в[е]р+анда", 3, 2),      # е
    card("б[и]бли[о]т+ека", 3, 2), # и о
    card("н[а]р+очно", 4, 1),      # а
    card("п[е]йз+аж", 4, 2),       # е
    card("[О]мск", 4, 1),          # О (capital)
    card("а[кк]ур+атно", 4, 3),    # к
    card("кл[асс]", 4, 2),         # а с
    card("к[и]л[о]м+етр", 4, 3),   # и о
)}

SLOVARIKI = Game("slovariki", WORDS.values())


def w(word: str) -> Card:
    return WORDS[word]


def position(hands, stock=(), trump=None, first=0, game=SLOVARIKI):
    """A known position from words (or classic card texts via ``game``'s deck lookup)."""
    find = _finder(game)
    return game.arranged([[find(x) for x in hand] for hand in hands], [find(x) for x in stock],
                         None if trump is None else find(trump), first)


def _finder(game):
    by_text = {str(c): c for c in game.cards}
    return lambda text: by_text[text]


def attack(x):
    return Attack(_any(x))


def beat(x, target=None):
    return Beat(_any(x), None if target is None else _any(target))


def transfer(x):
    return Transfer(_any(x))


def toss(x):
    return TossIn(_any(x))


PASS = Pass()
TAKE = Take()


def _any(text):
    if text in WORDS:
        return WORDS[text]
    from slovariki.game import PlayingCard
    return PlayingCard.parse(text)


def generated_deck(size: int, seed: int) -> list[Card]:
    """``size`` cards with made-up words, 1-2 hard letters each, colours and stars at random."""
    rng = random.Random(seed)
    consonants, vowels = "бвгджзклмнпрстфхцчш", "аеёиоуыэюя"
    cards, seen = [], set()
    while len(cards) < size:
        letters = [rng.choice(consonants), rng.choice(vowels), rng.choice(consonants), rng.choice(vowels)]
        plain = "".join(letters)
        if plain in seen:
            continue
        seen.add(plain)
        hard = sorted(rng.sample([1, 3], rng.choice([1, 2])))
        markup = Markup(plain, tuple((i, i + 1) for i in hard), ())
        cards.append(Card(markup, rng.randint(1, 4), rng.randint(1, 3), "слово для теста"))
    return cards


def run(state, *steps):
    events = ()
    for player, move in steps:
        events = state.apply(player, move)
    return events


def rejected(state, player, move, code, cites=None):
    """The move is refused with ``code``, by check and by apply alike, and nothing changes."""
    before = state.copy()
    illegal = state.check(player, move)
    assert illegal is not None and illegal.code == code, illegal
    with pytest.raises(IllegalMove) as raised:
        state.apply(player, move)
    assert raised.value == illegal
    assert state == before
    assert move not in state.legal_moves(player)
    if cites:
        assert illegal.message.startswith(cites), illegal.message
    return illegal
