"""cards.pdf read back: pages, words, red letters, fonts, card sizes, backs, marks, metadata."""

from __future__ import annotations

from collections import Counter, defaultdict

import pdfplumber
import pytest
from pypdf import PdfReader

from slovariki.generator import theme
from slovariki.generator.build import build_deck
from slovariki.generator.options import DeckOptions
from slovariki.markup import parse
from slovariki.model import Card, Colour, Deck
from generator_helpers import MM, RED, mm

WORD_SIZE = 13  # points: only the words are set this large


def words_on(page) -> list[tuple[str, tuple[bool, ...]]]:
    """The big words of a page as (text, red mask), one per card, spaces dropped."""
    cards = _rects(page, TINTS)
    by_card = defaultdict(list)
    for ch in page.chars:
        if ch["size"] > WORD_SIZE and ch["text"].strip():
            x, y = (ch["x0"] + ch["x1"]) / 2, (ch["top"] + ch["bottom"]) / 2
            index = next(i for i, r in enumerate(cards) if r["x0"] < x < r["x1"] and r["top"] < y < r["bottom"])
            by_card[index].append(ch)
    found = []
    for chars in by_card.values():
        chars.sort(key=lambda c: c["x0"])
        found.append(("".join(c["text"] for c in chars), tuple(tuple(c["non_stroking_color"]) == RED for c in chars)))
    return found


def card_words(pdf, step: int = 2) -> list[tuple[str, tuple[bool, ...]]]:
    return [w for page in pdf.pages[::step] for w in words_on(page)]


@pytest.fixture(scope="module")
def default_pdf(build):
    with pdfplumber.open(build(copies=2, grade_sheets=False) / "cards.pdf") as pdf:
        yield pdf


