"""Print v3 read back: the print-shop build (one card a page, boxes, 100 % K, PNGs), handouts a pupil can
write on (their words, bookmarks), colours that survive greyscale, the turned index, the mini warning."""

from __future__ import annotations

import re
import shutil
import subprocess

import pdfplumber
import pytest
from PIL import Image, ImageOps
from pypdf import PdfReader

from slovariki.generator import theme
from slovariki.generator.build import build_deck, handout_words
from slovariki.generator.options import DeckOptions, OptionsError
from slovariki.model import Colour
from generator_helpers import MM


@pytest.fixture(scope="module")
def shop(deck, tmp_path_factory):
    out = tmp_path_factory.mktemp("shop")
    result = build_deck(deck, DeckOptions(print_shop=True), out)
    return out, result


def test_print_shop_pages_are_one_card_with_3_mm_bleed_and_their_boxes_fronts_and_backs_in_pairs(shop, deck):
    out, result = shop
    reader = PdfReader(out / "cards.pdf")
    assert len(reader.pages) == 2 * len(deck)
    for page in reader.pages:
        trim, bleed, media = (tuple(round(float(v) / MM, 2) for v in box) for box in
                              (page.trimbox, page.bleedbox, page.mediabox))
        assert trim == (3.0, 3.0, 66.0, 91.0) and bleed == media == (0.0, 0.0, 69.0, 94.0)
    with pdfplumber.open(out / "cards.pdf") as pdf:
        texts = [page.extract_text() for page in pdf.pages[:6]]
    assert all(theme.GAME_NAME not in text for text in texts[::2])  # a front …
    assert all(theme.GAME_NAME in text for text in texts[1::2])      # … then its back


