"""The README's facts: two set-up commands (and the same two for PowerShell), the CI runs its test
command, every `slovariki` example parses, and a teacher's path from nothing to a printed own deck
works with the README's commands."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from slovariki.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def code_blocks(text: str, language: str = "sh") -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.S)


def section(title: str) -> str:
    return README.split(f"## {title}", 1)[1].split("\n## ", 1)[0]


def test_quick_start_has_exactly_two_commands_and_ci_runs_the_test_one():
    quick = section("Быстрый старт")
    commands = [block.strip() for block in code_blocks(quick)]
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == commands[1]


def test_the_windows_commands_are_the_same_two_for_powershell():
    quick = section("Быстрый старт")
    posix = [block.strip() for block in code_blocks(quick)]
    windows = [block.strip() for block in code_blocks(quick, "powershell")]
    assert len(windows) == 2 and all("\n" not in c for c in windows)
    for sh, ps in zip(posix, windows):
        # Windows PowerShell 5 has no «&&»: the same steps, one after another
        steps = sh.replace("python3 -m venv .venv", "py -m venv .venv").replace(". .venv/bin/activate",
                                                                               r".venv\Scripts\Activate.ps1")
        assert ps == steps.replace(" && ", "; ")


def _examples() -> list[str]:
    lines = [line for block in code_blocks(README) for line in block.splitlines()]
    return [re.split(r"\s#\s|\s[>|]\s", line)[0].strip() for line in lines if line.startswith("slovariki ")]


EXAMPLES = _examples()


@pytest.mark.parametrize("example", EXAMPLES)
def test_every_slovariki_example_uses_real_commands_and_options(example):
    command, args = main, shlex.split(example)[1:]
    while isinstance(command, click.Group) and args and args[0] in command.commands:
        command, args = command.commands[args[0]], args[1:]
    command.make_context(command.name, args)  # raises a usage error on an unknown option or value


def test_every_command_has_an_example():
    used = {shlex.split(example)[1] for example in EXAMPLES}
    assert set(main.commands) <= used


def _run(line: str) -> str:
    result = CliRunner().invoke(main, shlex.split(line)[1:])
    assert result.exit_code == 0, (line, result.output)
    return result.output


def test_a_teacher_goes_from_nothing_to_a_printed_own_deck(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    init, check, build = [line.split(" #")[0].strip() for line in code_blocks(section("Свой список слов"))[0]
                          .strip().splitlines()]
    _run(init)
    grade2 = tmp_path / "мои-слова" / "grade2.yaml"  # the edit: one more word, as a teacher types it
    grade2.write_text(grade2.read_text(encoding="utf-8") + "  - word: д[о]р+ога\n    stars: 1\n"
                      "    definition: Полоса земли, по которой ездят машины и ходят люди.\n", encoding="utf-8")
    assert "Карточек: 17;" in _run(check)
    out = _run(build)
    assert f"  {tmp_path / 'печать' / 'cards.pdf'}" in out and (tmp_path / "печать" / "rules.pdf").is_file()


def test_a_teacher_keeps_the_words_in_a_spreadsheet(tmp_path, monkeypatch):
    import openpyxl

    monkeypatch.chdir(tmp_path)
    block = [line.split(" #")[0].strip() for line in code_blocks(section("Команды").split("### `slovariki export`")[1])[0]
             .strip().splitlines()]
    init, export, import_ = block[:3]
    _run(init)
    _run(export)
    book = openpyxl.load_workbook("мои-слова.xlsx")  # the edit, as in Excel: a row at the end of a sheet
    book["3 класс"].append(["б[е]с+еда", 1, "Спокойный разговор двух или нескольких людей."])
    book.save("мои-слова.xlsx")
    _run(import_)
    assert "б[е]с+еда" in (tmp_path / "мои-слова" / "grade3.yaml").read_text(encoding="utf-8")
    assert "Карточек: 17;" in _run("slovariki check --words мои-слова.xlsx")
    _run("slovariki build-deck --words мои-слова.xlsx --out печать")
    assert (tmp_path / "печать" / "cards.pdf").is_file()


# Examples a test cannot run: a server that waits for a browser.
NOT_RUN = ("slovariki referee web",)
# Examples that refuse as they should when run in the README's order, and say what to do: the folder
# of `init` is made once (the later blocks repeat the line for a reader who starts there); the second
# `referee play` is another way to start, refused while the first game is unfinished.
INIT, SECOND_GAME = "slovariki init мои-слова", 'slovariki referee play --players "Аня,Боря" --trump Д♠ --rules podkidnoy'
REFUSALS = {INIT: "уже есть grade1.yaml", SECOND_GAME: "есть незаконченная партия"}


def test_the_examples_run_one_after_another_in_readme_order(tmp_path, monkeypatch):
    """A teacher who types the README's commands in order gets no error (issue 20: «preview корова
    --words мои-слова» found no корова, «--words мои-слова.xlsx» came before the table was made, a
    referee record was given to «Битва пар»)."""
    from slovariki.text import console

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the referee's session file
    monkeypatch.setattr(console, "show_folder", lambda folder: True)  # --open: no file viewer in a test
    assert SECOND_GAME in EXAMPLES
    seen = set()
    for example in EXAMPLES:
        if example.startswith(NOT_RUN):
            continue
        result = CliRunner().invoke(main, shlex.split(example)[1:], input="")
        assert result.exception is None or isinstance(result.exception, SystemExit), (example, result.exception)
        if example == SECOND_GAME or example == INIT and example in seen:
            assert result.exit_code == 1 and REFUSALS[example] in result.output, (example, result.output)
        else:
            assert result.exit_code == 0, (example, result.output)
        seen.add(example)
    assert (tmp_path / "печать" / "cards.pdf").is_file() and (tmp_path / "output" / "cards-only.pdf").is_file()
