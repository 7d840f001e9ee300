"""dictation.pdf: a pupil's sheet per grade, the hard letters left as gaps and the definitions as clues,
then the answer key on pages of its own, so the teacher photocopies only the sheets.

The numbers are those of wordlist.pdf: the teacher reads a clue, the pupils fill in the word.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import BinaryIO

from slovariki.generator import theme
from slovariki.text import spoken
from slovariki.text.russian import fold
from slovariki.generator.columns import Columns, draw_word
from slovariki.generator.faces import grade_label
from slovariki.generator.handout import TEXT_SIZE, grades
from slovariki.generator.palette import Palette
from slovariki.model import Card, Deck

MM = theme.MM
GAP_WORD_SIZE = 15  # large enough to write a letter into a gap by hand
ANSWER_SIZE = theme.BODY_SIZE + 1
NUMBER_WIDTH = 8 * MM
LEADING = 1.3


def render_dictation(stream: BinaryIO, deck: Deck, paper: str, stress: bool = True,
                     progress: Callable[[int], None] = lambda n: None, ink: Palette | None = None) -> int:
    page = Columns(stream, paper, "«Словарики»: словарный диктант",
                   "Листы для учеников с пропущенными сложными буквами и ответы для учителя", columns=2,
                   palette=ink)
    listed = list(grades(deck))
    now = [""]
    page.head = lambda: now[0]
    for index, (grade, levels) in enumerate(listed):
        if index:
            now[0] = ""
            page.new_page()
        now[0] = f"{grade_label(grade)}: словарный диктант, продолжение"
        _pupil_title(page, grade)
        cards = [c for level in levels for c in level]
        clues = Clues(cards)
        for number, card in enumerate(cards, 1):
            _gap_entry(page, number, card, clues(card.definition))
            progress(1)
    now[0] = ""
    page.new_page()
    page.paragraph("Ответы", theme.FONT_BOLD, theme.H1_SIZE, width=page.full_width)
    page.paragraph("Для учителя: слова целиком, сложные буквы выделены красным и подчёркнуты.",
                   theme.FONT_REGULAR, theme.SMALL_SIZE, colour=theme.MUTED, width=page.full_width)
    page.space(3 * MM)
    page.start_columns(3)
    for grade, levels in listed:
        now[0] = f"Ответы, {grade_label(grade)}: продолжение"
        page.space(2 * MM)
        page.paragraph(grade_label(grade), theme.FONT_BOLD, theme.H2_SIZE, keep=ANSWER_SIZE * LEADING)
        for number, card in enumerate((c for level in levels for c in level), 1):
            page.need(ANSWER_SIZE * LEADING)
            page.y -= ANSWER_SIZE * LEADING
            _number(page, number)
            draw_word(page.canvas, card, page.x + NUMBER_WIDTH, page.y + 3, theme.FONT_BOLD, ANSWER_SIZE, page.ink,
                      stress)
    return page.finish()


def _pupil_title(page: Columns, grade: int) -> None:
    page.paragraph(f"Словарный диктант · {grade_label(grade)}", theme.FONT_BOLD, theme.H1_SIZE, width=page.full_width)
    page.space(2 * MM)
    page.paragraph("Имя и фамилия ______________________________   Дата ____________", theme.FONT_REGULAR,
                   theme.BODY_SIZE, width=page.full_width)
    page.space(1 * MM)
    page.paragraph("Вставь пропущенные буквы. Под словом написано, что оно значит.", theme.FONT_REGULAR,
                   theme.SMALL_SIZE, colour=theme.MUTED, width=page.full_width)
    page.space(4 * MM)
    page.start_columns()


def _number(page: Columns, number: int) -> None:
    page.canvas.setFont(theme.FONT_REGULAR, TEXT_SIZE)
    page.canvas.setFillColor(page.ink(theme.MUTED))
    page.canvas.drawRightString(page.x + NUMBER_WIDTH - 2 * MM, page.y + 3, str(number))


def _gap_entry(page: Columns, number: int, card: Card, clue: str) -> None:
    """«3  к_р_ва» large, the clue under it."""
    lines = page.lines(clue, theme.FONT_REGULAR, TEXT_SIZE, NUMBER_WIDTH)
    page.need(GAP_WORD_SIZE * LEADING + len(lines) * TEXT_SIZE * 1.25 + 4)
    page.y -= GAP_WORD_SIZE * LEADING
    _number(page, number)
    draw_word(page.canvas, card, page.x + NUMBER_WIDTH, page.y + 3, theme.FONT_MEDIUM, GAP_WORD_SIZE, page.ink,
              stress=False, gaps=True)
    page.canvas.setFont(theme.FONT_REGULAR, TEXT_SIZE)
    page.canvas.setFillColor(page.ink(theme.INK))
    for line in lines:
        page.y -= TEXT_SIZE * 1.25
        page.canvas.drawString(page.x + NUMBER_WIDTH, page.y + 2, line)
    page.y -= 4


_WORD = re.compile(r"[А-Яа-яЁё]+")


class Clues:
    """The clues of one pupil sheet, with the sheet's own answers hidden: a word of the clue that is an
    answer on the same sheet, in any form («карандашей» on the sheet of «карандаш»), has the answer's
    hard letters as gaps where it spells them, as in the list itself («людей» shows none of «человек»'s).
    Answers of several words are left as they are."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self.answers = {fold(card.word): card for card in cards if " " not in card.word}
        # Only a word that begins as an answer does (two letters) and has one of its hard letters in its
        # place can give it away: only such words are parsed (a parse is slow).
        self.shown: dict[str, list[tuple[tuple[int, str], ...]]] = {}
        for answer, card in self.answers.items():
            self.shown.setdefault(answer[:2], []).append(tuple((i, answer[i]) for i in card.hard_positions))

    def __call__(self, text: str) -> str:
        return _WORD.sub(lambda match: self._hidden(match[0]), text)

    def _hidden(self, word: str) -> str:
        plain = fold(word)
        if not any(i < len(plain) and plain[i] == letter for places in self.shown.get(plain[:2], ())
                   for i, letter in places):
            return word
        for lemma in spoken.lemmas(word):  # the word itself first, then pymorphy3's order: the same every run
            card = self.answers.get(lemma)
            if card is not None:
                return "".join("_" if i in card.hard_positions and i < len(card.word)
                               and fold(ch) == fold(card.word[i]) else ch for i, ch in enumerate(word))
        return word

