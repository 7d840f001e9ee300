import json
import os

import pytest
from click.testing import CliRunner

from slovariki.cli import main

GOOD = """\
grade: 1
words:
  - word: к[о]р[и]д+ор
    stars: 2
    definition: Длинный проход внутри здания.
  - word: с[о]б+ака
    stars: 1
    definition: Домашний зверь, который лает и сторожит дом.
"""
BAD = GOOD.replace("с[о]б+ака", "с[о]б+акой")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_help_of_every_command(runner):
    result = runner.invoke(main, ["--help"])
    assert result.exit_code == 0
    for name in main.commands:
        sub = runner.invoke(main, [name, "--help"])
        assert sub.exit_code == 0, name
        assert "Использование:" in sub.output


def test_check_clean_bank_exits_0(runner, bank_dir):
    result = runner.invoke(main, ["check", "--no-deck", "--words", str(bank_dir({"grade1.yaml": GOOD}))])
    assert result.exit_code == 0, result.output
    assert "Карточек: 2" in result.output and "1 класс (зелёный)" in result.output


def test_check_errors_exit_1_with_place(runner, bank_dir):
    folder = bank_dir({"grade1.yaml": BAD})
    result = runner.invoke(main, ["check", "--words", str(folder)])
    assert result.exit_code == 1
    assert f"{folder / 'grade1.yaml'}:6:5: ошибка:" in result.output


def test_check_json(runner, bank_dir):
    result = runner.invoke(main, ["check", "--no-deck", "--format", "json", "--words", str(bank_dir({"grade1.yaml": BAD}))])
    body = json.loads(result.output)
    assert result.exit_code == 1
    assert body["errors"] == 1 and body["cards"] == 2
    (d,) = [d for d in body["diagnostics"] if d["code"] == "not-lemma"]
    assert (d["line"], d["column"], d["severity"]) == (6, 5, "error")
    assert {w["word"]: w["pos"] for w in body["words"]}["коридор"] == "NOUN"


def test_strict_fails_on_warnings(runner, bank_dir):
    folder = bank_dir({"grade1.yaml": GOOD.replace("Длинный проход", "Проход, как в коридорах,")})
    assert runner.invoke(main, ["check", "--no-deck", "--words", str(folder)]).exit_code == 0
    assert runner.invoke(main, ["check", "--no-deck", "--strict", "--words", str(folder)]).exit_code == 1


def test_missing_folder_exits_2_without_traceback(runner, tmp_path):
    result = runner.invoke(main, ["check", "--words", str(tmp_path / "нет")])
    assert result.exit_code == 2
    assert "не найдена" in result.output and "Traceback" not in result.output


def test_bad_grades_option_is_a_usage_error(runner):
    result = runner.invoke(main, ["check", "--grades", "1,7"])
    assert result.exit_code == 2 and "классы" in result.output


def test_grades_filter(runner, bank_dir):
    folder = bank_dir({"grade1.yaml": GOOD, "grade2.yaml": BAD.replace("grade: 1", "grade: 2").replace("к[о]р[и]д+ор", "л[о]п+ата")})
    result = runner.invoke(main, ["check", "--no-deck", "--grades", "1", "--words", str(folder)])
    assert result.exit_code == 0 and "Карточек: 2" in result.output


def test_words_table_filters(runner, bank_dir):
    folder = str(bank_dir({"grade1.yaml": GOOD}))
    result = runner.invoke(main, ["words", "--words", folder, "--stars", "2"])
    assert result.exit_code == 0
    assert "к[о]р[и]д+ор" in result.output and "собака" not in result.output and "Всего: 1" in result.output
    result = runner.invoke(main, ["words", "--words", folder, "--letter", "И"])
    assert "Всего: 1" in result.output


