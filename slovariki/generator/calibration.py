"""A one-sheet duplex test: read on the back, against the light, how far the printer shifts it."""

from __future__ import annotations

from typing import BinaryIO

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from slovariki.generator import fit, fonts, theme
from slovariki.generator.imposition import new_canvas
from slovariki.generator.options import DeckOptions
from slovariki.generator.sheet import Rect, back_of

MM = theme.MM
SCALE_MM = 5          # the scales read from −5 to +5 mm
ARM = 25 * MM         # half the length of a cross's arms
TARGETS = ((0.5, 0.5), (0.25, 0.72), (0.75, 0.22))  # crosses, as shares of the page: centre and two corners

INSTRUCTIONS = (
    "Калибровка двусторонней печати",
    "1. Напечатайте этот файл на одном листе с двух сторон, с теми же настройками, что и карточки, "
    "масштаб 100 %.",
    "2. Посмотрите на оборот листа на просвет: чёрные линии креста с лицевой стороны пересекают шкалы.",
    "3. Число на шкале DX, на которое легла вертикальная линия, и число на шкале DY, на которое легла "
    "горизонтальная, — это поправка (по центральному кресту).",
    "4. Прибавьте их к текущему сдвигу и соберите колоду с --back-offset DX,DY.",
)


def render_calibration(stream: BinaryIO, options: DeckOptions) -> int:
    """Front: crosses. Back: a scale under every cross, shifted by the current --back-offset."""
    fonts.register()
    page_w, page_h = (v * MM for v in options.paper_size)
    canvas = new_canvas(stream, (page_w, page_h), "«Словарики»: калибровка двусторонней печати",
                        "Тестовый лист для --back-offset", options.backs)
    _front(canvas, page_w, page_h, options)
    canvas.showPage()
    _back(canvas, page_w, page_h, options)
    canvas.showPage()
    canvas.save()
    return 2


def _front(canvas: Canvas, page_w: float, page_h: float, options: DeckOptions) -> None:
    text = canvas.beginText(theme.PAGE_MARGIN, page_h - theme.PAGE_MARGIN)
    text.setFont(theme.FONT_BOLD, theme.H2_SIZE)
    text.textLine(INSTRUCTIONS[0])
    text.setFont(theme.FONT_REGULAR, theme.SMALL_SIZE)
    dx, dy = options.back_offset
    width = (page_w - 2 * theme.PAGE_MARGIN) / theme.SMALL_SIZE
    for paragraph in (*INSTRUCTIONS[1:], f"Сейчас: --backs {options.backs}, --back-offset {dx:g},{dy:g}"):
        for line in fit.break_lines(paragraph.split(), _measure, width, None) or [paragraph]:
            text.textLine(line)
    canvas.setFillColor(theme.INK)
    canvas.drawText(text)
    canvas.setLineWidth(0.8)
    for fx, fy in TARGETS:
        x, y = page_w * fx, page_h * fy
        canvas.line(x - ARM, y, x + ARM, y)
        canvas.line(x, y - ARM, x, y + ARM)


def _back(canvas: Canvas, page_w: float, page_h: float, options: DeckOptions) -> None:
    canvas.setLineWidth(0.4)
    for fx, fy in TARGETS:
        # Where the cross's centre lands on the back, with the current offset applied.
        spot = back_of(Rect(page_w * fx, page_h * fy, 0, 0), (page_w, page_h), options, 0).trim
        _scale(canvas, spot.x, spot.y + ARM * 0.6, horizontal=True)
        _scale(canvas, spot.x + ARM * 0.6, spot.y, horizontal=False)


def _measure(text: str) -> float:
    return stringWidth(text, theme.FONT_REGULAR, 1)


def _scale(canvas: Canvas, x0: float, y0: float, horizontal: bool) -> None:
    """Ticks every 0.5 mm across the zero point, numbers every 2 mm, a name at the end."""
    canvas.setFont(theme.FONT_REGULAR, 5)
    for half_mm in range(-2 * SCALE_MM, 2 * SCALE_MM + 1):
        offset = half_mm * MM / 2
        length = (3 if half_mm % 2 == 0 else 1.5) * MM + (1 * MM if half_mm == 0 else 0)
        if horizontal:
            canvas.line(x0 + offset, y0, x0 + offset, y0 + length)
        else:
            canvas.line(x0, y0 + offset, x0 + length, y0 + offset)
        if half_mm % 4 == 0:
            label = str(half_mm // 2)
            if horizontal:
                canvas.drawCentredString(x0 + offset, y0 + length + 1 * MM, label)
            else:
                canvas.drawString(x0 + length + 1 * MM, y0 + offset - 2, label)
    canvas.setFont(theme.FONT_BOLD, 8)
    if horizontal:
        canvas.drawString(x0 + (SCALE_MM + 1.5) * MM, y0 + 1 * MM, "DX")
    else:
        canvas.drawString(x0 - 2 * MM, y0 + (SCALE_MM + 2) * MM, "DY")
