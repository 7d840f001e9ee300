"""The game record: readable text, replayable, and the replay names the first illegal move."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from referee.conftest import Client
from referee.games import RULES, play

from slovariki.text import console
from slovariki.cli import main
from slovariki.referee.notation import NotationError, check_file, parse, render, replay


def recorded(rules: str, players: int, seed: int):
    played = play(rules, players, seed)
    client = Client()
    client.ok(played.new_command)
    for command in played.commands():
        client.ok(command)
    return played, client.session.table


@pytest.mark.parametrize("rules", RULES)
def test_render_parse_replay_round_trip(rules):
    played, table = recorded(rules, 3, 11)
    text = render(table)
    verdict = replay(parse(text))
    assert verdict.problem is None and verdict.moves == len(played.commands())
    assert verdict.table.state == table.state
    assert render(verdict.table) == text


def test_the_record_reads_well(small_bank):
    client = Client()
    client.ok({"cmd": "new", "players": ["Аня", "Боря"], "trump": "лопата", "words": str(small_bank)})
    for command in ({"cmd": "attack", "player": "Аня", "card": "корова"},
                    {"cmd": "beat", "player": "Боря", "card": "собака"},
                    {"cmd": "pass", "player": "Аня"}):
        client.ok(command)
    text = render(client.session.table)
    assert text == (
        "# Запись партии (slovariki referee)\n"
        "правила: slovariki\n"
        "игроки: Аня, Боря\n"
        "козырь: лопата\n"
        "первым заходит: Аня\n"
        f"слова: {small_bank}\n"
        "\n"
        "Заход 1: заходит Аня, отбивается Боря.\n"
        "1. Аня: заходит с карты «корова»\n"
        "2. Боря: бьёт карту «корова» картой «собака»\n"
        "3. Аня: пас\n"
        "   → Бито: карты со стола уходят в отбой.\n"
        "   → Добирают из колоды: Аня 1, Боря 1.\n"
        "\n"
        "Заход 2: заходит Боря, отбивается Аня.\n")


def test_replay_reports_the_first_illegal_move():
    _, table = recorded("slovariki", 2, 4)
    lines = render(table).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("5. "))
    player, _ = lines[at][3:].split(":", 1)
    lines[at] = f"5. {player}: заходит с карты «{table.setup.trump}»"  # the trump card still under the stock
    verdict = replay(parse("\n".join(lines)))
    assert verdict.moves == 4
    assert verdict.problem.startswith(f"ход 5 (строка {at + 1}): {player}: ")
    assert "так ходить нельзя" in verdict.problem


def test_replay_checks_the_recorded_results_and_names_the_wrong_line():
    _, table = recorded("podkidnoy", 2, 2)
    text = render(table).replace("Добирают из колоды:", "Добирают из колоды: Вика 9,", 1)
    line = next(n for n, said in enumerate(text.splitlines(), 1) if "Вика 9" in said)
    move = max(n for n, said in enumerate(text.splitlines(), 1) if n < line and said[:1].isdigit())
    assert line > move + 1  # the wrong result is not the move's first line after it
    verdict = replay(parse(text))
    assert verdict.problem.startswith(f"строка {line}, итог хода ")
    assert "в записи сказано «Добирают из колоды: Вика 9, " in verdict.problem and "а по правилам «" in verdict.problem
    missing = render(table).replace("   → Игра окончена.\n", "")
    assert "в записи не хватает строки: по правилам дальше «Игра окончена.»" in replay(parse(missing)).problem


def test_a_record_of_moves_only_replays_too():
    _, table = recorded("perevodnoy", 2, 8)
    bare = "\n".join(line for line in render(table).splitlines() if not line.startswith(("   →", "Заход")))
    assert replay(parse(bare)).problem is None


@pytest.mark.parametrize("text, words", [
    ("правила: slovariki\n1. Аня: пас\n", "нет строки «игроки"),
    ("игроки: Аня, Боря\nкозырь: лопата\nходы: много\n", "не понимаю строку"),
    ("игроки: Аня, Боря\nкозырь: лопата\nклассы: один\n1. Аня: пас\n", "классы пишутся"),
    ("игроки: Аня, Боря\nкозырь: лопата\n1. Аня пас\n", "с имени игрока и двоеточия"),
])
def test_unreadable_records(text, words):
    with pytest.raises(NotationError, match=words):
        parse(text)


def test_a_move_that_cannot_be_read_is_reported_at_its_line():
    verdict = replay(parse("игроки: Аня, Боря\nкозырь: лопата\n\n1. Аня: ходит с «коридор»\n"))
    assert verdict.problem.startswith("ход 1 (строка 4)") and "не понимаю ход" in verdict.problem
    verdict = replay(parse("игроки: Аня, Боря\nкозырь: лопата\n1. Аня: заходит с карты «кариидор»\n"))
    assert "«коридор»" in verdict.problem


def test_replay_command_exit_codes(tmp_path):
    _, table = recorded("slovariki", 2, 1)
    good = tmp_path / "good.txt"
    good.write_text(render(table), encoding="utf-8")
    result = CliRunner().invoke(main, ["referee", "replay", str(good)])
    assert result.exit_code == 0 and "все ходы по правилам" in result.output and "Победитель —" in result.output
    bad = tmp_path / "bad.txt"
    bad.write_text(render(table).replace("1. Аня: заходит", "1. Боря: заходит"), encoding="utf-8")
    assert CliRunner().invoke(main, ["referee", "replay", str(bad)]).exit_code == 1
    assert check_file(str(tmp_path / "missing.txt"))[0] == 2
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    assert check_file(str(binary)) == (2, f"Ошибка: {binary}: это не текст: запись партии — текстовый файл (UTF-8)")


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "cp1251", "cp866"])
def test_a_record_saved_by_a_windows_shell_is_replayed(tmp_path, encoding):
    """«referee log > партия.txt» writes cp1251 in cmd.exe on a Russian Windows and UTF-16 with a BOM in
    PowerShell 5; a text editor may add a BOM to UTF-8: replay reads each."""
    _, table = recorded("slovariki", 2, 1)
    record = tmp_path / "партия.txt"
    record.write_bytes(render(table).encode(encoding, console.handler(encoding)))  # as the console writes it
    code, report = check_file(str(record))
    assert code == 0 and "все ходы по правилам" in report, report


def test_log_out_writes_the_record_that_replay_reads(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    _, table = recorded("slovariki", 2, 1)
    from slovariki.referee import session

    session.save(table, tmp_path / "game.json")
    out = tmp_path / "запись.txt"
    result = CliRunner().invoke(main, ["referee", "log", "--session", str(tmp_path / "game.json"), "--out", str(out)])
    assert result.exit_code == 0 and f"Запись партии сохранена в {out}." in result.output
    assert out.read_text(encoding="utf-8") == render(table)
    assert CliRunner().invoke(main, ["referee", "replay", str(out)]).exit_code == 0
    out.write_text("поправлено вручную", encoding="utf-8")
    again = CliRunner().invoke(main, ["referee", "log", "--session", str(tmp_path / "game.json"), "--out", str(out)])
    assert again.exit_code == 1 and "уже есть" in again.stderr and "--force" in again.stderr
    assert out.read_text(encoding="utf-8") == "поправлено вручную"  # never replaced without --force
    forced = CliRunner().invoke(main, ["referee", "log", "--session", str(tmp_path / "game.json"), "--out", str(out),
                                       "--force"])
    assert forced.exit_code == 0 and out.read_text(encoding="utf-8") == render(table)
    result = CliRunner().invoke(main, ["referee", "log", "--session", str(tmp_path / "game.json"),
                                       "--out", str(tmp_path / "нет" / "x.txt")])
    assert result.exit_code == 1 and "не удалось записать" in result.stderr and "Traceback" not in result.output


def test_a_move_by_someone_not_playing_is_the_first_wrong_move(small_bank, tmp_path):
    record = tmp_path / "партия.txt"
    record.write_text(f"игроки: Аня, Боря\nкозырь: лопата\nслова: {small_bank}\n"
                      "1. Аня: заходит с карты «корова»\n2. Вика: берёт\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["referee", "replay", str(record)])
    assert result.exit_code == 1
    assert "ход 2 (строка 5): Вика: берёт — в этой партии нет игрока «Вика»: играют Аня, Боря" in result.output
    record.write_text("игроки: Аня\nкозырь: лопата\n1. Аня: заходит с карты «корова»\n2. Боря: берёт\n",
                      encoding="utf-8")
    result = CliRunner().invoke(main, ["referee", "replay", str(record)])
    assert result.exit_code == 1 and "партию нельзя начать: правило 2: играют от 2 до 6 человек, а не 1" in result.output


def test_records_without_the_words_before_a_card_still_replay(small_bank):
    """Records written by hand, or before the moves said «с карты», «карту», «картой»."""
    text = (f"игроки: Аня, Боря\nкозырь: лопата\nслова: {small_bank}\n1. Аня: заходит «корова»\n"
            "2. Боря: переводит «ребята»\n3. Аня: бьёт «корова» картой «собака»\n"
            "4. Аня: бьёт «ребята» «медведь»\n5. Боря: подкидывает «петух»\n")
    verdict = replay(parse(text))
    assert verdict.problem is None and verdict.moves == 5
    forms = replay(parse(text.replace("бьёт «ребята» «медведь»", "бьёт «ребят» «медведем»")))
    assert forms.problem is None and forms.moves == 5


def test_a_record_with_the_earlier_reasons_for_who_starts_still_replays(small_bank):
    """«назвали при начале партии» became «назвали в начале партии»: records written before still replay."""
    text = (f"игроки: Аня, Боря\nкозырь: лопата\nслова: {small_bank}\n"
            "первым заходит: Аня (назвали при начале партии)\n1. Аня: заходит «корова»\n")
    verdict = replay(parse(text))
    assert verdict.problem is None and verdict.table.setup.first == "Аня"
    assert "первым заходит: Аня (назвали в начале партии)" in render(verdict.table)


def test_the_next_bouts_header_may_be_left_out():
    _, table = recorded("slovariki", 3, 6)
    text = "\n".join(line for line in render(table).splitlines() if not line.startswith("Заход "))
    assert replay(parse(text)).problem is None
    wrong = render(table).replace("Заход 2: заходит", "Заход 2: заходит Никто,", 1)
    assert "в записи сказано «Заход 2: заходит Никто," in replay(parse(wrong)).problem


@pytest.mark.parametrize("rules", ["slovariki", "podkidnoy"])
def test_records_whose_bout_headers_have_no_full_stop_still_replay(rules):
    """A bout's header became a sentence («Заход 2: заходит Боря, отбивается Аня.»): records written
    before, without the full stop, still replay, and are still checked."""
    _, table = recorded(rules, 3, 6)
    text = render(table)
    headers = [line for line in text.splitlines() if line.startswith("Заход ")]
    assert len(headers) > 2 and all(line.endswith(".") for line in headers)
    old = "\n".join(line.removesuffix(".") if line.startswith("Заход ") else line for line in text.splitlines())
    assert replay(parse(old)).problem is None
    wrong = old.replace(headers[2].removesuffix("."), headers[2].removesuffix(".") + "ик", 1)
    assert f"в записи сказано «{headers[2].removesuffix('.')}ик», а по правилам «{headers[2]}»" in replay(
        parse(wrong)).problem


def test_a_hand_written_record_may_name_cards_in_any_form(small_bank):
    """«картой «собакой»» as a person writes it, accepted as the REPL accepts it; the exact words stay exact."""
    text = (f"игроки: Аня, Боря\nкозырь: лопату\nслова: {small_bank}\n1. Аня: заходит с карты «корову»\n"
            "2. Боря: бьёт карту «корову» картой «собакой»\n3. Аня: подкидывает «сороку»\n")
    verdict = replay(parse(text))
    assert verdict.problem is None and verdict.moves == 3
    assert "2. Боря: бьёт карту «корова» картой «собака»\n3. Аня: подкидывает карту «сорока»\n" in render(
        verdict.table)
    typo = replay(parse(text.replace("«собакой»", "«сабакой»")))
    assert "карты «сабакой» нет в этой колоде; может быть, «собака»?" in typo.problem and typo.moves == 1


@pytest.mark.parametrize("rules", ["podkidnoy", "perevodnoy"])
def test_records_in_the_earlier_wording_of_who_ran_out_still_replay(rules):
    """«Первым без карт остался игрок Аня.» and «Игрок Боря тоже без карт …» became sentences that are
    right whatever the name's gender; records written before still replay, and still checked."""
    _, table = recorded(rules, 3, 1)
    text = render(table)
    first = next(line for line in text.splitlines() if "Без карт раньше всех: " in line)
    out = next(line for line in text.splitlines() if " тоже без карт и выходит из игры." in line)
    winner, leaver = first.split(": ")[1].rstrip("."), out.removeprefix("   → ").split(" тоже")[0]
    old = (text.replace(first, f"   → Первым без карт остался игрок {winner}.")
               .replace(out, f"   → Игрок {leaver} тоже без карт и выходит из игры."))
    assert "Без карт раньше всех" not in old and " Игрок " in old
    assert replay(parse(old)).problem is None
    wrong = old.replace(f"остался игрок {winner}.", f"остался игрок {leaver}.")
    assert f"в записи сказано «Первым без карт остался игрок {leaver}.», а по правилам «Без карт раньше всех: " \
           f"{winner}.»" in replay(parse(wrong)).problem


