"""Roboto from the font-roboto package: registration with ReportLab and the glyph check."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from importlib import resources

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from slovariki.generator import theme

_IGNORED = frozenset(" \n")


class FontError(Exception):
    """The font package is missing, or a character to be printed has no glyph."""


@cache
def register() -> None:
    """Register the theme's fonts once per process; files come from the font-roboto package."""
    try:
        folder = resources.files("font_roboto") / "files"
    except ModuleNotFoundError:
        raise FontError("не установлен пакет шрифтов font-roboto (pip install font-roboto)") from None
    for name, file_name in theme.FONT_FILES.items():
        path = folder / file_name
        if not path.is_file():
            raise FontError(f"в пакете font-roboto нет файла {file_name}")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    pdfmetrics.registerFontFamily(theme.FONT_REGULAR, normal=theme.FONT_REGULAR, bold=theme.FONT_BOLD,
                                  italic=theme.FONT_ITALIC, boldItalic=theme.FONT_BOLD)


def missing(text: str) -> list[str]:
    """The characters of ``text`` that some theme font cannot draw, each once, in order of appearance."""
    glyphs = _common_glyphs()
    return list(dict.fromkeys(ch for ch in text if ord(ch) not in glyphs and ch not in _IGNORED))


@cache
def _common_glyphs() -> frozenset[int]:
    register()
    tables = [pdfmetrics.getFont(name).face.charToGlyph for name in theme.FONT_FILES]
    return frozenset.intersection(*(frozenset(t) for t in tables))


def require(items: Iterable[tuple[str, str]]) -> None:
    """Raise FontError naming every (what, text) pair holding a character without a glyph."""
    problems = []
    for what, text in items:
        lost = missing(text)
        if lost:
            shown = ", ".join(f"«{ch}» (U+{ord(ch):04X})" for ch in lost)
            problems.append(f"{what}: в шрифте нет знаков {shown}")
    if problems:
        raise FontError("\n".join(problems))
