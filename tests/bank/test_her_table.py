"""A teacher's own table goes in as she typed it (issue 20): hard letters coloured red or bold, the stress
a capital vowel, «´» or an apostrophe, or from the stress dictionary; her header words, a title row, her
sheet names, one sheet with a «Класс» column, stars as «**»; import --suggest for unmarked words; an
`init` folder keeps her words only; the row-by-row preview the studio calls."""

from __future__ import annotations

import datetime
from pathlib import Path

import openpyxl
import pytest
import yaml
from click.testing import CliRunner
from openpyxl.cell.rich_text import CellRichText, TextBlock
from openpyxl.cell.text import InlineFont

from slovariki.bank import typed_word
from slovariki.bank.importing import preview_spreadsheet
from slovariki.cli import main

RED, BOLD, BLUE = InlineFont(color="FFFF0000"), InlineFont(b=True), InlineFont(color="FF1F4E9F")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def rich(text: str, font: InlineFont = RED) -> CellRichText:
    """«к{а}р{а}ндаш» with the letters in braces in ``font``."""
    parts, inside = [], False
    for piece in text.replace("}", "{").split("{"):
        if piece:
            parts.append(TextBlock(font, piece) if inside else piece)
        inside = not inside
    return CellRichText(parts)


def entries(folder: Path, grade: int) -> list[dict]:
    return yaml.safe_load((folder / f"grade{grade}.yaml").read_text(encoding="utf-8"))["words"]


# Her list as she would type it: red hard letters, the stress a capital vowel (or «´», an apostrophe, none).
HER_WORDS = [
    (rich("к{а}р{а}ндАш"), "к[а]р[а]нд+аш", "красным цветом", "заглавной гласной"),
    (rich("б{е}рЁза"), "б[е]рёза", "красным цветом", None),  # ё is its own stress
    (rich("к{о}рО{в}а"), "к[о]р+о[в]а", "красным цветом", "заглавной гласной"),  # a marked letter may be stressed
    (rich("м{а}ли´на"), "м[а]л+ина", "красным цветом", "знаком «´»"),
    (rich("с{о}ба'ка"), "с[о]б+ака", "красным цветом", "апострофом"),
    (rich("в{о}р{о}бей", BOLD), "в[о]р[о]б+ей", "жирным шрифтом", "по словарю ударений"),
    (rich("{о}г{у}рец", BLUE), "[о]г[у]р+ец", "другим цветом", "по словарю ударений"),
]


def her_xlsx(path: Path) -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Слова 2 класса"
    sheet.append(["Словарные слова, 2 класс (весна)"])
    sheet.merge_cells("A1:E1")  # a title across the columns
    sheet["A2"] = "Класс 2Б"  # not the header for all its known word
    sheet.append(["№", "Слово", "Звёздочки", "Значение слова", "Заметка"])  # row 3
    for n, (word, *_) in enumerate(HER_WORDS, 1):
        sheet.append([n, word, "**" if n % 2 else 1, f"Толкование слова номер {n}.", None])
    sheet["E4"] = datetime.datetime(2024, 9, 12)
    sheet["E4"].number_format = "dd.mm"  # she typed «12.09»: Excel made it a date
    book.save(path)
    return path


def test_her_xlsx_with_red_letters_and_capital_vowels_imports_in_one_go(tmp_path):
    table = her_xlsx(tmp_path / "мои слова.xlsx")
    result = run("import", str(table), "--out", str(tmp_path / "мои"))
    assert result.exit_code == 0, result.output
    words = entries(tmp_path / "мои", 2)
    assert [w["word"] for w in words] == [markup for _, markup, _, _ in HER_WORDS]
    assert [w["stars"] for w in words[:2]] == [2, 1] and words[0]["definition"] == "Толкование слова номер 1."
    assert words[0]["note"] == "12.09"  # what she typed, not «2024-09-12 00:00:00»
    # The report says which way each word was read.
    assert "сложные буквы красным цветом: к[а]р[а]нд+аш, б[е]рёза, к[о]р+о[в]а, м[а]л+ина, с[о]б+ака" in result.output
    assert "сложные буквы жирным шрифтом: в[о]р[о]б+ей" in result.output
    assert "ударение заглавной гласной: к[а]р[а]нд+аш, к[о]р+о[в]а" in result.output
    assert "ударение по словарю ударений (проверьте): в[о]р[о]б+ей, [о]г[у]р+ец" in result.output
    for words in (tmp_path / "мои", table):  # check and build-deck read the table as import does
        check = run("check", "--words", str(words), "--format", "json")
        assert '"entry_errors": 0' in check.output, check.output


