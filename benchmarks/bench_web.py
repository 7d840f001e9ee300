"""How fast does the table screen answer a move? Next to `referee --jsonl`, measured in the same run.

The same recorded games (simulated with random legal moves: «Словарики» and both classic rulesets,
2–6 players) are played move by move
- through a real `slovariki referee web` (uvicorn, one keep-alive HTTP connection on loopback): each
  answer is the whole table view the page draws, and each move is saved to the session file (fsync)
  before the answer;
- through one `slovariki referee --jsonl` process (pipes, no saving), as in bench_referee.py;
- and, in-process, the session file's save alone after each move (the web screen's answer waits for
  it), next to the way it was saved before session.Writer (the baseline, in the same run), and the
  encoding alone both ways: the disk's fsync is the same for both and varies with the machine's load.
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


def save_times(games: list[list[str]]) -> dict[str, list[float]]:
    """In-process, after each move: the session saved as the web screen and the REPL save it (one
    session.Writer per game: each move encoded once, the C encoder), next to the baseline of how it
    was saved before (the whole game turned into a dict and encoded with indent=1, which the json
    module does in pure Python), alternately, so that both see the same disk; and the encoding alone,
    both ways (no disk: what the change itself saves)."""
    from slovariki.files import atomic
    from slovariki.game import move_from_json
    from slovariki.referee import session
    from slovariki.referee.table import Setup, Table

    def before(table: Table) -> str:
        names = table.names
        moves = [{"player": names[r.player], **r.move.as_json(), **({"with_previous": True} if joined else {})}
                 for r, joined in zip(table.state.log, table.with_previous)]
        data = {"format": session.FORMAT, "version": session.VERSION, "setup": table.setup.as_json(), "moves": moves}
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    times: dict[str, list[float]] = {"save": [], "save before": [], "encode": [], "encode before": []}
    with tempfile.TemporaryDirectory() as folder:
        path, old_path = Path(folder) / "game.json", Path(folder) / "old.json"
        for game in games:
            table = Table.start(Setup.from_json(json.loads(game[0])))
            writer = session.Writer()
            for line in game[1:]:
                command = json.loads(line)
                table.play(table.seat(command["player"]), move_from_json(command, table.card))
                start = time.perf_counter()
                writer.save(table, path)
                times["save"].append(time.perf_counter() - start)
                start = time.perf_counter()
                atomic.write_text(old_path, before(table))
                times["save before"].append(time.perf_counter() - start)
                start = time.perf_counter()
                writer.text(table)  # all encoded already: what a save encodes, no more
                times["encode"].append(time.perf_counter() - start)
                start = time.perf_counter()
                before(table)
                times["encode before"].append(time.perf_counter() - start)
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
    saves = save_times(games)
    for name in ("save", "save before", "encode", "encode before"):
        print(line(f"session {name}", saves[name]) + (" (in-process: the web answer waits for it)" if name == "save" else ""))
    for name in ("save", "encode"):
        print(f"  {name} / before  : median {statistics.median(saves[name]) / statistics.median(saves[name + ' before']):.2f}x, "
              f"p99 {percentile(saves[name], 0.99) / percentile(saves[name + ' before'], 0.99):.2f}x")
    print(f"  new game (web)  : median {statistics.median(web_news) * 1000:.3f} ms")
    print(f"  web / jsonl     : median {statistics.median(web) / statistics.median(jsonl):.1f}x, "
          f"p99 {percentile(web, 0.99) / percentile(jsonl, 0.99):.1f}x "
          "(the web answer carries the whole view and waits for the session file on disk)")
    print(f"  p99 goal 100 ms : web p99 is {percentile(web, 0.99) / 0.1:.3f}x the goal")


if __name__ == "__main__":
    main()