def test_replay_reads_moves_as_the_repl_reads_them(small_bank):
    """Issue 21 §4: «бьет», «берет» (е for ё), «беру», «бито», cards without quotes or «карту/картой»."""
    text = (f"игроки: Аня, Боря\nкозырь: лопата\nслова: {small_bank}\n1. Аня: заходит корова\n"
            "2. Боря: бьет корову собакой\n3. Аня: бито\n")
    verdict = replay(parse(text))
    assert verdict.problem is None and verdict.moves == 3
    assert "2. Боря: бьёт карту «корова» картой «собака»\n3. Аня: пас\n" in render(verdict.table)
    for taking in ("берет", "беру", "берёт"):
        took = replay(parse(text.replace("2. Боря: бьет корову собакой\n3. Аня: бито\n", f"2. Боря: {taking}\n")))
        assert took.problem is None and took.moves == 2
    by = replay(parse(text.replace("бьет корову собакой", "бьёт карту корову картой собака")))
    assert by.problem is None and by.moves == 3


def test_a_move_without_its_number_is_named_as_such(small_bank):
    text = (f"игроки: Аня, Боря\nкозырь: лопата\nслова: {small_bank}\n1. Аня: заходит с карты «корова»\n"
            "Боря: бьёт карту «корова» картой «собака»\n")
    with pytest.raises(NotationError) as error:
        parse(text)
    assert error.value.line == 5
    assert error.value.message.startswith("ход без номера: «Боря: бьёт карту «корова» картой «соба")
    assert error.value.message.endswith("»; перед ходом пишут его номер: «2. Боря: …»")
    assert parse(text.replace("Боря: бьёт", "2. Боря: бьёт")).moves[1].player == "Боря"  # numbered: a move
