"""What happens as a result of moves, as frozen values in the order they happen, and the record of
each accepted move with them.

Players are seat numbers (0-based, clockwise); ``as_json(names)`` gives the protocol's event objects.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from slovariki.game.moves import Move


@dataclass(frozen=True, slots=True)
class Beaten:
    """The bout is beaten: its cards went to the discard pile (R12)."""

    type: ClassVar[str] = "beaten"

    def as_json(self, names: Sequence[str]) -> dict:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class Taken:
    """``player`` took the table's ``cards`` into their hand (R11)."""

    player: int
    cards: tuple[Any, ...]
    type: ClassVar[str] = "taken"

    def as_json(self, names: Sequence[str]) -> dict:
        return {"type": self.type, "player": names[self.player], "cards": len(self.cards)}


@dataclass(frozen=True, slots=True)
class Draw:
    """One player's share of a refill: ``count`` cards, of which ``cards`` are the ones known
    (all of them in a dealt game; at a real table only the face-up trump card, drawn last)."""

    player: int
    count: int
    cards: tuple[Any, ...] = ()

    def as_json(self, names: Sequence[str]) -> dict:
        return {"player": names[self.player], "cards": self.count}


@dataclass(frozen=True, slots=True)
class Refill:
    """Players drew from the stock in R13 order; only players who drew are listed."""

    draws: tuple[Draw, ...]
    type: ClassVar[str] = "refill"

    def as_json(self, names: Sequence[str]) -> dict:
        return {"type": self.type, "draws": [d.as_json(names) for d in self.draws]}


@dataclass(frozen=True, slots=True)
class NextBout:
    """A new bout: ``attacker`` leads against ``defender`` (R14, R11)."""

    attacker: int
    defender: int
    type: ClassVar[str] = "bout"

    def as_json(self, names: Sequence[str]) -> dict:
        return {"type": self.type, "attacker": names[self.attacker], "defender": names[self.defender]}


@dataclass(frozen=True, slots=True)
class Winner:
    """«Словарики»: the winner (R16). Classic durak: the first player out of cards (D6)."""

    player: int
    type: ClassVar[str] = "winner"

    def as_json(self, names: Sequence[str]) -> dict:
        return {"type": self.type, "player": names[self.player]}


@dataclass(frozen=True, slots=True)
class Out:
    """Classic durak: ``player`` ran out of cards with the stock empty and left the game (D6). The
    first player out is announced as :class:`Winner` instead; every later one as ``Out``."""

    player: int
    type: ClassVar[str] = "out"

    def as_json(self, names: Sequence[str]) -> dict:
        return {"type": self.type, "player": names[self.player]}


@dataclass(frozen=True, slots=True)
class Fool:
    """Classic durak: the last player holding cards (D6)."""

    player: int
    type: ClassVar[str] = "fool"

    def as_json(self, names: Sequence[str]) -> dict:
        return {"type": self.type, "player": names[self.player]}


@dataclass(frozen=True, slots=True)
class DrawnGame:
    """Classic durak: the last two players ran out together, nobody is the fool (D6)."""

    type: ClassVar[str] = "draw"

    def as_json(self, names: Sequence[str]) -> dict:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class GameOver:
    type: ClassVar[str] = "game-over"

    def as_json(self, names: Sequence[str]) -> dict:
        return {"type": self.type}


Event = Beaten | Taken | Refill | NextBout | Winner | Out | Fool | DrawnGame | GameOver


@dataclass(frozen=True, slots=True)
class Record:
    """One accepted move and what it caused (``GameState.log``)."""

    player: int
    move: Move
    events: tuple[Event, ...]
