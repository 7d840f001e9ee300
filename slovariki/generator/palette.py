"""Colours as the printer gets them: RGB for home printers, or CMYK for a print shop (--cmyk).

In CMYK every grey is pure black ink (K only), and the text's near-black is 100 % K, as marks are: no
coloured fringes when the plates are a little off register, and text as dark as it prints.
"""

from __future__ import annotations

from functools import cache

from reportlab.lib.colors import CMYKColor, Color, HexColor

from slovariki.generator import theme


class Palette:
    def __init__(self, cmyk: bool = False) -> None:
        self.cmyk = cmyk

    def __call__(self, colour: str | Color) -> Color:
        """The colour to paint with; ``colour`` is #RRGGBB or a ReportLab colour."""
        return _converted(colour, self.cmyk) if isinstance(colour, str) else _convert(colour, self.cmyk)


@cache
def _converted(hex_colour: str, cmyk: bool) -> Color:
    if cmyk and hex_colour == theme.INK:
        return CMYKColor(0, 0, 0, 1)
    return _convert(HexColor(hex_colour), cmyk)


def _convert(colour: Color, cmyk: bool) -> Color:
    if not cmyk or isinstance(colour, CMYKColor):
        return colour
    r, g, b = colour.red, colour.green, colour.blue
    k = 1 - max(r, g, b)
    if k >= 1 - 1e-9:
        return CMYKColor(0, 0, 0, 1, alpha=colour.alpha)
    c, m, y = ((1 - v - k) / (1 - k) for v in (r, g, b))
    if max(c, m, y) - min(c, m, y) < 1e-3:  # a grey: black ink only
        c = m = y = 0.0
    return CMYKColor(round(c, 4), round(m, 4), round(y, 4), round(k, 4), alpha=colour.alpha)
