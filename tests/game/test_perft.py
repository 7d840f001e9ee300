"""Perft: the number of distinct legal move sequences from fixed positions, to depth 4.

A sequence step is (player, move) over every player's legal moves, so classic durak's adding while
the defender answers (by the one who holds the right, D3) counts too. The smallest position is counted by hand below; the others were computed once and
pin the engine's behaviour down.
"""

from __future__ import annotations

import pytest
from game_helpers import generated_deck, position

from slovariki.game import Game


def perft(state, depth: int, fast: bool = False) -> int:
    """Counted through ``apply``, or with ``fast`` the moves of ``to_move`` through the simulator's
    ``step`` (which makes no other player's moves: those of classic durak's out-of-turn adding)."""
    if depth == 0:
        return 1
    total = 0
    for player in range(state.players):
        for i, move in enumerate(state.legal_moves(player)):
            if depth == 1:
                total += 1
                continue
            child = state.copy()
            if fast and player == state.to_move:
                assert child.step(lambda count: i)[0] is move.cmd
            else:
                child.apply(player, move)
            total += perft(child, depth - 1, fast)
    return total


def test_smallest_position_counted_by_hand():
    # Trump pink. Player 0: корова (green 1★, о), лопата (blue 1★, о); player 1: собака (green 2★, о),
    # неделя (blue 1★, е); the stock is the trump card нарочно alone.
    state = position([["корова", "лопата"], ["собака", "неделя"]], stock=["нарочно"])
    # 1: 0 attacks with корова or лопата.
    # 2: корова → собака beats it, or take (no transfer partner); лопата → неделя beats it, or take
    #    (неделя could transfer, but player 0 would hold 1 card against 2: R8).
    # 3: корова/beat → toss лопата (shares о) or pass; корова/take → 0 draws нарочно, attacks with
    #    either card; лопата/beat → 0 holds only корова, without е, and is not asked: the bout is
    #    beaten, 0 draws нарочно and 1 leads собака, his last card (R16: he wins); лопата/take → 0
    #    attacks with either.
    # 4: корова/beat/toss → неделя beats or take; корова/beat/pass → 1 leads неделя (and wins);
    #    корова/take/лопата → beat with неделя or take; корова/take/нарочно → take (no trump);
    #    лопата/take/корова → собака beats or take; лопата/take/нарочно → take.
    assert [perft(state, d) for d in range(1, 5)] == [2, 4, 7, 9]


SEEDED = [  # (rules, deck, players, seed, counts to depth 1..4)
    ("slovariki", 40, 2, 1, [6, 29, 161, 650]),
    ("slovariki", 40, 4, 2, [6, 25, 110, 358]),
    ("slovariki", 60, 6, 3, [6, 11, 49, 147]),
    ("podkidnoy", None, 3, 4, [6, 19, 53, 198]),
    ("perevodnoy", None, 4, 5, [6, 16, 56, 180]),
    ("podkidnoy", None, 6, 6, [6, 16, 41, 101]),  # the whole deck dealt, no stock
    ("perevodnoy", None, 6, 7, [6, 30, 68, 190]),
]


@pytest.mark.parametrize(("rules", "size", "players", "seed", "counts"), SEEDED)
def test_seeded_positions(rules, size, players, seed, counts):
    game = Game(rules, generated_deck(size, seed=size) if size else None)
    state = game.deal(players, seed=seed)
    assert [perft(state, d) for d in range(1, 5)] == counts
    assert perft(state, 4, fast=True) == counts[-1]
