"""`slovariki referee --jsonl`: one JSON command per input line, one JSON answer per output line.

The contract is ``shared/spec/referee-protocol.md``. Nothing a client sends stops the loop: a line
that is not a command is answered with ``bad-command`` like any other refusal.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterable
from typing import IO, Any

from slovariki.game import Move, move_from_json
from slovariki.files.jsonl import refusal, serve
from slovariki.files import reading
from slovariki.referee.table import BankRejected, Rejected, Setup, Table
from slovariki.text.russian import os_error

MOVES = ("attack", "beat", "transfer", "toss", "pass", "take")
COMMANDS = ("new", *MOVES, "undo", "state")
# The protocol's event types; the engine's others (the next bout, the fool) show in the state.
EVENT_TYPES = frozenset({"beaten", "taken", "refill", "winner", "out", "game-over"})


def state_json(table: Table) -> dict:
    state = table.state
    names = state.names
    name = lambda seat: None if seat is None else names[seat]  # noqa: E731
    trump = state.trump
    return {
        "to_move": name(state.to_move),
        "attacker": names[state.attacker],
        "defender": names[state.defender],
        "trump": str(trump),
        "trump_colour": trump.suit.key,
        "stock": state.stock_count,
        "hands": {names[p]: state.hand_count(p) for p in range(state.players)},
        "table": [{"attack": str(a), "beaten_by": None if d is None else str(d)} for a, d in state.table],
        "discard": state.discard_count,
        "winner": name(state.winner),
        "fool": name(state.fool),
        "draw": state.draw,
        "rules": state.rules.name,
        "players": list(names),
        "bout": table.bout,
        "phase": state.phase,
        "known": {names[p]: [str(c) for c in state.known_cards(p)] for p in range(state.players)},
        "out": [names[p] for p in table.out()],
    }


def events_json(events: Iterable[Any], names: tuple[str, ...]) -> list[dict]:
    return [e.as_json(names) for e in events if e.type in EVENT_TYPES]


def move_command(table: Table, data: dict) -> tuple[int, Move]:
    """The player's seat and the move of a move command (``player``, ``cmd``, ``card``, ``target``),
    as the web screen sends it too. Raises Rejected."""
    cmd = data.get("cmd")
    player = data.get("player")
    if not isinstance(player, str):
        raise Rejected("bad-command", f"у команды {cmd} должно быть поле player (имя игрока)")
    seat = table.seat(player)
    if table.finished():
        raise Rejected("game-over", f"{table.state.rules.rule['end']}: игра окончена, ходы больше не принимаются")
    try:
        return seat, move_from_json(data, table.card)
    except ValueError as exc:
        raise Rejected("bad-command", str(exc)) from None


class Session:
    """The protocol's state between lines: the game, if one was started."""

    def __init__(self) -> None:
        self.table: Table | None = None

    def answer(self, line: str) -> dict:
        """The answer to one input line; never raises for anything the client sends."""
        try:
            return self._accept(self._dispatch(self._command(line)))
        except Rejected as rejected:
            return refusal(rejected.code, rejected.message, self.state())

    def state(self) -> dict | None:
        return None if self.table is None else state_json(self.table)

    def _accept(self, fields: dict) -> dict:
        """The answer to an accepted command: its events (and, for ``undo``, ``put_back``) and the state."""
        return {"ok": True, "events": [], **fields, "state": self.state()}

    @staticmethod
    def _command(line: str) -> dict:
        try:
            data = json.loads(line)
        except (ValueError, RecursionError):
            raise Rejected("bad-command", "строка — не JSON: нужен объект вида {\"cmd\": \"state\"}") from None
        if not isinstance(data, dict):
            raise Rejected("bad-command", "команда должна быть JSON-объектом с полем cmd")
        if "cmd" not in data:
            raise Rejected("bad-command", f"нет поля cmd: нужна команда, одна из {', '.join(COMMANDS)}")
        cmd = data["cmd"]
        if cmd not in COMMANDS:
            raise Rejected("bad-command", f"неизвестная команда {json.dumps(cmd, ensure_ascii=False)}: "
                                          f"есть {', '.join(COMMANDS)}")
        return data

    def _dispatch(self, data: dict) -> dict:
        cmd = data["cmd"]
        if cmd == "new":
            if isinstance(data.get("words"), str):
                _word_folder(data["words"])
            try:
                self.table = Table.start(Setup.from_json(data))
            except BankRejected as exc:  # the folder may hold files that are not ours to quote
                raise Rejected(exc.code, exc.brief) from None
            return {}
        table = self.table
        if table is None:
            raise Rejected("no-game", "игра не начата: сначала команда new")
        if cmd == "state":
            return {}
        if cmd == "undo":
            return {"put_back": table.put_back([table.undo()]).as_json(table.names)}
        return {"events": events_json(table.play(*move_command(table, data)), table.names)}


def _word_folder(path: str) -> None:
    """A client may name only a folder holding grade files: the referee must not read any file a
    client names and quote it back."""
    from slovariki.bank.wordlist import has_grade_files  # loaded only when a word folder is named

    head = "поле words: нужна папка со списками слов (grade1.yaml … grade4.yaml)"
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise Rejected("bad-setup", f"{head}: {path} — {os_error(exc)}") from None
    except ValueError:  # a NUL byte
        raise Rejected("bad-setup", f"{head}: {path!r} — {reading.NUL_IN_PATH}") from None
    if not stat.S_ISDIR(mode):
        raise Rejected("bad-setup", f"{head}, а {path} — не папка")
    if not has_grade_files(path):
        raise Rejected("bad-setup", f"{head}, а в {path} их нет")


def run(lines: Iterable[bytes], out: IO[bytes]) -> None:
    """Answer each line of ``lines`` on ``out`` as it comes, flushing after each answer."""
    serve(lines, out, Session())
