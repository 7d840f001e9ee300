import pytest

from slovariki.markup import parse
from slovariki.model import Card, Source
from slovariki.rules_check.lexicon import DEFINITION_MAX, Lexicon


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon()


def card(markup: str, definition: str = "Объяснение для проверки.") -> Card:
    return Card(parse(markup), 1, 1, definition, Source("g.yaml", 3, 5))


def codes(lexicon: Lexicon, c: Card) -> list[str]:
    return [d.code for d in lexicon.check(c)[0]]


def test_known_lemma_passes_and_reports_part_of_speech(lexicon):
    problems, info = lexicon.check(card("к[о]р[и]д+ор", "Длинный проход внутри здания."))
    assert problems == []
    assert (info.lemma, info.pos, info.plural) == ("коридор", "NOUN", False)


def test_unknown_word(lexicon):
    problems, _ = lexicon.check(card("к[о]р[и]д+оррр"))
    assert [p.code for p in problems] == ["unknown-word"]
    assert problems[0].message.startswith("слова «коридоррр» нет в словаре")


def test_inflected_form_names_the_lemma(lexicon):
    problems, _ = lexicon.check(card("с[о]б+акой"))
    assert [p.code for p in problems] == ["not-lemma"]
    assert "«собака»" in problems[0].message


@pytest.mark.parametrize("markup, lemma", [("с[а]п[о]г+и", "сапог"), ("к[о]ньк+и", "конёк"), ("р[е]б+ята", "ребята")])
def test_plural_nouns_are_accepted_with_their_lemma(lexicon, markup, lemma):
    problems, info = lexicon.check(card(markup))
    assert problems == []
    assert info.lemma == lemma and (info.plural or info.lemma == info.word)


def test_multi_word_entry_checks_each_word(lexicon):
    assert codes(lexicon, card("до св[и]д+ания")) == []
    assert codes(lexicon, card("до св[и]д+анкя")) == ["unknown-word"]


def test_missing_yo_is_a_warning(lexicon):
    assert codes(lexicon, card("б[е]р+еза")) == ["missing-yo"]


def test_stressed_hard_vowel_is_a_warning_except_yo(lexicon):
    assert codes(lexicon, card("к[о]р[и]д[+о]р")) == ["stressed-hard"]
    assert codes(lexicon, card("ш[ё]лк")) == []


def test_definition_with_a_form_of_the_word(lexicon):
    assert codes(lexicon, card("к[о]р[и]д+ор", "По коридорам бегать нельзя.")) == ["definition-uses-word"]
    assert codes(lexicon, card("к[о]р[и]д+ор", "Проход, а в нём корзина.")) == []


