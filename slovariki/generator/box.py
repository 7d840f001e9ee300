"""box.pdf: what a boxed game has besides its cards. A tuck box die-line per grade, sized to that grade's
cards and the thickness of its pile, and a sheet of reference cards: the game in six lines and the four
colours, a card for each player's hand.

A die-line is printed at 100 %: cut along the solid lines, fold along the dashed ones, glue the flap.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from importlib import resources
from typing import BinaryIO

import yaml
from reportlab.pdfgen.canvas import Canvas

from slovariki.generator import fit, fonts, sheet, symbols, theme
from slovariki.generator.faces import grade_label
from slovariki.generator.imposition import new_canvas
from slovariki.generator.options import PAPERS, DeckOptions
from slovariki.generator.palette import Palette
from slovariki.model import Card, Colour
from slovariki.text import russian

MM = theme.MM
CARD_MM = 0.32     # one card's thickness on 250–300 g/m² card
EASE_MM = 2.0      # room round the pile, so the cards slide in and out
GLUE_MM = 12.0
TUCK_MM = 15.0     # the flap that tucks the lid in
CUT_WIDTH, FOLD_WIDTH = 0.6, 0.5
MIN_REFERENCE_SIZE = 4.0  # points: the reference card's text never gets smaller


@dataclass(frozen=True)
class TuckBox:
    """A tuck box's inner measures in points: width and height of the face, depth of the pile."""

    width: float
    height: float
    depth: float

    @classmethod
    def for_cards(cls, card: tuple[float, float], count: int) -> TuckBox:
        width, height = card
        return cls(width + EASE_MM * MM, height + EASE_MM * MM, (count * CARD_MM + EASE_MM) * MM)

    @property
    def flat(self) -> tuple[float, float]:
        """The die-line's outer size: glue flap, back, side, front, side across; tuck, lid, body, lid,
        tuck down."""
        return (GLUE_MM * MM + 2 * self.width + 2 * self.depth,
                self.height + 2 * (self.depth + TUCK_MM * MM))


def render_box(stream: BinaryIO, cards: list[Card], options: DeckOptions, ink: Palette) -> int:
    """A page per grade with its tuck box, then a sheet of reference cards; returns the number of pages."""
    fonts.register()
    paper_w, paper_h = (v * MM for v in PAPERS[options.paper])
    canvas = new_canvas(stream, (paper_w, paper_h), "«Словарики»: коробка и памятка",
                        "Развёртки коробок для карт каждого класса и карточки-памятки для игроков")
    card = tuple(v * MM for v in options.card_size)
    pages = 0
    for grade in sorted({c.grade for c in cards}):
        count = sum(1 for c in cards if c.grade == grade)
        box = TuckBox.for_cards(card, count)
        page = (paper_w, paper_h) if box.flat[1] <= paper_h - 2 * theme.MARK_MARGIN else (paper_h, paper_w)
        canvas.setPageSize(page)
        _tuck_box(canvas, box, page, Colour.for_grade(grade), count, ink)
        canvas.showPage()
        pages += 1
    canvas.setPageSize((paper_w, paper_h))
    _reference_sheet(canvas, options, ink)
    canvas.showPage()
    canvas.save()
    return pages + 1


