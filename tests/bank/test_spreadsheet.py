"""Spreadsheets: export → import gives the same word files byte for byte; check and build-deck read a
spreadsheet and name cells; bad spreadsheets get a message with the cell and nothing is written."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import openpyxl
import pytest
import yaml
from click.testing import CliRunner

from slovariki.bank import spreadsheet_reader as spreadsheet
from slovariki.bank import wordtable
from slovariki.cli import main
from slovariki.bank.wordlist import bundled_words

FORMATS = ["xlsx", "ods", "csv"]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def yaml_files(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.yaml"))}


def comments(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip().startswith("#")]


@pytest.mark.parametrize("fmt", FORMATS)
def test_export_then_import_gives_the_same_files_byte_for_byte(fmt, tmp_path):
    assert run("export", str(tmp_path / f"банк.{fmt}")).exit_code == 0
    first = run("import", str(tmp_path / f"банк.{fmt}"), "--out", str(tmp_path / "первый"))
    assert first.exit_code == 0, first.output
    assert run("export", str(tmp_path / f"снова.{fmt}"), "--words", str(tmp_path / "первый")).exit_code == 0
    assert run("import", str(tmp_path / f"снова.{fmt}"), "--out", str(tmp_path / "второй")).exit_code == 0
    once, twice = yaml_files(tmp_path / "первый"), yaml_files(tmp_path / "второй")
    assert list(once) == ["grade1.yaml", "grade2.yaml", "grade3.yaml", "grade4.yaml"] and once == twice
    for name, text in once.items():  # the bundled bank's words, notes and comments all came through
        bundled = (bundled_words() / name).read_text(encoding="utf-8")
        assert yaml.safe_load(text) == yaml.safe_load(bundled)
        assert comments(text) == comments(bundled)


def test_a_canonical_word_file_is_its_own_table(tmp_path):
    text = ("# шапка\ngrade: 2\nwords:\n  - word: '[о]б[е]зь+яна'\n    stars: 2\n    definition: '12'\n"
            "  # между словами\n  - word: л[о]п+ата\n    stars: 1\n    definition: 'Копают: землю и снег'\n"
            "    picture: лопата.png\n    note: \"строка\\nвторая\"\n  # в конце\n")
    table = wordtable.from_yaml(text, "x.yaml")
    assert wordtable.to_yaml(table)[0] == text
    assert table.header == ["# шапка"] and [r.comment for r in table.rows] == [None, "# между словами", None, "# в конце"]


def test_comments_under_words_stay_with_the_words_and_those_above_are_the_files_header():
    text = "# шапка\n\ngrade: 1\n# перед списком\nwords:\n  # ★ — одна сложная гласная\n  - word: к[о]т\n" \
           "    stars: 1\n    definition: Зверь.\n"
    table = wordtable.from_yaml(text, "x.yaml")
    assert table.header == ["# шапка", "# перед списком"]
    assert [r.comment for r in table.rows] == ["# ★ — одна сложная гласная", None]
    assert wordtable.to_yaml(table)[0] == text.replace("\n\n", "\n").replace("grade: 1\n# перед списком\n",
                                                                              "# перед списком\ngrade: 1\n")


def test_comments_at_the_end_of_a_line_and_inside_an_entry_are_kept():
    text = ("grade: 1\nwords:\n  - word: к[о]т  # короткое\n    # про звёзды\n    stars: 1\n"
            '    definition: "Зверь # не комментарий"\n')
    rows = wordtable.from_yaml(text, "x.yaml").rows
    assert [r.comment for r in rows] == ["# короткое", "# про звёзды", None]
    assert rows[2].values["definition"] == "Зверь # не комментарий"


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_new_folder_goes_through_a_spreadsheet_and_comes_back_byte_for_byte(fmt, tmp_path):
    """init's files (key explanations on top) → export → import: the same files."""
    assert run("init", str(tmp_path / "мои")).exit_code == 0
    assert run("export", str(tmp_path / f"т.{fmt}"), "--words", str(tmp_path / "мои")).exit_code == 0
    result = run("import", str(tmp_path / f"т.{fmt}"), "--out", str(tmp_path / "назад"))
    assert result.exit_code == 0, result.output
    assert yaml_files(tmp_path / "назад") == yaml_files(tmp_path / "мои")


