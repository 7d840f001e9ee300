"""An SVG file as ReportLab sees it (svglib), and as PDF operators written straight from its shapes.

Imported only when an SVG must really be read: an editor's own picture, or preparing the shipped set
(pictures/programs.json.gz). svglib and ReportLab's graphics modules take half a second to import.
"""

from __future__ import annotations

import copy
import io
import logging
import math

from reportlab.graphics.shapes import FILL_EVEN_ODD, FILL_NON_ZERO, Circle, Drawing, Group, Path as Shape
from reportlab.lib.colors import CMYKColor
from reportlab.lib.rl_accel import fp_str

from slovariki.generator.palette import Palette
from slovariki.bank.pictures import PictureError

logging.getLogger("svglib").addHandler(logging.NullHandler())
logging.getLogger("svglib").propagate = False  # svglib logs what it skips; a teacher's console stays clean


def read(data: bytes, name: str) -> Drawing:
    """The SVG ``data`` (of the file ``name``) as a ReportLab drawing; PictureError (Russian) if svglib
    cannot draw it. Given a stream, not a path, svglib follows no reference out of the file (an
    <image href="../…"> would read any file, unbounded)."""
    from svglib.svglib import svg2rlg

    try:
        drawing = svg2rlg(io.BytesIO(data))
    except Exception:  # noqa: BLE001 - svglib raises anything from lxml to ZeroDivisionError
        drawing = None
    if drawing is None or not all(0 < side < math.inf for side in (drawing.width, drawing.height)):  # NaN too
        raise PictureError(f"«{name}»: SVG не удалось нарисовать")
    return drawing


class _Unknown(Exception):
    """A shape or an attribute the short path leaves to renderPDF."""


def program(drawing: Drawing) -> str | None:
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


def recoloured(drawing: Drawing, palette: Palette) -> Drawing:
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


def draw(drawing: Drawing, canvas, palette: Palette) -> None:  # noqa: ANN001 - a ReportLab canvas
    """A drawing the short path cannot write, painted by renderPDF (recoloured for CMYK printing)."""
    from reportlab.graphics import renderPDF

    renderPDF.draw(recoloured(drawing, palette) if palette.cmyk else drawing, canvas, 0, 0)
