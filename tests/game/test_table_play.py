"""Table play: hands known only by count plus the cards seen going into them (the referee's view)."""

from __future__ import annotations

import pytest
from game_helpers import PASS, SLOVARIKI, TAKE, WORDS, attack, beat, card, position, rejected, run, toss, w

from slovariki.game import Attack, Beat, SetupError


def table_game(players=2, trump="нарочно", first=0):
    return SLOVARIKI.table_play(players, w(trump), first=first, names=[f"Игрок{i}" for i in range(players)])


def test_a_table_game_knows_counts_and_the_trump_only():
    state = table_game(3)
    assert [state.hand_count(p) for p in range(3)] == [6, 6, 6]
    assert state.stock_count == len(WORDS) - 18
    assert state.hidden_hands and not state.hand_known(0) and state.known_cards(0) == ()
    assert state.stock[-1] == w("нарочно") and state.stock[0] is None


def test_any_card_of_unknown_place_may_be_played():
    state = table_game()
    assert len(state.legal_moves(0)) == len(WORDS) - 1  # every card but the face-up trump
    state.apply(0, attack("корова"))
    state.apply(1, beat("собака"))
    assert state.hand_count(0) == 5 and state.hand_count(1) == 5


def test_the_face_up_trump_is_not_in_anyones_hand():
    illegal = rejected(table_game(), 0, attack("нарочно"), "card-not-available")
    assert "козырь" in illegal.message


def test_cards_on_the_table_or_in_the_discard_are_not_available():
    state = table_game()
    state.apply(0, attack("корова"))
    rejected(state, 1, beat("корова", "корова"), "card-not-available")
    run(state, (1, beat("собака")), (0, PASS))
    illegal = rejected(state, 1, attack("собака"), "card-not-available")
    assert "отбое" in illegal.message


def test_taken_cards_are_known_to_be_in_the_takers_hand():
    state = table_game(3)
    run(state, (0, attack("корова")), (1, TAKE))
    assert set(state.known_cards(1)) == {w("корова")}
    illegal = rejected(state, 2, attack("корова"), "card-not-available")
    assert "Игрок1" in illegal.message
    assert state.check(2, attack("собака")) is None


def test_the_trump_card_drawn_last_becomes_known():
    state = table_game(2)
    while state.stock_count:  # beat every card, never toss in: each bout is beaten
        player = state.to_move
        move = next(m for m in state.legal_moves(player) if isinstance(m, (Attack, Beat)) or m == PASS)
        events = state.apply(player, move)
    draws = events[1].draws
    assert draws[-1].cards == (w("нарочно"),)
    assert w("нарочно") in state.known_cards(draws[-1].player)


def test_a_player_out_of_cards_cannot_play():
    state = position([["корова"], ["собака", "лопата"], ["вокзал", "неделя"]], stock=["нарочно"])
    run(state, (0, attack("корова")), (1, beat("собака")))
    assert state.to_move == 2  # player 0 holds nothing and is skipped (R9)
    rejected(state, 0, toss("лопата"), "hand-empty")


def test_a_card_not_in_the_deck_is_unknown():
    illegal = rejected(table_game(), 0, Attack(card("с[о]л+ома", 1, 1)), "unknown-card")
    assert "«солома»" in illegal.message


def test_setup_errors():
    with pytest.raises(SetupError):
        SLOVARIKI.table_play(2, w("корова"), first=2)
    with pytest.raises(SetupError):
        SLOVARIKI.table_play(2, card("с[о]л+ома", 1, 1))
