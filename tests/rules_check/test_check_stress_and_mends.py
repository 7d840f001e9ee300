"""`slovariki check`: the stress dictionary on a copy of the bundled bank, and the editor's mends (issue 9 §2, §4)."""

import json
import shutil

import pytest
from click.testing import CliRunner

from slovariki.cli import main
from slovariki.bank.wordlist import bundled_words

ENTRY = """\
grade: {grade}
words:
  - word: {word}
    stars: {stars}
    definition: {definition}
"""


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def check(runner, folder, *options):
    return runner.invoke(main, ["check", "--no-deck", "--words", str(folder), *options])


def entry(word="к[о]р[и]д+ор", definition="Длинный проход внутри здания.", grade=1, stars=2) -> str:
    return ENTRY.format(word=word, definition=definition, grade=grade, stars=stars)


@pytest.fixture
def bank_copy(tmp_path):
    """The bundled word files copied into a temporary folder."""
    folder = tmp_path / "words"
    shutil.copytree(bundled_words(), folder)
    return folder


def plant(folder, old: str, new: str):
    """Replace one ``word:`` value in the copy; the file and 1-based line of the changed entry."""
    for path in sorted(folder.glob("grade*.yaml")):
        lines = path.read_text(encoding="utf-8").split("\n")
        for n, line in enumerate(lines):
            if line.strip() in (f"- word: {old}", f'- word: "{old}"'):
                lines[n] = line.replace(old, new)
                path.write_text("\n".join(lines), encoding="utf-8")
                return path, n + 1, line.index("word:") + 1
    raise AssertionError(f"{old} is not in the bundled bank")


def test_check_finds_a_wrong_stress_planted_in_a_copy_of_the_bundled_bank(runner, bank_copy):
    before = check(runner, bank_copy, "--format", "json")
    planted_before = [d for d in json.loads(before.output)["diagnostics"] if d["code"] == "stress-dictionary"]
    path, line, column = plant(bank_copy, "к[о]р[и]д+ор", "к[о]р+ид[о]р")
    result = check(runner, bank_copy)
    expected = f"{path}:{line}:{column}: предупреждение: ударение: отмечено «кори́дор», в словаре «коридо́р»"
    assert f"  {expected}" in result.output.splitlines()  # under «Предупреждения», indented
    body = json.loads(check(runner, bank_copy, "--format", "json").output)
    found = [d for d in body["diagnostics"] if d["code"] == "stress-dictionary"]
    assert len(found) == len(planted_before) + 1
    assert body["stress"]["disagreed"] == len(found)
    assert check(runner, bank_copy, "--strict").exit_code == 1  # a stress warning fails --strict


def test_stress_summary_counts_agreed_and_missing_words(runner, bank_dir):
    folder = bank_dir({"grade1.yaml": entry() + """\
  - word: з[а]б[у]л+ябра
    stars: 1
    definition: Придуманное слово для проверки.
"""})
    result = check(runner, folder)
    assert "Ударения сверены со словарём (Викисловарь): 1 слово, расходятся 0; нет в словаре 1: «забулябра»." in result.output
    assert "stress-dictionary" not in result.output


def test_clean_stress_passes_strict(runner, bank_dir):
    result = check(runner, bank_dir({"grade1.yaml": entry()}), "--strict")
    assert result.exit_code == 0, result.output


def test_inflected_verb_form_gets_a_noun_that_is_one_letter_away(runner, bank_dir):
    folder = bank_dir({"grade1.yaml": entry("п[и]н+ал", "Коробочка для ручек.")})
    result = check(runner, folder)
    assert result.exit_code == 1
    assert "ошибка: «пинал» — не начальная форма слова (в словаре: «пинать»); может быть, «пенал»" in result.output


def test_unknown_word_gets_a_spelling_suggestion(runner, bank_dir):
    result = check(runner, bank_dir({"grade1.yaml": entry("к[а]р+ова", "Животное, которое даёт молоко.")}))
    assert "слова «карова» нет в словаре pymorphy3: проверьте написание; может быть, «корова»?" in result.output


