"""A spreadsheet dropped on the page: what each row was understood as, before anything is written;
then the rows she accepts added to her word files (words already in her bank are left out).

The spreadsheet is read by ``import``'s reader (:mod:`slovariki.bank.spreadsheet_reader`) and each
grade's rows checked as a word file (:func:`wordlist.load_text`), so a row is understood here exactly
as ``slovariki import`` would understand it.
"""

from __future__ import annotations

import secrets
import tempfile
from pathlib import Path, PurePath

from slovariki.bank import spreadsheet_reader as spreadsheet
from slovariki.bank import wordlist
from slovariki.model import column_letter
from slovariki.studio.workspace import StudioError, Workspace, card_json

MAX_UPLOAD = spreadsheet.MAX_FILE_BYTES


def upload_name(name: str | None) -> str:
    """The dropped file's own name (no folders), refused unless it is a spreadsheet import reads."""
    shown = PurePath((name or "").replace("\\", "/")).name.strip()
    suffix = PurePath(shown).suffix.lower()
    if suffix in spreadsheet.OLD_SUFFIXES:
        raise StudioError("bad-file", f"«{shown}»: формат {suffix} не читается: сохраните таблицу как .xlsx "
                                      "(«Файл → Сохранить как → Книга Excel») или .ods")
    if not shown or suffix not in spreadsheet.SUFFIXES:
        raise StudioError("bad-file", f"«{shown or 'файл'}» — не таблица: нужен файл .xlsx, .ods или .csv")
    return shown


def preview(workspace: Workspace, name: str, data: bytes) -> dict:
    """Every row of the spreadsheet: the card it gives (word, red letters, stress, stars) or what is wrong
    with it, and whether it is new to her bank. Nothing is written."""
    with tempfile.TemporaryDirectory(prefix="slovariki-import-") as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        try:
            book = spreadsheet.read(path)
        except spreadsheet.SpreadsheetError as exc:
            raise StudioError("bad-file", f"Таблица не прочитана: {str(exc).replace(str(path), f'«{name}»')}") from None
    problems: dict[tuple[str, int], list[str]] = {}
    for d in book.diagnostics:
        problems.setdefault((d.sheet or "", d.line or 0), []).append(_cell(d) + d.message)
    deck = workspace.checked().deck
    rows = []
    for (text, locate, sheet), item in zip(book.word_files(name), book.tables):
        file = wordlist.load_text(text, name, locate, workspace.folder)
        for d in file.diagnostics:
            if d.is_error:
                problems.setdefault((sheet, d.line or 0), []).append(_cell(d) + d.message)
        cards = {card.source.line: card for card in file.cards if card.source}
        for row in item.table.rows:
            if row.comment is not None:
                continue
            card = cards.get(row.number)
            said = problems.pop((sheet, row.number), [])
            if card is None and not said:
                said = ["строку не удалось понять"]
            rows.append({"sheet": sheet, "row": row.number, "grade": item.table.grade,
                         "typed": {k: str(v) for k, v in row.values.items()},
                         "card": card and card_json(card), "problems": said,
                         "exists": card is not None and deck.find(card.word) is not None,
                         "values": row.values if card is not None and not said else None})
    unplaced = [text for texts in problems.values() for text in texts]
    token = secrets.token_urlsafe(8)
    ready = [r for r in rows if r["values"] is not None and not r["exists"]]
    workspace.pending_import = (token, name, ready)
    return {"name": name, "rows": rows, "problems": unplaced, "token": token, "ready": len(ready)}


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
        values = {k: v for k, v in row["values"].items() if k in ("word", "stars", "definition", "picture", "note")}
        by_grade.setdefault(row["grade"], []).append(values)
    result = workspace.add_entries(f"добавлены слова из «{name}»", by_grade)
    workspace.pending_import = None
    return result


def _cell(d) -> str:
    if d.line and d.column:
        return f"столбец {column_letter(d.column)}: "
    return ""
