"""The bitva-par commands: deal, the Russian REPL (with a record that survives a restart), score."""

import json

import pytest
from click.testing import CliRunner

from slovariki.cli import main


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_help_of_every_subcommand(runner):
    group = main.commands["bitva-par"]
    for name in group.commands:
        result = runner.invoke(main, ["bitva-par", name, "--help"])
        assert result.exit_code == 0 and "Использование:" in result.output, name
        assert "FILE" not in result.output and "[required]" not in result.output, name
    assert "избавился от всех карт" in runner.invoke(main, ["bitva-par", "score", "--help"]).output


@pytest.mark.parametrize("players, words", [
    ("2", ["На руку каждому — 9 карт", "по 17 карт", "Остатка нет."]),
    ("3", ["На руку каждому — 8 карт", "по 9 карт", "Остаток — 1 карта"]),
    ("4", ["На руку каждому — 7 карт", "по 6 карт", "Остатка нет."]),
])
def test_deal(runner, players, words):
    result = runner.invoke(main, ["bitva-par", "deal", "--players", players])
    assert result.exit_code == 0
    assert all(w in result.output for w in words), result.output
    assert "Игрок 1" not in result.output


def test_deal_with_a_seed_shows_the_cards(runner):
    first = runner.invoke(main, ["bitva-par", "deal", "--players", "3", "--seed", "5"])
    assert first.exit_code == 0 and "Игрок 3: на руке" in first.output and "В стороне:" in first.output
    assert first.output == runner.invoke(main, ["bitva-par", "deal", "--players", "3", "--seed", "5"]).output


@pytest.mark.parametrize("args, words", [
    (["--players", "5"], "2, 3 или 4"), (["--players", "3", "--seed", "abc"], "целое число")])
def test_deal_bad_options(runner, args, words):
    result = runner.invoke(main, ["bitva-par", "deal", *args])
    assert result.exit_code == 2 and words in result.output


def test_repl_session(runner):
    lines = "\n".join(["помощь", "Аня пара 7♥ 7♠", "Боря 7б", "Боря 7б 7к", "Вика 8ч 8п 8б 8к", "штраф Вика",
                       "счёт", "отмена", "Гена 2п 2к", "Аня 5z 5п", "конец", "Аня 9ч 9п"])
    result = runner.invoke(main, ["bitva-par", "play", "--players", "Аня,Боря,Вика"], input=lines)
    out = result.output
    assert result.exit_code == 0, out
    assert "одна карта в стороне" in out and "Правила, как их проверяет судья" in out
    assert "Аня: пара 7♥ 7♠. Из резерва взято 2: на руке 8, в резерве 7." in out
    assert "Нельзя: одну карту кладут, только когда три карты её значения уже на столе" in out
    assert "Нельзя: за один раз кладут одну комбинацию" in out
    assert "Вика: штраф −10 (всего штрафов: 1)." in out
    assert "Отменено: штраф Вика" in out
    assert "Не понял: «Гена» — не команда и не игрок этой партии (играют: Аня, Боря, Вика)" in out
    assert "Не понял: не понимаю карту «5z»" in out
    assert "Никто не избавился от всех карт" in out and "Итого" in out
    assert "Нельзя: партия уже окончена" in out
    assert "> " not in out  # no prompts when the input is not a terminal


def test_repl_asks_for_players_first(runner):
    result = runner.invoke(main, ["bitva-par", "play"], input="Аня 7ч 7п\nигроки: Аня Боря\nАня 7ч 7п\n")
    assert result.exit_code == 0
    assert "Назовите игроков" in result.output and "Нельзя: сначала назовите игроков" in result.output
    assert "Аня: пара 7♥ 7♠." in result.output


def test_repl_bad_players(runner):
    result = runner.invoke(main, ["bitva-par", "play", "--players", "Аня"])
    assert result.exit_code == 2 and "Ошибка: в «Битву пар» играют вдвоём" in result.output


