"""How fast is the rules engine? Figures and ratios against baselines measured in the same run.

- simulated games per second: 4 players, the bundled deck, random bots, one process (goal: 1,000);
  next to a bare driver loop that makes the same number of random choices without an engine;
- the cost of one ``apply``, ``legal_moves``, ``check`` and ``copy`` while replaying real games;
- ``simulate --jobs 2`` against ``--jobs 1`` on the same games (goal: close to 2x);
- the classic 36-card rulesets for comparison.

Run: python benchmarks/bench_game.py [games]
"""

from __future__ import annotations

import random
import sys

from timing import best_of

from slovariki.game import Game
from slovariki.rules_check.simulator import play_game, simulate
from slovariki.wordlist import load_bank


def games_per_second(game: Game, games: int, strategy: str = "random") -> tuple[float, int]:
    moves = [0]

    def run() -> None:
        moves[0] = sum(play_game(game, 4, strategy, 1, i).moves for i in range(games))

    seconds = best_of(3, run)
    return games / seconds, moves[0]


def bare_driver(total_moves: int) -> float:
    """The floor: a Python loop that picks among ten choices as often as the games moved."""
    rng = random.Random(1)
    choices = list(range(10))

    def run() -> None:
        picked = 0
        for _ in range(total_moves):
            picked += choices[rng.randrange(len(choices))]

    return best_of(3, run)


def recorded_games(game: Game, games: int) -> list:
    """The move lists of random games, to replay them with and without extra calls."""
    records = []
    for i in range(games):
        rng = random.Random(i)
        state = game.deal(4, seed=i)
        while not state.is_over():
            moves = state.legal_moves(state.to_move)
            state.apply(state.to_move, moves[rng.randrange(len(moves))])
        records.append((i, [(r.player, r.move) for r in state.log]))
    return records


def replay(game: Game, records: list, extra) -> float:
    """Seconds to replay every game, calling ``extra(state, player, move)`` before each move."""
    def run() -> None:
        for seed, moves in records:
            state = game.deal(4, seed=seed)
            for player, move in moves:
                extra(state, player, move)
                state.apply(player, move)

    return best_of(3, run)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    deck = list(load_bank(None).deck)
    game = Game("slovariki", deck)
    rate, moves = games_per_second(game, games)
    bare = bare_driver(moves)
    per_move = games / rate / moves
    print(f"«Словарики», bundled deck ({len(deck)} cards), 4 players, random bots, one process:")
    print(f"  {rate:8.0f} games/s  ({moves / games:.0f} moves a game, {per_move * 1e6:.1f} µs a move; goal 1,000 games/s)")
    print(f"  bare driver loop, same number of random choices: {bare / moves * 1e6:.2f} µs a move;"
          f" the engine costs {per_move * moves / bare:.0f}x the bare loop")
    greedy, greedy_moves = games_per_second(game, games, "greedy")
    print(f"  greedy bots: {greedy:8.0f} games/s ({greedy_moves / games:.0f} moves a game)")

    records = recorded_games(game, 20)
    calls = sum(len(moves) for _, moves in records)
    base = replay(game, records, lambda state, player, move: None)
    legal = (replay(game, records, lambda state, player, move: state.legal_moves(player)) - base) / calls
    check = (replay(game, records, lambda state, player, move: state.check(player, move)) - base) / calls
    copy = (replay(game, records, lambda state, player, move: state.copy()) - base) / calls
    print(f"single calls, replaying {calls} moves of 20 games:")
    print(f"  apply {base / calls * 1e6:6.2f} µs   legal_moves {legal * 1e6:6.2f} µs   check {check * 1e6:6.2f} µs"
          f"   copy {copy * 1e6:6.2f} µs (with the whole log)")
    print(f"  legal_moves is {legal / per_move:.2f} of a whole simulated move")

    jobs_games = max(games, 400)
    one = best_of(2, lambda: simulate(deck, jobs_games, 4, seed=1, jobs=1))
    two = best_of(2, lambda: simulate(deck, jobs_games, 4, seed=1, jobs=2))
    print(f"simulate {jobs_games} games: --jobs 1 {jobs_games / one:.0f} games/s, --jobs 2 {jobs_games / two:.0f} games/s,"
          f" speed-up {one / two:.2f}x (goal close to 2x; this machine's cores are shared)")

    for rules in ("podkidnoy", "perevodnoy"):
        classic_rate, classic_moves = games_per_second(Game(rules), games)
        print(f"{rules}, 36 cards, 4 players, random bots: {classic_rate:8.0f} games/s"
              f" ({classic_moves / games:.0f} moves a game)")


if __name__ == "__main__":
    main()
