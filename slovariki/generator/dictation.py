"""dictation.pdf: a pupil's sheet per grade, the hard letters left as wide gaps, the definitions as clues
(whole words: a first-grader reads only whole words), a line under each to write the word on; and the
answer key in a file of its own (dictation-answers.pdf), so the teacher photocopies only the sheets.

The numbers are those of wordlist.pdf: the teacher reads a clue, the pupils fill in the word.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import BinaryIO

from slovariki.generator import theme
from slovariki.generator.columns import Columns, draw_word
from slovariki.generator.faces import grade_label
from slovariki.generator.handout import TEXT_SIZE, game_mark, grades, bookmark
from slovariki.generator.palette import Palette
from slovariki.model import Card

MM = theme.MM
GAP_WORD_SIZE = 15  # large enough to write a letter into a gap by hand
WRITING_ROOM = 9 * MM  # above the line where the pupil writes the whole word: a child's hand
ANSWER_SIZE = theme.BODY_SIZE + 1
NUMBER_WIDTH = 8 * MM
LEADING = 1.3


def render_dictation(stream: BinaryIO, cards: Iterable[Card], paper: str,
                     progress: Callable[[int], None] = lambda n: None, ink: Palette | None = None) -> int:
    """The pupils' sheets, a grade to a sheet; returns the number of pages."""
    page = Columns(stream, paper, "«Словарики»: словарный диктант",
                   "Листы для учеников: пропущенные сложные буквы, строка для слова", columns=2, palette=ink)
    now = [""]
    page.head = lambda: now[0]
    for index, (grade, levels) in enumerate(grades(cards)):
        if index:
            now[0] = ""
            page.new_page()
        bookmark(page, grade_label(grade))
        now[0] = f"{grade_label(grade)}: словарный диктант, продолжение"
        _pupil_title(page, grade)
        for number, card in enumerate((c for level in levels for c in level), 1):
            _gap_entry(page, number, card)
            progress(1)
    return page.finish()


def render_answers(stream: BinaryIO, cards: Iterable[Card], paper: str, stress: bool = True,
                   progress: Callable[[int], None] = lambda n: None, ink: Palette | None = None) -> int:
    """The teacher's answer key: every word whole, by grade, numbered as on the sheets."""
    page = Columns(stream, paper, "«Словарики»: ответы к словарному диктанту",
                   "Слова диктанта целиком, для учителя", columns=3, palette=ink)
    page.paragraph("Ответы к словарному диктанту", theme.FONT_BOLD, theme.H1_SIZE, width=page.full_width)
    page.paragraph("Для учителя: слова целиком, сложные буквы выделены красным и подчёркнуты.",
                   theme.FONT_REGULAR, theme.SMALL_SIZE, colour=theme.MUTED, width=page.full_width)
    page.space(3 * MM)
    page.start_columns()
    now = [""]
    page.head = lambda: now[0]
    for grade, levels in grades(cards):
        now[0] = f"Ответы, {grade_label(grade)}: продолжение"
        page.space(2 * MM)
        page.need(theme.H2_SIZE * 1.25 + ANSWER_SIZE * LEADING)
        bookmark(page, grade_label(grade))
        page.paragraph(grade_label(grade), theme.FONT_BOLD, theme.H2_SIZE, keep=ANSWER_SIZE * LEADING)
        for number, card in enumerate((c for level in levels for c in level), 1):
            page.need(ANSWER_SIZE * LEADING)
            page.y -= ANSWER_SIZE * LEADING
            _number(page, number)
            width = draw_word(page.canvas, card, page.x + NUMBER_WIDTH, page.y + 3, theme.FONT_BOLD, ANSWER_SIZE,
                              page.ink, stress)
            game_mark(page, card, page.x + NUMBER_WIDTH + width, page.y + 3)
            progress(1)
    return page.finish()


def _pupil_title(page: Columns, grade: int) -> None:
    page.paragraph(f"Словарный диктант · {grade_label(grade)}", theme.FONT_BOLD, theme.H1_SIZE, width=page.full_width)
    page.space(2 * MM)
    page.paragraph("Имя и фамилия ______________________________   Дата ____________", theme.FONT_REGULAR,
                   theme.BODY_SIZE, width=page.full_width)
    page.space(1 * MM)
    page.paragraph("Вставь пропущенные буквы. Под словом написано, что оно значит. "
                   "На строке под ним напиши слово целиком.", theme.FONT_REGULAR,
                   theme.SMALL_SIZE, colour=theme.MUTED, width=page.full_width)
    page.space(4 * MM)
    page.start_columns()


def _number(page: Columns, number: int) -> None:
    page.canvas.setFont(theme.FONT_REGULAR, TEXT_SIZE)
    page.canvas.setFillColor(page.ink(theme.MUTED))
    page.canvas.drawRightString(page.x + NUMBER_WIDTH - 2 * MM, page.y + 3, str(number))


def _gap_entry(page: Columns, number: int, card: Card) -> None:
    """«3  к_р_ва» large, the clue under it, and a line to write the whole word on."""
    lines = page.lines(card.definition, theme.FONT_REGULAR, TEXT_SIZE, NUMBER_WIDTH)
    page.need(GAP_WORD_SIZE * LEADING + len(lines) * TEXT_SIZE * 1.25 + WRITING_ROOM + 4)
    page.y -= GAP_WORD_SIZE * LEADING
    _number(page, number)
    draw_word(page.canvas, card, page.x + NUMBER_WIDTH, page.y + 3, theme.FONT_MEDIUM, GAP_WORD_SIZE, page.ink,
              stress=False, gaps=True)
    page.canvas.setFont(theme.FONT_REGULAR, TEXT_SIZE)
    page.canvas.setFillColor(page.ink(theme.INK))
    for line in lines:
        page.y -= TEXT_SIZE * 1.25
        page.canvas.drawString(page.x + NUMBER_WIDTH, page.y + 2, line)
    page.y -= WRITING_ROOM
    page.canvas.setStrokeColor(page.ink(theme.MUTED))
    page.canvas.setLineWidth(0.5)
    page.canvas.line(page.x + NUMBER_WIDTH, page.y, page.x + page.width, page.y)
    page.y -= 4