def test_console_start_up_imports_nothing_heavy():
    import subprocess
    import sys

    code = "import sys, slovariki.cli; print(sorted(m for m in ('reportlab','pymorphy3','yaml','jinja2') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_short_simulation_on_the_word_folder_imports_only_what_it_uses(tmp_path):
    """Issue 23: the spreadsheet readers only for a spreadsheet, processes only for more than one job,
    the program's own folders found without importlib.resources, a folder opened with subprocess; no
    PyYAML for a bank read before, no move values, no events and no playing cards for a simulation."""
    import subprocess
    import sys

    code = ("import sys; from slovariki.cli import main\n"
            "try: main(['simulate', '--games', '1', '--jobs', '1'])\nexcept SystemExit: pass\n"
            "print(sorted(m for m in ('slovariki.bank.spreadsheet_reader', 'csv', 'zipfile', 'multiprocessing',"
            " 'statistics', 'importlib.resources', 'subprocess', 'difflib', 'yaml', 'json', 'tempfile',"
            " 'slovariki.game.moves', 'slovariki.game.events', 'slovariki.game.cards') if m in sys.modules),"
            " file=sys.stderr)")
    # The first run reads the bank (PyYAML) and writes the cache (tempfile); every later one uses neither.
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    first, later = (subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
                    for _ in range(2))
    assert "Партий сыграно до конца: 1 из 1." in later.stdout
    assert first.stderr.strip().splitlines()[-1] == "['tempfile', 'yaml']"
    assert later.stderr.strip().splitlines()[-1] == "[]"


def test_click_usage_errors_speak_russian(runner):
    result = runner.invoke(main, ["words", "--stars", "5"])
    assert result.exit_code == 2
    assert "Ошибка: неверное значение" in result.output and "Справка:" in result.output
    assert "Использование:" in runner.invoke(main, ["--help"]).output


def test_click_plural_messages_follow_russian_plural_rules():
    from slovariki.text.clicktext import ngettext

    one, few, many = (ngettext("Option {name!r} requires an argument.",
                               "Option {name!r} requires {nargs} arguments.", n) for n in (1, 3, 5))
    assert "нужно значение" in one and "значения" in few and "значений" in many