def test_unknown_word_without_a_near_word_gets_no_guess(runner, bank_dir):
    result = check(runner, bank_dir({"grade1.yaml": entry("з[а]б[у]л+ябра", "Придуманное слово.")}))
    assert "слова «забулябра» нет в словаре pymorphy3: проверьте написание\n" in result.output


def test_definition_naming_the_word_points_at_the_definition_line(runner, bank_dir):
    folder = bank_dir({"grade1.yaml": entry("в[о]р+она", "Серая птица; вороны громко каркают.")})
    result = check(runner, folder)
    line = next(line.strip() for line in result.output.splitlines() if "называет само слово" in line)
    assert line.startswith(f"{folder / 'grade1.yaml'}:5:5: предупреждение: "
                           "толкование слова «ворона» называет само слово («вороны»)")


def test_too_long_definition_points_at_the_definition_line(runner, bank_dir):
    result = check(runner, bank_dir({"grade1.yaml": entry(definition="Проход " * 20)}))
    assert ":5:5: ошибка: толкование слова «коридор» длиннее" in result.output


def test_a_file_that_cannot_be_parsed_says_its_words_were_not_checked(runner, bank_dir):
    folder = bank_dir({"grade1.yaml": entry(), "grade2.yaml": "grade: 2\nwords:\n  - word: a: b\n"})
    result = check(runner, folder)
    line = next(line for line in result.output.splitlines() if "grade2.yaml:3" in line)
    assert line.endswith("; слова этого файла не проверены")
    assert "Карточек: 1" in result.output  # the other file was still checked


def test_grade_that_contradicts_the_file_name_is_a_warning(runner, bank_dir):
    folder = bank_dir({"grade2.yaml": entry(grade=1)})
    result = check(runner, folder, "--strict")
    assert result.exit_code == 1
    assert (f"{folder / 'grade2.yaml'}:1:8: предупреждение: файл называется grade2.yaml, а в нём "
            "grade: 1: его слова попадут в 1 класс; исправьте класс или имя файла") in result.output


@pytest.mark.parametrize("name", ["grade1.yaml", "мои-слова.yaml", "grade1.yml"])
def test_a_matching_or_free_file_name_is_no_warning(runner, bank_dir, name):
    assert "файл называется" not in check(runner, bank_dir({name: entry(grade=1)})).output


@pytest.mark.parametrize("markup", ["п[а]р[а]ш[+ю]т", "бр[о]ш[+ю]ра"])
def test_a_stressed_exception_after_a_hissing_consonant_may_be_hard(runner, bank_dir, markup):
    result = check(runner, bank_dir({"grade1.yaml": entry(markup, "Слово для проверки правила.")}))
    assert "ударную гласную проверять не нужно" not in result.output


def test_deck_rules_are_not_checked_on_a_deck_that_lacks_a_file_that_cannot_be_parsed(runner, bank_dir):
    folder = bank_dir({"grade1.yaml": "grade: 1\nwords:\n  - word: [о]\n   bad\n", "grade2.yaml": entry(grade=2)})
    result = runner.invoke(main, ["check", "--words", str(folder)])
    assert result.exit_code == 1
    assert not {"deck-too-small", "deck-star-spread"} & json_codes(runner, folder)
    assert (f"предупреждение: правила колоды не проверены: файл {folder / 'grade1.yaml'} не прочитан, и без "
            "его слов колода неполная; исправьте ошибки в нём и проверьте снова") in result.output
    # Without that grade the deck is whole: its rules are checked.
    codes = json_codes(runner, folder, "--grades", "2")
    assert "deck-not-checked" not in codes and "deck-too-small" in codes


def test_deck_rules_are_checked_when_every_file_is_read(runner, bank_dir):
    codes = json_codes(runner, bank_dir({"grade1.yaml": entry()}))
    assert "deck-not-checked" not in codes and "deck-too-small" in codes


def json_codes(runner, folder, *args: str) -> set[str]:
    result = runner.invoke(main, ["check", "--words", str(folder), "--format", "json", *args])
    return {d["code"] for d in json.loads(result.output)["diagnostics"]}
