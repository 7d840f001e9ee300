"""Simple players for the simulator, kept out of the rules engine: they only pick among legal moves.

- ``random``: uniformly among the legal moves;
- ``greedy``: transfers when it can, beats with the cheapest card, tosses in when it can (the
  cheapest card), leads its weakest non-trump, takes only when it cannot beat;
- ``mixed``: a careless greedy player, greedy or random by a coin toss at every move.

The simulator asks for the number of the chosen move (``STRATEGIES``): the random player then never
needs the move values at all.

"Cheapest" means non-trumps before trumps, then fewer stars (a lower rank).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from slovariki.game import Attack, Beat, GameState, Move, Pass, Take, TossIn, Transfer

# A strategy picks the number of its move in ``state.legal_moves(player)``, of which there are
# ``count``: the random player never needs the moves themselves (the simulator's fast path).
Strategy = Callable[[GameState, int, int, random.Random], int]


def greedy_move(state: GameState, moves: Sequence[Move], rng: random.Random) -> Move:
    trump = state.trump_suit

    def cost(move: Any) -> tuple[bool, int]:
        return move.card.suit == trump, move.card.rank

    by_kind: dict[type, list[Move]] = {}
    for move in moves:
        by_kind.setdefault(type(move), []).append(move)
    for kind in (Transfer, Beat, TossIn, Attack):
        if kind in by_kind:
            return min(by_kind[kind], key=cost)
    return by_kind[Take][0] if Take in by_kind else by_kind[Pass][0]


def random_index(state: GameState, table: tuple, rng: random.Random) -> int:
    return rng.randrange(table[0])


def greedy_index(state: GameState, table: tuple, rng: random.Random) -> int:
    moves = state.legal_moves(state.to_move)
    return moves.index(greedy_move(state, moves, rng))


def mixed_index(state: GameState, table: tuple, rng: random.Random) -> int:
    return greedy_index(state, table, rng) if rng.random() < 0.5 else rng.randrange(table[0])


STRATEGIES: dict[str, Strategy] = {"random": random_index, "greedy": greedy_index, "mixed": mixed_index}
DETERMINISTIC = frozenset({"greedy"})  # the same position always gets the same move
