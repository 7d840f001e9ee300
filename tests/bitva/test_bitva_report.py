"""The Russian texts of results and scores."""

from slovariki.bitva.game import Game, Penalty
from slovariki.bitva.report import points, result_text, score_table
from bitva_helpers import OUT_OF_FOUR, lay, meld


def test_points_in_words():
    assert [points(n) for n in (1, 2, 5, 21, 105, -10, 0)] == [
        "1 очко", "2 очка", "5 очков", "21 очко", "105 очков", "−10 очков", "0 очков"]


def test_result_texts():
    game = Game(["Аня", "Боря", "Вика", "Гена"])
    assert result_text(game) == ("Никто не избавился от всех карт, очков поровну: ничья — Аня, Боря, Вика и Гена "
                                 "(по 0 очков).")
    lay(game, "Вика", "7п 7к")
    assert result_text(game) == "Никто не избавился от всех карт, побеждает тот, у кого больше очков: Вика (10 очков)."
    lay(game, "Боря", "Тп Тк Тб", "Кп Кк Кб", "Дп Дк Дб", "Вп Вк")
    lay(game, "Аня", *OUT_OF_FOUR)
    assert result_text(game) == "Победитель: Аня — карты кончились раньше всех."
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


def test_events_need_no_agreement_with_the_name():
    """«Штраф игроку Боря» declined nothing, and «выложил игрок Аня» is masculine: each line starts
    with the name, whatever its gender."""
    from slovariki.bitva.report import event_text

    game = Game(["Аня", "Боря", "Вика", "Гена"])
    texts = [event_text(e, game) for e in game.play(Penalty("Боря", "подглядывал"))]
    assert texts == ["Боря: штраф −10 (всего штрафов: 1)."]
    lay(game, "Аня", "7ч 7п 7б")
    said = [event_text(e, game) for e in game.play(meld("Аня", "7к"))]
    assert "Аня: выложены все четыре семёрки, +5." in said
    for melds in OUT_OF_FOUR[:-1]:
        lay(game, "Вика", melds)
    said = [event_text(e, game) for e in game.play(meld("Вика", OUT_OF_FOUR[-1]))]
    assert "Вика: карт больше нет ни на руке, ни в резерве, +10." in said
    assert not any("игрок" in text for text in said)
