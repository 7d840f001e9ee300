"""Imposition geometry: how many cards fit a sheet, where each front and back goes, the marks.

Pure arithmetic in points (origin at the page's bottom-left), no drawing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from slovariki.generator import theme
from slovariki.text import russian
from slovariki.generator.options import PAPER_NAMES, DeckOptions, size_text

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
    units: tuple[Rect, ...]         # per slot, what is cut out: a card, or a front and back pair (fold)
    trim_box: Rect                  # all fronts' trims together
    bleed_box: Rect
    back_trim_box: Rect
    back_bleed_box: Rect
    backs_mode: str
    back_bleed: float               # a back's bleed: at least theme.BACK_BLEED, so duplex drift shows no white
    mark_bleed: float               # where marks may begin: past the bleed of everything on the sheet
    crop_marks_on: bool
    spacing: float = 0.0            # between neighbouring cards (or pairs)
    margin: float = 0.0             # from the paper's edge to the first card: room for marks and bleed

    @property
    def per_sheet(self) -> int:
        return len(self.fronts)

    @property
    def duplex(self) -> bool:
        return self.backs_mode.startswith("duplex")

    @property
    def fold(self) -> bool:
        return self.backs_mode == "fold"

    def crop_marks(self, cards: int) -> tuple[Line, ...]:
        """Marks for a sheet holding ``cards`` cards: only the cut lines of occupied slots."""
        if not self.crop_marks_on and not self.fold:
            return ()
        units = self.units[:cards]
        return _crop_marks(units, _union(list(units)), self.mark_bleed)

    def fold_lines(self, cards: int) -> tuple[Line, ...]:
        """A line along every fold, from margin to margin through the pairs on it (drawn dashed)."""
        if not self.fold:
            return ()
        xs = sorted({round(u.x + self.card[0], 4) for u in self.units[:cards]})
        return tuple(Line(x, theme.MARK_MARGIN, x, self.page[1] - theme.MARK_MARGIN) for x in xs)


def compute(options: DeckOptions) -> SheetLayout:
    if options.print_shop:
        return _one_card_pages(options)
    page_w, page_h = (v * MM for v in options.paper_size)
    card_w, card_h = (v * MM for v in options.card_size)
    bleed, gap = options.bleed * MM, options.gap * MM
    back_bleed = max(bleed, theme.BACK_BLEED)
    fold = options.backs == "fold"
    unit_w = card_w * 2 if fold else card_w
    # Neighbouring bleeds never overlap; side by side (fold), a back's bleed meets the next pair's front.
    spacing = max(gap, 2 * bleed, bleed + back_bleed if fold else 0.0)
    mark_bleed = back_bleed if fold else bleed  # marks begin outside any colour on the sheet
    marks = _mark_start(mark_bleed) + theme.CROP_LENGTH + theme.MARK_MARGIN if options.crop_marks or fold else 0
    outside = max(marks, bleed + theme.SAFE_MARGIN, back_bleed + theme.SAFE_MARGIN if options.backs != "none" else 0)
    cols = _count(page_w - 2 * outside, unit_w, spacing)
    rows = _count(page_h - 2 * outside, card_h, spacing)
    if cols < 1 or rows < 1:
        raise LayoutError(
            f"карта {size_text(options.card_size)} мм не помещается на лист "
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
                                Rect(u.x + card_w, u.y, card_w, card_h).grown(0, back_bleed, back_bleed, back_bleed))
                      for u in units)
    else:
        fronts = tuple(Placement(u, False, u.grown(bleed, bleed, bleed, bleed)) for u in units)
        backs = tuple(back_of(f.trim, (page_w, page_h), options, back_bleed) for f in fronts)
    trim_box = Rect(x0, top - grid_h, grid_w, grid_h)
    back_trims = [b.trim for b in backs]
    back_trim_box = _union(back_trims) if options.backs.startswith("duplex") else trim_box
    return SheetLayout(
        page=(page_w, page_h), card=(card_w, card_h), cols=cols, rows=rows,
        fronts=fronts, backs=backs, units=tuple(units),
        trim_box=trim_box, bleed_box=trim_box.grown(bleed, bleed, bleed, bleed),
        back_trim_box=back_trim_box,
        back_bleed_box=back_trim_box.grown(back_bleed, back_bleed, back_bleed, back_bleed),
        backs_mode=options.backs, back_bleed=back_bleed, mark_bleed=mark_bleed, crop_marks_on=options.crop_marks,
        spacing=spacing, margin=outside,
    )


def _one_card_pages(options: DeckOptions) -> SheetLayout:
    """For a print shop: each page one card and its bleed, trim and bleed boxes set; backs on pages of
    their own (``backs`` other than none), each after its front."""
    card_w, card_h = (v * MM for v in options.card_size)
    bleed = options.bleed * MM
    trim = Rect(bleed, bleed, card_w, card_h)
    place = Placement(trim, False, trim.grown(bleed, bleed, bleed, bleed))
    return SheetLayout(
        page=(card_w + 2 * bleed, card_h + 2 * bleed), card=(card_w, card_h), cols=1, rows=1,
        fronts=(place,), backs=(place,), units=(trim,), trim_box=trim, bleed_box=place.paint,
        back_trim_box=trim, back_bleed_box=place.paint, backs_mode=options.backs, back_bleed=bleed,
        mark_bleed=bleed, crop_marks_on=False)


def bleed_cost(options: DeckOptions) -> str:
    """Why a sheet holds fewer cards with --bleed than without it, in figures; "" when it does not."""
    bled, plain = compute(options), compute(replace(options, bleed=0.0))
    if options.print_shop or bled.per_sheet >= plain.per_sheet:
        return ""
    unit_w = bled.units[0].width
    page_w, page_h = bled.page
    reasons = []
    for count, fewer, size, page, line in ((plain.cols, bled.cols, unit_w, page_w, "в ряд"),
                                            (plain.rows, bled.rows, bled.card[1], page_h, "в столбец")):
        if fewer < count:
            need = count * size + (count - 1) * bled.spacing + 2 * bled.margin
            reasons.append(f"{russian.cards(count)} {line} с промежутками {_mm(bled.spacing)} мм и полями {_mm(bled.margin)} мм "
                           f"заняли бы {_mm(need)} мм, а лист — {_mm(page)} мм")
    said = f"из-за вылета {_mm(options.bleed * MM)} мм: " + "; ".join(reasons) + f"; без вылета — {plain.per_sheet} на листе"
    turned = compute(replace(options, landscape=not options.landscape)).per_sheet
    if turned > bled.per_sheet:
        said += f"; {'книжный' if options.landscape else 'альбомный'} лист вмещает {turned}"
    return said


def _mm(points: float) -> str:
    return f"{round(points / MM, 1):g}".replace(".", ",")


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


def _mark_start(bleed: float) -> float:
    """How far outside the trim a crop mark starts: past the bleed, or a little off a bare cut."""
    return bleed or theme.CROP_OFFSET


def _crop_marks(units: list[Rect], grid: Rect, bleed: float) -> tuple[Line, ...]:
    """CROP_LENGTH lines in the margin continuing every trim line, so marks line up across the sheet
    (compute leaves them room inside MARK_MARGIN)."""
    start = _mark_start(bleed)
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
