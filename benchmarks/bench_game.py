"""How fast is the rules engine? Figures and ratios against baselines measured in the same run.

- the simulator's cost per move: 4 players, the bundled deck, random bots, one process, next to a
  bare driver loop that makes the same number of random choices without an engine (goal: ≤ 10x);
  the two are timed in turn, best of several rounds, because the machine's cores are shared;
- the referee's path: one ``apply``, ``legal_moves``, ``check`` and ``copy`` while replaying games;
- the whole ``slovariki simulate`` process (1,000 games, the bundled bank) with ``--jobs 1`` and
  with the default jobs (goal: a few seconds on 2 cores);
- the classic 36-card rulesets for comparison;
- the games of bench_startup's ``simulate`` goal alone, in this process: 2,000 games on its 42-card
  deck against ``naive_durak.py``'s ``play`` on the same cards, timed in turn (the engine's own
  ratio; bench_startup adds each side's process start-up), and by ``flat_game.py``, the same games in
  one function: what the engine's structure costs.

Run: python benchmarks/bench_game.py [games] [rounds]
"""

from __future__ import annotations

import functools
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import flat_game
import naive_durak
from bench_startup import deck_of_42
from timing import ENV, children_cpu, interleaved, timed

from slovariki.game import Game
from slovariki.rules_check.simulator import game_rng, play_game
from slovariki.bank.wordlist import load_bank

cpu_time = functools.partial(interleaved, clock=time.process_time)  # steadier on shared cores


def simulated(game: Game, games: int, strategy: str = "random", players: int = 4):
    """A function playing ``games`` games, and the number of moves they take."""
    moves = sum(play_game(game, players, strategy, 1, i).moves for i in range(games))
    return (lambda: [play_game(game, players, strategy, 1, i) for i in range(games)]), moves


def bare_driver(total_moves: int):
    """The floor: a Python loop that picks among ten choices as often as the games moved."""
    def run() -> None:
        rng = random.Random(1)
        choices = list(range(10))
        picked = 0
        for _ in range(total_moves):
            picked += choices[rng.randrange(len(choices))]

    return run


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


def replay(game: Game, records: list, extra):
    """Replays every game through ``apply``, calling ``extra(state, player, move)`` before each move."""
    def run() -> None:
        for seed, moves in records:
            state = game.deal(4, seed=seed)
            for player, move in moves:
                extra(state, player, move)
                state.apply(player, move)

    return run


def simulate_process(jobs: int | None, games: int = 1000):
    """Runs the whole ``slovariki simulate`` command (default options but ``--jobs``), with bytecode
    caches as an installed package has them (this project's shell sets PYTHONDONTWRITEBYTECODE)."""
    command = [sys.executable, "-m", "slovariki", "simulate", "--games", str(games)]
    command += [] if jobs is None else ["--jobs", str(jobs)]
    return lambda: subprocess.run(command, check=True, capture_output=True, env=ENV)


def against_naive_engine(rounds: int, games: int = 2000, players: int = 4) -> None:
    with tempfile.TemporaryDirectory() as folder:
        words, naive = deck_of_42(Path(folder))
        game = Game("slovariki", list(load_bank(words).deck))
        cards = [tuple(card) for card in json.loads(naive.read_text(encoding="utf-8"))]

    def plain() -> None:
        for i in range(games):
            naive_durak.play(cards, players, random.Random(f"1/{i}"))

    def ours() -> None:
        for i in range(games):
            play_game(game, players, "random", 1, i)

    def flat() -> None:
        for i in range(games):
            flat_game.play(game, players, game_rng(1, i))

    for i in range(games):  # the same games, or the flat figure says nothing of the engine
        result = play_game(game, players, "random", 1, i)
        assert flat_game.play(game, players, game_rng(1, i)) == (result.winner, result.moves), i
    naive_time, our_time, flat_time = cpu_time(rounds, plain, ours, flat)
    print(f"simulate's games alone, 42 cards, {games} games, {players} players, random bots, in this process"
          f" (CPU time, best of {rounds}, in turn):")
    print(f"  naive_durak.play {naive_time:6.2f} s   play_game {our_time:6.2f} s   "
          f"{naive_time / our_time:4.2f}x the naive engine's games per second")
    print(f"  the same games played by flat_game.play (one function, state in locals) {flat_time:6.2f} s   "
          f"{naive_time / flat_time:4.2f}x: the engine's structure costs {our_time / flat_time:4.2f}x")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    against_naive_engine(max(3, rounds // 2))
    deck = list(load_bank(None).deck)
    game = Game("slovariki", deck)
    engine, moves = simulated(game, games)
    spent, bare = cpu_time(rounds, engine, bare_driver(moves))
    per_move, bare_move = spent / moves, bare / moves
    print(f"«Словарики», bundled deck ({len(deck)} cards), 4 players, random bots, one process"
          f" (CPU time, best of {rounds}, in turn with the baseline):")
    print(f"  {games / spent:8.0f} games/s  ({moves / games:.0f} moves a game, {per_move * 1e6:.2f} µs a move)")
    print(f"  bare driver loop, same number of random choices: {bare_move * 1e6:.2f} µs a move;"
          f" the simulator costs {spent / bare:.1f}x the bare loop (goal ≤ 10x)")
    greedy, greedy_moves = simulated(game, games // 2, "greedy")
    spent, bare = cpu_time(max(3, rounds // 2), greedy, bare_driver(greedy_moves))
    print(f"  greedy bots: {games // 2 / spent:8.0f} games/s ({greedy_moves / (games // 2):.0f} moves a game,"
          f" {spent / greedy_moves * 1e6:.2f} µs a move, {spent / bare:.1f}x the bare loop)")

    records = recorded_games(game, 20)
    calls = sum(len(moves) for _, moves in records)
    base, legal, check, copy = [t / calls for t in cpu_time(
        max(3, rounds // 2),
        replay(game, records, lambda state, player, move: None),
        replay(game, records, lambda state, player, move: state.legal_moves(player)),
        replay(game, records, lambda state, player, move: state.check(player, move)),
        replay(game, records, lambda state, player, move: state.copy()))]
    print(f"the referee's path (checked moves with events and a log), replaying {calls} moves of 20 games:")
    print(f"  apply {base * 1e6:6.2f} µs   legal_moves {(legal - base) * 1e6:6.2f} µs"
          f"   check {(check - base) * 1e6:6.2f} µs   copy {(copy - base) * 1e6:6.2f} µs (with the whole log)")

    for rules in ("podkidnoy", "perevodnoy"):
        classic, classic_moves = simulated(Game(rules), games)
        spent, bare = cpu_time(max(3, rounds // 2), classic, bare_driver(classic_moves))
        print(f"{rules}, 36 cards, 4 players, random bots: {games / spent:8.0f} games/s"
              f" ({classic_moves / games:.0f} moves a game, {spent / bare:.1f}x the bare loop)")

    simulate_process(1, games=1)()  # writes the bytecode caches
    for jobs in (1, None):
        before = children_cpu()
        wall = timed(simulate_process(jobs))
        cpu = children_cpu() - before
        print(f"slovariki simulate (1,000 games, bundled bank, whole process), {'default jobs' if jobs is None else '--jobs 1'}:"
              f" {wall:.2f} s wall, {cpu:.2f} s CPU, on {os.cpu_count()} shared cores (goal: a few seconds)")

if __name__ == "__main__":
    main()
