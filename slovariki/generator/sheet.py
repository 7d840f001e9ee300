"""Imposition geometry: how many cards fit a sheet, where each front and back goes, the marks.

Pure arithmetic in points (origin at the page's bottom-left), no drawing.
"""

from __future__ import annotations

from dataclasses import dataclass

from slovariki.generator import theme
from slovariki.generator.options import PAPER_NAMES, DeckOptions

MM = theme.MM
EPSILON = 1e-6


class LayoutError(ValueError):
    """Not even one card fits the sheet."""


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    def grown(self, left: float, bottom: float, right: float, top: float) -> Rect:
        return Rect(self.x - left, self.y - bottom, self.width + left + right, self.height + bottom + top)

    def as_box(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.right, self.top)


@dataclass(frozen=True)
class Placement:
    """One card face on a page: its trim rectangle, whether it is turned 180°, what it may paint."""

    trim: Rect
    rotated: bool
    paint: Rect  # trim plus bleed; the fold side of a fold pair gets none


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class SheetLayout:
    page: tuple[float, float]
    card: tuple[float, float]
    cols: int
    rows: int
    fronts: tuple[Placement, ...]   # per slot, rows from the top, left to right
    backs: tuple[Placement, ...]    # the back of each slot (on its own page, or beside it for fold)
    crop_marks: tuple[Line, ...]
    fold_marks: tuple[Line, ...]
    trim_box: Rect                  # all fronts' trims together
    bleed_box: Rect
    back_trim_box: Rect
    back_bleed_box: Rect
    backs_mode: str

    @property
    def per_sheet(self) -> int:
        return len(self.fronts)

    @property
    def duplex(self) -> bool:
        return self.backs_mode.startswith("duplex")

    def pages_for(self, cards: int) -> int:
        sheets = -(-cards // self.per_sheet)
        return sheets * 2 if self.duplex else sheets


def compute(options: DeckOptions) -> SheetLayout:
    page_w, page_h = (v * MM for v in options.paper_size)
    card_w, card_h = (v * MM for v in options.card_size)
    bleed, gap = options.bleed * MM, options.gap * MM
    fold = options.backs == "fold"
    unit_w = card_w * 2 if fold else card_w
    spacing = max(gap, 2 * bleed)  # neighbouring bleeds never overlap
    marks = theme.CROP_OFFSET + theme.CROP_LENGTH if options.crop_marks or fold else 0.0
    outside = bleed + marks + theme.SAFE_MARGIN
    cols = _count(page_w - 2 * outside, unit_w, spacing)
    rows = _count(page_h - 2 * outside, card_h, spacing)
    if cols < 1 or rows < 1:
        raise LayoutError(
            f"карта {options.card_size[0]:g}×{options.card_size[1]:g} мм не помещается на лист "
            f"{PAPER_NAMES[options.paper]}{' альбомный' if options.landscape else ''}: уменьшите --bleed или --gap, "
            "выберите другую бумагу или ориентацию")
    grid_w = cols * unit_w + (cols - 1) * spacing
    grid_h = rows * card_h + (rows - 1) * spacing
    x0, top = (page_w - grid_w) / 2, (page_h + grid_h) / 2
    units = [Rect(x0 + c * (unit_w + spacing), top - card_h - r * (card_h + spacing), unit_w, card_h)
             for r in range(rows) for c in range(cols)]
    if fold:
        fronts = tuple(Placement(Rect(u.x, u.y, card_w, card_h), False,
                                 Rect(u.x, u.y, card_w, card_h).grown(bleed, bleed, 0, bleed)) for u in units)
        backs = tuple(Placement(Rect(u.x + card_w, u.y, card_w, card_h), False,
                                Rect(u.x + card_w, u.y, card_w, card_h).grown(0, bleed, bleed, bleed))
                      for u in units)
    else:
        fronts = tuple(Placement(u, False, u.grown(bleed, bleed, bleed, bleed)) for u in units)
        backs = tuple(back_of(f.trim, (page_w, page_h), options, bleed) for f in fronts)
    trim_box = Rect(x0, top - grid_h, grid_w, grid_h)
    back_trims = [b.trim for b in backs]
    back_trim_box = _union(back_trims) if options.backs.startswith("duplex") else trim_box
    return SheetLayout(
        page=(page_w, page_h), card=(card_w, card_h), cols=cols, rows=rows,
        fronts=fronts, backs=backs,
        crop_marks=_crop_marks(units, trim_box, bleed) if options.crop_marks else (),
        fold_marks=_crop_marks([Rect(u.x + card_w, u.y, 0, u.height) for u in units], trim_box, bleed)
        if fold else (),
        trim_box=trim_box, bleed_box=trim_box.grown(bleed, bleed, bleed, bleed),
        back_trim_box=back_trim_box, back_bleed_box=back_trim_box.grown(bleed, bleed, bleed, bleed),
        backs_mode=options.backs,
    )


def _count(room: float, size: float, spacing: float) -> int:
    return max(0, int((room + spacing + EPSILON) // (size + spacing)))


def back_of(trim: Rect, page: tuple[float, float], options: DeckOptions, bleed: float) -> Placement:
    """Where the back of a front lands when the sheet is flipped on the chosen edge.

    The sheet turns about its long edge (duplex-long) or short edge (duplex-short). Turning about
    a vertical line mirrors the columns; turning about a horizontal line mirrors the rows and
    leaves the back upside down, so it is drawn turned 180° to read the right way up in the hand.
    """
    page_w, page_h = page
    long_edge_vertical = page_h >= page_w
    about_vertical = (options.backs == "duplex-long") == long_edge_vertical
    dx, dy = (v * MM for v in options.back_offset)
    if about_vertical:
        rect = Rect(page_w - trim.right + dx, trim.y + dy, trim.width, trim.height)
    else:
        rect = Rect(trim.x + dx, page_h - trim.top + dy, trim.width, trim.height)
    return Placement(rect, not about_vertical, rect.grown(bleed, bleed, bleed, bleed))


def _union(rects: list[Rect]) -> Rect:
    x, y = min(r.x for r in rects), min(r.y for r in rects)
    return Rect(x, y, max(r.right for r in rects) - x, max(r.top for r in rects) - y)


def _crop_marks(units: list[Rect], grid: Rect, bleed: float) -> tuple[Line, ...]:
    """Short lines in the margin continuing every trim line, so marks line up across the sheet."""
    start = bleed + theme.CROP_OFFSET
    end = start + theme.CROP_LENGTH
    xs = sorted({round(v, 4) for u in units for v in (u.x, u.right)})
    ys = sorted({round(v, 4) for u in units for v in (u.y, u.top)})
    lines = []
    for x in xs:
        lines.append(Line(x, grid.top + start, x, grid.top + end))
        lines.append(Line(x, grid.y - start, x, grid.y - end))
    for y in ys:
        lines.append(Line(grid.x - start, y, grid.x - end, y))
        lines.append(Line(grid.right + start, y, grid.right + end, y))
    return tuple(lines)
