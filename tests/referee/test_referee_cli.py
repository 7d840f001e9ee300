"""The `slovariki referee` command group: help, options, clear errors."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from slovariki.cli import main


@pytest.mark.parametrize("command", [[], ["play"], ["resume"], ["log"], ["replay"]])
def test_help_of_every_subcommand(command):
    result = CliRunner().invoke(main, ["referee", *command, "--help"])
    assert result.exit_code == 0 and f"referee {command[0] if command else ''}".strip() in result.output
    assert "FILE" not in result.output and "[required]" not in result.output  # placeholders in Russian


def test_referee_alone_prints_help():
    result = CliRunner().invoke(main, ["referee"])
    assert result.exit_code == 0 and "play" in result.output and "--jsonl" in result.output


def test_jsonl_with_a_subcommand_is_a_usage_error():
    result = CliRunner().invoke(main, ["referee", "--jsonl", "log"])
    assert result.exit_code == 2 and "без подкоманды" in result.output


@pytest.mark.parametrize("args, words", [
    (["--players", "Аня", "--trump", "лопата"], "правило 2"),
    (["--players", "Аня,Боря", "--trump", "лапатой"], "«лопата»"),
    (["--players", "Аня,Боря", "--trump", "лопата", "--rules", "шахматы"], "нет правил"),
    (["--players", "Аня,Аня", "--trump", "лопата"], "одним именем"),
    (["--players", "Аня,Боря", "--trump", "лопата", "--first", "Вика"], "нет игрока"),
    (["--players", "Аня,Боря", "--trump", "лопата", "--grades", "7"], "классы"),
])
def test_play_with_a_bad_setup(small_bank, args, words):
    result = CliRunner().invoke(main, ["referee", "play", "--words", str(small_bank), *args], input="")
    assert result.exit_code == 2, result.output
    assert "Ошибка:" in result.output and words in result.output and "Traceback" not in result.output


def test_a_word_bank_with_errors_is_refused_with_the_first_one(small_bank):
    (small_bank / "grade3.yaml").write_text("grade: 3\nwords: [\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["referee", "play", "--words", str(small_bank), "--players", "Аня,Боря",
                                       "--trump", "лопата"], input="")
    assert result.exit_code == 2
    assert "Ошибка: в списках слов есть ошибки, колода неполная: " in result.output
    assert "grade3.yaml:3:1: ошибка: " in result.output and "«slovariki check»" in result.output


def test_play_classic_durak():
    result = CliRunner().invoke(main, ["referee", "play", "--players", "Аня,Боря", "--trump", "Тч",
                                       "--rules", "podkidnoy", "--first", "Бо"], input="Боря 6п\nАня 7 п\n")
    assert result.exit_code == 0, result.output
    assert "Новая партия: подкидной дурак" in result.output
    assert "✓ Боря: заходит с карты «6♠»." in result.output and "✓ Аня: бьёт карту «6♠» картой «7♠»." in result.output


def test_help_starts_without_heavy_imports():
    code = ("import sys; from slovariki.cli import main\n"
            "try: main(['referee', '--help'])\nexcept SystemExit: pass\n"
            "heavy = [m for m in ('pymorphy3', 'yaml', 'reportlab', 'slovariki.game', 'slovariki.referee') "
            "if m in sys.modules]\nprint(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().endswith("[]")


def test_a_player_name_too_long_is_refused():
    result = CliRunner().invoke(main, ["referee", "play", "--players", "А" * 41 + ",Боря", "--trump", "Тч",
                                       "--rules", "podkidnoy"], input="")
    assert result.exit_code == 2 and "длиннее 40 знаков" in result.output and len(result.output) < 500


@pytest.mark.parametrize("name", ["Пас", "все", "Берёт", "отмена"])
def test_a_player_named_like_a_command_is_refused(name):
    """«Пас пас» or «все пас» would be ambiguous at the table (QA2 #17); «Битва пар» refuses such names too."""
    result = CliRunner().invoke(main, ["referee", "play", "--players", f"{name},Боря", "--trump", "Тч",
                                       "--rules", "podkidnoy"], input="")
    assert result.exit_code == 2 and f"«{name}» судья понимает как команду: назовите игрока иначе" in result.output
