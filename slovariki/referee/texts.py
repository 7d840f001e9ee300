"""The referee's Russian sentences for moves and events, shared by the REPL and the game record."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from slovariki.game import (
    Attack, Beat, Beaten, DrawnGame, Fool, GameOver, Move, NextBout, Pass, Refill, Take, Taken, TossIn,
    Transfer, Winner,
)
from slovariki.russian import plural

# How a move is said, its card (if any) in quotes: «заходит с карты «корова»». A quoted word stays in
# the nominative, so the word before it («карта») carries the case the verb asks for.
VERBS = {Attack: "заходит с карты", Transfer: "переводит картой", TossIn: "подкидывает карту", Pass: "пас",
         Take: "берёт"}


def cards_accusative(n: int) -> str:
    """«забирает 1 карту», «3 карты», «5 карт»."""
    return f"{n} {plural(n, 'карту', 'карты', 'карт')}"


def quoted(card: Any) -> str:
    return f"«{card}»"


def move_text(move: Move) -> str:
    """The move as written in the game record: «бьёт карту «коридор» картой «орнамент»»."""
    if type(move) is Beat:
        if move.target is None:  # as typed, before the engine says which card it beats
            return f"бьёт картой {quoted(move.card)}"
        return f"бьёт карту {quoted(move.target)} картой {quoted(move.card)}"
    verb = VERBS[type(move)]
    return f"{verb} {quoted(move.card)}" if type(move) in (Attack, Transfer, TossIn) else verb


def bout_header(bout: int, attacker: str, defender: str) -> str:
    return f"Заход {bout}: заходит {attacker}, отбивается {defender}"


def event_lines(events: Iterable[Any], names: Sequence[str], bout: int, classic: bool) -> list[str]:
    """One sentence per event; ``bout`` is the number of the bout the events happened in."""
    lines = []
    for event in events:
        kind = type(event)
        if kind is Beaten:
            lines.append("Бито: карты со стола уходят в отбой.")
        elif kind is Taken:
            lines.append(f"{names[event.player]} забирает со стола {cards_accusative(len(event.cards))}.")
        elif kind is Refill:
            lines.append("Добирают из колоды: " + ", ".join(f"{names[d.player]} {d.count}" for d in event.draws) + ".")
            for draw in event.draws:
                if draw.cards:
                    seen = ", ".join(quoted(c) for c in draw.cards)
                    lines.append(f"{names[draw.player]} берёт последнюю карту колоды — открытый козырь {seen}.")
        elif kind is NextBout:
            bout += 1
            lines.append(bout_header(bout, names[event.attacker], names[event.defender]))
        elif kind is Winner:
            lines.append(f"Первым без карт остался игрок {names[event.player]}." if classic
                         else f"Победитель — {names[event.player]}!")
        elif kind is Fool:
            lines.append(f"Дурак — {names[event.player]}.")
        elif kind is DrawnGame:
            lines.append("Ничья: последние карты кончились у двоих сразу.")
        elif kind is GameOver:
            lines.append("Игра окончена.")
    return lines
