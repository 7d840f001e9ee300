"""Moves as small frozen values, with an exact JSON round trip in the referee protocol's terms.

``Attack(card)`` R5, ``Beat(card, target)`` R7, ``Transfer(card)`` R8, ``TossIn(card)`` R9,
``Pass()`` (decline to toss in) and ``Take()`` R11. Which player makes a move is not part of it:
the state's ``check``/``apply`` take the player separately.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Union

from slovariki.game import kinds


@dataclass(frozen=True, slots=True)
class Attack:
    card: Any
    cmd: ClassVar[str] = kinds.ATTACK

    def as_json(self) -> dict:
        return {"cmd": self.cmd, "card": str(self.card)}


@dataclass(frozen=True, slots=True)
class Beat:
    """Beat ``target`` (an unbeaten card on the table) with ``card``.

    ``target`` may be None when it is clear which card is meant: the only unbeaten card, or the only
    unbeaten card that ``card`` can beat. The state resolves it; the log records the resolved move.
    """

    card: Any
    target: Any = None
    cmd: ClassVar[str] = kinds.BEAT

    def as_json(self) -> dict:
        body = {"cmd": self.cmd, "card": str(self.card)}
        if self.target is not None:
            body["target"] = str(self.target)
        return body


@dataclass(frozen=True, slots=True)
class Transfer:
    card: Any
    cmd: ClassVar[str] = kinds.TRANSFER

    def as_json(self) -> dict:
        return {"cmd": self.cmd, "card": str(self.card)}


@dataclass(frozen=True, slots=True)
class TossIn:
    card: Any
    cmd: ClassVar[str] = kinds.TOSS_IN

    def as_json(self) -> dict:
        return {"cmd": self.cmd, "card": str(self.card)}


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline to toss in (R9); in classic durak, «бито»."""

    cmd: ClassVar[str] = kinds.PASS

    def as_json(self) -> dict:
        return {"cmd": self.cmd}


@dataclass(frozen=True, slots=True)
class Take:
    """The defender takes every card on the table (R11)."""

    cmd: ClassVar[str] = kinds.TAKE

    def as_json(self) -> dict:
        return {"cmd": self.cmd}


Move = Union[Attack, Beat, Transfer, TossIn, Pass, Take]
MOVE_TYPES: dict[str, type] = {t.cmd: t for t in (Attack, Beat, Transfer, TossIn, Pass, Take)}


def move_from_json(data: dict, find_card: Callable[[str], Any]) -> Move:
    """The move of a protocol command (``cmd``, ``card``, ``target``); ``find_card`` maps a card's
    text to the card and raises for text it does not know. Raises ValueError on a malformed command.
    """
    kind = MOVE_TYPES.get(data.get("cmd"))
    if kind is None:
        raise ValueError(f"неизвестная команда: {data.get('cmd')!r}")
    if kind in (Pass, Take):
        return kind()
    text = data.get("card")
    if not isinstance(text, str):
        raise ValueError(f"у команды {kind.cmd} должно быть поле card (текст)")
    if kind is Beat:
        target = data.get("target")
        if target is not None and not isinstance(target, str):
            raise ValueError("поле target должно быть текстом")
        return Beat(find_card(text), None if target is None else find_card(target))
    return kind(find_card(text))
