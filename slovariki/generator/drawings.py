"""Card pictures drawn as they are: an SVG as vector shapes, a PNG as an image.

An SVG is read by svglib and turned into PDF operators once. For the shipped set that work is done
when the set is prepared (``python -m slovariki.generator.drawings`` writes pictures/programs.json.gz,
and a test checks it against the SVG files): a build with a hundred pictures neither imports svglib
nor parses a hundred SVGs. Each picture is drawn once per PDF as a form, then placed by reference.
"""

from __future__ import annotations

import copy
import gzip
import hashlib
import json
import logging
import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import FILL_EVEN_ODD, FILL_NON_ZERO, Circle, Drawing, Group, Path as Shape
from reportlab.lib.colors import CMYKColor, Color
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from slovariki import pictures
from slovariki.generator.palette import Palette
from slovariki.pictures import PictureError

PROGRAMS = "programs.json.gz"
logging.getLogger("svglib").addHandler(logging.NullHandler())
logging.getLogger("svglib").propagate = False  # svglib logs what it skips; a teacher's console stays clean


@dataclass(frozen=True)
class Picture:
    width: float
    height: float
    program: str | None = None       # PDF operators, in the picture's own units from (0, 0)
    drawing: Drawing | None = None   # an SVG the short path cannot draw: renderPDF draws it
    image: ImageReader | None = None  # a PNG


@cache
def load(path: Path) -> Picture:
    """The picture ready to draw; PictureError (Russian) if it cannot be read."""
    if path.suffix.lower() != ".svg":
        try:
            image = ImageReader(str(path))
            width, height = image.getSize()
        except Exception:  # noqa: BLE001 - Pillow's errors for a broken file are many
            raise PictureError(f"«{path.name}»: PNG не удалось прочитать") from None
        return Picture(width, height, image=image)
    ready = _shipped_programs().get(path.stem)
    if ready is not None and path.parent == pictures.shipped_folder() and ready["sha256"] == _digest(path):
        return Picture(ready["width"], ready["height"], ready["program"])
    drawing = _svg(path)
    program = _program(drawing)
    return Picture(drawing.width, drawing.height, program, None if program is not None else drawing)


def _svg(path: Path) -> Drawing:
    from svglib.svglib import svg2rlg

    try:
        drawing = svg2rlg(str(path))
    except Exception:  # noqa: BLE001 - svglib raises anything from lxml to ZeroDivisionError
        drawing = None
    if drawing is None or not drawing.width or not drawing.height:
        raise PictureError(f"«{path.name}»: SVG не удалось нарисовать")
    return drawing


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@cache
def _shipped_programs() -> dict[str, dict]:
    try:
        with gzip.open(pictures.shipped_folder() / PROGRAMS, "rt", encoding="utf-8") as stream:
            return json.load(stream)
    except OSError:  # not prepared: every picture goes through svglib
        return {}


def compile_shipped() -> dict[str, dict]:
    """The programs of the shipped pictures, as pictures/programs.json.gz holds them."""
    found = {}
    for name in pictures.shipped():
        path = pictures.shipped_folder() / f"{name}.svg"
        drawing = _svg(path)
        program = _program(drawing)
        if program is None:
            raise ValueError(f"{path.name}: the short path cannot draw it; choose another picture")
        found[name] = {"sha256": _digest(path), "width": drawing.width, "height": drawing.height, "program": program}
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
            renderPDF.draw(_recoloured(picture.drawing, self.palette) if self.palette.cmyk else picture.drawing,
                           canvas, 0, 0)
        else:
            canvas.drawImage(picture.image, 0, 0, picture.width, picture.height, mask="auto")
        canvas.endForm()
        return name


_RGB_OP = re.compile(r"^([\d.]+) ([\d.]+) ([\d.]+) (rg|RG)$", re.M)


def _recoloured_program(program: str, palette: Palette) -> str:
    """The program with every RGB colour operator turned into the palette's CMYK one."""
    def convert(match: re.Match) -> str:
        colour = palette(Color(float(match[1]), float(match[2]), float(match[3])))
        return f"{fp_str(colour.cyan, colour.magenta, colour.yellow, colour.black)} {'k' if match[4] == 'rg' else 'K'}"
    return _RGB_OP.sub(convert, program)


class _Unknown(Exception):
    """A shape or an attribute the short path leaves to renderPDF."""


