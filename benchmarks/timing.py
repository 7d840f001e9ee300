"""Timing helpers shared by the benchmark scripts (run them from the repository root)."""

from __future__ import annotations

import gc
import statistics
import subprocess
import time


def timed(function, *args) -> float:
    start = time.perf_counter()
    function(*args)
    return time.perf_counter() - start


def best_of(runs: int, function, *args) -> float:
    """The fastest of ``runs`` calls, with the garbage collector off as in timeit: the run least
    disturbed by the rest of a shared machine."""
    times = []
    for _ in range(runs):
        gc.collect()
        gc.disable()
        try:
            times.append(timed(function, *args))
        finally:
            gc.enable()
    return min(times)


def startup(command: list[str], runs: int = 7) -> float:
    """Median wall time of starting ``command`` (a fresh process each time)."""
    return statistics.median(
        timed(lambda: subprocess.run(command, check=True, capture_output=True)) for _ in range(runs))
