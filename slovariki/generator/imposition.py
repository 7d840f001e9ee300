"""cards.pdf: card fronts placed on sheets, backs on the following page (or beside them), marks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from slovariki.generator import theme
from slovariki.generator.faces import Faces
from slovariki.generator.palette import Palette
from slovariki.generator.sheet import Line, Rect, SheetLayout
from slovariki.model import Card

DUPLEX_PREFERENCE = {"duplex-long": "DuplexFlipLongEdge", "duplex-short": "DuplexFlipShortEdge"}


def new_canvas(stream: BinaryIO, page: tuple[float, float], title: str, subject: str,
               duplex: str | None = None) -> Canvas:
    """A canvas with the metadata and print settings every slovariki PDF carries.

    ``invariant`` fixes the dates and the document id, so the same input gives the same bytes.
    """
    canvas = Canvas(stream, pagesize=page, invariant=1, pageCompression=1, lang="ru",
                    initialFontName=theme.FONT_REGULAR)  # no unused, unembedded Helvetica
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setAuthor("«Словарики»")
    canvas.setCreator("slovariki")
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", DUPLEX_PREFERENCE.get(duplex or "", "Simplex"))
    return canvas


@dataclass(frozen=True)
class Run:
    """Cards that start on a fresh sheet (one grade of one set); ``mark`` is printed on each («комплект 2»)."""

    cards: Sequence[Card]
    mark: str = ""


def render_cards(stream: BinaryIO, runs: Sequence[Run], layout: SheetLayout, faces: Faces,
                 progress: Callable[[int], None] = lambda n: None) -> int:
    """Draw every card onto sheets, measuring each just before drawing; returns the number of pages."""
    canvas = new_canvas(stream, layout.page, "«Словарики»: карточки для печати",
                        "Карточки игры «Словарики»: лицевые стороны и рубашки", layout.backs_mode)
    ink = faces.palette
    pages = 0
    for run in runs:
        for start in range(0, len(run.cards), layout.per_sheet):
            chunk = run.cards[start:start + layout.per_sheet]
            for slot, card in enumerate(chunk):
                faces.draw_front(canvas, faces.measure(card), layout.fronts[slot], run.mark)
                if layout.fold:
                    faces.draw_back(canvas, layout.backs[slot])
                progress(1)
            _marks(canvas, layout.crop_marks(len(chunk)), ink, dashed=False)
            _fold(canvas, layout.fold_lines(len(chunk)), ink)
            _finish_page(canvas, layout.trim_box, layout.bleed_box)
            pages += 1
            if layout.duplex:
                for place in layout.backs[:len(chunk)]:
                    faces.draw_back(canvas, place)
                _finish_page(canvas, layout.back_trim_box, layout.back_bleed_box)
                pages += 1
    canvas.save()
    return pages


def _marks(canvas: Canvas, lines: Sequence[Line], ink: Palette, dashed: bool) -> None:
    if not lines:
        return
    canvas.saveState()
    canvas.setStrokeColor(ink(theme.MARK))
    if dashed:
        canvas.setLineWidth(theme.FOLD_WIDTH)
        canvas.setDash(*[list(theme.FOLD_DASH)])
    else:
        canvas.setLineWidth(theme.CROP_WIDTH)
    canvas.lines([(line.x1, line.y1, line.x2, line.y2) for line in lines])
    canvas.restoreState()


def _fold(canvas: Canvas, lines: Sequence[Line], ink: Palette) -> None:
    """The dashed fold lines, each upper one labelled «сгиб» beside its end."""
    _marks(canvas, lines, ink, dashed=True)
    canvas.setFillColor(ink(theme.MARK))
    canvas.setFont(theme.FONT_REGULAR, theme.SMALL_SIZE)
    for line in lines:
        if line.y2 > line.y1:
            canvas.drawString(line.x1 + 1.5 * theme.MM, line.y2 - theme.SMALL_SIZE, theme.FOLD_LABEL)


def _finish_page(canvas: Canvas, trim: Rect, bleed: Rect) -> None:
    canvas.setTrimBox(trim.as_box())
    canvas.setBleedBox(bleed.as_box())
    canvas.showPage()