def test_the_comments_on_top_of_the_word_files_are_on_a_sheet_of_their_own(tmp_path):
    """QA: an export started with 14 rows of YAML key explanations; now the words start on row 2."""
    assert run("init", str(tmp_path / "мои")).exit_code == 0
    assert run("export", str(tmp_path / "т.xlsx"), "--words", str(tmp_path / "мои")).exit_code == 0
    book = openpyxl.load_workbook(tmp_path / "т.xlsx")
    assert book.sheetnames == ["1 класс", "2 класс", "3 класс", "4 класс", "Комментарии"]
    for grade in range(1, 5):
        values = [row for row in book[f"{grade} класс"].iter_rows(min_row=2, values_only=True)]
        assert len(values) == 4 and not any(str(row[0]).startswith("#") for row in values)
    notes = book["Комментарии"]
    assert [c.value for c in notes[1]] == ["Класс", "Комментарий"] and notes.freeze_panes == "A2"
    lines = [row for row in notes.iter_rows(min_row=2, values_only=True)]
    header = (tmp_path / "мои" / "grade3.yaml").read_text(encoding="utf-8").split("grade: 3")[0].splitlines()
    assert [line for grade, line in lines if grade == 3] == header and len(header) > 10


def test_column_titles_explain_their_column_in_a_note_that_import_does_not_read(tmp_path):
    from odf import office, opendocument, table as odf_table, teletype

    assert run("export", str(tmp_path / "т.xlsx")).exit_code == 0
    title = openpyxl.load_workbook(tmp_path / "т.xlsx")["1 класс"]["B1"]
    assert title.value == "Звёздочки" and title.comment.text == wordtable.HINTS["stars"]
    assert run("export", str(tmp_path / "т.ods")).exit_code == 0
    document = opendocument.load(str(tmp_path / "т.ods"))
    first = document.spreadsheet.getElementsByType(odf_table.Table)[0]
    cell = first.getElementsByType(odf_table.TableCell)[1]
    (note,) = cell.getElementsByType(office.Annotation)
    assert teletype.extractText(note) == wordtable.HINTS["stars"]
    book = spreadsheet.read(tmp_path / "т.ods")  # the note is not part of the title
    assert not book.diagnostics and book.tables[0].columns["stars"] == 2


def test_a_hand_made_comments_sheet_gets_its_hash_marks_and_a_bad_grade_is_named(tmp_path):
    table = workbook(tmp_path / "т.xlsx", {"1 класс": [HEADER, *WORDS],
                                           "комментарии": [["Класс", "Комментарий"], [1, "Мой список"], [],
                                                           ["1 класс", "# второй"], [3, "для класса без листа"]]})
    result = run("import", str(table), "--out", str(tmp_path / "папка"))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "папка" / "grade1.yaml").read_text(encoding="utf-8").startswith(
        "# Мой список\n# второй\ngrade: 1\nwords:\n")
    table = workbook(tmp_path / "т2.xlsx", {"1 класс": [HEADER, *WORDS],
                                            "Комментарии": [["Класс", "Комментарий"], [7, "Мой список"]]})
    result = run("import", str(table), "--out", str(tmp_path / "папка2"))
    assert result.exit_code == 1 and "лист «Комментарии», строка 2, столбец A: ошибка: нужен класс" \
        in result.stderr
    assert not (tmp_path / "папка2").exists()


def test_xlsx_has_a_sheet_per_grade_a_bold_frozen_header_and_text_cells(tmp_path):
    assert run("export", str(tmp_path / "банк.xlsx")).exit_code == 0
    book = openpyxl.load_workbook(tmp_path / "банк.xlsx")
    assert book.sheetnames == ["1 класс", "2 класс", "3 класс", "4 класс", "Комментарии"]
    sheet = book["2 класс"]
    assert [c.value for c in sheet[1]] == ["Слово", "Звёздочки", "Толкование", "Картинка", "Заметка", "Для игры"]
    assert sheet.freeze_panes == "A2" and sheet["A1"].font.b
    assert sheet["A2"].value == "# ★ — одна сложная гласная"  # a heading among the words stays with them
    words = [row for row in sheet.iter_rows(min_row=2, values_only=True) if not str(row[0]).startswith("#")]
    assert ("[о]б[е]зь+яна", 2) == words[[w[0] for w in words].index("[о]б[е]зь+яна")][:2]


