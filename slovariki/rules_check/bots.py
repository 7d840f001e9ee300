"""Simple players for the simulator, kept out of the rules engine: they only pick among legal moves.

- ``random``: uniformly among the legal moves;
- ``greedy``: transfers when it can, beats with the cheapest card, tosses in when it can (the
  cheapest card), leads its weakest non-trump, takes only when it cannot beat;
- ``mixed``: a careless greedy player, greedy or random by a coin toss at every move.

A bot picks the number of its move in ``state.legal_moves(to_move)``, from the number of moves or,
if it ``looks``, from their ``legal_table``: the moves as masks of card numbers, so that no Move
value is built. The random player's move is drawn by the engine itself from its generator's bits
(``looks=UNIFORM``), the number ``rng.randrange`` would give, without a call per move.

"Cheapest" means non-trumps before trumps, then fewer stars (a lower rank); of equals, the first
in the order of ``legal_moves``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache, partial
from typing import Any, NamedTuple

from slovariki.game import Game, GameState
from slovariki.game.state import UNIFORM


class Strategy(NamedTuple):
    """``chooser(state, rng)`` makes the function a bot picks its moves with in one game: given the
    number of legal moves, or their table if it ``looks``, it returns the number of its move (with
    ``looks=UNIFORM`` it is the generator's ``getrandbits``, see ``GameState.step``).
    ``title`` names the bots' play in the report: «боты: случайные ходы»."""

    title: str
    chooser: Callable[[GameState, random.Random], Callable[[Any], int]]
    looks: bool | str = False
    deterministic: bool = False  # the same position always gets the same move


@lru_cache(maxsize=32)
def _by_cost(game: Game, trump: Any) -> tuple[int, ...]:
    """The deck's cards in masks of equal cost when ``trump`` is the trump suit, cheapest first."""
    groups: dict[tuple[bool, int], int] = {}
    for i, card in enumerate(game.cards):
        key = (card.suit == trump, card.rank)
        groups[key] = groups.get(key, 0) | 1 << i
    return tuple(groups[key] for key in sorted(groups))


def _position(mask: int, found: int) -> int:
    """The position of the lowest card of ``found`` among the cards of ``mask``, lowest first."""
    return (mask & ((found & -found) - 1)).bit_count()


def _cheapest(mask: int, by_cost: tuple[int, ...]) -> int:
    """The position of the cheapest card of a non-empty mask among its cards."""
    for equal in by_cost:
        found = mask & equal
        if found:
            return _position(mask, found)
    raise ValueError("an empty mask")


def greedy_index(by_cost: tuple[int, ...], table: tuple) -> int:
    """The greedy move's number in a ``legal_table``: transfer, else beat, else toss in, else lead,
    always with the cheapest card; else take or say «пас» (the last move)."""
    count, _, attacks, beats, transfers, tosses, take, _ = table
    if transfers:  # they come just before take
        return count - 1 - transfers.bit_count() + _cheapest(transfers, by_cost)
    if take:  # the defender: the cheapest card that beats any target, the first target first
        for equal in by_cost:
            before = 0
            for _, mask, n in beats:
                found = mask & equal
                if found:
                    return before + _position(mask, found)
                before += n
        return count - 1
    if attacks:
        return _cheapest(attacks, by_cost)
    return _cheapest(tosses, by_cost) if tosses else count - 1


def _greedy(state: GameState, rng: random.Random) -> Callable[[tuple], int]:
    return partial(greedy_index, _by_cost(state.game, state.trump_suit))


def _mixed(state: GameState, rng: random.Random) -> Callable[[tuple], int]:
    by_cost = _by_cost(state.game, state.trump_suit)
    return lambda table: greedy_index(by_cost, table) if rng.random() < 0.5 else rng.randrange(table[0])


STRATEGIES: dict[str, Strategy] = {
    "random": Strategy("случайные ходы", lambda state, rng: rng.getrandbits, looks=UNIFORM),
    "greedy": Strategy("жадные ходы", _greedy, looks=True, deterministic=True),
    "mixed": Strategy("то жадные, то случайные ходы", _mixed, looks=True),
}
