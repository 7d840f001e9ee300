"""Classic durak (D1–D6) on the same engine: podkidnoy and perevodnoy with the 36-card deck."""

from __future__ import annotations

import pytest
from game_helpers import PASS, TAKE, attack, beat, position, rejected, run, toss, transfer

from slovariki.game import (
    PODKIDNOY, Beaten, DrawnGame, Fool, Game, GameOver, NextBout, Out, PlayingCard, SetupError, Taken, Winner,
)

PODKIDNOY_GAME = Game("podkidnoy")
PEREVODNOY_GAME = Game("perevodnoy")


def pod(hands, stock=(), trump=None, first=0):
    return position(hands, stock, trump, first, game=PODKIDNOY_GAME)


def per(hands, stock=(), trump=None, first=0):
    return position(hands, stock, trump, first, game=PEREVODNOY_GAME)


def c(text):
    return PlayingCard.parse(text)


# --- D1 Lowest trump starts ------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(20))
def test_d1_the_lowest_trump_attacks_first(seed):
    state = PODKIDNOY_GAME.deal(4, seed=seed)
    trumps = {p: [x.rank for x in state.known_cards(p) if x.suit == state.trump_suit] for p in range(4)}
    holders = {p: min(ranks) for p, ranks in trumps.items() if ranks}
    expected = min(holders, key=holders.get) if holders else 0
    assert state.attacker == expected
    other = (expected + 2) % 4
    # D1, not «Словарики»'s rule 4 («Первым ходит самый младший», QA2 #7)
    rejected(state, other, attack(str(state.known_cards(other)[0])), "not-your-turn", "правило D1")


def test_d1_without_trumps_in_hand_the_first_seat_starts():
    assert PODKIDNOY.first_attacker([[c("6♠")], [c("7♣")]], c("Т♥").suit) is None


# --- D2 Beat ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("led", "answer", "legal"), [
    ("9♠", "10♠", True),   # higher, same suit
    ("9♠", "9♣", False),   # equal rank never beats in durak
    ("9♠", "8♠", False),   # lower
    ("Т♠", "6♥", True),    # any trump beats a non-trump
    ("7♥", "Д♥", True),    # higher trump
    ("Д♥", "7♥", False),   # lower trump
    ("6♥", "Т♠", False),   # a non-trump never beats a trump
])
def test_d2_beat(led, answer, legal):
    state = pod([[led, "6♦"], [answer, "7♦"]], stock=["8♦", "К♥"])
    state.apply(0, attack(led))
    if legal:
        state.apply(1, beat(answer))
    else:  # a card is quoted as in every message and the game record (issue 21 §4)
        illegal = rejected(state, 1, beat(answer, led), "cannot-beat", "правило D2")
        assert illegal.message.startswith(f"правило D2: карта «{answer}» не бьёт карту «{led}»: ")


# --- D3 Adding cards: the attacker first, until «бито»; then clockwise -----------------------------
def test_d3_the_attacker_adds_first_at_any_time_of_the_bout():
    state = pod([["9♠", "9♣", "6♦"], ["10♠", "В♣", "7♦"], ["9♦", "10♣"]], stock=["8♦", "К♥"])
    state.apply(0, attack("9♠"))
    illegal = rejected(state, 2, toss("9♦"), "not-your-turn", "правило D3")  # the attacker has not said «бито»
    assert "только игрок 1" in illegal.message and "скажет «бито»" in illegal.message
    state.apply(0, toss("9♣"))  # before anything is beaten: the attacker holds the right
    assert state.to_move == 1 and len(state.table) == 2


