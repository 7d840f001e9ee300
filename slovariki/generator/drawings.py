"""Card pictures drawn as they are: an SVG as vector shapes (svglib), a PNG as an image.

Each picture is read once per process and drawn once per PDF as a form, then placed by reference.
"""

from __future__ import annotations

import copy
import logging
from functools import cache
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing, Group
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from slovariki.generator.palette import Palette
from slovariki.pictures import PictureError

logging.getLogger("svglib").addHandler(logging.NullHandler())
logging.getLogger("svglib").propagate = False  # svglib logs what it skips; a teacher's console stays clean


@cache
def load(path: Path) -> Drawing | ImageReader:
    """The picture ready to draw; PictureError (Russian) if svglib or Pillow cannot read it."""
    if path.suffix.lower() == ".svg":
        from svglib.svglib import svg2rlg

        try:
            drawing = svg2rlg(str(path))
        except Exception:  # noqa: BLE001 - svglib raises anything from lxml to ZeroDivisionError
            drawing = None
        if drawing is None or not drawing.width or not drawing.height:
            raise PictureError(f"«{path.name}»: SVG не удалось нарисовать")
        return drawing
    try:
        image = ImageReader(str(path))
        image.getSize()
    except Exception:  # noqa: BLE001 - Pillow's errors for a broken file are many
        raise PictureError(f"«{path.name}»: PNG не удалось прочитать") from None
    return image


def size(path: Path) -> tuple[float, float]:
    picture = load(path)
    return (picture.width, picture.height) if isinstance(picture, Drawing) else picture.getSize()


class Forms:
    """The pictures drawn so far into one PDF, by file."""

    def __init__(self, palette: Palette) -> None:
        self.palette = palette
        self._names: dict[Path, str] = {}

    def name(self, canvas: Canvas, path: Path) -> str:
        """The picture's form (drawn on first use), in the picture's own units from (0, 0)."""
        name = self._names.get(path)
        if name is not None:
            return name
        name = self._names[path] = f"picture-{len(self._names)}"
        picture = load(path)
        width, height = size(path)
        canvas.beginForm(name, 0, 0, width, height)
        if isinstance(picture, Drawing):
            renderPDF.draw(_recoloured(picture, self.palette) if self.palette.cmyk else picture, canvas, 0, 0)
        else:
            canvas.drawImage(picture, 0, 0, width, height, mask="auto")
        canvas.endForm()
        return name


def _recoloured(drawing: Drawing, palette: Palette) -> Drawing:
    """A copy with every fill and stroke colour converted (CMYK printing)."""
    drawing = copy.deepcopy(drawing)
    stack = [drawing]
    while stack:
        node = stack.pop()
        for attribute in ("fillColor", "strokeColor"):
            colour = getattr(node, attribute, None)
            if colour is not None and hasattr(colour, "red"):
                setattr(node, attribute, palette(colour))
        if isinstance(node, Group):
            stack.extend(node.contents)
    return drawing
