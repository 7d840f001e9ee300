"""Fitting text into boxes: the largest font size that fits, line breaks, Russian hyphenation."""

from __future__ import annotations

import math

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

from reportlab.pdfbase.pdfmetrics import stringWidth

SIZE_STEP = 0.25
MIN_HYPHENATED = 5  # shorter words are never split

Splitter = Callable[[str], Iterator[tuple[str, str]]]


@dataclass(frozen=True)
class TextBlock:
    size: float
    leading: float
    lines: tuple[str, ...]

    @property
    def height(self) -> float:
        return len(self.lines) * self.leading


@cache
def hyphenator() -> Splitter | None:
    """Russian hyphenation from pyphen: (head, tail) pairs, longest head first; None without pyphen."""
    try:
        import pyphen
    except ImportError:
        return None
    dictionary = pyphen.Pyphen(lang="ru_RU")

    def split(word: str) -> Iterator[tuple[str, str]]:
        if len(word) >= MIN_HYPHENATED:
            yield from dictionary.iterate(word)

    return split


def sizes(largest: float, smallest: float) -> Iterator[float]:
    size = largest
    while size >= smallest - 1e-9:
        yield round(size, 2)
        size -= SIZE_STEP


def fit_line(text: str, font: str, width: float, largest: float, smallest: float) -> float | None:
    """The largest size (not above ``largest``) at which ``text`` fits on one line, or None."""
    unit = stringWidth(text, font, 1)
    if unit == 0:
        return largest
    size = min(largest, math.floor(width / unit / SIZE_STEP) * SIZE_STEP)
    return size if size >= smallest else None


def fit_block(text: str, font: str, width: float, height: float, largest: float, smallest: float,
              leading: float, split: Splitter | None,
              narrow: tuple[float, float] | None = None) -> TextBlock | None:
    """Break ``text`` into centred lines at the largest size that fits the box, or None.

    Whole words are tried first at every size; hyphenation only when that fails even at the smallest.
    ``narrow`` is (depth, width): lines reaching deeper than ``depth`` below the box's top keep to that
    smaller width, as a card's definition does where it passes a corner index.
    """
    words = text.split()
    widths: dict[str, float] = {}

    def measure(piece: str) -> float:
        if piece not in widths:
            widths[piece] = stringWidth(piece, font, 1)
        return widths[piece]

    for splitter in (None, split) if split else (None,):
        for size in sizes(largest, smallest):
            first_narrow = None
            if narrow is not None:
                first_narrow = (max(0, math.floor((narrow[0] + 1e-6) / (size * leading))), narrow[1] / size)
            lines = break_lines(words, measure, width / size, splitter, first_narrow)
            if lines is not None and len(lines) * size * leading <= height + 1e-6:
                return TextBlock(size, size * leading, tuple(lines))
    return None


def break_lines(words: list[str], measure: Callable[[str], float], limit: float,
                split: Splitter | None, narrow: tuple[int, float] | None = None) -> list[str] | None:
    """Greedy line breaking in font units; None when a word cannot be placed.

    ``narrow`` is (first line, limit): from that line on, lines keep to the smaller limit.
    """
    space = measure(" ")
    lines: list[str] = []
    line: list[str] = []
    used = 0.0
    queue = list(reversed(words))
    while queue:
        word = queue.pop()
        room = narrow[1] if narrow is not None and len(lines) >= narrow[0] else limit
        start = used + space if line else 0.0
        if start + measure(word) <= room:
            line.append(word)
            used = start + measure(word)
            continue
        piece = _head_that_fits(word, measure, room - start, split)
        if piece is not None:
            head, tail = piece
            lines.append(" ".join([*line, head]))
            line, used = [], 0.0
            queue.append(tail)
        elif line:
            lines.append(" ".join(line))
            line, used = [], 0.0
            queue.append(word)
        else:
            return None
    if line:
        lines.append(" ".join(line))
    return lines


def _head_that_fits(word: str, measure: Callable[[str], float], room: float,
                    split: Splitter | None) -> tuple[str, str] | None:
    if split is None:
        return None
    for head, tail in split(word):
        shown = head if head.endswith("-") else head + "-"
        if measure(shown) <= room:
            return shown, tail
    return None
