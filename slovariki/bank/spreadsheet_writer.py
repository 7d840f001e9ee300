"""The word bank as a spreadsheet: a sheet per grade in .xlsx (openpyxl) or .ods (odfpy), or one .csv.

Columns as in :data:`wordtable.COLUMNS` under a frozen header row whose cells explain their column in
a note; a comment between words is a row whose «Слово» starts with «#». The comment lines on top of a
word file (key explanations that mean nothing in a spreadsheet) stay out of the word rows: on a last
sheet «Комментарии» in a workbook, in a last column «Комментарий» at the end of a csv file.
``slovariki import`` reads it back into the same word files.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from slovariki.files import atomic
from slovariki.bank.spreadsheet_reader import CSV_FORMULA_STARTS, GRADE_TITLE
from slovariki.bank.wordtable import COLUMNS, COMMENT_TITLE, COMMENTS_SHEET, HINTS, Row, Table

FORMATS = ("xlsx", "ods", "csv")
WIDTHS = {"word": 24, "stars": 12, "definition": 64, "picture": 20, "note": 40, "game_word": 10,  # in characters
          "grade": 8, "comment": 100}
GREY = "808080"
AUTHOR = "Словарики"
COMMENT_COLUMNS = (("grade", GRADE_TITLE), ("comment", COMMENT_TITLE))


def cells(row: Row) -> list[str | int | float | None]:
    """A row's values in column order; a comment fills the first column."""
    if row.comment is not None:
        return [row.comment] + [None] * (len(COLUMNS) - 1)
    return [row.values.get(key) for key, _ in COLUMNS]


def comment_rows(tables: list[Table]) -> list[tuple[int, str]]:
    """(grade, line) for the comment lines on top of each word file."""
    return [(table.grade, line) for table in tables for line in table.header]


def export(tables: list[Table], path: Path, fmt: str) -> None:
    """Write the tables to ``path`` atomically: a half-written file never replaces an old one."""
    atomic.write_bytes(path, {"xlsx": _xlsx, "ods": _ods, "csv": _csv}[fmt](tables))


def _xlsx(tables: list[Table]) -> bytes:
    from openpyxl import Workbook
    from openpyxl.comments import Comment
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    book = Workbook()
    book.remove(book.active)

    def sheet_of(title: str, columns, rows: list[list]) -> list:
        sheet = book.create_sheet(title)
        sheet.append([title for _, title in columns])
        for cell, (key, _) in zip(sheet[1], columns):
            cell.font = Font(bold=True)
            cell.comment = Comment(HINTS[key], AUTHOR, height=110, width=260)
        for number, (key, _) in enumerate(columns, 1):
            sheet.column_dimensions[get_column_letter(number)].width = WIDTHS[key]
        for values in rows:
            sheet.append(values)
            for cell in sheet[sheet.max_row]:
                if isinstance(cell.value, str) and cell.value.startswith("="):
                    cell.data_type = "s"  # text, not a formula
        sheet.freeze_panes = "A2"
        return sheet

    for table in tables:
        sheet = sheet_of(table.title, COLUMNS, [cells(row) for row in table.rows])
        for number, row in enumerate(table.rows, 2):
            if row.comment is not None:
                sheet.cell(number, 1).font = Font(italic=True, color=GREY)
    if lines := comment_rows(tables):
        sheet_of(COMMENTS_SHEET, COMMENT_COLUMNS, [list(line) for line in lines])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _ods(tables: list[Table]) -> bytes:
    from odf import config, office, opendocument, style, table as odf_table, teletype, text

    document = opendocument.OpenDocumentSpreadsheet()
    bold = style.Style(name="header", family="table-cell")
    bold.addElement(style.TextProperties(fontweight="bold"))
    grey = style.Style(name="comment", family="table-cell")
    grey.addElement(style.TextProperties(fontstyle="italic", color=f"#{GREY}"))
    document.automaticstyles.addElement(bold)
    document.automaticstyles.addElement(grey)
    widths = {}
    for key, width in WIDTHS.items():
        column_style = style.Style(name=f"column-{key}", family="table-column")
        column_style.addElement(style.TableColumnProperties(columnwidth=f"{width * 0.21:.2f}cm"))
        document.automaticstyles.addElement(column_style)
        widths[key] = column_style

    def cell(value, cell_style=None, hint=None):
        if isinstance(value, (int, float)):
            element = odf_table.TableCell(valuetype="float", value=repr(value))
        else:
            element = odf_table.TableCell(valuetype="string") if value is not None else odf_table.TableCell()
        if hint is not None:  # LibreOffice's cell comment: shown when the pointer is on the cell
            note = office.Annotation()
            note.addElement(text.P(text=hint))
            element.addElement(note)
        if isinstance(value, (int, float)):
            element.addElement(text.P(text=repr(value)))
        elif value is not None:
            paragraph = text.P()
            teletype.addTextToElement(paragraph, value)
            element.addElement(paragraph)
        if cell_style is not None:
            element.setAttribute("stylename", cell_style)
        return element

    def sheet_of(title: str, columns, rows: list[tuple[list, bool]]) -> None:
        sheet = odf_table.Table(name=title)
        for key, _ in columns:
            sheet.addElement(odf_table.TableColumn(stylename=widths[key]))
        header = odf_table.TableRow()
        for key, column_title in columns:
            header.addElement(cell(column_title, bold, HINTS[key]))
        sheet.addElement(header)
        for values, is_comment in rows:
            element = odf_table.TableRow()
            for number, value in enumerate(values):
                element.addElement(cell(value, grey if is_comment and number == 0 else None))
            sheet.addElement(element)
        document.spreadsheet.addElement(sheet)

    titles = [table.title for table in tables]
    for grade_table in tables:
        sheet_of(grade_table.title, COLUMNS, [(cells(row), row.comment is not None) for row in grade_table.rows])
    if lines := comment_rows(tables):
        sheet_of(COMMENTS_SHEET, COMMENT_COLUMNS, [(list(line), False) for line in lines])
        titles.append(COMMENTS_SHEET)
    document.settings.addElement(_ods_frozen_header(config, titles))
    out = io.BytesIO()
    document.write(out)
    return out.getvalue()


