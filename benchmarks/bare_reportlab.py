"""The baseline for bench_build.py: a plain ReportLab script drawing the same cards, no layout logic.

Nine cards a page at fixed places, each a tinted rectangle, a white rounded face, the word's picture
drawn the straightforward way (svglib reads each SVG file once, renderPDF draws the drawing on every
card that shows it), the word in three colour runs, the definition cut into fixed slices of 28
characters, the grade label; then a back page of nine rectangles with the game's name. Same fonts
(Roboto, embedded), same page compression.

Run as a script (``python benchmarks/bare_reportlab.py OUT.pdf``) it is the whole-process baseline:
it reads the bundled word files with PyYAML, as a plain script would, and writes their cards;
``--no-pictures`` leaves the pictures out (the earlier baseline, for reference).
"""

from __future__ import annotations

import re
import sys
from functools import cache
from importlib import resources
from pathlib import Path
from typing import BinaryIO

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

MM = 72 / 25.4
W, H = 63 * MM, 88 * MM
SLOTS = [(16.5 * MM + c * W, 297 * MM - 16.5 * MM - (r + 1) * H) for r in range(3) for c in range(3)]
TINTS = {1: "#CDEFC4", 2: "#C9E8FA", 3: "#FFF0A8", 4: "#FAD0E2"}
PICTURE = 26 * MM


def register() -> None:
    folder = resources.files("font_roboto") / "files"
    for name, file in (("BareRegular", "Roboto-Regular.ttf"), ("BareBold", "Roboto-Bold.ttf")):
        pdfmetrics.registerFont(TTFont(name, str(folder / file)))


@cache
def drawing(path: Path):  # noqa: ANN201 - svglib's Drawing
    from svglib.svglib import svg2rlg

    return svg2rlg(str(path))


def draw(stream: BinaryIO, cards: list[tuple[str, str, str, int, Path | None]]) -> None:
    """cards: (word, definition, tint, grade, picture file or None)."""
    from reportlab.graphics import renderPDF

    canvas = Canvas(stream, pagesize=(210 * MM, 297 * MM), invariant=1, pageCompression=1)
    for start in range(0, len(cards), 9):
        chunk = cards[start:start + 9]
        for (x, y), (word, definition, tint, grade, picture) in zip(SLOTS, chunk):
            canvas.setFillColor(tint)
            canvas.rect(x, y, W, H, stroke=0, fill=1)
            canvas.setFillColor("#FFFFFF")
            canvas.roundRect(x + 10, y + 10, W - 20, H - 20, 7, stroke=0, fill=1)
            if picture is not None:
                shape = drawing(picture)
                canvas.saveState()
                canvas.translate(x + (W - PICTURE) / 2, y + H - 14 - PICTURE)
                canvas.scale(PICTURE / shape.width, PICTURE / shape.height)
                renderPDF.draw(shape, canvas, 0, 0)
                canvas.restoreState()
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
            canvas.setFillColor("#7886C6")
            canvas.rect(210 * MM - x - W, y, W, H, stroke=0, fill=1)
            canvas.setFillColor("#2B3A67")
            canvas.setFont("BareBold", 20)
            canvas.drawCentredString(210 * MM - x - W / 2, y + H / 2, "Словарики")
        canvas.showPage()
    canvas.save()


def bundled_cards() -> list[tuple[str, str, str, int, Path | None]]:
    """The bundled word files read as a plain script would: the markup's brackets and pluses dropped."""
    import yaml

    package = Path(str(resources.files("slovariki")))
    cards = []
    for path in sorted((package / "words").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for entry in data["words"]:
            picture = entry.get("picture")
            cards.append((re.sub(r"[\[\]+]", "", entry["word"]), entry["definition"], TINTS[data["grade"]],
                          data["grade"], package / "pictures" / f"{picture}.svg" if picture else None))
    return cards


if __name__ == "__main__":
    register()
    cards = bundled_cards()
    if "--no-pictures" in sys.argv:
        cards = [card[:4] + (None,) for card in cards]
    with open(sys.argv[1], "wb") as out:
        draw(out, cards)