def test_record_survives_a_restart_and_is_scored(runner, tmp_path):
    record = tmp_path / "партия.txt"
    first = runner.invoke(main, ["bitva-par", "play", "--players", "Аня,Боря", "--record", str(record)],
                          input="Аня Тч Тп\nштраф Боря рано начал\n")  # then the program is closed
    assert first.exit_code == 0
    assert record.read_text(encoding="utf-8") == "игроки: Аня, Боря\nАня Т♥ Т♠\nштраф Боря рано начал\n"
    second = runner.invoke(main, ["bitva-par", "play", "--record", str(record)], input="Боря Кч Кп\nвыход\n")
    assert "Продолжаю партию" in second.output and "записано ходов — 2" in second.output
    assert record.read_text(encoding="utf-8").endswith("Боря К♥ К♠\n")
    other = runner.invoke(main, ["bitva-par", "play", "--players", "Вика,Гена", "--record", str(record)])
    assert other.exit_code == 2 and "в записи другие игроки" in other.output

    table = runner.invoke(main, ["bitva-par", "score", str(record)])
    assert table.exit_code == 0
    rows = {line.split()[0]: line.split()[1:] for line in table.output.splitlines()[1:3]}
    assert rows == {"Аня": ["30", "0", "0", "0", "30"], "Боря": ["20", "0", "0", "−10", "10"]}
    body = json.loads(runner.invoke(main, ["bitva-par", "score", "--format", "json", str(record)]).output)
    assert body["scores"]["Боря"]["total"] == 10 and body["over"] is True


def test_score_exit_codes(runner, tmp_path):
    missing = runner.invoke(main, ["bitva-par", "score", str(tmp_path / "нет.txt")])
    assert missing.exit_code == 2 and "файл не найден" in missing.output
    bad = tmp_path / "плохо.txt"
    bad.write_text("игроки: Аня, Боря\nАня 7ч 7п\nБоря 7п 7б\n", encoding="utf-8")
    result = runner.invoke(main, ["bitva-par", "score", str(bad)])
    assert result.exit_code == 1 and f"{bad}:3: карта 7♠ уже на столе" in result.output


def test_jsonl_takes_no_players(runner):
    result = runner.invoke(main, ["bitva-par", "play", "--jsonl", "--players", "Аня,Боря"])
    assert result.exit_code == 2


def test_jsonl_through_the_command(runner):
    result = runner.invoke(main, ["bitva-par", "play", "--jsonl"],
                           input='{"cmd": "new", "players": ["Аня", "Боря"]}\n{"cmd": "finish"}\n')
    answers = [json.loads(line) for line in result.output.splitlines()]
    assert [a["ok"] for a in answers] == [True, True] and answers[1]["events"][-1] == {"type": "game-over"}


def test_bad_bytes_control_characters_and_unprintable_names(runner):
    result = runner.invoke(main, ["bitva-par", "play", "--players", "Аня,Боря"],
                           input=b"\xff\n\x1b[A\n" + "Аня 7ч 7п\n".encode())
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "«�» — не команда и не игрок" in result.output and "\x1b" not in result.output
    assert "Аня: пара 7♥ 7♠." in result.output
    named = runner.invoke(main, ["bitva-par", "play", "--players", "\udcff,Боря"])
    assert named.exit_code == 2 and "в имени «�» есть непечатаемые знаки" in named.output
    answers = runner.invoke(main, ["bitva-par", "play", "--jsonl"],
                            input=b'\xff\n{"cmd": "new", "players": ["\\ud800", "x"]}\n').output.splitlines()
    assert [json.loads(line)["code"] for line in answers] == ["bad-command", "bad-setup"]


