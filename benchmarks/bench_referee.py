"""How fast is `slovariki referee --jsonl`? Ratios against baselines measured in the same run.

- 1,000 recorded games (simulated with random legal moves: «Словарики» and both classic rulesets,
  2–6 players) replayed move by move through one `slovariki referee --jsonl` process: moves per second
  and the per-move latency (write a line, read its answer), median and 99th percentile (goal: p99
  under 5 ms), next to the same round trip through `cat` (the pipes alone).
Start-up is bench_startup.py's.

Run: python benchmarks/bench_referee.py [GAMES]
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time

from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "referee"))
from games import RULES, play  # noqa: E402


def recorded_games(count: int, seed: int = 2024) -> list[list[str]]:
    """Each game as protocol lines: ``new`` and then every move, with the «пас» the referee, who
    cannot see hands, still asks — the referee tests' simulated games (tests/referee/games.py)."""
    rng = random.Random(seed)
    out = []
    for number in range(count):
        rules = RULES[number % 3]
        played = play(rules, rng.randint(2, 6 if rules == "slovariki" else 5), rng.randrange(1 << 30))
        out.append([json.dumps(line, ensure_ascii=False) for line in (played.new_command, *played.commands())])
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


if __name__ == "__main__":
    main()
