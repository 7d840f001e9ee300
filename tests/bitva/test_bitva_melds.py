"""Every meld rule, with a legal and an illegal case."""

import pytest

from slovariki.bitva.errors import Refused
from slovariki.bitva.game import Draw, Finish, Game, Penalty
from bitva_helpers import OUT_OF_FOUR, cards, lay, meld, refused


@pytest.fixture
def game() -> Game:
    return Game(["Аня", "Боря"])


def test_pair_and_triplet_of_one_rank(game):
    assert game.play(meld("Аня", "7ч 7п"))[0].count == 2
    game.play(meld("Боря", "Дп Дк Дб"))
    assert game.melds == {"Аня": [cards("7ч 7п")], "Боря": [cards("Дп Дк Дб")]}
    assert game.hands == {"Аня": 9, "Боря": 9} and game.reserves == {"Аня": 15, "Боря": 14}


def test_cards_of_different_ranks_are_not_a_meld(game):
    assert "9 и 10" in refused(game, meld("Аня", "9ч 10ч"), "not-a-meld")
    refused(game, meld("Аня", "9ч 9п 10ч"), "not-a-meld")


def test_one_meld_at_a_time(game):
    refused(game, meld("Аня", "8ч 8п 9ч 9п"), "one-meld-at-a-time")
    refused(game, meld("Аня", "8ч 8п 8б 8к"), "one-meld-at-a-time")
    lay(game, "Аня", "8ч 8п", "8б 8к")  # the same cards one pair after the other


def test_single_only_when_three_of_its_rank_are_down(game):
    refused(game, meld("Аня", "7б"), "single-not-allowed")
    lay(game, "Аня", "7ч 7п")
    assert "семёрок на столе сейчас: 2" in refused(game, meld("Боря", "7б"), "single-not-allowed")
    lay(game, "Аня", "Тч Тп Тб")
    refused(game, meld("Боря", "7б"), "single-not-allowed")
    lay(game, "Боря", "Кч Кп")
    game.play(meld("Боря", "Тк"))  # three aces are down, whoever laid them


def test_a_card_on_the_table_or_named_twice_is_not_available(game):
    lay(game, "Аня", "7ч 7п")
    assert "её выложили раньше (Аня)" in refused(game, meld("Боря", "7п 7б"), "card-not-available")
    assert "названа дважды" in refused(game, meld("Боря", "8б 8б"), "card-not-available")


def test_unknown_player(game):
    assert "играют: Аня, Боря" in refused(game, meld("Гена", "7ч 7п"), "unknown-player")
    game.play(meld("аня", "7ч 7п"))  # case does not matter
    assert game.log[-1].player == "Аня"


def test_a_meld_cannot_be_bigger_than_the_hand():
    game = Game(["Аня", "Боря", "Вика", "Гена"])
    lay(game, "Аня", "2п 2к 2б", "3п 3к 3б")  # the reserve (6) is spent, 7 cards in hand
    lay(game, "Аня", "4п 4к 4б", "5п 5к")  # 2 left
    assert game.hands["Аня"] == 2 and game.reserves["Аня"] == 0
    assert refused(game, meld("Аня", "Тп Тк Тб"), "not-enough-cards") == "Аня хочет выложить 3 карты, а на руке 2 карты"
    game.play(meld("Аня", "Тп Тк"))


def test_a_hand_never_holds_more_than_was_dealt(game):
    assert refused(game, meld("Аня", "7ч 7п", draw=3), "hand-limit").startswith("Аня: на руке оказалось бы 10 карт")
    game.play(meld("Аня", "7ч 7п", draw=0))
    assert (game.hands["Аня"], game.reserves["Аня"]) == (7, 17)
    refused(game, Draw("Аня", 3), "hand-limit")
    game.play(Draw("Аня", 2))
    assert (game.hands["Аня"], game.reserves["Аня"]) == (9, 15)
    refused(game, Draw("Аня", 1), "hand-limit")


def test_drawing_more_than_the_reserve_holds():
    game = Game(["Аня", "Боря", "Вика", "Гена"])
    lay(game, "Аня", "2п 2к 2б")
    game.play(meld("Аня", "3п 3к 3б", draw=0))
    assert game.reserves["Аня"] == 3
    assert refused(game, Draw("Аня", 4), "reserve-too-small") == "Аня берёт из резерва 4, а там 3 карты"
    refused(game, meld("Аня", "4п 4к 4б", draw=4), "reserve-too-small")
    game.play(meld("Аня", "4п 4к 4б", draw=3))


def test_default_draw_stops_when_the_reserve_is_empty():
    game = Game(["Аня", "Боря", "Вика", "Гена"])
    lay(game, "Аня", "2п 2к 2б", "3п 3к")
    assert game.reserves["Аня"] == 1
    events = game.play(meld("Аня", "4п 4к"))
    assert events[0].count == 1 and game.hands["Аня"] == 6


def test_after_someone_goes_out_only_a_simultaneous_finish_is_accepted():
    game = Game(["Аня", "Боря", "Вика", "Гена"])
    lay(game, "Боря", "7п 7к 7б", "8п 8к 8б", "9п 9к 9б", "10п 10к")  # 2 cards left: В♠ В♣ to come
    lay(game, "Аня", *OUT_OF_FOUR)
    assert game.out == ["Аня"]
    assert "Аня уже без карт; теперь принимаются" in refused(game, meld("Вика", "Дп Дк"), "finishing")
    refused(game, Draw("Вика", 1), "finishing")
    refused(game, meld("Аня", "Тп Тк"), "not-enough-cards")
    game.play(meld("Боря", "Вп Вк"))
    assert game.out == ["Аня", "Боря"]
    game.play(Penalty("Вика", "подглядывала"))  # penalties are still recorded


def test_finish_ends_the_game(game):
    game.play(Finish())
    refused(game, meld("Аня", "7ч 7п"), "game-over")
    refused(game, Penalty("Аня"), "game-over")
    refused(game, Finish(), "game-over")


def test_undo_replays_all_but_the_last_move(game):
    with pytest.raises(Refused) as info:
        game.without_last()
    assert info.value.code == "nothing-to-undo"
    lay(game, "Аня", "7ч 7п")
    before = game.as_json()
    game.play(Penalty("Боря"))
    game.play(Finish())
    assert game.without_last().without_last().as_json() == before


@pytest.mark.parametrize("players, words", [
    (["Аня"], "вдвоём"), (["Аня", "аня"], "дважды"), (["Аня Б", "Боря"], "одно слово"),
    (["штраф", "Боря"], "служебное"), (["7ч", "Боря"], "похоже на карту"), (["А", "Б", "В", "Г", "Д"], "вдвоём"),
])
def test_bad_setup(players, words):
    with pytest.raises(Refused) as info:
        Game(players)
    assert info.value.code == "bad-setup" and words in info.value.message