def test_the_studio_previews_each_row_before_anything_is_written(tmp_path):
    table = her_xlsx(tmp_path / "т.xlsx")
    found = preview_spreadsheet(table)
    assert found.ready and not (tmp_path / "мои").exists()
    assert [(r.sheet, r.row, r.grade) for r in found.rows][:2] == [("Слова 2 класса", 4, 2), ("Слова 2 класса", 5, 2)]
    for row, (_, markup, letters, stress) in zip(found.rows, HER_WORDS):
        assert (row.markup, row.letters, row.stress, row.problems) == (markup, letters, stress, ())
    assert found.rows[0].typed == "карандАш"


def test_the_preview_names_what_was_not_understood_row_by_row(tmp_path):
    book = openpyxl.Workbook()
    book.active.title = "3 класс"
    for row in (["Слово", "Звёздочки", "Толкование"], [rich("в{о}кзАл"), 1, "Здание для пассажиров поездов."],
                ["собака", 1, "Домашний зверь."], [rich("т{о}рт"), "много", "Сладкое."], [rich("з{а}мок"), 1, "Крепость."]):
        book.active.append(row)
    book.save(tmp_path / "т.xlsx")
    rows = {row.row: row for row in preview_spreadsheet(tmp_path / "т.xlsx").rows}
    assert rows[2].problems == () and rows[2].markup == "в[о]кз+ал"
    assert rows[3].problems and "сложной буквы" in rows[3].problems[0] and rows[3].letters is None
    assert rows[4].problems and rows[4].problems[0].startswith("столбец B:")
    assert "замок" in rows[5].problems[0] and "ударение" in rows[5].problems[0]  # за́мок or замо́к: hers to say


def test_words_without_marked_letters_are_named_once_and_suggest_proposes_them(tmp_path):
    book = openpyxl.Workbook()
    book.active.title = "1 класс"
    for row in (["Слово", "Звёздочки", "Толкование"], ["собака", 1, "Домашний зверь, который лает."],
                ["ворона", None, "Серая птица, громко каркает."], ["коровА", 2, "Домашнее животное, даёт молоко."]):
        book.active.append(row)
    book.save(tmp_path / "т.xlsx")
    refused = run("import", str(tmp_path / "т.xlsx"), "--out", str(tmp_path / "мои"))
    assert refused.exit_code == 1 and not (tmp_path / "мои").exists()
    assert refused.stderr.count("не отмечены сложные буквы") == 1 and "--suggest" in refused.stderr
    result = run("import", str(tmp_path / "т.xlsx"), "--out", str(tmp_path / "мои"), "--suggest")
    assert result.exit_code == 0, result.output
    words = {w["word"]: w["stars"] for w in entries(tmp_path / "мои", 1)}
    # Her stars and her stress (even a wrong one, which check then names) are kept; the empty cell is proposed.
    assert words == {"с[о]б+ака": 1, "в[о]р+она": 1, "к[о]ров+а": 2}
    check = run("check", "--words", str(tmp_path / "мои"), "--no-deck")
    assert "ударение: отмечено «корова́», в словаре «коро́ва»" in check.output
    assert "предложено программой — проверьте" in result.output
    assert "лист «1 класс», строка 3: в[о]р+она, 1 звёздочка" in result.output


@pytest.mark.parametrize("name", ["Слова 2 класса", "2 класс (весна)", "2-й класс", "Класс 2", "2 кл."])
def test_her_sheet_names_say_the_grade(tmp_path, name):
    book = openpyxl.Workbook()
    book.active.title = name
    book.active.append(["Слово", "Звёздочки", "Толкование"])
    book.active.append(["к[о]р+ова", "★★", "Домашнее животное, даёт молоко."])
    book.save(tmp_path / "т.xlsx")
    assert run("import", str(tmp_path / "т.xlsx"), "--out", str(tmp_path / "мои")).exit_code == 0
    assert entries(tmp_path / "мои", 2) == [{"word": "к[о]р+ова", "stars": 2, "definition": "Домашнее животное, даёт молоко."}]


def test_one_sheet_with_a_grade_column(tmp_path):
    book = openpyxl.Workbook()
    book.active.title = "Лист1"
    for row in (["Класс", "Слово", "Звёздочки", "Толкование"], [1, "с[о]б+ака", "*", "Домашний зверь, который лает."],
                ["3 класс", "в[о]кз+ал", "**", "Здание для пассажиров поездов."]):
        book.active.append(row)
    book.save(tmp_path / "т.xlsx")
    result = run("import", str(tmp_path / "т.xlsx"), "--out", str(tmp_path / "мои"))
    assert result.exit_code == 0, result.output
    assert entries(tmp_path / "мои", 1)[0]["stars"] == 1 and entries(tmp_path / "мои", 3)[0]["stars"] == 2
    broken = run("check", "--words", str(tmp_path / "т.xlsx"), "--no-deck")
    assert broken.exit_code == 0, broken.output


