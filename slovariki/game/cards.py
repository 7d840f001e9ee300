"""Ordinary playing cards for classic durak: ranks 6–Т, four suits, a 36-card deck.

The same cards with ranks 2–5 added make the 52-card deck of «Битва пар» (``full_deck``); durak
never sees those ranks, because ``parse`` refuses them unless asked for a lower ``lowest_rank``.

Cards print as ``10♥``, ``Д♠``, ``Т♦`` and parse from that form; suits may also be written with the
Russian letters п, к, б, ч (пики, крести, бубны, черви).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Suit(Enum):
    SPADES = "♠"
    CLUBS = "♣"
    DIAMONDS = "♦"
    HEARTS = "♥"

    @property
    def symbol(self) -> str:
        return self.value

    @property
    def key(self) -> str:
        """The suit's name in the referee protocol: spades, clubs, diamonds, hearts."""
        return self.name.lower()

    @property
    def letter(self) -> str:
        return _LETTERS[self]

    @property
    def russian(self) -> str:
        return _RUSSIAN[self]


_LETTERS = {Suit.SPADES: "п", Suit.CLUBS: "к", Suit.DIAMONDS: "б", Suit.HEARTS: "ч"}
_RUSSIAN = {Suit.SPADES: "пики", Suit.CLUBS: "крести", Suit.DIAMONDS: "бубны", Suit.HEARTS: "черви"}
_SUIT_BY_TEXT = {**{s.symbol: s for s in Suit}, **{s.letter: s for s in Suit},
                 "♤": Suit.SPADES, "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS}

RANK_NAMES = {6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "В", 12: "Д", 13: "К", 14: "Т"}
# The 52-card deck's ranks, 2–Т; RANK_NAMES stays the durak deck's 6–Т.
FULL_RANK_NAMES = {2: "2", 3: "3", 4: "4", 5: "5", **RANK_NAMES}
_RANK_BY_TEXT = {name.lower(): rank for rank, name in FULL_RANK_NAMES.items()}


@dataclass(frozen=True)
class PlayingCard:
    """A card: ``rank`` 2–14 (11 В, 12 Д, 13 К, 14 Т; the 36-card deck uses 6–14) and ``suit``."""

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if self.rank not in FULL_RANK_NAMES:
            raise ValueError(f"rank must be 2-14, not {self.rank!r}")

    def __str__(self) -> str:
        return f"{FULL_RANK_NAMES[self.rank]}{self.suit.symbol}"

    @property
    def word(self) -> str:
        """The card's name as written in commands, so every card kind has a ``word``."""
        return str(self)

    @classmethod
    def parse(cls, text: str, lowest_rank: int = 6) -> PlayingCard:
        """``10♥``, ``Д♠``, ``т б``, ``10ч``; ranks below ``lowest_rank`` (2 for the 52-card deck) are
        refused. Raises ValueError with a Russian message quoting the input."""
        compact = "".join(text.split()).lower()
        if len(compact) >= 2:
            rank = _RANK_BY_TEXT.get(compact[:-1])
            suit = _SUIT_BY_TEXT.get(compact[-1])
            if rank is not None and rank >= lowest_rank and suit is not None:
                return cls(rank, suit)
        ranks = " ".join(name for rank, name in FULL_RANK_NAMES.items() if rank >= lowest_rank)
        raise ValueError(
            f"не понимаю карту «{text}»: пишите достоинство ({ranks}) и масть "
            "(п к б ч — пики, крести, бубны, черви), например 10♥ или Дп")


def standard_deck() -> tuple[PlayingCard, ...]:
    """The 36 cards, suit by suit, each from 6 to Т."""
    return tuple(PlayingCard(rank, suit) for suit in Suit for rank in RANK_NAMES)


def full_deck() -> tuple[PlayingCard, ...]:
    """The 52 cards, suit by suit, each from 2 to Т."""
    return tuple(PlayingCard(rank, suit) for suit in Suit for rank in FULL_RANK_NAMES)
