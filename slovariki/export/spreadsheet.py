"""The word bank as a spreadsheet: a sheet per grade in .xlsx (openpyxl) or .ods (odfpy), or one .csv.

Columns as in :data:`wordtable.COLUMNS` under a frozen header row; a comment of the word file is a row
whose «Слово» starts with «#». ``slovariki import`` reads it back into the same word files.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from slovariki import atomic
from slovariki.spreadsheet import GRADE_TITLE
from slovariki.wordtable import COLUMNS, Row, Table

FORMATS = ("xlsx", "ods", "csv")
WIDTHS = {"word": 24, "stars": 12, "definition": 64, "picture": 20, "note": 40}  # in characters
GREY = "808080"


def cells(row: Row) -> list[str | int | float | None]:
    """A row's values in column order; a comment fills the first column."""
    if row.comment is not None:
        return [row.comment] + [None] * (len(COLUMNS) - 1)
    return [row.values.get(key) for key, _ in COLUMNS]


def export(tables: list[Table], path: Path, fmt: str) -> None:
    """Write the tables to ``path`` atomically: a half-written file never replaces an old one."""
    atomic.write_bytes(path, {"xlsx": _xlsx, "ods": _ods, "csv": _csv}[fmt](tables))


def _xlsx(tables: list[Table]) -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    book = Workbook()
    book.remove(book.active)
    for table in tables:
        sheet = book.create_sheet(table.title)
        sheet.append([title for _, title in COLUMNS])
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        for row in table.rows:
            sheet.append(cells(row))
            for cell in sheet[sheet.max_row]:
                if isinstance(cell.value, str) and cell.value.startswith("="):
                    cell.data_type = "s"  # text, not a formula
            if row.comment is not None:
                sheet.cell(sheet.max_row, 1).font = Font(italic=True, color=GREY)
        for number, (key, _) in enumerate(COLUMNS, 1):
            sheet.column_dimensions[get_column_letter(number)].width = WIDTHS[key]
        sheet.freeze_panes = "A2"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _ods(tables: list[Table]) -> bytes:
    from odf import config, opendocument, style, table as odf_table, teletype, text

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

    def cell(value, cell_style=None):
        if isinstance(value, (int, float)):
            element = odf_table.TableCell(valuetype="float", value=repr(value))
            element.addElement(text.P(text=repr(value)))
        else:
            element = odf_table.TableCell(valuetype="string") if value is not None else odf_table.TableCell()
            if value is not None:
                paragraph = text.P()
                teletype.addTextToElement(paragraph, value)
                element.addElement(paragraph)
        if cell_style is not None:
            element.setAttribute("stylename", cell_style)
        return element

    for grade_table in tables:
        sheet = odf_table.Table(name=grade_table.title)
        for key, _ in COLUMNS:
            sheet.addElement(odf_table.TableColumn(stylename=widths[key]))
        header = odf_table.TableRow()
        for _, title in COLUMNS:
            header.addElement(cell(title, bold))
        sheet.addElement(header)
        for row in grade_table.rows:
            element = odf_table.TableRow()
            for number, value in enumerate(cells(row)):
                element.addElement(cell(value, grey if row.comment is not None and number == 0 else None))
            sheet.addElement(element)
        document.spreadsheet.addElement(sheet)
    document.settings.addElement(_ods_frozen_header(config, [t.title for t in tables]))
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
    Excel in Russian opens it with a double click."""
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=";")
    writer.writerow([GRADE_TITLE, *(title for _, title in COLUMNS)])
    for table in tables:
        for row in table.rows:
            writer.writerow([table.grade, *("" if value is None else value for value in cells(row))])
    return ("\ufeff" + out.getvalue()).encode("utf-8")
