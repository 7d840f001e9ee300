"""The REPL's session file: the game saved after every change, and never said to be saved when it is not.

:class:`Autosave` remembers the moves the file holds. After a failed save (a full disk, a pulled USB
stick) it tries again after each change, counts the moves the file lacks and words every message
about it: the warning, the reminder after each move, the prompt mark, the last words. The game may
be moved to another file at any time (``save_as``).
"""

from __future__ import annotations

import os
from pathlib import Path

from slovariki.referee import session
from slovariki.referee.table import Table
from slovariki.russian import moves_not_saved

SAVE_ELSEWHERE = "Чтобы не потерять ходы, сохраните партию в другой файл: «сохранить ФАЙЛ»"


def _moves(table: Table) -> list[tuple]:
    return [(record.player, record.move) for record in table.state.log]


class Autosave:
    def __init__(self, table: Table, path: Path, saved: bool = True) -> None:
        """``saved``: the file at ``path`` holds ``table`` (just saved or loaded), not nothing yet."""
        self.path = path
        self.writer = session.Writer()
        self.saved = _moves(table) if saved else None  # the moves the file holds; None: not this game
        self.error: str | None = None  # why the last save failed; None while the file holds the game

    @property
    def ok(self) -> bool:
        return self.error is None

    def save(self, table: Table) -> str | None:
        """Save the game; what to tell the players about it, if anything."""
        was_ok = self.ok
        try:
            self.writer.save(table, self.path)
        except session.SessionError as exc:
            self.error = exc.reason or str(exc)
            if was_ok:
                return f"Внимание: {exc}. Судья продолжает и пробует сохранить партию после каждого хода. " \
                       f"{SAVE_ELSEWHERE}; «запись» покажет запись партии."
            return f"Партия всё ещё не сохранена: {self.lost(table)} ({self.error})."
        self.saved, self.error = _moves(table), None
        return None if was_ok else f"Партия снова сохраняется: все ходы записаны в {self.path}."

    def lost(self, table: Table) -> str:
        """What the file lacks: «последние 2 хода не записаны в …»."""
        if self.saved is None:
            return f"в {self.path} её ещё нет"
        moves = _moves(table)
        kept = next((i for i, (a, b) in enumerate(zip(moves, self.saved)) if a != b), min(len(moves), len(self.saved)))
        if kept == len(moves):  # only undone: the file still holds moves taken back
            return f"в {self.path} остались отменённые ходы"
        return f"{moves_not_saved(len(moves) - kept)} в {self.path}"

    def unsaved_text(self, table: Table) -> str:
        return f"Партия НЕ сохранена: {self.lost(table)} ({self.error})."

    def save_as(self, table: Table, text: str) -> str:
        """Move the game to the file named by ``text``; from then on it is saved there."""
        path = Path(os.path.abspath(os.path.expanduser(text)))
        try:
            if path != self.path and session.probe(path) != "none":
                return f"В {path} уже есть партия: выберите другой файл."
            self.writer.save(table, path)
        except session.SessionError as exc:
            return f"Не получилось: {exc}."
        self.path, self.saved, self.error = path, _moves(table), None
        return f"Партия сохранена в {path}; дальше судья сохраняет её туда."
