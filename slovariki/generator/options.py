"""The options of a deck build, validated once with messages that say what to do."""

from __future__ import annotations

import re
from dataclasses import dataclass

from slovariki.text.russian import decimal

CARD_SIZES = {"poker": (63.0, 88.0), "bridge": (57.0, 89.0), "mini": (44.0, 63.0)}
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}  # as printed in messages
BACKS = ("duplex-long", "duplex-short", "fold", "none")
MIN_CARD_MM, MAX_CARD_MM = 30.0, 200.0
MAX_BLEED_MM, MAX_GAP_MM, MAX_OFFSET_MM = 10.0, 30.0, 20.0
MAX_COPIES = 20
PRINT_SHOP_BLEED_MM = 3.0
MAX_DICTATION_WORDS = 500

_PAIR = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*[x×хX,]\s*(-?\d+(?:\.\d+)?)\s*$")



def size_text(size: tuple[float, float]) -> str:
    """A card's size as messages and forms say it, without the unit: «63×88»."""
    return f"{size[0]:g}×{size[1]:g}"

class OptionsError(ValueError):
    """An option value that cannot be used. ``text`` says why in words a page can show as they are; the
    message puts the command line's option before it: «--copies: от 1 до 20 комплектов»."""

    def __init__(self, option: str, text: str) -> None:
        super().__init__(f"--{option}: {text}")
        self.text = text


@dataclass(frozen=True)
class DeckOptions:
    card_size: tuple[float, float] = CARD_SIZES["poker"]  # width, height in mm
    paper: str = "a4"
    landscape: bool | None = None  # None: landscape for --backs fold (4 poker cards on A4), else portrait
    bleed: float = 0.0       # mm
    gap: float = 0.0         # mm
    crop_marks: bool = True
    backs: str = "duplex-long"
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, in the back page's own coordinates
    copies: int = 1
    stress: bool = True
    cmyk: bool = False
    grade_sheets: bool = True  # each grade starts on a new sheet
    only: tuple[str, ...] = ()  # print only these words' cards
    stars: int | None = None    # print only cards with this many stars
    print_shop: bool = False    # one card a page with bleed and boxes, CMYK, and a PNG of each card
    game_words: bool = False    # the word list and the dictation take the game-only words too, marked
    dictation_words: int | None = None  # the word list and the dictation take this many words a grade

    def __post_init__(self) -> None:
        if self.print_shop:
            if self.backs == "fold":
                raise OptionsError("print-shop",
                                   "лицо и рубашка печатаются на разных страницах, поэтому рубашку рядом с лицом (fold) напечатать нельзя")
            # A print shop wants bleed, CMYK, and no marks of ours: the boxes say where to cut.
            object.__setattr__(self, "bleed", self.bleed or PRINT_SHOP_BLEED_MM)
            object.__setattr__(self, "cmyk", True)
            object.__setattr__(self, "crop_marks", False)
        if self.landscape is None:
            object.__setattr__(self, "landscape", self.backs == "fold")
        width, height = self.card_size
        if not (MIN_CARD_MM <= width <= MAX_CARD_MM and MIN_CARD_MM <= height <= MAX_CARD_MM):
            raise OptionsError("card-size", f"стороны карты должны быть от {MIN_CARD_MM:g} до {MAX_CARD_MM:g} мм")
        if self.paper not in PAPERS:
            raise OptionsError("paper", f"бумага бывает {', '.join(PAPERS)}")
        if self.backs not in BACKS:
            raise OptionsError("backs", f"допустимы {', '.join(BACKS)}")
        if not 0 <= self.bleed <= MAX_BLEED_MM:
            raise OptionsError("bleed", f"вылет от 0 до {MAX_BLEED_MM:g} мм (обычно 3)")
        if not 0 <= self.gap <= MAX_GAP_MM:
            raise OptionsError("gap", f"промежуток от 0 до {MAX_GAP_MM:g} мм")
        if any(abs(v) > MAX_OFFSET_MM for v in self.back_offset):
            raise OptionsError("back-offset", f"сдвиг не больше {MAX_OFFSET_MM:g} мм по каждой оси")
        if not 1 <= self.copies <= MAX_COPIES:
            raise OptionsError("copies", f"комплектов можно напечатать от 1 до {MAX_COPIES}")
        if self.dictation_words is not None and not 1 <= self.dictation_words <= MAX_DICTATION_WORDS:
            raise OptionsError("dictation-words", f"от 1 до {MAX_DICTATION_WORDS} слов в каждом классе")
        if self.stars is not None and self.stars not in (1, 2, 3):
            raise OptionsError("stars", "звёздочек бывает 1, 2 или 3")

    @property
    def paper_size(self) -> tuple[float, float]:
        width, height = PAPERS[self.paper]
        return (height, width) if self.landscape else (width, height)


def parse_card_size(text: str) -> tuple[float, float]:
    """A preset name (poker, bridge, mini) or WxH in millimetres, e.g. 70x100."""
    key = text.strip().lower()
    if key in CARD_SIZES:
        return CARD_SIZES[key]
    pair = _parse_pair(text)
    if pair is None:
        raise OptionsError("card-size", f"«{text}» — не размер; нужно poker, bridge, mini или ШxВ в мм, например 63x88")
    return pair


def offset(text: str | None, x: float | None = None, y: float | None = None) -> tuple[float, float]:
    """The back offset from --back-offset «DX;DY» or from --back-offset-x and -y (0 where not given)."""
    if text is not None and (x is not None or y is not None):
        raise OptionsError("back-offset", "задайте сдвиг одним способом: --back-offset DX;DY "
                           "или --back-offset-x и --back-offset-y")
    if text is None:
        return (x or 0.0, y or 0.0)
    return parse_offset(text)


def parse_offset(text: str) -> tuple[float, float]:
    """DX;DY in millimetres, with a decimal comma or point: «1,5;-0,5», «1,5 -0,5», «0.5,-1».

    A comma parts the two numbers only where it cannot be a decimal comma («0.5,-1», «1, 2»): «1,5»
    is refused, it could mean 1.5 as well as DX=1, DY=5."""
    stripped = text.strip()
    for parts in (stripped.split(";"), stripped.split(), _comma_parts(stripped)):
        numbers = [decimal(part) for part in parts]
        if len(numbers) == 2 and None not in numbers:
            return numbers[0], numbers[1]
    if re.fullmatch(r"[+-]?\d+,\d+", stripped):
        dx, _, dy = stripped.partition(",")
        raise OptionsError("back-offset", f"«{text}» можно понять и как {stripped} мм, и как DX={dx}, DY={dy}; "
                           f"напишите два числа через точку с запятой: \"{stripped};0\" или \"{dx};{dy}\" "
                           "(или --back-offset-x и --back-offset-y)")
    raise OptionsError("back-offset", f"«{text}» — не сдвиг; нужно DX;DY в мм, например \"0,5;-1\"")


def offset_text(offset: tuple[float, float]) -> str:
    """The offset as --back-offset takes it, the Russian way: «1,5;-0,5»."""
    return ";".join(f"{value:g}".replace(".", ",") for value in offset)


def _comma_parts(text: str) -> list[str]:
    """The two sides of a comma that cannot be a decimal one: a point elsewhere, or a sign or space after it."""
    left, comma, right = text.partition(",")
    if comma and "," not in right and ("." in text or right[:1] in ("-", "+", " ")):
        return [left, right]
    return []


def _parse_pair(text: str) -> tuple[float, float] | None:
    match = _PAIR.match(text)
    if match is None:
        return None
    return float(match[1]), float(match[2])
