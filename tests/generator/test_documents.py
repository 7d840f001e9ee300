"""rules.pdf and wordlist.pdf read back; examples picked by the rules engine; template handling."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pdfplumber
import pytest

from slovariki.game.rulesets import find_ruleset
from slovariki.generator import documents, rules_sheet
from slovariki.generator.build import BuildError, build_deck
from slovariki.generator.options import DeckOptions
from slovariki.model import Colour, Deck
from generator_helpers import RED, mm

SLOVARIKI = find_ruleset("slovariki")


def text_of(path: Path, columns: int = 1) -> str:
    """The text of every page, column by column."""
    with pdfplumber.open(path) as pdf:
        return "\n".join(page.crop((page.width * i / columns, 0, page.width * (i + 1) / columns, page.height))
                         .extract_text() for page in pdf.pages for i in range(columns))


@pytest.fixture(scope="module")
def rules_text(build):
    return text_of(build(copies=2) / "rules.pdf", columns=2)


def test_rules_sheet_is_one_or_two_a4_pages(build):
    with pdfplumber.open(build(copies=2) / "rules.pdf") as pdf:
        assert 1 <= len(pdf.pages) <= 2
        assert all((round(mm(p.width)), round(mm(p.height))) == (210, 297) for p in pdf.pages)


def test_letter_paper_for_the_documents(build):
    with pdfplumber.open(build(paper="letter") / "wordlist.pdf") as pdf:
        assert (round(mm(pdf.pages[0].width), 1), round(mm(pdf.pages[0].height), 1)) == (215.9, 279.4)


def test_rules_sheet_states_all_sixteen_rules_and_the_interpretations(rules_text):
    flat = " ".join(rules_text.split())
    for n in range(1, 17):
        assert f"{n}. " in flat
    assert flat.count("Уточнение:") == 4  # R8, R11, R13, R16
    assert "столько же или больше" in flat and "«е» и «ё» — разными" in flat


def test_rules_sheet_gives_the_facts_of_this_deck(rules_text, deck):
    flat = " ".join(rules_text.split())
    assert f"В колоде {len(deck)} карт" in flat
    assert "зелёный цвет (1 класс, значок «круг») — 4" in flat
    assert "Играть можно только вдвоём: для троих нужно хотя бы 19 карт" in flat  # 13 cards: 6 × 2 + 1
    assert "от 2 до 2" not in flat


def _sheet_text(deck: Deck, examples: dict) -> str:
    blocks = rules_sheet.parse_blocks(rules_sheet.render_text(deck, examples))
    return " ".join(re.sub(r"<[^>]+>", "", " ".join(b.body for b in blocks)).split())


def test_toss_example_names_the_card_the_defender_beat_with(deck):
    # R9 links the tossed card to the card the defender played, not to the card that was beaten.
    examples = rules_sheet.pick_examples(deck, SLOVARIKI)
    toss = examples["toss"]
    text = _sheet_text(deck, examples)
    assert (f"Если отбивающийся в последний раз побил картой «{toss.first.word}», "
            f"ему можно подкинуть карту «{toss.second.word}»") in text
    assert "побил последней карту" not in text


def test_toss_example_with_two_shared_letters_uses_the_plural(deck):
    by_word = {c.word: c for c in deck}
    examples = {"beat": None, "transfer": None,
                "toss": rules_sheet.Example(by_word["корова"], by_word["огород"], ("а", "о"))}
    assert "есть красные буквы «а» и «о»." in _sheet_text(deck, examples)


def test_beat_example_says_any_trump_beats_only_when_its_colour_is_not_trump(deck):
    examples = rules_sheet.pick_examples(deck, SLOVARIKI)
    colour = examples["beat"].first.colour.russian
    assert f"Если {colour} цвет не козырь, её побьёт и любой козырь." in _sheet_text(deck, examples)
    green = Deck.of(c for c in deck if c.grade == 1)
    text = _sheet_text(green, rules_sheet.pick_examples(green, SLOVARIKI))
    assert "любой козырь." not in text and "все карты — козыри" in text


def test_a_deck_too_small_for_two_says_how_many_cards_are_missing(deck):
    small = Deck.of(c for c in deck if c.grade == 1)
    assert len(small) < 13
    text = _sheet_text(small, rules_sheet.pick_examples(small, SLOVARIKI))
    assert "Для игры вдвоём нужно хотя бы 13 карт: добавьте ещё слова или классы." in text
    assert "Играть могут" not in text


def test_examples_are_legal_for_the_rules_engine(deck):
    examples = rules_sheet.pick_examples(deck, SLOVARIKI)
    beat, transfer, toss = examples["beat"], examples["transfer"], examples["toss"]
    trump = next(c for c in Colour if c != beat.first.suit)
    assert SLOVARIKI.beats(beat.second, beat.first, trump) and beat.second.suit == beat.first.suit
    assert SLOVARIKI.transfers(transfer.second, transfer.first)
    assert set(toss.letters) == SLOVARIKI.toss_keys(toss.first) & SLOVARIKI.toss_keys(toss.second) != set()


def test_a_deck_without_a_transfer_pair_has_no_transfer_example(deck):
    lonely = Deck.of(c for c in deck if c.word in {"корова", "воробей", "Москва"})  # green, 1, 2 and 3 stars
    examples = rules_sheet.pick_examples(lonely, SLOVARIKI)
    assert examples["transfer"] is None and examples["beat"] is not None
    flowables, text = rules_sheet.prepare(lonely)
    assert "Перевести." not in text and "Побить." in text


def test_example_words_appear_on_the_sheet_as_small_cards(build, deck):
    examples = rules_sheet.examples_for(deck, documents.example_faces())
    with pdfplumber.open(build(copies=2) / "rules.pdf") as pdf:
        chars = [c for page in pdf.pages for c in page.chars if c["fontname"].endswith("Roboto-Bold")]
    words = "".join(c["text"] for c in chars)
    for example in examples.values():
        assert example.first.word in words and example.second.word in words
    assert any(tuple(c["non_stroking_color"]) == RED for c in chars)


def test_teacher_template_escapes_text_from_the_word_files(deck, tmp_path):
    template = tmp_path / "my.xml.j2"
    template.write_text('<h1>Мой лист</h1>\n<p>{{ examples.beat.first.definition }} | {% for c in colours %}'
                        '{{ c.name }} {% endfor %}</p>\n', encoding="utf-8")
    tricky = Deck.of(c if c.word != "корова" else
                     type(c)(c.markup, c.grade, c.stars, "Рога & копыта <и> «хвост»", c.source) for c in deck)
    out = tmp_path / "out"
    build_deck(tricky, DeckOptions(), out, rules_template=template)
    assert "Рога & копыта <и> «хвост»" in text_of(out / "rules.pdf")


@pytest.mark.parametrize("body, message", [
    ("<p>{{ nothing.here }}</p>", "bad.xml.j2:1: ошибка в шаблоне: неизвестное имя «nothing»"),
    ("{# a note\nfor teachers #}\n<p>ok</p>\n<p>{{ examples.beat.nope }}</p>", "bad.xml.j2:4: ошибка в шаблоне: нет поля «nope»"),
    ("<p>ok</p>\nloose text", "шаблон правил: текст вне блока .*«loose text»"),
    ('<example name="nope">x</example>', "нет примера «nope»"),
    ("<p>{% if %}</p>", "bad.xml.j2:1: ошибка в записи шаблона"),
    ("{# the rendered text has fewer lines #}\n<h1>a</h1>\n<rule n=\"9\"><b>Подкидывание.</b> <i>x</rule>",
     r"блок <rule n=\"9\"> «Подкидывание\. x»: неверная разметка: каждый открытый <b>, <i> или <font> нужно закрыть"),
])
def test_broken_templates_give_clear_errors_and_no_files(deck, tmp_path, body, message):
    template = tmp_path / "bad.xml.j2"
    template.write_text(body, encoding="utf-8")
    with pytest.raises(BuildError, match=message):
        build_deck(deck, DeckOptions(), tmp_path / "out", rules_template=template)
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_missing_template_names_the_path(deck, tmp_path):
    with pytest.raises(BuildError, match="шаблон правил не найден"):
        build_deck(deck, DeckOptions(), tmp_path, rules_template=tmp_path / "none.xml.j2")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_template_that_is_a_fifo_or_too_large_is_refused_not_read(deck, tmp_path):
    fifo = tmp_path / "fifo.xml.j2"
    os.mkfifo(fifo)
    with pytest.raises(BuildError, match="шаблон правил .*fifo.xml.j2: это не файл"):
        build_deck(deck, DeckOptions(), tmp_path / "out", rules_template=fifo)  # returns, never waits on it
    huge = tmp_path / "huge.xml.j2"
    huge.write_bytes(b"<p>" + b"x" * rules_sheet.MAX_TEMPLATE_BYTES + b"</p>")
    with pytest.raises(BuildError, match="слишком большой"):
        build_deck(deck, DeckOptions(), tmp_path / "out", rules_template=huge)
    assert not (tmp_path / "out").exists()


def test_handout_lists_every_word_with_red_hard_letters_and_definitions(build, deck):
    path = build(copies=2) / "wordlist.pdf"
    flat = " ".join(text_of(path, columns=2).split())
    for card in deck:
        assert card.definition in flat
    assert "Цвет угля & ночного неба <без звёзд>." in flat  # escaped, printed as written
    assert "1 класс: зелёный цвет" in flat and "2 звёздочки" in flat
    with pdfplumber.open(path) as pdf:
        red = "".join(c["text"] for page in pdf.pages for c in page.chars if tuple(c["non_stroking_color"]) == RED)
    expected = "".join(card.word[i] for card in sorted(deck, key=lambda c: (c.grade, c.stars))
                       for i in card.hard_positions)
    assert red.replace("\u0301", "") == expected


def test_every_handout_page_is_numbered_and_says_which_grade_it_continues(bundled_build):
    # The bundled bank fills several pages; numbers restart in each grade, so a page must name its grade.
    for name in ("wordlist.pdf", "rules.pdf"):
        with pdfplumber.open(bundled_build / name) as pdf:
            pages = [page.extract_text().splitlines() for page in pdf.pages]
        assert len(pages) > 1
        for number, lines in enumerate(pages, 1):
            assert lines[-1] == f"— {number} —", name
    with pdfplumber.open(bundled_build / "wordlist.pdf") as pdf:
        firsts = [page.extract_text().splitlines()[0] for page in pdf.pages[1:]]
    assert all(re.match(r"[1-4] класс[,:] ", line) for line in firsts), firsts


@pytest.mark.parametrize("stress", [True, False])
def test_handout_says_the_stress_is_marked_only_when_it_is(build, stress):
    flat = " ".join(text_of(build(stress=stress) / "wordlist.pdf").split())
    assert ("\u0301" in flat) == stress
    assert ("ударение отмечено" in flat) == stress and "Сложные буквы выделены красным" in flat



def test_rules_sheet_prints_the_rulebook_texts(deck):
    from slovariki.game import rulebook
    blocks = [b for b in rules_sheet.parse_blocks(rules_sheet.render_text(deck, {"beat": None, "transfer": None,
                                                                               "toss": None})) if b.tag == "rule"]
    assert [b.attrs["n"] for b in blocks] == [r.number for r in rulebook.rules("slovariki")]
    for block, rule in zip(blocks, rulebook.rules("slovariki")):
        text = " ".join(re.sub(r"<[^>]+>", "", block.body).split())
        printed = f"{rule.title}. {rulebook.render(rule.text, rulebook.PLAIN)}"
        if rule.clarification:
            printed += f" {rulebook.CLARIFICATION} {rulebook.render(rule.clarification, rulebook.PLAIN)}"
        assert text == printed  # what only the referee program does is not on the sheet


def test_rulebook_markup_becomes_the_sheets_and_the_rest_is_escaped():
    assert rules_sheet.rich("a < b **c ==д==** & *e*") == (
        'a &lt; b <b>c <font color="#D00000"><b>д</b></font></b> &amp; <i>e</i>')


# The rules sheet's layout (print v2)

def _words_in_reading_order(path: Path) -> list[dict]:
    """Every word with its page and column (0 left, 1 right, None above the columns), in reading order."""
    found = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            middle = page.width / 2
            words = page.extract_words(extra_attrs=["fontname", "size"])
            columns_top = min((w["top"] for w in words if w["text"] == "Эта"), default=0) - 1
            for word in words:
                column = None if word["top"] < columns_top else 0 if word["x1"] < middle else 1
                found.append({**word, "page": page.page_number, "column": column})
    return sorted(found, key=lambda w: (w["page"], w["column"] if w["column"] is not None else -1, w["top"], w["x0"]))


def test_rules_sheet_starts_with_a_short_box_a_child_can_follow(build):
    with pdfplumber.open(build() / "rules.pdf") as pdf:
        page = pdf.pages[0]
        box = next(r for r in page.rects + page.curves
                   if tuple(round(v, 6) for v in r["non_stroking_color"] or ()) == (0.933333, 0.952941, 0.901961))
        inside = page.crop((box["x0"], box["top"], box["x1"], box["bottom"])).extract_text().splitlines()
    assert inside[0] == "Коротко"
    numbered = [line for line in inside if re.match(r"\d+\. ", line)]
    assert 8 <= len(numbered) <= 10 and len(inside) <= 1 + 2 * len(numbered)
    flat = " ".join(inside)  # one way of addressing the child («ты»), and no word that is a boy's only
    assert not re.search(r"\w(йте|ите)\b", flat) and not re.search(r"\b(победил|отбился|смог)\b", flat)
    assert box["x1"] - box["x0"] > 150 * 72 / 25.4  # across the page, above the columns


@pytest.mark.parametrize("bundled", [False, True])
def test_rules_stand_in_two_columns_and_none_is_split(build, bundled_build, bundled):
    path = (bundled_build if bundled else build()) / "rules.pdf"
    words = _words_in_reading_order(path)
    starts = [i for i, w in enumerate(words) if re.fullmatch(r"\d+\.", w["text"]) and w["fontname"].endswith("Bold")
              and 1 <= int(w["text"][:-1]) <= 16]
    assert [words[i]["text"] for i in starts] == [f"{n}." for n in range(1, 17)]
    end = next(i for i, w in enumerate(words) if w["text"] == "Примеры")
    for first, after in zip(starts, [*starts[1:], end]):
        places = {(w["page"], w["column"]) for w in words[first:after] if w["text"] != "Правила"}
        assert len(places) == 1 and None not in next(iter(places)), words[first]["text"]
    assert {w["column"] for w in words[starts[0]:end]} == {0, 1}
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) <= 2


def test_the_columns_are_filled_and_the_last_page_balanced(bundled_build):
    with pdfplumber.open(bundled_build / "rules.pdf") as pdf:
        ends = []
        for page in pdf.pages:
            words = [w for w in page.extract_words() if w["bottom"] < page.height - 12 * 72 / 25.4]  # not the number
            below = [w for w in words if w["top"] > page.height * 0.5]
            ends.append([max(w["bottom"] for w in below if (w["x0"] < page.width / 2) == (column == 0))
                         for column in (0, 1)])
        foot = pdf.pages[0].height - 15 * 72 / 25.4
    # A full page: both columns reach the foot (was a quarter page empty). No rule is split, so a column
    # may stay up to about three lines short when the next rule is longer than the room left.
    for page_ends in ends[:-1]:
        assert all(foot - end < 48 for end in page_ends), ends
    assert abs(ends[-1][0] - ends[-1][1]) < 100, ends  # the last page's two columns about even


def test_arrange_fills_columns_in_order_and_balances_the_last_page():
    # seven blocks of 100 with 10 between them; the first page's columns hold two, later ones three
    placed = rules_sheet.arrange([100.0] * 7, [0.0] + [10.0] * 6, 210, 320)
    assert [(a, b) for a, b, _ in placed] == [(0, 2), (2, 4), (4, 6), (6, 7)] or \
        [(a, b) for a, b, _ in placed] == [(0, 2), (2, 4), (4, 5), (5, 7)]
    assert placed[0][2] == 210 and placed[-1][2] == 210  # the last page's height to fill: its taller column
    assert rules_sheet.arrange([100.0, 500.0], [0.0, 10.0], 210, 320) is None  # a block taller than any column
    assert [(a, b) for a, b, _ in rules_sheet.arrange([100.0] * 2, [0.0, 10.0], 210, 320)] == [(0, 1), (1, 2)]


def test_the_printed_sheet_names_no_software_and_no_files(rules_text):
    flat = " ".join(rules_text.split()).lower()
    for word in ("pdf", "программ", "slovariki", "файл", "судья"):
        assert word not in flat


def test_examples_are_drawn_whole_and_never_share_a_card(build, deck):
    examples = rules_sheet.examples_for(deck, documents.example_faces())
    cards = [card for example in examples.values() if example for card in (example.first, example.second)]
    assert len(cards) == 6 and len({card.word for card in cards}) == 6
    tints = {tuple(round(int(c.print_tint[i:i + 2], 16) / 255, 6) for i in (1, 3, 5)) for c in Colour}
    on_cards = []
    with pdfplumber.open(build() / "rules.pdf") as pdf:
        for page in pdf.pages:
            page = page.filter(lambda o: o.get("object_type") != "char"  # without the corner index's letters
                               or not (o["fontname"].endswith("Bold") and o["size"] < 7))
            for r in page.rects:
                if tuple(round(v, 6) for v in r["non_stroking_color"] or ()) in tints:
                    on_cards.append(" ".join(page.crop((r["x0"], r["top"], r["x1"], r["bottom"])).extract_text().split()))
    assert len(on_cards) == 6
    for card in cards:  # the word and its whole definition on one small card
        assert any(card.word in text and card.definition in text.replace("- ", "") for text in on_cards), card.word


def test_a_word_too_long_for_a_small_example_card_is_left_out_not_called_a_broken_template(tmp_path):
    from slovariki.markup import parse
    from slovariki.model import Card

    long = Card(parse("[э]л[е]ктр[о]сн[а]бж+ение"), 1, 1, "Подача тока в дома.")
    short = Card(parse("к[о]р+ова"), 1, 2, "Животное с рогами.")
    other = Card(parse("с[о]б+ака"), 1, 1, "Друг человека.")
    small = documents.example_faces()
    with pytest.raises(Exception) as caught:
        small.measure(long)
    assert "«электроснабжение»" in str(caught.value)  # the fit message names the card
    build_deck(Deck.of([long, short, other]), DeckOptions(), tmp_path)
    flat = " ".join(text_of(tmp_path / "rules.pdf", columns=2).split())
    assert "«собака»" in flat and "«корова»" in flat and "электроснабжение" not in flat


def test_no_line_of_the_rules_sheet_or_the_word_list_ends_with_a_short_word(bundled_build):
    """Issue 10's typography for the handouts too: a one- or two-letter word or a number is bound to
    the next word, so it never ends a line of running text (the example cards' corner letters and the
    word list's stars are no running text: a line of three words or more is)."""
    dangling = re.compile(r"^[«„(\"']*(\w{1,2}|\d+)$")  # no stop after it: not the end of a sentence
    for name in ("rules.pdf", "wordlist.pdf"):
        lines: dict[tuple, list[dict]] = {}
        for word in _words_in_reading_order(bundled_build / name):
            lines.setdefault((word["page"], word["column"], round(word["top"])), []).append(word)
        ends = [" ".join(w["text"] for w in words) for words in lines.values()
                if len(words) >= 3 and dangling.match(max(words, key=lambda w: w["x0"])["text"])]
        assert len(lines) > 100 and ends == [], name


def _lone_last_words(path: Path, columns: int = 2, until: str | None = None) -> list[str]:
    """Paragraphs (lines less than 4 pt apart) of body text whose last line is one word alone."""
    found = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            if until and page.extract_text().startswith(until):
                break
            for i in range(columns):
                column = page.crop((page.width * i / columns, 0, page.width * (i + 1) / columns, page.height))
                lines = [line for line in column.extract_text_lines(strip=True)
                         if min(c["size"] for c in line["chars"]) >= 9]  # not a small card, not a label
                for n, line in enumerate(lines):
                    ends = n + 1 == len(lines) or lines[n + 1]["top"] - line["bottom"] > 4
                    continues = n > 0 and line["top"] - lines[n - 1]["bottom"] <= 4
                    if ends and continues and len(line["text"].split()) == 1:
                        found.append(line["text"])
    return found


def test_no_paragraph_of_the_handouts_or_the_rules_ends_with_one_word_alone(bundled_build):
    # The bundled bank's word list had 37 definitions ending «…и сторожит / дом.»; rules 3 and 11 too.
    assert _lone_last_words(bundled_build / "wordlist.pdf") == []
    assert _lone_last_words(bundled_build / "dictation.pdf", until="Ответы") == []
    assert _lone_last_words(bundled_build / "rules.pdf") == []


def test_the_last_two_words_of_a_list_paragraph_go_together_when_they_fit():
    from slovariki.generator import fit

    measure = fit.measurer(documents.theme.FONT_REGULAR)
    words = "Домашнее животное, которое лает и сторожит дом.".split()
    width = measure("Домашнее животное, которое лает и сторожит") + 1
    assert fit.break_lines(words, measure, width, None, balance=False) == [
        "Домашнее животное, которое лает", "и сторожит дом."]
    narrow = measure("сторожит") + 1  # the two do not fit one line: each on its own
    assert fit.break_lines("лает сторожит".split(), measure, narrow, None, balance=False) == ["лает", "сторожит"]
