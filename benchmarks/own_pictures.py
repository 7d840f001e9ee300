"""Peak memory of `build-deck` on a bank whose cards show the editor's own large pictures.

Writes a copy of the bundled bank in which the first N cards (default 125) each name their own
distinct 2048×2048 PNG (a gradient with a few shapes: made here, never committed), then runs
`slovariki build-deck` on it in a fresh process and prints its peak resident memory (ru_maxrss)
and time, beside a build of the bundled bank as it is (the same-run baseline).

Run: python benchmarks/own_pictures.py [--count 125] [--side 2048] [--keep FOLDER]
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml
from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).parent))

from timing import ENV  # noqa: E402

from slovariki.bank.wordlist import bundled_words  # noqa: E402


def make_picture(path: Path, side: int, seed: int) -> None:
    """A distinct picture that compresses like a drawing: a gradient and a few coloured shapes."""
    rng = random.Random(seed)
    gradient = Image.linear_gradient("L").resize((side, side)).rotate(rng.randrange(360))
    image = Image.merge("RGB", (gradient, gradient.transpose(Image.Transpose.FLIP_LEFT_RIGHT),
                                Image.new("L", (side, side), rng.randrange(256))))
    draw = ImageDraw.Draw(image)
    for _ in range(12):
        x, y, r = rng.randrange(side), rng.randrange(side), rng.randrange(side // 16, side // 4)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=tuple(rng.randrange(256) for _ in range(3)))
    image.save(path, optimize=False)


def make_bank(folder: Path, count: int, side: int) -> int:
    """The bundled word files with own pictures for the first ``count`` cards; how many got one."""
    (folder / "own").mkdir(parents=True, exist_ok=True)
    given = 0
    for source in sorted(bundled_words().glob("grade*.yaml")):
        data = yaml.safe_load(source.read_text(encoding="utf-8"))
        for entry in data["words"]:
            if given < count:
                make_picture(folder / "own" / f"p{given:03}.png", side, given)
                entry["picture"] = f"own/p{given:03}.png"
                given += 1
        (folder / source.name).write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                                          encoding="utf-8")
    return given


def peak_of_build(words: Path, out: Path) -> tuple[float, float, int, str]:
    """(peak RSS in MB, seconds, exit code, last line of stderr) of a build-deck in a fresh process."""
    start = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    done = subprocess.run([sys.executable, "-m", "slovariki", "build-deck", "--words", str(words), "--out",
                           str(out)], env=ENV, capture_output=True, text=True)
    spent = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if peak <= before:  # ru_maxrss of children is the largest child so far: run the larger build last
        peak = before
    last = (done.stderr.strip().splitlines() or [""])[-1]
    return peak / 1024, spent, done.returncode, last


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=125)
    parser.add_argument("--side", type=int, default=2048)
    parser.add_argument("--keep", type=Path, help="write the bank here and keep it")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        folder = args.keep or Path(temp) / "bank"
        given = make_bank(folder, args.count, args.side)
        baseline = peak_of_build(bundled_words(), Path(temp) / "plain")
        own = peak_of_build(folder, Path(temp) / "own")
    print(f"bundled bank:            peak {baseline[0]:7.0f} MB, {baseline[1]:5.1f} s, exit {baseline[2]}")
    print(f"{given} own {args.side}² PNGs: peak {own[0]:7.0f} MB, {own[1]:5.1f} s, exit {own[2]} {own[3]}")
    print(f"ratio of peaks: {own[0] / baseline[0]:.1f}×")


if __name__ == "__main__":
    main()
