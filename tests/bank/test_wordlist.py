import json
import tracemalloc

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from slovariki.diagnostics import Diagnostic
from slovariki.bank.wordlist import MAX_FILE_BYTES, WordBankError, WordFile, load_bank, load_text

GOOD = """\
grade: 2
words:
  - word: л[о]п+ата
    stars: 1
    definition: Инструмент, чтобы копать землю.
  - word: "[а]лф[а]в+ит"
    stars: 2
    definition: Все буквы языка по порядку.
    note: заметка для редактора
"""


def codes(result) -> list[str]:
    return [d.code for d in result.diagnostics]


def only(text: str) -> WordFile:
    return load_text(text, "g.yaml")


def test_good_file_gives_cards_with_places():
    f = only(GOOD)
    assert f.diagnostics == ()
    assert [c.word for c in f.cards] == ["лопата", "алфавит"]
    assert f.grade == 2
    first = f.cards[0]
    assert (first.source.line, first.source.column) == (3, 5)
    assert first.stars == 1 and first.definition.startswith("Инструмент")


def test_bundled_bank_loads_without_problems():
    bank = load_bank()
    assert bank.diagnostics == ()
    assert {f.grade for f in bank.files} == {1, 2, 3, 4}
    assert all(f.name.startswith("words/grade") for f in bank.files)


def test_missing_folder(tmp_path):
    with pytest.raises(WordBankError, match="не найдена"):
        load_bank(tmp_path / "нет")


def test_empty_path_is_not_the_current_folder(bank_dir, monkeypatch):
    monkeypatch.chdir(bank_dir({"grade2.yaml": GOOD}))
    with pytest.raises(WordBankError, match="путь пустой"):
        load_bank("")


def test_folder_without_word_files(tmp_path):
    with pytest.raises(WordBankError, match="нет файлов"):
        load_bank(tmp_path)


def test_single_file_path(bank_dir):
    folder = bank_dir({"grade2.yaml": GOOD})
    assert len(load_bank(folder / "grade2.yaml").cards) == 2


def test_invalid_yaml_names_line_and_column():
    f = only("grade: 1\nwords:\n  - word: к[о]т\n   stars: 1\n")
    (d,) = f.diagnostics
    assert d.code == "yaml-syntax" and d.line == 4 and d.column >= 1
    assert "отступ" in d.message


def test_colon_inside_a_value_is_explained_in_russian():
    (d,) = only(GOOD.replace("Все буквы", "Все: буквы")).diagnostics
    assert (d.code, d.line) == ("yaml-syntax", 8) and "кавычки" in d.message


def test_unquoted_leading_bracket_is_explained():
    f = only('grade: 1\nwords:\n  - word: [о]б[е]зь+яна\n    stars: 1\n    definition: Зверь.\n')
    assert codes(f) == ["yaml-syntax"] and "кавычки" in f.diagnostics[0].message


def test_unquoted_leading_bracket_read_as_list_is_explained():
    f = only('grade: 1\nwords:\n  - word: [о]\n    stars: 1\n    definition: Буква.\n')
    assert codes(f) == ["bad-type"] and "кавычки" in f.diagnostics[0].message


def test_stars_as_text():
    f = only(GOOD.replace("stars: 1", 'stars: "два"'))
    (d,) = f.diagnostics
    assert d.code == "bad-type" and "«два»" in d.message and d.line == 4


def test_stars_out_of_range():
    (d,) = only(GOOD.replace("stars: 1", "stars: 5")).diagnostics
    assert (d.code, d.message) == ("bad-value", "stars (звёздочки): нужно число от 1 до 3, а не 5")


def test_words_as_mapping():
    f = only("grade: 1\nwords:\n  word: к[о]т\n")
    assert codes(f) == ["bad-type"] and f.diagnostics[0].message == "words: нужен список слов, а здесь словарь (ключ: значение)"


def test_grade_missing_and_wrong():
    assert codes(only("words: []\n")) == ["missing-key", "no-words"]
    assert codes(only("grade: 7\nwords: []\n")) == ["bad-value", "no-words"]


def test_duplicate_keys():
    f = only(GOOD.replace("    stars: 1\n", "    stars: 1\n    stars: 2\n"))
    (d,) = f.diagnostics
    assert d.code == "duplicate-key" and d.line == 5


def test_unknown_key_suggests_nearest():
    f = only(GOOD.replace("definition: Инструмент", "defenition: Инструмент"))
    assert "unknown-key" in codes(f)
    assert any("definition" in d.message for d in f.diagnostics if d.code == "unknown-key")


