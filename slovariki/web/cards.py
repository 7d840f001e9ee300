"""Cards for the shared drawing script (static/cards.js): each card as JSON, and the printed card's
colours and measures (the palette) it draws them with, taken from the print's own layout
(generator/faces.py), so a card on a screen looks as it is printed.

A card's picture is given as an address relative to the page: ``pictures/<name>.svg`` for one of the
shipped set (assets.shipped_picture serves it), ``pictures/own/<key>`` for an editor's own file, by a
key made from its path (the app serves it after finding the card whose picture has that key); a
request never names a file.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from slovariki.bank import pictures
from slovariki.game import PlayingCard
from slovariki.game.cards import RANK_NAMES
from slovariki.generator import theme
from slovariki.generator.faces import Faces, hard_letters
from slovariki.generator.symbols import SHAPE_NAMES
from slovariki.model import Colour


def palette() -> dict:
    """The printed card's colours, suit shapes and measures, for the page to draw cards as they are printed."""
    colours = {c.key: {"grade": c.grade, "tint": c.print_tint, "strong": c.print_strong, "name": c.russian,
                       "shape": SHAPE_NAMES[c]} for c in Colour}
    return {"colours": colours, "ink": theme.INK, "hard": theme.HARD_RED, "muted": theme.MUTED,
            "back_field": theme.BACK_FIELD, "back_ink": theme.BACK_INK, "face": face_measures()}


def face_measures() -> dict[str, float]:
    """Where the printed face puts each part (a poker card's layout, generator/faces.py), measured
    from the white face's top left corner in tenths of the card's width: the page's cards use them."""
    width, height = 63 * theme.MM, 88 * theme.MM
    faces = Faces(width, height, 0, True)
    s = faces.style
    x, y, w, h = faces.window
    measures = {
        "frame": s.frame, "radius": s.corner_radius, "margin": s.index_margin, "index-width": s.index_width,
        "suit": s.suit_size, "star": s.star_size, "star-step": s.star_step, "index-gap": s.index_gap,
        "letter": s.letter_size, "letter-gap": s.letter_gap,
        "window-left": x - s.frame, "window-top": height - s.frame - (y + h), "window-width": w, "window-height": h,
        "picture": s.picture_size, "emblem": s.emblem_size,
        "word": s.word_max, "word-margin": s.word_margin, "baseline": height - s.frame - faces.word_baseline,
        "definition": s.definition_max, "definition-gap": s.definition_gap, "grade": s.grade_size, "padding": s.padding,
    }
    return {name: round(value / (width / 10), 4) for name, value in measures.items()}


def card_json(card: Any) -> dict:
    """A card as the page draws it: a word card's colour, stars, red letters (in the word and in the
    corner index), stress, picture and definition, or an ordinary card's rank and suit."""
    if isinstance(card, PlayingCard):
        return {"word": str(card), "rank": RANK_NAMES[card.rank], "suit": card.suit.key, "symbol": card.suit.symbol}
    word = card.word
    return {"word": word, "colour": card.colour.key, "grade": card.grade, "stars": card.stars,
            "hard": list(card.hard_positions), "stress": [i for i in card.stress_positions if word[i] not in "ёЁ"],
            "letters": hard_letters(card), "picture": picture_url(card.picture), "definition": card.definition}


def picture_url(path: Path | None) -> str | None:
    """Where the page gets a card's picture: a shipped one by its name, an editor's own by a key made
    from its path; a request never names a file."""
    if path is None:
        return None
    if path.parent == pictures.shipped_folder() and path.stem in pictures.shipped():
        return f"pictures/{path.stem}.svg"
    return f"pictures/own/{own_picture_key(path)}"


def own_picture_key(path: Path) -> str:
    return hashlib.sha256(str(path).encode("utf-8", "surrogatepass")).hexdigest()[:24] + path.suffix.lower()