def test_ods_keeps_the_first_row_in_view(tmp_path):
    from odf import config, opendocument

    assert run("export", str(tmp_path / "банк.ods")).exit_code == 0
    document = opendocument.load(str(tmp_path / "банк.ods"))
    items = {(i.getAttribute("name"), str(i)) for i in document.settings.getElementsByType(config.ConfigItem)}
    assert ("VerticalSplitMode", "2") in items and ("VerticalSplitPosition", "1") in items


def test_csv_is_utf8_with_a_bom_and_semicolons_for_excel(tmp_path):
    assert run("export", str(tmp_path / "банк.csv")).exit_code == 0
    data = (tmp_path / "банк.csv").read_bytes()
    lines = data.decode("utf-8-sig").splitlines()
    assert data.startswith(b"\xef\xbb\xbf" + "Класс;Слово;Звёздочки;Толкование;Картинка;Заметка;Для игры;Комментарий\r\n".encode())
    assert "2;[о]б[е]зь+яна;2;" in data.decode("utf-8-sig")
    assert lines[1] == "1;# ★ — одна сложная гласная;;;;;;"  # the words first, the files' headers at the end
    assert lines[-1].startswith("4;;;;;;;# ") and {len(row) for row in csv.reader(lines, delimiter=";")} == {8}


def test_a_csv_comment_has_its_own_row(tmp_path):
    (tmp_path / "т.csv").write_text("Класс;Слово;Звёздочки;Толкование;Комментарий\n1;к[о]т;1;Зверь.;\n"
                                    "1;с[о]б+ака;1;Зверь.;# не здесь\n", encoding="utf-8")
    result = run("import", str(tmp_path / "т.csv"), "--out", str(tmp_path / "папка"))
    assert result.exit_code == 1 and "строка 3, столбец E: ошибка: «Комментарий»" in result.stderr


def test_csv_saved_by_russian_excel_in_cp1251_and_with_commas_is_read(tmp_path):
    text = "Класс,Слово,Звёздочки,Толкование\r\n1,к[о]р[и]д+ор,2,Длинный проход в здании.\r\n"
    (tmp_path / "слова.csv").write_bytes(text.encode("cp1251"))
    result = run("import", str(tmp_path / "слова.csv"), "--out", str(tmp_path / "папка"))
    assert result.exit_code == 0, result.output
    assert "definition: Длинный проход в здании." in (tmp_path / "папка" / "grade1.yaml").read_text(encoding="utf-8")


# --- spreadsheets made by hand, as a teacher would --------------------------------------------------
HEADER = ["Слово", "Звёздочки", "Толкование", "Картинка", "Заметка"]
WORDS = [["к[о]р[и]д+ор", 2, "Длинный проход в здании."], ["с[о]б+ака", 1, "Домашний зверь, который лает."]]


def workbook(path: Path, sheets: dict[str, list[list]], change=None) -> Path:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
        if change:
            change(sheet)
    book.save(path)
    return path


def test_check_and_build_deck_take_a_spreadsheet_and_name_its_cells(tmp_path):
    table = workbook(tmp_path / "таблица.xlsx", {"1 класс": [HEADER, *WORDS],
                                                 "2 класс": [HEADER, ["л[о]п+ата", 5, "Ею копают."]]})
    result = run("check", "--no-deck", "--words", str(table))
    assert result.exit_code == 1
    assert (f"{table}: лист «2 класс», строка 2, столбец B: ошибка: stars (звёздочки): нужно число от 1 "
            "до 3, а не 5") in result.output
    assert "Карточек: 2;" in result.output
    result = run("check", "--no-deck", "--grades", "1", "--words", str(table))
    assert result.exit_code == 0 and "лист «2 класс»" not in result.output
    result = run("build-deck", "--grades", "1", "--words", str(table), "--out", str(tmp_path / "печать"))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "печать" / "cards.pdf").is_file()


