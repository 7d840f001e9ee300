"""Card faces: measuring a card's text to fit, then drawing fronts and the one back design.

The parts every card of a colour and star count share (frame, corner indices, grade) and the
back are drawn once as PDF forms and placed by reference: small files, fast builds.
The word and the definition are drawn as real text, so they stay searchable.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from slovariki.generator import fit, fonts, symbols, theme
from slovariki.generator.sheet import Placement
from slovariki.model import Card, Colour


WORD_TOP = theme.X_HEIGHT + 0.3  # the word's visible height above the baseline, stress mark included, in ems


UNDERLINE = 0.055  # thickness of the line under hard letters, in ems


class FitError(ValueError):
    """A card's text does not fit its face even at the smallest allowed size."""


@dataclass(frozen=True)
class Front:
    """A card with its text measured: the word's size and the definition's lines."""

    card: Card
    word_size: float
    word_baseline: float  # from the card's bottom edge, the same on every card of a size
    definition: fit.TextBlock


def grade_label(grade: int) -> str:
    return f"{grade} класс"


class Faces:
    """Measures and draws the faces of cards of one size."""

    def __init__(self, width: float, height: float, bleed: float, stress: bool) -> None:
        fonts.register()
        self.width, self.height, self.bleed, self.stress = width, height, bleed, stress
        self.style = s = theme.card_style(width, height)
        inner = width - 2 * (s.frame + s.padding)
        self.word_width = inner
        self.definition_width = inner - 2 * s.padding  # a little narrower than the word: a calmer block
        self.beside_index = width - 2 * (s.frame + s.index_margin + s.index_width)  # lines passing the bottom index
        # Every word stands on the same line, just under the emblem and the lowest possible top index;
        # the definition hangs below it, down to the grade label.
        content_top = min(self._index_bottom(3), self._emblem_centre() - s.emblem_size / 2 - s.emblem_gap)
        self.word_baseline = content_top - s.word_max * WORD_TOP
        self.content_bottom = s.frame + s.padding + s.grade_size * 1.6
        self._forms: set[str] = set()

    # Measuring

    def measure(self, card: Card, with_definition: bool = True) -> Front:
        """Fit the card's text; a card drawn without definition (a rules-sheet example) shows only its word."""
        s = self.style
        word_size = fit.fit_line(card.word, theme.FONT_BOLD, self.word_width, s.word_max, s.word_min)
        if word_size is None:
            raise FitError(f"{_where(card)}слово «{card.word}» не помещается на карту даже шрифтом {s.word_min:g} пт")
        top = self.word_baseline - s.definition_gap
        index_top = self.height - self._index_bottom(card.stars) + s.padding  # the bottom index (turned), and air
        block = fit.fit_block(card.definition if with_definition else "", theme.FONT_REGULAR, self.definition_width,
                              top - self.content_bottom, s.definition_max, s.definition_min, s.leading,
                              fit.hyphenator(), narrow=(top - index_top, self.beside_index))
        if block is not None:
            return Front(card, word_size, self.word_baseline, block)
        hint = "" if fit.hyphenator() else " (переносы недоступны: не установлен pyphen)"
        raise FitError(f"{_where(card)}толкование слова «{card.word}» не помещается на карту даже шрифтом "
                       f"{s.definition_min:g} пт{hint}: сократите его")

    def _index_centres(self, stars: int) -> tuple[float, list[float]]:
        """Heights of the suit's centre and of each star's centre in the top-left corner index."""
        s = self.style
        suit = self.height - s.frame - s.index_margin - s.suit_size / 2
        first = suit - s.suit_size / 2 - s.index_gap - s.star_size / 2
        return suit, [first - i * s.star_step for i in range(stars)]

    def _index_bottom(self, stars: int) -> float:
        s = self.style
        suit, stars_at = self._index_centres(stars)
        return min([suit - s.suit_size / 2, *(y - s.star_size / 2 for y in stars_at)])

    def _emblem_centre(self) -> float:
        s = self.style
        return self.height - s.frame - s.index_margin - s.emblem_size / 2  # level with the corner index

    # Drawing

    def draw_front(self, canvas: Canvas, front: Front, place: Placement) -> None:
        card = front.card
        self._enter(canvas, place)
        canvas.doForm(self._frame_form(canvas, card.colour, card.stars))
        self._draw_word(canvas, front)
        self._draw_definition(canvas, front.definition, front.word_baseline - self.style.definition_gap)
        canvas.restoreState()

    def draw_back(self, canvas: Canvas, place: Placement) -> None:
        self._enter(canvas, place)
        canvas.doForm(self._back_form(canvas))
        canvas.restoreState()

    def _enter(self, canvas: Canvas, place: Placement) -> None:
        """Move the origin to the card's trim corner (turned if asked), clipping to its paint area."""
        canvas.saveState()
        bleed_box = place.trim.grown(self.bleed, self.bleed, self.bleed, self.bleed)
        if place.paint != bleed_box:
            path = canvas.beginPath()
            path.rect(place.paint.x, place.paint.y, place.paint.width, place.paint.height)
            canvas.clipPath(path, stroke=0, fill=0)
        if place.rotated:
            canvas.translate(place.trim.right, place.trim.top)
            canvas.rotate(180)
        else:
            canvas.translate(place.trim.x, place.trim.y)

    def _begin_form(self, canvas: Canvas, name: str) -> bool:
        """Start drawing a form unless it exists already."""
        if name in self._forms:
            return False
        self._forms.add(name)
        b = self.bleed
        canvas.beginForm(name, -b, -b, self.width + b, self.height + b)
        return True

    def _fill_to_bleed(self, canvas: Canvas, colour: str) -> None:
        """Colour the whole card and its bleed, so a cut a little off the line shows no white."""
        b = self.bleed
        canvas.setFillColor(colour)
        canvas.rect(-b, -b, self.width + 2 * b, self.height + 2 * b, stroke=0, fill=1)

    def _frame_form(self, canvas: Canvas, colour: Colour, stars: int) -> str:
        name = f"front-{colour.key}-{stars}"
        if not self._begin_form(canvas, name):
            return name
        s, w, h = self.style, self.width, self.height
        self._fill_to_bleed(canvas, colour.print_tint)
        canvas.setFillColor(theme.PAPER)
        canvas.roundRect(s.frame, s.frame, w - 2 * s.frame, h - 2 * s.frame, s.corner_radius, stroke=0, fill=1)
        canvas.setFillColor(colour.print_tint)
        symbols.suit(canvas, colour, w / 2, self._emblem_centre(), s.emblem_size)
        self._draw_index(canvas, colour, stars)
        canvas.saveState()
        canvas.translate(w, h)
        canvas.rotate(180)
        self._draw_index(canvas, colour, stars)
        canvas.restoreState()
        canvas.setFillColor(theme.MUTED)
        canvas.setFont(theme.FONT_MEDIUM, s.grade_size)
        canvas.drawCentredString(w / 2, s.frame + s.padding, grade_label(colour.grade))
        canvas.endForm()
        return name

    def _draw_index(self, canvas: Canvas, colour: Colour, stars: int) -> None:
        """The corner index: the suit symbol, and the stars under it."""
        s = self.style
        cx = s.frame + s.index_margin + s.suit_size / 2
        suit, stars_at = self._index_centres(stars)
        canvas.setFillColor(colour.print_strong)
        symbols.suit(canvas, colour, cx, suit, s.suit_size)
        for y in stars_at:
            symbols.star(canvas, cx, y, s.star_size)

    def _draw_word(self, canvas: Canvas, front: Front) -> None:
        card, size = front.card, front.word_size
        word = card.word
        x = (self.width - stringWidth(word, theme.FONT_BOLD, size)) / 2
        text = canvas.beginText(x, front.word_baseline)
        text.setFont(theme.FONT_BOLD, size)
        for start, end, hard in _runs(card):
            text.setFillColor(theme.HARD_RED if hard else theme.INK)
            text.textOut(word[start:end])
        canvas.drawText(text)
        # Hard letters are also underlined: they stay visible in greyscale and to colour-blind players.
        canvas.setFillColor(theme.HARD_RED)
        for start, end, hard in _runs(card):
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
        canvas.setFillColor(theme.HARD_RED if index in card.hard_positions else theme.INK)
        path = canvas.beginPath()
        path.moveTo(centre - rise * 0.3 - thick / 2, base)
        path.lineTo(centre - rise * 0.3 + thick / 2, base)
        path.lineTo(centre + rise * 0.3 + thick, base + rise)
        path.lineTo(centre + rise * 0.3 - thick * 0.4, base + rise)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)

    def _draw_definition(self, canvas: Canvas, block: fit.TextBlock, top: float) -> None:
        canvas.setFillColor(theme.INK)
        canvas.setFont(theme.FONT_REGULAR, block.size)
        baseline = top - block.size
        for line in block.lines:
            canvas.drawCentredString(self.width / 2, baseline, line)
            baseline -= block.leading

    def _back_form(self, canvas: Canvas) -> str:
        name = "back"
        if not self._begin_form(canvas, name):
            return name
        s, w, h, b = self.style, self.width, self.height, self.bleed
        self._fill_to_bleed(canvas, theme.BACK_FIELD)
        # A quiet all-over pattern of the four suit shapes: drift in duplex printing stays invisible.
        canvas.setFillColor(theme.BACK_PATTERN)
        step = s.back_symbol * 2.2
        colours = list(Colour)
        row = 0
        y = -b
        while y < h + b + step:
            x = -b + (step / 2 if row % 2 else 0)
            i = row
            while x < w + b + step:
                symbols.suit(canvas, colours[i % 4], x, y, s.back_symbol * 0.8)
                x += step
                i += 1
            y += step * 0.866
            row += 1
        panel_w, panel_h = w * 0.8, h * 0.36
        px, py = (w - panel_w) / 2, (h - panel_h) / 2
        canvas.setFillColor(theme.PAPER)
        canvas.roundRect(px, py, panel_w, panel_h, s.corner_radius * 1.5, stroke=0, fill=1)
        title = fit.fit_line(theme.GAME_NAME, theme.FONT_BOLD, panel_w * 0.86, s.back_title_max, 6) or 6
        canvas.setFillColor(theme.BACK_INK)
        canvas.setFont(theme.FONT_BOLD, title)
        canvas.drawCentredString(w / 2, py + panel_h * 0.56, theme.GAME_NAME)
        canvas.setFont(theme.FONT_REGULAR, s.grade_size)
        canvas.drawCentredString(w / 2, py + panel_h * 0.38, theme.BACK_SUBTITLE)
        size = s.back_symbol * 0.9
        for k, colour in enumerate(colours):
            canvas.setFillColor(colour.print_strong)
            symbols.suit(canvas, colour, w / 2 + (k - 1.5) * size * 1.6, py + panel_h * 0.18, size)
        canvas.endForm()
        return name


def _runs(card: Card) -> list[tuple[int, int, bool]]:
    """The word cut into runs of hard and ordinary letters: (start, end, hard)."""
    hard = set(card.hard_positions)
    runs: list[tuple[int, int, bool]] = []
    for i in range(len(card.word)):
        if runs and runs[-1][2] == (i in hard):
            runs[-1] = (runs[-1][0], i + 1, runs[-1][2])
        else:
            runs.append((i, i + 1, i in hard))
    return runs


def _where(card: Card) -> str:
    return f"{card.source}: " if card.source else ""


