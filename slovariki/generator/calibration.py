"""A one-sheet duplex test: read on the back, against the light, how far the printer shifts it."""

from __future__ import annotations

from typing import BinaryIO

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from slovariki.generator import fit, fonts, theme
from slovariki.generator.imposition import new_canvas
from slovariki.generator.options import DeckOptions, offset_text
from slovariki.generator.palette import Palette
from slovariki.generator.sheet import Rect, back_of

MM = theme.MM
SCALE_MM = 10         # the scales read from −10 to +10 mm
ARM = 25 * MM         # half the length of a cross's arms
TARGETS = ((0.5, 0.5), (0.25, 0.72), (0.75, 0.22))  # crosses, as shares of the page: centre and two corners
LEADING = 1.2  # ReportLab's default line spacing for a text object
CROSS_WIDTH = 1.4     # points: easy to see through the paper
SCALE_WIDTH = 0.6
NUMBER_SIZE = 7
BACK_LABEL = "оборот"

INSTRUCTIONS = (
    "Калибровка двусторонней печати",
    "1. Напечатайте этот файл на одном листе с двух сторон, с теми же настройками принтера, что и карточки, "
    "в масштабе 100 % (не «по размеру страницы»).",
    "2. Посмотрите на оборот листа на просвет: чёрные линии креста с лицевой стороны пересекают шкалы.",
    "3. Число на шкале DX, на которое легла вертикальная линия, и число на шкале DY, на которое легла "
    "горизонтальная, — это поправка (по центральному кресту).",
    "4. Прибавьте эти числа к текущему сдвигу (строка «Сейчас» ниже) и соберите колоду с суммой: например, "
    "при сдвиге 0;0 и показаниях шкал 1 и -0,5 — с --back-offset \"1;-0,5\". Бумага, ориентация и --backs "
    "должны быть те же.",
)


def render_calibration(stream: BinaryIO, options: DeckOptions) -> int:
    """Front: crosses. Back: a scale under every cross, shifted by the current --back-offset."""
    fonts.register()
    page_w, page_h = (v * MM for v in options.paper_size)
    canvas = new_canvas(stream, (page_w, page_h), "«Словарики»: калибровка двусторонней печати",
                        "Тестовый лист для --back-offset", options.backs)
    lines = _instruction_lines(page_w, options)
    targets = _targets(page_w, page_h, len(lines))
    ink = Palette(options.cmyk)
    for draw in (lambda: _front(canvas, page_h, lines, targets), lambda: _back(canvas, page_w, page_h, options, targets)):
        canvas.setFillColor(ink(theme.INK))  # text, and the marks in black ink (only K with --cmyk)
        canvas.setStrokeColor(ink(theme.MARK))
        draw()
        canvas.showPage()
    canvas.save()
    return 2


def _instruction_lines(page_w: float, options: DeckOptions) -> list[str]:
    dx, dy = options.back_offset
    width = (page_w - 2 * theme.PAGE_MARGIN) / theme.SMALL_SIZE
    now = (f"Сейчас: --paper {options.paper}{' --landscape' if options.landscape else ''} --backs {options.backs} "
           f"--back-offset \"{offset_text(options.back_offset)}\"")
    return [line for paragraph in (*INSTRUCTIONS[1:], now)
            for line in fit.break_lines(paragraph.split(), _measure, width, None) or [paragraph]]


def _targets(page_w: float, page_h: float, lines: int) -> list[tuple[float, float]]:
    """Cross centres; the upper one is kept below the instructions (a landscape page is short)."""
    text_bottom = page_h - theme.PAGE_MARGIN - LEADING * (theme.H2_SIZE + lines * theme.SMALL_SIZE)
    highest = text_bottom - 5 * MM - ARM
    return [(page_w * fx, min(page_h * fy, highest)) for fx, fy in TARGETS]


def _front(canvas: Canvas, page_h: float, lines: list[str], targets: list[tuple[float, float]]) -> None:
    text = canvas.beginText(theme.PAGE_MARGIN, page_h - theme.PAGE_MARGIN)
    text.setFont(theme.FONT_BOLD, theme.H2_SIZE)
    text.textLine(INSTRUCTIONS[0])
    text.setFont(theme.FONT_REGULAR, theme.SMALL_SIZE)
    for line in lines:
        text.textLine(line)
    canvas.drawText(text)
    canvas.setLineWidth(CROSS_WIDTH)
    for x, y in targets:
        canvas.line(x - ARM, y, x + ARM, y)
        canvas.line(x, y - ARM, x, y + ARM)


def _back(canvas: Canvas, page_w: float, page_h: float, options: DeckOptions,
          targets: list[tuple[float, float]]) -> None:
    """The scales, and the page named, so the two sides of the test sheet are never confused."""
    canvas.setFont(theme.FONT_BOLD, theme.H2_SIZE)
    canvas.drawCentredString(page_w / 2, page_h - theme.PAGE_MARGIN, BACK_LABEL)
    canvas.setFont(theme.FONT_REGULAR, theme.SMALL_SIZE)
    canvas.drawCentredString(page_w / 2, page_h - theme.PAGE_MARGIN - theme.H2_SIZE,
                             "смотрите на просвет: где линии креста пересекают шкалы")
    canvas.setLineWidth(SCALE_WIDTH)
    for x, y in targets:
        # Where the cross's centre lands on the back, with the current offset applied.
        spot = back_of(Rect(x, y, 0, 0), (page_w, page_h), options, 0).trim
        _scale(canvas, spot.x, spot.y + ARM * 0.6, horizontal=True)
        _scale(canvas, spot.x + ARM * 0.6, spot.y, horizontal=False)


def _measure(text: str) -> float:
    return stringWidth(text, theme.FONT_REGULAR, 1)


def _scale(canvas: Canvas, x0: float, y0: float, horizontal: bool) -> None:
    """Ticks every 0.5 mm across the zero point, a number every 2 mm, a name at the end.

    The ticks stay 0.5 mm apart (they measure the shift); their length and the numbers are large."""
    canvas.setFont(theme.FONT_REGULAR, NUMBER_SIZE)
    for half_mm in range(-2 * SCALE_MM, 2 * SCALE_MM + 1):
        offset = half_mm * MM / 2
        length = (6 if half_mm % 2 == 0 else 3) * MM + (2 * MM if half_mm == 0 else 0)
        if horizontal:
            canvas.line(x0 + offset, y0, x0 + offset, y0 + length)
        else:
            canvas.line(x0, y0 + offset, x0 + length, y0 + offset)
        if half_mm % 4 == 0:  # every 2 mm; side by side, every other number stands higher to leave room
            label = str(half_mm // 2).replace("-", "\u2212")  # a minus sign, not a hyphen
            if horizontal:  # above the longest tick (the zero's), every other one higher still
                lift = 3 * MM if half_mm % 8 else 0
                canvas.drawCentredString(x0 + offset, y0 + 9 * MM + lift, label)
            else:
                shift = 4 * MM if half_mm % 8 else 0  # every other one further out: 2 mm apart is tight
                canvas.drawString(x0 + 9 * MM + shift, y0 + offset - NUMBER_SIZE * 0.35, label)
    canvas.setFont(theme.FONT_BOLD, 12)
    if horizontal:
        canvas.drawString(x0 + (SCALE_MM + 2) * MM, y0 + 3 * MM, "DX, мм")
    else:
        canvas.drawString(x0 + 18 * MM, y0 - 1.5 * MM, "DY, мм")
