"""The value objects every other part works with: colours, cards, decks."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from pathlib import Path
from typing import NamedTuple

from slovariki.markup import Markup


class Colour(Enum):
    """A card's colour: its suit in the game and the grade its word belongs to (R1)."""

    GREEN = 1
    BLUE = 2
    YELLOW = 3
    PINK = 4

    # Members are singletons compared by identity: hashed so too, in C (Enum hashes the name in Python,
    # and the game's rule tables key on colours thousands of times).
    __hash__ = object.__hash__

    @classmethod
    def for_grade(cls, grade: int) -> Colour:
        return _BY_GRADE.get(grade) or cls(grade)  # a dict first: the rule tables ask for every card

    @classmethod
    def from_key(cls, key: str) -> Colour:
        return cls[key.upper()]

    @property
    def grade(self) -> int:
        return self.value

    @property
    def key(self) -> str:
        """The colour's name in the referee protocol: green, blue, yellow, pink."""
        return self.name.lower()

    @property
    def russian(self) -> str:
        """The colour's name: «зелёный»."""
        return _RUSSIAN[self][0]

    @property
    def russian_card(self) -> str:
        """The adjective for a card: «зелёная»."""
        return _RUSSIAN[self][1]

    @property
    def russian_cards(self) -> str:
        """The adjective for cards: «зелёные»."""
        return _RUSSIAN[self][2]

    @property
    def print_tint(self) -> str:
        """A light shade for card frames, pale enough for black text on top."""
        return _TINTS[self][0]

    @property
    def print_strong(self) -> str:
        """A saturated shade for suit symbols and stars."""
        return _TINTS[self][1]

    @property
    def terminal(self) -> str:
        """ANSI colour code for the terminal."""
        return _ANSI[self]


_BY_GRADE = {colour.value: colour for colour in Colour}
_RUSSIAN = {
    Colour.GREEN: ("зелёный", "зелёная", "зелёные"),
    Colour.BLUE: ("голубой", "голубая", "голубые"),
    Colour.YELLOW: ("жёлтый", "жёлтая", "жёлтые"),
    Colour.PINK: ("розовый", "розовая", "розовые"),
}
_TINTS = {  # the tints a step apart in lightness, so sorted piles differ in greyscale too; the yellow's
    # strong shade an ochre, 3.5:1 on white
    Colour.GREEN: ("#BFE6B3", "#2E8B3A"),
    Colour.BLUE: ("#9CCBEE", "#1E7CC0"),
    Colour.YELLOW: ("#FFF0A8", "#AE8200"),
    Colour.PINK: ("#DF8FB2", "#C8447E"),
}
_ANSI = {Colour.GREEN: "32", Colour.BLUE: "36", Colour.YELLOW: "33", Colour.PINK: "35"}


class Source(NamedTuple):
    """Where a value came from: file, 1-based line and column; in a spreadsheet, ``sheet`` names the
    sheet ("" in a csv file, which has one) and line and column are the cell's row and column."""

    file: str
    line: int
    column: int
    sheet: str | None = None

    def __str__(self) -> str:
        return place(self.file, self.line, self.column, self.sheet)


def place(file: str, line: int, column: int, sheet: str | None = None) -> str:
    """«words/grade2.yaml:14:5», or in a spreadsheet «слова.xlsx: лист «2 класс», строка 14, столбец B»."""
    if sheet is None:
        return f"{file}:{line}:{column}"
    where = f"лист «{sheet}», " if sheet else ""
    return f"{file}: {where}строка {line}, столбец {column_letter(column)}"


def column_letter(column: int) -> str:
    """A spreadsheet's name for a 1-based column: 1 → A, 27 → AA."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


@dataclass(frozen=True)
class Card:
    """One word card. Equality ignores where the card was read from."""

    markup: Markup
    grade: int
    stars: int
    definition: str
    source: Source | None = field(default=None, compare=False)
    definition_source: Source | None = field(default=None, compare=False)  # the ``definition:`` key
    picture: Path | None = field(default=None, compare=False)  # a checked SVG or PNG file (slovariki.bank.pictures)
    game_word: bool = False  # in the bank only for the game, not on its grade's school list (docs/word-lists.md)

    def __post_init__(self) -> None:
        if self.grade not in (1, 2, 3, 4):
            raise ValueError(f"grade must be 1-4, not {self.grade!r}")
        if self.stars not in (1, 2, 3):
            raise ValueError(f"stars must be 1-3, not {self.stars!r}")

    @property
    def word(self) -> str:
        """The plain word, without markup."""
        return self.markup.plain

    @property
    def colour(self) -> Colour:
        return Colour.for_grade(self.grade)

    @property
    def hard_positions(self) -> tuple[int, ...]:
        return self.markup.hard

    @property
    def stress_positions(self) -> tuple[int, ...]:
        return self.markup.stress_positions

    @cached_property
    def hard_letters(self) -> frozenset[str]:
        """Hard letters compared case-insensitively, е and ё apart (R9)."""
        return frozenset(self.word[i].lower() for i in self.hard_positions)

    # The rules engine speaks of suits and ranks for every kind of card.
    suit = colour

    @property
    def rank(self) -> int:
        return self.stars

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True)
class Deck:
    """An ordered collection of cards with unique plain words."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        words = [c.word for c in self.cards]
        if len(set(words)) != len(words):
            raise ValueError("a deck holds every plain word once")

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Deck:
        return cls(tuple(cards))

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    @cached_property
    def by_word(self) -> dict[str, Card]:
        return {c.word: c for c in self.cards}

    def find(self, word: str) -> Card | None:
        return self.by_word.get(word)

    @property
    def grades(self) -> tuple[int, ...]:
        return tuple(sorted({c.grade for c in self.cards}))

    def list_words(self) -> Deck:
        """The cards whose words are on their grade's school list: without the game words."""
        return Deck.of(c for c in self.cards if not c.game_word)

    def select(self, grades: Iterable[int] | None = None, stars: int | None = None,
               letter: str | None = None) -> Deck:
        """The cards of the given grades, star level, and hard letter (case-insensitive)."""
        wanted = set(grades) if grades is not None else None
        return Deck.of(
            c for c in self.cards
            if (wanted is None or c.grade in wanted)
            and (stars is None or c.stars == stars)
            and (letter is None or letter.lower() in c.hard_letters)
        )
