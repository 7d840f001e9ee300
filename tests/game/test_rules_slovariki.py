"""«Словарики» rule by rule (R1–R16): a legal and an illegal case for each."""

from __future__ import annotations

import pytest
from game_helpers import (
    PASS, TAKE, WORDS, attack, beat, generated_deck, position, rejected, run, toss, transfer, w,
)

from slovariki.game import (
    Beaten, Draw, Game, GameOver, NextBout, Refill, SetupError, Taken, Winner,
)
from slovariki.markup import Markup
from slovariki.model import Card, Colour


def o_card(n: int, grade: int, stars: int) -> Card:
    """A made-up word whose only hard letter is «о» (n makes it unique)."""
    plain = "ко" + "бвгдзклмнпрст"[n % 13] + "бвгдзклмнпрст"[n // 13]
    return Card(Markup(plain, ((1, 2),), ()), grade, stars, "слово для теста")


# --- R1 Deck ---------------------------------------------------------------------------------------
def test_r1_colour_is_the_suit():
    state = position([["корова"], ["лопата"]], stock=["эскалатор"])
    assert state.trump_suit is Colour.YELLOW
    assert w("лопата").suit is Colour.BLUE and w("лопата").rank == 1


def test_r1_a_word_is_one_card():
    with pytest.raises(SetupError):
        Game("slovariki", [w("корова"), w("корова")])


# --- R2 Players ------------------------------------------------------------------------------------
def test_r2_deck_of_6n_plus_1_deals_to_n():
    deck = generated_deck(13, seed=1)
    assert Game("slovariki", deck).deal(2, seed=1).players == 2
    assert Game("slovariki", deck).capacity == 2
    assert Game("slovariki", generated_deck(37, seed=1)).capacity == 6


def test_r2_too_few_cards_or_wrong_player_count():
    with pytest.raises(SetupError, match="правило 2"):
        Game("slovariki", generated_deck(12, seed=1)).deal(2, seed=1)
    game = Game("slovariki", generated_deck(60, seed=1))
    for players in (1, 7):
        with pytest.raises(SetupError, match="правило 2"):
            game.deal(players, seed=1)
    assert Game("slovariki", generated_deck(12, seed=1)).capacity == 0


# --- R3 Deal ---------------------------------------------------------------------------------------
def test_r3_six_each_and_the_trump_under_the_stock():
    deck = generated_deck(40, seed=2)
    state = Game("slovariki", deck).deal(3, seed=7)
    assert [state.hand_count(p) for p in range(3)] == [6, 6, 6]
    assert state.stock_count == 40 - 18
    assert state.stock[-1] == state.trump and state.trump_suit is state.trump.suit
    dealt = [c for p in range(3) for c in state.known_cards(p)] + list(state.stock)
    assert sorted(c.word for c in dealt) == sorted(c.word for c in deck)


def test_r3_the_deal_depends_on_the_seed_only():
    game = Game("slovariki", generated_deck(40, seed=2))
    assert game.deal(3, seed=7) == game.deal(3, seed=7)
    assert game.deal(3, seed=7).known_cards(0) != game.deal(3, seed=8).known_cards(0)


# --- R4 Order --------------------------------------------------------------------------------------
def test_r4_the_named_player_attacks_the_one_on_their_left():
    state = position([["корова"], ["лопата"], ["вокзал"]], stock=["нарочно"], first=1)
    assert (state.attacker, state.defender, state.to_move) == (1, 2, 1)
    state.apply(1, attack("лопата"))
    assert state.to_move == 2


def test_r4_nobody_else_attacks():
    state = position([["корова"], ["лопата"], ["вокзал"]], stock=["нарочно"], first=1)
    rejected(state, 0, attack("корова"), "not-your-turn", "правило 4")


def test_r4_before_the_lead_every_other_move_is_refused_by_the_turn_order():
    state = position([["корова"], ["лопата"], ["вокзал"]], stock=["нарочно"], first=1)
    illegal = rejected(state, 2, TAKE, "not-your-turn", "правило 4")
    assert illegal.message == "правило 4: заход ещё не сделан, сейчас заходит игрок 2"
    rejected(state, 2, beat("вокзал"), "not-your-turn", "правило 4")
    rejected(state, 0, PASS, "not-your-turn", "правило 4")
    rejected(state, 1, PASS, "not-your-turn", "правило 5")  # the attacker himself must lead
    illegal = rejected(state, 1, TAKE, "not-your-turn", "правило 5")
    assert illegal.message == "правило 5: заходящий должен сначала положить карту"


# --- R5 Attack -------------------------------------------------------------------------------------
def test_r5_any_card_of_the_attacker():
    state = position([["корова", "эскалатор"], ["лопата", "морковь"]], stock=["нарочно"])
    assert set(state.legal_moves(0)) == {attack("корова"), attack("эскалатор")}
    state.apply(0, attack("эскалатор"))
    assert state.table == ((w("эскалатор"), None),)


def test_r5_only_own_cards_and_one_lead_per_bout():
    state = position([["корова", "эскалатор"], ["лопата", "морковь"]], stock=["нарочно"])
    rejected(state, 0, attack("лопата"), "card-not-available")
    state.apply(0, attack("эскалатор"))
    rejected(state, 0, attack("корова"), "not-your-turn", "правило 5")


# --- R6 Defence ------------------------------------------------------------------------------------
def test_r6_the_defender_transfers_beats_or_takes():
    state = position([["собака", "корова"], ["ворона", "берёза", "лопата"], ["вокзал", "пейзаж"]],
                     stock=["нарочно"])
    state.apply(0, attack("собака"))
    assert set(state.legal_moves(1)) == {
        beat("ворона", "собака"), beat("берёза", "собака"), transfer("ворона"), TAKE}
    assert state.legal_moves(0) == [] and state.legal_moves(2) == []


def test_r6_the_defender_may_not_pass_and_nobody_else_defends():
    state = position([["собака", "корова"], ["ворона", "берёза"], ["вокзал", "пейзаж"]], stock=["нарочно"])
    state.apply(0, attack("собака"))
    rejected(state, 1, PASS, "not-your-turn", "правило 6")
    illegal = rejected(state, 2, PASS, "not-your-turn", "правило 4")  # someone else's move is awaited
    assert illegal.message == "правило 4: сейчас отбивается игрок 2"
    # who beats, transfers or takes is rule 6's (QA2 #7), not the rule of how to beat (7) or take (11)
    illegal = rejected(state, 2, beat("вокзал"), "not-your-turn", "правило 6")
    assert illegal.message == "правило 6: бьёт только отбивающийся, сейчас отбивается игрок 2"
    rejected(state, 2, transfer("вокзал"), "not-your-turn", "правило 6")
    rejected(state, 0, TAKE, "not-your-turn", "правило 6")


# --- R7 Beat ---------------------------------------------------------------------------------------
BEATS = [  # trump is pink (the stock's card «Омск»)
    ("собака", "ворона", True),       # equal stars, same colour: beats (unlike classic durak)
    ("собака", "берёза", True),       # more stars
    ("собака", "корова", False),      # fewer stars
    ("собака", "морковь", False),     # other colour, not trump
    ("берёза", "нарочно", True),      # any trump beats any non-trump
    ("пейзаж", "класс", True),        # trump vs trump, equal stars
    ("пейзаж", "аккуратно", True),    # trump vs trump, more stars
    ("пейзаж", "нарочно", False),     # trump vs trump, fewer stars
    ("нарочно", "эскалатор", False),  # a non-trump never beats a trump
]


@pytest.mark.parametrize(("led", "answer", "legal"), BEATS)
def test_r7_beat(led, answer, legal):
    state = position([[led, "вокзал"], [answer, "неделя"]], stock=["Омск"])
    state.apply(0, attack(led))
    if legal:
        assert state.check(1, beat(answer, led)) is None
        assert state.check(1, beat(answer)) is None  # the only unbeaten card is meant
        state.apply(1, beat(answer))
        assert state.log[-1].move == beat(answer, led)
    else:
        rejected(state, 1, beat(answer, led), "cannot-beat", "правило 7")


def test_r7_the_refusal_names_the_colour_needed():
    state = position([["собака", "вокзал"], ["морковь", "неделя"]], stock=["Омск"])
    state.apply(0, attack("собака"))
    illegal = rejected(state, 1, beat("морковь", "собака"), "cannot-beat")
    assert illegal.message.endswith("нужна карта того же цвета (зелёная) или козырь")


def test_r7_the_target_must_lie_unbeaten_on_the_table():
    state = position([["собака", "вокзал"], ["ворона", "неделя"]], stock=["Омск"])
    state.apply(0, attack("собака"))
    illegal = rejected(state, 1, beat("ворона", "вокзал"), "cannot-beat", "правило 7")
    assert illegal.message == "правило 7: карты «вокзал» нет на столе"


def test_r7_a_beaten_card_is_said_to_be_beaten_and_by_which_card():
    state = position([["корова", "лопата"], ["собака", "неделя", "вокзал"]], stock=["нарочно"])
    run(state, (0, attack("корова")), (1, beat("собака")), (0, toss("лопата")))
    illegal = rejected(state, 1, beat("вокзал", "корова"), "cannot-beat", "правило 7")
    assert illegal.message == "правило 7: карта «корова» уже побита картой «собака»"


def test_r7_an_unnamed_beat_that_covers_none_of_several_cards_is_told_so():
    state = position([["собака", "лопата"], ["ворона", "неделя"], ["ребята", "берёза", "ёлка"]], stock=["Омск"])
    run(state, (0, attack("собака")), (1, transfer("ворона")))
    illegal = rejected(state, 2, beat("ребята"), "cannot-beat", "правило 7")
    assert illegal.message == "правило 7: карта «ребята» не бьёт ни одной из непобитых карт («собака», «ворона»)"
    illegal = rejected(state, 2, beat("берёза"), "cannot-beat", "правило 7")  # it beats both: which one?
    assert "нужно назвать, какую из них бьют" in illegal.message


# --- R8 Transfer -----------------------------------------------------------------------------------
def test_r8_transfer_with_same_colour_and_stars():
    state = position([["собака", "корова"], ["ворона", "лопата"], ["вокзал", "пейзаж"]], stock=["нарочно"])
    state.apply(0, attack("собака"))
    state.apply(1, transfer("ворона"))
    assert (state.attacker, state.defender, state.to_move) == (1, 2, 2)
    assert state.table == ((w("собака"), None), (w("ворона"), None))


@pytest.mark.parametrize("card", ["берёза", "морковь"])  # more stars; other colour, same stars
def test_r8_no_transfer_with_another_colour_or_star_count(card):
    state = position([["собака", "корова"], [card, "лопата"], ["вокзал", "пейзаж"]], stock=["нарочно"])
    state.apply(0, attack("собака"))
    rejected(state, 1, transfer(card), "transfer-not-allowed", "правило 8")


def test_r8_no_transfer_after_a_beat():
    state = position([["корова", "лопата"], ["собака", "неделя", "вокзал"]], stock=["нарочно"])
    run(state, (0, attack("корова")), (1, beat("собака")), (0, toss("лопата")))
    rejected(state, 1, transfer("неделя"), "transfer-not-allowed", "правило 8")


def test_r8_no_transfer_to_a_player_with_too_few_cards():
    state = position([["собака", "корова"], ["ворона", "лопата"], ["вокзал"]], stock=["нарочно"])
    state.apply(0, attack("собака"))
    illegal = rejected(state, 1, transfer("ворона"), "table-full", "правило 8")
    assert "1 карта" in illegal.message and "стало бы 2" in illegal.message


def test_r8_transfers_may_go_round_to_the_first_attacker():
    state = position([["собака", "берёза", "медведь", "нарочно"], ["ворона", "лопата"], ["сорока", "вокзал"]],
                     stock=["Омск"])
    run(state, (0, attack("собака")), (1, transfer("ворона")), (2, transfer("сорока")))
    assert (state.attacker, state.defender) == (2, 0)
    assert beat("берёза", "ворона") in state.legal_moves(0)


def test_r8_two_players_transfer_back_to_the_attacker():
    state = position([["собака", "берёза", "корова"], ["ворона", "лопата"]], stock=["Омск"])
    run(state, (0, attack("собака")), (1, transfer("ворона")))
    assert (state.attacker, state.defender, state.to_move) == (1, 0, 0)


def test_r8_the_transferring_player_is_the_attacker_for_toss_and_refill():
    hands = [["собака", "корова"], ["ворона", "лопата"], ["вокзал", "пейзаж"], ["неделя", "класс"]]
    state = position(hands, stock=["нарочно"])
    run(state, (0, attack("собака")), (1, transfer("ворона")))
    assert state.refill_order == (1, 3, 0, 2)
    assert state.toss_order == (1, 3, 0)


# --- R9 Toss-in ------------------------------------------------------------------------------------
def test_r9_toss_in_of_any_colour_sharing_a_hard_letter():
    state = position([["корова", "лопата"], ["собака", "вокзал"]], stock=["нарочно"])
    run(state, (0, attack("корова")), (1, beat("собака")))
    assert state.to_move == 0
    assert set(state.legal_moves(0)) == {toss("лопата"), PASS}
    state.apply(0, toss("лопата"))
    assert state.table[-1] == (w("лопата"), None)


def test_r9_no_toss_in_before_everything_is_beaten():
    state = position([["корова", "лопата"], ["собака", "вокзал"]], stock=["нарочно"])
    state.apply(0, attack("корова"))
    rejected(state, 0, toss("лопата"), "toss-not-allowed", "правило 9")


def test_r9_no_toss_in_without_a_shared_hard_letter():
    state = position([["корова", "неделя", "лопата"], ["собака", "вокзал"]], stock=["нарочно"])
    run(state, (0, attack("корова")), (1, beat("собака")))
    illegal = rejected(state, 0, toss("неделя"), "no-shared-letter", "правило 9")
    assert "«собака»" in illegal.message and "о" in illegal.message


def test_r9_e_and_yo_are_different_letters():
    state = position([["корова", "ребята", "берёза"], ["ёлка", "вокзал"]], stock=["нарочно"])
    run(state, (0, attack("корова")), (1, beat("ёлка")))
    rejected(state, 0, toss("ребята"), "no-shared-letter")
    assert state.check(0, toss("берёза")) is None


def test_r9_letters_compare_case_insensitively():
    state = position([["корова", "Омск"], ["собака", "вокзал"]], stock=["класс"])
    run(state, (0, attack("корова")), (1, beat("собака")))
    assert state.check(0, toss("Омск")) is None


def test_r9_the_right_goes_round_and_returns_to_the_attacker():
    hands = [["корова", "Москва"], ["собака", "морковь", "пейзаж"], ["лопата", "вокзал"]]
    state = position(hands, stock=["нарочно"])
    run(state, (0, attack("корова")), (1, beat("собака")))
    rejected(state, 2, toss("лопата"), "not-your-turn", "правило 9")
    state.apply(0, PASS)
    assert state.to_move == 2
    run(state, (2, toss("лопата")), (1, beat("морковь")))
    assert state.to_move == 0  # after a beat the right starts again with the attacker
    rejected(state, 2, toss("вокзал"), "not-your-turn")
    state.apply(0, PASS)
    events = run(state, (2, PASS))
    assert events[0] == Beaten()


def test_r9_after_the_bout_a_toss_in_is_told_the_bout_is_over():
    """Issue 21 §4: a child who tosses in late hears that the bout (заход), not a move, is over."""
    state = position([["корова", "лопата", "сорока"], ["собака", "вокзал", "пейзаж"]], stock=["нарочно"])
    run(state, (0, attack("корова")), (1, beat("собака")), (0, PASS))
    illegal = rejected(state, 0, toss("лопата"), "toss-not-allowed", "правило 12")
    assert illegal.message == "правило 12: заход уже отбит"
    run(state, (1, attack("вокзал")), (0, TAKE))
    assert rejected(state, 1, toss("пейзаж"), "toss-not-allowed", "правило 11").message == (
        "правило 11: карты уже взяты, заход закончен")


def test_r9_a_player_who_cannot_toss_in_is_not_asked():
    hands = [["корова", "неделя"], ["собака", "морковь"], ["лопата", "вокзал"]]
    state = position(hands, stock=["нарочно"])
    run(state, (0, attack("корова")), (1, beat("собака")))
    assert state.to_move == 2  # the attacker holds only «неделя»: no «о»
    assert state.legal_moves(0) == []
    rejected(state, 0, PASS, "not-your-turn", "правило 9")
    rejected(state, 0, toss("неделя"), "no-shared-letter", "правило 9")
    assert state.apply(2, PASS)[0] == Beaten()


def test_r9_when_nobody_can_toss_in_the_bout_is_beaten_at_once():
    state = position([["корова", "неделя"], ["собака", "морковь"], ["петух", "пейзаж"]], stock=["нарочно"])
    state.apply(0, attack("корова"))
    assert state.apply(1, beat("собака"))[0] == Beaten()


def test_r8_a_player_without_cards_while_the_stock_lasts_is_still_in_the_game():
    state = position([["собака", "корова"], ["ворона", "лопата"], []], stock=["вокзал", "нарочно"])
    state.apply(0, attack("собака"))
    assert state.is_active(2) and state.toss_order == (0, 2)
    rejected(state, 1, transfer("ворона"), "table-full", "правило 8")


def test_r9_the_defender_does_not_toss_in():
    state = position([["корова", "Москва"], ["собака", "лопата"]], stock=["нарочно"])
    run(state, (0, attack("корова")), (1, beat("собака")))
    rejected(state, 1, toss("лопата"), "toss-not-allowed", "правило 9")
    rejected(state, 1, PASS, "not-your-turn")


def test_r9_players_without_cards_are_skipped():
    state = position([["корова"], ["собака", "морковь"], ["лопата", "вокзал"]], stock=["неделя", "нарочно"])
    run(state, (0, attack("корова")), (1, beat("собака")))
    assert state.hand_count(0) == 0 and state.to_move == 2
    rejected(state, 0, PASS, "not-your-turn")


def test_r9_when_everybody_declines_the_bout_is_beaten():
    state = position([["корова", "лопата"], ["собака", "вокзал"], ["неделя", "морковь"]], stock=["нарочно"])
    run(state, (0, attack("корова")), (1, beat("собака")), (0, PASS))
    assert state.discard_count == len(WORDS) - 7
    events = state.apply(2, PASS)
    assert events[0] == Beaten() and state.table == ()


# --- R10 Limit -------------------------------------------------------------------------------------
def test_r10_at_most_six_cards_against_a_defender():
    weak = [o_card(i, 1, 1) for i in range(7)]
    strong = [o_card(10 + i, 1, 3) for i in range(7)]
    game = Game("slovariki", weak + strong + [o_card(30, 2, 1)])
    state = game.arranged([weak, strong], [o_card(30, 2, 1)])
    assert state.limit == 6
    state.apply(0, game.attacks[0])
    for i in range(6):
        if i:
            state.apply(0, game.tosses[i])
        events = state.apply(1, game.beat_move(7 + i, i))
    assert events[0] == Beaten()
    assert state.hand_count(0) == 2  # one card kept, the last one of the stock drawn
    illegal = state.check(0, game.tosses[6])
    assert illegal.code == "toss-not-allowed" and illegal.message.startswith("правило 12")


def test_r10_no_more_cards_than_the_defender_holds():
    state = position([["корова", "лопата", "вокзал"], ["собака", "морковь"]], stock=["нарочно"])
    assert state.limit == 2
    events = run(state, (0, attack("корова")), (1, beat("собака")), (0, toss("лопата")), (1, beat("морковь")))
    assert events[0] == Beaten()  # the defender has no cards left: nobody may toss


# --- R11 Take --------------------------------------------------------------------------------------
def test_r11_take_everything_and_the_taker_is_skipped():
    hands = [["корова", "лопата"], ["собака", "неделя"], ["вокзал", "пейзаж"]]
    state = position(hands, stock=["нарочно"])
    events = run(state, (0, attack("корова")), (1, beat("собака")), (0, toss("лопата")), (1, TAKE))
    assert events[0] == Taken(1, (w("корова"), w("лопата"), w("собака")))
    assert state.hand_count(1) == 4
    assert events[-1] == NextBout(2, 0)
    assert (state.attacker, state.defender, state.to_move) == (2, 0, 2)


def test_r11_nothing_is_tossed_after_a_take():
    state = position([["корова", "лопата"], ["собака", "неделя"], ["вокзал", "пейзаж"]], stock=["нарочно"])
    run(state, (0, attack("корова")), (1, TAKE))
    rejected(state, 0, toss("лопата"), "toss-not-allowed", "правило 11")


def test_r11_no_take_when_everything_is_beaten():
    state = position([["корова", "лопата"], ["собака", "неделя"]], stock=["нарочно"])
    run(state, (0, attack("корова")), (1, beat("собака")))
    rejected(state, 1, TAKE, "not-your-turn", "правило 11")


def test_r11_two_players_the_attacker_attacks_again():
    state = position([["корова", "лопата"], ["собака", "неделя"]], stock=["нарочно"])
    events = run(state, (0, attack("корова")), (1, TAKE))
    assert events[-1] == NextBout(0, 1)


# --- R12 Beaten ------------------------------------------------------------------------------------
def test_r12_beaten_cards_go_to_the_discard():
    state = position([["корова", "лопата"], ["собака", "неделя"]], stock=["вокзал", "нарочно"])
    discarded = state.discard_count
    run(state, (0, attack("корова")), (1, beat("собака")), (0, PASS))
    assert state.discard_count == discarded + 2
    assert {w("корова"), w("собака")} <= set(state.discard)
    assert w("корова") not in state.known_cards(1)


# --- R13 Refill, R14 Next bout ---------------------------------------------------------------------
def test_r13_refill_order_attacker_then_clockwise_from_the_defenders_left_defender_last():
    hands = [["корова"], ["собака", "ёлка"], ["лопата"], ["вокзал"]]
    used = {x for hand in hands for x in hand}
    stock = [x for x in WORDS if x not in used and x != "нарочно"] + ["нарочно"]
    state = position(hands, stock=stock)
    run(state, (0, attack("корова")), (1, beat("собака")), (2, PASS))
    events = state.apply(3, PASS)
    assert events[0] == Beaten()
    refill = events[1]
    assert isinstance(refill, Refill)
    assert [(d.player, d.count) for d in refill.draws] == [(0, 6), (2, 5), (3, 5), (1, 4)]
    assert refill.draws[0].cards == tuple(w(x) for x in stock[:6])
    assert refill.draws[-1].cards[-1] == w("нарочно")  # the trump card is drawn last
    assert state.stock_count == 0
    assert events[-1] == NextBout(1, 2)  # R14: the defender attacks next


def test_r13_only_players_short_of_six_draw():
    hands = [["корова", "вокзал", "медведь", "петух"],
             ["собака", "ёлка", "неделя", "морковь", "пейзаж", "класс", "ребята"]]
    state = position(hands, stock=["лопата", "нарочно"])
    events = run(state, (0, attack("корова")), (1, beat("собака")), (0, PASS))
    # The attacker has 3 cards and draws 2; the defender still holds 6 and draws nothing.
    assert events[1] == Refill((Draw(0, 2, (w("лопата"), w("нарочно"))),))


def test_r14_after_a_beaten_bout_the_defender_attacks():
    state = position([["корова", "вокзал"], ["собака", "лопата"], ["неделя", "морковь"]], stock=["нарочно"])
    events = run(state, (0, attack("корова")), (1, beat("собака")), (0, PASS), (2, PASS))
    assert events[-1] == NextBout(1, 2) and state.to_move == 1
    rejected(state, 0, attack("вокзал"), "not-your-turn", "правило 4")


# --- R15 Empty stock, R16 Winner -------------------------------------------------------------------
def test_r15_play_goes_on_without_a_stock():
    state = position([["корова", "вокзал"], ["собака", "лопата"], ["неделя", "морковь"]], stock=[], trump="нарочно")
    events = run(state, (0, attack("корова")), (1, beat("собака")), (0, PASS), (2, PASS))
    assert [type(e) for e in events] == [Beaten, NextBout]
    assert state.outcome() is None


def test_r16_out_of_cards_with_an_empty_stock_wins_at_once():
    state = position([["корова"], ["собака", "лопата"], ["неделя", "пейзаж"]], stock=[], trump="нарочно")
    events = state.apply(0, attack("корова"))
    assert events == (Winner(0), GameOver())
    assert state.outcome().winner == 0 and state.to_move is None
    rejected(state, 1, beat("собака"), "game-over", "правило 16")
    assert state.legal_moves(1) == []


def test_r16_out_of_cards_with_a_stock_is_no_win():
    state = position([["корова"], ["собака", "лопата"]], stock=["вокзал", "нарочно"])
    events = state.apply(0, attack("корова"))
    assert events == () and state.outcome() is None


def test_r16_the_defender_wins_by_beating_with_the_last_card():
    state = position([["корова", "лопата"], ["собака"]], stock=[], trump="нарочно")
    events = run(state, (0, attack("корова")), (1, beat("собака")))
    assert events == (Winner(1), GameOver())


def test_r16_two_out_at_once_the_earlier_in_refill_order_wins():
    hands = [["корова"], ["собака", "морковь"], ["лопата"], ["вокзал", "пейзаж"]]
    state = position(hands, stock=["нарочно"])
    run(state, (0, attack("корова")), (1, beat("собака")), (2, toss("лопата")))
    events = state.apply(1, beat("морковь"))
    # The defender has no cards left: the bout is beaten; player 0 draws the last card, and
    # players 2 and 1 are out of cards together: 2 comes first in refill order.
    assert events == (Beaten(), Refill((Draw(0, 1, (w("нарочно"),)),)), Winner(2), GameOver())
