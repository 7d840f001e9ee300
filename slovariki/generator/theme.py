"""Every font, size, colour and margin of the printed material, in one place.

Card measures are given for a poker card (63×88 mm) and scaled with the card size.
"""

from __future__ import annotations

from dataclasses import dataclass

MM = 72 / 25.4  # points per millimetre

# Fonts: Roboto from the font-roboto package (full Cyrillic), embedded as subsets.
FONT_REGULAR = "Roboto"
FONT_BOLD = "Roboto-Bold"
FONT_MEDIUM = "Roboto-Medium"
FONT_ITALIC = "Roboto-Italic"
FONT_FILES = {FONT_REGULAR: "Roboto-Regular.ttf", FONT_BOLD: "Roboto-Bold.ttf", FONT_MEDIUM: "Roboto-Medium.ttf",
              FONT_ITALIC: "Roboto-Italic.ttf"}
X_HEIGHT = 0.528  # Roboto's x-height and cap height, in ems: where the stress mark sits
CAP_HEIGHT = 0.711

# Colours.
INK = "#1A1A1A"          # ordinary letters
HARD_RED = "#D00000"     # hard letters
MUTED = "#555555"        # grade label, small print
PAPER = "#FFFFFF"
MARK = "#000000"         # crop and fold marks
BACK_FIELD = "#CAD1EE"   # card back: a pale blue field, all over, light on ink
BACK_PATTERN = "#9EA9DA"  # the suit shapes on it, a darker tone of the same blue that shows in greyscale
BACK_LINE = "#B4BEE6"     # the thin line inside the title panel
BACK_INK = "#2B3A67"

GAME_NAME = "Словарики"
BACK_SUBTITLE = "игра в словарные слова"


@dataclass(frozen=True)
class CardStyle:
    """Measures of one card face in points, scaled from the poker card."""

    scale: float

    def _mm(self, value: float) -> float:
        return value * MM * self.scale

    @property
    def frame(self) -> float:  # the colour band around the white face
        return self._mm(3.5)

    @property
    def corner_radius(self) -> float:
        return self._mm(2.5)

    @property
    def padding(self) -> float:  # inside the white face
        return self._mm(2.0)

    # The corner index: suit and stars large enough to read at a glance in a fanned hand.
    @property
    def suit_size(self) -> float:
        return self._mm(6.0)

    @property
    def star_size(self) -> float:
        return self._mm(4.2)

    @property
    def star_step(self) -> float:  # from one star's centre to the next one's
        return self.star_size * 1.05

    @property
    def index_gap(self) -> float:  # between the suit symbol and the first star
        return self._mm(0.8)

    @property
    def index_margin(self) -> float:  # from the white face's edges to the corner index
        return self._mm(2.5)

    @property
    def index_width(self) -> float:  # the corner column: the suit and a little air on its inner side
        return self._mm(7.0)

    @property
    def index_gutter(self) -> float:  # between the corner indices' columns and the definition's column
        return self._mm(2.0)

    @property
    def letter_size(self) -> float:  # the hard letters under the stars in the corner index
        return max(6.0, 10 * self.scale)

    @property
    def letter_gap(self) -> float:  # between the last star and the hard letters
        return self._mm(1.0)

    # The window at the top of the face: the word's picture, or the suit drawn large and white.
    @property
    def window_height(self) -> float:
        return self._mm(31.0)

    @property
    def window_side(self) -> float:  # from the white face's edge to the window: room for the corner index
        return self._mm(10.5)

    @property
    def picture_size(self) -> float:
        return self._mm(26.0)

    @property
    def emblem_size(self) -> float:
        return self._mm(17.0)

    @property
    def window_gap(self) -> float:  # the least room between the window and the word
        return self._mm(3.0)

    @property
    def word_margin(self) -> float:  # a long word keeps this far from the white face's edges
        return self._mm(3.0)

    @property
    def edge_line(self) -> float:  # the thin line of strong colour round the white face
        return 0.6 * self.scale

    @property
    def word_max(self) -> float:
        return 28 * self.scale

    @property
    def word_min(self) -> float:
        return max(9.0, 13 * self.scale)

    @property
    def definition_max(self) -> float:
        return max(7.0, 11.5 * self.scale)

    @property
    def definition_min(self) -> float:
        return max(6.0, 7.5 * self.scale)

    @property
    def leading(self) -> float:  # line height as a multiple of the font size
        return 1.2

    @property
    def grade_size(self) -> float:
        return max(5.5, 7 * self.scale)

    @property
    def definition_gap(self) -> float:  # between the word's baseline and the definition's top
        return self._mm(4.0)

    @property
    def stress_height(self) -> float:  # the acute mark's height, as a share of the word's size
        return 0.2

    @property
    def back_symbol(self) -> float:  # the suit shapes in the back's pattern and title panel
        return self._mm(5.0)

    @property
    def back_title_max(self) -> float:
        return 20 * self.scale


def card_style(width: float, height: float) -> CardStyle:
    """The style for a card of this size (points)."""
    return CardStyle(min(width / (63 * MM), height / (88 * MM)))


# Sheets.
SAFE_MARGIN = 3 * MM       # no colour is printed closer to the paper's edge
MARK_MARGIN = 4.2 * MM     # nor any mark or label: a home printer's unprintable rim (1/6 inch)
CROP_OFFSET = 0.5 * MM     # crop marks start this far outside the trim (or right at the edge of the bleed)
CROP_LENGTH = 3 * MM       # every crop mark, on every paper: shorter ones are missed when cutting
BACK_BLEED = 2.5 * MM      # backs carry no marks: their colour always runs this far past the trim
CROP_WIDTH = 0.25          # points: hairline, yet visible on every printer
FOLD_DASH = (3 * MM, 1.5 * MM)  # long dashes: nothing like a crop mark
FOLD_WIDTH = 0.6
FOLD_LABEL = "сгиб"
SET_LABEL = "комплект"

# Documents (rules sheet, word handout).
PAGE_MARGIN = 15 * MM
BODY_SIZE = 10.5
BODY_LEADING = 14
H1_SIZE = 20
H2_SIZE = 13
SMALL_SIZE = 8.5
EXAMPLE_CARD_WIDTH = 33 * MM  # the small cards drawn on the rules sheet, definitions and all
BOX_FIELD = "#EEF3E6"        # the «Коротко» box on the rules sheet