def test_her_ods_with_red_spans_and_capital_vowels_imports_in_one_go(tmp_path):
    from odf import opendocument, style, table as t, text

    document = opendocument.OpenDocumentSpreadsheet()
    red = style.Style(name="T1", family="text")
    red.addElement(style.TextProperties(color="#c9211e"))  # LibreOffice's «Dark Red 2»
    bold = style.Style(name="T2", family="text")
    bold.addElement(style.TextProperties(fontweight="bold"))
    document.automaticstyles.addElement(red)
    document.automaticstyles.addElement(bold)
    sheet = t.Table(name="2 класс (весна)")

    def cell(*runs, kind="string", value=None):
        element = t.TableCell(valuetype=kind, **({"value": value} if kind == "float" else {}),
                              **({"datevalue": value} if kind == "date" else {}))
        paragraph = text.P()
        for piece, mark in runs:
            if mark is None:
                paragraph.addText(piece)
            else:
                paragraph.addElement(text.Span(stylename=mark, text=piece))
        element.addElement(paragraph)
        return element

    rows = [[cell(("Слово", None)), cell(("Звёздочки", None)), cell(("Толкование", None)), cell(("Заметка", None))],
            [cell(("к", None), ("а", red), ("р", None), ("а", red), ("ндАш", None)), cell(("2", None), kind="float", value="2"),
             cell(("Чем рисуют и пишут.", None)), cell(("12.09", None), kind="date", value="2024-09-12")],
            [cell(("б", None), ("е", bold), ("рЁза", None)), cell(("★", None)), cell(("Дерево с белой корой.", None))]]
    for values in rows:
        row = t.TableRow()
        for element in values:
            row.addElement(element)
        sheet.addElement(row)
    document.spreadsheet.addElement(sheet)
    document.save(str(tmp_path / "т.ods"))
    result = run("import", str(tmp_path / "т.ods"), "--out", str(tmp_path / "мои"))
    assert result.exit_code == 0, result.output
    assert entries(tmp_path / "мои", 2) == [
        {"word": "к[а]р[а]нд+аш", "stars": 2, "definition": "Чем рисуют и пишут.", "note": "12.09"},
        {"word": "б[е]рёза", "stars": 1, "definition": "Дерево с белой корой."}]
    assert "сложные буквы красным цветом: к[а]р[а]нд+аш" in result.output
    assert "сложные буквы жирным шрифтом: б[е]рёза" in result.output


def test_import_into_an_init_folder_leaves_her_words_only(tmp_path):
    folder = tmp_path / "мои-слова"
    assert run("init", str(folder)).exit_code == 0
    grade4 = folder / "grade4.yaml"
    grade4.write_text(grade4.read_text(encoding="utf-8") + "  - word: п[а]р+ад\n    stars: 1\n"
                      "    definition: Торжественное шествие войск или спортсменов.\n", encoding="utf-8")
    table = her_xlsx(tmp_path / "т.xlsx")
    result = run("import", str(table), "--out", str(folder))  # no --force: init's examples are not hers
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.glob("*.yaml")) == ["grade2.yaml", "grade4.yaml"]
    assert "Убраны примеры из init" in result.output and f"{(folder / 'grade1.yaml').resolve()}" in result.output
    assert "Оставлены как были" in result.output and f"{grade4.resolve()}" in result.output
    assert "п[а]р+ад" in grade4.read_text(encoding="utf-8")  # her own edit is never removed
    check = run("check", "--words", str(folder), "--format", "json")
    assert '"cards": 12' in check.output  # her 7 words and grade 4's five: no other sample mixed in


def test_typed_word_reading():
    assert typed_word.read("карандАш").markup == "каранд+аш"
    assert typed_word.read("Москва").markup == "Москва" and typed_word.read("КОРОВА").markup == "КОРОВА"
    assert typed_word.read("к[о]р[о]в+а").letters == "brackets"
    # A whole cell in red is the cell's style, not letters set apart.
    assert typed_word.read("корова", ("red",) * 6).markup == "корова"
    assert typed_word.read("коро'ва", (None, "red", None, "red", None, None, None)).markup == "к[о]р[+о]ва"
    assert typed_word.colour("000000") is None and typed_word.colour("C9211E") == typed_word.RED


def test_suggest_names_a_misspelt_word_instead_of_marking_it(tmp_path):
    book = openpyxl.Workbook()
    book.active.title = "1 класс"
    for row in (["Слово", "Звёздочки", "Толкование"], ["карова", 2, "Домашнее животное, даёт молоко."],
                ["бубумбра", 1, "Слово, какого нет."]):
        book.active.append(row)
    book.save(tmp_path / "т.xlsx")
    result = run("import", str(tmp_path / "т.xlsx"), "--out", str(tmp_path / "мои"), "--suggest")
    assert result.exit_code == 1 and not (tmp_path / "мои").exists()
    problems = [line for line in result.stderr.splitlines() if "строка 2" in line]
    assert len(problems) == 1 and "слова «карова» нет в словаре" in problems[0] and "«корова»" in problems[0]
    [nothing_near] = [line for line in result.stderr.splitlines() if "строка 3" in line]
    assert "разметку не предложить. Исправьте слово" in nothing_near
