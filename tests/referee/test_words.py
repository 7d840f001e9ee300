"""Finding cards and players in what people type."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slovariki.game import PlayingCard, standard_deck
from slovariki.referee.words import CardFinder, find_player
from slovariki.wordlist import load_bank


@pytest.fixture(scope="module")
def finder():
    return CardFinder(load_bank(None).deck.cards)


@pytest.mark.parametrize("typed, word", [
    ("орнаментом", "орнамент"), ("лопату", "лопата"), ("Москвой", "Москва"), ("москва", "Москва"),
    ("коридор", "коридор"), ("КОРИДОРОМ", "коридор"), ("берёзой", "берёза"), ("березой", "берёза"),
])
def test_word_forms(finder, typed, word):
    assert [str(c) for c in finder.by_form(typed)] == [word]


def test_exact_is_strict_about_forms(finder):
    assert finder.exact("коридор") is not None and finder.exact("Коридор") is not None
    assert finder.exact("коридором") is None


@pytest.mark.parametrize("typed, word", [("корридор", "коридор"), ("эскалотор", "эскалатор"), ("арнамент", "орнамент")])
def test_typos_suggest_the_nearest_word(finder, typed, word):
    assert finder.by_form(typed) == []
    assert str(finder.nearest(typed)[0]) == word
    assert f"«{word}»" in finder.unknown_message(typed)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_every_card_is_found_by_its_word_and_one_letter_typos_find_it(finder, data):
    card = data.draw(st.sampled_from(finder.cards))
    assert finder.exact(card.word) is card and card in finder.by_form(card.word.upper())
    if len(card.word) >= 6:
        i = data.draw(st.integers(1, len(card.word) - 2))
        typo = card.word[:i] + card.word[i + 1:]  # one letter missed out
        assert card in finder.by_form(typo) + finder.nearest(typo)


def test_classic_cards():
    finder = CardFinder(standard_deck())
    assert finder.exact("10♥") == PlayingCard(10, PlayingCard.parse("10ч").suit)
    assert finder.exact("дп") == PlayingCard.parse("Д♠")
    assert finder.exact("5♠") is None and "достоинство" in finder.unknown_message("5♠")
    assert finder.nearest("10♥") == []


@pytest.mark.parametrize("typed, seat", [("Аня", 0), ("аня", 0), ("Б", 2), ("Анат", 1), ("анатолий", 1)])
def test_player_names_and_abbreviations(typed, seat):
    assert find_player(("Аня", "Анатолий", "Боря"), typed) == seat


@pytest.mark.parametrize("typed, message", [("Ан", "это кто: Аня, Анатолий"), ("Гоша", "нет игрока «Гоша»"),
                                            ("", "не сказано")])
def test_unknown_or_ambiguous_names(typed, message):
    with pytest.raises(LookupError, match=message):
        find_player(("Аня", "Анатолий", "Боря"), typed)
