"""The machine protocol of «Битва пар» (``slovariki bitva-par play --jsonl``).

One JSON object per line in, exactly one JSON object per line out, flushed at once, in the same
style as the durak referee: ``{"ok": true, "events": [...], "state": {...}}`` or
``{"ok": false, "code": "...", "message": "...", "state": {...}}``; a refused command changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import IO, Any

from slovariki.bitva import errors as E
from slovariki.bitva.errors import Refused
from slovariki.bitva.game import Draw, Finish, Game, Meld, Move, Penalty
from slovariki.bitva.notation import parse_card
from slovariki.files.jsonl import refusal, serve

_MISSING = object()


def _field(request: dict, name: str, kind: type, default: Any = _MISSING) -> Any:
    value = request.get(name, default)
    if value is _MISSING:
        raise Refused(E.BAD_COMMAND, f"нет поля «{name}»")
    if value is not default and (not isinstance(value, kind) or isinstance(value, bool)):
        raise Refused(E.BAD_COMMAND, f"поле «{name}» неверного типа")
    return value


def _names(request: dict, name: str) -> list[str]:
    value = _field(request, name, list)
    if not all(isinstance(item, str) for item in value):
        raise Refused(E.BAD_COMMAND, f"в поле «{name}» должны быть строки")
    return value


def _meld(request: dict) -> Move:
    draw = _field(request, "draw", int, None)
    return Meld(_field(request, "player", str), tuple(parse_card(c) for c in _names(request, "cards")), draw)


MOVES: dict[str, Callable[[dict], Move]] = {
    "meld": _meld,
    "draw": lambda r: Draw(_field(r, "player", str), _field(r, "count", int)),
    "penalty": lambda r: Penalty(_field(r, "player", str), _field(r, "reason", str, "")),
    "finish": lambda r: Finish(),
}


class Session:
    """One protocol connection: the current game (or none yet) and how to answer a line."""

    def __init__(self) -> None:
        self.game: Game | None = None

    def _game(self) -> Game:
        if self.game is None:
            raise Refused(E.NO_GAME, "партия ещё не начата: сначала команда new")
        return self.game

    def _run(self, request: dict) -> list[dict]:
        cmd = _field(request, "cmd", str)
        if cmd == "new":
            self.game = Game(_names(request, "players"))
            return []
        if cmd == "state":
            self._game()
            return []
        if cmd == "undo":
            self.game = self._game().without_last()
            return []
        if cmd not in MOVES:
            raise Refused(E.BAD_COMMAND, f"неизвестная команда «{cmd}»")
        game = self._game()
        return [event.as_json() for event in game.play(MOVES[cmd](request))]

    def answer(self, line: str) -> dict:
        try:
            try:
                request = json.loads(line)
            except (ValueError, RecursionError):
                raise Refused(E.BAD_COMMAND, "строка не JSON") from None
            if not isinstance(request, dict):
                raise Refused(E.BAD_COMMAND, "нужен JSON-объект с полем «cmd»")
            events = self._run(request)
        except Refused as exc:
            return refusal(exc.code, exc.message, self.state())
        return {"ok": True, "events": events, "state": self.state()}

    def state(self) -> dict | None:
        return self.game.as_json() if self.game else None


def run_jsonl(lines: Iterable[bytes], out: IO[bytes]) -> None:
    """Answer each line of ``lines`` on ``out`` as it comes, flushing after each answer."""
    serve(lines, out, Session())
