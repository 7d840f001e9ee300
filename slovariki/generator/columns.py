"""Text set straight on the canvas in columns, for the handouts: no platypus tables, linear in the text.

A page has a running head (from the second page on), columns, and a page number at the foot.
Blocks ask for room before they draw; a block that does not fit moves to the next column or page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import BinaryIO

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from slovariki.generator import fit, fonts, theme
from slovariki.generator.imposition import new_canvas
from slovariki.generator.options import PAPERS
from slovariki.generator.palette import Palette
from slovariki.generator.faces import runs
from slovariki.model import Card

MM = theme.MM
COLUMN_GAP = 7 * MM
HEAD_SIZE = theme.SMALL_SIZE


class Columns:
    def __init__(self, stream: BinaryIO, paper: str, title: str, subject: str, columns: int,
                 palette: Palette | None = None) -> None:
        fonts.register()
        self.page_w, self.page_h = (v * MM for v in PAPERS[paper])
        self.canvas: Canvas = new_canvas(stream, (self.page_w, self.page_h), title, subject)
        self.ink = palette or Palette()
        self.count = columns
        self.width = (self.page_w - 2 * theme.PAGE_MARGIN - (columns - 1) * COLUMN_GAP) / columns
        self.top = self.page_h - theme.PAGE_MARGIN
        self.bottom = theme.PAGE_MARGIN
        self.pages = 1
        self.column = 0
        self.y = self.column_top = self.top
        self.full_width = self.page_w - 2 * theme.PAGE_MARGIN
        self.head: Callable[[], str] = lambda: ""  # the running head for a new page: what it continues

    @property
    def x(self) -> float:
        return theme.PAGE_MARGIN + self.column * (self.width + COLUMN_GAP)

    def need(self, height: float) -> None:
        """Move on to the next column or page unless ``height`` fits below the cursor."""
        if self.y - height < self.bottom - 1e-6 and self.y < self.top - 1e-6:
            self.next_column()

    def next_column(self) -> None:
        if self.column + 1 < self.count:
            self.column += 1
            self.y = self.column_top
        else:
            self.new_page()

    def new_page(self) -> None:
        self._finish_page()
        self.pages += 1
        self.column = 0
        self.y = self.top
        head = self.head()
        if head:
            self.canvas.setFont(theme.FONT_BOLD, HEAD_SIZE)
            self.canvas.setFillColor(self.ink(theme.MUTED))
            self.canvas.drawString(theme.PAGE_MARGIN, self.y - HEAD_SIZE, head)
            self.y -= HEAD_SIZE * 2.2
        self.column_top = self.y

    def start_columns(self, count: int | None = None) -> None:
        """Columns begin at the cursor (below a title); ``count`` changes their number from here on."""
        if count is not None:
            self.count = count
            self.width = (self.page_w - 2 * theme.PAGE_MARGIN - (count - 1) * COLUMN_GAP) / count
        self.column_top = self.y

    def finish(self) -> int:
        self._finish_page()
        self.canvas.save()
        return self.pages

    def _finish_page(self) -> None:
        canvas = self.canvas
        canvas.setFont(theme.FONT_REGULAR, theme.SMALL_SIZE)
        canvas.setFillColor(self.ink(theme.MUTED))
        canvas.drawCentredString(self.page_w / 2, theme.PAGE_MARGIN / 2, f"— {self.pages} —")
        canvas.showPage()

    # Writing

    def lines(self, text: str, font: str, size: float, indent: float = 0.0, colour: str = theme.INK,
              leading: float = 1.25, width: float | None = None) -> list[str]:
        """``text`` broken for the column (short words bound to the next one)."""
        room = (width or self.width) - indent
        broken = fit.break_lines(text.split(), fit.measurer(font), room / size, fit.hyphenator(), balance=False)
        return broken or [text]

    def paragraph(self, text: str, font: str, size: float, indent: float = 0.0, colour: str = theme.INK,
                  leading: float = 1.25, width: float | None = None, keep: float = 0.0) -> None:
        """Lines of text; ``keep`` is room that must follow on the same column (a heading's first entry)."""
        lines = self.lines(text, font, size, indent, width=width)
        self.need(len(lines) * size * leading + keep)
        self.canvas.setFont(font, size)
        self.canvas.setFillColor(self.ink(colour))
        for line in lines:
            self.y -= size * leading
            self.canvas.drawString(self.x + indent, self.y + size * 0.25, line)

    def space(self, height: float) -> None:
        if self.y < self.column_top - 1e-6:
            self.y -= height


def draw_word(canvas: Canvas, card: Card, x: float, baseline: float, font: str, size: float, ink: Palette,
              stress: bool, gaps: bool = False) -> float:
    """The word with its hard letters red and underlined (they survive a black-and-white copier), or,
    with ``gaps``, left out as wide blanks for a pupil to fill in. Returns the width drawn."""
    word = card.word
    text = canvas.beginText(x, baseline)
    text.setFont(font, size)
    underlines = []
    pen = x
    for start, end, hard in runs(card):
        if gaps and hard:  # a blank a letter wide for each letter, apart, so a pupil sees how many
            text.setFillColor(ink(theme.INK))
            text.setHorizScale(GAP_SCALE)
            text.setCharSpace(size * GAP_APART * 100 / GAP_SCALE)  # the horizontal scale stretches it too
            text.textOut("_" * (end - start))
            text.setCharSpace(0)
            text.setHorizScale(100)
            pen += stringWidth("_", font, size) * GAP_SCALE / 100 * (end - start) + size * GAP_APART * (end - start - 1)
            text.setTextOrigin(pen, baseline)  # the space is between two gaps, not after the last
            continue
        piece = word[start:end]
        shown = piece
        if stress:  # the acute after the stressed vowel (never over ё): a zero-width mark in Roboto
            marks = [i - start for i in card.stress_positions if start <= i < end and word[i] not in "ёЁ"]
            for offset in reversed(marks):
                shown = shown[:offset + 1] + "\u0301" + shown[offset + 1:]
        text.setFillColor(ink(theme.HARD_RED if hard else theme.INK))
        text.textOut(shown)
        width = stringWidth(piece, font, size)
        if hard:
            underlines.append((pen, width))
        pen += width
    canvas.drawText(text)
    if underlines:
        canvas.setFillColor(ink(theme.HARD_RED))
        for left, width in underlines:
            canvas.rect(left + size * 0.03, baseline - size * 0.15, width - size * 0.06, size * 0.07, stroke=0, fill=1)
    return pen - x


GAP_SCALE = 260  # a gap is an underscore stretched to room a child's hand writes a letter in (6 mm at 15 pt)
GAP_APART = 0.6  # ems between two gaps (3 mm at 15 pt): «к_ _екция» shows how many letters are missing
