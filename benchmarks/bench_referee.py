"""How fast is `slovariki referee --jsonl`? Ratios against baselines measured in the same run.

- 1,000 recorded games (simulated with random legal moves: «Словарики» and both classic rulesets,
  2–6 players) replayed move by move through one `slovariki referee --jsonl` process: moves per second
  and the per-move latency (write a line, read its answer), median and 99th percentile (goal: p99
  under 5 ms), next to the same round trip through `cat` (the pipes alone);
- `slovariki referee --help` start-up next to `python -c "import click"` (goal: under 2x).

Run: python benchmarks/bench_referee.py [GAMES]
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time

from timing import startup

from slovariki.game import Game, Pass, Take
from slovariki.wordlist import load_bank

NAMES = ("Аня", "Боря", "Вика", "Гоша", "Даша", "Егор")


def recorded_games(count: int, seed: int = 2024) -> list[list[str]]:
    """Each game as protocol lines: ``new`` and then every move, from a full-information deal; with
    the «пас» of players the referee, who cannot see hands, still asks (R9, D3), as
    tests/referee/games.py does."""
    rng = random.Random(seed)
    games = {"slovariki": Game("slovariki", load_bank(None).deck.cards),
             "podkidnoy": Game("podkidnoy"), "perevodnoy": Game("perevodnoy")}
    out = []
    for number in range(count):
        rules = ("slovariki", "podkidnoy", "perevodnoy")[number % 3]
        players = rng.randint(2, 6 if rules == "slovariki" else 5)
        state = games[rules].deal(players, rng, names=NAMES[:players])
        lines = [json.dumps({"cmd": "new", "players": list(state.names), "trump": str(state.trump),
                             "first": state.names[state.attacker], "rules": rules}, ensure_ascii=False)]
        seen = games[rules].table_play(players, state.trump, state.attacker, state.names)
        while not state.is_over():
            options = [(p, m) for p in range(players) for m in state.legal_moves(p)]
            others = [o for o in options if type(o[1]) is not Take]
            player, move = rng.choice(others if others and rng.random() > 0.15 else options)
            state.apply(player, move)
            seen.apply(player, move)
            lines.append(json.dumps({"player": state.names[player], **move.as_json()}, ensure_ascii=False))
            while not seen.is_over() and (seen.phase, seen.to_move) != (state.phase, state.to_move):
                lines.append(json.dumps({"player": state.names[seen.to_move], "cmd": "pass"}, ensure_ascii=False))
                seen.apply(seen.to_move, Pass())
        out.append(lines)
    return out


def round_trips(command: list[str], games: list[list[str]]) -> tuple[list[float], list[float], int]:
    """Latency of each move line and of each ``new`` line, in seconds; refused answers counted."""
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    moves, news, refused = [], [], 0
    write, flush, read = proc.stdin.write, proc.stdin.flush, proc.stdout.readline
    for game in games:
        for i, line in enumerate(game):
            data = line.encode("utf-8") + b"\n"
            start = time.perf_counter()
            write(data)
            flush()
            answer = read()
            (news if i == 0 else moves).append(time.perf_counter() - start)
            if not answer.startswith(b'{"ok": true') and command[-1] == "--jsonl":
                refused += 1
    proc.stdin.close()
    proc.wait()
    return moves, news, refused


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def games_of_the_run(default: int) -> list[list[str]]:
    """The games to play: as many as the command line says (or ``default``), announced."""
    count = int(sys.argv[1]) if len(sys.argv) > 1 else default
    start = time.perf_counter()
    games = recorded_games(count)
    total = sum(len(g) - 1 for g in games)
    print(f"{count} recorded games, {total} moves (simulated in {time.perf_counter() - start:.1f} s)")
    return games


def main() -> None:
    games = games_of_the_run(1000)

    moves, news, refused = round_trips([sys.executable, "-m", "slovariki", "referee", "--jsonl"], games)
    pipe, _, _ = round_trips(["cat"], games)
    elapsed = sum(moves)
    print(f"  referee --jsonl : {len(moves) / elapsed:8.0f} moves/s; per move median "
          f"{statistics.median(moves) * 1000:.3f} ms, p99 {percentile(moves, 0.99) * 1000:.3f} ms, "
          f"max {max(moves) * 1000:.2f} ms; refused {refused} (should be 0)")
    print(f"  new game        : median {statistics.median(news) * 1000:.3f} ms")
    print(f"  pipes alone (cat): per line median {statistics.median(pipe) * 1000:.3f} ms, "
          f"p99 {percentile(pipe, 0.99) * 1000:.3f} ms; the referee's median is "
          f"{statistics.median(moves) / statistics.median(pipe):.1f}x the pipe's")
    print(f"  p99 goal 5 ms   : p99 is {percentile(moves, 0.99) / 0.005:.2f}x the goal")

    click = startup([sys.executable, "-c", "import click"])
    helps = startup([sys.executable, "-m", "slovariki", "referee", "--help"])
    print(f"start-up: python -c 'import click' {click * 1000:.0f} ms, slovariki referee --help "
          f"{helps * 1000:.0f} ms, ratio {helps / click:.2f}x (goal under 2x)")


if __name__ == "__main__":
    main()
