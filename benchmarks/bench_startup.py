"""How fast does `slovariki` start? Ratios against a baseline measured in the same run.

- ``--help`` of the program and of every command and subcommand, each as a fresh process, next to
  ``python -c "import click"`` timed in turn with it (goal: ≤ 1.3x). The time is the processes' CPU
  time (steadier than wall time when others share the cores), and bytecode caches are written as an
  installed package has them (this project's shell sets PYTHONDONTWRITEBYTECODE);
- the short jobs a teacher or a script runs, each a whole process next to ``slovariki --help``:
  ``words``, ``check --no-deck``, ``simulate --games 1``, ``preview``, ``referee --jsonl`` answering one
  line (goal for ``words`` and ``simulate --games 1``: ≤ 1.5x ``--help``), with the word files read
  before (bank.read_cache) as every command after the first, and ``words`` and ``simulate`` also just
  after the bank changed;
- the web pages' start-up, ``referee web`` and ``studio`` until each answers its first page: the CPU
  time of the server's main thread until then (Linux: /proc/…/schedstat), next to ``--help``;
- ``simulate`` on a 42-card deck, 2,000 games, one job, as a whole process, against the same games
  played by ``naive_durak.py``, a plain-Python engine (goal: ≥ 2x its games per second);
- the same goals counted in instructions (valgrind, when installed), the slowest command's ``--help`` too:
  steady where CPU time is not;
- the import-time table (``python -X importtime``) of the heaviest modules when ``check``,
  ``build-deck`` and ``referee play`` really run on the bundled bank.

Run: python benchmarks/bench_startup.py [runs]
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import click
import yaml
from timing import ENV, children_cpu, interleaved, timed

from slovariki.bank.wordlist import bundled_words, load_bank
from slovariki.cli import main as cli

SHOWN = 12  # rows of each import-time table
def command_paths(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command and subcommand, as the words typed after ``slovariki``."""
    paths = []
    for name, command in sorted(group.commands.items()):
        paths.append((*prefix, name))
        if isinstance(command, click.Group):
            paths += command_paths(command, (*prefix, name))
    return paths


def process(*args: str, env: dict = ENV, stdin: str = ""):
    """A function that runs a fresh Python with ``args`` and returns what it wrote to stderr."""
    def run() -> str:
        done = subprocess.run([sys.executable, *args], input=stdin, capture_output=True, text=True,
                              encoding="utf-8", env=env, check=True)
        return done.stderr

    return run


def import_table(stderr: str) -> tuple[float, list[tuple[float, float, str]]]:
    """(the total import time in ms, the heaviest imports as (cumulative ms, own ms, module))."""
    rows = []
    for line in stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        own, cumulative, name = line[len("import time:"):].split("|")
        rows.append((int(cumulative) / 1000, int(own) / 1000, name.rstrip()))
    total = sum(own for _, own, _ in rows)
    return total, sorted(rows, reverse=True)[:SHOWN]


def folder_env(folder: str) -> dict:
    """The environment of a run's commands: the user's data and the word files' cache (bank.read_cache) in
    the run's temporary ``folder``, never the user's own."""
    return {**ENV, "XDG_DATA_HOME": folder, "XDG_CACHE_HOME": f"{folder}/cache", "PYTHONIOENCODING": "utf-8"}


def deck_of_42(folder: Path) -> tuple[Path, Path]:
    """A 42-card word folder cut from the bundled bank (the first cards of each grade, so that every
    colour has each number of stars) and the same cards as the naive engine's JSON."""
    cards, bank = [], load_bank(None).deck
    for grade in (1, 2, 3, 4):
        picked = sorted((c for c in bank.cards if c.grade == grade),
                        key=lambda c: (c.stars, c.word))
        by_stars = {stars: [c for c in picked if c.stars == stars] for stars in (1, 2, 3)}
        take = 11 if grade < 3 else 10
        chosen = [c for row in zip(*by_stars.values()) for c in row][:take]
        cards += chosen
        entries = [{"word": c.markup.render(), "stars": c.stars, "definition": c.definition} for c in chosen]
        text = yaml.safe_dump({"grade": grade, "words": entries}, allow_unicode=True, sort_keys=False)
        (folder / f"grade{grade}.yaml").write_text(text, encoding="utf-8")
    naive = folder / "deck.json"
    naive.write_text(json.dumps([[c.grade, c.stars, "".join(sorted(c.hard_letters))]
                                 for c in cards], ensure_ascii=False), encoding="utf-8")
    return folder, naive


