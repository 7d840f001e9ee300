"""Outputs that never lie and never replace what is not theirs (issue 24 §2): csv cells Excel would run,
output paths that are links, devices or FIFOs, a broken link where import writes."""

from __future__ import annotations

import csv
import io
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, strategies as st

from slovariki.bank import spreadsheet_reader, spreadsheet_writer, wordtable
from slovariki.cli import main
from slovariki.files import atomic
from slovariki.referee import session
from slovariki.referee.table import Setup, Table

FORMULAS = ["=HYPERLINK(\"http://example.org\";\"нажми\")", "=cmd|' /C calc'!A0", "+cmd|' /C calc'!A0",
            "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0", "=1+1"]


def table(**values: str) -> wordtable.Table:
    return wordtable.Table(1, [wordtable.Row({"word": "к[о]р+ова", "stars": 1, "definition": "Животное.", **values},
                                             number=3)])


def csv_cells(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""), delimiter=";"))


@pytest.mark.parametrize("formula", FORMULAS)
def test_csv_export_puts_an_apostrophe_before_a_formula(formula, tmp_path):
    path = tmp_path / "слова.csv"
    spreadsheet_writer.export([table(definition=formula, note=formula)], path, "csv")
    row = csv_cells(path.read_bytes())[1]
    assert row[3] == row[5] == f"'{formula}"


@given(st.text(min_size=1, max_size=30).filter(lambda s: "\0" not in s and "\r" not in s))
def test_what_export_writes_to_csv_import_reads_back_as_it_was(text):
    rows = spreadsheet_reader._csv(spreadsheet_writer._csv([table(note=text)]), Path("x.csv"))[0].rows
    assert (rows[1][5].value, rows[1][5].formula) == (text, None)


def test_a_stressed_first_letter_survives_the_csv_round_trip(tmp_path):
    path = tmp_path / "слова.csv"
    spreadsheet_writer.export([table(word="+ябл[о]ко")], path, "csv")
    assert csv_cells(path.read_bytes())[1][1] == "'+ябл[о]ко"
    result = CliRunner().invoke(main, ["import", str(path), "--out", str(tmp_path / "bank")])
    assert result.exit_code == 0, result.output
    assert "word: +ябл[о]ко" in (tmp_path / "bank" / "grade1.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("formula", FORMULAS)
def test_csv_import_refuses_a_formula_at_its_cell(formula, tmp_path):
    path = tmp_path / "слова.csv"
    rows = [["Класс", "Слово", "Звёздочки", "Толкование"], ["1", "к[о]р+ова", "1", formula]]
    with path.open("w", encoding="utf-8", newline="") as stream:
        csv.writer(stream, delimiter=";").writerows(rows)
    result = CliRunner().invoke(main, ["import", str(path), "--out", str(tmp_path / "bank")])
    assert result.exit_code != 0
    assert "строка 2, столбец D: ошибка: в ячейке форму" in result.output  # the import report shortens it
    assert not (tmp_path / "bank").exists()


def _session(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    session.save(Table.start(Setup(("Аня", "Боря"), "лопата", "Аня")), path)
    return path


@pytest.mark.parametrize("what", ["symlink", "broken symlink", "fifo", "device"])
def test_referee_log_never_replaces_a_link_a_fifo_or_a_device(what, tmp_path):
    out = tmp_path / "запись.txt"
    if what == "symlink":
        (tmp_path / "настоящий.txt").write_text("чужой", encoding="utf-8")
        out.symlink_to(tmp_path / "настоящий.txt")
    elif what == "broken symlink":
        out.symlink_to(tmp_path / "нет")
    elif what == "fifo":
        os.mkfifo(out)
    else:  # a device of our own: a test that failed must not replace the system's /dev/null
        try:
            os.mknod(out, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        except PermissionError:
            pytest.skip("making a device needs root")
    before = os.lstat(out)
    result = CliRunner().invoke(main, ["referee", "log", "--session", str(_session(tmp_path)), "--out", str(out),
                                       "--force"])
    assert result.exit_code == 1
    assert "это не обычный файл, а" in result.output and "он не заменяется" in result.output
    after = os.lstat(out)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)


def test_import_sees_a_broken_link_as_a_file_and_never_replaces_it(tmp_path):
    source = tmp_path / "слова.csv"
    spreadsheet_writer.export([table()], source, "csv")
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "grade1.yaml").symlink_to(tmp_path / "нет.yaml")
    result = CliRunner().invoke(main, ["import", str(source), "--out", str(bank)])
    assert result.exit_code != 0 and "уже есть grade1.yaml" in result.output
    result = CliRunner().invoke(main, ["import", str(source), "--out", str(bank), "--force"])
    assert result.exit_code != 0 and "символическая ссылка: он не заменяется" in result.output
    assert (bank / "grade1.yaml").is_symlink()


def test_atomic_write_refuses_what_is_not_a_regular_file(tmp_path):
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "target")
    with pytest.raises(atomic.NotReplaced):
        atomic.write_text(link, "x")
    assert link.is_symlink() and not (tmp_path / "target").exists()
    atomic.write_text(tmp_path / "plain", "x")  # a new file, or a regular one, is written
    atomic.write_text(tmp_path / "plain", "y")
    assert (tmp_path / "plain").read_text() == "y"
