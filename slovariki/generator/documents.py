"""What the rules sheet and the word handout share: page setup, paragraph styles, small cards."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import BinaryIO

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, SimpleDocTemplate

from slovariki.generator import fit, fonts, theme
from slovariki.generator.faces import Faces
from slovariki.generator.options import PAPERS
from slovariki.generator.palette import Palette
from slovariki.generator.sheet import Rect, Placement
from slovariki.model import Card

MM = theme.MM
PAPER_POINTS = {name: (width * MM, height * MM) for name, (width, height) in PAPERS.items()}


def styles(ink: Palette | None = None) -> dict[str, ParagraphStyle]:
    fonts.register()
    ink = ink or Palette()
    body = ParagraphStyle("body", fontName=theme.FONT_REGULAR, fontSize=theme.BODY_SIZE,
                          leading=theme.BODY_LEADING, spaceAfter=3, textColor=ink(theme.INK))
    return {
        "body": body,
        "h1": ParagraphStyle("h1", parent=body, fontName=theme.FONT_BOLD, fontSize=theme.H1_SIZE,
                             leading=theme.H1_SIZE * 1.2, spaceAfter=6),
        "h2": ParagraphStyle("h2", parent=body, fontName=theme.FONT_BOLD, fontSize=theme.H2_SIZE,
                             leading=theme.H2_SIZE * 1.25, spaceBefore=8, spaceAfter=4, keepWithNext=1),
        "rule": ParagraphStyle("rule", parent=body, fontSize=theme.BODY_SIZE - 1, leading=theme.BODY_LEADING - 1.8),
        "note": ParagraphStyle("note", parent=body, fontSize=theme.SMALL_SIZE, leading=theme.SMALL_SIZE * 1.3,
                               textColor=ink(theme.MUTED)),
        "box": ParagraphStyle("box", parent=body, fontSize=theme.BODY_SIZE + 0.5, leading=theme.BODY_LEADING + 2,
                              leftIndent=5 * MM, firstLineIndent=-5 * MM, spaceAfter=1.5),
        "box_title": ParagraphStyle("box_title", parent=body, fontName=theme.FONT_BOLD, fontSize=theme.H2_SIZE,
                                    leading=theme.H2_SIZE * 1.25, spaceAfter=2),
        "caption": ParagraphStyle("caption", parent=body, fontSize=theme.BODY_SIZE - 1,
                                  leading=theme.BODY_LEADING - 1.8, spaceBefore=3, spaceAfter=6),
    }


def document(stream: BinaryIO, paper: str, title: str, subject: str,
             kind: type[BaseDocTemplate] = SimpleDocTemplate) -> BaseDocTemplate:
    """A document with the metadata every slovariki PDF carries; invariant for identical bytes. A
    BaseDocTemplate ``kind`` is for a caller that sets up its own page templates."""
    fonts.register()
    return kind(
        stream, pagesize=PAPER_POINTS[paper], invariant=1, lang="ru", title=title, subject=subject,
        initialFontName=theme.FONT_REGULAR,
        author="«Словарики»", creator="slovariki", leftMargin=theme.PAGE_MARGIN, rightMargin=theme.PAGE_MARGIN,
        topMargin=theme.PAGE_MARGIN, bottomMargin=theme.PAGE_MARGIN)


def print_settings(ink: Palette) -> Callable[[Canvas, BaseDocTemplate], None]:
    """The page callback: print at 100 %, and a page number at the foot (the sheets come loose)."""
    def on_page(canvas: Canvas, doc: BaseDocTemplate) -> None:
        canvas.setViewerPreference("PrintScaling", "None")
        canvas.saveState()
        canvas.setFont(theme.FONT_REGULAR, theme.SMALL_SIZE)
        canvas.setFillColor(ink(theme.MUTED))
        canvas.drawCentredString(doc.pagesize[0] / 2, theme.PAGE_MARGIN / 2, f"— {doc.page} —")
        canvas.restoreState()

    return on_page


def example_faces(stress: bool = True, ink: Palette | None = None) -> Faces:
    """Faces for the small cards of one document (their shared forms live in that document)."""
    return Faces(theme.EXAMPLE_CARD_WIDTH, theme.EXAMPLE_CARD_WIDTH * 88 / 63, 0, stress, ink)


class CardRow(Flowable):
    """Small cards drawn whole, side by side, with labelled arrows between them."""

    def __init__(self, cards: Sequence[Card], links: Sequence[str], faces: Faces) -> None:
        super().__init__()
        self.links = list(links)
        self.faces = faces
        self.card_w, self.card_h = faces.width, faces.height
        self.link_w = 15 * MM
        self.fronts = [faces.measure(card) for card in cards]
        self.width = len(self.fronts) * self.card_w + len(self.links) * self.link_w
        self.height = self.card_h

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        x = 0.0
        for i, front in enumerate(self.fronts):
            trim = Rect(x, 0, self.card_w, self.card_h)
            self.faces.draw_front(canvas, front, Placement(trim, False, trim))
            x += self.card_w
            if i < len(self.links):
                self._arrow(x + self.link_w / 2, self.card_h / 2, self.links[i])
                x += self.link_w

    def _arrow(self, cx: float, cy: float, label: str) -> None:
        """An arrow from the card before to the card after, with a word under it."""
        canvas = self.canv
        half = self.link_w * 0.35
        canvas.setStrokeColor(self.faces.palette(theme.INK))
        canvas.setFillColor(self.faces.palette(theme.INK))
        canvas.setLineWidth(1.2)
        canvas.line(cx - half, cy, cx + half - 3, cy)
        head = canvas.beginPath()
        head.moveTo(cx + half, cy)
        head.lineTo(cx + half - 5, cy + 3)
        head.lineTo(cx + half - 5, cy - 3)
        head.close()
        canvas.drawPath(head, stroke=0, fill=1)
        size = min(theme.SMALL_SIZE, fit.fit_line(label, theme.FONT_REGULAR, self.link_w - 2, theme.SMALL_SIZE, 0) or 6)
        canvas.setFont(theme.FONT_REGULAR, size)
        canvas.drawCentredString(cx, cy - size * 1.6, label)