def test_definition_too_long(lexicon):
    assert codes(lexicon, card("к[о]р[и]д+ор", "Проход " * (DEFINITION_MAX // 7 + 1))) == ["definition-too-long"]


# --- capital letters -------------------------------------------------------------------------------------
def diagnostics(lexicon: Lexicon, c: Card) -> list[tuple[str, str, str]]:
    return [(d.severity.value, d.code, d.message) for d in lexicon.check(c)[0]]


@pytest.mark.parametrize("markup, message", [
    ("м[о]скв+а", "«москва» — географическое название: пишется с большой буквы, «Москва»"),
    ("р[о][сс]+ия", "«россия» — географическое название: пишется с большой буквы, «Россия»"),
    ("[и]в+анова", "«иванова» — фамилия: пишется с большой буквы, «Иванова»"),
    ("с+аш[а]", "«саша» — имя: пишется с большой буквы, «Саша»"),
])
def test_a_proper_noun_in_lower_case_is_an_error(lexicon, markup, message):
    assert diagnostics(lexicon, card(markup)) == [("error", "missing-capital", message)]
    first = markup.index(next(ch for ch in markup if ch.isalpha()))
    assert codes(lexicon, card(markup[:first] + markup[first].upper() + markup[first + 1:])) == []


@pytest.mark.parametrize("markup, message", [
    ("Т[е]тр+адь", "«Тетрадь» — не имя собственное: пишется с маленькой буквы, «тетрадь»"),
    ("Б[а]р[а]б+ан", "«Барабан» — не имя собственное: пишется с маленькой буквы, «барабан»"),
    ("Д[о] св[и]д+ания", "«До» — не имя собственное: пишется с маленькой буквы, «до»"),
])
def test_a_common_word_with_a_capital_is_a_warning(lexicon, markup, message):
    assert diagnostics(lexicon, card(markup)) == [("warning", "needless-capital", message)]
    assert codes(lexicon, card(markup.lower())) == []


@pytest.mark.parametrize("markup", ["Р+оз[а]", "р+оз[а]", "В+ер[а]", "в+ер[а]", "[О]рёл", "[о]рёл", "Н[а]д+ежд[а]",
                                    "н[а]д+ежд[а]", "Р+од[и]на", "Н+ов[ы]й год", "Д+ед М[о]р+оз"])
def test_a_word_read_both_ways_and_a_name_made_of_common_words_keep_their_letter(lexicon, markup):
    assert codes(lexicon, card(markup)) == []


def test_a_capital_inside_a_word_is_an_error(lexicon):
    assert diagnostics(lexicon, card("м[О]скв+а")) == [
        ("error", "capital-inside-word", "«мОсква»: большая буква посреди слова; пишется «Москва»")]
    assert diagnostics(lexicon, card("Б[А]Р[А]Б+АН")) == [
        ("error", "capital-inside-word", "«БАРАБАН»: большие буквы посреди слова; пишется «барабан»")]


def test_a_hyphenated_place_name_gets_each_capital_but_a_prepositions(lexicon):
    assert [f.spelled for f in lexicon.case_fixes("ростов-на-дону")] == ["Ростов-на-Дону"]
    assert lexicon.case_fixes("Ростов-на-Дону") == []


# --- -ье nouns, misspellings -----------------------------------------------------------------------------
@pytest.mark.parametrize("markup, word", [("сч+асть[е]", "счастье"), ("в[е]с[е]ль+е", "веселье"),
                                          ("[у]щ+ель[е]", "ущелье")])
def test_a_noun_in_ye_is_its_own_dictionary_form(lexicon, markup, word):
    problems, info = lexicon.check(card(markup))
    assert problems == [] and info.lemma == word


def test_an_oblique_case_of_a_noun_in_ye_is_not_a_dictionary_form(lexicon):
    assert codes(lexicon, card("сч+асть[ю]")) == ["not-lemma"]


@pytest.mark.parametrize("typed, meant", [("кросовки", ["кроссовки"]), ("калекция", ["коллекция"]),
                                          ("исскуство", ["искусство"]), ("малако", ["молоко"]),
                                          ("вакзал", ["вокзал"]), ("карова", ["корова"]), ("пинал", ["пенал"])])
def test_a_child_s_misspelling_finds_the_word(lexicon, typed, meant):
    assert lexicon.near(typed)[:len(meant)] == meant


def test_a_word_with_no_dictionary_word_near_gets_none(lexicon):
    assert lexicon.near("забулябра") == []


# --- definitions -----------------------------------------------------------------------------------------
def test_a_space_before_punctuation_in_a_definition_is_a_warning(lexicon):
    assert diagnostics(lexicon, card("в[о]р+она", "Птица , которая каркает .")) == [(
        "warning", "definition-space", "толкование слова «ворона»: «Птица ,» (пробел перед запятой), «каркает .» "
                                       "(пробел перед точкой); знак препинания ставится сразу после слова")]
    assert codes(lexicon, card("в[о]р+она", "Птица, которая каркает (громко).")) == []


def test_a_definition_starting_with_a_small_letter_is_a_warning(lexicon):
    assert diagnostics(lexicon, card("в[о]р+она", "серая птица.")) == [(
        "warning", "definition-lowercase", "толкование слова «ворона» начинается с маленькой буквы «с»: начните "
                                           "его с большой")]
    assert codes(lexicon, card("в[о]р+она", "«Серая» птица.")) == []