def test_missing_definition():
    f = only("grade: 1\nwords:\n  - word: к[о]т\n    stars: 1\n")
    assert codes(f) == ["missing-definition"]


def test_empty_file():
    assert codes(only("")) == ["empty-file"]
    assert codes(only("# только комментарий\n")) == ["empty-file"]


def test_bom_and_crlf_accepted(bank_dir):
    data = ("\ufeff" + GOOD).replace("\n", "\r\n").encode("utf-8")
    bank = load_bank(bank_dir({"grade2.yaml": data}))
    assert bank.diagnostics == () and len(bank.cards) == 2


def test_non_utf8_file(bank_dir):
    bank = load_bank(bank_dir({"grade2.yaml": GOOD.encode("cp1251")}))
    (d,) = bank.diagnostics
    assert d.code == "encoding" and d.line == 3


def test_alias_bomb_refused_quickly():
    lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for i in range(1, 12):
        lines.append(f"{chr(97 + i)}: &{chr(97 + i)} [{', '.join(['*' + chr(96 + i)] * 9)}]")
    text = "\n".join(lines) + "\ngrade: 1\nwords: *l\n"
    tracemalloc.start()
    f = only(text)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert codes(f) == ["yaml-alias"]  # refused whole, before any key is read
    assert "разворачиваются в текст больше 1 МБ" in f.diagnostics[0].message
    assert peak < 50 * 1024 * 1024


