"""Print v2 read back from the PDFs: pictures, typography, index letters, sheets, marks, backs, fold,
CMYK, --only/--stars, the word list, the dictation sheet, preview, bad input."""

from __future__ import annotations

import re
import shutil
from collections import defaultdict

import pdfplumber
import pytest
from click.testing import CliRunner
from PIL import Image

from slovariki.cli import main
from reportlab.pdfbase.pdfmetrics import stringWidth

from slovariki.generator import drawings, fit, svg, theme
from slovariki.generator.build import BuildError, build_deck
from slovariki.generator.faces import Faces, hard_letters
from slovariki.generator.options import DeckOptions
from slovariki.generator.palette import Palette
from slovariki.markup import parse
from slovariki.model import Card, Colour, Deck
from slovariki.bank.wordlist import load_bank
from generator_helpers import BANK, MM, RED, mm

PICTURES = {"корова": "cow", "огород": "seedling", "лопата": "hammer", "эскалатор": "ladder", "орнамент": "framed-picture"}
SHORT = re.compile(r"^[«„(\"']*(\w{1,2}|\d+)[,.;:!?»\")']*$")


def _rgb(hex_colour: str) -> tuple[float, ...]:
    return tuple(round(int(hex_colour[i:i + 2], 16) / 255, 6) for i in (1, 3, 5))


TINTS = {_rgb(c.print_tint) for c in Colour}
BACK = _rgb(theme.BACK_FIELD)
PATTERN = _rgb(theme.BACK_PATTERN)


def colour(obj) -> tuple[float, ...]:
    value = obj.get("non_stroking_color")
    return tuple(round(v, 6) for v in value) if isinstance(value, (tuple, list)) else ()


def cards_on(page, colours=TINTS) -> list[dict]:
    return [r for r in page.rects if colour(r) in colours]


def inside(obj, box, margin: float = 0.0) -> bool:
    x, y = (obj["x0"] + obj["x1"]) / 2, (obj["top"] + obj["bottom"]) / 2
    return box["x0"] + margin < x < box["x1"] - margin and box["top"] + margin < y < box["bottom"] - margin


def card_word(page, card) -> str:
    chars = sorted((c for c in page.chars if inside(c, card) and c["size"] > 13 and c["text"].strip()),
                   key=lambda c: c["x0"])
    return "".join(c["text"] for c in chars)


@pytest.fixture(scope="module")
def picture_bank(tmp_path_factory):
    """The small test bank with shipped pictures on five of its words."""
    folder = tmp_path_factory.mktemp("bank") / "words"
    shutil.copytree(BANK, folder)
    for path in folder.glob("*.yaml"):
        lines = []
        for line in path.read_text(encoding="utf-8").splitlines():
            lines.append(line)
            match = re.match(r"^(\s*)- word: \"?([^\"]+)\"?$", line)
            word = re.sub(r"[\[\]+]", "", match[2]) if match else None
            if word in PICTURES:
                lines.append(f"{match[1]}  picture: {PICTURES[word]}")
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    bank = load_bank(folder)
    assert not bank.diagnostics
    return bank.deck


@pytest.fixture(scope="module")
def pictures_pdf(picture_bank, tmp_path_factory):
    out = tmp_path_factory.mktemp("pictures")
    build_deck(picture_bank, DeckOptions(), out)
    with pdfplumber.open(out / "cards.pdf") as pdf:
        yield pdf


def test_pictures_are_vector_drawings_on_the_cards_that_have_them(pictures_pdf, picture_bank):
    seen = set()
    for page in pictures_pdf.pages[::2]:
        assert not page.images  # vectors, never bitmaps
        for card in cards_on(page):
            word = card_word(page, card)
            top_part = {**card, "bottom": card["top"] + 40 * MM}
            shapes = [o for o in page.curves + page.rects if inside(o, top_part, 8 * MM)]
            colours = {colour(o) for o in shapes} - TINTS - {_rgb(c.print_strong) for c in Colour} - {
                (1.0, 1.0, 1.0), _rgb(theme.HARD_RED)}  # the corner letters' underline
            if word in PICTURES:
                assert len(shapes) >= 5 and len(colours) >= 2, word  # a many-coloured drawing
            else:
                assert not colours, word  # the clean emblem: only the card's own colours
            seen.add(word)
    assert seen >= set(PICTURES) and len(seen) == len(picture_bank)


