"""The Russian REPL of «Битва пар»: the referee's notebook at the table.

Lines are read in the notation of ``notation.py``; every accepted move is answered in words and,
with a record file, the whole game is saved after each move, so a crash loses nothing and
``slovariki bitva-par score`` can score the file later.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable
from pathlib import Path

from slovariki.files.autosave import Autosave
from slovariki.bitva import errors as E
from slovariki.bitva.errors import Refused
from slovariki.bitva.game import Game, Meld, Move
from slovariki.bitva.notation import KIND_NAMES, NewGame, SessionCommand, format_move, parse_line
from slovariki.bitva.record import RecordError, load_game, record_text, save_record
from slovariki.bitva.report import event_text, state_table
from slovariki.text.terminal import prompt_text, readable

HELP = """\
Команды (регистр не важен, карты через пробел или запятую):
  игроки: Аня, Боря          начать партию (2–4 игрока, имя — одно слово)
  Аня 7ч 7п                  Аня кладёт пару; можно уточнить: «Аня пара 7♥ 7♠»,
                             «Аня триплет Дп Дк Дб», «Аня одна 7б»
  Аня 7ч 7п добор 0          то же, но карты из резерва Аня ещё не взяла
  добор Аня 2                Аня взяла из резерва 2 карты
  штраф Боря [причина]       нарушение правил: −10 очков
  счёт                       кто сколько держит и сколько набрал
  отмена                     отменить последний принятый ход
  конец                      закончить партию и подсчитать очки
  помощь, выход
Карты: достоинство 2–10, В, Д, К, Т и масть ♠ ♣ ♦ ♥ или буквой п, к, б, ч (10ч, Дп, Т♦);
можно и словами: «дама пик», «туз бубен», «семёрка червей», «8 треф».

