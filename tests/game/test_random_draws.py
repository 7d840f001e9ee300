"""The engine's own uniform draws (the deal's shuffle, the random bot's move in ``step``) take the same
bits from a random.Random as its ``shuffle`` and ``randrange``: a seed's games do not change."""

from __future__ import annotations

import random

import pytest
from game_helpers import generated_deck

from slovariki.game import Game
from slovariki.game.state import UNIFORM, _shuffle


@pytest.mark.parametrize("size", [1, 2, 3, 7, 36, 42, 64, 318])
def test_the_shuffle_is_randoms_own(size):
    for seed in range(50):
        ours, theirs = random.Random(seed), random.Random(seed)
        order, expected = list(range(size)), list(range(size))
        _shuffle(order, ours)
        theirs.shuffle(expected)
        assert order == expected
        assert ours.getstate() == theirs.getstate()  # the same bits used up


def test_a_subclass_of_random_shuffles_its_own_way():
    class Halves(random.Random):  # draws below n from random(), not from getrandbits
        def random(self) -> float:
            return 0.5

    order, expected, plain = list(range(20)), list(range(20)), list(range(20))
    _shuffle(order, Halves(1))
    Halves(1).shuffle(expected)
    random.Random(1).shuffle(plain)
    assert order == expected != plain


@pytest.mark.parametrize(("rules", "players"), [("slovariki", 4), ("slovariki", 2), ("perevodnoy", 5)])
def test_a_uniform_step_draws_what_randrange_draws(rules, players):
    game = Game(rules, generated_deck(42, seed=3) if rules == "slovariki" else None)
    for seed in range(15):
        drawn, counted = game.deal(players, seed=seed), game.deal(players, seed=seed)
        ours, theirs = random.Random(seed), random.Random(seed)
        while not drawn.is_over():
            assert drawn.step(ours.getrandbits, UNIFORM)[0] is counted.step(theirs.randrange)[0]
            assert drawn.position() == counted.position()
        assert counted.is_over() and ours.getstate() == theirs.getstate()