def test_d3_after_bito_the_right_passes_clockwise():
    state = pod([["9♠", "9♣", "6♦"], ["10♠", "В♣", "7♦"], ["9♦", "10♣"]], stock=["8♦", "К♥"])
    run(state, (0, attack("9♠")), (1, beat("10♠", "9♠")))
    assert state.to_move == 0  # everything is beaten: the attacker adds or says «бито»
    rejected(state, 2, toss("10♣"), "not-your-turn", "правило D3")
    rejected(state, 2, PASS, "not-your-turn", "правило D3")
    state.apply(0, PASS)  # «бито»: the right passes to the next player clockwise
    assert state.to_move == 2
    rejected(state, 0, toss("9♣"), "not-your-turn", "правило D3")
    rejected(state, 0, PASS, "not-your-turn", "правило D3")  # «этот игрок уже сказал «бито»»
    state.apply(2, toss("10♣"))  # the beating card's rank counts too
    assert state.to_move == 1


def test_d3_once_a_card_is_beaten_the_attacker_is_first_again():
    state = pod([["9♠", "9♣", "6♦"], ["10♠", "В♣", "7♦"], ["9♦", "10♣"]], stock=["8♦", "К♥"])
    run(state, (0, attack("9♠")), (1, beat("10♠")), (0, PASS), (2, toss("10♣")), (1, beat("В♣")))
    assert state.to_move == 0 and state.toss_order == (0, 2)
    run(state, (0, PASS), (2, PASS))
    assert state.log[-1].events[0] == Beaten()


def test_d3_two_players_bito_ends_the_bout():
    state = pod([["9♠", "9♣", "6♦"], ["10♠", "В♣", "7♦"]], stock=["8♦", "К♥"])
    run(state, (0, attack("9♠")), (1, beat("10♠")))
    assert state.apply(0, PASS)[0] == Beaten()


def test_d3_a_rank_not_on_the_table_is_refused():
    state = pod([["9♠", "6♦"], ["10♠", "7♦"], ["8♦", "10♣"]], stock=["8♣", "К♥"])
    state.apply(0, attack("9♠"))
    illegal = rejected(state, 2, toss("8♦"), "toss-not-allowed", "правило D3")
    assert "(9)" in illegal.message
    rejected(state, 1, toss("7♦"), "toss-not-allowed")  # the defender does not add


def test_d3_never_more_unbeaten_cards_than_the_defender_holds():
    state = pod([["9♠", "9♦", "9♣"], ["10♠", "7♦"], ["8♦", "10♣"]], stock=["8♣", "К♥"])
    run(state, (0, attack("9♠")), (0, toss("9♦")))
    assert state.limit == 2
    illegal = rejected(state, 0, toss("9♣"), "table-full", "правило 10")
    assert "у отбивающегося (игрок 2) всего 2 карты" in illegal.message  # «игрок 2» is not declined


@pytest.mark.parametrize(("name", "genitive"), [("Боря", "Бори"), ("Анна Сергеевна", "Анны Сергеевны")])
def test_d3_the_limit_of_the_defenders_hand_names_him_in_the_genitive(name, genitive):
    hands = [[c(x) for x in ("9♠", "9♦", "9♣")], [c("10♠"), c("7♦")], [c("8♦")]]
    state = PODKIDNOY_GAME.arranged(hands, [c("8♣"), c("К♥")], names=["Аня", name, "Вика"])
    run(state, (0, attack("9♠")), (0, toss("9♦")))
    assert f"у {genitive} всего 2 карты" in rejected(state, 0, toss("9♣"), "table-full", "правило 10").message
    state.apply(1, beat("10♠", "9♠"))  # his hand is smaller now: the limit was his hand when he became defender
    assert f"у {genitive} было всего 2 карты" in rejected(state, 0, toss("9♣"), "table-full").message


def test_d3_never_more_than_six_cards():
    attacker = ["6♠", "6♣", "6♦", "9♦", "9♣", "6♥", "9♥"]
    defender = ["9♠", "Т♠", "Т♣", "Т♦", "К♦", "К♣", "В♦"]
    state = pod([attacker, defender, ["8♠"]], stock=["8♦", "Т♥"])
    run(state, (0, attack("6♠")), (1, beat("9♠")))
    for card in attacker[1:6]:
        state.apply(0, toss(card))
    assert len(state.table) == 6 and state.hand_count(1) == 6
    rejected(state, 0, toss("9♥"), "table-full", "правило 10")


