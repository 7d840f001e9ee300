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