def test_fifty_megabyte_file_refused_without_reading_it(bank_dir, tmp_path):
    big = tmp_path / "grade1.yaml"
    with big.open("wb") as stream:
        stream.write(GOOD.encode())
        stream.write(b"#" * (50 * 1024 * 1024))
    tracemalloc.start()
    bank = load_bank(tmp_path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert codes(bank) == ["file-too-large"]
    assert peak < 4 * MAX_FILE_BYTES


@pytest.mark.parametrize("word, code, offset", [
    ("к[ор+ова", "markup-unclosed-bracket", 1),
    ("к[]р+ова", "markup-empty-bracket", 1),
    ("к[о]р+ов+а", "markup-two-stresses", 9),
    ("к[о]+рова", "markup-stress-consonant", 4),
    ('"к[о]+рова"', "markup-stress-consonant", 5),
])
def test_markup_problems_point_into_the_value(word, code, offset):
    f = only(GOOD.replace("л[о]п+ата", word))
    (d,) = f.diagnostics
    value_column = len("  - word: ") + 1
    assert (d.code, d.line, d.column) == (code, 3, value_column + offset)


def test_duplicate_word_across_grades_names_both_places(bank_dir):
    other = GOOD.replace("grade: 2", "grade: 3").replace("[а]лф[а]в+ит", "к[о]р+ова")
    bank = load_bank(bank_dir({"grade2.yaml": GOOD, "grade3.yaml": other}))
    (d,) = bank.diagnostics
    assert d.code == "duplicate-word" and "grade3.yaml" in d.file and "grade2.yaml:3:5" in d.message
    assert len(bank.deck) == 3


def test_select_keeps_only_chosen_grades(bank_dir):
    other = GOOD.replace("grade: 2", "grade: 3").replace("л[о]п+ата", "к[о]р+ова").replace("[а]лф[а]в+ит", "с[о]б+ака")
    bank = load_bank(bank_dir({"grade2.yaml": GOOD, "grade3.yaml": other}))
    assert [c.word for c in bank.select([3]).deck] == ["корова", "собака"]


yaml_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
schema_like = st.fixed_dictionaries(
    {"grade": yaml_values | st.integers(0, 5)},
    optional={"words": st.lists(st.dictionaries(
        st.sampled_from(["word", "stars", "definition", "note", "wrd"]),
        yaml_values | st.text(alphabet="кор[]+ова", max_size=10) | st.integers(0, 4), max_size=5), max_size=4)},
)


def assert_clean(result: WordFile) -> None:
    assert all(isinstance(d, Diagnostic) for d in result.diagnostics)
    assert all(d.line is None or d.line >= 1 for d in result.diagnostics)


@given(st.text(max_size=200))
def test_random_text_never_raises(text):
    assert_clean(only(text))


@given(yaml_values | schema_like)
def test_random_structures_never_raise(value):
    assert_clean(only(yaml.safe_dump(value, allow_unicode=True)))


# What a safe dump never writes: explicit tags, numbers in YAML's other notations, integers past
# Python's int-string limit, sexagesimal numbers.
tags = st.sampled_from([
    "", "!!int", "!!float", "!!str", "!!bool", "!!null", "!!binary", "!!timestamp", "!!set", "!!omap", "!!seq",
    "!!map", "!!python/object:os.system", "!!python/name:os.system", "!!python/tuple", "!!python/object/apply:os.getcwd",
    "!custom", "!", "!<tag:example.com,2024:x>",
])
numbers = st.one_of(
    st.integers().map(str), st.floats().map(str), st.sampled_from(["", "0x", "0o", "0b", "0x1F", "1_000", ".inf", "~",
                                                                   "+", "-", "²", "١", "1e3", "0b102", "08"]),
    st.integers(1, 6000).map(lambda n: "7" * n),
    st.lists(st.integers(0, 99), min_size=2, max_size=3000).map(lambda parts: ":".join(map(str, parts))),
)
tagged_scalars = st.builds(lambda tag, text, quoted: f"{tag} {json.dumps(text, ensure_ascii=False) if quoted else text}",
                           tags, numbers | st.text(max_size=12), st.booleans())
tagged_values = tagged_scalars | st.builds(lambda tag, items: f"{tag} [{', '.join(items)}]", tags,
                                           st.lists(tagged_scalars, max_size=3))


@given(tagged_values, tagged_values, tagged_values, tagged_values)
def test_tagged_values_and_numbers_of_every_notation_never_raise(grade, word, stars, definition):
    text = f"grade: {grade}\nwords:\n  - word: {word}\n    stars: {stars}\n    definition: {definition}\n"
    result = only(text)
    assert_clean(result)
    assert all(len(d.message) < 500 for d in result.diagnostics)  # a huge value is not quoted whole


@pytest.mark.parametrize("text, hint", [
    ("grade: 1\nwords:\n  - word: к[о]т\n\tstars: 1\n", "табуляция"),
    ("grade: 1\nwords: []\n---\ngrade: 2\n", "один документ"),
    ("grade: 1\nwords:\n  - {word: к[о]т, stars: 1}\n", "запятой"),
    ("grade: 1\nwords: [\n", "скобка"),
    ('grade: 1\nwords:\n  - word: к[о]т\n    definition: "a\\qb"\n', "«\\»"),
    ("grade: 1\nwords:\n  - word: к[о]т\n    definition: * звезда\n", "«*»"),
    ("grade: 1\nwords:\n  - word: к[о]т\n    definition: !Зверь\n", "«!»"),
    ("grade: 1\nwords:\n  - word: к[о]т\n    definition: | x\n", "с новой строки"),
    ("grade: 1\nwords: " + "[" * 5000 + "]" * 5000 + "\n", "вложенность"),
    ("grade: 1\nwords:\n  - word: - к[о]т\n", "«-» здесь не на месте"),
    ("grade: 1\n%words: []\n", "«%»"),
    ("grade: 1\nwords:\n  - word: к[о]т\n    definition: ? x\n", "«?»"),
])
def test_yaml_syntax_errors_are_explained_in_russian(text, hint):
    (d,) = only(text).diagnostics
    assert d.code == "yaml-syntax" and hint in d.message
    assert "found" not in d.message and "expected" not in d.message


def test_control_character_is_an_encoding_error_at_its_place():
    (d,) = only("grade: 1\nwords: []\x00\n").diagnostics
    assert (d.code, d.line, d.column) == ("encoding", 2, 10) and "U+0000" in d.message


def test_utf16_file_is_an_encoding_error(bank_dir):
    bank = load_bank(bank_dir({"grade1.yaml": GOOD.encode("utf-16-le")}))
    assert codes(bank) == ["encoding"]


def test_wrong_value_types_are_named_in_russian():
    f = only(GOOD.replace("stars: 1", "stars:").replace("Инструмент, чтобы копать землю.", "2020-01-01"))
    messages = [d.message for d in f.diagnostics]
    assert any(m.endswith("а здесь пусто") for m in messages)
    assert "definition: нужен текст, а здесь дата «2020-01-01»: если это текст, возьмите его в кавычки" in messages


def test_hidden_files_are_not_word_lists(bank_dir):
    bank = load_bank(bank_dir({"grade2.yaml": GOOD, "._grade2.yaml": b"\x00\x05\x16\x07Mac OS X"}))
    assert bank.diagnostics == () and len(bank.cards) == 2


def test_unreadable_file_is_named_with_a_russian_reason(bank_dir, monkeypatch):
    from slovariki.files import reading
    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    folder = bank_dir({"grade2.yaml": GOOD})
    monkeypatch.setattr(reading.os, "open", refuse)
    with pytest.raises(WordBankError, match="grade2.yaml: нет прав доступа"):
        load_bank(folder)


def test_a_grade_file_that_is_a_folder_or_a_symlink_loop_is_reported_not_skipped(bank_dir):
    folder = bank_dir({"grade2.yaml": GOOD})
    (folder / "grade3.yaml").mkdir()
    with pytest.raises(WordBankError, match="grade3.yaml: это папка, а не файл"):
        load_bank(folder)
    (folder / "grade3.yaml").rmdir()
    (folder / "grade4.yaml").symlink_to(folder / "grade4.yaml")
    with pytest.raises(WordBankError, match="grade4.yaml: символические ссылки зациклились"):
        load_bank(folder)


@pytest.mark.parametrize("path, message", [
    ("/dev/null", "/dev/null — не папка со словами: это не файл, а устройство"),
    ("loop", "не удалось открыть папку со словами loop: символические ссылки зациклились"),
], ids=["device", "loop"])
def test_a_words_path_that_is_no_folder_says_so(tmp_path, monkeypatch, path, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "loop").symlink_to("loop")
    with pytest.raises(WordBankError) as caught:
        load_bank(path)
    assert str(caught.value) == message


BAD_INTEGERS = {  # explicit tags and values YAML calls integers, none of them a number we can use
    "a word": "!!int один",
    "empty": '!!int ""',
    "a fraction": "!!int 1.5",
    "hex without digits": "!!int 0x",
    "a superscript digit": "!!int ²",
    "sexagesimal": "59:" * 3000 + "59",
    "more digits than Python converts": "1" * 5000,
}


@pytest.mark.parametrize("value", list(BAD_INTEGERS.values()), ids=list(BAD_INTEGERS))
def test_integers_that_are_not_small_numbers_are_diagnostics_at_their_line(value):
    stars = only(GOOD.replace("stars: 1", f"stars: {value}", 1))
    (d,) = stars.diagnostics
    assert (d.code, d.line, d.column) in {("bad-type", 4, 12), ("bad-value", 4, 12)}
    assert d.message.startswith("stars (звёздочки): нужно") and len(d.message) < 200
    grade = only(GOOD.replace("grade: 2", f"grade: {value}"))
    (d,) = grade.diagnostics
    assert (d.line, d.column) == (1, 8) and d.message.startswith("grade (класс): нужно")


@pytest.mark.parametrize("value, message", [
    ("02", None), ("+3", None), ("0x2", "stars (звёздочки): нужно целое число от 1 до 3, а здесь «0x2»"),
    ("-1", "stars (звёздочки): нужно число от 1 до 3, а не -1"),
    ("1" * 5000, "stars (звёздочки): нужно число от 1 до 3, а не 111111111111111111111111111111111111111…"),
])
def test_stars_are_read_as_decimal_numbers(value, message):
    f = only(GOOD.replace("stars: 1", f"stars: {value}", 1))
    assert [d.message for d in f.diagnostics] == ([message] if message else [])


def test_latin_look_alikes_in_a_definition_or_a_note_are_errors_at_their_place():
    text = ("grade: 1\nwords:\n  - word: к[о]р+ова\n    stars: 1\n"
            "    definition: Дoмашнее живoтное.\n    note: 'витамин C, мoлоко'\n")
    lines = text.split("\n")
    f = only(text)
    found = [(d.code, d.line, d.column, d.message) for d in f.diagnostics]
    assert found == [
        ("latin-letter", 5, lines[4].index("Дo") + 2, "в толковании латинская буква «o» в слове «Дoмашнее»: нужна русская «о»"),
        ("latin-letter", 5, lines[4].index("живo") + 4, "в толковании латинская буква «o» в слове «живoтное»: нужна русская «о»"),
        ("latin-letter", 6, lines[5].index("мo") + 2, "в заметке латинская буква «o» в слове «мoлоко»: нужна русская «о»"),
    ]
    assert [c.word for c in f.cards] == ["корова"]  # the card is still read and checked


def test_a_word_with_several_latin_letters_is_one_error_and_a_latin_word_is_none():
    f = only("grade: 1\nwords:\n  - word: к[о]р+ова\n    stars: 1\n    definition: >\n"
             "      Даёт мoлoкo и\n      любит Wi-Fi.\n")
    assert [(d.line, d.column, d.message) for d in f.diagnostics] == [
        (6, len("      Даёт м") + 1, "в толковании латинские буквы «o», «o», «o» в слове «мoлoкo»: нужны русские «о», «о», «о»")]
    assert only(GOOD).diagnostics == ()


# --- game_word: an entry in the bank only for the game --------------------------------------------------
GAME = """\
grade: 1
words:
  - word: к[о]р+ова
    stars: 1
    definition: Домашнее животное с рогами.
  - word: кл+а[сс]ный
    stars: 3
    definition: Такой, что связан с классом.
    game_word: true
  - word: п[е]н+ал
    stars: 1
    definition: Коробочка для ручек.
    game_word: false
"""


def test_game_word_is_read_and_false_unless_the_entry_says_true():
    f = only(GAME)
    assert f.diagnostics == ()
    assert [(c.word, c.game_word) for c in f.cards] == [("корова", False), ("классный", True), ("пенал", False)]


def test_a_deck_of_list_words_leaves_the_game_words_out():
    from slovariki.model import Deck

    full = Deck.of(only(GAME).cards)
    assert [c.word for c in full.list_words()] == ["корова", "пенал"]
    assert len(full) == 3  # the deck itself keeps every card


def test_a_one_grade_deck_is_made_of_list_words_unless_the_game_words_are_asked_for():
    from slovariki.bank.wordlist import WordBank

    bank = WordBank((only(GAME),), ())
    assert [c.word for c in bank.for_deck((1,)).cards] == ["корова", "пенал"]
    assert [c.word for c in bank.for_deck((1,), game_words=True).cards] == ["корова", "классный", "пенал"]


@pytest.mark.parametrize("value, shown", [("да", "«да»"), ("1", "«1»"), ("yes", "«yes»"), ('"true"', "«true»"),
                                          ("[true]", "список")])
def test_a_game_word_that_is_not_true_or_false_is_an_error_at_its_value(value, shown):
    f = only(GAME.replace("game_word: true", f"game_word: {value}"))
    (problem,) = f.diagnostics
    assert (problem.code, problem.line, problem.column) == ("bad-type", 9, 16)
    assert "game_word" in problem.message and "true" in problem.message and shown in problem.message
    assert [c.word for c in f.cards] == ["корова", "пенал"]


def test_game_word_goes_through_a_table_and_back_byte_for_byte():
    from slovariki.bank import wordtable

    table = wordtable.from_yaml(GAME, "grade1.yaml")
    assert [row.values.get("game_word") for row in table.rows] == [None, "да", "нет"]
    assert wordtable.to_yaml(table)[0] == GAME


@pytest.mark.parametrize("cell, written", [("да", "true"), (" Да ", "true"), ("НЕТ", "false"), ("может", "может")])
def test_a_game_word_cell_is_written_as_true_or_false_and_anything_else_as_it_is(cell, written):
    from slovariki.bank import wordtable

    row = wordtable.Row({"word": "к[о]т", "stars": 1, "definition": "Зверь.", "game_word": cell})
    text = wordtable.to_yaml(wordtable.Table(1, [row]))[0]
    assert text.endswith(f"    game_word: {written}\n")
    f = only(text)
    if written == "может":  # the word file's check names it
        assert [d.code for d in f.diagnostics] == ["bad-type"] and not f.cards
    else:
        assert f.cards[0].game_word == (written == "true")


def test_words_and_check_count_the_list_words_of_each_grade(bank_dir):
    from click.testing import CliRunner

    from slovariki.cli import main

    folder = bank_dir({"grade1.yaml": GAME, "grade2.yaml": GOOD})
    shown = CliRunner().invoke(main, ["words", "--words", str(folder)])
    assert shown.exit_code == 0 and "(для игры) Такой, что связан с классом." in shown.output
    counts = "Из школьных списков (остальные слова — только для игры):\n  1 класс: 2 из 3\n  2 класс: 2 из 2\n"
    assert shown.output.endswith("Всего: 5\n" + counts)
    checked = CliRunner().invoke(main, ["check", "--words", str(folder), "--no-deck"])
    assert counts in checked.output
    report = json.loads(CliRunner().invoke(main, ["check", "--words", str(folder), "--no-deck", "--format", "json"]).output)
    assert {g: s["list_words"] for g, s in report["summary"].items()} == {"1": 2, "2": 2}
    assert [c.word for c in load_bank(folder).list_words().deck] == ["корова", "пенал", "лопата", "алфавит"]


def test_a_list_without_game_words_is_not_counted_as_list_words(bank_dir):
    from click.testing import CliRunner

    from slovariki.cli import main

    folder = bank_dir({"grade1.yaml": "grade: 1\nwords:\n  - word: к[о]р+ова\n    stars: 1\n    definition: Животное.\n"})
    assert "Из школьных списков" not in CliRunner().invoke(main, ["words", "--words", str(folder)]).output
