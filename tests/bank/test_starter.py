"""`slovariki init`: a word folder that check passes as it is; never over an existing file."""

from __future__ import annotations

import re

import yaml
from click.testing import CliRunner

from slovariki.cli import main
from slovariki.markup import parse
from slovariki.bank.wordfile import ENTRY_KEYS
from slovariki.bank.wordlist import bundled_words, load_bank

NAMES = ["grade1.yaml", "grade2.yaml", "grade3.yaml", "grade4.yaml"]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_init_writes_four_explained_files_that_check_passes(tmp_path):
    folder = tmp_path / "мои слова"
    result = run("init", str(folder))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.iterdir()) == NAMES
    for grade, name in enumerate(NAMES, 1):
        text = (folder / name).read_text(encoding="utf-8")
        header = "\n".join(line for line in text.splitlines() if line.startswith("#"))
        for key in (*ENTRY_KEYS, "grade"):
            assert re.search(rf"^#\s+(Ключ )?{key}\b", header, re.M), (name, key)
        assert f'slovariki check --words "{folder}"' in header
        data = yaml.safe_load(text)
        assert data["grade"] == grade and len(data["words"]) >= 2
    result = run("check", "--words", str(folder))
    assert result.exit_code == 0, result.output
    assert "ошибок: 0" in result.output


def test_init_never_overwrites_and_writes_nothing_then(tmp_path):
    (tmp_path / "grade3.yaml").write_text("# мой список\n", encoding="utf-8")
    result = run("init", str(tmp_path))
    assert result.exit_code == 1 and "уже есть grade3.yaml" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["grade3.yaml"]
    assert (tmp_path / "grade3.yaml").read_text(encoding="utf-8") == "# мой список\n"


def test_init_copy_brings_the_whole_bundled_bank(tmp_path):
    result = run("init", str(tmp_path / "банк"), "--copy")
    assert result.exit_code == 0, result.output
    for name in NAMES:
        assert (tmp_path / "банк" / name).read_bytes() == (bundled_words() / name).read_bytes()


def test_init_into_a_file_is_refused(tmp_path):
    (tmp_path / "файл").write_text("x", encoding="utf-8")
    result = run("init", str(tmp_path / "файл"))
    assert result.exit_code == 1 and "файл, а нужна папка" in result.output


def test_every_example_is_the_bundled_banks_entry_and_passes_the_strict_check(tmp_path):
    """The first cards a teacher prints: the bank's stress and hard letters (once «орнаме́нт» slipped in)."""
    assert run("init", str(tmp_path / "слова")).exit_code == 0
    bank = load_bank().deck
    for grade, name in enumerate(NAMES, 1):
        entries = yaml.safe_load((tmp_path / "слова" / name).read_text(encoding="utf-8"))["words"]
        for entry in entries:
            card = bank.find(parse(entry["word"]).plain)
            assert card is not None and card.grade == grade, entry
            assert entry == {"word": card.markup.render(), "stars": card.stars, "definition": card.definition}
    result = run("check", "--strict", "--no-deck", "--words", str(tmp_path / "слова"))
    assert result.exit_code == 0, result.output
    assert "ошибок: 0, предупреждений: 0" in result.output and "расходятся 0" in result.output


def test_a_fifo_named_like_a_grade_file_is_not_waited_on(tmp_path):
    """untouched_examples reads the folder's grade files bounded (files.reading): a FIFO is refused at
    once, not read until a writer comes (import hung on it)."""
    import os

    from slovariki.bank import starter

    os.mkfifo(tmp_path / "grade1.yaml")
    init = CliRunner().invoke(main, ["init", str(tmp_path / "другая")])
    assert init.exit_code == 0
    (tmp_path / "grade2.yaml").write_bytes((tmp_path / "другая" / "grade2.yaml").read_bytes())
    assert list(starter.untouched_examples(tmp_path)) == [2]
