"""Moves, events, classic cards and the ruleset registry as values: printing, parsing, JSON."""

from __future__ import annotations

import pytest
from game_helpers import SLOVARIKI, w

from slovariki.game import (
    Attack, Beat, Draw, IllegalMove, Pass, PlayingCard, Refill, Suit, Take, Taken, TossIn, Transfer,
    find_ruleset, move_from_json, standard_deck,
)
from slovariki.game.rulesets import UnknownRuleset
from slovariki.text.russian import cards, cards_genitive


def test_the_36_card_deck_prints_and_parses_back():
    deck = standard_deck()
    assert len(deck) == len(set(deck)) == 36
    assert {str(c) for c in deck} >= {"10♥", "Д♠", "Т♦", "6♣", "В♥"}
    for card in deck:
        assert PlayingCard.parse(str(card)) == card


@pytest.mark.parametrize(("text", "card"), [
    ("10ч", PlayingCard(10, Suit.HEARTS)), ("дп", PlayingCard(12, Suit.SPADES)),
    ("Т б", PlayingCard(14, Suit.DIAMONDS)), ("В к", PlayingCard(11, Suit.CLUBS)), (" 6♠ ", PlayingCard(6, Suit.SPADES)),
])
def test_cards_parse_from_letters_too(text, card):
    assert PlayingCard.parse(text) == card


@pytest.mark.parametrize("text", ["", "11♥", "5♠", "Д", "Дx", "♥10"])
def test_bad_card_text_is_refused_quoting_it(text):
    with pytest.raises(ValueError, match=f"«{text}»"):
        PlayingCard.parse(text)


def test_moves_are_hashable_values_with_a_json_round_trip():
    find = {c.word: c for c in SLOVARIKI.cards}.__getitem__
    moves = [Attack(w("корова")), Beat(w("собака"), w("корова")), Beat(w("собака")), Transfer(w("ворона")),
             TossIn(w("лопата")), Pass(), Take()]
    for move in moves:
        assert move_from_json(move.as_json(), find) == move
    assert len(set(moves)) == len(moves)
    assert Attack(w("корова")) != TossIn(w("корова"))
    assert Beat(w("собака"), w("корова")).as_json() == {"cmd": "beat", "card": "собака", "target": "корова"}


@pytest.mark.parametrize("data", [{"cmd": "fly"}, {"cmd": "attack"}, {"cmd": "beat", "card": 3},
                                  {"cmd": "beat", "card": "собака", "target": 1}])
def test_malformed_move_json_is_refused(data):
    with pytest.raises(ValueError):
        move_from_json(data, lambda text: text)


def test_events_render_the_protocol_objects():
    names = ["Аня", "Борис"]
    assert Taken(1, (w("корова"), w("собака"))).as_json(names) == {"type": "taken", "player": "Борис", "cards": 2}
    refill = Refill((Draw(0, 2), Draw(1, 1, (w("нарочно"),))))
    assert refill.as_json(names) == {"type": "refill", "draws": [{"player": "Аня", "cards": 2},
                                                                 {"player": "Борис", "cards": 1}]}


def test_illegal_move_has_a_protocol_code_and_equality():
    assert IllegalMove("table-full", "правило 10: …") == IllegalMove("table-full", "правило 10: …")
    with pytest.raises(ValueError):
        IllegalMove("no-such-code", "…")


def test_rulesets_are_found_by_name_and_alias():
    assert find_ruleset("slovariki").name == "slovariki"
    assert find_ruleset("Переводной").name == "perevodnoy"
    assert find_ruleset(" PODKIDNOY ").transfer is False
    with pytest.raises(UnknownRuleset, match="slovariki"):
        find_ruleset("bridge")


@pytest.mark.parametrize(("n", "text", "genitive"), [
    (1, "1 карта", "1 карты"), (2, "2 карты", "2 карт"), (5, "5 карт", "5 карт"), (11, "11 карт", "11 карт"),
    (21, "21 карта", "21 карты"), (24, "24 карты", "24 карт"), (112, "112 карт", "112 карт"),
])
def test_russian_counts(n, text, genitive):
    assert cards(n) == text and cards_genitive(n) == genitive
