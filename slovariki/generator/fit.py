"""Fitting text into boxes: the largest font size that fits, balanced line breaks, Russian hyphenation.

The typography every printed text follows (cards, the word list, the rules sheet):
- a one- or two-letter word (в, и, с, по, на …) or a number never ends a line: it is bound to the
  word after it; a dash is bound to the word before it;
- lines are balanced: the fewest lines that fit, with the breaks chosen so they are of even length;
- a word is hyphenated (pyphen's Russian patterns) only when it cannot fit a line by itself.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from reportlab.pdfbase.pdfmetrics import stringWidth

from slovariki.text.russian import NBSP, SHORT_WORD as _SHORT, bind  # the binding rule the print shares

SIZE_STEP = 0.25
EVEN = 0.3  # balanced lines are narrower than the widest by at most this share of it
STEP_DOWN = 3.0  # points: how far below the largest size that fits balancing may go
SHRINK = 0.03  # a point smaller is worth lines this much (EVEN's measure) more even
LONE = 0.5  # a word narrower than this share of the widest line is too short to stand alone on a line
MIN_HYPHENATED = 5  # shorter words are never split

Splitter = Callable[[str], Iterator[tuple[str, str]]]
Measure = Callable[[str], float]


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


_MARKUP_PIECE = re.compile(r"<[^>]*>|[^<]+")
_SPACES = re.compile(r"[ \t\r\n]+")  # not the no-break space


def _markup_words(text: str) -> list[str]:
    """Paragraph markup split on the spaces outside its tags; a tag stays within its word."""
    words = [""]
    for piece in _MARKUP_PIECE.findall(text):
        if piece.startswith("<"):
            words[-1] += piece
            continue
        first, *rest = _SPACES.split(piece)
        words[-1] += first
        words.extend(rest)
    return words


def _plain_word(word: str) -> str:
    return html.unescape(_MARKUP_PIECE.sub(lambda m: "" if m[0].startswith("<") else m[0], word))


def nonbreaking_markup(text: str) -> str:
    """:func:`bind` for paragraph markup that ReportLab breaks: the space after a short word or a
    number, and before a dash, becomes a no-break space (ReportLab never breaks a line there), each word
    judged without its tags; so does the last space of the text (outside a tag), as in the lists: no
    word ends a paragraph alone."""
    body = text.strip(" \t\r\n")
    if not body:
        return text
    start = text.index(body)
    units = bind([w for w in _markup_words(body) if w], plain=_plain_word, joint=NBSP)
    if len(units) > 1:
        units[-2:] = [units[-2] + NBSP + units[-1]]
    return text[:start] + " ".join(units) + text[start + len(body):]


def sizes(largest: float, smallest: float, step: float = SIZE_STEP) -> Iterator[float]:
    size = largest
    while size >= smallest - 1e-9:
        yield round(size, 2)
        size -= step


def fit_line(text: str, font: str, width: float, largest: float, smallest: float) -> float | None:
    """The largest size (not above ``largest``) at which ``text`` fits on one line, or None."""
    unit = stringWidth(text, font, 1)
    if unit == 0:
        return largest
    size = min(largest, math.floor(width / unit / SIZE_STEP) * SIZE_STEP)
    return size if size >= smallest else None


def measurer(font: str) -> Measure:
    """Width of a piece of text at size 1, remembered: a text measures the same words at many sizes."""
    widths: dict[str, float] = {}

    def measure(piece: str) -> float:
        width = widths.get(piece)
        if width is None:
            width = widths[piece] = stringWidth(piece, font, 1)
        return width

    return measure


def fit_block(text: str, font: str, width: float, height: float, largest: float, smallest: float,
              leading: float, split: Splitter | None, measure: Measure | None = None,
              balance: bool = True, step: float = SIZE_STEP) -> TextBlock | None:
    """Break ``text`` into balanced lines at the largest size that fits the box, or None.

    Whole words are tried first at every size; hyphenation only when that fails even at the smallest.
    With ``balance`` the lines must also be even: no short word alone on a line, and no line narrower
    than the widest by more than EVEN of it (two lines read as one shape whatever their widths). If
    they are not at the largest size that fits, the next smaller sizes are tried, down to STEP_DOWN
    below it (to the smallest, while a short word stands alone); when none is even, the one that comes
    closest, a larger size counting a little. Without
    ``balance`` the lines are only filled at the largest size that fits (enough to know that it fits).
    Sizes go down by ``step``.
    """
    units = bind(text.split())
    measure = measure or measurer(font)
    for splitter in (None, split) if split else (None,):
        best: tuple[tuple[int, float], TextBlock] | None = None
        first = 0.0  # the largest size that fits
        # Per line count, the most even lines of any width: the least squared widths do not depend on
        # the size, so while they fit, a smaller size gives the same lines (whole words only).
        even: dict[int, tuple[list[str], float]] = {}
        for size in sizes(largest, smallest, step):
            if first and size < first - STEP_DOWN - 1e-9 and best is not None and not best[0][0]:
                break  # a lone word is worth any size in the range to avoid, unevenness only STEP_DOWN
            limit = width / size
            pieces = _hyphenated(units, measure, limit, splitter) if splitter else units
            if pieces is None:
                continue
            lines = _greedy(pieces, measure, limit)
            room = math.floor((height + 1e-6) / (size * leading))  # lines the box holds at this size
            if lines is None or len(lines) > room:
                continue
            if not balance:
                return TextBlock(size, size * leading, tuple(lines))
            first = first or size
            # The fewest lines first; a line more, where the box holds it, may make them even at this size.
            for count in range(len(lines), min(room, len(pieces)) + 1):
                if splitter is None and count not in even:
                    free = _balanced(pieces, measure, math.inf, count)
                    even[count] = (free, max(map(measure, free)))
                if splitter is None and even[count][1] <= limit + 1e-9:
                    balanced = even[count][0]
                else:
                    balanced = _balanced(pieces, measure, limit, count)
                block = TextBlock(size, size * leading, tuple(balanced))
                lone, spread = unevenness(block.lines, measure)
                if not lone and (spread <= EVEN or count == 2):  # two lines read as one shape
                    return block
                score = (lone, spread + SHRINK * (first - size) + SHRINK * (count - len(lines)))
                if best is None or score < best[0]:
                    best = (score, block)
        if best is not None:
            return best[1]
    return None


def unevenness(lines: Sequence[str], measure: Measure) -> tuple[int, float]:
    """(how many lines hold a short word alone, bound little words aside, and how much narrower the
    narrowest line is than the widest, as a share of the widest)."""
    if len(lines) < 2:
        return 0, 0.0
    widths = [measure(line) for line in lines]
    widest = max(widths)
    lone = sum(1 for line, width in zip(lines, widths) if width < LONE * widest and _words(line) <= 1)
    return lone, (widest - min(widths)) / widest


def break_lines(words: list[str], measure: Measure, limit: float, split: Splitter | None,
                balance: bool = True) -> list[str] | None:
    """Lines in font units, short words bound; None when a word cannot be placed.

    Without ``balance`` lines are filled one after another, as left-aligned text in a list is set,
    and the last two words go together: a paragraph never ends with one word alone on its line
    («…и сторожит / дом.»).
    """
    pieces = bind(words)
    if not balance and len(pieces) > 2 and measure(pieces[-2] + " " + pieces[-1]) <= limit + 1e-9:
        pieces[-2:] = [pieces[-2] + " " + pieces[-1]]
    if split is not None:
        pieces = _hyphenated(pieces, measure, limit, split)
        if pieces is None:
            return None
    lines = _greedy(pieces, measure, limit)
    return _balanced(pieces, measure, limit, len(lines)) if balance and lines is not None else lines


def _hyphenated(units: list[str], measure: Measure, limit: float, split: Splitter) -> list[str] | None:
    """Units that cannot fit ``limit`` split at pyphen's points into pieces that do; None if impossible."""
    out: list[str] = []
    for unit in units:
        while measure(unit) > limit + 1e-9:
            head, _, last = unit.rpartition(" ")
            prefix = head + " " if head else ""
            cut = next(((h, t) for h, t in split(last) if measure(prefix + _dashed(h)) <= limit + 1e-9), None)
            if cut is None:
                if not head:
                    return None
                out.append(head)  # the bound words go first, the long word alone on the next line
                unit = last
                continue
            out.append(prefix + _dashed(cut[0]))
            unit = cut[1]
        out.append(unit)
    return out