def definition_rows(page, card) -> list[list[dict]]:
    """The definition's characters of one card, line by line: regular-weight text between word and grade."""
    chars = [c for c in page.chars if inside(c, card) and c["fontname"].endswith("Roboto-Regular") and 6 <= c["size"] < 13]
    rows = defaultdict(list)
    for ch in chars:
        rows[round(ch["bottom"], 1)].append(ch)
    return [sorted(row, key=lambda c: c["x0"]) for _, row in sorted(rows.items())]


def definition_lines(page, card) -> list[str]:
    """The definition's lines of one card, read back."""
    lines = []
    for row in definition_rows(page, card):
        text, last = "", None
        for ch in row:
            if last is not None and ch["x0"] - last > ch["size"] * 0.15:
                text += " "
            text += ch["text"]
            last = ch["x1"]
        lines.append(" ".join(text.split()))
    return lines


@pytest.fixture(scope="module")
def bundled_pdf(bundled_build):
    with pdfplumber.open(bundled_build / "cards.pdf") as pdf:
        yield pdf


def test_no_definition_line_ends_with_a_short_word_on_any_card(bundled_pdf):
    checked = 0
    for page in bundled_pdf.pages[::2]:
        for card in cards_on(page):
            lines = definition_lines(page, card)
            assert lines
            for line in lines[:-1]:  # the text's own last word may be short: it ends no line early
                assert not SHORT.match(line.split()[-1]), (card_word(page, card), lines)
            checked += 1
    assert checked == len(load_bank().deck)


def test_every_definition_is_one_even_column_clear_of_both_corner_indices(bundled_pdf):
    style = theme.card_style(63 * MM, 88 * MM)
    index_edge = style.frame + style.index_margin + style.suit_size  # from the card's side
    stubs = []  # at the deck's one size a few definitions keep a short line (the size goes first)
    for page in bundled_pdf.pages[::2]:
        for card in cards_on(page):
            word = card_word(page, card)
            rows = definition_rows(page, card)
            lines = definition_lines(page, card)
            lefts, rights = [row[0]["x0"] for row in rows], [row[-1]["x1"] for row in rows]
            # one column for every line, with the same gutter to the left and to the right index
            assert min(lefts) >= card["x0"] + index_edge + style.index_gutter - 0.5, word
            assert max(rights) <= card["x1"] - index_edge - style.index_gutter + 0.5, word
            for left, right in zip(lefts, rights):  # each line centred on the card
                assert abs((left + right) / 2 - (card["x0"] + card["x1"]) / 2) < 0.5, word
            widths = [right - left for left, right in zip(lefts, rights)]
            if min(widths) <= 0.5 * max(widths):  # a stub beside long lines
                stubs.append((word, lines))
    assert len(stubs) <= 0.03 * len(load_bank().deck), stubs


def test_the_bundled_deck_prints_its_definitions_in_one_size_and_a_few_one_step_smaller(bundled_pdf):
    sizes = defaultdict(list)
    for page in bundled_pdf.pages[::2]:
        for card in cards_on(page):
            found = {round(ch["size"], 2) for row in definition_rows(page, card) for ch in row}
            assert len(found) == 1, card_word(page, card)
            sizes[found.pop()].append(card_word(page, card))
    deck = load_bank().deck
    expected = Faces(63 * MM, 88 * MM, 0, True).fit_deck(deck)
    assert sorted(sizes, reverse=True) == [expected.size, expected.smaller]
    assert expected.size - expected.smaller == 1.0
    assert sorted(sizes[expected.smaller]) == sorted(card.word.replace(" ", "") for card in expected.stepped)
    assert len(expected.stepped) <= 0.05 * len(deck)  # the exceptions are few


def test_a_definition_that_does_not_fit_the_deck_size_steps_down_once_and_no_further():
    faces = Faces(63 * MM, 88 * MM, 0, True)
    short = [Card(parse("к[о]р+ова"), 1, 1, "Домашнее животное.") for _ in range(25)]  # and one long: 4 %
    long = Card(parse("м[о]л+око"), 1, 1, "Белый напиток, который дают коровы, козы и овцы; из него делают "
                                           "сыр, творог, масло, кефир и сметану, а пьют его тёплым.")
    alone = faces.fit_deck(short)
    assert alone.size == faces.style.definition_max and not alone.stepped
    largest = Faces(63 * MM, 88 * MM, 0, True).measure(long, balance=False).definition.size
    mixed = faces.fit_deck([*short, long])
    assert mixed.size == min(faces.style.definition_max, largest + 1.0) and long in mixed.stepped
    assert len(mixed.stepped) == 1
    assert faces.measure(long).definition.size == mixed.smaller == mixed.size - 1.0
    assert {faces.measure(card).definition.size for card in short} == {mixed.size}
    assert "1 карта: «молоко»" in mixed.report() and "9" in mixed.of(long)
    few = faces.fit_deck([*short[:3], long])  # one of four a step smaller is too many: the deck's size goes down
    assert few.size < mixed.size and not few.stepped