def short_jobs(runs: int, folder: str) -> None:
    cache = f"{folder}/cache"  # the word files' cache (bank.read_cache): warm after a job's first run
    env = folder_env(folder)
    show_help = process("-m", "slovariki", "--help", env=env)
    words = process("-m", "slovariki", "words", "--grades", "1", env=env)
    simulate_one = process("-m", "slovariki", "simulate", "--games", "1", "--jobs", "1", env=env)

    def cold(run):
        """``run`` as the first command after the bank changed: every file read as YAML."""
        return lambda: (shutil.rmtree(cache, ignore_errors=True), run())[1]

    jobs = {
        "words --grades 1": words,
        "words --grades 1 (bank just changed)": cold(words),
        "check --no-deck": process("-m", "slovariki", "check", "--no-deck", env=env),
        "simulate --games 1 --jobs 1": simulate_one,
        "simulate --games 1 (bank just changed)": cold(simulate_one),
        "preview корова --dpi 96": process("-m", "slovariki", "preview", "корова", "--dpi", "96",
                                           "--out", f"{folder}/корова.png", env=env),
        "referee --jsonl (one line)": process("-m", "slovariki", "referee", "--jsonl", env=env,
                                              stdin='{"cmd": "state"}\n'),
    }
    print(f"short jobs, whole processes, CPU time, best of {runs}, each in turn with `slovariki --help`:")
    for name, run in jobs.items():
        run()
        help_time, job_time = interleaved(runs, show_help, run, clock=children_cpu)
        print(f"  slovariki {name:38} {job_time * 1000:6.0f} ms   {job_time / help_time:4.2f}x --help "
              f"({help_time * 1000:.0f} ms)")
    print("  goal: words and simulate --games 1 ≤ 1.5x --help (the bank read before, as every command after the first)")


def instructions(args: list[str], env: dict) -> int:
    """The instructions a fresh ``python *args`` executes, counted by valgrind: unlike CPU time, the same
    on a quiet machine and a busy one (a start-up's time on a shared virtual machine varies by half)."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, *args],
                          capture_output=True, text=True, encoding="utf-8", env=env, check=True)
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1))


def counted_jobs(folder: str) -> None:
    """The short jobs' goals in instructions, when valgrind is installed (Debian: apt-get install valgrind)."""
    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed, not counted")
        return
    env = folder_env(folder)
    jobs = {"words --grades 1": ["words", "--grades", "1"],
            "simulate --games 1 --jobs 1": ["simulate", "--games", "1", "--jobs", "1"]}
    for args in jobs.values():  # the bank read once, as before every command but the first
        subprocess.run([sys.executable, "-m", "slovariki", *args], capture_output=True, env=env, check=True)
    click_count = instructions(["-c", "import click"], env)
    help_count = instructions(["-m", "slovariki", "--help"], env)
    print("instructions (valgrind), fresh processes:")
    print(f"  slovariki {'--help':38} {help_count / 1e6:6.0f} M   {help_count / click_count:4.2f}x import click "
          f"({click_count / 1e6:.0f} M)")
    for name, args in jobs.items():
        count = instructions(["-m", "slovariki", *args], env)
        print(f"  slovariki {name:38} {count / 1e6:6.0f} M   {count / help_count:4.2f}x --help")
    helps = [["-m", "slovariki", *path, "--help"] for path in command_paths(cli)]
    for args in helps:  # the bytecode caches written first
        subprocess.run([sys.executable, *args], capture_output=True, env=env, check=True)
    slowest, args = max((instructions(args, env), args) for args in helps)
    path = args[2:-1]
    print(f"  slovariki {' '.join(path) + ' --help':38} {slowest / 1e6:6.0f} M   {slowest / click_count:4.2f}x import click"
          " (the slowest --help of a command)")


def until_answering(*args: str, env: dict) -> float:
    """CPU seconds a web page's server (``slovariki *args``, announcing «…: URL» on its first line) spends
    in its main thread until it answers the page: the start-up a teacher waits for. Other threads (a
    warm-up started beside the server) are not counted."""
    server = subprocess.Popen([sys.executable, "-m", "slovariki", *args], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, encoding="utf-8", env=env)
    try:
        url = server.stdout.readline().split(": ", 1)[1].strip()
        while True:
            try:
                with urllib.request.urlopen(url, timeout=10) as answer:
                    answer.read()
                break
            except OSError:  # not listening yet: bound, but the server is still starting
                time.sleep(0.005)
        with open(f"/proc/{server.pid}/task/{server.pid}/schedstat", encoding="ascii") as stat:
            return int(stat.read().split()[0]) / 1e9
    finally:
        server.terminate()
        server.wait()