def _dashed(head: str) -> str:
    return head if head.endswith("-") else head + "-"


def _greedy(pieces: list[str], measure: Measure, limit: float) -> list[str] | None:
    """Each line filled as far as it goes: the fewest lines."""
    space = measure(" ")
    lines: list[list[str]] = []
    used = 0.0
    for piece in pieces:
        width = measure(piece)
        if lines and used + space + width <= limit + 1e-9:
            lines[-1].append(piece)
            used += space + width
            continue
        if width > limit + 1e-9:
            return None
        lines.append([piece])
        used = width
    return [_join(line) for line in lines]


def _balanced(pieces: list[str], measure: Measure, limit: float, count: int) -> list[str]:
    """The breaks into ``count`` lines no wider than ``limit`` (which may be infinite) with the least sum
    of squared widths (dynamic programming): with the count fixed, the most even lines. A short word
    alone on a line, bound little words aside, costs as much as a whole line."""
    if count <= 1:
        return [_join(pieces)] if pieces else []
    space = measure(" ")
    n = len(pieces)
    ends = [0.0]  # ends[i]: the width of pieces[:i] set on one line, plus a space after each
    for piece in pieces:
        ends.append(ends[-1] + measure(piece) + space)
    mean = (ends[n] - count * space) / count
    lone, penalty = LONE * mean, mean * mean
    alone = [_words(piece) <= 1 for piece in pieces]
    inf = math.inf
    limit += 1e-9
    # best[k][i]: least cost of setting the first i pieces in k lines; back[k][i]: where line k starts.
    best = [[inf] * (n + 1) for _ in range(count + 1)]
    back = [[0] * (n + 1) for _ in range(count + 1)]
    best[0][0] = 0.0
    for k in range(1, count + 1):
        before, row, starts = best[k - 1], best[k], back[k]
        for i in range(k, n - (count - k) + 1):  # leave at least a piece for each later line
            end = ends[i] - space
            for j in range(i - 1, k - 2, -1):  # line k holds pieces j .. i-1
                used = end - ends[j]
                if used > limit:
                    break
                cost = before[j] + used * used
                if j == i - 1 and alone[j] and used < lone:
                    cost += penalty
                if cost < row[i]:
                    row[i], starts[i] = cost, j
    lines, end = [], n
    for k in range(count, 0, -1):
        start = back[k][end]
        lines.append(_join(pieces[start:end]))
        end = start
    return lines[::-1]


def _words(line: str) -> int:
    """The words of a line, bound little words («в», «по») aside."""
    return sum(1 for word in line.split() if not _SHORT.match(word))


def _join(pieces: Sequence[str]) -> str:
    return " ".join(pieces)
