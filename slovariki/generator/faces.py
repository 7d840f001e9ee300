"""Card faces: measuring a card's text to fit, then drawing fronts and the one back design.

The parts every card of a colour and star count share (frame, corner indices, grade) and the
back are drawn once as PDF forms and placed by reference: small files, fast builds.
The word and the definition are drawn as real text, so they stay searchable.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from slovariki.generator import drawings, fit, fonts, symbols, theme
from slovariki.generator.options import DeckOptions
from slovariki.generator.palette import Palette
from slovariki.generator.sheet import Placement
from slovariki.model import Card, Colour
from slovariki.text import russian


WORD_TOP = theme.X_HEIGHT + 0.3  # the word's visible height above the baseline, stress mark included, in ems
UNDERLINE = 0.055  # thickness of the line under hard letters, in ems
LETTER_ROWS = 2    # the corner index has room for two rows of hard letters
DECK_STEP = 1.0    # points: a definition that cannot fit at the deck's size prints this much smaller
MAX_STEPPED = 0.05  # the share of a deck's cards that may print a step smaller


class FitError(Exception):
    """A card's text does not fit its face even at the smallest allowed size; the message names the card."""


@dataclass(frozen=True)
class Front:
    """A card with its text measured: the word's size, the definition's lines, the index's letters."""

    card: Card
    word_size: float
    word_baseline: float  # from the card's bottom edge, the same on every card of a size
    definition: fit.TextBlock
    letters: tuple[str, ...]  # rows of the hard letters under the stars
    letter_size: float


@dataclass(frozen=True)
class DeckType:
    """The definitions' size for a whole deck, so its cards read as one set: the largest at which every
    definition fits either at it or one step (DECK_STEP) smaller and few need the step; ``stepped`` are
    the cards that do."""

    size: float
    smaller: float
    stepped: tuple[Card, ...]

    def report(self) -> str:
        """«Толкования: шрифт 10,25 пт; мельче (9,25 пт) — 2 карточки: «…», «…»» for check, preview and build."""
        said = f"Толкования: шрифт {_points(self.size)} пт"
        if self.stepped:
            words = ", ".join(f"«{card.word}»" for card in self.stepped)
            said += (f"; на шаг мельче ({_points(self.smaller)} пт), чтобы поместиться или не оставить слово "
                     f"одно в строке, — "
                     f"{russian.cards(len(self.stepped))}: {words}")
        return said

    def of(self, card: Card) -> str:
        """What preview says of one card's definition."""
        if card in self.stepped:
            return (f"толкование на шаг мельче, чем в колоде: {_points(self.smaller)} пт вместо "
                    f"{_points(self.size)} (иначе не помещается или слово остаётся одно в строке)")
        return f"толкование шрифтом колоды: {_points(self.size)} пт"


def grade_label(grade: int) -> str:
    return f"{grade} класс"


def hard_letters(card: Card) -> list[str]:
    """The card's hard letters as the corner index shows them: lower case, each once, in word order;
    a double letter marked as one («пп» of гиппопотам) stays double."""
    return list(dict.fromkeys(card.word[start:end].lower() for start, end in card.markup.groups))


