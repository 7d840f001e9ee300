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

Then the same moves under a flood (issue 24 §3): while one connection plays the games, another
process sends about 1,000 other requests a second on 40 connections (the game's state and a hand
asked with the right token, a page file, a wrong address, a malformed request); the moves' latency
is set against the same moves without the flood, in the same run. Goal: the players' moves p99 under
200 ms during the flood.

Run: python benchmarks/bench_web.py [GAMES] [flood]   (flood: only the flood)
"""

from __future__ import annotations

import asyncio
import http.client
import json
import multiprocessing
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

from bench_referee import games_of_the_run, percentile, round_trips


def start_server(folder: str) -> tuple[subprocess.Popen, str, int, str]:
    """`slovariki referee web` on a free port: the process, and the host, port and path of its URL."""
    server = subprocess.Popen([sys.executable, "-m", "slovariki", "referee", "web", "--port", "0",
                               "--session", str(Path(folder) / "game.json")],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = urlsplit(server.stdout.readline().split(": ", 1)[1].strip())
    return server, url.hostname, url.port, url.path


def play_games(host: str, port: int, path: str, games: list[list[str]]) -> tuple[list[float], list[float], int]:
    """Latency of each move and of each new game on one keep-alive connection; refused answers counted."""
    connection = http.client.HTTPConnection(host, port, timeout=60)
    moves, news, refused = [], [], 0
    for game in games:
        for i, line in enumerate(game):
            command = json.loads(line)
            api = "new" if i == 0 else "move"
            if api == "new":
                command = {**command, "force": True}
            body = json.dumps(command, ensure_ascii=False).encode("utf-8")
            start = time.perf_counter()
            connection.request("POST", f"{path}api/{api}", body, {"Content-Type": "application/json"})
            response = connection.getresponse()
            answer = response.read()
            (news if i == 0 else moves).append(time.perf_counter() - start)
            if response.status != 200 or not answer.startswith(b'{"ok": true'):
                refused += 1
    connection.close()
    return moves, news, refused


def web_round_trips(games: list[list[str]]) -> tuple[list[float], list[float], int]:
    """Latency of each move and of each new game through the web screen; refused answers counted."""
    with tempfile.TemporaryDirectory() as folder:
        server, host, port, path = start_server(folder)
        try:
            return play_games(host, port, path, games)
        finally:
            server.terminate()
            server.wait()


# --- following the game from another screen -------------------------------------------------------

def follow_cost(games: list[list[str]], asks: int = 2000) -> dict[str, tuple[list[float], int]]:
    """What a second screen pays to follow the game (issue 21 §2): the page asks every 2 s whether
    the game is still the one it shows (api/state?since=tag) — set against asking the whole state,
    after a game's moves; latency of each ask and the bytes of one answer."""
    with tempfile.TemporaryDirectory() as folder:
        server, host, port, path = start_server(folder)
        try:
            play_games(host, port, path, games[:1])
            connection = http.client.HTTPConnection(host, port, timeout=60)
            connection.request("GET", f"{path}api/state")
            tag = json.loads(connection.getresponse().read())["tag"]
            out = {}
            for name, target in (("same", f"{path}api/state?since={tag}"), ("whole", f"{path}api/state")):
                times = []
                for _ in range(asks):
                    start = time.perf_counter()
                    connection.request("GET", target)
                    body = connection.getresponse().read()
                    times.append(time.perf_counter() - start)
                out[name] = (times, len(body))
            connection.close()
            return out
        finally:
            server.terminate()
            server.wait()


# --- the flood --------------------------------------------------------------------------------------

FLOOD_RATE = 1000  # requests a second, all connections together
FLOOD_CONNECTIONS = 40


def flood_requests(host: str, port: int, path: str) -> list[bytes]:
    """The other requests, in turn: what a busy or broken network sends besides the players' moves."""
    head = f"Host: {host}:{port}\r\n"
    return [f"GET {path}api/state HTTP/1.1\r\n{head}\r\n".encode(),
            f"GET {path}api/hand?player=%D0%90 HTTP/1.1\r\n{head}\r\n".encode(),
            f"GET {path}static/app.js HTTP/1.1\r\n{head}\r\n".encode(),
            f"GET /wrong-token/api/state HTTP/1.1\r\n{head}\r\n".encode(),
            b"NONSENSE\r\n\r\n"]


