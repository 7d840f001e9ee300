"""The baseline for bench_build.py: ReportLab drawing the same rectangles and strings, no layout logic.

Nine cards a page at fixed places, each a tinted rectangle, a white rounded face, the word in three
colour runs, the definition cut into fixed slices of 28 characters, the grade label; then a back
page of nine rectangles with the game's name. Same fonts (Roboto, embedded), same page compression.
"""

from __future__ import annotations

from importlib import resources
from typing import BinaryIO

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

MM = 72 / 25.4
W, H = 63 * MM, 88 * MM
SLOTS = [(16.5 * MM + c * W, 297 * MM - 16.5 * MM - (r + 1) * H) for r in range(3) for c in range(3)]


def register() -> None:
    folder = resources.files("font_roboto") / "files"
    for name, file in (("BareRegular", "Roboto-Regular.ttf"), ("BareBold", "Roboto-Bold.ttf")):
        pdfmetrics.registerFont(TTFont(name, str(folder / file)))


def draw(stream: BinaryIO, cards: list[tuple[str, str, str, int]]) -> None:
    """cards: (word, definition, tint, grade)."""
    canvas = Canvas(stream, pagesize=(210 * MM, 297 * MM), invariant=1, pageCompression=1)
    for start in range(0, len(cards), 9):
        chunk = cards[start:start + 9]
        for (x, y), (word, definition, tint, grade) in zip(SLOTS, chunk):
            canvas.setFillColor(tint)
            canvas.rect(x, y, W, H, stroke=0, fill=1)
            canvas.setFillColor("#FFFFFF")
            canvas.roundRect(x + 10, y + 10, W - 20, H - 20, 7, stroke=0, fill=1)
            text = canvas.beginText(x + 20, y + H * 0.55)
            text.setFont("BareBold", 28)
            for i, part in enumerate((word[:1], word[1:2], word[2:])):
                text.setFillColor("#D00000" if i == 1 else "#1A1A1A")
                text.textOut(part)
            canvas.drawText(text)
            canvas.setFillColor("#1A1A1A")
            canvas.setFont("BareRegular", 11.5)
            for k in range(0, len(definition), 28):
                canvas.drawCentredString(x + W / 2, y + H * 0.45 - k / 28 * 14, definition[k:k + 28])
            canvas.setFont("BareRegular", 7)
            canvas.drawCentredString(x + W / 2, y + 16, f"{grade} класс")
        canvas.showPage()
        for x, y in SLOTS[:len(chunk)]:
            canvas.setFillColor("#E9ECF6")
            canvas.rect(210 * MM - x - W, y, W, H, stroke=0, fill=1)
            canvas.setFillColor("#2B3A67")
            canvas.setFont("BareBold", 20)
            canvas.drawCentredString(210 * MM - x - W / 2, y + H / 2, "Словарики")
        canvas.showPage()
    canvas.save()
