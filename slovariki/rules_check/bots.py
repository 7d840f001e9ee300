"""Simple players for the simulator, kept out of the rules engine: they only pick among legal moves.

- ``random``: uniformly among the legal moves;
- ``greedy``: transfers when it can, beats with the cheapest card, tosses in when it can (the
  cheapest card), leads its weakest non-trump, takes only when it cannot beat;
- ``mixed``: a careless greedy player, greedy or random by a coin toss at every move.

"Cheapest" means non-trumps before trumps, then fewer stars (a lower rank).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from slovariki.game import Attack, Beat, GameState, Move, Pass, Take, TossIn, Transfer

Strategy = Callable[[GameState, Sequence[Move], random.Random], Move]


def random_move(state: GameState, moves: Sequence[Move], rng: random.Random) -> Move:
    return moves[rng.randrange(len(moves))]


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


def mixed_move(state: GameState, moves: Sequence[Move], rng: random.Random) -> Move:
    return greedy_move(state, moves, rng) if rng.random() < 0.5 else random_move(state, moves, rng)


STRATEGIES: dict[str, Strategy] = {"random": random_move, "greedy": greedy_move, "mixed": mixed_move}
DETERMINISTIC = frozenset({"greedy"})  # the same position always gets the same move
