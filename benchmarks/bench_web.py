"""How fast does the table screen answer a move? Next to `referee --jsonl`, measured in the same run.

The same recorded games (simulated with random legal moves: «Словарики» and both classic rulesets,
2–6 players) are played move by move
- through a real `slovariki referee web` (uvicorn, one keep-alive HTTP connection on loopback): each
  answer is the whole table view the page draws, and each move is saved to the session file (fsync)
  before the answer;
- through one `slovariki referee --jsonl` process (pipes, no saving), as in bench_referee.py;
- and, in-process, the session file's save alone after each move (the web screen's answer waits for it).
Per-move latency, median and 99th percentile; the page's goal is what a person notices: p99 well
under 100 ms.

Run: python benchmarks/bench_web.py [GAMES]
"""

from __future__ import annotations

import http.client
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

from bench_referee import games_of_the_run, percentile, round_trips


def web_round_trips(games: list[list[str]]) -> tuple[list[float], list[float], int]:
    """Latency of each move and of each new game through the web screen; refused answers counted."""
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen([sys.executable, "-m", "slovariki", "referee", "web", "--port", "0",
                                   "--session", str(Path(folder) / "game.json")],
                                  stdout=subprocess.PIPE, text=True)
        try:
            url = urlsplit(server.stdout.readline().split(": ", 1)[1].strip())
            connection = http.client.HTTPConnection(url.hostname, url.port)
            moves, news, refused = [], [], 0
            for game in games:
                for i, line in enumerate(game):
                    command = json.loads(line)
                    api = "new" if i == 0 else "move"
                    if api == "new":
                        command = {**command, "force": True}
                    body = json.dumps(command, ensure_ascii=False).encode("utf-8")
                    start = time.perf_counter()
                    connection.request("POST", f"{url.path}api/{api}", body, {"Content-Type": "application/json"})
                    response = connection.getresponse()
                    answer = response.read()
                    (news if i == 0 else moves).append(time.perf_counter() - start)
                    if response.status != 200 or not answer.startswith(b'{"ok": true'):
                        refused += 1
            connection.close()
        finally:
            server.terminate()
            server.wait()
    return moves, news, refused


def save_times(games: list[list[str]]) -> list[float]:
    """In-process, for comparison: how long saving the session file after each move takes (what the
    REPL and the web screen both do, and the JSON-lines referee does not)."""
    from slovariki.game import move_from_json
    from slovariki.referee import session
    from slovariki.referee.table import Setup, Table

    times = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        for game in games:
            table = Table.start(Setup.from_json(json.loads(game[0])))
            for line in game[1:]:
                command = json.loads(line)
                table.play(table.seat(command["player"]), move_from_json(command, table.card))
                start = time.perf_counter()
                session.save(table, path)
                times.append(time.perf_counter() - start)
    return times


def line(name: str, times: list[float]) -> str:
    return (f"  {name:<16}: per move median {statistics.median(times) * 1000:7.3f} ms, "
            f"p99 {percentile(times, 0.99) * 1000:7.3f} ms, max {max(times) * 1000:7.2f} ms")


def main() -> None:
    games = games_of_the_run(60)
    web, web_news, web_refused = web_round_trips(games)
    jsonl, _, jsonl_refused = round_trips([sys.executable, "-m", "slovariki", "referee", "--jsonl"], games)
    print(line("referee web", web) + f"; refused {web_refused} (should be 0)")
    print(line("referee --jsonl", jsonl) + f"; refused {jsonl_refused} (should be 0)")
    print(line("session save", save_times(games)) + " (in-process: the web answer waits for it)")
    print(f"  new game (web)  : median {statistics.median(web_news) * 1000:.3f} ms")
    print(f"  web / jsonl     : median {statistics.median(web) / statistics.median(jsonl):.1f}x, "
          f"p99 {percentile(web, 0.99) / percentile(jsonl, 0.99):.1f}x "
          "(the web answer carries the whole view and waits for the session file on disk)")
    print(f"  p99 goal 100 ms : web p99 is {percentile(web, 0.99) / 0.1:.3f}x the goal")


if __name__ == "__main__":
    main()
