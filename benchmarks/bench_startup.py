"""How fast does `slovariki` start? Ratios against a baseline measured in the same run.

- ``--help`` of the program and of every command and subcommand, each as a fresh process, next to
  ``python -c "import click"`` timed in turn with it (goal: ≤ 1.5x). The time is the processes' CPU
  time (steadier than wall time when others share the cores), and bytecode caches are written as an
  installed package has them (this project's shell sets PYTHONDONTWRITEBYTECODE);
- the import-time table (``python -X importtime``) of the heaviest modules when ``check``,
  ``build-deck`` and ``referee play`` really run on the bundled bank.

Run: python benchmarks/bench_startup.py [runs]
"""

from __future__ import annotations

import subprocess
import sys
import tempfile

import click
from timing import ENV, children_cpu, interleaved

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


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 9
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
    print(f"  the slowest is {worst:.2f}x (goal ≤ 1.5x)")

    with tempfile.TemporaryDirectory() as folder:
        env = {**ENV, "XDG_DATA_HOME": folder, "PYTHONIOENCODING": "utf-8"}
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