def test_check_and_preview_say_the_deck_size_and_the_cards_a_step_smaller(tmp_path):
    report = CliRunner().invoke(main, ["check", "--words", str(BANK)])
    assert "Толкования: шрифт " in report.output and " пт" in report.output
    said = CliRunner().invoke(main, ["preview", "корова", "--words", str(BANK), "--out", str(tmp_path / "k.png")])
    assert said.exit_code == 0 and "толкование шрифтом колоды" in said.output


def test_balanced_lines_and_hyphenation_only_for_a_word_that_cannot_fit():
    faces = Faces(63 * MM, 88 * MM, 0, True)
    card = Card(parse("к[о]р+ова"), 1, 1, "Большое домашнее животное с рогами и копытами, которое даёт молоко.")
    lines = faces.measure(card).definition.lines
    assert not any(line.endswith("-") for line in lines)
    assert all(not SHORT.match(line.split()[-1]) for line in lines[:-1])
    wide = [stringWidth(line, theme.FONT_REGULAR, 1) for line in lines]
    assert max(wide) - min(wide) <= 0.5 * max(wide)  # balanced, not long lines and a stub
    block = fit.fit_block("Дети и достопримечательность", theme.FONT_REGULAR, 60, 200, 10, 10, 1.2, fit.hyphenator())
    assert block is not None and block.lines[0].startswith("Дети")  # the short words are never split
    assert [line for line in block.lines if line.endswith("-")]  # the one word wider than the box is
    assert "".join(block.lines).replace("-", "").replace(" ", "") == "Детиидостопримечательность"


def test_a_double_hard_letter_stays_double_in_the_corner_index():
    assert hard_letters(Card(parse("г[и][пп][о]п+от[а]м"), 4, 3, "Бегемот.")) == ["и", "пп", "о", "а"]
    assert hard_letters(Card(parse("[а][тт]ракци+он"), 4, 3, "Карусель.")) == ["а", "тт"]


def test_the_corner_index_shows_the_hard_letters_in_both_corners(pictures_pdf, picture_bank):
    by_word = {c.word.replace(" ", ""): c for c in picture_bank}
    checked = 0
    for page in pictures_pdf.pages[::2]:
        for card in cards_on(page):
            word = card_word(page, card)
            small_red = [c for c in page.chars if inside(c, card) and colour(c) == RED and c["size"] < 13
                         and c["text"].strip()]
            assert sorted(c["text"] for c in small_red) == sorted("".join(hard_letters(by_word[word])) * 2), word
            upright = [c for c in small_red if c["upright"] and c["top"] < card["top"] + 40 * MM]
            assert all(c["x1"] < card["x0"] + 16 * MM for c in upright)  # in the corner column
            checked += 1
    assert checked == len(picture_bank)


def grades_on(page) -> set[int]:
    return {int(c["text"]) for c in page.chars if c["fontname"].endswith("Medium") and c["text"].isdigit()}