Правила, как их проверяет судья:
  • кладут пару или триплет одного значения; одну карту — только если три карты её значения
    уже на столе (у кого угодно); за раз — одна комбинация;
  • после хода игрок берёт из резерва столько карт, сколько выложил (пока резерв не кончится);
    держать на руке больше карт, чем сдано, нельзя;
  • очки: 2–9 — по 5, 10, В, Д, К — по 10, Т — 15; +5 тому, кто сам выложил все четыре карты
    одного значения; +10 тому, кто избавился от всех карт (и с руки, и из резерва); −10 за
    каждый записанный штраф;
  • побеждает первый, кто избавился от всех карт; если закончили одновременно — у кого больше
    очков, при равенстве — ничья. Кто закончил одновременно с первым, записывает свой последний
    ход до команды «конец»;
  • если выложить больше никто ничего не может, скажите «конец»: побеждает тот, у кого больше
    очков (при равенстве — ничья)."""


class Repl:
    def __init__(self, echo: Callable[[str], None], record: Path | None) -> None:
        self.echo = echo
        self.record = record
        self.game: Game | None = None
        self.autosave: Autosave | None = None  # with a record file, once there is a game

    def start(self, players: tuple[str, ...] | None) -> None:
        """Resume the record if it exists, else start a game of ``players`` (if named)."""
        if self.record is not None and self.record.exists():
            self.game = load_game(self.record)
            self._autosave(self.game.log)
            if players and [p.lower() for p in players] != [p.lower() for p in self.game.players]:
                raise RecordError([f"{self.record}: в записи другие игроки: {', '.join(self.game.players)}"])
            self.echo(f"Продолжаю партию из {self.record}: записано ходов — {len(self.game.log)}.")
            self.echo(state_table(self.game))
        elif players:
            self._new(players)
        else:
            self.echo("Назовите игроков, например: «игроки: Аня, Боря». Список команд — «помощь».")

    def _new(self, players: tuple[str, ...]) -> None:
        if self.game is not None and not self.game.over:
            raise Refused(E.BAD_SETUP, "партия ещё идёт: сначала «конец»")
        if self.game is not None and self.record is not None:
            raise Refused(E.BAD_SETUP, f"партия записана в {self.record}; новую начните с другим файлом")
        self.game = Game(players)
        self._autosave(())
        plan = self.game.plan
        saved = self._save()
        self._echo(f"Партия: {', '.join(self.game.players)}. На руку по {plan.hand}, в резерве по {plan.reserve}"
                   + (", одна карта в стороне." if plan.aside else ".") + " Список команд — «помощь».", saved)

    def _autosave(self, saved: Iterable[Move]) -> None:
        """Save the game to the record file, if there is one, after each change; ``saved``: the moves
        the file holds now."""
        if self.record is not None:
            self.autosave = Autosave(self.record, lambda path: save_record(path, self.game), lambda: self.game.log,
                                     RecordError, "Судья продолжает и пробует записать партию после каждого хода.",
                                     tuple(saved))

    def _save(self) -> str | None:
        """Save after each change; a failure is tried again at the next change. Returns what to say
        about it, said after the change itself (it speaks of moves the player must have seen)."""
        return None if self.autosave is None else self.autosave.save()

    def _echo(self, *lines: str | None) -> None:
        for line in lines:
            if line is not None:
                self.echo(line)

    def prompt(self) -> str:
        """«> », or «[не сохранено] > » while the record file lacks moves."""
        return prompt_text("> ", self.autosave is None or self.autosave.ok)

    def _play(self, move: Move) -> None:
        if self.game is None:
            raise Refused(E.NO_GAME, "сначала назовите игроков: «игроки: Аня, Боря»")
        events = self.game.play(move)
        saved = self._save()
        said = []
        if isinstance(move, Meld):
            said.append(f"{self.game.player(move.player)}: {KIND_NAMES[len(move.cards)]} "
                        + " ".join(map(str, move.cards)) + ".")
        said.extend(event_text(event, self.game) for event in events)
        if isinstance(move, Meld) and not events:
            player = self.game.player(move.player)
            said.append(f"На руке {self.game.hands[player]}, в резерве {self.game.reserves[player]}.")
        if any(event.type == "out" for event in events) and len(self.game.out) == 1:
            said.append("Если кто-то закончил одновременно, запишите его последний ход; затем «конец».")
        self._echo(" ".join(said), saved)

    def leave(self) -> bool:
        """Say, when the input ends or the user quits, how to go on with the game, or plainly that
        the record lacks moves (and show them all); False then."""
        if self.autosave is not None and not self.autosave.ok:
            self.autosave.save()  # one more try; what follows says how it went
            if not self.autosave.ok:
                self.echo(f"{self.autosave.unsaved_text()} Запись партии — перепишите её, чтобы ходы не пропали:\n"
                          + record_text(self.game).rstrip())
                return False
        if self.game is None or self.game.over:
            return True
        if self.record is not None:
            self.echo(f"Партия записана в {self.record}. Продолжить: "
                      f"slovariki bitva-par play --record {shlex.quote(str(self.record))}")
        else:
            self.echo("Партия не записана: чтобы её можно было продолжить, запускайте судью с --record ФАЙЛ.")
        return True

    def handle(self, line: str) -> bool:
        """Answer one line; False when the user asks to quit."""
        line = readable(line)
        try:
            command = parse_line(line, self.game.players if self.game else None)
            if command is None:
                return True
            if isinstance(command, SessionCommand):
                return self._session(command.name)
            if isinstance(command, NewGame):
                self._new(command.players)
            else:
                self._play(command)
        except Refused as exc:
            lead = "Не понял" if exc.code in (E.BAD_COMMAND, E.UNKNOWN_CARD, E.UNKNOWN_PLAYER) else "Нельзя"
            self.echo(f"{lead}: {exc.message}")
        return True

    def _session(self, name: str) -> bool:
        if name == "quit":
            return False
        if name == "help":
            self.echo(HELP)
            return True
        if self.game is None:
            raise Refused(E.NO_GAME, "партия ещё не начата: «игроки: Аня, Боря»")
        if name == "state":
            self.echo(state_table(self.game))
        else:
            last = self.game.log[-1] if self.game.log else None
            self.game = self.game.without_last()
            self._echo(f"Отменено: {format_move(last)}", self._save())
        return True


def run_repl(read: Callable[[Callable[[], str]], Iterable[str]], echo: Callable[[str], None],
             players: tuple[str, ...] | None, record: Path | None) -> bool:
    """Referee a game line by line, the lines read by ``read(prompt)`` (``terminal.typed_lines``);
    False when the record could not be saved. RecordError and Refused (bad players) reach the caller."""
    repl = Repl(echo, record)
    repl.start(players)
    for line in read(repl.prompt):
        if not repl.handle(line):
            break
    return repl.leave()