class Faces:
    """Measures and draws the faces of cards of one size."""

    def __init__(self, width: float, height: float, bleed: float, stress: bool, palette: Palette | None = None,
                 back_bleed: float | None = None) -> None:
        fonts.register()
        self.width, self.height, self.bleed, self.stress = width, height, bleed, stress
        self.back_bleed = bleed if back_bleed is None else back_bleed
        self.palette = palette or Palette()
        self.style = s = theme.card_style(width, height)
        self.face_width = width - 2 * s.frame
        self.word_width = self.face_width - 2 * s.word_margin
        # The definition's one column, centred, clear of both corner indices (no wider than their suit
        # symbol) by the same gutter: the bottom index stands beside the definition's last lines, and the
        # column is the same from the first line to the last.
        index_reach = s.frame + s.index_margin + s.suit_size
        self.definition_width = width - 2 * (index_reach + s.index_gutter)
        self.window = (s.frame + s.window_side, self.height - s.frame - s.index_margin - s.window_height,
                       width - 2 * (s.frame + s.window_side), s.window_height)  # x, y, width, height
        # Every word stands on the same line, just under the window and the tallest possible top index;
        # the definition hangs below it, down to the grade label.
        content_top = min(self._index_bottom(3, LETTER_ROWS, s.letter_size), self.window[1] - s.window_gap)
        self.word_baseline = content_top - s.word_max * WORD_TOP
        self.content_bottom = s.frame + s.padding + s.grade_size * 1.6
        self._forms: set[str] = set()
        self._pictures = drawings.Forms(self.palette)
        self._definition_measure = fit.measurer(theme.FONT_REGULAR)
        self._sizes: tuple[float, ...] = ()  # set by fit_deck: the deck's size, then the one below it

    def fit_deck(self, cards: Iterable[Card]) -> DeckType:
        """Choose the deck's definition size (DeckType) from every card's largest fitting size; from now
        on every card is measured at it, or one step smaller where it does not fit or leaves a word alone
        that the step does not. FitError names every card that fits at no size."""
        s = self.style
        self._sizes = ()
        largest, problems = [], []
        for card in cards:
            try:
                largest.append((card, self.measure(card, balance=False).definition.size))
            except FitError as exc:
                problems.append(str(exc))
        if problems:
            raise FitError("\n".join(problems))
        top = min([s.definition_max, *(fits + DECK_STEP for _, fits in largest)])
        # The largest size, within a step of the first at which every definition fits at it or a step below,
        # that leaves few cards (MAX_STEPPED) a step smaller.
        for size in fit.sizes(top, max(s.definition_min, top - DECK_STEP)):
            self._sizes = (size, max(s.definition_min, size - DECK_STEP))
            stepped = tuple(card for card, _ in largest if self.measure(card).definition.size < size)
            if len(stepped) <= MAX_STEPPED * len(largest):
                break
        return DeckType(*self._sizes, stepped)

    def use(self, fitted: DeckType) -> None:
        """Measure every card at a size fit_deck chose before for the same deck and options."""
        self._sizes = (fitted.size, fitted.smaller)

    # Measuring

    def measure(self, card: Card, with_definition: bool = True, balance: bool = True) -> Front:
        """Fit the card's text: the definition at the deck's size (or one step smaller) once fit_deck chose
        it, else at the largest size that fits; a card drawn without definition shows only its word.
        Without ``balance`` the definition's lines are only filled: enough to know that the card fits."""
        s = self.style
        word_size = fit.fit_line(card.word, theme.FONT_BOLD, self.word_width, s.word_max, s.word_min)
        if word_size is None:
            raise FitError(f"{_where(card)}слово «{card.word}» не помещается на карту даже шрифтом {s.word_min:g} пт")
        letters, letter_size = self._letters(card)
        text = card.definition if with_definition else ""
        if self._sizes:
            block = self._deck_block(text, balance)
        else:
            block = self._fit(text, s.definition_max, s.definition_min, balance)
        if block is not None:
            return Front(card, word_size, self.word_baseline, block, letters, letter_size)
        smallest = self._sizes[-1] if self._sizes else s.definition_min
        hint = "" if fit.hyphenator() else " (переносы недоступны: не установлен pyphen)"
        raise FitError(f"{_where(card)}толкование слова «{card.word}» не помещается на карту даже шрифтом "
                       f"{_points(smallest)} пт{hint}: сократите его")

    def _deck_block(self, text: str, balance: bool) -> fit.TextBlock | None:
        """The definition at the deck's size, or the step below where whole words do not fit or a word is
        left alone that the step does not leave; balanced at that size."""
        size, smaller = self._sizes
        block = self._fit(text, size, smaller, balance=False, step=size - smaller or 1)  # whole words first
        if block is None or not balance:
            return block
        chosen = self._fit(text, block.size, block.size, balance=True)
        if block.size > smaller and self._lone(chosen):
            below = self._fit(text, smaller, smaller, balance=True)
            if below is not None and self._lone(below) < self._lone(chosen):
                return below
        return chosen

    def _lone(self, block: fit.TextBlock) -> int:
        return fit.unevenness(block.lines, self._definition_measure)[0]

    def _fit(self, text: str, largest: float, smallest: float, balance: bool,
             step: float = fit.SIZE_STEP) -> fit.TextBlock | None:
        s = self.style
        top = self.word_baseline - s.definition_gap
        return fit.fit_block(text, theme.FONT_REGULAR, self.definition_width, top - self.content_bottom,
                             largest, smallest, s.leading, fit.hyphenator(), measure=self._definition_measure,
                             balance=balance, step=step)

    def _letters(self, card: Card) -> tuple[tuple[str, ...], float]:
        """The hard letters in one row if they fit under the suit, else in two, shrunk if need be: the index
        never reaches further in than its suit symbol."""
        s = self.style
        letters = hard_letters(card)
        for rows in range(1, LETTER_ROWS + 1):
            per_row = -(-len(letters) // rows)
            lines = tuple(" ".join(letters[i:i + per_row]) for i in range(0, len(letters), per_row))
            size = min((fit.fit_line(line, theme.FONT_BOLD, s.suit_size, s.letter_size, 0) for line in lines),
                       default=s.letter_size)
            if size >= s.letter_size * 0.8 or rows == LETTER_ROWS:
                return lines, min(size, s.letter_size)
        raise AssertionError("unreachable")

    def _index_centres(self, stars: int) -> tuple[float, list[float]]:
        """Heights of the suit's centre and of each star's centre in the top-left corner index."""
        s = self.style
        suit = self.height - s.frame - s.index_margin - s.suit_size / 2
        first = suit - s.suit_size / 2 - s.index_gap - s.star_size / 2
        return suit, [first - i * s.star_step for i in range(stars)]

    def _letter_baselines(self, stars: int, rows: int, size: float) -> list[float]:
        s = self.style
        _, stars_at = self._index_centres(stars)
        first = stars_at[-1] - s.star_size / 2 - s.letter_gap - size * theme.CAP_HEIGHT
        return [first - i * size * 1.15 for i in range(rows)]

    def _index_bottom(self, stars: int, rows: int = 0, size: float = 0.0) -> float:
        s = self.style
        suit, stars_at = self._index_centres(stars)
        bottom = min([suit - s.suit_size / 2, *(y - s.star_size / 2 for y in stars_at)])
        if rows:
            bottom = min(bottom, self._letter_baselines(stars, rows, size)[-1] - size * 0.25)
        return bottom

    # Drawing

    def draw_front(self, canvas: Canvas, front: Front, place: Placement, mark: str = "") -> None:
        """The front; ``mark`` is a small set label for the bottom-left corner («комплект 2»)."""
        card = front.card
        s = self.style
        self._enter(canvas, place, self.bleed)
        canvas.doForm(self._frame_form(canvas, card.colour, card.stars, card.picture is None))
        if card.picture is not None:
            self._draw_picture(canvas, card)
        self._draw_word(canvas, front)
        self._draw_definition(canvas, front.definition, front.word_baseline - s.definition_gap)
        self._draw_letters(canvas, front)
        if mark:
            canvas.setFillColor(self.palette(theme.MUTED))
            canvas.setFont(theme.FONT_REGULAR, s.grade_size * 0.9)
            canvas.drawString(s.frame + s.index_margin, s.frame + s.padding, mark)
        canvas.restoreState()

    def draw_back(self, canvas: Canvas, place: Placement) -> None:
        self._enter(canvas, place, self.back_bleed)
        canvas.doForm(self._back_form(canvas))
        canvas.restoreState()

    def _enter(self, canvas: Canvas, place: Placement, bleed: float) -> None:
        """Move the origin to the card's trim corner (turned if asked), clipping to its paint area."""
        canvas.saveState()
        if place.paint != place.trim.grown(bleed, bleed, bleed, bleed):
            path = canvas.beginPath()
            path.rect(place.paint.x, place.paint.y, place.paint.width, place.paint.height)
            canvas.clipPath(path, stroke=0, fill=0)
        if place.rotated:
            canvas.translate(place.trim.right, place.trim.top)
            canvas.rotate(180)
        else:
            canvas.translate(place.trim.x, place.trim.y)

    def _begin_form(self, canvas: Canvas, name: str, bleed: float) -> bool:
        """Start drawing a form unless it exists already."""
        if name in self._forms:
            return False
        self._forms.add(name)
        canvas.beginForm(name, -bleed, -bleed, self.width + bleed, self.height + bleed)
        return True

    def _fill_to_bleed(self, canvas: Canvas, colour: str, bleed: float) -> None:
        """Colour the whole card and its bleed, so a cut a little off the line shows no white."""
        canvas.setFillColor(self.palette(colour))
        canvas.rect(-bleed, -bleed, self.width + 2 * bleed, self.height + 2 * bleed, stroke=0, fill=1)

    def _frame_form(self, canvas: Canvas, colour: Colour, stars: int, emblem: bool) -> str:
        name = f"front-{colour.key}-{stars}{'-emblem' if emblem else ''}"
        if not self._begin_form(canvas, name, self.bleed):
            return name
        s, w, h, ink = self.style, self.width, self.height, self.palette
        self._fill_to_bleed(canvas, colour.print_tint, self.bleed)
        canvas.setFillColor(ink(theme.PAPER))
        canvas.setStrokeColor(ink(colour.print_strong))
        canvas.setLineWidth(s.edge_line)
        canvas.roundRect(s.frame, s.frame, w - 2 * s.frame, h - 2 * s.frame, s.corner_radius, stroke=1, fill=1)
        x, y, width, height = self.window
        canvas.setFillColor(ink(colour.print_tint))
        canvas.roundRect(x, y, width, height, s.corner_radius, stroke=0, fill=1)
        if emblem:  # no picture: one large suit symbol, as on the ace of a playing-card deck
            canvas.setFillColor(ink(colour.print_strong))
            symbols.suit(canvas, colour, x + width / 2, y + height / 2, s.emblem_size)
        self._draw_index(canvas, colour, stars)
        canvas.saveState()
        canvas.translate(w, h)
        canvas.rotate(180)
        self._draw_index(canvas, colour, stars)
        canvas.restoreState()
        canvas.setFillColor(ink(theme.MUTED))
        canvas.setFont(theme.FONT_MEDIUM, s.grade_size)
        canvas.drawCentredString(w / 2, s.frame + s.padding, grade_label(colour.grade))
        canvas.endForm()
        return name

    def _draw_index(self, canvas: Canvas, colour: Colour, stars: int) -> None:
        """The corner index: the suit symbol, and the stars under it."""
        s = self.style
        cx = s.frame + s.index_margin + s.suit_size / 2
        suit, stars_at = self._index_centres(stars)
        canvas.setFillColor(self.palette(colour.print_strong))
        symbols.suit(canvas, colour, cx, suit, s.suit_size)
        for y in stars_at:
            symbols.star(canvas, cx, y, s.star_size)

    def _draw_letters(self, canvas: Canvas, front: Front) -> None:
        """The hard letters under the stars, in both corners: a fanned hand shows what can be tossed in.
        Each row is underlined, so the turned corner reads as turned (a line over «бб», not «99»)."""
        s = self.style
        cx = s.frame + s.index_margin + s.suit_size / 2
        baselines = self._letter_baselines(front.card.stars, len(front.letters), front.letter_size)
        canvas.setFillColor(self.palette(theme.HARD_RED))
        canvas.setFont(theme.FONT_BOLD, front.letter_size)
        for turned in (False, True):
            if turned:
                canvas.saveState()
                canvas.translate(self.width, self.height)
                canvas.rotate(180)
            for line, y in zip(front.letters, baselines):
                canvas.drawCentredString(cx, y, line)
                # Underlined, as in the word: turned, the line is on top, so «б» never reads as «9».
                width = stringWidth(line, theme.FONT_BOLD, front.letter_size)
                canvas.rect(cx - width / 2, y - front.letter_size * 0.16, width, front.letter_size * UNDERLINE,
                            stroke=0, fill=1)
            if turned:
                canvas.restoreState()

    def _draw_picture(self, canvas: Canvas, card: Card) -> None:
        """The picture scaled by what it draws (its ink's box), centred on it: the set reads evenly."""
        s = self.style
        x, y, width, height = self.window
        name = self._pictures.name(canvas, card.picture)
        x0, y0, x1, y1 = drawings.load(card.picture).drawn
        scale = min(s.picture_size / (x1 - x0), min(s.picture_size, height - 2 * s.padding) / (y1 - y0))
        canvas.saveState()
        canvas.translate(x + width / 2 - (x0 + x1) / 2 * scale, y + height / 2 - (y0 + y1) / 2 * scale)
        canvas.scale(scale, scale)
        canvas.doForm(name)
        canvas.restoreState()

    def _draw_word(self, canvas: Canvas, front: Front) -> None:
        card, size = front.card, front.word_size
        word, ink = card.word, self.palette
        x = (self.width - stringWidth(word, theme.FONT_BOLD, size)) / 2
        text = canvas.beginText(x, front.word_baseline)
        text.setFont(theme.FONT_BOLD, size)
        for start, end, hard in runs(card):
            text.setFillColor(ink(theme.HARD_RED if hard else theme.INK))
            text.textOut(word[start:end])
        canvas.drawText(text)
        # Hard letters are also underlined: they stay visible in greyscale and to colour-blind players.
        canvas.setFillColor(ink(theme.HARD_RED))
        for start, end, hard in runs(card):
            if hard:
                left = x + stringWidth(word[:start], theme.FONT_BOLD, size)
                width = stringWidth(word[start:end], theme.FONT_BOLD, size)
                canvas.rect(left + size * 0.03, front.word_baseline - size * 0.16, width - size * 0.06,
                            size * UNDERLINE, stroke=0, fill=1)
        if self.stress:
            for i in card.stress_positions:
                if word[i] not in "ёЁ":  # ё is always stressed and never marked
                    self._draw_stress(canvas, card, x, front.word_baseline, i, size)

    def _draw_stress(self, canvas: Canvas, card: Card, x: float, baseline: float, index: int,
                     size: float) -> None:
        """A small acute over the stressed vowel, drawn as a shape: no font places it reliably."""
        word = card.word
        left = x + stringWidth(word[:index], theme.FONT_BOLD, size)
        centre = left + stringWidth(word[index], theme.FONT_BOLD, size) / 2
        height = theme.CAP_HEIGHT if word[index].isupper() else theme.X_HEIGHT
        base = baseline + size * (height + 0.08)
        rise = size * self.style.stress_height
        thick = size * 0.07
        canvas.setFillColor(self.palette(theme.HARD_RED if index in card.hard_positions else theme.INK))
        path = canvas.beginPath()
        path.moveTo(centre - rise * 0.3 - thick / 2, base)
        path.lineTo(centre - rise * 0.3 + thick / 2, base)
        path.lineTo(centre + rise * 0.3 + thick, base + rise)
        path.lineTo(centre + rise * 0.3 - thick * 0.4, base + rise)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)

    def _draw_definition(self, canvas: Canvas, block: fit.TextBlock, top: float) -> None:
        canvas.setFillColor(self.palette(theme.INK))
        canvas.setFont(theme.FONT_REGULAR, block.size)
        baseline = top - block.size
        for line in block.lines:
            canvas.drawCentredString(self.width / 2, baseline, line)
            baseline -= block.leading

    def _back_form(self, canvas: Canvas) -> str:
        """The one back, the same for every grade: the four suit shapes in a light tone over a pale field,
        all over the card and its bleed, so that duplex drift or an uneven cut shows no edge or frame
        to be off-centre, and the game's name on a panel well inside the card. Sparing with ink."""
        name = "back"
        if not self._begin_form(canvas, name, self.back_bleed):
            return name
        s, w, h, ink = self.style, self.width, self.height, self.palette
        self._fill_to_bleed(canvas, theme.BACK_FIELD, self.back_bleed)
        panel_w, panel_h = w * 0.66, h * 0.3
        px, py = (w - panel_w) / 2, (h - panel_h) / 2
        # A lattice centred on the card, every other row shifted half a step, running on into the bleed.
        size, step_x, step_y = s.back_symbol * 0.8, s.back_symbol * 1.5, s.back_symbol * 1.3
        colours = list(Colour)
        canvas.setFillColor(ink(theme.BACK_PATTERN))
        reach_x = int((w / 2 + self.back_bleed) // step_x) + 1
        reach_y = int((h / 2 + self.back_bleed) // step_y) + 1
        for j in range(-reach_y, reach_y + 1):
            for i in range(-reach_x, reach_x + 1):
                x, y = w / 2 + (i + (j % 2) / 2) * step_x, h / 2 + j * step_y
                if not (px - size < x < px + panel_w + size and py - size < y < py + panel_h + size):
                    symbols.suit(canvas, colours[(i + 2 * j) % 4], x, y, size)
        # The panel: paper white with a dark frame and a thin line inside it, like a box's label.
        canvas.setFillColor(ink(theme.PAPER))
        canvas.setStrokeColor(ink(theme.BACK_INK))
        canvas.setLineWidth(s.edge_line * 2.5)
        canvas.roundRect(px, py, panel_w, panel_h, s.corner_radius * 1.5, stroke=1, fill=1)
        gap = s.padding * 0.6
        canvas.setStrokeColor(ink(theme.BACK_LINE))
        canvas.setLineWidth(s.edge_line)
        canvas.roundRect(px + gap, py + gap, panel_w - 2 * gap, panel_h - 2 * gap, s.corner_radius, stroke=1, fill=0)
        title = fit.fit_line(theme.GAME_NAME, theme.FONT_BOLD, panel_w * 0.82, s.back_title_max, 6) or 6
        canvas.setFillColor(ink(theme.BACK_INK))
        canvas.setFont(theme.FONT_BOLD, title)
        canvas.drawCentredString(w / 2, py + panel_h * 0.56, theme.GAME_NAME)
        canvas.setFont(theme.FONT_REGULAR, s.grade_size)
        canvas.drawCentredString(w / 2, py + panel_h * 0.38, theme.BACK_SUBTITLE)
        size = s.back_symbol * 0.9
        for k, colour in enumerate(colours):
            canvas.setFillColor(ink(colour.print_strong))
            symbols.suit(canvas, colour, w / 2 + (k - 1.5) * size * 1.6, py + panel_h * 0.18, size)
        canvas.endForm()
        return name


def deck_type(deck: Iterable[Card], options: DeckOptions = DeckOptions()) -> DeckType:
    """The deck's definition size on cards of ``options.card_size``: what `check` and `preview` report.
    FitError names a definition that fits at no size."""
    return Faces(*(v * theme.MM for v in options.card_size), 0, options.stress).fit_deck(deck)


def runs(card: Card) -> list[tuple[int, int, bool]]:
    """The word cut into runs of hard and ordinary letters: (start, end, hard)."""
    hard = set(card.hard_positions)
    runs: list[tuple[int, int, bool]] = []
    for i in range(len(card.word)):
        if runs and runs[-1][2] == (i in hard):
            runs[-1] = (runs[-1][0], i + 1, runs[-1][2])
        else:
            runs.append((i, i + 1, i in hard))
    return runs


def _points(size: float) -> str:
    """A font size as the messages say it: to a tenth of a point (sizes scale with the card: 6,8, not 6,78571)."""
    return f"{round(size, 1):g}".replace(".", ",")


def _where(card: Card) -> str:
    return f"{card.source}: " if card.source else ""


