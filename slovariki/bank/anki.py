"""The word bank as an Anki deck (genanki) for study at home: one note per word, a sub-deck per grade.

The front shows the definition and the word with its hard letters as gaps («к_р_дор»); the back, the
whole word with the hard letters red and the stress marked. Every id is fixed: the note's comes from
the plain word, the decks' and the note type's are constants, so importing a new export into Anki
updates the cards already there instead of adding copies.
"""

from __future__ import annotations

import html
import io
from collections.abc import Iterable
from pathlib import Path

from slovariki.files import atomic
from slovariki.markup import ACUTE
from slovariki.model import Card, Colour

SUFFIX = ".apkg"  # what Anki's «Файл → Импорт» takes for a deck
DECK_NAME = "Словарики"
MODEL_ID = 1_731_200_001  # never change: Anki knows the note type by it
DECK_IDS = {grade: 1_731_200_010 + grade for grade in (1, 2, 3, 4)}
GAP = "_"
FIELDS = ["Слово", "Толкование", "С пропусками", "Ответ", "Класс", "Звёздочки"]
CSS = """.card { font-family: Arial, sans-serif; font-size: 22px; text-align: center; color: #222; }
.definition { margin-bottom: 1em; }
.word { font-size: 34px; font-weight: bold; letter-spacing: 0.06em; }
.hard { color: #D00000; text-decoration: underline; }
.gap { color: #D00000; }
.grade { font-size: 14px; color: #777; margin-top: 1.5em; }"""
FRONT = """<div class="definition">{{Толкование}}</div>
<div class="word">{{С пропусками}}</div>
<div class="grade">{{Класс}}, {{Звёздочки}}</div>"""
BACK = """{{FrontSide}}
<hr id="answer">
<div class="word">{{Ответ}}</div>"""


def gapped(card: Card) -> str:
    """The word with every hard letter replaced by a gap: «к_р_дор»."""
    return "".join(f'<span class="gap">{GAP}</span>' if i in card.hard_positions else html.escape(ch)
                   for i, ch in enumerate(card.word))


def answer(card: Card) -> str:
    """The whole word, hard letters red and underlined, the stressed vowel with its accent."""
    out = []
    for i, ch in enumerate(card.word):
        text = html.escape(ch) + (ACUTE if i in card.stress_positions else "")
        out.append(f'<span class="hard">{text}</span>' if i in card.hard_positions else text)
    return "".join(out)


def _model():
    import genanki

    return genanki.Model(MODEL_ID, "Словарики: словарное слово", fields=[{"name": name} for name in FIELDS],
                         templates=[{"name": "Слово по толкованию", "qfmt": FRONT, "afmt": BACK}], css=CSS,
                         sort_field_index=0)


def build(cards: Iterable[Card]):
    """The genanki package: a sub-deck per grade under «Словарики», a note per card."""
    import genanki

    from slovariki.text.russian import stars

    model = _model()
    decks: dict[int, genanki.Deck] = {}
    for card in cards:
        grade = card.grade
        if grade not in decks:
            colour = Colour.for_grade(grade).russian
            decks[grade] = genanki.Deck(DECK_IDS[grade], f"{DECK_NAME}::{grade} класс ({colour})")
        decks[grade].add_note(genanki.Note(
            model=model, guid=genanki.guid_for(DECK_NAME, card.word),
            fields=[html.escape(card.word), html.escape(card.definition), gapped(card), answer(card),
                    f"{grade} класс", stars(card.stars)],
            tags=[f"{grade}_класс"]))
    return genanki.Package([decks[g] for g in sorted(decks)])


def write(cards: Iterable[Card], path: Path) -> int:
    """Write the .apkg atomically; returns how many notes it holds."""
    package = build(cards)
    data = io.BytesIO()
    package.write_to_file(data)
    atomic.write_bytes(path, data.getvalue())
    return sum(len(deck.notes) for deck in package.decks)
