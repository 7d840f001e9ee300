"""The Russian texts of results and scores."""

from slovariki.bitva.game import Game, Penalty
from slovariki.bitva.report import points, result_text, score_table
from bitva_helpers import OUT_OF_FOUR, lay


def test_points_in_words():
    assert [points(n) for n in (1, 2, 5, 21, 105, -10, 0)] == [
        "1 очко", "2 очка", "5 очков", "21 очко", "105 очков", "−10 очков", "0 очков"]


def test_result_texts():
    game = Game(["Аня", "Боря", "Вика", "Гена"])
    assert result_text(game) == "Победителя нет: никто не избавился от всех карт."
    lay(game, "Боря", "Тп Тк Тб", "Кп Кк Кб", "Дп Дк Дб", "Вп Вк")
    lay(game, "Аня", *OUT_OF_FOUR)
    assert result_text(game) == "Победитель: Аня — первый, кто избавился от всех карт."
    lay(game, "Боря", "10п 10к")
    assert result_text(game) == ("Победитель по очкам: Боря. Одновременно закончили Аня (75 очков) "
                                 "и Боря (155 очков).")


def test_score_table_signs():
    game = Game(["Аня", "Боря"])
    lay(game, "Аня", "7ч 7п 7б", "7к")
    game.play(Penalty("Боря"))
    assert score_table(game).splitlines() == [
        "Игрок  Карты  Четвёрки  Выход  Штрафы  Итого",
        "Аня       20        +5      0       0     25",
        "Боря       0         0      0     −10    −10",
    ]
