"""`slovariki preview`: one card as a PNG, rendered by pypdfium2 from the same drawing as cards.pdf."""

from __future__ import annotations

import io
from pathlib import Path

from slovariki.generator import theme, writer
from slovariki.generator.build import BuildError, by_key, check_fit, nearest, word_key
from slovariki.generator.faces import DeckType, Faces
from slovariki.generator.imposition import new_canvas
from slovariki.generator.options import DeckOptions
from slovariki.generator.print_shop import page_png
from slovariki.generator.sheet import Placement, Rect
from slovariki.model import Card, Deck

GAP_MM = 4  # between front and back when both are shown


def find_card(deck: Deck, word: str) -> Card:
    """The deck's card for ``word`` (any case, ё or е alike); BuildError naming the nearest words if none."""
    card = by_key(deck).get(word_key(word))
    if card is not None:
        return card
    raise BuildError(f"слова «{word}» нет в банке{nearest(deck, word)}")


def render_preview(deck: Deck, card: Card, options: DeckOptions, path: Path, dpi: int,
                   back: bool = False) -> tuple[tuple[int, int], DeckType]:
    """Write the card's front (and its back beside it) as a PNG at ``dpi``, its definition at the deck's
    size (check_fit); returns its size in pixels and the deck's type.

    Nothing is written when the card does not fit (BuildError) or the file cannot be written (OutputError).
    """
    if path.suffix.lower() != ".png":
        raise BuildError(f"{path}: картинка сохраняется в формате PNG, имя файла должно кончаться на .png")
    png, size, deck_type = card_png(deck, card, options, dpi, back)
    with writer.batch(path.parent) as batch:
        with batch.open(path.name) as stream:
            stream.write(png)
    return size, deck_type


def card_png(deck: Deck, card: Card, options: DeckOptions, dpi: int, back: bool = False,
             fitted: DeckType | None = None) -> tuple[bytes, tuple[int, int], DeckType]:
    """The card's front (and its back beside it) as PNG bytes, their size in pixels and the deck's type
    (``fitted``: chosen before for this deck and options, not measured again); BuildError when the card
    does not fit."""
    import pypdfium2

    width, height = (v * theme.MM for v in options.card_size)
    faces = Faces(width, height, 0, options.stress)
    deck_type = check_fit(deck, [card], faces, fitted)
    gap = GAP_MM * theme.MM if back else 0
    page = (width * (2 if back else 1) + gap, height)
    pdf = io.BytesIO()
    canvas = new_canvas(pdf, page, f"«{card.word}»", "Карточка «Словариков»")
    trim = Rect(0, 0, width, height)
    faces.draw_front(canvas, faces.measure(card), Placement(trim, False, trim))
    if back:
        behind = Rect(width + gap, 0, width, height)
        faces.draw_back(canvas, Placement(behind, False, behind))
    canvas.showPage()
    canvas.save()
    document = pypdfium2.PdfDocument(pdf.getvalue())
    try:
        png, size = page_png(document[0], dpi)
    finally:
        document.close()
    return png, size, deck_type