def test_each_grade_and_each_set_starts_a_new_sheet_and_sets_are_marked(build, deck):
    with pdfplumber.open(build(copies=2) / "cards.pdf") as pdf:
        fronts = pdf.pages[::2]
        per_grade = {g: sum(1 for c in deck if c.grade == g) for g in deck.grades}
        assert len(fronts) == 2 * sum(-(-n // 9) for n in per_grade.values())
        sequence = []
        for page in fronts:
            grades = grades_on(page)
            assert len(grades) == 1  # a mis-cut shows no sliver of another colour
            text = page.extract_text()
            marks = set(re.findall(r"комплект (\d)", text))
            assert len(marks) == 1 and text.count("комплект") == len(cards_on(page))  # on every card
            sequence.append((int(marks.pop()), grades.pop()))
    assert sequence == sorted(sequence)  # set 1 whole, then set 2, grade by grade
    with pdfplumber.open(build() / "cards.pdf") as pdf:
        assert "комплект" not in pdf.pages[0].extract_text()  # one set needs no mark


@pytest.mark.parametrize("options", [{}, {"paper": "letter"}, {"bleed": 3.0}, {"card_size": (44.0, 63.0)},
                                     {"backs": "fold"}])
def test_crop_marks_only_for_occupied_slots_and_clear_of_the_paper_edge(build, options):
    with pdfplumber.open(build(**options) / "cards.pdf") as pdf:
        for page in pdf.pages[:: 1 if options.get("backs") == "fold" else 2]:
            cards = cards_on(page) + cards_on(page, {BACK})
            bleed = options.get("bleed", 0.0) * MM
            xs = {round(v, 1) for r in cards_on(page) for v in (r["x0"] + bleed, r["x1"] - bleed)}
            ys = {round(v, 1) for r in cards_on(page) for v in (r["top"] + bleed, r["bottom"] - bleed)}
            if options.get("backs") == "fold":
                xs |= {round(r["x1"] - theme.BACK_BLEED, 1) for r in cards_on(page, {BACK})}
            cut = [line for line in page.lines if not line.get("dash")]
            assert cut
            for line in cut + [line for line in page.lines if line.get("dash")]:
                assert min(line["x0"], line["top"], page.width - line["x1"], page.height - line["bottom"]) >= \
                    theme.MARK_MARGIN - 0.01
                assert line.get("dash") or not any(inside(line, card) for card in cards)  # a fold runs along the pair
            for line in cut:  # each continues a cut line of a card on this sheet, 3 mm long on every paper
                assert abs(mm(max(line["width"], line["height"])) - 3) < 0.01
                if line["x0"] == line["x1"]:
                    assert round(line["x0"], 1) in xs
                else:
                    assert round(line["top"], 1) in ys


def test_a_short_last_sheet_has_marks_only_around_its_cards(build):
    with pdfplumber.open(build() / "cards.pdf") as pdf:
        page = pdf.pages[2]  # grade 2: three cards in the top row
        cards = cards_on(page)
        assert len(cards) == 3
        lowest = max(r["bottom"] for r in cards)
        assert all(line["top"] < lowest + 10 * MM for line in page.lines)


@pytest.mark.parametrize("options", [{}, {"bleed": 3.0}, {"backs": "duplex-short"}, {"backs": "fold"}])
def test_backs_bleed_past_the_trim_with_the_pattern_centred(build, options):
    bleed = max(options.get("bleed", 0.0) * MM, theme.BACK_BLEED)
    with pdfplumber.open(build(**options) / "cards.pdf") as pdf:
        page = pdf.pages[0 if options.get("backs") == "fold" else 1]
        backs = cards_on(page, {BACK})
        assert backs
        for back in backs:
            assert 2 * MM - 0.01 <= bleed <= max(3 * MM, options.get("bleed", 0) * MM) + 0.01
            assert abs(mm(back["width"] - 2 * bleed) - 63) < 0.1 and abs(mm(back["height"] - 2 * bleed) - 88) < 0.1
            trim = {"x0": back["x0"] + bleed, "x1": back["x1"] - bleed, "top": back["top"] + bleed,
                    "bottom": back["bottom"] - bleed}
            shapes = [o for o in page.curves + page.rects if colour(o) == PATTERN and inside(o, back)]
            assert len(shapes) >= 30
            # All over: the pattern runs to the trim on every side, and into the bleed, so drift shows no edge.
            assert min(o["x0"] for o in shapes) < trim["x0"] + 1 * MM and max(o["x1"] for o in shapes) > trim["x1"] - 1 * MM
            assert min(o["top"] for o in shapes) < trim["top"] + 2 * MM
            assert max(o["bottom"] for o in shapes) > trim["bottom"] - 2 * MM
            # No frame line near the cut: the only framed shape is the title panel, well inside the card.
            framed = [o for o in page.rects + page.curves if o.get("stroke") and inside(o, back)]
            assert framed
            for o in framed:
                assert min(o["x0"] - trim["x0"], trim["x1"] - o["x1"], o["top"] - trim["top"],
                           trim["bottom"] - o["bottom"]) >= 10 * MM


def test_backs_are_light_on_ink_with_a_pattern_that_shows_in_greyscale(build):
    import pypdfium2
    from PIL import ImageOps, ImageStat

    def grey(hex_colour: str) -> float:  # as a black-and-white printer or copier renders it
        return ImageOps.grayscale(Image.new("RGB", (1, 1), hex_colour)).getpixel((0, 0)) / 255

    field, pattern = grey(theme.BACK_FIELD), grey(theme.BACK_PATTERN)
    assert field >= 0.75  # a pale field: a home printer prints dozens of back sheets
    assert field - pattern >= 0.1  # the pattern in a visibly different tone, in greyscale too
    path = build() / "cards.pdf"
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[1]
        backs = cards_on(page, {BACK})
        size = page.width, page.height
    image = ImageOps.grayscale(pypdfium2.PdfDocument(str(path))[1].render(scale=1).to_pil())
    scale = image.size[0] / size[0]
    for back in backs:
        darkness = 1 - ImageStat.Stat(image.crop(tuple(round(v * scale) for v in (
            back["x0"], back["top"], back["x1"], back["bottom"])))).mean[0] / 255
        assert 0.1 <= darkness <= 0.3  # clearly printed, yet kind to a home printer's ink


def test_fold_gives_four_per_a4_with_a_long_labelled_dashed_fold_line(build, deck):
    with pdfplumber.open(build(backs="fold", grade_sheets=False) / "cards.pdf") as pdf:
        page = pdf.pages[0]
        assert (round(mm(page.width)), round(mm(page.height))) == (297, 210)
        assert len(cards_on(page)) == 4 and len(cards_on(page, {BACK})) == 4
        folds = [line for line in page.lines if line.get("dash")]
        cuts = [line for line in page.lines if not line.get("dash")]
        assert len(folds) == 2  # one along the fold of each column of pairs, from margin to margin
        assert all(abs(line["height"] - (210 * MM - 2 * theme.MARK_MARGIN)) < 0.1 for line in folds)
        assert all(any(abs(line["x0"] - front["x1"]) < 0.01 for front in cards_on(page)) for line in folds)
        assert max(mm(max(c["width"], c["height"])) for c in cuts) < 8
        assert min(line["linewidth"] for line in folds) > max(line["linewidth"] for line in cuts)
        assert page.extract_text().count(theme.FOLD_LABEL) == 2


def test_cmyk_has_no_rgb_and_black_is_black_ink_only(build):
    coloured = {tuple(round(v, 4) for v in Palette(cmyk=True)(c).cmyk()) for c in (theme.HARD_RED, theme.BACK_INK)}
    with pdfplumber.open(build(cmyk=True) / "cards.pdf") as pdf:
        for page in pdf.pages[:4]:
            assert page.chars
            for ch in page.chars:
                ink = tuple(round(v, 4) for v in ch["non_stroking_color"])
                assert len(ink) == 4 and (ink[:3] == (0, 0, 0) or ink in coloured), (ch["text"], ink)  # black: K only
            if page.page_number % 2:  # a front: words and definitions in black ink
                assert any(tuple(ch["non_stroking_color"])[:3] == (0, 0, 0) for ch in page.chars)
            for obj in page.rects + page.curves:
                if obj["fill"]:
                    assert len(obj["non_stroking_color"]) == 4
                if obj["stroke"]:
                    assert len(obj["stroking_color"]) == 4
            for line in page.lines:
                assert tuple(line["stroking_color"]) == (0, 0, 0, 1)


def test_cmyk_reaches_every_pdf_the_build_writes(picture_bank, tmp_path):
    from slovariki.generator.build import build_calibration

    build_deck(picture_bank, DeckOptions(cmyk=True), tmp_path)
    build_calibration(DeckOptions(cmyk=True), tmp_path)
    written = sorted(p.name for p in tmp_path.glob("*.pdf"))
    assert written == ["box.pdf", "calibration.pdf", "cards.pdf", "dictation-answers.pdf", "dictation.pdf",
                       "rules.pdf", "wordlist.pdf"]
    ink = Palette(cmyk=True)
    coloured_text = {tuple(round(v, 4) for v in ink(c).cmyk()) for c in (theme.HARD_RED, theme.BACK_INK)}
    for name in written:
        with pdfplumber.open(tmp_path / name) as pdf:
            for page in pdf.pages:
                assert page.chars, name
                for ch in page.chars:  # black and grey text in black ink only; red as CMYK
                    colour = tuple(round(v, 4) for v in ch["non_stroking_color"])
                    assert len(colour) == 4 and (colour[:3] == (0, 0, 0) or colour in coloured_text), (name, ch["text"])
                for obj in page.rects + page.curves + page.lines:
                    if obj.get("fill"):
                        assert len(obj["non_stroking_color"]) == 4, (name, obj["non_stroking_color"])
                    if obj.get("stroke"):
                        assert len(obj["stroking_color"]) == 4, (name, obj["stroking_color"])
                for line in page.lines:  # marks, crosses and scales in black ink
                    if not line.get("non_stroking_color") or name != "rules.pdf":
                        assert tuple(line["stroking_color"])[:3] == (0, 0, 0), name


def test_only_and_stars_choose_the_cards_printed(build, deck, tmp_path):
    with pdfplumber.open(build(only=("КОРОВА", "черный"), copies=1) / "cards-only.pdf") as pdf:
        words = sorted(card_word(p, c) for p in pdf.pages[::2] for c in cards_on(p))
    assert words == ["корова", "чёрный"]
    with pdfplumber.open(build(stars=3, copies=1, grade_sheets=False) / "cards-only.pdf") as pdf:
        assert len([c for p in pdf.pages[::2] for c in cards_on(p)]) == sum(1 for c in deck if c.stars == 3)
    with pytest.raises(BuildError, match="--only: в колоде нет слова «кит»"):
        build_deck(deck, DeckOptions(only=("кит",)), tmp_path / "out")
    with pytest.raises(BuildError, match="--only: в колоде нет слова «карова» \\(может быть, «корова»\\?\\)"):
        build_deck(deck, DeckOptions(only=("карова",)), tmp_path / "out")
    with pytest.raises(BuildError, match="^среди выбранных слов нет карточек с 3 звёздочками$"):
        build_deck(deck, DeckOptions(only=("корова",), stars=3), tmp_path / "out")
    three = Deck.of([c for c in deck if c.stars != 3])
    with pytest.raises(BuildError, match="^в колоде нет карточек с 3 звёздочками$"):  # no --only was given
        build_deck(three, DeckOptions(stars=3), tmp_path / "out")
    assert not (tmp_path / "out").exists()
    result = CliRunner().invoke(main, ["build-deck", "--words", str(BANK), "--out", str(tmp_path / "cli"),
                                       "--only", "корова, огород", "--stars", "2"])
    assert result.exit_code == 0 and "Готово: 1 карта;" in result.stdout  # огород has 2 stars, корова 1


def test_wordlist_has_red_underlined_hard_letters_in_two_columns(bundled_build):
    deck = load_bank().deck
    with pdfplumber.open(bundled_build / "wordlist.pdf") as pdf:
        assert len(pdf.pages) <= len(deck) // 30 + 1  # two columns: more than 30 words a page
        red_letters = 0
        for page in pdf.pages:
            lines = [r for r in page.rects if colour(r) == RED]
            for ch in page.chars:
                if colour(ch) == RED and ch["text"] != "\u0301":
                    red_letters += 1
                    assert any(r["x0"] < ch["x1"] - 1 and r["x1"] > ch["x0"] + 1 and 0 <= r["top"] - ch["bottom"] + 3
                               < 4 for r in lines), ch["text"]  # a line under it
            middle = page.width / 2
            assert any(c["x0"] > middle for c in page.chars) or page is pdf.pages[-1]
    assert red_letters == sum(len(c.hard_positions) for c in deck if not c.game_word)  # list words only


def test_dictation_gaps_match_the_hard_letters_and_the_answers_are_a_file_of_their_own(build, deck):
    out = build()
    cards = sorted(deck, key=lambda c: (c.grade, c.stars))
    with pdfplumber.open(out / "dictation.pdf") as pdf:
        gapped = []
        for page in pdf.pages:
            assert "Ответы" not in page.extract_text()
            for half in (0, 1):
                column = page.crop((page.width * half / 2, 0, page.width * (half + 1) / 2, page.height))
                words = [w for w in column.extract_words(extra_attrs=["size"]) if w["size"] == 15]
                gapped += [w["text"] for w in sorted(words, key=lambda w: w["top"])]
        titles = [p.extract_text().splitlines()[0] for p in pdf.pages]
        assert [t for t in titles if t.startswith("Словарный диктант")] == [
            f"Словарный диктант · {g} класс" for g in deck.grades]  # a sheet per grade
    with pdfplumber.open(out / "dictation-answers.pdf") as pdf:
        answers = " ".join(p.extract_text() for p in pdf.pages)
        assert answers.startswith("Ответы к словарному диктанту")
    expected = ["".join("_" if i in c.hard_positions else ch for i, ch in enumerate(c.word)).replace(" ", "")
                for c in cards]
    assert [g.replace(" ", "") for g in gapped] == [e.replace(" ", "") for e in expected] or \
        "".join(gapped).replace(" ", "") == "".join(expected)
    for card in cards:
        assert card.word.split()[-1] in answers.replace("\u0301", "")


def test_each_missing_letter_is_a_gap_of_its_own(tmp_path):
    # «аппетит» has four hard letters in a row: one blank per letter, apart, not one long line.
    from slovariki.generator.dictation import GAP_WORD_SIZE, render_dictation

    deck = Deck.of(c for c in load_bank().deck if c.word in ("аппетит", "пассажир"))
    with open(tmp_path / "dictation.pdf", "wb") as stream:
        render_dictation(stream, deck, "a4")
    with pdfplumber.open(tmp_path / "dictation.pdf") as pdf:
        chars = [c for c in pdf.pages[0].chars if c["size"] == GAP_WORD_SIZE]
    words = "".join(c["text"] for c in chars)
    assert words == "п____жир" "____тит"
    for this, after in zip(chars, chars[1:]):
        if this["text"] == after["text"] == "_":
            assert after["x0"] - this["x1"] > 0.5, words  # the pupil counts the letters to write
        elif after["top"] == this["top"]:
            assert abs(after["x0"] - this["x1"]) < 0.5, words  # and the word stays one word


def test_preview_writes_a_png_of_the_card_size(tmp_path):
    out = tmp_path / "корова.png"
    result = CliRunner().invoke(main, ["preview", "корова", "--words", str(BANK), "--out", str(out), "--dpi", "100"])
    assert result.exit_code == 0, result.output
    assert str(out.resolve()) in result.output
    with Image.open(out) as image:
        assert abs(image.size[0] - 63 / 25.4 * 100) <= 1 and abs(image.size[1] - 88 / 25.4 * 100) <= 1
    back = tmp_path / "both.png"
    result = CliRunner().invoke(main, ["preview", "КОРОВА", "--words", str(BANK), "--out", str(back), "--dpi", "100",
                                       "--back", "--card-size", "mini"])
    assert result.exit_code == 0
    with Image.open(back) as image:
        assert abs(image.size[0] - (2 * 44 + 4) / 25.4 * 100) <= 1 and abs(image.size[1] - 63 / 25.4 * 100) <= 1
    result = CliRunner().invoke(main, ["preview", "карова", "--words", str(BANK), "--out", str(tmp_path / "x.png")])
    assert result.exit_code == 1 and "слова «карова» нет в банке; может быть, «корова»?" in result.stderr
    assert not (tmp_path / "x.png").exists()


def test_a_word_too_long_for_any_card_names_the_card_and_writes_nothing(tmp_path):
    long = Card(parse("[э]л[е]ктр[о]св[а]рочн[о]г[а]зопр[о]в+одный"), 1, 1, "Слишком длинное слово.")
    deck = Deck.of([long, Card(parse("к[о]р+ова"), 1, 1, "Животное.")])
    with pytest.raises(BuildError, match="слово «электросварочногазопроводный» не помещается на карту"):
        build_deck(deck, DeckOptions(), tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_broken_picture_at_build_time_names_the_card(tmp_path):
    bad = tmp_path / "плохая.svg"
    bad.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"></svg>')
    deck = Deck.of([Card(parse("к[о]р+ова"), 1, 1, "Животное.", picture=bad)])
    with pytest.raises(BuildError, match="картинка слова «корова»: «плохая.svg»: размер SVG «0» — не размер картинки"):
        build_deck(deck, DeckOptions(), tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_the_progress_bar_moves_through_the_handouts_as_well(deck, tmp_path):
    class Recorder:
        def start(self, total: int) -> None:
            self.total, self.steps = total, []

        def advance(self, steps: int) -> None:
            self.steps.append(steps)

    recorder = Recorder()
    build_deck(deck, DeckOptions(), tmp_path, recorder)
    assert sum(recorder.steps) == recorder.total
    assert len(recorder.steps) >= 3 * len(deck)  # a step per card, and per word of each handout
    assert max(recorder.steps) == 1


def test_a_long_word_keeps_3_mm_from_the_white_face_edge(tmp_path):
    long = Card(parse("[э]л[е]ктр[о]ст+анция"), 4, 3, "Завод, где вырабатывают ток.")
    build_deck(Deck.of([long]), DeckOptions(card_size=(44.0, 63.0)), tmp_path)
    with pdfplumber.open(tmp_path / "cards.pdf") as pdf:
        page = pdf.pages[0]
        (card,) = cards_on(page)
        style = theme.card_style(44 * MM, 63 * MM)
        edge = style.frame + 3 * MM * style.scale
        word = [c for c in page.chars if c["size"] > style.letter_size + 0.5 and c["fontname"].endswith("Bold")]
        assert "".join(c["text"] for c in word) == "электростанция"
        assert min(c["x0"] for c in word) >= card["x0"] + edge - 0.1
        assert max(c["x1"] for c in word) <= card["x1"] - edge + 0.1


def test_the_shipped_pictures_programs_are_those_of_their_svg_files():
    # python -m slovariki.generator.drawings writes them; a changed or added SVG makes this fail
    assert drawings.compile_shipped() == drawings._shipped_programs()


def test_the_short_path_paints_what_renderpdf_paints(tmp_path):
    import io

    import pypdfium2
    from PIL import ImageChops
    from reportlab.graphics import renderPDF
    from reportlab.pdfgen.canvas import Canvas

    from slovariki.bank import pictures
    def page(draw) -> Image.Image:
        stream = io.BytesIO()
        canvas = Canvas(stream, pagesize=(96, 96))
        canvas.scale(4, 4)
        draw(canvas)
        canvas.save()
        return pypdfium2.PdfDocument(stream.getvalue())[0].render(scale=2).to_pil().convert("RGB")

    for name in ("cow", "anatomical-heart", "volleyball", "compass"):
        path = pictures.shipped_folder() / f"{name}.svg"
        drawing = svg.read(path.read_bytes(), path.name)
        ours = page(lambda canvas: canvas.addLiteral(svg.program(drawing)))
        theirs = page(lambda canvas: renderPDF.draw(drawing, canvas, 0, 0))
        assert max(high for _, high in ImageChops.difference(ours, theirs).getextrema()) <= 2, name


def test_a_build_with_shipped_pictures_neither_imports_svglib_nor_parses_svg(picture_bank, tmp_path):
    import subprocess
    import sys

    script = ("import sys; from slovariki.bank.wordlist import load_bank; from slovariki.generator.build import build_deck; "
              "from slovariki.generator.options import DeckOptions; "
              f"build_deck(load_bank({str(next(c.source for c in picture_bank).file).rsplit('/', 1)[0]!r}).deck, "
              f"DeckOptions(), __import__('pathlib').Path({str(tmp_path)!r})); print('svglib' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_cmyk_pictures_are_cmyk_too(picture_bank, tmp_path):
    build_deck(picture_bank, DeckOptions(cmyk=True), tmp_path)
    with pdfplumber.open(tmp_path / "cards.pdf") as pdf:
        shapes = [o for page in pdf.pages for o in page.curves + page.rects if o["fill"]]
        assert len(shapes) > 100 and all(len(o["non_stroking_color"]) == 4 for o in shapes)


def test_the_layout_line_says_when_the_bleed_costs_cards_a_sheet(deck, tmp_path):
    result = build_deck(deck, DeckOptions(bleed=1.5), tmp_path)
    assert result.layout.per_sheet == 6
    assert "2×3 = 6 на листе" in result.layout_report(DeckOptions(bleed=1.5))
    said = result.layout_report(DeckOptions(bleed=1.5))
    assert "(из-за вылета 1,5 мм: 3 карты в ряд с промежутками 3 мм и полями 8,7 мм заняли бы 212,4 мм, " \
           "а лист — 210 мм; без вылета — 9 на листе; альбомный лист вмещает 8)" in said
    assert "вылета" not in build_deck(deck, DeckOptions(), tmp_path).layout_report(DeckOptions())


def test_clues_are_whole_words_never_gapped(bundled_build):
    from slovariki.generator.handout import TEXT_SIZE

    with pdfplumber.open(bundled_build / "dictation.pdf") as pdf:
        clues = " ".join(w["text"] for page in pdf.pages for w in page.extract_words(extra_attrs=["size"])
                         if abs(w["size"] - TEXT_SIZE) < 0.01)
    assert "Автомобиль, а ещё устройство" in clues  # «машина»'s clue on the first-grade sheet, as written
    assert "_" not in clues


