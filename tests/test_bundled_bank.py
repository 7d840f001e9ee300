"""The bundled word bank itself (issues 9 §1 and 19): sizes, the words of the «Школа России» lists in the
grade the lists give, game words told apart, the original game's examples, the star policy of
docs/word-lists.md, every entry's source note, and the decks a teacher prints passing the deck rules."""

from __future__ import annotations

import re
from collections import Counter

import pytest
import yaml

from slovariki.markup import VOWELS
from slovariki.rules_check.checker import check_bank
from slovariki.bank.wordlist import bundled_words, load_bank

# Words every transcription of the lists puts in this grade (issue 19 §1 names most of them).
EXPECTED = {
    1: "мальчик учитель учительница ученица весело сорока собака заяц лисица хорошо",
    2: "суббота вдруг Родина народ осина завод быстро метро февраль сентябрь октябрь декабрь иней малина "
       "отец снегирь стакан яблоня топор молоток скоро лягушка метель прощай урожай рабочий извините "
       "здравствуйте спасибо",
    3: "праздник чувство лестница растение огород север орех песок ужин понедельник вторник среда четверг "
       "пятница воскресенье восемь четыре овощи чёрный заря петрушка пороша герой гвоздика лагерь одуванчик "
       "ромашка кровать самолёт сирень",
    4: "двадцать впереди назад налево направо командир победа правительство свобода здесь экскурсия вчера "
       "газета хлебороб лучше комбайн расстояние хозяин одиннадцать шестнадцать сверху свитер семена "
       "электричество",
}
# Sizes of the lists by grade (docs/word-lists.md, «Откуда слова банка»): list words, not game words.
LIST_WORDS = {1: 30, 2: 67, 3: 72, 4: 79}


@pytest.fixture(scope="module")
def bank():
    return load_bank()


@pytest.fixture(scope="module")
def deck(bank):
    return bank.deck


def test_every_grade_is_large_enough_and_every_star_level_has_ten_words(deck):
    sizes = Counter(card.grade for card in deck)
    classes = Counter((card.grade, card.stars) for card in deck)
    assert sizes[1] >= 40 and all(sizes[g] >= 60 for g in (2, 3, 4)), sizes
    assert {key: n for key, n in classes.items() if n < 10} == {}
    assert len(classes) == 12


def test_each_grade_holds_its_lists_words_and_game_words_are_the_others(deck):
    assert Counter(card.grade for card in deck.list_words()) == LIST_WORDS
    assert 0 < sum(card.game_word for card in deck) < len(deck) / 3


@pytest.mark.parametrize("grade", sorted(EXPECTED))
def test_the_words_of_the_lists_are_in_their_grade_and_not_game_words(deck, grade):
    words = EXPECTED[grade].split() + (["до свидания"] if grade == 2 else [])
    wrong = {w: (deck.find(w).grade, deck.find(w).game_word) if deck.find(w) else None for w in words}
    assert {w: found for w, found in wrong.items() if found != (grade, False)} == {}


def test_the_first_grade_deck_a_teacher_prints_is_first_grade_words_unless_she_asks_for_more(bank):
    from click.testing import CliRunner

    from slovariki.cli import main

    def cards(*args: str) -> int:
        result = CliRunner().invoke(main, ["simulate", "--games", "1", "--format", "json", *args])
        assert result.exit_code == 0, result.output
        return yaml.safe_load(result.output)["cards"]

    green = bank.select([1]).deck
    assert cards("--grades", "1") == len(green.list_words()) == LIST_WORDS[1]
    assert cards("--grades", "1", "--game-words") == len(green) > LIST_WORDS[1]
    # two colours and more: the game words come along, as rule 9 needs them, unless left out
    assert cards("--grades", "1,2") == len(bank.select([1, 2]).deck)
    assert cards("--grades", "1,2", "--list-only") == LIST_WORDS[1] + LIST_WORDS[2]


def test_build_deck_prints_the_first_grade_its_list_words(tmp_path):
    from click.testing import CliRunner
    from pypdf import PdfReader

    from slovariki.cli import main

    result = CliRunner().invoke(main, ["build-deck", "--grades", "1", "--out", str(tmp_path), "--backs", "none"])
    assert result.exit_code == 0, result.output
    assert f"Готово: {LIST_WORDS[1]} карт" in result.output
    text = " ".join(page.extract_text() for page in PdfReader(tmp_path / "cards.pdf").pages).replace("\u0301", "")
    assert "корова" in text and "коридор" not in text  # a list word and a game word of grade 1


