"""Card pictures drawn as they are: an SVG as vector shapes, a PNG as an image.

An SVG is read by svglib and turned into PDF operators once (svg.py). For the shipped set that work is
done when the set is prepared (``python -m slovariki.generator.drawings`` writes pictures/programs.json.gz,
and a test checks it against the SVG files): a build with a hundred pictures neither imports svglib
nor parses a hundred SVGs. Each picture is drawn once per PDF as a form, then placed by reference.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib.colors import Color
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from slovariki.bank import pictures
from slovariki.generator.palette import Palette
from slovariki.bank.pictures import PictureError

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing

PROGRAMS = "programs.json.gz"
# Pixels a side of an own PNG as drawn: the picture window is 26 mm, so 600 px is some 590 dpi there
# (about 300 dpi on a card printed twice as large); more is never seen on paper.
DRAWN_SIDE = 600


@dataclass(frozen=True)
class Picture:
    width: float
    height: float
    program: str | None = None       # PDF operators, in the picture's own units from (0, 0)
    drawing: Drawing | None = None   # an SVG the short path cannot draw: renderPDF draws it
    png: bytes | None = None  # a PNG, at most DRAWN_SIDE pixels a side: drawn into width × height


@cache
def load(path: Path) -> Picture:
    """The picture ready to draw; PictureError (Russian) if it cannot be read. The file is read once,
    bounded (pictures.check_file), and only its bytes are drawn."""
    data = pictures.check_file(path, path.name)
    if path.suffix.lower() != ".svg":
        return _png(data, path.name)
    ready = _shipped_programs().get(path.stem)
    if ready is not None and path.parent == pictures.shipped_folder() and ready["sha256"] == _digest(data):
        return Picture(ready["width"], ready["height"], ready["program"])
    from slovariki.generator import svg

    drawing = svg.read(data, path.name)
    program = svg.program(drawing)
    return Picture(drawing.width, drawing.height, program, None if program is not None else drawing)


def _png(data: bytes, name: str) -> Picture:
    """A PNG kept at the size it is printed: decoded (one at a time), scaled down to DRAWN_SIDE and kept
    compressed. Kept whole, every 2048² picture held some 40 MB decoded until the build ended."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            width, height = image.size
            if image.mode not in ("RGB", "RGBA", "L", "LA"):  # a palette scales by its nearest colour
                image = image.convert("RGBA")
            image.thumbnail((DRAWN_SIDE, DRAWN_SIDE), Image.Resampling.LANCZOS)
            drawn = io.BytesIO()
            image.save(drawn, "PNG", compress_level=1)
    except Exception:  # noqa: BLE001 - Pillow's errors for a broken file are many
        raise PictureError(f"«{name}»: PNG не удалось прочитать") from None
    return Picture(width, height, png=drawn.getvalue())


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@cache
def _shipped_programs() -> dict[str, dict]:
    try:
        with gzip.open(pictures.shipped_folder() / PROGRAMS, "rt", encoding="utf-8") as stream:
            return json.load(stream)
    except OSError:  # not prepared: every picture goes through svglib
        return {}


def compile_shipped() -> dict[str, dict]:
    """The programs of the shipped pictures, as pictures/programs.json.gz holds them."""
    from slovariki.generator import svg

    found = {}
    for name in pictures.shipped():
        path = pictures.shipped_folder() / f"{name}.svg"
        data = path.read_bytes()
        drawing = svg.read(data, path.name)
        program = svg.program(drawing)
        if program is None:
            raise ValueError(f"{path.name}: the short path cannot draw it; choose another picture")
        found[name] = {"sha256": _digest(data), "width": drawing.width, "height": drawing.height, "program": program}
    return found


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
        canvas.beginForm(name, 0, 0, picture.width, picture.height)
        if picture.program is not None:
            canvas.addLiteral(_recoloured_program(picture.program, self.palette) if self.palette.cmyk
                              else picture.program)
        elif picture.drawing is not None:
            from slovariki.generator import svg

            svg.draw(picture.drawing, canvas, self.palette)
        else:
            canvas.drawImage(ImageReader(io.BytesIO(picture.png)), 0, 0, picture.width, picture.height, mask="auto")
        canvas.endForm()
        return name


_RGB_OP = re.compile(r"^([\d.]+) ([\d.]+) ([\d.]+) (rg|RG)$", re.M)


def _recoloured_program(program: str, palette: Palette) -> str:
    """The program with every RGB colour operator turned into the palette's CMYK one."""
    def convert(match: re.Match) -> str:
        colour = palette(Color(float(match[1]), float(match[2]), float(match[3])))
        return f"{fp_str(colour.cyan, colour.magenta, colour.yellow, colour.black)} {'k' if match[4] == 'rg' else 'K'}"
    return _RGB_OP.sub(convert, program)


def main(argv: list[str]) -> int:
    """Write pictures/programs.json.gz after the shipped set changed (a test says when it is stale)."""
    target = pictures.shipped_folder() / PROGRAMS
    with gzip.GzipFile(target, "wb", mtime=0) as stream:  # the same bytes for the same pictures
        stream.write(json.dumps(compile_shipped(), ensure_ascii=False, sort_keys=True).encode("utf-8"))
    print(f"{target}: {len(pictures.shipped())} pictures")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
