"""The Russian command lines: what they mean, their errors, and that moves print back exactly."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slovariki.bitva.errors import Refused
from slovariki.bitva.game import Draw, Finish, Meld, Penalty
from slovariki.bitva.notation import NewGame, SessionCommand, format_move, parse_line
from slovariki.game.cards import full_deck
from bitva_helpers import cards


@pytest.mark.parametrize("line, command", [
    ("Аня 7ч 7п", Meld("Аня", cards("7ч 7п"))),
    ("Аня пара 7♥ 7♠", Meld("Аня", cards("7ч 7п"))),
    ("Аня: триплет Дп, Дк, Дб", Meld("Аня", cards("Дп Дк Дб"))),
    ("аня одна 10♥️", Meld("аня", cards("10ч"))),
    ("Аня 2ч 2п добор 0", Meld("Аня", cards("2ч 2п"), 0)),
    ("Аня 7ч7п", Meld("Аня", cards("7ч 7п"))),  # as typed in a hurry at the table
    ("Аня: 7ч, 7п.", Meld("Аня", cards("7ч 7п"))),
    ("штраф Боря подглядывал!", Penalty("Боря", "подглядывал")),
    ("Аня 10 ч 10 п 10 б", Meld("Аня", cards("10ч 10п 10б"))),
    ("Аня пара д п, Д К добор 1", Meld("Аня", cards("Дп Дк"), 1)),
    ("штраф Боря", Penalty("Боря")),
    ("штраф: Боря начал раньше команды", Penalty("Боря", "начал раньше команды")),
    ("добор Аня 2", Draw("Аня", 2)),
    ("конец", Finish()),
    ("игроки: Аня, Боря", NewGame(("Аня", "Боря"))),
    ("Игроки Аня Боря Вика", NewGame(("Аня", "Боря", "Вика"))),
    ("помощь", SessionCommand("help")),
    ("счёт", SessionCommand("state")),
    ("отмена", SessionCommand("undo")),
    ("выход", SessionCommand("quit")),
    ("   # только комментарий", None),
    ("", None),
])
def test_lines(line, command):
    assert parse_line(line) == command


@pytest.mark.parametrize("line, code, words", [
    ("Аня 7x 7п", "unknown-card", "«7x»"),
    ("Аня 1ч 1п", "unknown-card", "2 3 4 5 6 7 8 9 10 В Д К Т"),
    ("Аня пара 7ч 7п 7б", "not-a-meld", "«пара» — это 2 карты, а названо 3"),
    ("Аня", "bad-command", "не вижу карт"),
    ("штраф", "bad-command", "кого штрафовать"),
    ("добор Аня", "bad-command", "добор Аня 2"),
    ("добор Аня два", "bad-command", "нужно число"),
    ("Аня 7ч 7п добор много", "bad-command", "нужно число"),
])
def test_bad_lines(line, code, words):
    with pytest.raises(Refused) as info:
        parse_line(line)
    assert info.value.code == code and words in info.value.message


def test_a_mistyped_command_is_not_read_as_a_meld_when_the_players_are_known():
    with pytest.raises(Refused) as info:
        parse_line("штарф Боря", ["Аня", "Боря"])
    assert info.value.code == "unknown-player"
    assert info.value.message == "«штарф» — не команда и не игрок этой партии (играют: Аня, Боря)"
    assert parse_line("боря 7ч 7п", ["Аня", "Боря"]) == Meld("боря", cards("7ч 7п"))



def test_a_line_that_starts_with_a_card_asks_whose_cards_they_are():
    with pytest.raises(Refused) as info:
        parse_line("9ч 9п", ["Аня", "Боря"])
    assert info.value.message == "чьи это карты? Начните строку с имени игрока: «Аня 9ч 9п»"
    with pytest.raises(Refused) as info:
        parse_line("я" * 500 + " 7ч 7п", ["Аня", "Боря"])
    assert len(info.value.message) < 120  # a pasted paragraph is not quoted back whole


names = st.sampled_from(["Аня", "Боря", "Вика", "Гена"])
moves = st.one_of(
    st.builds(Meld, names, st.lists(st.sampled_from(full_deck()), min_size=1, max_size=4).map(tuple),
              st.none() | st.integers(0, 9)),
    st.builds(Draw, names, st.integers(1, 9)),
    st.builds(Penalty, names, st.sampled_from(["", "начал раньше", "подглядывал в чужие карты"])),
    st.just(Finish()),
)


@settings(max_examples=60, deadline=None)
@given(moves)
def test_moves_round_trip(move):
    assert parse_line(format_move(move)) == move


@pytest.mark.parametrize("line, said", [
    ("Вика дама пик дама червей", "Дп Дч"),
    ("Вика туз бубен, туз пик", "Тб Тп"),
    ("Вика семёрка червей 7 пик семерку бубен", "7ч 7п 7б"),
    ("Вика пара 8 крести восьмёркой бубён", "8к 8б"),
    ("Вика двойка пик 2 крести", "2п 2к"),  # the 52-card deck: ranks below six too
    ("Вика пиковую даму Дч", "Дп Дч"),
    ("Вика 10ч десятка бубён добор 1", "10ч 10б"),
    ("Вика тройка пик тройка червей", "3п 3ч"),  # «тройка» before a suit is the card 3, not a triplet
    ("Вика тройка тройка пик тройка червей тройка бубен", "3п 3ч 3б"),  # the word, then three threes
])
def test_cards_said_in_words_as_the_durak_referee_reads_them(line, said):
    meld = parse_line(line)
    assert meld.cards == cards(said) and meld.player == "Вика"


def test_a_triplet_of_two_cards_is_still_refused():
    with pytest.raises(Refused) as info:
        parse_line("Вика тройка 3п 3ч", ["Вика"])
    assert info.value.code == "not-a-meld" and "«тройка» — это 3 карты, а названо 2" in info.value.message


def test_a_card_word_without_its_suit_says_how_to_name_it():
    with pytest.raises(Refused) as info:
        parse_line("Вика дама пик дама", ["Вика"])
    assert info.value.code == "unknown-card"
    assert "«дама»" in info.value.message and "можно и словами: «дама пик», «8 треф»" in info.value.message