# --- D4 Transfer (perevodnoy only) -----------------------------------------------------------------
def test_d4_transfer_with_the_same_rank():
    state = per([["9♠", "6♦"], ["9♦", "7♦"], ["8♦", "10♣"]], stock=["8♣", "К♥"])
    run(state, (0, attack("9♠")), (1, transfer("9♦")))
    assert (state.attacker, state.defender) == (1, 2)


def test_d4_no_transfer_with_another_rank_or_after_a_beat():
    state = per([["9♠", "9♣", "6♦"], ["10♦", "10♠", "9♦"], ["8♦", "10♣"]], stock=["8♣", "К♥"])
    state.apply(0, attack("9♠"))
    rejected(state, 1, transfer("10♦"), "transfer-not-allowed", "правило D4")
    run(state, (1, beat("10♠")), (0, toss("9♣")))
    rejected(state, 1, transfer("9♦"), "transfer-not-allowed", "правило D4")


def test_d4_no_transfer_in_podkidnoy():
    state = pod([["9♠", "6♦"], ["9♦", "7♦"], ["8♦", "10♣"]], stock=["8♣", "К♥"])
    state.apply(0, attack("9♠"))
    illegal = rejected(state, 1, transfer("9♦"), "transfer-not-allowed", "правило D4")
    assert "подкидном" in illegal.message


# --- D5 Adding to a taker --------------------------------------------------------------------------
def test_d5_cards_are_added_to_a_taker_then_the_taker_is_skipped():
    state = pod([["9♠", "9♣", "6♦"], ["10♦", "7♦", "Д♣", "В♠"], ["9♦", "10♣"]], stock=["8♣", "К♥"])
    run(state, (0, attack("9♠")), (1, TAKE))
    assert state.to_move == 0 and state.hand_count(1) == 4
    rejected(state, 1, beat("10♦"), "not-your-turn")  # the defender already takes
    rejected(state, 2, toss("9♦"), "not-your-turn", "правило D3")  # after «беру» the attacker is first again
    state.apply(0, toss("9♣"))
    assert state.to_move == 2  # the attacker has no 9 left: he is not asked
    rejected(state, 0, toss("6♦"), "toss-not-allowed", "правило D3")
    events = state.apply(2, toss("9♦"))  # nobody holds another 9: the taker picks the cards up
    assert events[0] == Taken(1, (c("9♠"), c("9♣"), c("9♦")))
    assert state.hand_count(1) == 7
    assert events[-1] == NextBout(2, 0)


def test_d5_the_limit_ends_the_adding():
    state = pod([["9♠", "9♣", "9♦"], ["10♦", "7♦"], ["8♦", "10♣"]], stock=["8♣", "К♥"])
    events = run(state, (0, attack("9♠")), (1, TAKE), (0, toss("9♣")))
    assert isinstance(events[0], Taken) and len(events[0].cards) == 2


# --- D6 The fool -----------------------------------------------------------------------------------
def test_d6_the_last_player_with_cards_is_the_fool():
    state = pod([["6♠"], ["7♠", "8♦"], ["7♣"]], stock=[], trump="Т♥")
    run(state, (0, attack("6♠")), (1, beat("7♠")))
    events = state.apply(2, PASS)
    assert events == (Beaten(), Winner(0), NextBout(1, 2))
    assert not state.is_active(0)
    events = run(state, (1, attack("8♦")), (2, TAKE))
    assert events == (Taken(2, (c("8♦"),)), Out(1), Fool(2), GameOver())
    assert state.outcome().fool == 2 and state.outcome().winner == 0


def test_d6_the_last_two_out_together_is_a_draw():
    state = pod([["6♠"], ["7♠"]], stock=[], trump="Т♥")
    assert state.apply(0, attack("6♠")) == ()
    events = state.apply(1, beat("7♠"))
    assert events == (Beaten(), DrawnGame(), GameOver())
    outcome = state.outcome()
    assert outcome.draw and outcome.fool is None and outcome.winner is None


