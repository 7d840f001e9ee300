"""The 52-card deck from slovariki.game.cards, and that the 36-card durak deck is unchanged."""

import pytest

from slovariki.bitva.rules import card_points, deal_plan, shuffled_deal
from slovariki.bitva.errors import Refused
from slovariki.game.cards import PlayingCard, Suit, full_deck, standard_deck


def test_full_deck_has_52_distinct_cards_2_to_ace():
    deck = full_deck()
    assert len(deck) == len(set(deck)) == 52
    assert {c.rank for c in deck} == set(range(2, 15))


def test_durak_deck_and_parsing_unchanged():
    deck = standard_deck()
    assert len(deck) == 36 and {c.rank for c in deck} == set(range(6, 15))
    with pytest.raises(ValueError, match="6 7 8 9 10 В Д К Т"):
        PlayingCard.parse("5ч")
    assert PlayingCard.parse("5ч", lowest_rank=2) == PlayingCard(5, Suit.HEARTS)
    assert str(PlayingCard(2, Suit.SPADES)) == "2♠"


@pytest.mark.parametrize("players, hand, reserve, aside", [(2, 9, 17, 0), (3, 8, 9, 1), (4, 7, 6, 0)])
def test_deal_plan(players, hand, reserve, aside):
    plan = deal_plan(players)
    assert (plan.hand, plan.reserve, plan.aside) == (hand, reserve, aside)
    assert players * plan.share + plan.aside == 52


@pytest.mark.parametrize("players", [0, 1, 5])
def test_deal_plan_refuses_wrong_player_count(players):
    with pytest.raises(Refused) as info:
        deal_plan(players)
    assert info.value.code == "bad-setup" and "вдвоём, втроём или вчетвером" in info.value.message


@pytest.mark.parametrize("players", [2, 3, 4])
def test_shuffled_deal_uses_every_card_once_and_repeats_with_the_seed(players):
    deal = shuffled_deal(players, 7)
    every = [c for part in (*deal.hands, *deal.reserves, deal.aside) for c in part]
    assert sorted(every, key=str) == sorted(full_deck(), key=str)
    plan = deal_plan(players)
    assert all(len(h) == plan.hand for h in deal.hands) and all(len(r) == plan.reserve for r in deal.reserves)
    assert shuffled_deal(players, 7) == deal != shuffled_deal(players, 8)


@pytest.mark.parametrize("rank, points", [(2, 5), (5, 5), (9, 5), (10, 10), (11, 10), (12, 10), (13, 10), (14, 15)])
def test_card_points(rank, points):
    assert card_points(PlayingCard(rank, Suit.CLUBS)) == points