def test_check_names_the_cell_of_a_markup_error_and_json_names_the_sheet(tmp_path):
    import json

    table = workbook(tmp_path / "т.xlsx", {"1 класс": [HEADER, WORDS[0], ["с[о]бaка", 1, "Зверь, который лает."]]})
    result = run("check", "--no-deck", "--format", "json", "--words", str(table))
    (found,) = [d for d in json.loads(result.stdout)["diagnostics"] if d["code"].startswith("markup")]
    assert (found["sheet"], found["line"], found["column"]) == ("1 класс", 3, 1)


def _merged(sheet):
    sheet.merge_cells("C2:D2")


def _formula(sheet):
    sheet["B3"] = "=1+1"


@pytest.mark.parametrize("rows, change, message", [
    ([HEADER, *WORDS], _merged, "лист «1 класс», строка 2, столбец C: ошибка: объединённые ячейки C2:D2"),
    ([HEADER, *WORDS], _formula, "лист «1 класс», строка 3, столбец B: ошибка: в ячейке формула (=1+1)"),
    ([HEADER, WORDS[0], [], WORDS[1]], None, "лист «1 класс», строка 3, столбец A: ошибка: пустая строка"),
    ([HEADER, WORDS[0], ["с[о]б+ака", 1, 12]], None,
     "лист «1 класс», строка 3, столбец C: ошибка: «Толкование»: здесь число 12, а нужен текст"),
    ([HEADER, WORDS[0], ["с[о]б+ака", None, "Зверь."]], None,
     "лист «1 класс», строка 3, столбец B: ошибка: пустая ячейка «Звёздочки»"),
    ([["Слово", "Звёзды", "Пояснение"], *WORDS], None,
     "лист «1 класс», строка 1, столбец C: ошибка: столбец «Пояснение» неизвестен"),
])
def test_bad_cells_are_named_and_nothing_is_written(tmp_path, rows, change, message):
    table = workbook(tmp_path / "т.xlsx", {"1 класс": rows}, change)
    result = run("import", str(table), "--out", str(tmp_path / "папка"))
    assert result.exit_code == 1 and message in result.stderr, result.output
    assert "Ошибка: в таблице есть ошибки, файлы не записаны" in result.stderr
    assert not (tmp_path / "папка").exists()


@pytest.mark.parametrize("header", [["Слово", "Звездочки", "Толкование"], ["слово", "ЗВЕЗДОЧКИ", " толкование "],
                                    ["Слово с разметкой", "Звёзды", "Толкование*"], [" СЛОВО", "звёздочки  ", "Определение"]])
def test_titles_are_read_in_any_case_with_e_for_yo_and_spaces_around(tmp_path, header):
    table = workbook(tmp_path / "т.xlsx", {"1 класс": [header, *WORDS]})
    result = run("import", str(table), "--out", str(tmp_path / "папка"))
    assert result.exit_code == 0, result.output
    assert "stars: 2" in (tmp_path / "папка" / "grade1.yaml").read_text(encoding="utf-8")


def test_a_csv_header_without_yo_is_read_and_a_wrong_one_names_the_grade_column_too(tmp_path):
    (tmp_path / "h.csv").write_text("класс,слово,звездочки,толкование\n1,к[о]р+ова,1,Домашнее животное с рогами.\n",
                                    encoding="utf-8")
    result = run("check", "--no-deck", "--words", str(tmp_path / "h.csv"))
    assert result.exit_code == 0 and "Карточек: 1;" in result.output, result.output
    (tmp_path / "h.csv").write_text("Класс,Слово,Звёздочки,Пояснение\n1,к[о]р+ова,1,Домашнее животное.\n",
                                    encoding="utf-8")
    result = run("check", "--no-deck", "--words", str(tmp_path / "h.csv"))
    assert (f"{tmp_path / 'h.csv'}: строка 1, столбец D: ошибка: столбец «Пояснение» неизвестен или "
            "повторяется: заголовки столбцов — «Класс», «Слово», «Звёздочки», «Толкование», «Картинка», "
            "«Заметка»") in result.output


