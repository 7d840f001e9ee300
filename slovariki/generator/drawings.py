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


Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True)
class Picture:
    width: float
    height: float
    program: str | None = None       # PDF operators, in the picture's own units from (0, 0)
    drawing: Drawing | None = None   # an SVG the short path cannot draw: renderPDF draws it
    png: bytes | None = None  # a PNG, at most DRAWN_SIDE pixels a side: drawn into width × height
    ink: Box | None = None    # what is drawn, in the picture's units (None: the whole picture)

    @property
    def drawn(self) -> Box:
        """The box of what is drawn: a card scales a picture by it, so a thin figure in a wide frame
        reads as large as a round one."""
        return self.ink or (0.0, 0.0, self.width, self.height)


@cache
def load(path: Path) -> Picture:
    """The picture ready to draw; PictureError (Russian) if it cannot be read. The file is read once,
    bounded (pictures.check_file), and only its bytes are drawn."""
    data = pictures.check_file(path, path.name)
    if path.suffix.lower() != ".svg":
        return _png(data, path.name)
    ready = _shipped_programs().get(path.stem)
    if ready is not None and path.parent == pictures.shipped_folder() and ready["sha256"] == _digest(data):
        return Picture(ready["width"], ready["height"], ready["program"], ink=ink_box(ready["program"]))
    from slovariki.generator import svg

    drawing = svg.read(data, path.name)
    program = svg.program(drawing)
    if program is not None:
        return Picture(drawing.width, drawing.height, program, ink=ink_box(program))
    x0, y0, x1, y1 = drawing.getBounds()
    return Picture(drawing.width, drawing.height, drawing=drawing, ink=(x0, y0, x1, y1))


CURVE_STEPS = 16


def _bezier(p0: tuple[float, float], p1: tuple[float, float], p2: tuple[float, float], p3: tuple[float, float],
            t: float) -> tuple[float, float]:
    u = 1 - t
    return tuple(u ** 3 * a + 3 * u * u * t * b + 3 * u * t * t * c + t ** 3 * d for a, b, c, d in zip(p0, p1, p2, p3))


_PAINT = {"f", "f*", "F", "S", "s", "B", "B*", "b", "b*"}
_POINTS = {"m": 1, "l": 1, "c": 3, "v": 2, "y": 2}


def ink_box(program: str) -> Box | None:
    """The box of every painted path of a program (its points and curve handles, through its ``cm``
    transforms), in the picture's units; None if nothing is painted."""
    box = None
    ctm = [(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)]
    path: list[tuple[float, float]] = []
    numbers: list[float] = []
    for token in program.split():
        try:
            numbers.append(float(token))
            continue
        except ValueError:
            pass
        a, b, c, d, e, f = ctm[-1]
        if token in _POINTS:
            coords = numbers[-2 * _POINTS[token]:]
            points = [(a * x + c * y + e, b * x + d * y + f) for x, y in zip(coords[::2], coords[1::2])]
            if token in "cvy" and path:  # a curve: points along it, not its handles, which reach further out
                start = path[-1]
                handles = {"c": points, "v": [start, *points], "y": [*points, points[-1]]}[token]
                points = [_bezier(start, *handles, t / CURVE_STEPS) for t in range(1, CURVE_STEPS + 1)]
            path.extend(points)
        elif token == "re":
            x, y, w, h = numbers[-4:]
            path.extend((a * px + c * py + e, b * px + d * py + f) for px, py in ((x, y), (x + w, y + h)))
        elif token == "cm":
            a2, b2, c2, d2, e2, f2 = numbers[-6:]
            ctm[-1] = (a2 * a + b2 * c, a2 * b + b2 * d, c2 * a + d2 * c, c2 * b + d2 * d,
                       e2 * a + f2 * c + e, e2 * b + f2 * d + f)
        elif token == "q":
            ctm.append(ctm[-1])
        elif token == "Q" and len(ctm) > 1:
            ctm.pop()
        elif token in _PAINT or token == "n":
            if token != "n" and path:
                xs, ys = [p[0] for p in path], [p[1] for p in path]
                found = (min(xs), min(ys), max(xs), max(ys))
                box = found if box is None else (min(box[0], found[0]), min(box[1], found[1]),
                                                 max(box[2], found[2]), max(box[3], found[3]))
            path = []
        numbers = []
    return box


def _png(data: bytes, name: str) -> Picture:
    """A PNG kept at the size it is printed: decoded (one at a time), scaled down to DRAWN_SIDE and kept
    compressed. Kept whole, every 2048² picture held some 40 MB decoded until the build ended."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            width, height = image.size
            opaque = image.getchannel("A").getbbox() if "A" in image.getbands() else None  # its ink
            if image.mode not in ("RGB", "RGBA", "L", "LA"):  # a palette scales by its nearest colour
                image = image.convert("RGBA")
            image.thumbnail((DRAWN_SIDE, DRAWN_SIDE), Image.Resampling.LANCZOS)
            drawn = io.BytesIO()
            image.save(drawn, "PNG", compress_level=1)
    except Exception:  # noqa: BLE001 - Pillow's errors for a broken file are many
        raise PictureError(f"«{name}»: PNG не удалось прочитать") from None
    ink = (opaque[0], height - opaque[3], opaque[2], height - opaque[1]) if opaque else None
    return Picture(width, height, png=drawn.getvalue(), ink=ink)


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