def test_d6_a_defender_who_cannot_beat_the_last_card_is_the_fool():
    state = pod([["6♠"], ["8♦", "9♦"]], stock=[], trump="Т♥")
    state.apply(0, attack("6♠"))
    assert state.outcome() is None  # the defender still answers
    events = state.apply(1, TAKE)
    assert events[-2:] == (Fool(1), GameOver())


def test_refill_order_is_r13():
    state = pod([["9♠"], ["10♠", "7♦"], ["6♦"], ["8♦"]], stock=["В♣", "Д♣", "К♣", "Т♣", "6♣", "7♣", "8♣",
                                                                  "9♣", "10♣", "6♥"])
    events = run(state, (0, attack("9♠")), (1, beat("10♠")))  # nobody holds a 9 or a 10 to add
    assert [(d.player, d.count) for d in events[1].draws] == [(0, 6), (2, 4)]


def test_d2_the_target_may_be_left_out_when_only_one_card_fits():
    state = pod([["9♠", "9♦", "6♣"], ["10♠", "Т♥", "7♦"], ["8♦"]], stock=["8♣", "К♥"])
    run(state, (0, attack("9♠")), (0, toss("9♦")))
    state.apply(1, beat("10♠"))  # beats 9♠ only
    assert state.table[0] == (c("9♠"), c("10♠"))
    state = pod([["9♠", "9♦", "6♣"], ["10♠", "Т♥", "7♦"], ["8♦"]], stock=["8♣", "К♥"])
    run(state, (0, attack("9♠")), (0, toss("9♦")))
    illegal = rejected(state, 1, beat("Т♥"), "cannot-beat", "правило D2")  # a trump beats either
    assert "какую" in illegal.message


# --- Players who are out (D6): every "next player" step passes them by -------------------------------
def test_d4_a_transfer_passes_a_player_who_played_out():
    # Stock empty; A 4 cards, B 5, C 1. C leads his last card: he is out, so B's transfer goes to A.
    state = per([["6♣", "7♠", "8♠", "9♠"], ["6♥", "10♦", "В♦", "Д♦", "К♦"], ["6♦"]], trump="Т♠", first=2)
    run(state, (2, attack("6♦")), (0, transfer("6♣")))
    assert not state.is_active(2)  # C has left the game at once
    assert transfer("6♥") in state.legal_moves(1)
    state.apply(1, transfer("6♥"))
    assert (state.attacker, state.defender, state.to_move) == (1, 0, 0)
    assert state.refill_order == (1, 0) and state.toss_order == (1,)
    events = run(state, (0, beat("7♠", "6♦")), (0, beat("8♠", "6♣")), (0, beat("9♠", "6♥")))
    assert events == (Beaten(), Winner(2), Out(0), Fool(1), GameOver())


def test_d4_a_transfer_round_to_an_attacker_who_played_out_passes_them():
    state = per([["7♣"], ["7♦", "10♠", "В♠", "Д♠"], ["7♥", "Д♦", "К♦", "8♦"]], trump="Т♠")
    run(state, (0, attack("7♣")), (1, transfer("7♦")), (2, transfer("7♥")))
    assert (state.attacker, state.defender) == (2, 1)  # A attacked with his last card: he is out


def test_d4_no_transfer_when_everybody_else_is_out():
    state = per([["7♣"], ["7♦", "8♦"]], trump="Т♠")
    state.apply(0, attack("7♣"))
    assert state.legal_moves(1) == [TAKE]
    illegal = rejected(state, 1, transfer("7♦"), "transfer-not-allowed", "правило D4")
    assert "некому" in illegal.message
    assert state.apply(1, TAKE)[-3:] == (Winner(0), Fool(1), GameOver())


