"""The fixed numbers of «Битва пар»: deal sizes, card points and bonuses, and a shuffled deal."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from slovariki.bitva.errors import BAD_SETUP, Refused
from slovariki.game.cards import PlayingCard, full_deck

DECK_SIZE = 52
HAND_SIZE = {2: 9, 3: 8, 4: 7}
FOUR_OF_A_RANK_BONUS = 5
OUT_BONUS = 10
PENALTY = -10


def card_points(card: PlayingCard) -> int:
    """2–9: 5 points, 10 В Д К: 10, Т: 15."""
    if card.rank == 14:
        return 15
    return 10 if card.rank >= 10 else 5


@dataclass(frozen=True)
class DealPlan:
    """How the deck is split for ``players``: cards to each hand, to each reserve, and set aside."""

    players: int
    hand: int
    reserve: int
    aside: int

    @property
    def share(self) -> int:
        """All the cards one player has to get rid of: the hand and the reserve."""
        return self.hand + self.reserve


def deal_plan(players: int) -> DealPlan:
    if players not in HAND_SIZE:
        raise Refused(BAD_SETUP, f"в «Битву пар» играют вдвоём, втроём или вчетвером, а не {players}")
    hand = HAND_SIZE[players]
    reserve, aside = divmod(DECK_SIZE - hand * players, players)
    return DealPlan(players, hand, reserve, aside)


@dataclass(frozen=True)
class Deal:
    """A shuffled deal: each player's hand and reserve (top card first), and the card(s) set aside."""

    hands: tuple[tuple[PlayingCard, ...], ...]
    reserves: tuple[tuple[PlayingCard, ...], ...]
    aside: tuple[PlayingCard, ...]


def deal_out(deck: Sequence[PlayingCard], players: int) -> Deal:
    """Deal an ordered deck: the hands first, then the reserves, the remainder set aside."""
    plan = deal_plan(players)
    hands = tuple(tuple(deck[i * plan.hand:(i + 1) * plan.hand]) for i in range(players))
    rest = deck[players * plan.hand:]
    reserves = tuple(tuple(rest[i * plan.reserve:(i + 1) * plan.reserve]) for i in range(players))
    return Deal(hands, reserves, tuple(rest[players * plan.reserve:]))


def shuffled_deal(players: int, seed: int) -> Deal:
    """Shuffle the 52 cards with ``seed`` (the same seed gives the same deal) and deal them out."""
    deck = list(full_deck())
    random.Random(seed).shuffle(deck)
    return deal_out(deck, players)
