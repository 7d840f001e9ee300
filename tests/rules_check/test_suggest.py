"""`slovariki suggest`: the editor's assistant (issue 9 §3)."""

import json
import re
import os

import pytest
from click.testing import CliRunner

from slovariki.cli import main
from slovariki.markup import parse
from slovariki.rules_check.lexicon import Lexicon
from slovariki.rules_check.stress import StressDictionary
from slovariki.rules_check.suggest import Assistant, SuggestError, _suffix_vowels, read_word


@pytest.fixture(scope="module")
def assistant() -> Assistant:
    return Assistant()


def letter_at(result, index):
    (found,) = [x for x in result.letters if x.start == index]
    return found


# --- input ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, word", [("барабан", "барабан"), ("  до   свидания ", "до свидания"),
                                        ("Москва", "Москва"), ("кое-где", "кое-где")])
def test_words_that_are_read(text, word):
    assert read_word(text) == word


@pytest.mark.parametrize("text, message", [
    ("", "слово не задано"),
    ("   ", "слово не задано"),
    ("abc", "«abc» написано латинскими буквами"),
    ("кoрова", "латинская буква «o» на месте 2: нужна русская «о»"),
    ("к0рова", "в слове цифра «0» (место 2)"),
    ("2024", "в слове цифра «2» (место 1)"),
    ("а" * 500, "слишком длинно для словарного слова: 500 знаков"),
    ("к[о]р+ова", "напишите слово без разметки"),
    ("корова!", "нужно слово из русских букв"),
    ("моrоз", "буква «r» на месте 3 — не русская"),
])
def test_bad_input_is_refused_with_a_reason(text, message):
    with pytest.raises(SuggestError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_word(text)


# --- stress and letters --------------------------------------------------------------------------------
def test_barabаn_gets_two_hard_vowels_and_two_stars(assistant):
    result = assistant.suggest("барабан", grade=1)
    assert result.markup.render() == "б[а]р[а]б+ан"
    assert result.stars == 2 and [x.kind for x in result.hard_letters] == ["vowel", "vowel"]
    assert "Ударение (Викисловарь): бараба́н." in result.as_text()


def test_a_vowel_stressed_in_a_form_is_checked_not_hard(assistant):
    result = assistant.suggest("гора")
    o = letter_at(result, 1)
    assert not o.hard and "го́ры" in o.checks
    assert result.hard_letters == () and "Сложных букв не нашлось" in result.as_text()


def test_a_vowel_stressed_only_in_a_related_word_stays_hard_with_its_check_word(assistant):
    result = assistant.suggest("лисица")  # лисица ← лис (Wiktionary's feminine pair)
    first_i = letter_at(result, 1)
    assert first_i.hard and first_i.related and any(check.startswith("ли́с") for check in first_i.checks)
    assert "первую «и» можно проверить родственными словами «ли́с" in result.entry()


def test_related_words_come_from_the_dictionary_line():
    small = StressDictionary("молоко\tмолок+о\tмолок+а молок+о\tмолочный\nмолочный\t\tмол+очный мол+очного\tмолоко\n".encode())
    result = Assistant(Lexicon(), small).suggest("молоко")
    assert result.markup.render() == "м[о]л[о]к+о" and result.stars == 2  # the textbooks mark it: молоко — моло́чный
    assert letter_at(result, 3).checks == ("моло́чный", "моло́чного")
    assert 'note: "вторую «о» можно проверить родственными словами «моло́чный», «моло́чного»"' in result.entry()


def test_two_accepted_stresses_the_data_cannot_tell_apart_are_left_to_the_editor(assistant):
    result = assistant.suggest("творог")  # both are standard, and no related word in the data tells
    assert [len(s) for s in result.stresses] == [2] and result.choices[0].undecided
    assert "тво́рог или творо́г. Словарь даёт оба ударения и не подсказывает, какое из них основное: выберите " \
           "сами" in result.as_text()
    assert result.stress == (4,) and result.markup.render() == "тв[о]р+ог"  # творо́г meanwhile
    assert "ударение двоякое: тво́рог и творо́г — выберите одно" in result.entry()
    assert result.as_json()["stress_choice"] == [{"chosen": None, "by": None, "set_aside": None}]


def test_of_two_accepted_stresses_the_one_a_related_word_keeps_is_taken(assistant):
    result = assistant.suggest("север")  # се́вер, not the sailors' севе́р: се́верный is stressed so
    assert result.stress == (1,) and result.markup.render() == "с+ев[е]р"
    assert "в записи «се́вер» — с тем же ударением, что в родственном слове «се́верный»" in result.as_text()
    assert "ударение се́вер, как в «се́верный» (словарь допускает и севе́р)" in result.entry()
    assert "под ударением она только в другом варианте, «севе́р»" in letter_at(result, 3).reason
    assert result.as_json()["stress_choice"] == [{"chosen": "се́вер", "by": "се́верный", "set_aside": None}]


@pytest.mark.parametrize("adjective, chosen", [("с+еверный", 1), ("север+ный", None)])
def test_a_related_word_decides_only_when_stressed_on_one_of_the_two_vowels(adjective, chosen):
    small = StressDictionary(f"север\tс+евер сев+ер\tс+евер сев+ер\t\nсеверный\t{adjective}\t\t\n".encode())
    assert Assistant(Lexicon(), small).suggest("север").choices[0].chosen == chosen


def test_a_stress_of_another_word_spelled_alike_is_set_aside(assistant):
    result = assistant.suggest("потом")  # the page «потом» also gives по́том, a form of «пот»
    assert result.stresses == ((3,),) and result.markup.render() == "п[о]т+ом"
    assert "Ударение (Викисловарь): пото́м (по́том — форма другого слова, «пот»)." in result.as_text()


def test_a_paired_consonant_with_no_check_word_is_hard(assistant):
    result = assistant.suggest("вокзал", grade=3)
    k = letter_at(result, 2)
    assert (k.kind, k.hard) == ("paired", True) and "перед «з» слышится [г]" in k.reason
    assert result.markup.render() == "в[о][к]з+ал" and result.stars == 3


def test_a_paired_consonant_checked_by_a_form(assistant):
    g = letter_at(assistant.suggest("сапог"), 4)
    assert (g.kind, g.hard) == ("paired", False) and "сапоги́" in g.checks


def test_a_silent_consonant_is_hard(assistant):
    result = assistant.suggest("здравствуйте")
    v = letter_at(result, 4)
    assert (v.kind, v.hard) == ("silent", True) and "«вств»" in v.reason


def test_a_silent_consonant_checked_before_a_vowel(assistant):
    t = letter_at(assistant.suggest("честный"), 3)
    assert (t.kind, t.hard) == ("silent", False) and t.checks


def test_a_double_consonant_is_one_bracket(assistant):
    result = assistant.suggest("класс")
    assert result.markup.render() == "кл+а[сс]" and result.stars == 3


def test_a_stressed_exception_is_hard(assistant):
    result = assistant.suggest("парашют")
    assert result.markup.render() == "п[а]р[а]ш[+ю]т"
    assert letter_at(result, 5).kind == "exception" and result.stars == 3
    assert parse(result.markup.render()) == result.markup  # the markup check accepts


def test_the_ending_is_not_a_hard_letter(assistant):
    a = letter_at(assistant.suggest("корова"), 5)
    assert not a.hard and "окончании" in a.reason


@pytest.mark.parametrize("word, markup", [("иней", "+ин[е]й"), ("улей", "+ул[е]й")])
def test_the_vowel_before_the_final_y_of_a_masculine_noun_is_its_stem_s(assistant, word, markup):
    # и́ней — и́нея, у́лей — у́лья: the ending is zero; pymorphy3 also reads «иней» as a form of «иня».
    result = assistant.suggest(word)
    assert result.markup.render() == markup and result.stars == 1
    assert "окончании" not in letter_at(result, 2).reason
    assert "окончании" in letter_at(assistant.suggest("рабочий"), 5).reason  # declined as an adjective


@pytest.mark.parametrize("word, index, reason", [
    ("рисунок", 5, "беглая гласная суффикса «-ок»"),
    ("фамилия", 5, "безударная гласная в окончании"),
])
def test_vowels_that_a_rule_explains_are_not_hard(assistant, word, index, reason):
    found = letter_at(assistant.suggest(word), index)
    assert not found.hard and found.reason.startswith(reason)


@pytest.mark.parametrize("word, index", [("спасибо", 6), ("медленно", 7), ("пожалуйста", 9)])
def test_the_final_vowel_of_an_unchanging_word_is_hard(assistant, word, index):
    found = letter_at(assistant.suggest(word), index)
    assert found.hard and found.reason.startswith("конечная безударная гласная: слово не изменяется")


@pytest.mark.parametrize("word, grade, markup, suffix", [
    ("товарищ", 2, "т[о]в+арищ", "-ищ"),
    ("математика", 2, "м[а]т[е]м+атика", "-ик-"),
    ("понедельник", 2, "п[о]н[е]д+ельник", "-ник"),
    ("лестница", 3, "л+ес[т]ница", "-ниц-"),
    ("правительство", 4, "пр[а]в+ительство", "-тель-"),
    ("отечество", 4, "[о]т+ечество", "-еств-"),
    ("соревнование", 4, "с[о]р[е]внов+ание", "-ова-"),
    ("двадцать", 4, "дв+а[д]цать", "-дцать"),
    ("здороваться", 3, "[з]д[о]р+оваться", "-ова-"),
])
def test_an_unstressed_vowel_of_a_suffix_is_not_hard(assistant, word, grade, markup, suffix):
    result = assistant.suggest(word, grade=grade)
    assert result.markup.render() == markup
    (letter,) = [x for x in result.letters if x.suffix]
    assert not letter.hard and letter.suffix == suffix and f"суффикса «{suffix}»" in letter.reason


@pytest.mark.parametrize("word, index, suffix", [("мальчик", 5, "-ик"), ("девочка", 3, "-очк-")])
def test_a_suffix_vowel_is_hard_when_the_word_has_no_other_hard_letter(assistant, word, index, suffix):
    letter = letter_at(assistant.suggest(word, grade=1), index)
    assert letter.hard and letter.suffix == suffix and "других сложных букв в слове нет" in letter.reason


@pytest.mark.parametrize("word, vowels", [
    ("правительство", {6: "-тель-"}),  # «-ств-» has no vowel; the «и» before «-тель-» is not listed
    ("обязательно", {6: "-тельн-"}),   # the last «о» is the adverb's own: not a suffix here
    ("председатель", {9: "-тель"}),
    ("ник", {}),                       # a root keeps a vowel
    ("ужин", {}),
    ("соревнование", {6: "-ова-", 8: "-ова-"}),  # the verb's suffix, before «-ние»
    ("здание", {}),                    # «зд» is no root: «-а-» is not split off
    ("ереван", {}),                    # «-ова-» only before «-ние» or «-ть»
])
def test_suffix_vowels(word, vowels):
    assert _suffix_vowels(word) == vowels


def test_a_verb_suffix_before_the_infinitive_ending():
    assert _suffix_vowels("здороваться", infinitive=True) == {4: "-ова-", 6: "-ова-"}
    assert _suffix_vowels("здороваться") == {}  # not read as an infinitive, no «-ние» either


@pytest.mark.parametrize("word", ["Мехико", "метро"])
def test_an_indeclinable_loan_word_has_no_suffix(assistant, word):
    assert not [x for x in assistant.suggest(word).letters if x.suffix]


def test_a_prefix_needs_a_word_after_it(assistant):
    assert letter_at(assistant.suggest("общение", grade=4), 1).hard  # «об» is no prefix (про|щение is no proof)
    assert not letter_at(assistant.suggest("подход", grade=3), 2).hard  # под|ход


def test_a_related_word_checking_a_suffix_vowel_goes_into_the_note(assistant):
    result = assistant.suggest("общество", grade=4)
    assert result.markup.render() == "+о[б]щество"  # «об» is no prefix here: no «…щество» is a word
    assert "«е» проверяется словами «обще́ственный»" in result.entry()


def test_a_check_word_is_a_dictionary_form_first(assistant):
    assert 'note: "вторую «о» можно проверить родственными словами «моло́чный»' in assistant.suggest("молоко").entry()


def test_a_form_pymorphy_does_not_give_the_word_checks_nothing(assistant):
    result = assistant.suggest("молоко", grade=1)  # Wiktionary's plural «моло́ки»: молоко has none
    assert result.markup.render() == "м[о]л[о]к+о" and result.stars == 2
    assert letter_at(result, 3).related


def test_a_letter_barely_heard(assistant):
    result = assistant.suggest("пожалуйста", grade=1)
    assert result.markup.render() == "п[о]ж+ал[уй]ст[а]" and result.stars == 3
    assert letter_at(result, 5).reason == "пишется «уй», а в речи почти не слышится"
    excursion = assistant.suggest("экскурсия", grade=3)
    assert excursion.markup.render() == "э[к]ск+урсия" and excursion.stars == 3
    assert "в сочетании «кск» почти не слышна" in letter_at(excursion, 1).reason


@pytest.mark.parametrize("word, index", [("лёгкий", 2), ("мягкий", 2)])
def test_g_heard_as_kh_is_hard_though_a_form_checks_it(assistant, word, index):
    g = letter_at(assistant.suggest(word, grade=3), index)
    assert g.hard and g.kind == "paired" and "слышится [х], а не парная ей [к]" in g.reason and g.checks
    assert f'note: "«г» можно проверить формой «{g.checks[0]}»' in assistant.suggest(word, grade=3).entry()


@pytest.mark.parametrize("word, grade, hard", [("здесь", 4, True), ("здоровье", 3, True), ("здравствуйте", 1, False)])
def test_an_initial_z_before_a_voiced_consonant_is_hard_once_prefixes_are_taught(assistant, word, grade, hard):
    assert any(x.start == 0 and x.hard for x in assistant.suggest(word, grade=grade).letters) == hard


def test_an_initial_z_before_a_sonorant_is_heard_clearly(assistant):
    assert not [x for x in assistant.suggest("звезда", grade=4).letters if x.start == 0]


@pytest.mark.parametrize("grade, hard", [(4, False), (3, False), (2, True)])
def test_the_last_consonant_of_a_prefix_is_not_hard_from_grade_3(assistant, grade, hard):
    d = letter_at(assistant.suggest("председатель", grade=grade), 3)  # пред|седатель, as in за|седатель
    assert d.hard == hard and "приставк" in d.reason


@pytest.mark.parametrize("word, grade, hard", [("вокруг", 4, False), ("вокруг", 2, True),
                                               ("вокруг", None, True), ("вдруг", 2, True)])
def test_an_adverb_made_of_a_noun_is_checked_by_it_in_grade_4(assistant, word, grade, hard):
    last = letter_at(assistant.suggest(word, grade=grade), len(word) - 1)
    assert last.hard == hard
    if not hard:
        assert last.related and "наречие образовано от слова" in last.reason and last.checks


@pytest.mark.parametrize("grade", [None, 3])
def test_before_grade_4_an_adverb_s_consonant_says_why_its_noun_does_not_check_it(assistant, grade):
    d = letter_at(assistant.suggest("вперёд", grade=grade), 5)
    assert d.hard and not d.checks
    assert d.reason.startswith("на конце слова слышится [т]; если наречие образовано от слова «перёд» (пе́реда")
    assert "учат только в 4 классе (--grade 4)" in d.reason and "формы или родственного слова" not in d.reason
    assert "4 класс" not in letter_at(assistant.suggest("вокзал", grade=grade), 2).reason  # not an adverb


def test_a_vowel_checked_by_a_form_is_noted_as_not_marked(assistant):
    assert 'note: "«о» проверяется формой «сапо́г»' in assistant.suggest("сапоги").entry()


def test_yo_after_a_hissing_consonant_is_hard(assistant):
    assert assistant.suggest("жёлтый").markup.render() == "ж[ё]лтый"


def test_a_silent_consonant_is_hard_before_grade_3_even_with_a_check_word(assistant):
    assert letter_at(assistant.suggest("честный", grade=2), 3).hard
    assert not letter_at(assistant.suggest("честный", grade=3), 3).hard


def test_an_adverb_is_checked_by_its_adjective_a_related_word(assistant):
    o = letter_at(assistant.suggest("хорошо"), 3)
    assert o.hard and o.related and "хоро́шая" in o.checks


@pytest.mark.parametrize("word, index", [("мальчик", 5), ("ужин", 2), ("щавель", 1)])
def test_zhi_shi_does_not_settle_an_unstressed_vowel(assistant, word, index):
    assert letter_at(assistant.suggest(word), index).hard  # «чи», «жи», «ща»: и or е, а or е is still a question


def test_a_homograph_of_another_lemma_is_no_check_word(assistant):
    assert letter_at(assistant.suggest("ворона"), 1).hard  # во́рона is a form of «ворон»
    assert letter_at(assistant.suggest("сорока"), 1).hard  # со́рока is a form of «сорок»


def test_a_letter_said_otherwise(assistant):
    ch = letter_at(assistant.suggest("нарочно"), 4)
    assert (ch.kind, ch.hard, ch.reason) == ("spoken", True, "пишется «ч», а произносится [ш]")
    assert letter_at(assistant.suggest("сегодня"), 2).kind == "spoken"


def test_multi_word_entry(assistant):
    result = assistant.suggest("до свидания")
    assert result.markup.render() == "д[о] св[и]д+ания"  # the preposition has no stress of its own


def test_proper_noun_keeps_its_capital(assistant):
    assert assistant.suggest("Москва").markup.render() == "М[о]скв+а"


def test_pymorphy_facts(assistant):
    plural = assistant.suggest("сапоги")
    assert (plural.known, plural.dictionary_form, plural.lemma, plural.pos) == (True, True, "сапог", "NOUN")
    inflected = assistant.suggest("собакой")
    assert (inflected.dictionary_form, inflected.lemma, inflected.ready) == (False, "собака", False)
    assert "это не начальная форма; начальная форма — «собака»" in inflected.as_text()


def test_an_inflected_form_is_offered_the_noun_one_letter_away(runner):
    result = runner.invoke(main, ["suggest", "пинал"])
    assert result.exit_code == 1
    assert "начальная форма — «пинать», и запись с этим словом проверка не пропустит. Может быть, нужно «пенал»" in result.stdout


# --- the command ---------------------------------------------------------------------------------------
@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


BANK = """\
grade: {grade}
words:
  - word: {word}
    stars: {stars}
    definition: Слово для проверки колоды.
"""


def test_typo_gets_the_nearest_word_of_the_same_part_of_speech(runner):
    result = runner.invoke(main, ["suggest", "карова"])
    assert result.exit_code == 1
    assert result.stdout.startswith("Слова «карова» нет в словаре pymorphy3. Ближе всего: «корова»; ниже — разбор слова «корова».")
    assert "  - word: к[о]р+ова" in result.stdout


def test_json_output(runner):
    result = runner.invoke(main, ["suggest", "вокзал", "--grade", "3", "--format", "json"])
    body = json.loads(result.stdout)
    assert result.exit_code == 0
    assert (body["word"], body["markup"], body["stars"], body["grade"], body["known"]) == ("вокзал", "в[о][к]з+ал", 3, 3, True)
    assert body["stress"] == [["вокза́л"]] and body["deck"] is None
    assert [(x["letters"], x["kind"], x["hard"]) for x in body["letters"]] == [("о", "vowel", True), ("к", "paired", True)]
    assert body["stress_choice"] == [{"chosen": "вокза́л", "by": None, "set_aside": None}]
    assert [x["suffix"] for x in body["letters"]] == [None, None]
    assert body["entry"].startswith("  - word: в[о][к]з+ал\n    stars: 3\n")


@pytest.mark.parametrize("word", ["", "abc", "к0рова", "а" * 500])
def test_bad_input_exits_2_with_a_message(runner, word):
    result = runner.invoke(main, ["suggest", word])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("Ошибка: ")


def test_bad_grade_is_a_usage_error(runner):
    assert runner.invoke(main, ["suggest", "вокзал", "--grade", "5"]).exit_code == 2


def test_deck_partners_from_a_bank(runner, bank_dir):
    folder = bank_dir({
        "grade3.yaml": BANK.format(grade=3, word="эск[а]л+ат[о]р", stars=3) + BANK.format(
            grade=3, word="к[а]л[е]нд+арь", stars=2).split("words:\n")[1],
        "grade1.yaml": BANK.format(grade=1, word="к[о]р+ова", stars=1),
    })
    result = runner.invoke(main, ["suggest", "вокзал", "--grade", "3", "--words", str(folder), "--format", "json"])
    deck = json.loads(result.stdout)["deck"]
    assert deck["transfer"] == ["эскалатор"]  # yellow with 3 stars, like вокзал
    assert deck["toss_in"] == {"о": ["корова", "эскалатор"]}  # in bank order: grade1.yaml first
    text = runner.invoke(main, ["suggest", "вокзал", "--words", str(folder)]).stdout
    assert "перевод: класс не задан (--grade)" in text and "подкидывается по букве «о» (2): «корова», «эскалатор»" in text


def test_suggest_never_writes_files(runner, bank_dir, tmp_path):
    folder = bank_dir({"grade1.yaml": BANK.format(grade=1, word="к[о]р+ова", stars=1)})
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        runner.invoke(main, ["suggest", "барабан", "--grade", "1", "--words", str(folder)])
    finally:
        os.chdir(cwd)
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before


# --- QA findings: input, phrases, capitals, forms, wording ----------------------------------------------
@pytest.mark.parametrize("text, message", [("ё", "«ё» — одна буква, а не словарное слово"),
                                           ("в", "«в» — одна буква, а не словарное слово"),
                                           ("вздр", "в «вздр» нет ни одной гласной: это не словарное слово")])
def test_a_letter_or_a_word_without_a_vowel_is_refused(runner, text, message):
    with pytest.raises(SuggestError, match=message):
        read_word(text)
    result = runner.invoke(main, ["suggest", text])
    assert result.exit_code == 2 and message in result.stderr and result.stdout == ""
    assert read_word("ёж") == "ёж"


def test_two_unrelated_nouns_are_refused_with_one_word_at_a_time(runner, assistant):
    result = runner.invoke(main, ["suggest", "барабан ракета"])
    assert result.exit_code == 2 and result.stdout == ""
    assert "«барабан ракета» — не устойчивое сочетание" in result.stderr
    assert "Спросите слова по одному: slovariki suggest барабан, slovariki suggest ракета" in result.stderr


@pytest.mark.parametrize("phrase, stress", [("до свидания", "до свида́ния"), ("железная дорога", "желе́зная доро́га"),
                                            ("на самом деле", "на само́м де́ле"), ("потому что", "потому́ что"),
                                            ("Дед Мороз", "Дед Моро́з")])
def test_a_phrase_that_is_one_unit_is_analysed_with_one_stress_line(assistant, phrase, stress):
    text = assistant.suggest(phrase).as_text()
    assert f"Ударение (Викисловарь): {stress}." in text
    assert "pymorphy3 знает каждое слово, но не сочетание" in text


@pytest.mark.parametrize("asked, word, markup, why", [
    ("москва", "Москва", "М[о]скв+а", "«москва» — географическое название: пишется с большой буквы, «Москва»"),
    ("Барабан", "барабан", "б[а]р[а]б+ан", "«Барабан» — не имя собственное: пишется с маленькой буквы, «барабан»"),
])
def test_the_entry_gets_the_dictionary_s_capital(runner, assistant, asked, word, markup, why):
    result = assistant.suggest(asked)
    assert (result.word, result.markup.render(), result.ready) == (word, markup, False)
    assert result.as_text().startswith(f"{why}; ниже — разбор слова «{word}».")
    assert runner.invoke(main, ["suggest", asked]).exit_code == 1
    assert assistant.suggest(word).case is None and assistant.suggest(word).ready


@pytest.mark.parametrize("word", ["Роза", "роза", "Орёл", "орёл"])
def test_a_word_that_is_both_a_name_and_a_common_noun_is_taken_as_written(assistant, word):
    assert assistant.suggest(word).word == word


def test_a_plural_is_called_a_plural_with_its_dictionary_form(assistant):
    text = assistant.suggest("барабаны").as_text()
    assert "множественное число, начальная форма — «барабан»" in text and "спросите «барабан»" in text
    assert assistant.suggest("барабаны").ready  # check accepts a nominative plural
    scissors = assistant.suggest("ножницы")  # plural only: its own dictionary form
    assert not scissors.plural and "«ножницы»: есть в словаре pymorphy3, начальная форма (существительное)." in \
        scissors.as_text()


def test_a_noun_in_ye_is_a_dictionary_form_whose_ending_is_not_hard(assistant):
    result = assistant.suggest("счастье")
    assert result.dictionary_form and result.ready and result.lemma == "счастье"
    assert not letter_at(result, 6).hard and "окончании" in letter_at(result, 6).reason


def test_no_check_word_found_is_said_as_such(assistant):
    reason = letter_at(assistant.suggest("ученик"), 2).reason
    assert reason == "безударная; в словаре не нашлось проверочного слова"


def test_a_typo_with_an_undoubled_consonant_gets_the_word(assistant):
    result = assistant.suggest("кросовки")
    assert result.near == ("кроссовки",) and result.word == "кроссовки"


def test_a_plural_pymorphy_files_under_another_singular_is_read_by_the_stress_dictionary_s(assistant):
    # pymorphy3's lemma of «кроссовки» is «кроссовок»; Wiktionary's is «кроссо́вка», whose forms give the stress
    # and «кроссо́вок», where «о» follows the «в».
    result = assistant.suggest("кроссовки")
    assert result.markup.render() == "кр[о][сс]+овки" and result.singular == "кроссо́вка"
    v = letter_at(result, 6)
    assert not v.hard and "кроссо́вок" in v.checks
    text = result.as_text()
    assert "спросите «кроссовок»" not in text and "единственное число — «кроссо́вка»" in text
    assert "запись «кроссовка» проверка не пропустит" in text
    assert assistant.suggest("барабаны").singular is None  # pymorphy3 and the dictionary agree


def test_a_note_says_forms_for_several_and_tells_alike_letters_apart(assistant):
    assert 'note: "«б» проверяется формами «я́стреба», «ястреба́», «я́стребе», не выделена"' in \
        assistant.suggest("ястреб").entry()
    assert 'note: "«о» проверяется формой «сапо́г», не выделена"' in assistant.suggest("сапоги").entry()
    note = assistant.suggest("гражданин").entry().split("note: ")[1]
    assert note.startswith('"первая «а» проверяется формами «гра́жданам»')
    assert "; вторую «а» можно проверить родственными словами «гражда́нка»" in note
    assert letter_at(assistant.suggest("гражданин"), 2).reason.startswith("безударная, проверяется формами: гра́жданам")


def test_letters_and_kinds_agree_in_number(assistant):
    text = assistant.suggest("касса").as_text()
    assert ("«сс» (3-я и 4-я буквы): двойная согласная — её не проверить, только запомнить — сложные буквы."
            in text)
    assert "Звёздочки: 3 (сложных букв: 2; двойная согласная)." in text
    assert "Звёздочки: 2 (сложных букв: 2; безударные гласные)." in assistant.suggest("барабан").as_text()
    assert "Звёздочки: 1 (сложных букв: 1; безударная гласная)." in assistant.suggest("ученик").as_text()


def test_a_word_already_in_the_bank_is_named_with_its_place(runner, bank_dir):
    folder = bank_dir({"grade1.yaml": BANK.format(grade=1, word="к[о]р+ова", stars=1)})
    result = runner.invoke(main, ["suggest", "корова", "--grade", "1", "--words", str(folder)])
    assert result.stdout.startswith(f"«корова» уже есть в банке: {folder / 'grade1.yaml'}:3:5 (1 класс, «к[о]р+ова», "
                                    "1 звёздочка): вторую такую запись проверка не пропустит.")
    body = json.loads(runner.invoke(main, ["suggest", "корова", "--words", str(folder), "--format", "json"]).stdout)
    assert body["deck"]["already"] == {"place": f"{folder / 'grade1.yaml'}:3:5", "file": str(folder / "grade1.yaml"),
                                       "line": 3, "word": "к[о]р+ова", "grade": 1, "stars": 1}
    other = json.loads(runner.invoke(main, ["suggest", "барабан", "--words", str(folder), "--format", "json"]).stdout)
    assert other["deck"]["already"] is None and "уже есть" not in runner.invoke(
        main, ["suggest", "барабан", "--words", str(folder)]).stdout


@pytest.mark.parametrize("lemma, fit", [("снег", True), ("солнышко", True), ("комп", False), ("инет", False),
                                        ("презик", False), ("зад", False)])
def test_a_check_word_is_one_a_child_may_be_told(assistant, lemma, fit):
    """«комп» is slang and «инет» informal to pymorphy3; «презик» and «зад» are on the stop list."""
    assert assistant.fit_for_child(lemma) == fit


@pytest.mark.parametrize("word, grade", [("президент", 4), ("назад", 4), ("назад", 2)])
def test_no_check_word_a_teacher_would_not_say(assistant, word, grade):
    result = assistant.suggest(word, grade=grade)
    said = " ".join(c for x in result.letters for c in x.checks) + result.entry()
    assert not {"пре́зик", "за́д", "за́да", "за́ду"} & set(re.findall(r"[\w\u0301]+", said))
    if word == "назад":  # the school's check word instead
        assert letter_at(result, 4).checks == ("за́дний",) and not letter_at(result, 4).hard
    else:
        assert letter_at(result, 2).hard


def test_the_singulative_suffix_in_is_not_hard(assistant):
    """хозя|ин — хозя́ева: the «и» is the suffix's, by rule; «ужин» keeps its «и» in every form, so it stays hard."""
    result = assistant.suggest("хозяин", grade=4)
    assert result.markup.render() == "х[о]з+яин" and result.stars == 1
    assert "(хозя́ева)" in letter_at(result, 4).reason
    assert letter_at(assistant.suggest("ужин", grade=3), 2).hard


def test_a_silent_consonant_is_checked_where_the_cluster_breaks(assistant):
    """со́лнышко: [л] is heard before «нш»; from grade 3 the «л» is not hard, before it is, with the note."""
    third = assistant.suggest("солнце", grade=3)
    assert not third.hard_letters and letter_at(third, 2).checks[0] == "со́лнышко"
    second = assistant.suggest("солнце", grade=2)
    assert second.markup.render() == "с+о[л]нце" and "со́лнышко" in second.entry()
    assert letter_at(assistant.suggest("праздник", grade=3), 4).hard  # праздновать keeps «здн»: no check


@pytest.mark.parametrize("word, index, check", [("четверг", 1, "че́тверо"), ("самолёт", 1, "сам"),
                                                ("отдыхать", 0, "о́тдых")])
def test_the_schools_check_word_goes_into_the_note(assistant, word, index, check):
    result = assistant.suggest(word, grade=2)
    letter = letter_at(result, index)
    assert letter.hard and letter.related and check in letter.checks and f"«{check}»" in result.entry()
    if word == "четверг":
        assert "четвёртый день недели" in letter.reason


def test_dts_is_said_as_ts(assistant):
    letter = letter_at(assistant.suggest("одиннадцать", grade=4), 6)
    assert letter.hard and letter.kind == "spoken" and "[ц]" in letter.reason and "[т]" not in letter.reason
    assert "десять" in letter.reason


def test_the_vowel_of_a_prefix_follows_the_grade(assistant):
    """отдыхать: from grade 3 the prefix «от-» is written the same, its «о» and «т» both; before, both are hard."""
    third = assistant.suggest("отдыхать", grade=3)
    assert not letter_at(third, 0).hard and "приставки «от-»" in letter_at(third, 0).reason
    assert not third.hard_letters
    assert [x.start for x in assistant.suggest("отдыхать", grade=2).hard_letters] == [0, 1]
    assert letter_at(assistant.suggest("председатель", grade=4), 2).hard  # «пред-» keeps its «е» (пре-/при-)


def test_an_old_vocative_checks_nothing(assistant):
    """«о́тче» is a form pymorphy3 gives «отец», but no child says it: the «о» stays hard, no note."""
    result = assistant.suggest("отец", grade=2)
    assert result.markup.render() == "[о]т+ец" and "о́тче" not in result.entry()


def test_suggest_offers_the_shipped_picture_that_shows_the_word(assistant):
    result = assistant.suggest("самолёт", grade=3)
    assert result.pictures == (("airplane", "самолёт"),) and "    picture: airplane" in result.entry().splitlines()
    assert "slovariki preview самолёт" in result.as_text()
    assert result.as_json()["pictures"] == [{"name": "airplane", "shows": "самолёт"}]
    assert not assistant.suggest("президент", grade=4).pictures and "picture:" not in assistant.suggest("президент").entry()


@pytest.mark.parametrize("word, index, hard", [("приготовить", 8, False), ("экономить", 6, False),
                                               ("ненавидеть", 7, True)])
def test_the_verb_suffix_i_is_not_hard_and_e_is(assistant, word, index, hard):
    """пригот|ов|и|ть: «-и-» is written by rule; the «-е-» of ненавидеть is one of the verbs learnt by heart."""
    assert letter_at(assistant.suggest(word, grade=4), index).hard == hard


def test_an_adverb_is_not_read_as_a_rare_noun_spelled_alike(assistant):
    """«справа» is also a rare noun (снаряжение) to pymorphy3; read as the adverb, its last «а» is hard, as in «слева»."""
    assert assistant.suggest("справа", grade=4).markup.render() == "спр+ав[а]"
