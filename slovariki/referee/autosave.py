"""The REPL's session file: the table saved after every change (``slovariki.files.autosave``), and moved
to another file at any time (``save_as``)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from slovariki.files.autosave import Autosave
from slovariki.referee import session
from slovariki.referee.table import Table

SAVE_ELSEWHERE = "Чтобы не потерять ходы, сохраните партию в другой файл: «сохранить ФАЙЛ»"
_ADVICE = (f"Судья продолжает и пробует сохранить партию после каждого хода. {SAVE_ELSEWHERE}; "
           "«запись» покажет запись партии.")


def _moves(table: Table) -> list[tuple]:
    return [(record.player, record.move) for record in table.state.log]


class SessionAutosave(Autosave):
    def __init__(self, table: Callable[[], Table], path: Path, saved: bool = True) -> None:
        """``table()``: the table now (the set-up questions start it again); ``saved``: the file at
        ``path`` holds it (just saved or loaded), not nothing yet."""
        writer = session.Writer()
        super().__init__(path, lambda target: writer.save(table(), target), lambda: _moves(table()),
                         session.SessionError, _ADVICE, _moves(table()) if saved else None)

    def save_as(self, text: str) -> str:
        """Move the game to the file named by ``text``; from then on it is saved there."""
        path = Path(os.path.abspath(os.path.expanduser(text)))
        try:
            if path != self.path and session.probe(path) != "none":
                return f"В {path} уже есть партия: выберите другой файл."
            self.move_to(path)
        except session.SessionError as exc:
            return f"Не получилось: {exc}."
        return f"Партия сохранена в {path}; дальше судья сохраняет её туда."