def test_the_original_games_examples_hold(deck):
    corridor, escalator, ornament = deck.find("коридор"), deck.find("эскалатор"), deck.find("орнамент")
    assert (corridor.grade, corridor.stars) == (1, 2)
    assert escalator.grade == ornament.grade == 3 and escalator.stars == ornament.stars  # one transfers the other
    on_purpose, spade = deck.find("нарочно"), deck.find("лопата")
    assert (on_purpose.grade, spade.grade) == (4, 2)
    assert "о" in on_purpose.hard_letters & spade.hard_letters  # «лопата» may be tossed in on «нарочно»


def test_stars_mean_the_same_in_every_grade(deck):
    """★ one hard vowel, ★★ two, ★★★ three or more hard letters or any hard consonant (word-lists.md)."""

    def policy(card):
        letters = [card.word[i].lower() for i in card.hard_positions]
        consonants = [x for x in letters if x not in VOWELS]
        return 3 if consonants or len(letters) >= 3 else len(letters)

    assert {c.word: (c.stars, policy(c)) for c in deck if c.stars != policy(c)} == {}
    assert deck.find("вокзал").stars == deck.find("завтрак").stars == deck.find("сегодня").stars == 3


def test_fixed_mistakes_stay_fixed(deck):
    bus = deck.find("автобус")
    assert bus.markup.render() == "[а][в]т+обус"  # авто́бус, and its stressed «о» is not red
    assert "ю" in deck.find("парашют").hard_letters
    # issue 19 §3: the final «и» of «хобби» is heard; «до» is no difficulty; Отечество as Родина
    assert deck.find("хобби").markup.render() == "х+о[бб]и"
    goodbye = deck.find("до свидания")
    assert (goodbye.markup.render(), goodbye.stars) == ("до св[и]д+ания", 1)
    assert deck.find("Отечество") is not None and deck.find("отечество") is None
    for word, old in (("правительство", "премьер"), ("вообще", "совершенно; или"),
                      ("ничего", "Совсем нисколько"), ("впереди", "колонны или очереди")):
        assert old not in deck.find(word).definition


def test_a_red_z_before_d_follows_the_written_policy(deck):
    """docs/word-lists.md: from grade 3 (prefixes) an initial «з» before «д» is red, as «с-» would sound
    the same; in grade 2 it is not."""
    initial = {c.word: ("з" in c.hard_letters) for c in deck if c.word.lower().startswith("зд")}
    assert initial and all(red == (deck.find(word).grade >= 3) for word, red in initial.items()), initial


def test_every_entry_names_its_source_list_and_a_game_word_says_it_is_on_none():
    """The loader keeps no notes (they are for editors), so the files themselves are read here: a list
    word's note names its grade and the transcriptions that give it; a game word's says it is on none."""
    entries = [(grade, e) for grade in (1, 2, 3, 4)
               for e in yaml.safe_load((bundled_words() / f"grade{grade}.yaml").read_text(encoding="utf-8"))["words"]]
    assert len(entries) == len(load_bank().deck)
    listed = re.compile(r"список: Школа России, (\d) класс \((murfografia|slovo2|тренажёр|arina)[,;) ]")
    for grade, entry in entries:
        note = str(entry.get("note", ""))
        if entry.get("game_word"):
            assert note.startswith("список: нет в сверенных списках «Школы России»"), entry
        else:
            found = listed.match(note)
            assert found and int(found[1]) == grade, entry
        assert "не сверено" not in note, entry


def test_the_whole_bank_passes_every_check_strictly(bank):
    report = check_bank(bank, deck_rules=True)
    assert [d.as_text() for d in report.diagnostics] == []


@pytest.mark.parametrize("grades", [(1, 2), (1, 2, 3), (1, 2, 3, 4)])
def test_the_decks_a_teacher_prints_have_no_deck_errors(bank, grades):
    report = check_bank(bank, grades, deck_rules=True)
    assert [d.as_text() for d in report.deck_errors] == []
    assert report.errors == 0