def _tuck_box(canvas: Canvas, box: TuckBox, page: tuple[float, float], colour: Colour, count: int,
              ink: Palette) -> None:
    flat_w, flat_h = box.flat
    w, h, d, glue, tuck = box.width, box.height, box.depth, GLUE_MM * MM, TUCK_MM * MM
    canvas.setFont(theme.FONT_BOLD, theme.H2_SIZE)
    canvas.setFillColor(ink(theme.INK))
    canvas.drawString(theme.PAGE_MARGIN, page[1] - theme.PAGE_MARGIN,
                      f"Коробка: {grade_label(colour.grade)}, {russian.cards(count)}")
    canvas.setFont(theme.FONT_REGULAR, theme.SMALL_SIZE)
    canvas.setFillColor(ink(theme.MUTED))
    canvas.drawString(theme.PAGE_MARGIN, page[1] - theme.PAGE_MARGIN - 12,
                      "Печатать в масштабе 100 %. Вырезать по сплошным линиям, согнуть по пунктиру, "
                      "намазать клеем клапан «клей» и склеить.")
    if flat_w > page[0] - 2 * theme.MARK_MARGIN or flat_h > page[1] - 2 * theme.MARK_MARGIN - 30:
        canvas.drawString(theme.PAGE_MARGIN, page[1] - theme.PAGE_MARGIN - 30,
                          "Коробка для карт такого размера на этот лист не помещается: возьмите лист побольше.")
        return
    x0, y0 = (page[0] - flat_w) / 2, (page[1] - 30 - flat_h) / 2
    back, side1, front, side2 = (x0 + glue, x0 + glue + w, x0 + glue + w + d, x0 + glue + 2 * w + d)
    bottom, top = y0 + d + tuck, y0 + d + tuck + h
    # The front: the grade's tint, the suit, the game's name: the box says what is in it.
    canvas.setFillColor(ink(colour.print_tint))
    canvas.rect(front, bottom, w, h, stroke=0, fill=1)
    canvas.setFillColor(ink(colour.print_strong))
    symbols.suit(canvas, colour, front + w / 2, bottom + h * 0.62, w * 0.35)
    title = fit.fit_line(theme.GAME_NAME, theme.FONT_BOLD, w * 0.85, 20, 6) or 6
    canvas.setFillColor(ink(theme.BACK_INK))
    canvas.setFont(theme.FONT_BOLD, title)
    canvas.drawCentredString(front + w / 2, bottom + h * 0.3, theme.GAME_NAME)
    label = f"{grade_label(colour.grade)} · {colour.russian} · {russian.cards(count)}"
    canvas.setFont(theme.FONT_MEDIUM, fit.fit_line(label, theme.FONT_MEDIUM, w * 0.9, theme.BODY_SIZE, 5) or 5)
    canvas.drawCentredString(front + w / 2, bottom + h * 0.3 - 16, label)  # within the front on a small box
    canvas.setFont(theme.FONT_REGULAR, theme.SMALL_SIZE)
    canvas.setFillColor(ink(theme.MUTED))
    canvas.drawCentredString(x0 + glue / 2, bottom + h / 2, "клей")
    # Cut lines: the outline. Fold lines: between panels and where the lids and flaps meet the body.
    canvas.setStrokeColor(ink(theme.MARK))
    canvas.setLineWidth(CUT_WIDTH)
    canvas.lines([
        # glue flap, slanted at its ends
        (back, bottom, x0, bottom + 3 * MM), (x0, bottom + 3 * MM, x0, top - 3 * MM), (x0, top - 3 * MM, back, top),
        # the back panel's lids, each with its tuck flap, rounded to a slope
        (back, top, back, top + d), (back, top + d, back + 4 * MM, top + d + tuck),
        (back + 4 * MM, top + d + tuck, side1 - 4 * MM, top + d + tuck), (side1 - 4 * MM, top + d + tuck, side1, top + d),
        (side1, top + d, side1, top),
        (back, bottom, back, bottom - d), (back, bottom - d, back + 4 * MM, y0),
        (back + 4 * MM, y0, side1 - 4 * MM, y0), (side1 - 4 * MM, y0, side1, bottom - d), (side1, bottom - d, side1, bottom),
        # the sides' dust flaps, tapered
        *((x, top, x + 1 * MM, top + d * 0.85) for x in (side1, side2)),
        *((x + 1 * MM, top + d * 0.85, x + d - 2 * MM, top + d * 0.85) for x in (side1, side2)),
        *((x + d - 2 * MM, top + d * 0.85, x + d, top) for x in (side1, side2)),
        *((x, bottom, x + 1 * MM, bottom - d * 0.85) for x in (side1, side2)),
        *((x + 1 * MM, bottom - d * 0.85, x + d - 2 * MM, bottom - d * 0.85) for x in (side1, side2)),
        *((x + d - 2 * MM, bottom - d * 0.85, x + d, bottom) for x in (side1, side2)),
        # the front's top and bottom, with a thumb notch at the top
        (front, top, front + w / 2 - 10 * MM, top), (front + w / 2 + 10 * MM, top, side2, top),
        (front, bottom, side2, bottom),
        (side2 + d, bottom, side2 + d, top),
    ])
    canvas.arc(front + w / 2 - 10 * MM, top - 8 * MM, front + w / 2 + 10 * MM, top + 8 * MM, 180, 180)
    _fold(canvas, [(x, bottom, x, top) for x in (back, side1, front, side2)]
          + [(back, top, side1, top), (back, bottom, side1, bottom), (back, top + d, side1, top + d),
             (back, bottom - d, side1, bottom - d)], ink)