@pytest.mark.parametrize("titles", [0, 1, 4])
def test_the_header_is_the_first_of_the_top_five_rows_that_holds_only_titles(tmp_path, titles):
    """docs/word-lists.md: a title may stand above the header («Словарные слова, 2 класс»)."""
    above = [["Словарные слова, 1 класс"], [None, "Класс 1Б"], ["Весна"], ["№ 3"]][:titles]
    table = workbook(tmp_path / "т.xlsx", {"1 класс": [*above, HEADER, *WORDS]})
    result = run("check", "--no-deck", "--words", str(table))
    assert result.exit_code == 0 and "Карточек: 2;" in result.output, result.output


def test_a_header_below_the_top_five_rows_is_not_looked_for(tmp_path):
    above = [[f"Словарные слова, часть {n}"] for n in range(1, 6)]
    table = workbook(tmp_path / "т.xlsx", {"1 класс": [*above, HEADER, *WORDS]})
    result = run("check", "--no-deck", "--words", str(table))
    assert result.exit_code == 1
    assert "лист «1 класс», строка 1, столбец A: ошибка: столбец «Словарные слова, часть 1» неизвестен" in result.output


def test_a_sheet_whose_name_says_no_grade(tmp_path):
    table = workbook(tmp_path / "т.xlsx", {"Лист1": [HEADER, *WORDS]})
    result = run("import", str(table), "--out", str(tmp_path / "папка"))
    assert result.exit_code == 1 and "по названию листа «Лист1» не понять класс" in result.stderr


def test_ods_formulas_and_numbers_are_named_too(tmp_path):
    from odf import opendocument, table as t, text

    document = opendocument.OpenDocumentSpreadsheet()
    sheet = t.Table(name="3 класс")
    for values in (HEADER[:3], [WORDS[0][0], 2, 7], [WORDS[1][0], "=1+1", "Зверь."]):
        row = t.TableRow()
        for value in values:
            if isinstance(value, int):
                cell = t.TableCell(valuetype="float", value=str(value))
            elif value.startswith("="):
                cell = t.TableCell(formula=f"of:{value}", valuetype="float", value="2")
            else:
                cell = t.TableCell(valuetype="string")
            cell.addElement(text.P(text=str(value)))
            row.addElement(cell)
        sheet.addElement(row)
    document.spreadsheet.addElement(sheet)
    document.save(str(tmp_path / "т.ods"))
    result = run("import", str(tmp_path / "т.ods"), "--out", str(tmp_path / "папка"))
    assert result.exit_code == 1
    assert "лист «3 класс», строка 2, столбец C: ошибка: «Толкование»: здесь число 7" in result.stderr
    assert "лист «3 класс», строка 3, столбец B: ошибка: в ячейке формула (=1+1)" in result.stderr
    assert not (tmp_path / "папка").exists()


def test_password_protected_xlsx(tmp_path):
    from msoffcrypto.format.ooxml import OOXMLFile

    plain = workbook(tmp_path / "plain.xlsx", {"1 класс": [HEADER, *WORDS]})
    with plain.open("rb") as source, (tmp_path / "с паролем.xlsx").open("wb") as target:
        OOXMLFile(source).encrypt("секрет", target)
    for command in (["import", str(tmp_path / "с паролем.xlsx"), "--out", str(tmp_path / "папка")],
                    ["check", "--words", str(tmp_path / "с паролем.xlsx")]):
        result = run(*command)
        assert result.exit_code == 2 and "таблица защищена паролем" in result.output
    assert not (tmp_path / "папка").exists()