def test_leaving_mid_game_says_how_to_go_on(runner, tmp_path):
    record = tmp_path / "моя партия.txt"
    result = runner.invoke(main, ["bitva-par", "play", "--players", "Аня,Боря", "--record", str(record)],
                           input="Аня 7ч 7п\n")
    assert f"Партия записана в {record}. Продолжить: slovariki bitva-par play --record '{record}'" in result.output
    result = runner.invoke(main, ["bitva-par", "play", "--players", "Аня,Боря"], input="Аня 7ч 7п\nвыход\n")
    assert "Партия не записана: чтобы её можно было продолжить, запускайте судью с --record ФАЙЛ." in result.output
    result = runner.invoke(main, ["bitva-par", "play", "--players", "Аня,Боря"], input="конец\n")
    assert "Партия не записана" not in result.output


def test_a_record_that_could_not_be_saved_is_never_reported_as_saved(runner, tmp_path, monkeypatch):
    from slovariki.files import atomic
    record = tmp_path / "партия.txt"
    write = atomic.write_text

    def full_disk_after_the_first_move(target, text):
        if text.count("\n") > 2:
            raise OSError(28, "No space left on device")
        write(target, text)

    monkeypatch.setattr(atomic, "write_text", full_disk_after_the_first_move)
    result = runner.invoke(main, ["bitva-par", "play", "--players", "Аня,Боря", "--record", str(record)],
                           input="Аня 7ч 7п\nБоря 8ч 8п\nвыход\n")
    assert "Партия записана" not in result.output
    assert f"Партия НЕ сохранена: последний ход не записан в {record} (на диске нет места)." in result.output
    assert "Боря 8♥ 8♠" in result.output  # the record, to copy by hand
    assert result.exit_code == 1
    # the failure is said after the move it speaks of (QA2 #17)
    assert result.output.index("Боря: пара 8♥ 8♠") < result.output.index("Внимание: ")
    assert record.read_text(encoding="utf-8") == "игроки: Аня, Боря\nАня 7♥ 7♠\n"


@pytest.mark.skipif(not hasattr(__import__("os"), "openpty"), reason="needs a pseudo-terminal")
def test_at_a_terminal_every_prompt_says_the_game_is_not_saved_after_a_failed_save(tmp_path):
    """The prompt a person sees: «[не сохранено] > » once the record cannot be written, as the durak
    referee's prompt says it (one helper, terminal.prompt_text)."""
    import os
    import select
    import subprocess
    import sys
    import time

    (tmp_path / "file").write_text("x", encoding="utf-8")
    record = tmp_path / "file" / "партия.txt"  # a file where a folder should be: every save fails
    main_end, child_end = os.openpty()
    process = subprocess.Popen([sys.executable, "-m", "slovariki", "bitva-par", "play", "--players", "Аня,Боря",
                                "--record", str(record)], stdin=child_end, stdout=child_end, stderr=child_end,
                               env={**os.environ, "PYTHONIOENCODING": "utf-8", "TERM": "dumb"})
    os.close(child_end)
    seen = b""

    def read_until(text: str) -> None:
        nonlocal seen
        deadline = time.monotonic() + 20
        while text.encode() not in seen and time.monotonic() < deadline:
            if select.select([main_end], [], [], 0.2)[0]:
                seen += os.read(main_end, 4096)
        assert text.encode() in seen, seen.decode(errors="replace")

    try:
        read_until("[не сохранено] > ")
        os.write(main_end, "Аня 7ч 7п\n".encode())
        read_until("Партия всё ещё не сохранена")
        read_until("[не сохранено] > ")
        os.write(main_end, "выход\n".encode())
        assert process.wait(timeout=20) == 1
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(main_end)


def test_the_prompt_is_marked_only_while_the_record_lacks_moves(tmp_path, monkeypatch):
    from slovariki.files import atomic
    from slovariki.bitva.repl import Repl

    write = atomic.write_text

    def full_disk(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic, "write_text", full_disk)
    repl = Repl(lambda text: None, tmp_path / "партия.txt")
    repl.start(("Аня", "Боря"))
    assert repl.prompt() == "[не сохранено] > "
    monkeypatch.setattr(atomic, "write_text", write)  # room again: the next move saves the whole game
    repl.handle("Аня 7ч 7п")
    assert repl.prompt() == "> "
