"""Game records of «Битва пар»: a text file of command lines, or the same commands in YAML.

Text (the REPL writes this form)::

    игроки: Аня, Боря
    Аня 7ч 7п
    штраф Боря начал раньше команды

YAML::

    players: [Аня, Боря]
    moves:
      - Аня: 7ч 7п
      - Боря: [Д♠, Д♣, Д♦]
      - штраф: Боря

Each YAML move becomes the text line «ключ значение», so both forms go through one parser.
A record is read whole and checked before anything is written; the REPL saves it atomically.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

from slovariki.files import atomic
from slovariki.files import reading
from slovariki.bitva import errors as E
from slovariki.bitva.errors import Refused
from slovariki.bitva.game import Finish, Game, Move
from slovariki.bitva.notation import NewGame, SessionCommand, format_move, format_players, parse_line
from slovariki.text.russian import os_error


MAX_BYTES = 1024 * 1024  # a game of «Битва пар» is at most a few dozen moves


class RecordError(Exception):
    """A record that cannot be scored; ``problems`` are «файл:строка: сообщение» lines."""

    def __init__(self, problems: Sequence[str], unreadable: bool = False, reason: str | None = None) -> None:
        super().__init__("\n".join(problems))
        self.problems = tuple(problems)
        self.unreadable = unreadable  # the file itself could not be read (missing, not UTF-8, no access)
        self.reason = reason  # the system's reason alone, when there is one


@dataclass(frozen=True)
class Record:
    players: tuple[str, ...]
    moves: tuple[Move, ...]
    lines: tuple[int, ...]  # the source line of each move


def _read(path: Path) -> str:
    try:
        return reading.read_text(path, MAX_BYTES)
    except FileNotFoundError:
        raise RecordError([f"{path}: файл не найден"], unreadable=True) from None
    except UnicodeDecodeError:
        raise RecordError([f"{path}: это не текст: запись партии — текстовый файл (UTF-8)"], unreadable=True) from None
    except IsADirectoryError:
        raise RecordError([f"{path}: это папка, а нужен файл записи"], unreadable=True) from None
    except PermissionError:
        raise RecordError([f"{path}: нет прав на чтение файла"], unreadable=True) from None
    except OSError as exc:
        raise RecordError([f"{path}: не удалось прочитать файл ({os_error(exc)})"], unreadable=True) from None


def _yaml_lines(path: Path, text: str) -> list[tuple[int, str]]:
    """The YAML record as (line number, command line) pairs."""
    try:
        root = reading.compose_yaml(text, MAX_BYTES)
        data = yaml.SafeLoader("").construct_document(root) if root is not None else None
    except reading.Expands as exc:
        raise RecordError([f"{path}:{exc.line}: {exc}"]) from None
    except ValueError:  # a number of 10,000 digits, a 31 February
        raise RecordError([f"{path}: значение не читается: слишком длинное число или невозможная дата"]) from None
    except (yaml.YAMLError, RecursionError) as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark else str(path)
        raise RecordError([f"{where}: это не YAML: проверьте скобки, кавычки, двоеточия и отступы"]) from None
    if not isinstance(data, dict) or set(data) - {"players", "moves"} or "players" not in data:
        raise RecordError([f"{path}: нужны ключи players (список игроков) и moves (список ходов), других ключей нет"])
    nodes = dict((key.value, value) for key, value in root.value)
    players = data["players"]
    if isinstance(players, str):
        players = players.replace(",", " ").split()
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError([f"{path}:{nodes['players'].start_mark.line + 1}: players — список имён"])
    lines = [(nodes["players"].start_mark.line + 1, format_players(tuple(players)))]
    moves = data.get("moves") or []
    if not isinstance(moves, list):
        raise RecordError([f"{path}:{nodes['moves'].start_mark.line + 1}: moves — список ходов"])
    problems = []
    for item, node in zip(moves, nodes["moves"].value if moves else []):
        line = node.start_mark.line + 1
        if isinstance(item, dict) and len(item) == 1:
            ((key, value),) = item.items()
            value = " ".join(str(v) for v in value) if isinstance(value, list) else str(value)
            lines.append((line, f"{key} {value}"))
        elif isinstance(item, str):
            lines.append((line, item))
        else:
            problems.append(f"{path}:{line}: ход пишется как «- Аня: 7ч 7п» или «- штраф: Боря»")
    if problems:
        raise RecordError(problems)
    return lines


# What only a referee record (slovariki referee log) has: its title, or its «козырь:» set-up line.
_REFEREE_RECORD = re.compile(r"\A\s*# Запись партии \(slovariki referee\)|^козырь:", re.M)


def load_record(path: Path) -> Record:
    """Read and parse a record (YAML for .yaml/.yml, text otherwise); every syntax problem is reported."""
    text = _read(path)
    if _REFEREE_RECORD.search(text):  # «правила: podkidnoy» would be read as a move of a player «правила»
        raise RecordError([f"{path}: это запись партии в дурака («Словарики», подкидной или переводной), а не "
                           f"«Битвы пар»; её проверяет команда slovariki referee replay {path}"])
    if path.suffix.lower() in (".yaml", ".yml"):
        numbered = _yaml_lines(path, text)
    else:
        numbered = list(enumerate(text.splitlines(), start=1))
    roster: Game | None = None  # a fresh game of the named players, to check names line by line
    moves: list[Move] = []
    lines: list[int] = []
    problems = []
    for number, line in numbered:
        try:
            command = parse_line(line, roster.players if roster else None)
            if command is None:
                continue
            if isinstance(command, SessionCommand):
                raise Refused(E.BAD_COMMAND, "такой команды в записи партии быть не может")
            if isinstance(command, NewGame):
                if roster is not None:
                    raise Refused(E.BAD_SETUP, "игроки уже названы выше")
                roster = Game(command.players)
                continue
            if roster is None:
                raise Refused(E.BAD_SETUP, "сначала нужна строка «игроки: Аня, Боря»")
            if not isinstance(command, Finish):
                roster.player(command.player)
            moves.append(command)
            lines.append(number)
        except Refused as exc:
            problems.append(f"{path}:{number}: {exc.message}")
    if roster is None and not problems:
        problems.append(f"{path}: в записи нет строки «игроки: …»")
    if problems:
        raise RecordError(problems)
    return Record(roster.players, tuple(moves), tuple(lines))


def load_game(path: Path) -> Game:
    """Load a record and play it through the referee; the first illegal move is an error."""
    record = load_record(path)
    game = Game(record.players)
    for move, line in zip(record.moves, record.lines):
        try:
            game.play(move)
        except Refused as exc:
            raise RecordError([f"{path}:{line}: {exc.message}"]) from None
    return game


def score_record(path: Path) -> Game:
    """The recorded game, finished (if the record does not end with «конец»), ready to be scored."""
    game = load_game(path)
    if not game.over:
        game.play(Finish())
    return game


def record_text(game: Game) -> str:
    return "\n".join([format_players(game.players), *map(format_move, game.log)]) + "\n"


def save_record(path: Path, game: Game) -> None:
    """Write the game's record atomically: a temporary file next to it, then a rename."""
    try:
        atomic.write_text(path, record_text(game))
    except OSError as exc:
        raise RecordError([f"{path}: не удалось сохранить запись ({os_error(exc)})"], True, os_error(exc)) from None
