"""The bundled word bank itself (issue 9 §1): sizes, the words teachers expect in each grade, the original
game's examples, the star policy of docs/word-lists.md, every entry's source note, and the decks a
teacher prints passing the deck rules."""

from __future__ import annotations

from collections import Counter

import pytest
import yaml

from slovariki.markup import VOWELS
from slovariki.rules_check.checker import check_bank
from slovariki.bank.wordlist import bundled_words, load_bank

EXPECTED = {
    1: "мальчик учитель ученица весело извините",
    2: "суббота вдруг Родина север народ неделя орех осина песок завод быстро жёлтый метро ужин "
       "февраль сентябрь октябрь декабрь",
    3: "праздник чувство лестница запад растение экскурсия вчера огород облако обед",
    4: "двадцать впереди назад налево направо около командир победа правительство свобода здесь",
}


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


@pytest.mark.parametrize("grade", sorted(EXPECTED))
def test_the_words_teachers_expect_are_in_their_grade(deck, grade):
    words = EXPECTED[grade].split() + (["до свидания"] if grade == 1 else [])
    wrong = {w: (deck.find(w).grade if deck.find(w) else None) for w in words}
    assert {w: g for w, g in wrong.items() if g != grade} == {}


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


def test_every_entry_names_its_source_list():
    """The loader keeps no notes (they are for editors), so the files themselves are read here."""
    entries = [e for path in sorted(bundled_words().glob("grade*.yaml"))
               for e in yaml.safe_load(path.read_text(encoding="utf-8"))["words"]]
    assert len(entries) == len(load_bank().deck)
    assert [e["word"] for e in entries if not str(e.get("note", "")).startswith("список: ")] == []


def test_the_whole_bank_passes_every_check_strictly(bank):
    report = check_bank(bank, deck_rules=True)
    assert [d.as_text() for d in report.diagnostics] == []


@pytest.mark.parametrize("grades", [(1, 2), (1, 2, 3), (1, 2, 3, 4)])
def test_the_decks_a_teacher_prints_have_no_deck_errors(bank, grades):
    report = check_bank(bank, grades, deck_rules=True)
    assert [d.as_text() for d in report.deck_errors] == []
    assert report.errors == 0
