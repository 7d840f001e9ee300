"""Random legal games, played from real shuffled hands: the referee accepts every legal meld, its
counts match the table, the 52 cards are conserved, and the scores add up."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from slovariki.bitva.errors import Refused
from slovariki.bitva.game import Finish, Game, Meld, Penalty
from slovariki.bitva.rules import DECK_SIZE, card_points, deal_out
from slovariki.game.cards import full_deck


def legal_melds(hand: list, laid_ranks: Counter) -> list[tuple]:
    """The melds a real hand allows: any pair or triplet of one rank, a single of a rank with three down."""
    by_rank: dict[int, list] = {}
    for card in hand:
        by_rank.setdefault(card.rank, []).append(card)
    melds = []
    for rank, same in by_rank.items():
        melds += [combo for size in (2, 3) for combo in combinations(same, size)]
        if laid_ranks[rank] == 3:
            melds += [(card,) for card in same]
    return melds


def deck_order(rng: random.Random, clumpy: bool) -> list:
    """A shuffled deck; a clumpy one keeps most cards of a rank together, so that games reach the end."""
    deck = list(full_deck())
    rng.shuffle(deck)
    if clumpy:
        ranks = list(range(2, 15))
        rng.shuffle(ranks)
        deck.sort(key=lambda card: ranks.index(card.rank))
        for _ in range(rng.randint(0, 8)):
            i = rng.randrange(len(deck) - 1)
            deck[i], deck[i + 1] = deck[i + 1], deck[i]
    return deck


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6), clumpy=st.booleans())
def test_random_legal_games(players, seed, clumpy):
    rng = random.Random(seed)
    names = ["Аня", "Боря", "Вика", "Гена"][:players]
    deal = deal_out(deck_order(rng, clumpy), players)
    hands = {n: list(h) for n, h in zip(names, deal.hands)}
    reserves = {n: list(r) for n, r in zip(names, deal.reserves)}
    game = Game(names)
    laid: list = []
    penalties = Counter()
    while True:
        laid_ranks = Counter(card.rank for card in laid)
        options = [(n, m) for n in names for m in legal_melds(hands[n], laid_ranks)]
        if game.out:  # only someone finishing at the same moment may still lay down cards
            options = [(n, m) for n, m in options if len(m) == len(hands[n]) and not reserves[n]]
        if not options or (game.out and rng.random() < 0.5):
            break
        name, cards = rng.choice(options)
        if laid and rng.random() < 0.2:  # a card already on the table is always refused, changing nothing
            before = game.as_json()
            try:
                game.play(Meld(name, (rng.choice(laid),) + cards[1:]))
            except Refused as exc:
                assert exc.code == "card-not-available"
            assert game.as_json() == before
        game.play(Meld(name, cards))
        for card in cards:
            hands[name].remove(card)
        laid.extend(cards)
        taken = reserves[name][:len(cards)]
        del reserves[name][:len(cards)]
        hands[name].extend(taken)
        if rng.random() < 0.1:
            victim = rng.choice(names)
            game.play(Penalty(victim))
            penalties[victim] += 1
        assert game.hands == {n: len(h) for n, h in hands.items()}
        assert game.reserves == {n: len(r) for n, r in reserves.items()}
        assert len(game.owner) == len(laid) and len(set(laid)) == len(laid)
        assert len(laid) + sum(game.hands.values()) + sum(game.reserves.values()) + game.plan.aside == DECK_SIZE
        assert all(game.hands[n] <= game.plan.hand for n in names)

    game.play(Finish())
    scores = game.scores()
    owners = Counter((owner, card.rank) for card, owner in game.owner.items())
    fours = sum(1 for n in owners.values() if n == 4)
    assert sum(s.total for s in scores.values()) == (
        sum(card_points(c) for c in laid) + 5 * fours + 10 * len(game.out) - 10 * sum(penalties.values()))
    assert set(game.out) == {n for n in names if not hands[n] and not reserves[n]}
    pool = game.out or names  # nobody out: the points of all decide (the end rule)
    best = max(scores[n].total for n in pool)
    assert game.winners() == tuple(n for n in pool if scores[n].total == best)
