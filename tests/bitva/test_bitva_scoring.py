"""Every scoring rule and the winner: points per card, bonuses, penalties, simultaneous finish, tie."""

from slovariki.bitva.game import Finish, Game, Penalty, Result
from slovariki.bitva.scoring import Score, winners
from bitva_helpers import OUT_OF_FOUR, lay, meld


def four_players() -> Game:
    return Game(["Аня", "Боря", "Вика", "Гена"])


def test_card_points_add_up():
    game = Game(["Аня", "Боря"])
    lay(game, "Аня", "2п 2к", "9п 9к 9б", "10п 10к", "Вп Вк", "Дп Дк", "Кп Кк", "Тп Тк")
    assert game.score("Аня") == Score(cards=5 * 5 + 10 * 8 + 15 * 2)
    assert game.score("Аня").total == 135


def test_four_of_a_rank_laid_by_one_player_gives_5():
    game = Game(["Аня", "Боря"])
    lay(game, "Аня", "7ч 7п 7б")
    lay(game, "Аня", "7к")
    assert game.score("Аня").fours == 1 and game.score("Аня").total == 20 + 5
    other = Game(["Аня", "Боря"])
    lay(other, "Аня", "8ч 8п")
    assert [e.type for e in other.play(meld("Аня", "8б 8к"))] == ["draw", "four"]  # two pairs count too
    assert other.score("Аня").fours == 1


def test_four_of_a_rank_split_between_players_gives_no_bonus():
    game = Game(["Аня", "Боря"])
    lay(game, "Аня", "7ч 7п 7б")
    lay(game, "Боря", "7к")
    assert game.score("Аня").fours == game.score("Боря").fours == 0


def test_going_out_gives_10_and_wins():
    game = four_players()
    lay(game, "Аня", *OUT_OF_FOUR)
    assert game.score("Аня") == Score(cards=13 * 5, out=True)
    assert game.score("Аня").total == 75
    (result, over) = game.play(Finish())
    assert result == Result(("Аня",)) and over.type == "game-over"
    assert game.as_json()["winners"] == ["Аня"]


def test_each_penalty_is_minus_10():
    game = Game(["Аня", "Боря"])
    game.play(Penalty("Боря", "начал раньше"))
    game.play(Penalty("Боря"))
    assert game.score("Боря").total == -20
    assert game.penalties["Боря"] == ["начал раньше", ""]


def test_simultaneous_finish_is_won_on_points():
    game = four_players()
    lay(game, "Боря", "Тп Тк Тб", "Кп Кк Кб", "Дп Дк Дб", "Вп Вк")  # 11 of Боря's 13, all high
    lay(game, "Аня", *OUT_OF_FOUR)
    lay(game, "Боря", "10п 10к")
    game.play(Finish())
    assert game.out == ["Аня", "Боря"] and game.winners() == ("Боря",)
    assert game.score("Боря").total > game.score("Аня").total


def test_a_tie_stays_a_tie():
    game = four_players()
    lay(game, "Боря", "7п 7к 7б", "8п 8к 8б", "9п 9к 9б", "Вп Вк")
    lay(game, "Аня", "2п 2к 2б", "3п 3к 3б", "4п 4к 4б", "Дп Дк", "Тп Тк")
    lay(game, "Боря", "Тб Тч")
    assert game.score("Аня").total == game.score("Боря").total == 45 + 20 + 30 + 10
    (result, _) = game.play(Finish())
    assert result.as_json() == {"type": "tie", "players": ["Аня", "Боря"]}


def test_nobody_out_the_most_points_win():
    """The end rule (issue 21 §6): stopped when nobody can lay anything, the points decide."""
    game = Game(["Аня", "Боря"])
    lay(game, "Аня", "Тп Тк Тб")
    lay(game, "Боря", "2п 2к")
    (result, _) = game.play(Finish())
    assert result.as_json() == {"type": "winner", "player": "Аня"} and game.as_json()["winners"] == ["Аня"]
    even = Game(["Аня", "Боря", "Вика"])
    lay(even, "Аня", "2п 2к")
    lay(even, "Вика", "3п 3к")
    (result, _) = even.play(Finish())
    assert result.as_json() == {"type": "tie", "players": ["Аня", "Вика"]}


def test_winners_function():
    assert winners([], {"А": 5, "Б": 10}) == ("Б",)  # nobody out: the points decide
    assert winners(["Б"], {"А": 100, "Б": 5}) == ("Б",)  # first out wins whatever the points
    assert winners(["А", "Б"], {"А": 5, "Б": 6}) == ("Б",)
    assert winners(["А", "Б"], {"А": 6, "Б": 6}) == ("А", "Б")
