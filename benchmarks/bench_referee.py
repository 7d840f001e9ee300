"""How fast is `slovariki referee --jsonl`? Ratios against baselines measured in the same run.

- 1,000 recorded games (simulated with random legal moves: «Словарики» and both classic rulesets,
  2–6 players) replayed move by move through one `slovariki referee --jsonl` process: moves per second
  and the per-move latency (write a line, read its answer), median and 99th percentile (goal: p99
  under 5 ms), next to the same round trip through `cat` (the pipes alone).
- Undo late in each of the first 200 games (after its last move but one), next to playing that move
  (its baseline, in the same run): an undo replays the moves since its bout started, not the game.
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
from timing import timed  # noqa: E402


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


def undo_ratios(games: list[list[str]], table_class: type | None = None) -> list[float]:
    """For each game: the time of an undo after its last move but one, over the time of that move
    (the fastest of three of each)."""
    from slovariki.referee.protocol import move_command
    from slovariki.referee.table import Setup, Table

    ratios = []
    for game in games:
        new, *moves = [json.loads(line) for line in game]
        table = (table_class or Table).start(Setup.from_json({key: value for key, value in new.items() if key != "cmd"}))
        for command in moves[:-2]:
            table.play(*move_command(table, command))
        seat, move = move_command(table, moves[-2])
        played, undone = zip(*((timed(table.play, seat, move), timed(table.undo)) for _ in range(3)))
        ratios.append(min(undone) / min(played))
    return ratios


def main() -> None:
    games = games_of_the_run(1000)
    ratios = undo_ratios(games[:200])
    print(f"  undo late in a game: median {statistics.median(ratios):.1f}x, p99 {percentile(ratios, 0.99):.1f}x "
          f"the time of the move it takes back ({statistics.mean(len(g) - 1 for g in games[:200]):.0f} moves a game)")

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
