"""Vector shapes: the stars (rank) and the suit symbols, one shape per colour.

A suit differs from the others in shape, not only in colour, so a greyscale print and a
colour-blind player still tell the colours apart: circle, triangle, square, heart.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from slovariki.model import Colour

STAR_INNER = 0.5  # inner radius of a star as a share of the outer one: a friendly, round star


def star(canvas: Canvas, cx: float, cy: float, size: float) -> None:
    """A filled five-pointed star that fits a size×size box centred at (cx, cy)."""
    outer = size / 2
    cy -= outer * (1 - math.cos(math.pi / 5)) / 2  # centre the star's box, not its circle
    path = canvas.beginPath()
    for i in range(10):
        radius = outer if i % 2 == 0 else outer * STAR_INNER
        angle = math.pi / 2 + i * math.pi / 5
        x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        path.lineTo(x, y) if i else path.moveTo(x, y)
    path.close()
    canvas.drawPath(path, fill=1, stroke=0)


def _circle(canvas: Canvas, cx: float, cy: float, size: float) -> None:
    canvas.circle(cx, cy, size * 0.47, fill=1, stroke=0)


def _triangle(canvas: Canvas, cx: float, cy: float, size: float) -> None:
    half = size / 2
    path = canvas.beginPath()
    path.moveTo(cx, cy + half)
    path.lineTo(cx + half * 1.05, cy - half * 0.85)
    path.lineTo(cx - half * 1.05, cy - half * 0.85)
    path.close()
    canvas.drawPath(path, fill=1, stroke=0)


def _square(canvas: Canvas, cx: float, cy: float, size: float) -> None:
    side = size * 0.82
    canvas.roundRect(cx - side / 2, cy - side / 2, side, side, size * 0.08, fill=1, stroke=0)


def _heart(canvas: Canvas, cx: float, cy: float, size: float) -> None:
    s = size
    path = canvas.beginPath()
    path.moveTo(cx, cy - 0.48 * s)
    path.curveTo(cx - 0.12 * s, cy - 0.32 * s, cx - 0.5 * s, cy - 0.12 * s, cx - 0.5 * s, cy + 0.16 * s)
    path.curveTo(cx - 0.5 * s, cy + 0.42 * s, cx - 0.12 * s, cy + 0.52 * s, cx, cy + 0.3 * s)
    path.curveTo(cx + 0.12 * s, cy + 0.52 * s, cx + 0.5 * s, cy + 0.42 * s, cx + 0.5 * s, cy + 0.16 * s)
    path.curveTo(cx + 0.5 * s, cy - 0.12 * s, cx + 0.12 * s, cy - 0.32 * s, cx, cy - 0.48 * s)
    path.close()
    canvas.drawPath(path, fill=1, stroke=0)


_SUITS: dict[Colour, Callable[[Canvas, float, float, float], None]] = {
    Colour.GREEN: _circle,
    Colour.BLUE: _triangle,
    Colour.YELLOW: _square,
    Colour.PINK: _heart,
}
SHAPE_NAMES = {Colour.GREEN: "круг", Colour.BLUE: "треугольник", Colour.YELLOW: "квадрат", Colour.PINK: "сердечко"}


def suit(canvas: Canvas, colour: Colour, cx: float, cy: float, size: float) -> None:
    """The colour's suit symbol, filled with the current fill colour, in a size×size box."""
    _SUITS[colour](canvas, cx, cy, size)