def _program(drawing: Drawing) -> str | None:
    """The drawing as PDF operators, the way renderPDF paints it (unclosed paths are not filled), for the
    plain shapes of a flat emoji: groups with transforms, paths, circles, filled or stroked in one
    opaque colour, numbers formatted as renderPDF does (fp_str). None for anything else. renderPDF takes
    several milliseconds a picture, this a fraction of one, and a deck has a hundred pictures."""
    out: list[str] = []
    try:
        _node(drawing, out)
    except _Unknown:
        return None
    return "\n".join(out)


def _node(node, out: list[str]) -> None:  # noqa: ANN001 - svglib's shapes
    if isinstance(node, Group):
        transform = tuple(node.transform)
        if transform != (1, 0, 0, 1, 0, 0):
            out.append(f"q {fp_str(*transform)} cm")
        for child in node.contents:
            _node(child, out)
        if transform != (1, 0, 0, 1, 0, 0):
            out.append("Q")
        return
    if isinstance(node, Shape):
        closed = _path(node, out)
        fill_mode = node.fillMode
    elif isinstance(node, Circle):
        _circle(node.cx, node.cy, node.r, out)
        closed, fill_mode = True, getattr(node, "fillMode", FILL_NON_ZERO)
    else:
        raise _Unknown(type(node).__name__)
    _paint(node, closed, fill_mode, out)


def _path(path: Shape, out: list[str]) -> bool:
    if getattr(path, "autoclose", None) or getattr(path, "isClipPath", 0):
        raise _Unknown("autoclose or clip path")
    points, i, moves, closes = path.points, 0, 0, 0
    for op in path.operators:
        count = _ARGUMENTS[op]
        args = points[i:i + count]
        i += count
        if op == _CLOSEPATH:
            out.append("h")
            closes += 1
        else:
            out.append(fp_str(*args) + _PATH_OPS[op])
            moves += op == _MOVETO
    return moves == closes


def _circle(cx: float, cy: float, r: float, out: list[str]) -> None:
    k = r * 0.5522847498  # the control points of a quarter circle
    out.append(f"{fp_str(cx + r, cy)} m")
    for (x1, y1, x2, y2, x3, y3) in ((r, k, k, r, 0, r), (-k, r, -r, k, -r, 0), (-r, -k, -k, -r, 0, -r),
                                     (k, -r, r, -k, r, 0)):
        out.append(f"{fp_str(cx + x1, cy + y1, cx + x2, cy + y2, cx + x3, cy + y3)} c")
    out.append("h")


def _paint(node, closed: bool, fill_mode, out: list[str]) -> None:  # noqa: ANN001
    fill = node.fillColor is not None and closed
    stroke = node.strokeColor is not None and node.strokeWidth
    if (getattr(node, "fillOpacity", None) not in (None, 1) or getattr(node, "strokeOpacity", None) not in (None, 1)
            or (fill and node.fillColor.alpha != 1) or (stroke and node.strokeColor.alpha != 1)
            or (stroke and getattr(node, "strokeDashArray", None))):
        raise _Unknown("transparency or dashes")
    if fill:
        out.append(_colour(node.fillColor, fill=True))
    if stroke:
        out.append(_colour(node.strokeColor, fill=False))
        out.append(f"{fp_str(node.strokeWidth)} w {node.strokeLineCap} J {node.strokeLineJoin} j")
    even_odd = fill_mode == FILL_EVEN_ODD
    out.append({(True, True): "B*" if even_odd else "B", (True, False): "f*" if even_odd else "f",
                (False, True): "S", (False, False): "n"}[(bool(fill), bool(stroke))])


def _colour(colour, fill: bool) -> str:  # noqa: ANN001
    if isinstance(colour, CMYKColor):
        values, op = (colour.cyan, colour.magenta, colour.yellow, colour.black), "k"
    else:
        values, op = (colour.red, colour.green, colour.blue), "rg"
    return f"{fp_str(*values)} {op if fill else op.upper()}"


_MOVETO, _LINETO, _CURVETO, _CLOSEPATH = range(4)
_ARGUMENTS = {_MOVETO: 2, _LINETO: 2, _CURVETO: 6, _CLOSEPATH: 0}
_PATH_OPS = {_MOVETO: " m", _LINETO: " l", _CURVETO: " c"}


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


def main(argv: list[str]) -> int:
    """Write pictures/programs.json.gz after the shipped set changed (a test says when it is stale)."""
    target = pictures.shipped_folder() / PROGRAMS
    with gzip.GzipFile(target, "wb", mtime=0) as stream:  # the same bytes for the same pictures
        stream.write(json.dumps(compile_shipped(), ensure_ascii=False, sort_keys=True).encode("utf-8"))
    print(f"{target}: {len(pictures.shipped())} pictures")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