async def _flood(host: str, port: int, path: str, stop, counts: dict) -> None:  # noqa: ANN001 - an Event
    requests = flood_requests(host, port, path)
    period = FLOOD_CONNECTIONS / FLOOD_RATE

    async def one(number: int) -> None:
        reader = writer = None
        turn = number
        next_at = time.perf_counter() + period * number / FLOOD_CONNECTIONS
        while not stop.is_set():
            await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
            next_at += period
            request = requests[turn % len(requests)]
            turn += 1
            try:
                if writer is None:
                    reader, writer = await asyncio.open_connection(host, port)
                start = time.perf_counter()
                writer.write(request)
                status = await asyncio.wait_for(_response(reader), 30)
                counts["latency"].append(time.perf_counter() - start)
                counts[status] = counts.get(status, 0) + 1
                if request.startswith(b"NONSENSE") or status in (400, 503):
                    writer.close()
                    writer = None
            except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError):
                counts["failed"] = counts.get("failed", 0) + 1
                writer = None
        if writer is not None:
            writer.close()

    await asyncio.gather(*(one(i) for i in range(FLOOD_CONNECTIONS)))


async def _response(reader: asyncio.StreamReader) -> int:
    """Read one whole response; its status."""
    status = int((await reader.readline()).split()[1])
    length = 0
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    await reader.readexactly(length)
    return status


def flood(host: str, port: int, path: str, stop, results) -> None:  # noqa: ANN001 - an Event, a Queue
    """Flood until ``stop`` is set; put the counts (by status, failed, latency, elapsed) on ``results``."""
    counts: dict = {"latency": []}
    start = time.perf_counter()
    asyncio.run(_flood(host, port, path, stop, counts))
    counts["elapsed"] = time.perf_counter() - start
    results.put(counts)


def flood_round_trips(games: list[list[str]]) -> tuple[list[float], list[float], dict]:
    """The games' moves without and then with a flood, on the same server; the flood's own figures."""
    with tempfile.TemporaryDirectory() as folder:
        server, host, port, path = start_server(folder)
        results, stop = multiprocessing.Queue(), multiprocessing.Event()
        flooder = multiprocessing.Process(target=flood, args=(host, port, path, stop, results), daemon=True)
        try:
            quiet, _, _ = play_games(host, port, path, games)
            flooder.start()
            time.sleep(2)  # the flood at full rate before the first move
            start = time.perf_counter()
            flooded, _, refused = play_games(host, port, path, games)
            played = time.perf_counter() - start
            stop.set()
            counts = results.get(timeout=120)
            flooder.join()
        finally:
            stop.set()
            server.terminate()
            _, err = server.communicate()
    counts.update(refused=refused, played=played, log_lines=len(err.splitlines()))
    return quiet, flooded, counts


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
    if "flood" not in sys.argv[2:]:
        quiet_figures(games)
    flood_figures(games[:max(1, len(games) // 3)])


def quiet_figures(games: list[list[str]]) -> None:
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
    follow = follow_cost(games)
    for name, (times, size) in follow.items():
        print(line(f"follow: {name}", times).replace("per move", "per ask") + f"; {size} bytes")
    same, whole = follow["same"], follow["whole"]
    print(f"  same / whole    : median {statistics.median(same[0]) / statistics.median(whole[0]):.2f}x, "
          f"bytes {same[1] / whole[1]:.3f}x; a screen asking every 2 s costs the server "
          f"{statistics.median(same[0]) / 2 * 100:.3f} % of its time")


def flood_figures(games: list[list[str]]) -> None:
    quiet, flooded, counts = flood_round_trips(games)
    statuses = ", ".join(f"{status}: {count}" for status, count in sorted(counts.items(), key=str)
                         if isinstance(status, int) or status == "failed")
    rate = sum(c for k, c in counts.items() if isinstance(k, int)) / counts["elapsed"]
    print(f"flood: {rate:.0f} other requests/s answered on {FLOOD_CONNECTIONS} connections ({statuses}); "
          f"their latency median {statistics.median(counts['latency']) * 1000:.1f} ms, "
          f"p99 {percentile(counts['latency'], 0.99) * 1000:.1f} ms")
    print(line("moves, quiet", quiet))
    print(line("moves, flooded", flooded) + f"; refused {counts['refused']} (should be 0)")
    print(f"  flooded / quiet : median {statistics.median(flooded) / statistics.median(quiet):.1f}x, "
          f"p99 {percentile(flooded, 0.99) / percentile(quiet, 0.99):.1f}x")
    print(f"  p99 goal 200 ms : flooded p99 is {percentile(flooded, 0.99) / 0.2:.3f}x the goal")
    print(f"  the teacher's terminal: {counts['log_lines']} lines for the whole flood")


if __name__ == "__main__":
    main()