@pytest.mark.parametrize("name, data, message", [
    ("старая.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504), "формат .xls не читается: сохраните таблицу как .xlsx"),
    ("старая.xlsx", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504), "это таблица в старом формате .xls"),
    ("битая.xlsx", b"PK\x03\x04" + bytes(100), "файл повреждён или это не таблица xlsx"),
    ("битая.ods", b"not a zip at all", "файл повреждён или это не таблица ods"),
])
def test_old_and_broken_files_get_a_message(tmp_path, name, data, message):
    (tmp_path / name).write_bytes(data)
    result = run("import", str(tmp_path / name), "--out", str(tmp_path / "папка"))
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output
    assert not (tmp_path / "папка").exists()


def test_a_zip_that_is_not_a_workbook(tmp_path):
    import zipfile

    with zipfile.ZipFile(tmp_path / "архив.xlsx", "w") as archive:
        archive.writestr("readme.txt", "привет")
    result = run("check", "--words", str(tmp_path / "архив.xlsx"))
    assert result.exit_code == 2 and "файл повреждён или это не таблица xlsx" in result.output


def test_import_does_not_replace_files_unless_forced(tmp_path):
    table = workbook(tmp_path / "т.xlsx", {"1 класс": [HEADER, *WORDS]})
    (tmp_path / "папка").mkdir()
    (tmp_path / "папка" / "grade1.yaml").write_text("# моё\n", encoding="utf-8")
    result = run("import", str(table), "--out", str(tmp_path / "папка"))
    assert result.exit_code == 2 and "уже есть grade1.yaml" in result.output
    assert (tmp_path / "папка" / "grade1.yaml").read_text(encoding="utf-8") == "# моё\n"
    assert run("import", str(table), "--out", str(tmp_path / "папка"), "--force").exit_code == 0
    assert "к[о]р[и]д+ор" in (tmp_path / "папка" / "grade1.yaml").read_text(encoding="utf-8")


def test_export_of_a_file_check_cannot_read_is_refused(tmp_path):
    (tmp_path / "grade1.yaml").write_text("grade: 1\nwords:\n  - word: [к]от\n", encoding="utf-8")
    result = run("export", str(tmp_path / "т.xlsx"), "--words", str(tmp_path))
    assert result.exit_code == 2 and "slovariki check" in result.output and not (tmp_path / "т.xlsx").exists()


def test_export_needs_a_known_format(tmp_path):
    result = run("export", str(tmp_path / "банк.txt"))
    assert result.exit_code == 2 and "xlsx, ods или csv" in result.output


def test_a_text_cell_starting_with_equals_stays_text(tmp_path):
    (tmp_path / "grade1.yaml").write_text("grade: 1\nwords:\n  - word: к[о]т\n    stars: 1\n    definition: Зверь.\n"
                                          "    note: =) не формула\n", encoding="utf-8")
    assert run("export", str(tmp_path / "т.xlsx"), "--words", str(tmp_path)).exit_code == 0
    assert openpyxl.load_workbook(io.BytesIO((tmp_path / "т.xlsx").read_bytes()))["1 класс"]["E2"].data_type == "s"
    result = run("import", str(tmp_path / "т.xlsx"), "--out", str(tmp_path / "назад"))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "назад" / "grade1.yaml").read_text(encoding="utf-8") == \
        (tmp_path / "grade1.yaml").read_text(encoding="utf-8")


def test_a_column_for_the_teacher_is_not_the_game_word_column(tmp_path):
    """«Для игры» is the game_word column; another title starting with «Для» is a column the reader does not
    know, said as such, not a game_word cell that is neither «да» nor «нет»."""
    from slovariki.bank.wordlist import load_bank

    ours, hers = tmp_path / "для-игры.csv", tmp_path / "для-учителя.csv"
    ours.write_text("Слово,Звёздочки,Толкование,Класс,Для игры\nк[о]р+ова,1,Животное.,1,да\n", encoding="utf-8")
    hers.write_text("Слово,Звёздочки,Толкование,Класс,Для учителя\nк[о]р+ова,1,Животное.,1,повторить\n", encoding="utf-8")
    assert [c.game_word for c in load_bank(ours).cards] == [True]
    [said] = [d.message for d in load_bank(hers).diagnostics]
    assert said.startswith("столбец «Для учителя» неизвестен")
