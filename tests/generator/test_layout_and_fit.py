"""Sheet geometry, options, and text fitting, without drawing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase.pdfmetrics import stringWidth

from slovariki.generator import fit, fonts, sheet, theme
from slovariki.generator.options import DeckOptions, OptionsError, parse_card_size, parse_offset


@pytest.mark.parametrize("options, grid", [
    ({}, (3, 3)),
    ({"paper": "letter"}, (3, 3)),
    ({"card_size": (57.0, 89.0)}, (3, 3)),
    ({"card_size": (44.0, 63.0)}, (4, 4)),
    ({"landscape": True}, (4, 2)),
    ({"bleed": 3.0}, (2, 3)),
    ({"backs": "fold"}, (2, 2)),  # fold turns the sheet by itself: four poker cards on A4
    ({"backs": "fold", "landscape": False}, (1, 3)),
    ({"backs": "fold", "landscape": True}, (2, 2)),
])
def test_grid_is_computed_from_paper_card_and_bleed(options, grid):
    layout = sheet.compute(DeckOptions(**options))
    assert (layout.cols, layout.rows) == grid
    page_w, page_h = layout.page
    for place in layout.fronts:  # everything printed stays inside the safe margin
        assert place.paint.x >= theme.SAFE_MARGIN - 1e-6 and place.paint.right <= page_w - theme.SAFE_MARGIN + 1e-6
        assert place.paint.y >= theme.SAFE_MARGIN - 1e-6 and place.paint.top <= page_h - theme.SAFE_MARGIN + 1e-6


def test_neighbouring_bleeds_never_overlap():
    layout = sheet.compute(DeckOptions(bleed=3.0, landscape=True))
    paints = [p.paint for p in layout.fronts]
    for i, a in enumerate(paints):
        for b in paints[i + 1:]:
            assert a.right <= b.x + 1e-6 or b.right <= a.x + 1e-6 or a.top <= b.y + 1e-6 or b.top <= a.y + 1e-6


def test_a_card_larger_than_the_paper_is_a_layout_error():
    with pytest.raises(sheet.LayoutError, match="не помещается"):
        sheet.compute(DeckOptions(card_size=(200.0, 200.0)))


def test_short_edge_backs_are_turned_and_long_edge_backs_are_not():
    assert not any(p.rotated for p in sheet.compute(DeckOptions()).backs)
    assert all(p.rotated for p in sheet.compute(DeckOptions(backs="duplex-short")).backs)
    # On a landscape sheet the long edge is horizontal: long-edge flipping turns the backs.
    assert all(p.rotated for p in sheet.compute(DeckOptions(landscape=True)).backs)


@pytest.mark.parametrize("text, expected", [
    ("poker", (63.0, 88.0)), ("Bridge", (57.0, 89.0)), ("mini", (44.0, 63.0)), ("70x100", (70.0, 100.0)),
    ("70.5×99", (70.5, 99.0)),
])
def test_card_size_presets_and_custom(text, expected):
    assert parse_card_size(text) == expected


@pytest.mark.parametrize("bad", ["huge", "70", "x100", "70x"])
def test_bad_card_size_names_the_option(bad):
    with pytest.raises(OptionsError, match="--card-size"):
        parse_card_size(bad)


def test_offsets_and_option_ranges():
    assert parse_offset("0.5,-1") == (0.5, -1.0)
    with pytest.raises(OptionsError, match="--back-offset"):
        parse_offset("1;2;3")
    for bad in ({"bleed": -1.0}, {"gap": 50.0}, {"copies": 0}, {"card_size": (10.0, 88.0)},
                {"back_offset": (30.0, 0.0)}, {"backs": "twice"}):
        with pytest.raises(OptionsError):
            DeckOptions(**bad)


# Text fitting

def setup_module() -> None:
    fonts.register()


def test_fit_line_shrinks_a_long_word_and_gives_up_below_the_minimum():
    assert fit.fit_line("кот", theme.FONT_BOLD, 200, 28, 12) == 28
    size = fit.fit_line("достопримечательность", theme.FONT_BOLD, 150, 28, 10)
    assert size is not None and size < 28
    assert stringWidth("достопримечательность", theme.FONT_BOLD, size) <= 150
    assert fit.fit_line("достопримечательность", theme.FONT_BOLD, 50, 28, 10) is None


def test_hyphenation_splits_a_word_that_fits_no_line():
    block = fit.fit_block("Достопримечательность", theme.FONT_REGULAR, 60, 200, 10, 10, 1.2, fit.hyphenator())
    assert block is not None and len(block.lines) > 1
    assert all(line.endswith("-") for line in block.lines[:-1])
    assert "".join(line.rstrip("-") for line in block.lines) == "Достопримечательность"
    assert fit.fit_block("Достопримечательность", theme.FONT_REGULAR, 60, 200, 10, 10, 1.2, None) is None


def test_whole_words_are_preferred_to_hyphenation():
    block = fit.fit_block("Дети, мальчики и девочки", theme.FONT_REGULAR, 80, 200, 11, 7, 1.2, fit.hyphenator())
    assert block is not None and not any(line.endswith("-") for line in block.lines)


WORDS = st.lists(st.text(alphabet="абвгдеёжзийклмнопрстуфхцчшщъыьэюя", min_size=1, max_size=18),
                 min_size=1, max_size=25)


@settings(max_examples=60, deadline=None)
@given(words=WORDS, width=st.floats(40, 200))
def test_fitted_lines_stay_inside_the_box_and_keep_every_letter(words, width):
    text = " ".join(words)
    height = 60.0
    block = fit.fit_block(text, theme.FONT_REGULAR, width, height, 11, 7, 1.2, fit.hyphenator())
    if block is None:
        return
    assert block.height <= height + 1e-6
    for line in block.lines:
        assert stringWidth(line, theme.FONT_REGULAR, block.size) <= width + 1e-6
    rebuilt = " ".join(block.lines).replace("- ", "")
    assert rebuilt.replace(" ", "") == text.replace(" ", "")


def test_a_size_smaller_is_taken_for_even_lines_without_a_lone_word():
    # at 11.5 pt in 99 pt the fewest lines start with «Инструмент» alone
    text = "Инструмент с длинной ручкой, им копают грядки и убирают снег."
    measure = fit.measurer(theme.FONT_REGULAR)
    block = fit.fit_block(text, theme.FONT_REGULAR, 99, 80, 11.5, 7.5, 1.2, fit.hyphenator(), measure=measure)
    filled = fit.fit_block(text, theme.FONT_REGULAR, 99, 80, 11.5, 7.5, 1.2, fit.hyphenator(), balance=False)
    assert block is not None and filled is not None
    assert block.size < filled.size  # stepped down, within the range
    lone, spread = fit.unevenness(block.lines, measure)
    assert lone == 0 and spread <= fit.EVEN


def test_two_lines_without_a_lone_word_are_kept_at_the_largest_size():
    block = fit.fit_block("Не сегодня, а на следующий день.", theme.FONT_REGULAR, 99, 80, 9.25, 7.5, 1.2, None)
    assert block is not None and block.size == 9.25 and len(block.lines) == 2  # though their widths differ