def web_pages(runs: int, folder: str) -> None:
    env = folder_env(folder)
    show_help = process("-m", "slovariki", "--help", env=env)
    pages = {"referee web": ("referee", "web", "--port", "0", "--session", f"{folder}/game.json")}
    if "studio" in cli.commands:
        shutil.copytree(bundled_words(), f"{folder}/words", dirs_exist_ok=True)  # a teacher's own folder
        pages["studio"] = ("studio", "--port", "0", "--no-browser", "--words", f"{folder}/words")
    print(f"web pages until they answer, the server's main thread, CPU time, best of {runs}, "
          "each in turn with `slovariki --help`:")
    for name, args in pages.items():
        until_answering(*args, env=env)
        help_times, page_times = [], []
        for _ in range(runs):
            help_times.append(timed(show_help, clock=children_cpu))
            page_times.append(until_answering(*args, env=env))
        help_time, page_time = min(help_times), min(page_times)
        print(f"  slovariki {name:30} {page_time * 1000:6.0f} ms   {page_time / help_time:4.2f}x --help "
              f"({help_time * 1000:.0f} ms)")


def against_naive_engine(rounds: int, folder: Path, games: int = 2000, players: int = 4) -> None:
    words, naive = deck_of_42(folder)
    ours = process("-m", "slovariki", "simulate", "--words", str(words), "--games", str(games), "--jobs", "1",
                   "--players", str(players), env=folder_env(str(folder)))
    plain = process(str(Path(__file__).with_name("naive_durak.py")), str(naive), str(games), str(players), "1")
    naive_time, our_time = interleaved(rounds, plain, ours, clock=children_cpu)
    print(f"simulate, 42 cards, {games} games, {players} players, one job, whole processes, CPU time, best of {rounds}:")
    print(f"  naive_durak.py {naive_time:6.2f} s ({games / naive_time:6.0f} games/s)")
    print(f"  slovariki      {our_time:6.2f} s ({games / our_time:6.0f} games/s)   "
          f"{naive_time / our_time:4.2f}x the naive engine's games per second (goal ≥ 2x)")


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    with tempfile.TemporaryDirectory() as folder:
        short_jobs(runs, folder)
        counted_jobs(folder)
        web_pages(max(3, runs // 3), folder)
        against_naive_engine(max(3, runs), Path(folder))
    baseline = process("-c", "import click")
    paths = [()] + command_paths(cli)
    print(f"start-up of --help, fresh processes, CPU time, best of {runs}, each in turn with `python -c 'import click'`:")
    worst = 0.0
    for path in paths:
        show_help = process("-m", "slovariki", *path, "--help")
        show_help()  # writes the bytecode caches
        click_time, help_time = interleaved(runs, baseline, show_help, clock=children_cpu)
        worst = max(worst, help_time / click_time)
        print(f"  slovariki {' '.join(path) + ' ' if path else ''}--help {help_time * 1000:6.0f} ms"
              f"   {help_time / click_time:4.2f}x import click ({click_time * 1000:.0f} ms)")
    print(f"  the slowest is {worst:.2f}x (goal ≤ 1.3x)")

    with tempfile.TemporaryDirectory() as folder:
        env = folder_env(folder)
        commands = {
            "check": process("-X", "importtime", "-m", "slovariki", "check", env=env),
            "build-deck": process("-X", "importtime", "-m", "slovariki", "build-deck", "--out", folder, env=env),
            "referee play": process("-X", "importtime", "-m", "slovariki", "referee", "play", "--players", "Аня,Боря",
                                    "--trump", "лопата", "--first", "Аня", env=env, stdin="выход\n"),
        }
        for name, run in commands.items():
            total, rows = import_table(run())
            print(f"slovariki {name}: imports take {total:.0f} ms; the heaviest (cumulative, own):")
            for cumulative, own, module in rows:
                print(f"  {cumulative:7.1f} ms {own:7.1f} ms  {module}")


if __name__ == "__main__":
    main()