def test_d6_the_next_attacker_passes_players_who_are_out():
    # C tosses his last card (A has nothing to add), B beats both with his last cards: after the beaten
    # bout B would attack, C would be next; both are out, so D attacks A.
    state = pod([["9♠", "6♦"], ["10♠", "10♣"], ["9♣"], ["7♦", "8♦"]], trump="Т♥")
    run(state, (0, attack("9♠")), (1, beat("10♠", "9♠")), (2, toss("9♣")))
    events = state.apply(1, beat("10♣", "9♣"))
    assert events == (Beaten(), Winner(2), Out(1), NextBout(3, 0))
    assert [state.is_active(p) for p in range(4)] == [True, False, False, True]


def test_d6_after_a_take_the_next_attacker_passes_a_player_who_is_out():
    state = pod([["9♠", "6♦"], ["7♦", "8♣", "Д♦"], ["9♣"], ["9♦", "8♦"]], trump="Т♥")
    run(state, (0, attack("9♠")), (1, TAKE))
    assert state.to_move == 2  # A holds no 9: C is asked first
    state.apply(2, toss("9♣"))  # his last card: C is out
    assert state.toss_order == (0, 3) and state.to_move == 3
    events = state.apply(3, PASS)
    assert events == (Taken(1, (c("9♠"), c("9♣"))), Winner(2), NextBout(3, 0))


# --- D3 Who is asked to add ------------------------------------------------------------------------
def test_d3_a_player_who_certainly_cannot_add_is_not_asked():
    state = pod([["9♠", "6♦"], ["10♠", "7♦"], ["8♦", "10♣"]], stock=["8♣", "К♥"])
    run(state, (0, attack("9♠")), (1, beat("10♠")))
    assert state.to_move == 2  # the attacker holds only 6♦: nothing of rank 9 or 10
    assert state.legal_moves(0) == []
    rejected(state, 0, PASS, "not-your-turn", "правило D3")
    rejected(state, 0, toss("6♦"), "toss-not-allowed", "правило D3")
    assert state.apply(2, PASS)[0] == Beaten()


def test_d3_when_nobody_can_add_the_bout_is_beaten_at_once():
    state = pod([["9♠", "6♦"], ["10♠", "7♦"], ["8♦", "Д♣"]], stock=["8♣", "К♥"])
    state.apply(0, attack("9♠"))
    assert state.apply(1, beat("10♠"))[0] == Beaten()


# --- Six players share the whole deck --------------------------------------------------------------
@pytest.mark.parametrize("game", [PODKIDNOY_GAME, PEREVODNOY_GAME])
def test_six_players_are_dealt_the_whole_deck_and_the_last_card_dealt_is_trump(game):
    assert game.capacity == 6
    state = game.deal(6, seed=3)
    assert [state.hand_count(p) for p in range(6)] == [6] * 6 and state.stock_count == 0
    assert state.trump in state.known_cards(5) and state.trump_suit is state.trump.suit
    trump_holders = {p: min(x.rank for x in state.known_cards(p) if x.suit == state.trump_suit)
                     for p in range(6) if any(x.suit == state.trump_suit for x in state.known_cards(p))}
    assert state.attacker == min(trump_holders, key=trump_holders.get)  # D1 as ever


def test_six_players_at_a_real_table_the_trump_card_is_in_a_hand():
    state = PODKIDNOY_GAME.table_play(6, c("7♥"), first=2)
    assert state.stock_count == 0 and state.stock == () and state.trump == c("7♥")
    assert state.check(2, attack("7♥")) is None  # whoever holds it may play it
    held = PODKIDNOY_GAME.table_play(6, c("7♥"), first=2, trump_holder=4)
    assert held.known_cards(4) == (c("7♥"),)
    rejected(held, 2, attack("7♥"), "card-not-available")


def test_the_word_game_still_needs_a_card_beyond_the_hands():
    from game_helpers import generated_deck
    with pytest.raises(SetupError, match="правило 2"):
        Game("slovariki", generated_deck(36, seed=1)).deal(6, seed=1)
