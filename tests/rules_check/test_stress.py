import pytest

from slovariki.markup import parse
from slovariki.model import Card, Source
from slovariki.rules_check.lexicon import Lexicon
from slovariki.rules_check.stress import Form, StressDictionary, StressFigures, accented, check_stress


@pytest.fixture(scope="module")
def dictionary() -> StressDictionary:
    return StressDictionary.bundled()


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon()


def card(markup: str) -> Card:
    return Card(parse(markup), 1, 1, "Объяснение для проверки.", Source("g.yaml", 7, 5))


def run(dictionary, lexicon, markup):
    figures = StressFigures()
    return check_stress(card(markup), dictionary, lexicon.reading, figures), figures


@pytest.mark.parametrize("word, lemmas, stresses", [
    ("автобус", [], {3}),
    ("творог", [], {2, 4}),        # both stresses are standard
    ("москва", [], {5}),
    ("метро", [], {4}),            # indeclinable: the headword gives the stress
    ("сапоги", ["сапог"], {5}),    # a plural card: the form of its lemma
    ("свидания", ["свидание"], {4}),
])
def test_dictionary_stresses(dictionary, word, lemmas, stresses):
    assert dictionary.stresses(word, lambda w: lemmas) == stresses


def test_a_short_adjective_does_not_lend_its_stress_to_the_noun(dictionary):
    assert dictionary.stresses("дорога", lambda w: ["дорога", "дорогой"]) == {3}  # доро́га, not дорога́


def test_word_missing_from_the_dictionary(dictionary):
    assert dictionary.stresses("коридоррр") is None


def test_wrong_stress_is_a_warning_with_both_stresses(dictionary, lexicon):
    found, figures = run(dictionary, lexicon, "[а][в]т[о]б+ус")
    assert [(d.code, d.severity.value, d.file, d.line, d.column) for d in found] == [
        ("stress-dictionary", "warning", "g.yaml", 7, 5)]
    assert found[0].message == "ударение: отмечено «автобу́с», в словаре «авто́бус»"
    assert (figures.agreed, figures.disagreed) == (0, 1)


def test_right_stress_passes(dictionary, lexicon):
    found, figures = run(dictionary, lexicon, "[а][в]т+об[у]с")
    assert found == [] and (figures.agreed, figures.disagreed) == (1, 0)


@pytest.mark.parametrize("markup", ["тв+ор[о]г", "тв[о]р+ог"])
def test_either_stress_of_a_two_stress_word_passes(dictionary, lexicon, markup):
    assert run(dictionary, lexicon, markup)[0] == []


def test_wrong_stress_of_a_two_stress_word_names_both(dictionary, lexicon):
    found, _ = run(dictionary, lexicon, "д[о]г+ов[о]р")
    assert found[0].message == "ударение: отмечено «дого́вор», в словаре «до́говор» или «догово́р»"


def test_missing_word_is_counted_not_warned(dictionary, lexicon):
    found, figures = run(dictionary, lexicon, "к[о]р[и]д+оррр")
    assert found == [] and figures.missing == ["коридоррр"]


def test_multi_word_entry_is_checked_word_by_word(dictionary, lexicon):
    assert run(dictionary, lexicon, "до св[и]д+ания")[0] == []
    found, figures = run(dictionary, lexicon, "до св+ид[а]ния")
    assert found[0].message == "ударение: отмечено «до сви́дания», в словаре «до свида́ния»"
    assert figures.disagreed == 1


def test_yo_is_always_stressed_and_needs_no_look_up(dictionary, lexicon):
    found, figures = run(dictionary, lexicon, "б[е]рёза")
    assert found == [] and (figures.agreed, figures.disagreed, figures.missing) == (0, 0, [])


def test_capital_letters_are_looked_up_in_lower_case(dictionary, lexicon):
    assert run(dictionary, lexicon, "М[о]скв+а")[0] == []
    assert "«Москва́»" in run(dictionary, lexicon, "М+оскв[а]")[0][0].message


def test_figures_text_names_the_missing_words():
    figures = StressFigures(agreed=3, disagreed=1, missing=["фыва"])
    assert figures.as_text() == ("Ударения сверены со словарём (Викисловарь): 4 слова, расходятся 1; "
                                 "нет в словаре 1: «фыва».")
    assert figures.as_json() == {"source": "Викисловарь", "agreed": 3, "disagreed": 1, "missing": ["фыва"]}


def test_a_small_dictionary_from_text():
    small = StressDictionary("гора\tгор+а\tг+оры гор+а\tгорка\n".encode())
    (entry,) = small.entries("гора")
    assert entry.related == ("горка",) and Form.parse("г+оры") in entry.forms
    assert small.stresses("горы", lambda w: ["гора"]) == {1}
    assert accented("горы", 1) == "го́ры" and accented("ёжик", 0) == "ёжик"


def test_the_search_finds_lemmas_across_the_whole_file(dictionary):
    lemmas = dictionary.lemmas()
    assert len(lemmas) > 60_000
    for lemma in [lemmas[0], lemmas[-1], *lemmas[::997]]:
        assert lemma in [e.lemma for e in dictionary.entries(lemma)]


def test_homographs_with_yo_share_a_look_up(dictionary):
    assert {e.lemma for e in dictionary.entries("небо")} == {"небо", "нёбо"}
    assert dictionary.entries("фывапролдж") == ()


def test_a_word_is_not_looked_up_as_a_form_of_another_word_spelled_alike(dictionary, lexicon):
    assert run(dictionary, lexicon, "п[о]т+ом")[0] == []  # the adverb пото́м, not по́том of «пот»
    assert dictionary.stresses("потом", lexicon.reading) == {1, 3}  # по́том (the page title) or пото́м
