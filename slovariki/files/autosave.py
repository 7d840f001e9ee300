"""A game saved to its file after every change, and never said to be saved when it is not.

:class:`Autosave` remembers the moves the file holds. After a failed save (a full disk, a pulled USB
stick) it tries again after each change, counts the moves the file lacks and words every message
about it: the warning, the reminder after each move, the prompt mark, the last words. The durak
referee (``referee/autosave.py``) and «Битва пар» each give it their writer, their moves and their
advice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from slovariki.text.russian import moves_not_saved


class Autosave:
    def __init__(self, path: Path, write: Callable[[Path], None], moves: Callable[[], Sequence],
                 error: type[Exception], advice: str, saved: Sequence | None) -> None:
        """``write(path)`` saves the game, raising ``error`` (whose ``reason`` is the system's reason
        alone, when there is one); ``moves()`` are the game's moves so far; ``advice`` follows the
        first warning; ``saved``: the moves the file at ``path`` holds, None when it holds no game yet."""
        self.path = path
        self.write = write
        self.moves = moves
        self.failure = error
        self.advice = advice
        self.saved = None if saved is None else tuple(saved)
        self.error: str | None = None  # why the last save failed; None while the file holds the game

    @property
    def ok(self) -> bool:
        return self.error is None

    def save(self) -> str | None:
        """Save the game; what to tell the players about it, if anything."""
        was_ok = self.ok
        try:
            self.write(self.path)
        except self.failure as exc:
            self.error = exc.reason or str(exc)
            if was_ok:
                return f"Внимание: {exc}. {self.advice}"
            return f"Партия всё ещё не сохранена: {self.lost()} ({self.error})."
        self.saved, self.error = tuple(self.moves()), None
        return None if was_ok else f"Партия снова сохраняется: все ходы записаны в {self.path}."

    def move_to(self, path: Path) -> None:
        """Save the game to ``path`` and from then on there (raises ``error``, and stays, if it fails)."""
        self.write(path)
        self.path, self.saved, self.error = path, tuple(self.moves()), None

    def lost(self) -> str:
        """What the file lacks: «последние 2 хода не записаны в …»."""
        if self.saved is None:
            return f"в {self.path} её ещё нет"
        moves = self.moves()
        kept = next((i for i, (a, b) in enumerate(zip(moves, self.saved)) if a != b), min(len(moves), len(self.saved)))
        if kept == len(moves):  # only undone: the file still holds moves taken back
            return f"в {self.path} остались отменённые ходы"
        return f"{moves_not_saved(len(moves) - kept)} в {self.path}"

    def unsaved_text(self) -> str:
        return f"Партия НЕ сохранена: {self.lost()} ({self.error})."
