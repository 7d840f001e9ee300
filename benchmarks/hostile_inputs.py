"""Time and peak memory of each command on the hostile inputs of issue 24 (made here, in a temporary
folder), each a fresh process under a time limit and a 4 GB memory limit.

Run: python benchmarks/hostile_inputs.py [--source CHECKOUT] [--limit SECONDS]
``--source`` runs another checkout's package (an older commit in a git worktree) for a before/after.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

MEMORY = 4 * 1024 ** 3
ODS_HEAD = ('<?xml version="1.0" encoding="UTF-8"?><office:document-content '
            'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
            'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
            'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>'
            '<table:table table:name="1 класс">')
ODS_TAIL = "</table:table></office:spreadsheet></office:body></office:document-content>"


def make(folder: Path) -> dict[str, list[str]]:
    """The inputs, and the command run on each."""
    alias = folder / "alias"
    alias.mkdir()
    value = "а" * 2_000
    lines = ["grade: 1", "words:", "- word: &w сл[о]во", f"  definition: &d {value}", "  stars: 1"]
    lines += ["- word: *w\n  definition: *d\n  stars: 1"] * 20_000  # 765 KB: 40 MB written out
    (alias / "grade1.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    record = folder / "deep.yaml"
    record.write_text("players: [Аня, Боря]\nmoves:\n- " + "[" * 5_000 + "]" * 5_000 + "\n", encoding="utf-8")
    ods = folder / "cells.ods"
    with zipfile.ZipFile(ods, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", ODS_HEAD + "<table:table-row>" + '<table:table-cell office:value-type="string">'
                         "<text:p>x</text:p></table:table-cell>" * 1_000_000 + "</table:table-row>" + ODS_TAIL)
    svg = folder / "svg"
    svg.mkdir()
    (svg / "many.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200">' +
                                  "".join(f'<rect x="{i % 200}" y="{i // 200}" width="1" height="1" fill="#{i % 4096:03x}"/>'
                                          for i in range(36_000)) + "</svg>", encoding="utf-8")
    (svg / "grade1.yaml").write_text("grade: 1\nwords:\n- word: к[о]р+ова\n  stars: 1\n  definition: Животное.\n"
                                     "  picture: many.svg\n", encoding="utf-8")
    size = (alias / "grade1.yaml").stat().st_size // 1024
    return {
        f"check, word file of aliases ({size} KB)": ["check", "--words", str(alias)],
        "export, the same file": ["export", str(folder / "out.csv"), "--words", str(alias)],
        "bitva-par score, 5,000-deep record": ["bitva-par", "score", str(record)],
        f"check, ODS of a million cells ({ods.stat().st_size // 1024} KB)": ["check", "--words", str(ods)],
        "build-deck, SVG of 36,000 rectangles": ["build-deck", "--words", str(svg), "--out", str(folder / "deck"),
                                                 "--force"],
    }


def run(args: list[str], source: Path | None, limit: float, cwd: Path) -> tuple[float, float, str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    if source is not None:
        env["PYTHONPATH"] = str(source)

    def bounded() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "slovariki", *args], env=env, capture_output=True, text=True,
                              timeout=limit, preexec_fn=bounded, cwd=cwd)  # not here: «-m» puts the cwd first
        outcome = f"exit {done.returncode}: " + ((done.stderr or done.stdout).strip().splitlines() or [""])[0][-70:]
        if "Traceback" in done.stderr:
            outcome = "traceback: " + outcome
    except subprocess.TimeoutExpired:
        outcome = f"stopped after {limit:.0f} s"
    spent = time.perf_counter() - start
    return spent, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, outcome


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", type=Path)
    parser.add_argument("--limit", type=float, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        for name, command in make(Path(temp)).items():
            spent, peak, outcome = run(command, args.source, args.limit, Path(temp))
            print(f"{name:48} {spent:7.1f} s  (largest process so far {peak:6.0f} MB)  {outcome}", flush=True)


if __name__ == "__main__":
    main()
