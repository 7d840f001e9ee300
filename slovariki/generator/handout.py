"""wordlist.pdf: the teacher's handout, every word by grade and stars, ready for a dictation.

Two columns set straight on the canvas; time and memory grow with the number of words and no faster.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import groupby
from typing import BinaryIO

from slovariki.text import russian
from slovariki.generator import theme
from slovariki.generator.columns import Columns, draw_word
from slovariki.generator.faces import grade_label
from slovariki.generator.palette import Palette
from slovariki.generator.symbols import SHAPE_NAMES
from slovariki.model import Card, Colour

MM = theme.MM
WORD_SIZE = theme.BODY_SIZE + 1
TEXT_SIZE = theme.BODY_SIZE - 1
NUMBER_WIDTH = 8 * MM
LEADING = 1.25


GAME_MARK = "для игры"  # after a word that is in the deck only for the game, not on the grade's list


def grades(cards: Iterable[Card]) -> Iterator[tuple[int, list[list[Card]]]]:
    """(grade, its cards by star level), as the handouts list them; numbers run through a grade."""
    cards = sorted(cards, key=lambda c: (c.grade, c.stars))
    for grade, in_grade in groupby(cards, key=lambda c: c.grade):
        yield grade, [list(group) for _, group in groupby(in_grade, key=lambda c: c.stars)]


def grade_heading(grade: int, count: int) -> str:
    colour = Colour.for_grade(grade)
    return (f"{grade_label(grade)}: {colour.russian} цвет, значок «{SHAPE_NAMES[colour]}» "
            f"({count} {russian.plural(count, 'слово', 'слова', 'слов')})")


def bookmark(page: Columns, title: str) -> None:
    """A grade's place in the PDF's outline (bookmarks), where the cursor is."""
    key = f"{title}-{page.pages}-{round(page.y)}"
    page.canvas.bookmarkHorizontal(key, 0, page.y)
    page.canvas.addOutlineEntry(title, key, level=0)
    page.canvas.showOutline()


def game_mark(page: Columns, card: Card, x: float, baseline: float) -> None:
    """«для игры», small and grey, after a word that is not on the grade's list."""
    if card.game_word:
        page.canvas.setFont(theme.FONT_REGULAR, theme.SMALL_SIZE)
        page.canvas.setFillColor(page.ink(theme.MUTED))
        page.canvas.drawString(x + 1.5 * MM, baseline, GAME_MARK)


def render_handout(stream: BinaryIO, cards: Iterable[Card], paper: str, stress: bool = True,
                   progress: Callable[[int], None] = lambda n: None, ink: Palette | None = None) -> int:
    page = Columns(stream, paper, "«Словарики»: словарные слова",
                   "Словарные слова колоды по классам и звёздочкам, с толкованиями, для диктанта", columns=2,
                   palette=ink)
    page.paragraph("«Словарики»: словарные слова", theme.FONT_BOLD, theme.H1_SIZE, width=page.full_width)
    page.space(2)
    page.paragraph(f"Сложные буквы выделены красным и подчёркнуты{', ударение отмечено' if stress else ''}. "
                   "Слова сгруппированы по классам и звёздочкам: чем больше звёздочек, тем труднее написать "
                   "слово. Номера идут подряд в каждом классе.", theme.FONT_REGULAR, theme.SMALL_SIZE,
                   colour=theme.MUTED, width=page.full_width)
    page.space(4)
    page.start_columns()
    now = [""]
    page.head = lambda: now[0]
    for grade, levels in grades(cards):
        count = sum(len(level) for level in levels)
        page.space(3 * MM)
        page.need(theme.H2_SIZE * 1.25 + _entry_height(page))
        bookmark(page, grade_label(grade))
        page.paragraph(grade_heading(grade, count), theme.FONT_BOLD, theme.H2_SIZE - 1, keep=_entry_height(page))
        number = 1
        for level in levels:
            heading = f"{grade_label(grade)}, {russian.stars(level[0].stars)}"
            now[0] = f"{heading}: продолжение"
            page.space(1.5 * MM)
            page.paragraph(heading, theme.FONT_MEDIUM, TEXT_SIZE, colour=theme.MUTED, keep=_entry_height(page))
            for card in level:
                _entry(page, number, card, stress)
                number += 1
                progress(1)
    return page.finish()


def _entry_height(page: Columns) -> float:
    """Room for a heading's first entry, so the heading never stands alone at a column's foot."""
    return WORD_SIZE * LEADING + 2 * TEXT_SIZE * LEADING + 2


def _entry(page: Columns, number: int, card: Card, stress: bool) -> None:
    """«12  корова» in bold, its definition under the word."""
    lines = page.lines(card.definition, theme.FONT_REGULAR, TEXT_SIZE, NUMBER_WIDTH)
    page.need(WORD_SIZE * LEADING + len(lines) * TEXT_SIZE * LEADING + 2)
    canvas, ink = page.canvas, page.ink
    page.y -= WORD_SIZE * LEADING
    canvas.setFont(theme.FONT_REGULAR, TEXT_SIZE)
    canvas.setFillColor(ink(theme.MUTED))
    canvas.drawRightString(page.x + NUMBER_WIDTH - 2 * MM, page.y + 2, str(number))
    width = draw_word(canvas, card, page.x + NUMBER_WIDTH, page.y + 2, theme.FONT_BOLD, WORD_SIZE, ink, stress)
    game_mark(page, card, page.x + NUMBER_WIDTH + width, page.y + 2)
    text = canvas.beginText(page.x + NUMBER_WIDTH, page.y + 2 - TEXT_SIZE * LEADING)
    text.setFont(theme.FONT_REGULAR, TEXT_SIZE, TEXT_SIZE * LEADING)
    text.setFillColor(ink(theme.INK))
    for line in lines:
        text.textLine(line)
    canvas.drawText(text)
    page.y -= len(lines) * TEXT_SIZE * LEADING + 2