def test_print_shop_colours_are_cmyk_and_text_is_100_percent_black(shop):
    out, _ = shop
    reader = PdfReader(out / "cards.pdf")
    for page in reader.pages[:40]:
        content = page.get_contents().get_data().decode("latin-1")
        assert not re.search(r"\b(rg|RG)\b", content)
        for run in re.findall(r"BT.*?ET", content, re.S):  # black text is 100 % K; the only other is the red
            for c, m, y, k in re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) k", run):
                assert (float(c), float(m), float(y)) == (0, 0, 0) and float(k) == 1 or float(m) > 0.5, run
    with pdfplumber.open(out / "cards.pdf") as pdf:
        black = [ch for ch in pdf.pages[0].chars if ch["non_stroking_color"] == (0, 0, 0, 1)]
        assert black  # the word and the definition


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")
def test_print_shop_pdf_passes_qpdf_check(shop):
    out, _ = shop
    result = subprocess.run(["qpdf", "--check", str(out / "cards.pdf")], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_print_shop_writes_a_png_of_every_card_at_300_dpi_and_one_back(shop, deck):
    out, result = shop
    pngs = sorted((out / "png").iterdir())
    assert result.pngs == len(pngs) == len(deck) + 1
    front = Image.open(pngs[0])
    assert front.info["dpi"][0] == pytest.approx(300, abs=0.5)
    assert front.size[0] == pytest.approx(69 / 25.4 * 300, abs=1) and front.size[1] == pytest.approx(94 / 25.4 * 300, abs=1)
    assert (out / "png" / "рубашка.png").exists()
    assert re.fullmatch(r"001-\w+\.png", pngs[0].name)


def test_print_shop_refuses_fold():
    with pytest.raises(OptionsError, match="--print-shop"):
        DeckOptions(print_shop=True, backs="fold")


def test_handouts_take_the_chosen_cards_and_n_words_a_grade_spread_over_the_list(deck, tmp_path):
    options = DeckOptions(dictation_words=3)
    words = handout_words(list(deck), options)
    for grade in deck.grades:
        listed = sorted((c for c in deck if c.grade == grade), key=lambda c: c.stars)
        picked = [c for c in words if c.grade == grade]
        assert len(picked) == min(3, len(listed)) == len(set(map(id, picked)))
        order = [next(i for i, c in enumerate(listed) if c is card) for card in picked]
        assert order == sorted(order)
        if len(listed) >= 6:  # spread over the list: from its first half to its last quarter
            assert order[0] < len(listed) / 2 and order[-1] >= len(listed) * 3 / 4
    build_deck(deck, DeckOptions(stars=1), tmp_path)
    assert not (tmp_path / "wordlist.pdf").exists()  # a reprint's handouts go beside the whole deck's
    with pdfplumber.open(tmp_path / "wordlist-only.pdf") as pdf:
        text = " ".join(page.extract_text() for page in pdf.pages)
    assert "2 звёздочки" not in text and "1 звёздочка" in text
    with pytest.raises(OptionsError, match="--dictation-words"):
        DeckOptions(dictation_words=0)


def test_game_words_stay_off_the_handouts_unless_asked_and_are_marked(deck, tmp_path):
    from dataclasses import replace

    game = next(iter(deck))
    cards = [replace(card, game_word=card is game) for card in deck]
    assert game.word not in {c.word for c in handout_words(cards, DeckOptions())}
    assert game.word in {c.word for c in handout_words(cards, DeckOptions(game_words=True))}
    from slovariki.model import Deck

    build_deck(Deck.of(cards), DeckOptions(game_words=True), tmp_path)
    for name in ("wordlist.pdf", "dictation-answers.pdf"):
        with pdfplumber.open(tmp_path / name) as pdf:
            text = " ".join(page.extract_text() for page in pdf.pages)
        assert text.count("для игры") == 1, name
    build_deck(Deck.of(cards), DeckOptions(), tmp_path)
    with pdfplumber.open(tmp_path / "wordlist.pdf") as pdf:
        assert "для игры" not in " ".join(page.extract_text() for page in pdf.pages)


def test_grade_headings_are_bookmarks_in_the_word_list_the_dictation_and_the_answers(deck, tmp_path):
    build_deck(deck, DeckOptions(), tmp_path)
    for name in ("wordlist.pdf", "dictation.pdf", "dictation-answers.pdf"):
        outline = [item.title for item in PdfReader(tmp_path / name).outline]
        assert outline == [f"{grade} класс" for grade in deck.grades], name


def test_dictation_gaps_are_wide_apart_and_each_word_has_a_writing_line(deck, tmp_path):
    build_deck(deck, DeckOptions(), tmp_path)
    with pdfplumber.open(tmp_path / "dictation.pdf") as pdf:
        page = pdf.pages[0]
        big = sorted((ch for ch in page.chars if ch["size"] == 15), key=lambda ch: (round(ch["top"]), ch["x0"]))
        lines = [line for line in page.lines if line["width"] > 40 * MM]
        words = [w for w in page.extract_words(extra_attrs=["size"]) if w["size"] == 15]
    # from a gap to the next letter: the gap's own width (6 mm) and the room between gaps
    steps = [b["x0"] - a["x0"] for a, b in zip(big, big[1:]) if a["text"] == "_" and round(a["top"]) == round(b["top"])]
    assert steps and min(steps) >= 6 * MM
    assert len(lines) == len(words)  # a line to write each word on


def _luminance(hex_colour: str) -> float:
    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def test_suit_colours_read_on_white_and_tints_differ_in_greyscale():
    for colour in Colour:
        assert 1.05 / (_luminance(colour.print_strong) + 0.05) >= 3.0, colour
    greys = sorted(ImageOps.grayscale(Image.new("RGB", (1, 1), c.print_tint)).getpixel((0, 0)) for c in Colour)
    assert min(b - a for a, b in zip(greys, greys[1:])) >= 15  # of 255: piles sorted by grade survive a copier


def test_the_corner_letters_are_underlined_in_both_corners(tmp_path, deck):
    build_deck(deck, DeckOptions(), tmp_path)
    red = tuple(round(int(theme.HARD_RED[i:i + 2], 16) / 255, 4) for i in (1, 3, 5))
    with pdfplumber.open(tmp_path / "cards.pdf") as pdf:
        page = pdf.pages[0]
        letters = [ch for ch in page.chars if ch["size"] < 11 and ch["fontname"].endswith("Bold")
                   and tuple(round(v, 4) for v in ch["non_stroking_color"]) == red]
        bars = [r for r in page.rects if tuple(round(v, 4) for v in r["non_stroking_color"]) == red]
    assert letters
    for ch in letters:  # a bar below each upright letter or above each turned one
        assert any(r["x0"] <= (ch["x0"] + ch["x1"]) / 2 <= r["x1"] and
                   (0 <= r["top"] - ch["bottom"] + 3 <= 6 or 0 <= ch["top"] - r["bottom"] + 3 <= 6) for r in bars)


def test_mini_cards_warn_that_they_are_small_for_children(deck, tmp_path):
    options = DeckOptions(card_size=(44.0, 63.0))
    said = build_deck(deck, options, tmp_path).layout_report(options)
    assert "мелкая для детей" in said
    assert "мелкая" not in build_deck(deck, DeckOptions(), tmp_path).layout_report(DeckOptions())


def test_with_bleed_the_last_sheets_of_grades_share_a_sheet_and_without_it_each_grade_keeps_its_own(deck, tmp_path):
    per_grade = {g: sum(1 for c in deck if c.grade == g) for g in deck.grades}
    alone = build_deck(deck, DeckOptions(), tmp_path / "plain")
    assert alone.files[0].pages == 2 * sum(-(-n // 9) for n in per_grade.values())  # a mis-cut shows no other colour
    bled = build_deck(deck, DeckOptions(bleed=3), tmp_path / "bled")
    fronts = bled.files[0].pages // 2
    assert bled.layout.per_sheet == 6
    assert fronts == -(-sum(per_grade.values()) // 6) < sum(-(-n // 6) for n in per_grade.values())
    with pdfplumber.open(tmp_path / "bled" / "cards.pdf") as pdf:
        counts = [len([ch for ch in page.chars if ch["text"] == "к" and ch["size"] < 8]) for page in pdf.pages[::2]]
    assert all(count > 1 for count in counts)  # no sheet for a single card


def test_ink_box_follows_the_programs_transform_and_skips_unpainted_paths():
    from slovariki.generator.drawings import ink_box

    program = "q .5 0 0 -.5 0 20 cm 0 0 m 10 0 l 10 10 l h f 30 30 m 40 40 l n Q"
    assert ink_box(program) == (0.0, 15.0, 5.0, 20.0)
    assert ink_box("0 0 m 5 5 l n") is None


@pytest.mark.parametrize("picture", ["person-standing", "red-apple", "tram"])
def test_every_picture_is_scaled_by_what_it_draws(picture, tmp_path):
    import io

    from slovariki.bank import pictures
    from slovariki.generator.faces import Faces
    from slovariki.generator.imposition import new_canvas
    from slovariki.generator.sheet import Placement, Rect
    from slovariki.markup import parse
    from slovariki.model import Card

    path = pictures.shipped_folder() / f"{picture}.svg"
    if not path.exists():
        pytest.skip(f"{picture} is not shipped")
    faces = Faces(63 * MM, 88 * MM, 0, True)
    card = Card(parse("к[о]р+ова"), 1, 1, "Домашнее животное.", picture=path)
    pdf = io.BytesIO()
    canvas = new_canvas(pdf, (63 * MM, 88 * MM), "t", "t")
    trim = Rect(0, 0, 63 * MM, 88 * MM)
    faces.draw_front(canvas, faces.measure(card), Placement(trim, False, trim))
    canvas.save()
    pdf.seek(0)
    x, y, width, height = faces.window
    with pdfplumber.open(pdf) as document:
        page = document.pages[0]
        tints = {tuple(round(int(c.print_tint[i:i + 2], 16) / 255, 4) for i in (1, 3, 5)) for c in Colour}
        ink = [o for o in page.curves + page.rects if o["x0"] >= x - 0.1 and o["x1"] <= x + width + 0.1
               and page.height - o["bottom"] >= y - 0.1 and page.height - o["top"] <= y + height + 0.1
               and tuple(round(v, 4) for v in (o.get("non_stroking_color") or ())) not in tints]
    drawn_w = max(o["x1"] for o in ink) - min(o["x0"] for o in ink)
    drawn_h = max(o["bottom"] for o in ink) - min(o["top"] for o in ink)
    assert max(drawn_w, drawn_h) == pytest.approx(faces.style.picture_size, abs=0.5 * MM)
    centre_x = (max(o["x1"] for o in ink) + min(o["x0"] for o in ink)) / 2
    assert centre_x == pytest.approx(x + width / 2, abs=0.5 * MM)


def test_box_pdf_has_a_tuck_box_per_grade_sized_to_its_cards_and_a_sheet_of_reference_cards(deck, tmp_path):
    from slovariki.generator.box import CARD_MM, EASE_MM, GLUE_MM, TUCK_MM, reference_text

    build_deck(deck, DeckOptions(), tmp_path)
    with pdfplumber.open(tmp_path / "box.pdf") as pdf:
        assert len(pdf.pages) == len(deck.grades) + 1
        for grade, page in zip(deck.grades, pdf.pages):
            count = sum(1 for c in deck if c.grade == grade)
            assert f"Коробка: {grade} класс" in page.extract_text()
            cuts = [line for line in page.lines if not line.get("dash")]
            folds = [line for line in page.lines if line.get("dash")]
            assert folds
            width = (max(line["x1"] for line in cuts) - min(line["x0"] for line in cuts)) / MM
            height = (max(line["bottom"] for line in cuts) - min(line["top"] for line in cuts)) / MM
            depth = count * CARD_MM + EASE_MM
            assert width == pytest.approx(GLUE_MM + 2 * (63 + EASE_MM) + 2 * depth, abs=0.05)
            assert height == pytest.approx(88 + EASE_MM + 2 * (depth + TUCK_MM), abs=0.05)
        reference = pdf.pages[-1].extract_text()
    text = reference_text()
    assert reference.count(text["title"]) == 9  # a card for each player, as many as a sheet holds
    assert "4 класс" in reference


def test_a_png_is_scaled_by_its_opaque_pixels(tmp_path):
    from slovariki.generator.drawings import _png

    image = Image.new("RGBA", (100, 80), (0, 0, 0, 0))
    image.paste((255, 0, 0, 255), (10, 20, 40, 70))
    path = tmp_path / "p.png"
    image.save(path)
    picture = _png(path.read_bytes(), path.name)
    assert (picture.width, picture.height, picture.drawn) == (100, 80, (10, 10, 40, 60))  # y up, as drawn


def test_a_card_drawn_at_the_decks_size_chosen_before_is_the_card_measured_anew():
    """The studio fits its deck once and draws each preview at that size (card_png's ``fitted``)."""
    from slovariki.bank.wordlist import load_bank
    from slovariki.generator.faces import deck_type
    from slovariki.generator.options import DeckOptions
    from slovariki.generator.preview import card_png

    deck, options = load_bank(None).deck, DeckOptions()
    fitted = deck_type(deck, options)
    for card in (fitted.stepped[0], deck.find("корова")):  # one printed a step smaller, one at the deck's size
        assert card_png(deck, card, options, 60, fitted=fitted) == card_png(deck, card, options, 60)


@pytest.mark.parametrize("size", ["poker", "mini"])
def test_the_boxs_front_label_stays_on_the_front_of_a_small_box_too(deck, tmp_path, size):
    from slovariki.generator.options import CARD_SIZES

    build_deck(deck, DeckOptions(card_size=CARD_SIZES[size]), tmp_path)
    with pdfplumber.open(tmp_path / "box.pdf") as pdf:
        page = pdf.pages[0]
        front = next(r for r in page.rects if r.get("fill"))  # the front: the only tinted face
        label = [w for w in page.extract_words() if w["top"] > front["top"] and w["text"] == "карты"]
        line = [w for w in page.extract_words() if label and abs(w["top"] - label[0]["top"]) < 1]
    assert line and front["x0"] <= min(w["x0"] for w in line) and max(w["x1"] for w in line) <= front["x1"]