def _ods_frozen_header(config, titles: list[str]):
    """LibreOffice's view settings that keep the first row of every sheet in view (a frozen row)."""
    settings = config.ConfigItemSet(name="ooo:view-settings")
    views = config.ConfigItemMapIndexed(name="Views")
    view = config.ConfigItemMapEntry()
    view.addElement(config.ConfigItem(name="ViewId", type="string", text="view1"))
    sheets = config.ConfigItemMapNamed(name="Tables")
    for title in titles:
        entry = config.ConfigItemMapEntry(name=title)
        for name, kind, value in (("VerticalSplitMode", "short", "2"), ("VerticalSplitPosition", "int", "1"),
                                  ("ActiveSplitRange", "short", "2"), ("PositionBottom", "int", "1")):
            entry.addElement(config.ConfigItem(name=name, type=kind, text=value))
        sheets.addElement(entry)
    view.addElement(sheets)
    views.addElement(view)
    settings.addElement(views)
    return settings


def _csv(tables: list[Table]) -> bytes:
    """One file: the grade in a first «Класс» column; «;» between values and UTF-8 with a BOM, as
    Excel in Russian opens it with a double click. The comment lines on top of the word files come
    last, in a column «Комментарий» of their own, so the file starts with the words."""
    lines = comment_rows(tables)
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=";")
    last = [COMMENT_TITLE] if lines else []
    writer.writerow([GRADE_TITLE, *(title for _, title in COLUMNS), *last])
    for table in tables:
        for row in table.rows:
            writer.writerow([table.grade, *("" if value is None else csv_text(value) for value in cells(row)),
                             *[""] * len(last)])
    for grade, line in lines:
        writer.writerow([grade, *[""] * len(COLUMNS), csv_text(line)])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def csv_text(value: str | int | float) -> str | int | float:
    """A csv cell Excel or LibreOffice will not run: text starting with «=», «+», «-», «@» or a tab
    (a formula: «=HYPERLINK(…)», «=cmd|…») gets a leading apostrophe, which import takes off again
    (so does text that already starts with apostrophes before such a sign)."""
    return f"'{value}" if isinstance(value, str) and value.lstrip("'").startswith(CSV_FORMULA_STARTS) else value
