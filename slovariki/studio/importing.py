"""A spreadsheet dropped on the page: what each row was understood as, before anything is written;
then the rows she accepts added to her word files (words already in her bank are left out).

The rows are read by ``import``'s own preview (:func:`slovariki.bank.importing.preview_spreadsheet`),
so a row is understood here exactly as ``slovariki import`` understands it.
"""

from __future__ import annotations

import secrets
import tempfile
from pathlib import Path, PurePath

from slovariki import markup
from slovariki.bank import importing as bank_import
from slovariki.bank import spreadsheet_reader as spreadsheet
from slovariki.bank.wordfile import OLD_SPREADSHEETS, SPREADSHEETS
from slovariki.studio.workspace import StudioError, Workspace

MAX_UPLOAD = spreadsheet.MAX_FILE_BYTES


def upload_name(name: str | None) -> str:
    """The dropped file's own name (no folders), refused unless it is a spreadsheet import reads."""
    shown = PurePath((name or "").replace("\\", "/")).name.strip()
    suffix = PurePath(shown).suffix.lower()
    if suffix in OLD_SPREADSHEETS:
        raise StudioError("bad-file", f"«{shown}»: формат {suffix} не читается: сохраните таблицу как .xlsx "
                                      "(«Файл → Сохранить как → Книга Excel») или .ods")
    if not shown or suffix not in SPREADSHEETS:
        raise StudioError("bad-file", f"«{shown or 'файл'}» — не таблица: нужен файл .xlsx, .ods или .csv")
    return shown


def preview(workspace: Workspace, name: str, data: bytes) -> dict:
    """Every row of the spreadsheet as ``import`` understands it (:func:`importing.preview_spreadsheet`,
    with the program's proposal for a word whose hard letters she did not mark): the word with its red
    letters and stress and how they were read, the stars, what keeps a row out, and whether the word is
    new to her bank. Nothing is written."""
    with tempfile.TemporaryDirectory(prefix="slovariki-import-") as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        try:
            found = bank_import.preview_spreadsheet(path, suggest=True)
        except bank_import.ImportProblem as exc:
            raise StudioError("bad-file", f"Таблица не прочитана: {_named(str(exc), path, name)}") from None
    deck = workspace.checked().deck
    values = {(table.grade, row.number): row.values for table in found.tables for row in table.rows
              if row.comment is None}
    rows, ready = [], []
    for row in found.rows:
        parsed = markup.parse(row.markup) if row.markup else None
        plain = parsed.plain if isinstance(parsed, markup.Markup) else None
        exists = plain is not None and deck.find(plain) is not None
        rows.append({"sheet": row.sheet, "row": row.row, "grade": row.grade, "typed": row.typed, "markup": row.markup,
                     "stars": row.stars, "definition": row.definition, "letters": row.letters, "stress": row.stress,
                     "proposed": row.proposed, "exists": exists,
                     "problems": [_named(said, path, name) for said in row.problems]})
        if not row.problems and not exists and (row.grade, row.row) in values:
            ready.append({"grade": row.grade, "values": values[row.grade, row.row]})
    whole = [_named(d.message, path, name) for d in found.problems if not d.line]
    token = secrets.token_urlsafe(8)
    workspace.pending_import = (token, name, ready)
    return {"name": name, "rows": rows, "problems": whole, "token": token, "ready": len(ready)}


def accept(workspace: Workspace, data: dict) -> dict:
    """Add the previewed rows that are new and understood to her word files, as one change (undo takes
    it all back)."""
    pending = workspace.pending_import
    if pending is None or data.get("token") != pending[0]:
        raise StudioError("conflict", "этот просмотр таблицы устарел: перетащите таблицу на страницу ещё раз")
    token, name, rows = pending
    if not rows:
        raise StudioError("bad-request", "в таблице нет новых слов, которые можно добавить")
    by_grade: dict[int, list[dict]] = {}
    for row in rows:
        by_grade.setdefault(row["grade"], []).append(row["values"])
    result = workspace.add_entries(f"добавлены слова из «{name}»", by_grade)
    workspace.pending_import = None
    return result


def _named(text: str, path: Path, name: str) -> str:
    """A message about the uploaded copy, naming the file as she knows it."""
    return text.replace(str(path), f"«{name}»")