def _fold(canvas: Canvas, lines: list[tuple[float, float, float, float]], ink: Palette) -> None:
    canvas.saveState()
    canvas.setStrokeColor(ink(theme.MUTED))
    canvas.setLineWidth(FOLD_WIDTH)
    canvas.setDash(*[list(theme.FOLD_DASH)])
    canvas.lines(lines)
    canvas.restoreState()


def reference_text() -> dict:
    """The reference card's words, from templates/reference-card.yaml."""
    source = resources.files("slovariki") / "templates" / "reference-card.yaml"
    return yaml.safe_load(source.read_text(encoding="utf-8"))


def _reference_sheet(canvas: Canvas, options: DeckOptions, ink: Palette) -> None:
    """Reference cards on a sheet, as many as fit, with crop marks: one for each player."""
    layout = sheet.compute(replace(options, backs="none", bleed=0.0, gap=0.0, landscape=False, print_shop=False,
                                   crop_marks=True))
    text = reference_text()
    for place in layout.fronts:
        _reference_card(canvas, place.trim, text, ink)
    canvas.setStrokeColor(ink(theme.MARK))
    canvas.setLineWidth(theme.CROP_WIDTH)
    canvas.lines([(line.x1, line.y1, line.x2, line.y2) for line in layout.crop_marks(layout.per_sheet)])


def _reference_card(canvas: Canvas, trim: sheet.Rect, text: dict, ink: Palette) -> None:
    style = theme.card_style(trim.width, trim.height)
    pad = style.frame + style.padding
    width = trim.width - 2 * pad
    canvas.saveState()
    canvas.translate(trim.x, trim.y)
    canvas.setFillColor(ink(theme.BACK_FIELD))
    canvas.rect(0, 0, trim.width, trim.height, stroke=0, fill=1)
    canvas.setFillColor(ink(theme.PAPER))
    canvas.roundRect(style.frame, style.frame, trim.width - 2 * style.frame, trim.height - 2 * style.frame,
                     style.corner_radius, stroke=0, fill=1)
    title_size = style.grade_size * 1.8
    top = trim.height - pad - title_size
    canvas.setFillColor(ink(theme.BACK_INK))
    canvas.setFont(theme.FONT_BOLD, title_size)
    canvas.drawCentredString(trim.width / 2, top, text["title"])
    # The steps at the largest size (down from 1.25 of the grade label's) at which they and the colours
    # fit; on a card too small for any, at the smallest.
    for size in fit.sizes(style.grade_size * 1.25, MIN_REFERENCE_SIZE):
        steps = _steps(text["steps"], width, size)
        if steps and top - len(steps) * size * 0.6 - sum(map(len, steps)) * size * 1.2 - size * 5.2 >= pad:
            break
    steps = steps or [[step] for step in text["steps"]]
    y = top
    canvas.setFont(theme.FONT_REGULAR, size)
    canvas.setFillColor(ink(theme.INK))
    for number, lines in enumerate(steps, 1):
        y -= size * 0.6
        canvas.drawString(pad, y - size * 1.2, f"{number}.")
        for line in lines:
            y -= size * 1.2
            canvas.drawString(pad + size * 1.2, y, line)
    y -= size * 1.6
    canvas.setFont(theme.FONT_MEDIUM, size)
    canvas.drawString(pad, y, text["colours"])
    step = width / 4
    for k, colour in enumerate(Colour):
        cx = pad + step * (k + 0.5)
        canvas.setFillColor(ink(colour.print_strong))
        symbols.suit(canvas, colour, cx, y - size * 1.6, size * 1.4)
        canvas.setFillColor(ink(theme.INK))
        canvas.setFont(theme.FONT_REGULAR, size * 0.9)
        canvas.drawCentredString(cx, y - size * 3.4, grade_label(colour.grade))
    canvas.restoreState()


def _steps(steps: list[str], width: float, size: float) -> list[list[str]] | None:
    """Each step broken into lines beside its number, or None if a word does not fit."""
    measure = fit.measurer(theme.FONT_REGULAR)
    broken = [fit.break_lines(step.split(), measure, (width - size * 1.2) / size, fit.hyphenator(), balance=False)
              for step in steps]
    return None if None in broken else broken
