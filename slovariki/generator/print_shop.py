"""For a print shop that takes images instead of a PDF: every card of cards.pdf (one card a page, with
its bleed) as a PNG at 300 dpi, rendered by pypdfium2 from that very PDF, and the one back."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from slovariki.generator import writer
from slovariki.model import Card

FOLDER = "png"
DPI = 300
BACK_FILE = "рубашка.png"
_OURS = re.compile(r"\d{3}-.+\.png")  # a front of ours, as front_name writes it


def front_name(number: int, card: Card) -> str:
    """«007-корова.png»: the order of cards.pdf, and the word to find it by."""
    return f"{number:03d}-{card.word.replace(' ', '_')}.png"


def render_pngs(pdf: bytes, cards: Sequence[Card], backs: bool, out: Path,
                progress: Callable[[int], None] = lambda n: None) -> int:
    """Write a PNG of each card's front page (fronts and backs alternate when ``backs``) and of the first
    back into ``out``/png, all or none; PNGs of ours that name other cards go. Returns the file count."""
    import pypdfium2

    folder = out / FOLDER
    step = 2 if backs else 1
    document = pypdfium2.PdfDocument(pdf)
    written = set()
    try:
        with writer.batch(folder) as batch:
            for number, card in enumerate(cards, 1):
                name = front_name(number, card)
                _write_page(document, (number - 1) * step, batch, name)
                written.add(name)
                progress(1)
            if backs and cards:
                _write_page(document, 1, batch, BACK_FILE)
                written.add(BACK_FILE)
    finally:
        document.close()
    for stale in folder.iterdir():  # an earlier build's cards that are not in this one
        if _OURS.fullmatch(stale.name) and stale.name not in written:
            stale.unlink(missing_ok=True)
    return len(written)


def _write_page(document, index: int, batch: writer.Batch, name: str) -> None:  # noqa: ANN001 - a PdfDocument
    png, _ = page_png(document[index], DPI)
    with batch.open(name) as stream:
        stream.write(png)


def page_png(page, dpi: int) -> tuple[bytes, tuple[int, int]]:  # noqa: ANN001 - a pypdfium2 PdfPage
    """A PDF page as PNG bytes at ``dpi``, and its size in pixels."""
    image = page.render(scale=dpi / 72).to_pil()
    png = io.BytesIO()
    image.save(png, format="PNG", dpi=(dpi, dpi))
    return png.getvalue(), image.size
