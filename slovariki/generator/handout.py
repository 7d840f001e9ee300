"""wordlist.pdf: the teacher's handout, every word by grade and stars, ready for a dictation."""

from __future__ import annotations

from itertools import groupby
from typing import BinaryIO
from xml.sax.saxutils import escape

from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from slovariki import russian
from slovariki.generator import documents, theme
from slovariki.generator.faces import grade_label
from slovariki.generator.symbols import SHAPE_NAMES
from slovariki.markup import ACUTE
from slovariki.model import Card, Deck

MM = theme.MM


def word_markup(card: Card, stress: bool) -> str:
    """The word as paragraph markup: hard letters red, the stress as an accent (not over ё)."""
    out = []
    for i, ch in enumerate(card.word):
        text = escape(ch) + (ACUTE if stress and i in card.stress_positions and ch not in "ёЁ" else "")
        out.append(f'<font color="{theme.HARD_RED}">{text}</font>' if i in card.hard_positions else text)
    return "".join(out)


def prepare(deck: Deck, stress: bool = True) -> list[Flowable]:
    styles = documents.styles()
    story: list[Flowable] = [
        Paragraph("«Словарики»: словарные слова", styles["h1"]),
        Paragraph(f"Сложные буквы выделены красным{', ударение отмечено' if stress else ''}. Слова сгруппированы "
                  "по классам и звёздочкам: чем больше звёздочек, тем труднее написать слово.", styles["note"]),
    ]
    cards = sorted(deck, key=lambda c: (c.grade, c.stars))
    for grade, in_grade in groupby(cards, key=lambda c: c.grade):
        colour = next(iter(in_grade := list(in_grade))).colour
        story.append(Paragraph(f"{grade_label(grade)}: {colour.russian} цвет, значок «{SHAPE_NAMES[colour]}» "
                               f"({len(in_grade)} {russian.plural(len(in_grade), 'слово', 'слова', 'слов')})",
                               styles["h2"]))
        number = 1  # words are numbered through the grade, for a dictation
        for stars, group in groupby(in_grade, key=lambda c: c.stars):
            group = list(group)
            story.append(_table(grade, stars, group, number, styles, stress))
            number += len(group)
    return story


def _table(grade: int, stars: int, cards: list[Card], first: int, styles: dict, stress: bool) -> Table:
    # The heading row repeats on a new page, so it names the grade too: numbers restart in each grade.
    heading = f"{grade_label(grade)}, {russian.stars(stars)}"
    rows = [[Paragraph(f"<b>{heading}</b>", styles["cell"]), "", ""]]
    rows += [[Paragraph(str(n), styles["cell"]), Paragraph(word_markup(card, stress), styles["word"]),
              Paragraph(escape(card.definition), styles["cell"])] for n, card in enumerate(cards, first)]
    table = Table(rows, colWidths=[9 * MM, 48 * MM, None], repeatRows=1)
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), theme.FONT_REGULAR),
        ("SPAN", (0, 0), (-1, 0)),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.3, theme.RULE_LINE),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
    ]))
    return table


def render_handout(stream: BinaryIO, story: list[Flowable], paper: str) -> int:
    doc = documents.document(stream, paper, "«Словарики»: словарные слова",
                             "Словарные слова колоды по классам и звёздочкам, с толкованиями, для диктанта")
    doc.build(story, onFirstPage=documents.print_settings, onLaterPages=documents.print_settings)
    return doc.page