def test_check_on_every_kind_of_broken_file_reports_without_traceback(runner, bank_dir):
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(10))
    folder = bank_dir({
        "grade1.yaml": "grade: 1\nwords:\n  - word: к[о]т\n   stars: 1\n",
        "grade2.yaml": 'grade: 2\nwords:\n  - word: к[о]т+ик\n    stars: "два"\n    definition: Зверь.\n',
        "grade3.yaml": "grade: 3\nwords:\n  word: к[о]т\n",
        "grade4.yaml": "grade: 4\ngrade: 4\nwords: []\n",
        "empty.yaml": "",
        "cp1251.yaml": "grade: 1\nwords: []\n# комментарий\n".encode("cp1251"),
        "bomb.yaml": bomb + "grade: 1\nwords: *k\n",
        "markup.yaml": "grade: 2\nwords:\n  - word: к[[о]+р+ов+а]\n    stars: 1\n    definition: Зверь.\n",
    })
    result = runner.invoke(main, ["check", "--words", str(folder)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)  # a clean exit, not a crash
    assert "error " not in result.output  # the codes are for programs: in the JSON
    body = json.loads(runner.invoke(main, ["check", "--words", str(folder), "--format", "json"]).output)
    errors = {d["code"] for d in body["diagnostics"] if d["severity"] == "error"}
    for code in ("yaml-syntax", "bad-type", "duplicate-key", "empty-file", "encoding", "yaml-alias",
                 "markup-nested-bracket"):
        assert code in errors, code


def test_usage_lines_and_value_placeholders_speak_russian(runner):
    top = runner.invoke(main, ["--help"], prog_name="slovariki").output
    assert "Использование: slovariki [ПАРАМЕТРЫ] КОМАНДА [АРГУМЕНТЫ]..." in top
    for args in (["check"], ["words"], ["simulate"], ["referee", "play"]):
        help_text = runner.invoke(main, [*args, "--help"], prog_name="slovariki").output
        assert f"slovariki {' '.join(args)} [ПАРАМЕТРЫ]" in help_text
        assert "OPTIONS" not in help_text and "INTEGER" not in help_text and "TEXT" not in help_text
    result = runner.invoke(main, ["simulate", "--seed", "x"])
    assert result.exit_code == 2 and "«x» — не целое число." in result.output


@pytest.mark.parametrize("letter, message", [
    ("ab", "нужна одна русская буква, а не «ab»"),
    ("1", "нужна одна русская буква, а не «1»"),
    ("O", "«O» — латинская буква, нужна русская «О»"),
])
def test_words_letter_must_be_one_russian_letter(runner, letter, message):
    result = runner.invoke(main, ["words", "--letter", letter])
    assert result.exit_code == 2 and message in result.output


def test_check_of_grades_the_bank_does_not_have_warns(runner, bank_dir):
    folder = str(bank_dir({"grade1.yaml": GOOD}))
    result = runner.invoke(main, ["check", "--no-deck", "--grades", "3,4", "--words", folder])
    assert result.exit_code == 0
    assert "предупреждение: в банке нет ни одной карточки выбранных классов (3, 4)" in result.output
    assert runner.invoke(main, ["check", "--no-deck", "--strict", "--grades", "3", "--words", folder]).exit_code == 1
    result = runner.invoke(main, ["check", "--grades", "0"])
    assert result.exit_code == 2 and "классы бывают 1, 2, 3 и 4, а не «0»" in result.output


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_output_to_a_full_disk_is_a_message_not_a_traceback():
    import subprocess
    import sys

    code = "import sys; from slovariki.cli import main; sys.argv = ['slovariki', 'words']; main()"
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-c", code], stdout=full, stderr=subprocess.PIPE, text=True)
    assert done.returncode == 1
    assert done.stderr == "Ошибка: не удалось вывести результат: на диске нет места\n"


def test_command_lists_show_whole_sentences(runner):
    for args in ([], ["referee"], ["bitva-par"]):
        listing = runner.invoke(main, [*args, "--help"], terminal_width=80).output.split("Команды:")[1]
        assert "..." not in listing
    assert "словарный\n              диктант и ответы к нему." in runner.invoke(main, ["--help"], terminal_width=80).output


def test_words_to_a_file_keeps_whole_definitions_and_a_terminal_gets_its_width(runner):
    from slovariki.text.terminal import word_table
    from slovariki.bank.wordlist import load_bank

    output = runner.invoke(main, ["words"]).output
    assert "…" not in output and "Машина с мотором, которая возит людей и грузы по дорогам." in output
    deck = load_bank().deck
    lines = word_table(deck, colour=False, width=80).splitlines()
    assert max(len(line) for line in lines) <= 80 and any(line.endswith("…") for line in lines)


def test_build_deck_prints_a_small_practice_deck_and_names_its_rule_gaps(runner, bank_dir, tmp_path):
    folder = bank_dir({"grade1.yaml": GOOD})
    out = tmp_path / "печать"
    result = runner.invoke(main, ["build-deck", "--words", str(folder), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Советы по колоде (печатается и так):" in result.stderr
    assert "нужно хотя бы 13 карт" in result.stderr and "перевод (правило 8)" in result.stderr
    assert "ошибк" not in result.stderr.lower()
    assert (out / "cards.pdf").is_file()


def test_build_deck_refuses_word_errors(runner, bank_dir, tmp_path):
    out = tmp_path / "печать"
    result = runner.invoke(main, ["build-deck", "--words", str(bank_dir({"grade1.yaml": BAD})), "--out", str(out)])
    assert result.exit_code == 1
    assert "ошибка:" in result.stderr and "Колода не собрана" in result.stderr
    assert not out.exists() or not any(out.iterdir())


# --- one style across commands -----------------------------------------------------------------------
def _all_commands(group=main, path=()):
    for name, command in group.commands.items():
        yield (*path, name)
        if hasattr(command, "commands"):
            yield from _all_commands(command, (*path, name))


def test_choices_ignore_case(runner, tmp_path):
    result = runner.invoke(main, ["build-deck", "--calibration", "--paper", "A4", "--backs", "Duplex-Short",
                                  "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["check", "--format", "JSON", "--no-deck", "--grades", "1"])
    assert result.exit_code == 0 and json.loads(result.stdout)["cards"] > 0


def test_clicks_leftovers_speak_russian_with_russian_quotes(runner):
    result = runner.invoke(main, ["build-deck", "--paper", "b5"])
    assert "неверное значение «--paper»: «b5» — нет такого варианта; можно: a4, letter." in result.output
    result = runner.invoke(main, ["words", "--stars", "5"])
    assert "неверное значение «--stars»: 5 не подходит: нужно от 1 до 3." in result.output
    result = runner.invoke(main, ["check", "--frmat", "json"])
    assert "нет такого параметра: «--frmat». Может быть, «--format»?" in result.output
    result = runner.invoke(main, ["chek"])
    assert "нет такой команды: «chek». Может быть, «check»?" in result.output
    assert "[по умолчанию: 1000; от 1 до 10000000]" in runner.invoke(main, ["simulate", "--help"],
                                                                      terminal_width=200).output
    for args in (["words", "--stars", "5"], ["build-deck", "--paper", "b5"], ["chek"], ["simulate", "--seed", "x"]):
        assert "'" not in runner.invoke(main, args).output


@pytest.mark.parametrize("args, message", [
    (["nonsense"], "нет такой команды: «nonsense»."),
    (["words", "--stars", "4"], "неверное значение «--stars»: 4 не подходит: нужно от 1 до 3."),
    (["anki"], "не хватает аргумента «ФАЙЛ.apkg»."),
    (["preview"], "не хватает аргумента «СЛОВО»."),
    (["import", "x.xlsx"], "не хватает параметра «--out»."),
    (["check", "--strict=1"], "параметру «--strict» значение не нужно."),
    (["check", "--words"], "параметру «--words» нужно значение."),
    (["check", "лишнее"], "лишний аргумент «лишнее»"),
    (["check", "а", "б"], "лишние аргументы: а б"),
    (["preview", "x", "--dpi", "abc"], "неверное значение «--dpi»: «abc» — не целое число."),
    (["build-deck", "--rules-template", "."], "неверное значение «--rules-template»: «.» — папка, а нужен файл."),
    (["simulate", "--strategy", "foo"], "неверное значение «--strategy»: «foo» — нет такого варианта; можно: "
                                        "random, greedy, mixed."),
])
def test_every_click_message_starts_small_after_error_and_quotes_in_russian(runner, args, message):
    """QA: «Ошибка: Нет такой команды», «'ФАЙЛ.apkg'», «Лишний аргумент (яблоко)»."""
    result = runner.invoke(main, args)
    assert result.exit_code == 2
    (line,) = [line for line in result.output.splitlines() if line.startswith("Ошибка: ")]
    assert line == f"Ошибка: {message}"
    assert "'" not in result.output and '"' not in result.output


def test_defaults_are_shown_one_way_in_every_help(runner):
    for command in _all_commands():
        text = " ".join(runner.invoke(main, [*command, "--help"], terminal_width=200).output.split())
        assert "(по умолчанию" not in text and "по умолчанию: (" not in text, command
    text = " ".join(runner.invoke(main, ["build-deck", "--help"], terminal_width=200).output.split())
    for shown in ("[по умолчанию: встроенный банк]", "[по умолчанию: книжная, для --backs fold альбомная]", "[по умолчанию: есть]",
                  "[по умолчанию: poker]", "[по умолчанию: 0;0]"):
        assert shown in text


def test_words_takes_grades_like_every_command_and_grade_still_works(runner):
    two = runner.invoke(main, ["words", "--grades", "2"]).output
    assert runner.invoke(main, ["words", "--grade", "2"]).output == two and "2 кл." in two and "1 кл." not in two
    both = runner.invoke(main, ["words", "--grades", "1,2"]).output
    assert "1 кл." in both and "2 кл." in both and "3 кл." not in both


@pytest.mark.parametrize("files", [None, {"grade1.yaml": GOOD, "grade2.yaml": BAD.replace("grade: 1", "grade: 2")}])
def test_words_and_check_count_the_same_cards(runner, bank_dir, files):
    # The second bank has a word in two grades: both commands choose the grade's files first.
    args = [] if files is None else ["--words", str(bank_dir(files))]
    for grades in ([], ["--grades", "2"]):
        words_out = runner.invoke(main, ["words", *args, *grades]).stdout
        check_out = runner.invoke(main, ["check", "--no-deck", *args, *grades]).stdout
        shown = int(words_out.rsplit("Всего: ", 1)[1].split()[0])
        assert f"Карточек: {shown};" in check_out


@pytest.mark.parametrize("offset, shown", [("1,5;-0,5", '"1,5;-0,5"'), ("1,5 -0,5", '"1,5;-0,5"'),
                                           ("0.5,-1", '"0,5;-1"'), ("-2;3", '"-2;3"')])
def test_back_offset_takes_the_decimal_comma(runner, tmp_path, offset, shown):
    import pdfplumber

    result = runner.invoke(main, ["build-deck", "--calibration", "--back-offset", offset, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "calibration.pdf") as pdf:
        assert f"--back-offset {shown}" in pdf.pages[0].extract_text()


def test_back_offset_never_reads_a_decimal_comma_as_two_numbers(runner, tmp_path):
    result = runner.invoke(main, ["build-deck", "--calibration", "--back-offset", "1,5", "--out", str(tmp_path)])
    assert result.exit_code == 2 and not (tmp_path / "calibration.pdf").exists()
    assert "«1,5» можно понять и как 1,5 мм, и как DX=1, DY=5" in result.output and '"1,5;0"' in result.output
    result = runner.invoke(main, ["build-deck", "--calibration", "--back-offset-x", "1,5", "--back-offset-y", "-0,5",
                                  "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["build-deck", "--calibration", "--back-offset", "1;1", "--back-offset-x", "1",
                                  "--out", str(tmp_path)])
    assert result.exit_code == 2 and "одним способом" in result.output
    result = runner.invoke(main, ["build-deck", "--bleed", "1,5,5"])
    assert result.exit_code == 2 and "«1,5,5» — не число" in result.output


def test_not_found_and_not_a_size_messages(runner, tmp_path):
    result = runner.invoke(main, ["referee", "replay", str(tmp_path / "нет.txt")])
    assert result.exit_code == 2 and "не найден" in result.output
    result = runner.invoke(main, ["build-deck", "--card-size", "huge", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "«huge» — не размер" in result.output


def test_build_deck_names_every_pdf_with_its_full_path_and_opens_the_folder(runner, bank_dir, tmp_path, monkeypatch):
    folder = bank_dir({"grade1.yaml": GOOD})
    viewer = tmp_path / "bin" / "xdg-open"
    viewer.parent.mkdir()
    viewer.write_text(f'#!/bin/sh\necho "$1" > "{tmp_path / "opened.txt"}"\n', encoding="utf-8")
    viewer.chmod(0o755)
    monkeypatch.setenv("PATH", f"{viewer.parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["build-deck", "--words", str(folder), "--out", "печать", "--open"])
    assert result.exit_code == 0, result.output
    for name in ("cards.pdf", "rules.pdf", "wordlist.pdf"):
        assert f"  {tmp_path / 'печать' / name}\n" in result.stdout
    assert (tmp_path / "opened.txt").read_text(encoding="utf-8").strip() == str(tmp_path / "печать")
    monkeypatch.setenv("PATH", str(tmp_path / "пусто"))
    result = runner.invoke(main, ["build-deck", "--words", str(folder), "--out", "печать", "--open"])
    assert result.exit_code == 0 and f"Открыть папку не удалось: откройте её сами: {tmp_path / 'печать'}" in result.stderr


def test_shell_completion_as_the_readme_sets_it_up():
    import subprocess
    import sys

    code = "import sys; from slovariki.cli import main; sys.exit(main(prog_name='slovariki'))"
    env = {**os.environ, "_SLOVARIKI_COMPLETE": "bash_source"}
    script = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True).stdout
    assert "_slovariki_completion" in script and "complete " in script
    env = {**os.environ, "_SLOVARIKI_COMPLETE": "bash_complete", "COMP_WORDS": "slovariki build-deck --pa",
           "COMP_CWORD": "2"}
    words = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True).stdout
    assert "--paper" in words


BAD_STARS = GOOD + """\
  - word: в[о]р+она
    stars: !!int один
    definition: Птица.
"""


@pytest.mark.parametrize("args", [
    ["check"], ["check", "--no-deck"], ["build-deck", "--out", "out"], ["words"], ["simulate", "--games", "2"],
    ["referee", "play", "--players", "Аня,Боря", "--trump", "коридор"],
], ids=lambda args: " ".join(args[:2]))
def test_a_bad_integer_in_a_word_file_is_a_diagnostic_in_every_command(runner, bank_dir, args, monkeypatch):
    folder = bank_dir({"grade1.yaml": BAD_STARS})
    monkeypatch.chdir(folder)
    result = runner.invoke(main, [*args, "--words", str(folder)], input="")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    if args[0] in ("check", "build-deck"):
        assert "grade1.yaml:10:12: ошибка: stars (звёздочки): нужно целое число от 1 до 3, а здесь " \
               "«один»" in result.output
    elif args[0] == "referee":
        assert result.exit_code == 2 and "grade1.yaml:10:12: ошибка: stars" in result.output
    elif args[0] == "simulate":  # a deck short of that entry would show another deck's balance
        assert result.exit_code == 1 and "grade1.yaml:10:12: ошибка: stars" in result.output
    else:
        assert "В файлах есть замечания" in result.output


def test_a_bad_integer_in_a_word_file_is_a_refusal_in_the_protocol(runner, bank_dir):
    folder = bank_dir({"grade1.yaml": BAD_STARS})
    command = {"cmd": "new", "players": ["Аня", "Боря"], "trump": "коридор", "words": str(folder)}
    result = runner.invoke(main, ["referee", "--jsonl"], input=json.dumps(command, ensure_ascii=False) + "\n")
    (answer,) = [json.loads(line) for line in result.output.splitlines()]
    assert answer["code"] == "bad-setup" and "внутренняя ошибка" not in answer["message"]
    assert "grade1.yaml:10:12" in answer["message"]


ESCAPES = {"\x1b]0;PWNED\x07": "\\x1b]0;PWNED\\x07", "\x9b2J": "\\x9b2J", "\u202e": "\\u202e"}
# A word file can carry them only as escapes in double quotes: YAML refuses raw control characters.
HOSTILE = """\
grade: 1
words:
  - word: к[о]р[и]д+ор
    stars: 2
    definition: "Длинный проход\\e]0;PWNED\\a внутри\\x9b2J здания\\u202e."
  - word: с[о]б+ака
    stars: 1
    definition: Домашний зверь, который лает и сторожит дом.
    "\\e]0;PWNED\\a": 1
  - word: "к[о]т\\e]0;PWNED\\a"
    stars: 1
    definition: Зверь.
"""


def assert_no_raw_escapes(text: str) -> None:
    assert not any(raw in text for raw in ESCAPES), repr(text)
    assert "\x1b" not in text and "\x07" not in text


@pytest.mark.parametrize("args", [["check"], ["check", "--format", "json"], ["words"], ["build-deck", "--out", "out"]],
                         ids=lambda args: " ".join(args))
def test_terminal_escapes_from_a_word_file_are_shown_not_obeyed(runner, bank_dir, args, monkeypatch):
    folder = bank_dir({"grade1.yaml": HOSTILE, "grade\x1b]0;PWNED\x07.yaml": "grade: 2\nwords: []\n"})
    monkeypatch.chdir(folder)
    result = runner.invoke(main, [*args, "--words", str(folder)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert_no_raw_escapes(result.output)
    if args == ["words"]:
        assert "Длинный проход\\x1b]0;PWNED\\x07 внутри\\x9b2J здания\\u202e." in result.output
    elif args == ["check"]:
        assert "неизвестный ключ «\\x1b]0;PWNED\\x07»" in result.output
        assert "grade\\x1b]0;PWNED\\x07.yaml:2:8: предупреждение: список words пуст" in result.output


def test_the_words_table_in_colour_escapes_definitions_but_keeps_its_own_colours(bank_dir):
    from slovariki.text.terminal import word_table
    from slovariki.bank.wordlist import load_bank

    deck = load_bank(bank_dir({"grade1.yaml": HOSTILE})).deck
    table = word_table(deck, colour=True)
    assert "\\x1b]0;PWNED\\x07" in table and "\x1b]0" not in table and "\x07" not in table
    assert "\x1b[1;31m" in table  # the hard letters are still red


def test_terminal_escapes_in_game_records_are_shown_not_obeyed(runner, tmp_path):
    record = tmp_path / "партия.txt"
    record.write_text("игроки: Аня, Боря\nАня 7ч 7п\nштраф Боря \x1b]0;PWNED\x07\n", encoding="utf-8")
    for args in (["bitva-par", "score", str(record)], ["bitva-par", "score", "--format", "json", str(record)]):
        result = runner.invoke(main, args)
        assert result.exit_code == 0, result.output
        assert_no_raw_escapes(result.output)
    durak = tmp_path / "дурак.txt"
    durak.write_text("# Запись партии (slovariki referee)\nправила: podkidnoy\nигроки: Аня, Боря\nкозырь: Тч\n"
                     "\n1. Аня: заходит с карты «6п\x1b]0;PWNED\x07»\n", encoding="utf-8")
    result = runner.invoke(main, ["referee", "replay", str(durak)])
    assert result.exit_code == 1 and "\\x1b]0;PWNED\\x07" in result.output
    assert_no_raw_escapes(result.output)



# --- issue 20: check tells errors from advice; papercuts -----------------------------------------------------
def class_list(folder, count: int = 12, grade: int = 2):
    """A teacher's «my class list»: ``count`` words of one grade, taken from the bundled bank as they are."""
    from slovariki.bank import wordlist, wordtable

    cards = [card for card in wordlist.load_bank().deck if card.grade == grade][:count]
    rows = [wordtable.Row({"word": c.markup.render(), "stars": c.stars, "definition": c.definition}) for c in cards]
    folder.mkdir(exist_ok=True)
    (folder / f"grade{grade}.yaml").write_text(wordtable.to_yaml(wordtable.Table(grade, rows))[0], encoding="utf-8")
    return folder


def test_a_small_class_list_checks_with_advice_not_errors(runner, tmp_path):
    folder = class_list(tmp_path / "класс")
    result = runner.invoke(main, ["check", "--words", str(folder)])
    assert result.exit_code == 0, result.output
    assert "Ошибки в словах" not in result.output and "error" not in result.output
    assert "Советы по колоде — карточки, список слов и диктант печатаются и так" in result.output
    assert "добавьте ещё 1 слово" in result.output  # 12 cards, 13 make a deck two can play
    assert "Карточек: 12; ошибок: 0" in result.output
    assert runner.invoke(main, ["check", "--words", str(folder), "--strict"]).exit_code == 1
    body = json.loads(runner.invoke(main, ["check", "--words", str(folder), "--format", "json"]).output)
    assert body["entry_errors"] == 0 and body["advice"] > 0
    assert "deck-too-small" in {d["code"] for d in body["diagnostics"]}  # the codes stay for programs


def test_an_entry_error_stops_the_deck_and_is_said_first(runner, bank_dir):
    folder = bank_dir({"grade1.yaml": BAD})
    result = runner.invoke(main, ["check", "--words", str(folder)])
    assert result.exit_code == 1
    assert result.output.startswith("Ошибки в словах (1) — исправьте их, иначе колода не соберётся:")


def test_a_small_class_list_prints_cards_word_list_and_dictation_without_scary_words(runner, tmp_path):
    folder = class_list(tmp_path / "класс", 15)
    result = runner.invoke(main, ["build-deck", "--words", str(folder), "--out", str(tmp_path / "печать")])
    assert result.exit_code == 0, result.output
    for name in ("cards.pdf", "wordlist.pdf", "dictation.pdf"):
        assert (tmp_path / "печать" / name).is_file()
    assert "Советы по колоде (печатается и так)" in result.stderr
    assert not any(word in result.stderr.lower() for word in ("ошибк", "error", "нельзя", "не хватает"))
    check = runner.invoke(main, ["check", "--words", str(folder)]).output
    assert not any(word in check.lower() for word in ("ошибки", "error", "нельзя", "не хватает"))


def test_only_reprints_lost_cards_without_replacing_the_deck(runner, tmp_path):
    folder = class_list(tmp_path / "класс", 15)
    out = tmp_path / "печать"
    assert runner.invoke(main, ["build-deck", "--words", str(folder), "--out", str(out)]).exit_code == 0
    whole = {p.name: p.read_bytes() for p in out.iterdir()}
    from slovariki.bank.wordlist import load_bank

    lost = next(iter(load_bank(str(folder)).deck)).word
    result = runner.invoke(main, ["build-deck", "--words", str(folder), "--out", str(out), "--only", lost])
    assert result.exit_code == 0, result.output
    assert {p.name: p.read_bytes() for p in out.iterdir() if not p.name.endswith("-only.pdf")} == whole
    assert "cards-only.pdf (2 с." in result.output and "rules.pdf" not in result.output  # a front, a back
    assert "Совет" not in result.stderr


def test_only_suggests_for_every_typo(runner):
    result = runner.invoke(main, ["build-deck", "--only", "карова,берёза,сабака", "--out", "нет"])
    assert result.exit_code == 1
    assert "«карова» (может быть, «корова»" in result.output and "«сабака» (может быть, «собака»" in result.output


def test_suits_said_on_a_cp1251_console_do_not_repeat_themselves():
    from slovariki.game.cards import PlayingCard
    from slovariki.text import console

    with pytest.raises(ValueError) as refused:
        PlayingCard.parse("пять")
    shown = str(refused.value).encode("cp1251", errors=console.handler("cp1251")).decode("cp1251")
    assert "п к б ч — пики, крести, бубны, черви" in shown and "п к б ч или п к б ч" not in shown


def test_preview_draws_a_word_not_in_the_bank_from_its_markup(runner, tmp_path):
    out = tmp_path / "календарь.png"
    result = runner.invoke(main, ["preview", "к[а]л[е]нд+арь", "--grade", "3", "--definition",
                                  "Таблица дней, недель и месяцев года.", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"\x89PNG")
    missing = runner.invoke(main, ["preview", "малинка", "--out", str(tmp_path / "м.png")])
    assert missing.exit_code == 1 and 'slovariki preview "к[а]л[е]нд+арь"' in missing.output


def test_a_table_that_is_not_there_is_not_called_a_folder(runner, tmp_path):
    result = runner.invoke(main, ["check", "--words", str(tmp_path / "мои-слова.xlsx")])
    assert result.exit_code == 2 and "таблица со словами не найдена" in result.output


def test_a_referee_record_given_to_bitva_is_named_as_a_durak_record(runner, tmp_path):
    record = tmp_path / "партия.txt"
    record.write_text("# Запись партии (slovariki referee)\nправила: podkidnoy\nигроки: Аня, Боря\nкозырь: Д♠\n",
                      encoding="utf-8")
    result = runner.invoke(main, ["bitva-par", "score", str(record)])
    assert result.exit_code == 1 and "это запись партии в дурака" in result.output
    assert "slovariki referee replay" in result.output


def test_check_fails_alike_in_text_and_json_when_a_definition_fits_at_no_size(bank_dir):
    long = " ".join(["очень длинное толкование, которое никак не поместится на карточку"] * 40)
    folder = bank_dir({"grade1.yaml": f"grade: 1\nwords:\n  - word: к[о]р+ова\n    stars: 1\n    definition: {long}\n"})
    runner = CliRunner()
    text = runner.invoke(main, ["check", "--no-deck", "--words", str(folder)])
    as_json = runner.invoke(main, ["check", "--no-deck", "--words", str(folder), "--format", "json"])
    assert "не помещается на карту" in text.output and text.exit_code == 1
    assert as_json.exit_code == 1 and "diagnostics" in json.loads(as_json.stdout)  # the report stays JSON alone
    assert "не помещается на карту" in as_json.stderr  # and a script is told why