def test_default_sheet_is_a4_with_nine_poker_cards_and_a_back_page(default_pdf, deck):
    pages = default_pdf.pages
    assert len(pages) == 2 * 2 * -(-len(deck) // 9)  # two sets, each starting on a new sheet
    for page in pages:
        assert (round(mm(page.width)), round(mm(page.height))) == (210, 297)
    fronts = [r for r in pages[0].rects if r["non_stroking_color"] in TINTS]
    assert len(fronts) == 9


def test_every_word_is_printed_once_per_copy(default_pdf, deck):
    printed = Counter(word for word, _ in card_words(default_pdf))
    assert printed == Counter({card.word.replace(" ", ""): 2 for card in deck})


def test_red_letters_are_exactly_the_hard_letters(default_pdf, deck):
    for word, mask in card_words(default_pdf):
        card = next(c for c in deck if c.word.replace(" ", "") == word)
        letters = [i for i, ch in enumerate(card.word) if ch != " "]
        assert [i for i, red in zip(letters, mask) if red] == list(card.hard_positions), word


def test_word_and_definition_are_real_text(default_pdf, deck):
    page = default_pdf.pages[0].filter(lambda o: o.get("object_type") != "char" or not o["fontname"].endswith("Bold")
                                       or o["size"] > WORD_SIZE)  # without the corner index's letters
    texts = [" ".join(page.crop((r["x0"], r["top"], r["x1"], r["bottom"])).extract_text().split())
             for r in _rects(page, TINTS)]
    text = " | ".join(texts)
    assert "Столица России, самый большой город страны." in text
    assert "Маленький сочный плод куста или травы, например малина или клубника." in text
    assert "1 класс" in text


def _rgb(hex_colour: str) -> tuple[float, ...]:
    """A #RRGGBB colour as pdfplumber reports it."""
    return tuple(round(int(hex_colour[i:i + 2], 16) / 255, 6) for i in (1, 3, 5))


TINTS = {_rgb(c.print_tint) for c in Colour}
STRONG = {_rgb(c.print_strong) for c in Colour}
BACK = _rgb(theme.BACK_FIELD)
INK = _rgb("#1A1A1A")


def _rects(page, colours) -> list[dict]:
    return [r for r in page.rects if tuple(round(v, 6) for v in r["non_stroking_color"]) in colours]


@pytest.mark.parametrize("options, size", [
    ({}, (63, 88)), ({"card_size": (57.0, 89.0)}, (57, 89)), ({"card_size": (44.0, 63.0)}, (44, 63)),
    ({"card_size": (70.0, 100.0), "gap": 2.0}, (70, 100)),
])
def test_card_rectangles_have_the_card_size(build, options, size):
    with pdfplumber.open(build(**options) / "cards.pdf") as pdf:
        fronts, backs = _rects(pdf.pages[0], TINTS), _rects(pdf.pages[1], {BACK})
    assert fronts and backs
    for r in fronts:
        assert abs(mm(r["width"]) - size[0]) <= 0.1 and abs(mm(r["height"]) - size[1]) <= 0.1
    for r in backs:  # a back's colour always runs 2.5 mm past its trim
        assert abs(mm(r["width"]) - size[0] - 5) <= 0.1 and abs(mm(r["height"]) - size[1] - 5) <= 0.1


def test_bleed_extends_the_colour_past_the_trim(build):
    with pdfplumber.open(build(bleed=3.0) / "cards.pdf") as pdf:
        page = pdf.pages[0]
        rects = _rects(page, TINTS)
        boxes = PdfReader(build(bleed=3.0) / "cards.pdf").pages[0]
    assert rects and all(abs(mm(r["width"]) - 69) <= 0.1 and abs(mm(r["height"]) - 94) <= 0.1 for r in rects)
    trim, bleed = boxes.trimbox, boxes.bleedbox
    assert abs(mm(float(trim.left) - float(bleed.left)) - 3) < 0.01


def test_corner_indices_read_at_a_glance_and_the_emblem_is_larger(default_pdf):
    seen = 0
    for page in default_pdf.pages[::2]:
        shapes = [o for o in page.curves if _colour(o) in STRONG]
        windows = [o for o in page.curves if _colour(o) in TINTS]
        for card in _rects(page, TINTS):
            mine = sorted((o for o in shapes if _within(o, card)),
                          key=lambda o: -(o["x1"] - o["x0"]) * (o["bottom"] - o["top"]))
            emblem, suits, stars = mine[0], mine[1:3], mine[3:]  # no picture in this bank: the suit, large
            assert mm(emblem["x1"] - emblem["x0"]) >= 12
            assert len(stars) in (2, 4, 6)  # the same stars in both corners
            assert all(max(mm(o["x1"] - o["x0"]), mm(o["bottom"] - o["top"])) >= 4.8 for o in suits)
            assert all(mm(o["x1"] - o["x0"]) >= 3.5 for o in stars)
            for o in mine:  # inside the white face, with room to spare
                assert min(o["x0"] - card["x0"], card["x1"] - o["x1"], o["top"] - card["top"],
                           card["bottom"] - o["bottom"]) >= (3.5 + 2) * MM
            window = [o for o in windows if _within(o, card)]
            assert len(window) == 1 and mm(window[0]["x1"] - window[0]["x0"]) >= 30
            assert _within(emblem, window[0])
            seen += 1
    assert seen


def _index_letter(obj: dict, word_size: float) -> bool:
    """A hard letter of the corner index (small, bold, red): it belongs to the index."""
    return (obj.get("object_type") == "char" and obj["fontname"].endswith("Bold") and obj["size"] <= word_size
            and _colour(obj) == RED)


def _colour(obj: dict) -> tuple[float, ...]:
    return tuple(round(v, 6) for v in obj["non_stroking_color"] or ())


def _within(obj: dict, card: dict) -> bool:
    return (card["x0"] <= obj["x0"] and obj["x1"] <= card["x1"]
            and card["top"] <= obj["top"] and obj["bottom"] <= card["bottom"])


@pytest.mark.parametrize("options", [
    {}, {"card_size": (57.0, 89.0)}, {"card_size": (44.0, 63.0)}, {"bleed": 3.0}, {"backs": "fold"},
])
def test_text_keeps_clear_of_the_corner_indices_and_the_emblem(deck, tmp_path, options):
    # A long word with a long definition on a three-star card: its last lines pass the tallest corner index.
    long = Card(parse("[э]л[е]ктр[о]ст+анция"), 4, 3, "Предприятие, на котором вырабатывают электрический ток "
                "для домов, заводов и улиц всего города.")
    cards = Deck.of([*deck, long])
    build_deck(cards, DeckOptions(**options), tmp_path)
    style = theme.card_style(*(v * MM for v in DeckOptions(**options).card_size))
    bleed = options.get("bleed", 0.0) * MM
    stars = {card.word.replace(" ", ""): card.stars for card in cards}
    checked = 0
    with pdfplumber.open(tmp_path / "cards.pdf") as pdf:
        for page in pdf.pages:
            chars = [c for c in page.chars if c["text"].strip()]
            marks = [o for o in page.curves + page.rects  # stress marks and underlines
                     if _colour(o) in {INK, RED}]
            for r in _rects(page, TINTS):
                checked += 1
                _assert_clear((r["x0"] + bleed, r["top"] + bleed, r["x1"] - bleed, r["bottom"] - bleed),
                              chars + marks, stars, style.letter_size + 0.5)
    assert checked == len(cards)


def _assert_clear(card: tuple[float, float, float, float], objects: list[dict], stars: dict[str, int],
                  word_size: float) -> None:
    """No letter, stress mark or underline of the card touches its corner indices or its window."""
    x0, top, x1, bottom = card
    inside = [o for o in objects if x0 < (o["x0"] + o["x1"]) / 2 < x1 and top < (o["top"] + o["bottom"]) / 2 < bottom]
    word = "".join(o["text"] for o in sorted(inside, key=lambda o: o["x0"])
                   if o.get("size", 0) > word_size and o["fontname"].endswith("Bold") and o["text"].strip())
    inside = [o for o in inside if not _index_letter(o, word_size)]
    assert len(inside) > len(word) + 10  # word, its marks, definition and grade label
    s = theme.card_style(x1 - x0, bottom - top)
    inset = s.frame + s.index_margin
    index_h = s.suit_size + s.index_gap + s.star_size + (stars[word] - 1) * s.star_step
    side = s.frame + s.window_side
    keep_out = [
        (x0 + inset, top + inset, x0 + inset + s.index_width, top + inset + index_h),
        (x1 - inset - s.index_width, bottom - inset - index_h, x1 - inset, bottom - inset),
        (x0 + side, top + inset, x1 - side, top + inset + s.window_height),
    ]
    for o in inside:
        for bx0, btop, bx1, bbottom in keep_out:
            assert o["x1"] <= bx0 or o["x0"] >= bx1 or o["bottom"] <= btop or o["top"] >= bbottom, (word, o.get("text"))


@pytest.mark.parametrize("backs, mirror_x", [("duplex-long", True), ("duplex-short", False)])
def test_backs_mirror_the_fronts_for_the_chosen_flip_edge(build, backs, mirror_x):
    bleed = theme.BACK_BLEED
    with pdfplumber.open(build(backs=backs, copies=1) / "cards.pdf") as pdf:
        width, height = pdf.pages[0].width, pdf.pages[0].height
        fronts = {(r["x0"], r["bottom"]) for r in _rects(pdf.pages[0], TINTS)}
        backs_at = {(r["x0"] + bleed, r["bottom"] - bleed) for r in _rects(pdf.pages[1], {BACK})}
        card_w = _rects(pdf.pages[0], TINTS)[0]["width"]
        card_h = _rects(pdf.pages[0], TINTS)[0]["height"]
    if mirror_x:
        expected = {(width - x - card_w, bottom) for x, bottom in fronts}
    else:
        expected = {(x, height - bottom + card_h) for x, bottom in fronts}
    assert len(backs_at) == len(expected)
    for got, want in zip(sorted(backs_at), sorted(expected)):
        assert abs(got[0] - want[0]) < 0.05 and abs(got[1] - want[1]) < 0.05


def test_back_offset_moves_only_the_backs(build):
    with pdfplumber.open(build(back_offset=(1.0, -2.0)) / "cards.pdf") as shifted, \
            pdfplumber.open(build() / "cards.pdf") as plain:
        assert {(r["x0"], r["top"]) for r in _rects(shifted.pages[0], TINTS)} == \
            {(r["x0"], r["top"]) for r in _rects(plain.pages[0], TINTS)}
        moved = sorted((round(mm(a["x0"] - b["x0"]), 3), round(mm(a["top"] - b["top"]), 3))
                       for a, b in zip(_rects(shifted.pages[1], {BACK}), _rects(plain.pages[1], {BACK})))
    assert set(moved) == {(1.0, 2.0)}  # pdfplumber's top grows downwards


def test_crop_marks_lie_outside_every_card_and_line_up(default_pdf):
    page = default_pdf.pages[0]
    cards = _rects(page, TINTS)
    marks = page.lines
    assert marks
    for line in marks:
        for r in cards:
            inside_x = r["x0"] < line["x0"] < r["x1"] or r["x0"] < line["x1"] < r["x1"]
            inside_y = r["top"] < line["top"] < r["bottom"] or r["top"] < line["bottom"] < r["bottom"]
            assert not (inside_x and inside_y)
    edges_x = {round(v, 2) for r in cards for v in (r["x0"], r["x1"])}
    assert {round(line["x0"], 2) for line in marks if line["x0"] == line["x1"]} == edges_x
    assert not default_pdf.pages[1].lines  # no cut marks on backs


def test_no_crop_marks_when_asked(build):
    with pdfplumber.open(build(crop_marks=False) / "cards.pdf") as pdf:
        assert not pdf.pages[0].lines


def test_fold_puts_front_and_back_side_by_side_with_fold_marks(build, deck):
    with pdfplumber.open(build(backs="fold", grade_sheets=False) / "cards.pdf") as pdf:
        page = pdf.pages[0]
        fronts, backs = _rects(page, TINTS), _rects(page, {BACK})
        assert len(pdf.pages) == -(-len(deck) // 4)
        assert len(fronts) == len(backs) == 4  # A4 turned: four poker cards with their backs
        for front in fronts:
            # a back's colour runs past its trim (clipped away at the fold)
            assert any(abs(back["x0"] + theme.BACK_BLEED - front["x1"]) < 0.01
                       and abs(back["top"] + theme.BACK_BLEED - front["top"]) < 0.01 for back in backs)
        assert any(line.get("dash") for line in page.lines)


def test_no_backs_gives_front_pages_only(build, deck):
    with pdfplumber.open(build(backs="none", grade_sheets=False) / "cards.pdf") as pdf:
        assert len(pdf.pages) == -(-len(deck) // 9)
        assert not _rects(pdf.pages[0], {BACK})


def test_letter_landscape_page_size(build):
    with pdfplumber.open(build(paper="letter", landscape=True, grade_sheets=False) / "cards.pdf") as pdf:
        page = pdf.pages[0]
        assert (round(mm(page.width), 1), round(mm(page.height), 1)) == (279.4, 215.9)
        assert len(_rects(page, TINTS)) == 8  # 4 × 2


@pytest.mark.parametrize("name", ["cards.pdf", "rules.pdf", "wordlist.pdf"])
def test_fonts_are_embedded_subsets(build, name):
    reader = PdfReader(build() / name)
    seen = set()
    for page in reader.pages:
        fonts = dict(page["/Resources"]["/Font"])
        for ref in fonts.values():
            font = ref.get_object()
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            descriptor = descendant["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor
            seen.add(str(font["/BaseFont"]))
    assert seen and all("+Roboto" in name for name in seen)


def test_metadata_boxes_and_print_preferences(build):
    reader = PdfReader(build() / "cards.pdf")
    meta = reader.metadata
    assert "Словарики" in meta.title and meta.author and meta.subject
    root = reader.trailer["/Root"]
    assert root["/Lang"] == "ru"
    assert root["/ViewerPreferences"]["/PrintScaling"] == "/None"
    assert root["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"
    page = reader.pages[0]
    assert "/TrimBox" in page and "/BleedBox" in page


def test_two_builds_are_byte_identical(build, deck, tmp_path):
    from slovariki.generator.build import build_deck
    from slovariki.generator.options import DeckOptions

    build_deck(deck, DeckOptions(copies=2), tmp_path)
    for name in ("cards.pdf", "rules.pdf", "wordlist.pdf"):
        assert (tmp_path / name).read_bytes() == (build(copies=2) / name).read_bytes(), name


def test_no_stress_option_drops_the_marks(build):
    with pdfplumber.open(build() / "cards.pdf") as marked, pdfplumber.open(build(stress=False) / "cards.pdf") as bare:
        assert len(bare.pages[0].curves) < len(marked.pages[0].curves)
